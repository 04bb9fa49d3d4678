// SPDX-License-Identifier: MIT
// headroom: the TensorRT-LLM (LLM API, PyTorch backend) profile. Knobs: trtllm_knobs
// (include/headroom/engine.hpp); rule: docs/engines.md, "TensorRT-LLM".
//
// Defaults (tensorrt_llm/llmapi/llm_args.py, KvCacheConfig and the LLM arguments):
// free_gpu_memory_fraction 0.9, tokens_per_block 32, max_tokens unset, max_num_tokens 8192,
// max_batch_size 2048.
#pragma once

#include <headroom/engine.hpp>
#include <headroom/detail/engine_trtllm.hpp>
#include <headroom/engine_rules.hpp>
#include <headroom/engines/knobs/in_range.hpp>

namespace headroom::engines {

inline constexpr engine trtllm{.kind = engine_kind::trtllm};

namespace detail {
// The rules below, as named functions (cheaper to compile than closures).
constexpr engine_memory trtllm_memory_rule(const engine_inputs& in) { return headroom::detail::trtllm_memory(in.m, in.d, in.e.trtllm, in.fp, in.l, in.context); }

constexpr engine_finding trtllm_check_rule(const engine& e) {
  if (!headroom::detail::knob_in_0_to_1(e.trtllm.free_gpu_memory_fraction))
    return {engine_rule::trtllm_free_gpu_memory_fraction_must_be_in_0_to_1, "free_gpu_memory_fraction"};
  if (e.trtllm.tokens_per_block == 0) return {engine_rule::trtllm_tokens_per_block_must_be_positive, "tokens_per_block"};
  if (e.trtllm.max_num_tokens == 0) return {engine_rule::trtllm_max_num_tokens_must_be_positive, "max_num_tokens"};
  if (e.trtllm.max_batch_size == 0) return {engine_rule::trtllm_max_batch_size_must_be_positive, "max_batch_size"};
  return {};
}

constexpr std::uint64_t trtllm_length_rule(const engine& e) { return e.trtllm.max_seq_len; }

constexpr bool trtllm_at_defaults_rule(const engine& e) { return e.trtllm == trtllm_knobs{}; }

constexpr bool trtllm_attention_dp_dense_dp_rule(const engine&) { return true; }
}  // namespace detail

/// TensorRT-LLM as callers see it (engine_rules.hpp). Term sources: NVIDIA/TensorRT-LLM at the commits named.
inline constexpr engine_rules trtllm_rules{
    .kind = engine_kind::trtllm,
    .display_name = "TensorRT-LLM",
    .alias = "tensorrt-llm",
    .dp_replicas = true,
    .reads_config_kv_dtype = true,
    .serving_time = true,
    // "TensorRT LLM ... optimizing LLM inference on NVIDIA GPUs" (NVIDIA/TensorRT-LLM README.md).
    .vendors = "NVIDIA",
    .memory = &detail::trtllm_memory_rule,
    .request_blocks = &headroom::detail::trtllm_request_blocks,
    // tensorrt_llm/llmapi/llm_args.py's validators.
    .check = &detail::trtllm_check_rule,
    .length = &detail::trtllm_length_rule,  // max_seq_len
    .at_defaults = &detail::trtllm_at_defaults_rule,
    // Under attention DP "the MLP also uses DP instead of TP" and "the shared experts also use DP
    // instead of TP" (tensorrt_llm/_torch/models/modeling_deepseekv3.py, _compute_mlp_tp_size and
    // _compute_shared_expert_tp_size: 1 when enable_attention_dp); the LM head stays whole unless
    // enable_lm_head_tp_in_adp (default off, llm_args.py).
    .attention_dp_dense_dp = &detail::trtllm_attention_dp_dense_dp_rule};

}  // namespace headroom::engines
