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

/// llama.cpp's parameters (common/arg.cpp), in --help order: the cache types right after
/// --ctx-size, as its own help lists them.
inline constexpr engine_flag llama_cpp_flags[] = {
    knob_flag<&engine::llama_cpp, &llama_cpp_knobs::n_ctx>("--ctx-size", "-c, total cells (default: seqs x context)", knob_text::count),
    knob_flag<&engine::llama_cpp, &llama_cpp_knobs::type_k>("--cache-type-k", "f16 | bf16 | f32 | q8_0 | q4_0 (default f16)", knob_text::choice, ggml_cache_type_table.names, "cache type"),
    knob_flag<&engine::llama_cpp, &llama_cpp_knobs::type_v>("--cache-type-v", "f16 | bf16 | f32 | q8_0 | q4_0 (default f16)", knob_text::choice, ggml_cache_type_table.names, "cache type"),
    knob_flag<&engine::llama_cpp, &llama_cpp_knobs::n_seq_max>("--parallel", "-np, sequences (default: --seqs)", knob_text::count32),
    knob_flag<&engine::llama_cpp, &llama_cpp_knobs::n_ubatch>("--ubatch-size", "-ub (default 512)", knob_text::count32),
    knob_flag<&engine::llama_cpp, &llama_cpp_knobs::kv_unified>("--kv-unified", "one KV stream for all sequences", knob_text::on_switch),
    knob_flag<&engine::llama_cpp, &llama_cpp_knobs::swa_full>("--swa-full", "sliding-window layers keep every cell", knob_text::on_switch),
    knob_flag<&engine::llama_cpp, &llama_cpp_knobs::flash_attn>("--flash-attn", "on | off (default on; off adds the attention scores to the compute buffer)", knob_text::on_off),
};

/// llama.cpp as callers see it (engine_rules.hpp). Term sources: ggml-org/llama.cpp at the commit named.
inline constexpr engine_rules llama_cpp_rules{
    .kind = engine_kind::llama_cpp,
    .display_name = "llama.cpp",
    .alias = "llama_cpp",
    .whole_cells = true,
    .dp_replicas = true,
    .memory = [](const engine_inputs& in) {
      return detail::llama_cpp_memory(in.m, in.d, in.s, in.e.llama_cpp, in.fp, in.l, in.seqs, in.context);
    },
    .request_blocks = &detail::llama_cpp_request_blocks,
    // common/arg.cpp: batch sizes and the cell padding are at least 1.
    .check = [](const engine& e) -> engine_finding {
      if (e.llama_cpp.n_ubatch == 0) return {engine_rule::llama_cpp_ubatch_size_must_be_positive, "ubatch_size"};
      if (e.llama_cpp.n_batch == 0) return {engine_rule::llama_cpp_batch_size_must_be_positive, "batch_size"};
      if (e.llama_cpp.n_pad == 0) return {engine_rule::llama_cpp_cell_padding_must_be_positive, "n_pad"};
      return {};
    },
    // One slot: --ctx-size / --parallel cells (llama-context.cpp n_ctx_seq).
    .length = [](const engine& e) -> std::uint64_t {
      if (e.llama_cpp.n_ctx == engine_default) return 0;
      return e.llama_cpp.n_ctx / (e.llama_cpp.n_seq_max == 0 ? 1 : e.llama_cpp.n_seq_max);
    },
    .at_defaults = [](const engine& e) { return e.llama_cpp == llama_cpp_knobs{}; },
    .sources = {"no budget: every buffer allocated whole (cudaMalloc)", "model buffers", "compute buffer: one ubatch",
                "logits [n_ubatch, vocab] f32", "-", "-", "llama-kv-cache.cpp @3514e9f: cells x row bytes x streams"},
    .flags = llama_cpp_flags};

}  // namespace headroom::engines
