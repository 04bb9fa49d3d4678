// SPDX-License-Identifier: MIT
// headroom: vLLM (V1 engine) profiles. The knobs and their defaults are vllm_knobs'
// (include/headroom/engine.hpp); the memory rule is docs/engines.md, "vLLM".
//
// Defaults (vllm/config/cache.py @002f10e5cfa1373a19a0d2756598a34b700d20e5,
// vllm/engine/arg_utils.py @99d7eb5d6a512cfcc5a2b104f24ebf2d6cda772b):
//   gpu_memory_utilization 0.92 (0.90 before v0.21.0, vllm-project/vllm PR #38284)
//   block_size 16; kv_cache_dtype "auto"; kv_cache_memory_bytes unset; enforce_eager off;
//   cudagraph_mode FULL_AND_PIECEWISE (vllm/config/compilation.py @002284db4c87420647c6bc2cafe923942bcea307)
//   max_num_batched_tokens / max_num_seqs: 8192 / 1024 (`vllm serve` on a device with >= 70 GiB
//   that is not an A100), else 2048 / 256
//   VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1 since v0.21.0 (PR #38284): CUDA-graph memory is
//   taken off the KV budget
// DeepSeek-V4's compressor states: one sliding-window spec per compressor (block 4 / 8 slots,
// 576 B-aligned pages), charged per request (vllm/model_executor/layers/deepseek_compressor.py
// @0de10a276eced6036e9752a223cba53c996d31cd; docs/engines.md, "vLLM").
#pragma once

#include <headroom/engine.hpp>
#include <headroom/detail/engine_vllm.hpp>
#include <headroom/engine_rules.hpp>
#include <headroom/engines/knobs/in_range.hpp>

namespace headroom::engines {

/// vLLM as released today (v0.21 and later), every default.
inline constexpr engine vllm{.kind = engine_kind::vllm};

/// vLLM up to v0.20: utilization 0.90 and no CUDA-graph term in the KV budget (the graphs were
/// captured after the KV cache and had to fit in the remaining 10 %).
inline constexpr engine vllm_0_20{.kind = engine_kind::vllm,
                                  .vllm = {.gpu_memory_utilization = {900000}, .cudagraph_memory_profiling = false}};

namespace detail {
// The rules below, as named functions (cheaper to compile than closures).
constexpr engine_memory vllm_memory_rule(const engine_inputs& in) {
  return headroom::detail::vllm_memory(in.m, in.d, in.e.vllm, in.p, in.fp, in.l, in.context, in.s.speculative);
}

constexpr engine_finding vllm_check_rule(const engine& e) {
  if (!headroom::detail::knob_in_0_to_1(e.vllm.gpu_memory_utilization))
    return {engine_rule::vllm_gpu_memory_utilization_must_be_in_0_to_1, "gpu_memory_utilization"};
  if (e.vllm.block_size == 0) return {engine_rule::vllm_block_size_must_be_positive, "block_size"};
  return {};
}

constexpr std::uint64_t* vllm_speculative_tokens_rule(engine& e) { return &e.vllm.num_speculative_tokens; }

constexpr std::uint64_t vllm_length_rule(const engine& e) { return e.vllm.max_model_len; }

constexpr bool vllm_at_defaults_rule(const engine& e) { return e.vllm == vllm_knobs{}; }
}  // namespace detail

/// vLLM as callers see it (engine_rules.hpp). Term sources: vllm-project/vllm at the commits named.
inline constexpr engine_rules vllm_rules{
    .kind = engine_kind::vllm,
    .display_name = "vLLM",
    .reads_config_kv_dtype = true,
    .reads_config_state_dtype = true,  // --mamba-ssm-cache-dtype auto: the config's mamba_ssm_dtype
    .auto_state = state_dtype::bf16,
    .serving_time = true,
    // GPUs: NVIDIA CUDA, AMD ROCm, Intel XPU; Google TPU and Intel Gaudi by their hardware plugins
    // (vllm-project/vllm docs/getting_started/installation/README.md). Apple silicon: CPU only,
    // its GPU through a community MLX plugin (vLLM-Metal) with none of these rules.
    .vendors = "NVIDIA, AMD, Intel, Google",
    .auto_fit_length = true,  // --max-model-len auto
    .memory = &detail::vllm_memory_rule,
    .request_blocks = &headroom::detail::vllm_request_blocks,
    .null_block = true,  // vllm/v1/core/block_pool.py reserves block 0
    // vllm/config/cache.py: 0 < gpu_memory_utilization <= 1; block_size >= 1.
    .check = &detail::vllm_check_rule,
    .speculative_tokens = &detail::vllm_speculative_tokens_rule,  // --num-speculative-tokens
    .length = &detail::vllm_length_rule,  // --max-model-len
    .at_defaults = &detail::vllm_at_defaults_rule};

}  // namespace headroom::engines
