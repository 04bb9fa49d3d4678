// SPDX-License-Identifier: MIT
// headroom: llama.cpp's flags as data (engine_flag.hpp), beside its knobs: the CLI declares, parses,
// refuses under another engine and writes back each from these rows. Kept apart from the rules
// (engines/llama_cpp.hpp) so a build that only checks a deployment does not compile them.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <string_view>

#include <headroom/engine.hpp>
#include <headroom/engine_flag.hpp>
#include <headroom/engine_rules.hpp>

namespace headroom::engines {

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


/// Where each of its memory terms comes from in its own source (reports print them).
inline constexpr engine_term_sources llama_cpp_term_sources{
    "no budget: every buffer allocated whole (cudaMalloc)", "model buffers", "compute buffer: one ubatch",
    "logits [n_ubatch, vocab] f32", "-", "-", "llama-kv-cache.cpp @3514e9f: cells x row bytes x streams"};

}  // namespace headroom::engines
