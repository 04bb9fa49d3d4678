// SPDX-License-Identifier: MIT
// headroom: TensorRT-LLM's flags as data (engine_flag.hpp), beside its knobs: the CLI declares, parses,
// refuses under another engine and writes back each from these rows. Kept apart from the rules
// (engines/trtllm.hpp) so a build that only checks a deployment does not compile them.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <string_view>

#include <headroom/engine.hpp>
#include <headroom/engine_flag.hpp>
#include <headroom/engine_rules.hpp>

namespace headroom::engines {

/// TensorRT-LLM's options (tensorrt_llm/llmapi/llm_args.py) as flags, in --help order.
inline constexpr engine_flag trtllm_flags[] = {
    kv_cache_dtype_flag,
    knob_flag<&engine::trtllm, &trtllm_knobs::free_gpu_memory_fraction>("--free-gpu-memory-fraction", "fraction of free memory after the profile (default 0.9)", knob_text::fraction),
    knob_flag<&engine::trtllm, &trtllm_knobs::tokens_per_block>("--tokens-per-block", "tokens per KV block (default 32)", knob_text::count32),
    knob_flag<&engine::trtllm, &trtllm_knobs::max_num_tokens>("--max-num-tokens", "tokens per step (default 8192)", knob_text::count),
    knob_flag<&engine::trtllm, &trtllm_knobs::max_batch_size>("--max-batch-size", "scheduler cap (default 2048)", knob_text::count),
    knob_flag<&engine::trtllm, &trtllm_knobs::max_seq_len>("--max-seq-len", "longest request (default: --context)", knob_text::count),
    knob_flag<&engine::trtllm, &trtllm_knobs::max_tokens>("--max-tokens", "kv_cache_config.max_tokens (the smaller of it and the fraction wins)", knob_text::count),
    knob_flag<&engine::trtllm, &trtllm_knobs::disable_overlap_scheduler>("--disable-overlap-scheduler", "disable_overlap_scheduler: each iteration scheduled after the last, not one ahead (serve, sla)", knob_text::on_switch),
};


/// Where each of its memory terms comes from in its own source (reports print them).
inline constexpr engine_term_sources trtllm_term_sources{
    "_torch/pyexecutor/_util.py @d8ae02c _cal_max_tokens: (total - peak) x free_gpu_memory_fraction",
    "weights after loading", "estimation run of max_num_tokens", "-", "in extra_cost (non-torch)",
    "extra_cost = used - torch allocated", "resource_manager.py @d2a5560: blocks = ceil(max_tokens / tokens_per_block)"};

}  // namespace headroom::engines
