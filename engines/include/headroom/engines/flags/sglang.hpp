// SPDX-License-Identifier: MIT
// headroom: SGLang's flags as data (engine_flag.hpp), beside its knobs: the CLI declares, parses,
// refuses under another engine and writes back each from these rows. Kept apart from the rules
// (engines/sglang.hpp) so a build that only checks a deployment does not compile them.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <string_view>

#include <headroom/engine.hpp>
#include <headroom/engine_flag.hpp>
#include <headroom/engine_rules.hpp>

namespace headroom::engines {

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
    knob_flag<&engine::sglang, &sglang_knobs::scheduler_recv_interval>("--scheduler-recv-interval", "forward passes between polls for new requests (serve, sla; default 1)", knob_text::count),
    knob_flag<&engine::sglang, &sglang_knobs::enable_piecewise_cuda_graph>("--enable-piecewise-cuda-graph", "prefill batches replay piecewise CUDA graphs instead of running eagerly (serve, sla)", knob_text::on_switch),
    knob_flag<&engine::sglang, &sglang_knobs::enable_flashinfer_allreduce_fusion>("--enable-flashinfer-allreduce-fusion", "a decode step's norms after TP all-reduces run inside them (NVIDIA; serve, sla)", knob_text::on_switch),
    knob_flag<&engine::sglang, &sglang_knobs::moe_dense_tp_size>("--moe-dense-tp-size", "1: under --dp-attention the dense layers run whole on each rank (default: over the TP ranks)", knob_text::count),
    knob_flag<&engine::sglang, &sglang_knobs::enable_mixed_chunk>("--enable-mixed-chunk", "a new prompt's prefill chunk runs in the decode batch, not a prefill batch of its own (serve, sla)", knob_text::on_switch),
    knob_flag<&engine::sglang, &sglang_knobs::disable_overlap_schedule>("--disable-overlap-schedule", "each batch scheduled after the last, not one ahead (serve, sla)", knob_text::on_switch),
    knob_flag<&engine::sglang, &sglang_knobs::disable_shared_experts_fusion>("--disable-shared-experts-fusion", "DeepSeek-V3/R1's shared expert a dense MLP of its own, not one more expert of the routed kernel (serve, sla)", knob_text::on_switch),
};


/// Where each of its memory terms comes from in its own source (reports print them).
inline constexpr engine_term_sources sglang_term_sources{
    "model_runner_kv_cache_mixin.py @226149a profile_max_num_token: mem_fraction_static x free memory before load",
    "free memory before load - after load (MXFP4 MoE padded as the kernel SGLang picks pads it, quantization/mxfp4.py)",
    "in the (1 - mem_fraction_static) reserve (not subtracted)", "-",
    "in the reserve (not subtracted)", "CUDA context, before the first measurement",
    "max_total_num_tokens = rest // cell size, page-aligned; Mamba pool first (handle_max_mamba_cache)"};

}  // namespace headroom::engines
