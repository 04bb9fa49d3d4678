// SPDX-License-Identifier: MIT
// headroom: vLLM's flags as data (engine_flag.hpp), beside its knobs: the CLI declares, parses,
// refuses under another engine and writes back each from these rows. Kept apart from the rules
// (engines/vllm.hpp) so a build that only checks a deployment does not compile them.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <string_view>

#include <headroom/engine.hpp>
#include <headroom/engine_flag.hpp>
#include <headroom/engine_rules.hpp>

namespace headroom::engines {

/// vLLM's flags (vllm/engine/arg_utils.py), in --help order; --kv-cache-dtype last, as the three
/// engines that spell it alike share it.
inline constexpr engine_flag vllm_flags[] = {
    knob_flag<&engine::vllm, &vllm_knobs::gpu_memory_utilization>("--gpu-memory-utilization", "fraction of total memory (default 0.92)", knob_text::fraction),
    knob_flag<&engine::vllm, &vllm_knobs::max_model_len>("--max-model-len", "longest request (default: --context); 32k = 32000, 32K = 32768", knob_text::count),
    knob_flag<&engine::vllm, &vllm_knobs::max_num_seqs>("--max-num-seqs", "scheduler cap (default 1024 on >= 70 GiB non-A100 devices, else 256)", knob_text::count),
    knob_flag<&engine::vllm, &vllm_knobs::max_num_batched_tokens>("--max-num-batched-tokens", "tokens per step (default 8192 / 2048, as max-num-seqs)", knob_text::count),
    knob_flag<&engine::vllm, &vllm_knobs::block_size>("--block-size", "tokens per KV block (default 16; raised for hybrids, 64 for MLA)", knob_text::count32),
    knob_flag<&engine::vllm, &vllm_knobs::kv_cache_memory_bytes>("--kv-cache-memory-bytes", "KV pool size, e.g. 20GiB (utilization then ignored)", knob_text::bytes),
    knob_flag<&engine::vllm, &vllm_knobs::enforce_eager>("--enforce-eager", "no CUDA graphs", knob_text::on_switch),
    knob_flag<&engine::vllm, &vllm_knobs::cudagraph_mode>("--cudagraph-mode", "FULL_AND_PIECEWISE (default) | PIECEWISE | FULL | FULL_DECODE_ONLY | NONE (-O.cudagraph_mode)", knob_text::choice_any_case, vllm_cudagraph_mode_table.names, "CUDA-graph mode"),
    knob_flag<&engine::vllm, &vllm_knobs::num_speculative_tokens>("--num-speculative-tokens", "tokens the MTP head drafts a step under --speculative (--speculative-config's; default: its layers)", knob_text::count),
    knob_flag<&engine::vllm, &vllm_knobs::mxfp4_use_marlin>("--mxfp4-use-marlin", "VLLM_MXFP4_USE_MARLIN=1: MXFP4 MoE experts on Marlin (every GPU), its kernel and weight padding", knob_text::on_switch),
    knob_flag<&engine::vllm, &vllm_knobs::max_cudagraph_capture_size>("--max-cudagraph-capture-size", "largest pass with a CUDA graph, in tokens (default min(2 x max-num-seqs x (1 + drafted tokens), 512)); above, eager", knob_text::count),
    knob_flag<&engine::vllm, &vllm_knobs::no_enable_prefix_caching>("--no-enable-prefix-caching", "no prefix cache: a cached --prefix is refused (serve, sla)", knob_text::on_switch),
    knob_flag<&engine::vllm, &vllm_knobs::no_async_scheduling>("--no-async-scheduling", "each step planned after the last, not one ahead (serve, sla)", knob_text::on_switch),
    kv_cache_dtype_flag,
};


/// Where each of its memory terms comes from in its own source (reports print them).
inline constexpr engine_term_sources vllm_term_sources{
    "vllm/v1/worker/gpu_worker.py @35d5cda (requested_memory = total x gpu_memory_utilization)",
    "model_runner.model_memory_usage (weights as loaded; MXFP4 MoE padded by the kernel vLLM picks, fused_moe/oracle/mxfp4.py)",
    "profile_run: _dummy_run(max_num_batched_tokens), torch peak increase",
    "_dummy_sampler_run on min(max_num_seqs, max_num_batched_tokens) requests, fp32 [num_reqs, vocab]",
    "profile_cudagraph_memory (VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1 since v0.21.0, PR #38284)",
    "mem_utils.py @a6d5c39 non_torch_increase",
    "kv_cache_utils.py @001cabc get_num_blocks: available // page // group size"};

}  // namespace headroom::engines
