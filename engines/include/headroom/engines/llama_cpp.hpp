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
#include <headroom/detail/engine_llama_cpp.hpp>
#include <headroom/engine_rules.hpp>

namespace headroom::engines {

inline constexpr engine llama_cpp{.kind = engine_kind::llama_cpp};

namespace detail {
// The rules below, as named functions (cheaper to compile than closures).
constexpr engine_memory llama_cpp_memory_rule(const engine_inputs& in) {
  return headroom::detail::llama_cpp_memory(in.m, in.d, in.s, in.e.llama_cpp, in.fp, in.l, in.seqs, in.context);
}

constexpr engine_finding llama_cpp_check_rule(const engine& e) {
  if (e.llama_cpp.n_ubatch == 0) return {engine_rule::llama_cpp_ubatch_size_must_be_positive, "ubatch_size"};
  if (e.llama_cpp.n_batch == 0) return {engine_rule::llama_cpp_batch_size_must_be_positive, "batch_size"};
  if (e.llama_cpp.n_pad == 0) return {engine_rule::llama_cpp_cell_padding_must_be_positive, "n_pad"};
  return {};
}

// A slot's cells, padded as llama.cpp pads them: the length a sequence can reach.
constexpr std::uint64_t llama_cpp_length_rule(const engine& e) {
  if (e.llama_cpp.n_ctx == engine_default) return 0;
  return headroom::detail::llama_cpp_cells_of(e.llama_cpp, e.llama_cpp.n_ctx, e.llama_cpp.n_seq_max == 0 ? 1 : e.llama_cpp.n_seq_max)
      .n_ctx_seq;
}

constexpr bool llama_cpp_at_defaults_rule(const engine& e) { return e.llama_cpp == llama_cpp_knobs{}; }
}  // namespace detail

/// llama.cpp as callers see it (engine_rules.hpp). Term sources: ggml-org/llama.cpp at the commit named.
inline constexpr engine_rules llama_cpp_rules{
    .kind = engine_kind::llama_cpp,
    .display_name = "llama.cpp",
    .alias = "llama_cpp",
    .whole_cells = true,
    .dp_replicas = true,
    .memory = &detail::llama_cpp_memory_rule,
    .request_blocks = &headroom::detail::llama_cpp_request_blocks,
    // common/arg.cpp: batch sizes and the cell padding are at least 1.
    .check = &detail::llama_cpp_check_rule,
    // One slot: --ctx-size / --parallel cells (llama-context.cpp n_ctx_seq).
    .length = &detail::llama_cpp_length_rule,
    .at_defaults = &detail::llama_cpp_at_defaults_rule};

}  // namespace headroom::engines
