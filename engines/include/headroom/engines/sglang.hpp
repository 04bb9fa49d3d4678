// SPDX-License-Identifier: MIT
// headroom: the SGLang profile. Knobs: sglang_knobs (include/headroom/engine.hpp); rule:
// docs/engines.md, "SGLang".
//
// Defaults (python/sglang/srt/server_args.py): mem_fraction_static from the engine's heuristic
// (_handle_gpu_memory_settings: reserved MiB by device memory, chunked_prefill_size and
// cuda_graph_max_bs, rounded to 3 decimals; lowered for a multimodal checkpoint by its vision
// tower); page_size 1; swa_full_tokens_ratio 0.8; mamba_full_memory_ratio 0.9; the radix cache on,
// Mamba strategy no_buffer; max_running_requests min(clamp(tokens / context x 512, 2048, 4096),
// tokens / 2), 48 when speculative; 4 draft tokens. DeepSeek-V4's model override: page_size 256
// whatever --page-size, swa_full_tokens_ratio 0.1 when unset
// (python/sglang/srt/arg_groups/model_overrides/deepseek_v4.py @01a4a991568f810ca3a10984e2881e136212c916)
// (python/sglang/srt/mem_cache/kv_cache_configurator.py @003fca8027387a3d6565b2c08e497e3020ac6211).
// DeepSeek-V4 (supported: DSV4PoolConfigurator, python/sglang/srt/model_executor/
// pool_configurator.py @003fca8027387a3d6565b2c08e497e3020ac6211): its compressor states in rings,
// ratio 4 per SWA page priced per token, ratio 128 per request slot carved first
// (docs/engines.md, "SGLang").
#pragma once

#include <headroom/engine.hpp>
#include <headroom/detail/engine_sglang.hpp>
#include <headroom/engine_rules.hpp>
#include <headroom/engines/knobs/in_range.hpp>

namespace headroom::engines {

inline constexpr engine sglang{.kind = engine_kind::sglang};

namespace detail {
// The rules below, as named functions (cheaper to compile than closures).
constexpr engine_memory sglang_memory_rule(const engine_inputs& in) {
  return headroom::detail::sglang_memory(in.m, in.d, in.e.sglang, in.p, in.fp, in.l, in.context, in.s.speculative);
}

constexpr engine_finding sglang_check_rule(const engine& e) {
  if (e.sglang.mem_fraction_static.millionths > headroom::detail::knob_one)
    return {engine_rule::sglang_mem_fraction_static_must_be_at_most_1, "mem_fraction_static"};
  if (e.sglang.page_size == 0) return {engine_rule::sglang_page_size_must_be_positive, "page_size"};
  // server_args.py: assert self.moe_dense_tp_size in {1, None}.
  if (e.sglang.moe_dense_tp_size != engine_default && e.sglang.moe_dense_tp_size != 1)
    return {engine_rule::sglang_moe_dense_tp_size_must_be_1, "moe_dense_tp_size"};
  if (e.sglang.swa_full_tokens_ratio.millionths > headroom::detail::knob_one)
    return {engine_rule::sglang_swa_full_tokens_ratio_must_be_in_0_to_1, "swa_full_tokens_ratio"};
  if (!headroom::detail::knob_in_0_to_1(e.sglang.mamba_full_memory_ratio))
    return {engine_rule::sglang_mamba_full_memory_ratio_must_be_in_0_to_1, "mamba_full_memory_ratio"};
  return {};
}

constexpr std::uint64_t sglang_length_rule(const engine& e) { return e.sglang.context_length; }

constexpr bool sglang_at_defaults_rule(const engine& e) { return e.sglang == sglang_knobs{}; }

// --moe-dense-tp-size 1: "TP size for MoE dense MLP layers" (server_args.py); under DP
// attention, whose attention TP group is one rank, the dense MLPs then run on each rank's own
// tokens (layers/dp_attention.py), as do the shared experts (replicated under DeepEP, the
// a2a backend the recipes that set it run) and, with --enable-dp-lm-head, the LM head.
constexpr bool sglang_attention_dp_dense_dp_rule(const engine& e) { return e.sglang.moe_dense_tp_size == 1; }
}  // namespace detail

/// SGLang as callers see it (engine_rules.hpp). Term sources: sgl-project/sglang at the commits named.
inline constexpr engine_rules sglang_rules{
    .kind = engine_kind::sglang,
    .display_name = "SGLang",
    .dp_replicas = true,  // --dp-size without DP attention: one tp group per replica
    .reads_config_kv_dtype = true,
    .serving_time = true,
    // CUDA and ROCm GPUs (sgl-project/sglang README.md, "NVIDIA GPUs ..., AMD GPUs (MI355/MI300)");
    // its TPU support is a separate JAX engine (sgl-project/sglang-jax) with rules of its own.
    .vendors = "NVIDIA, AMD",
    .memory = &detail::sglang_memory_rule,
    .request_blocks = &headroom::detail::sglang_request_blocks,
    // python/sglang/srt/server_args.py's checks; a fraction of 0 is the engine's own default.
    .check = &detail::sglang_check_rule,
    .length = &detail::sglang_length_rule,  // --context-length
    .at_defaults = &detail::sglang_at_defaults_rule,
    .attention_dp_dense_dp = &detail::sglang_attention_dp_dense_dp_rule};

}  // namespace headroom::engines
