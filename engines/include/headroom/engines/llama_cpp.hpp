// SPDX-License-Identifier: MIT
// headroom: the llama.cpp profile (llama-server / llama-cli). Knobs: llama_cpp_knobs
// (include/headroom/engine.hpp); rule: docs/engines.md, "llama.cpp".
//
// Defaults (common/arg.cpp, src/llama-context.cpp): n_ubatch 512, n_batch 2048, cache types f16,
// per-sequence KV streams (no --kv-unified), sliding-window layers keep their window (no
// --swa-full), cells padded to 256 (PR #17046), flash attention on. n_ctx and n_seq_max default
// to the deployment's seqs x context and seqs.
#pragma once

#include <headroom/engine.hpp>

namespace headroom::engines {

inline constexpr engine llama_cpp{.kind = engine_kind::llama_cpp};

}  // namespace headroom::engines
