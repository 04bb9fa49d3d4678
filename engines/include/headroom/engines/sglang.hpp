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

/// SGLang's flags (python/sglang/srt/server_args.py), in --help order.
inline constexpr std::string_view sglang_mamba_strategies[] = {"no_buffer", "extra_buffer"};
inline constexpr engine_flag sglang_flags[] = {
    kv_cache_dtype_flag,
    knob_flag<&engine::sglang, &sglang_knobs::mem_fraction_static>("--mem-fraction-static", "fraction of free memory (default: SGLang's heuristic)", knob_text::fraction),
    knob_flag<&engine::sglang, &sglang_knobs::page_size>("--page-size", "tokens per page (default 1)", knob_text::count32),
    knob_flag<&engine::sglang, &sglang_knobs::chunked_prefill_size>("--chunked-prefill-size", "prefill chunk (default: by device memory)", knob_text::count),
    knob_flag<&engine::sglang, &sglang_knobs::max_running_requests>("--max-running-requests", "scheduler cap", knob_text::count),
    knob_flag<&engine::sglang, &sglang_knobs::cuda_graph_max_bs>("--cuda-graph-max-bs", "largest CUDA-graph batch", knob_text::count),
    knob_flag<&engine::sglang, &sglang_knobs::context_length>("--context-length", "longest request (default: --context)", knob_text::count),
    knob_flag<&engine::sglang, &sglang_knobs::max_mamba_cache_size>("--max-mamba-cache-size", "Mamba / GDN state slots (default: by --mamba-full-memory-ratio 0.9)", knob_text::count),
    knob_flag<&engine::sglang, &sglang_knobs::disable_radix_cache>("--disable-radix-cache", "no prefix cache: a hybrid holds one state slot per running request", knob_text::on_switch),
    knob_flag<&engine::sglang, &sglang_knobs::mamba_extra_buffer>("--mamba-scheduler-strategy", "no_buffer | extra_buffer (2 more state slots per request; default no_buffer)", knob_text::choice, sglang_mamba_strategies),
    knob_flag<&engine::sglang, &sglang_knobs::speculative_num_draft_tokens>("--speculative-num-draft-tokens", "draft tokens with --speculative (default 4)", knob_text::count),
};

/// SGLang as callers see it (engine_rules.hpp). Term sources: sgl-project/sglang at the commits named.
inline constexpr engine_rules sglang_rules{
    .kind = engine_kind::sglang,
    .display_name = "SGLang",
    .dp_replicas = true,  // --dp-size without DP attention: one tp group per replica
    .reads_config_kv_dtype = true,
    .serving_time = true,
    .memory = [](const engine_inputs& in) {
      return detail::sglang_memory(in.m, in.d, in.e.sglang, in.p, in.fp, in.l, in.context, in.s.speculative);
    },
    .request_blocks = &detail::sglang_request_blocks,
    // python/sglang/srt/server_args.py's checks; a fraction of 0 is the engine's own default.
    .check = [](const engine& e) -> engine_finding {
      if (e.sglang.mem_fraction_static.millionths > detail::knob_one)
        return {engine_rule::sglang_mem_fraction_static_must_be_at_most_1, "mem_fraction_static"};
      if (e.sglang.page_size == 0) return {engine_rule::sglang_page_size_must_be_positive, "page_size"};
      if (e.sglang.swa_full_tokens_ratio.millionths > detail::knob_one)
        return {engine_rule::sglang_swa_full_tokens_ratio_must_be_in_0_to_1, "swa_full_tokens_ratio"};
      if (!detail::knob_in_0_to_1(e.sglang.mamba_full_memory_ratio))
        return {engine_rule::sglang_mamba_full_memory_ratio_must_be_in_0_to_1, "mamba_full_memory_ratio"};
      return {};
    },
    .length = [](const engine& e) -> std::uint64_t { return e.sglang.context_length; },  // --context-length
    .at_defaults = [](const engine& e) { return e.sglang == sglang_knobs{}; },
    .sources = {"model_runner_kv_cache_mixin.py @226149a profile_max_num_token: mem_fraction_static x free memory before load",
                "free memory before load - after load", "in the (1 - mem_fraction_static) reserve (not subtracted)", "-",
                "in the reserve (not subtracted)", "CUDA context, before the first measurement",
                "max_total_num_tokens = rest // cell size, page-aligned; Mamba pool first (handle_max_mamba_cache)"},
    .flags = sglang_flags};

}  // namespace headroom::engines
