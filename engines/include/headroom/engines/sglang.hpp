// SPDX-License-Identifier: MIT
// headroom: the SGLang profile. Knobs: sglang_knobs (include/headroom/engine.hpp); rule:
// docs/engines.md, "SGLang".
//
// Defaults (python/sglang/srt/server_args.py): mem_fraction_static from the engine's heuristic
// (_handle_gpu_memory_settings: reserved MiB by device memory, chunked_prefill_size and
// cuda_graph_max_bs, rounded to 3 decimals); page_size 1; swa_full_tokens_ratio 0.8;
// mamba_full_memory_ratio 0.9; max_running_requests min(max(tokens / context x 512, 2048), 4096)
// (python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py
// @226149ac457bd1a1b5d450f55c01f72f604320d6).
// DeepSeek-V4 (supported: DSV4PoolConfigurator, python/sglang/srt/model_executor/
// pool_configurator.py @003fca8027387a3d6565b2c08e497e3020ac6211): its compressor states in rings,
// ratio 4 per SWA page priced per token, ratio 128 per request slot carved first
// (docs/engines.md, "SGLang").
#pragma once

#include <headroom/engine.hpp>

namespace headroom::engines {

inline constexpr engine sglang{.kind = engine_kind::sglang};

}  // namespace headroom::engines
