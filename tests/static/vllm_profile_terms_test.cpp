// SPDX-License-Identifier: MIT
// vLLM's profiled terms from its code. The sampler's buffers as the sort-based sampler holds them
// at its peak; and the CUDA-graph modes: how many graphs each captures (and so how many its memory profile
// charges), against the counts public start-up logs print ("Profiling CUDA graph memory:
// PIECEWISE=N (largest=L), FULL=M (largest=L)", gpu_model_runner.py profile_cudagraph_memory,
// which logs one group per runtime mode it captures) and hand arithmetic from the capture rule
// (engine.hpp, vllm_cudagraph_mode; docs/engines.md, "vLLM"). Never a value read back from headroom.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_8b.hpp>

namespace headroom_static_vllm_profile_terms_test {

namespace {
using namespace headroom;
using detail::vllm_graphs_captured;
using mode = vllm_cudagraph_mode;

constexpr std::uint64_t gib_x100(byte_count b) { return (b * 100 + gib / 2) / gib; }
constexpr engine vllm_with(vllm_knobs k) { return {.kind = engine_kind::vllm, .vllm = k}; }

// vLLM's own spellings, in CUDAGraphMode's order (vllm/config/compilation.py @002284db).
static_assert(name(mode::full_and_piecewise) == "FULL_AND_PIECEWISE" && name(mode::piecewise) == "PIECEWISE");
static_assert(name(mode::full) == "FULL" && name(mode::full_decode_only) == "FULL_DECODE_ONLY" && name(mode::none) == "NONE");
// The default is FULL_AND_PIECEWISE, and knobs written before the mode existed keep it.
static_assert(vllm_knobs{}.cudagraph_mode == mode::full_and_piecewise);
static_assert(vllm_knobs{.gpu_memory_utilization = {900000}, .enforce_eager = true}.cudagraph_mode == mode::full_and_piecewise);

// ---- LMCache issue #3430 (vLLM 0.21.0, Qwen3-8B, 24 GiB card: max_num_seqs 256, 2,048 batched
// tokens; FULL_AND_PIECEWISE): "PIECEWISE=51 (largest=512), FULL=35 (largest=256)". Capture
// sizes up to min(2 x 256, 512) = 512: 1, 2, 4 (3) + 8..248 by 8 (31) + 256..512 by 16 (17) = 51;
// up to 256 (the FULL decode sizes): 3 + 31 + 1 = 35.
static_assert(vllm_graphs_captured(mode::full_and_piecewise, 256, 2048) == 51 + 35);
// Each mode captures the groups its routines use: PIECEWISE the log's PIECEWISE group alone,
// FULL_DECODE_ONLY its FULL group alone, FULL a FULL graph for each of the 51 sizes, NONE nothing.
static_assert(vllm_graphs_captured(mode::piecewise, 256, 2048) == 51);
static_assert(vllm_graphs_captured(mode::full_decode_only, 256, 2048) == 35);
static_assert(vllm_graphs_captured(mode::full, 256, 2048) == 51);
static_assert(vllm_graphs_captured(mode::none, 256, 2048) == 0);

// ---- noonghunna/club-3090 issue #104 (vLLM 0.20.2rc1, Qwen3.6-27B, 2 x RTX 3090, max_num_seqs 2,
// MTP with 3 speculative tokens), where vLLM itself fell back to PIECEWISE ("CUDAGraphMode.
// FULL_AND_PIECEWISE is not supported with spec-decode ...; setting cudagraph_mode=PIECEWISE"):
// "Profiling CUDA graph memory: PIECEWISE=5 (largest=16)", one group, no FULL graphs. The cap is
// max_num_seqs x (1 + 3) x 2 = 16 tokens: sizes 1, 2, 4, 8, 16 = 5, unrounded (PIECEWISE has no
// FULL decode routine to round them for).
static_assert(vllm_graphs_captured(mode::piecewise, 2, 8192, 0, 4) == 5);
static_assert(detail::vllm_largest_capture_size(2, 8192, 0, 4, mode::piecewise) == 16);
// Without the drafted tokens the cap would be 4: sizes 1, 2, 4.
static_assert(vllm_graphs_captured(mode::piecewise, 2, 8192) == 3);
// The same deployment under FULL_AND_PIECEWISE rounds each size up to a multiple of 4: 1, 2, 4 ->
// 4; 8; 16: three sizes, and FULL decode graphs for those from 4 to 2 x 4 = 8: two.
static_assert(vllm_graphs_captured(mode::full_and_piecewise, 2, 8192, 0, 4) == 3 + 2);
// ---- vllm-project/vllm issue #46367 (vLLM 0.1.dev17670+g7d24aa6f2, 2026-06-22, zai-org/GLM-5.2-FP8 on
// 8 x B200, TP 8, max_num_seqs 32, 'speculative_config': {'method': 'mtp', 'num_speculative_tokens':
// 5}, FULL_AND_PIECEWISE kept): "Profiling CUDA graph memory: PIECEWISE=41 (largest=384), FULL=25
// (largest=192)". q = 6: the cap min(32 x 6 x 2, 512) = 384; sizes 1, 2, 4 round up to 6 (one),
// 8..248 by 8 to 12, 18, 24, 36, ... 252 (31, each step of 8 a new multiple of 6), 256..384 by
// 16 to 258, 276, 288, ... 384 (9): 41, the largest 384. FULL: the rounded sizes up to 32 x 6 =
// 192, from 6 and the sizes 8..192 (24): 25, the largest 192.
static_assert(vllm_graphs_captured(mode::full_and_piecewise, 32, 8192, 0, 6) == 41 + 25);
static_assert(detail::vllm_capture_list(mode::full_and_piecewise, 32, 8192, 0, 6).largest == 384);
static_assert(vllm_graphs_captured(mode::full_decode_only, 32, 8192, 0, 6) == 25);
// 64 sequences, K = 2 (q = 3): the cap min(64 x 3 x 2, 512) = 384, sizes 1, 2, 4 (3) + 8..248 (31)
// + 256..384 by 16 (9); rounded to multiples of 3: 1, 2 -> 3, 4 -> 6, each step of 8 or 16 a new
// multiple (the steps are wider than 3), 384 itself a multiple: 2 + 31 + 9 = 42. FULL decode: the
// rounded sizes up to 3 x 64 = 192, from the sizes up to 192: 2 + 24 (8..192) = 26.
static_assert(vllm_graphs_captured(mode::piecewise, 64, 8192, 0, 3) == 43);
static_assert(vllm_graphs_captured(mode::full_and_piecewise, 64, 8192, 0, 3) == 42 + 26);
// Where the list's largest is no multiple: 1,024 sequences at q = 3 keep the ceiling 512, and a
// rounded size may not pass it: 512 -> 513 goes, 496 -> 498 is the largest.
static_assert(detail::vllm_largest_capture_size(1024, 8192, 0, 3) == 498);
static_assert(detail::vllm_largest_capture_size(1024, 8192, 0, 4) == 512);

// max_num_batched_tokens below the cap is itself captured when off the grid
// (_set_cudagraph_sizes): 256 sequences, 100 tokens: sizes 1, 2, 4, 8..96 (12), 100 = 16; all
// within max_num_seqs, so FULL_AND_PIECEWISE captures 32.
static_assert(vllm_graphs_captured(mode::piecewise, 256, 100) == 16);
static_assert(vllm_graphs_captured(mode::full_and_piecewise, 256, 100) == 32);

// --max-cudagraph-capture-size replaces the ceiling min(2 x max_num_seqs, 512): vLLM's
// perf-dashboard gpt-oss run (64 sequences, 8,192 batched tokens) sets 2048: mixed sizes 1, 2, 4
// (3) + 8..248 (31) + 256..2048 by 16 (113) = 147, FULL decode sizes up to 64: 3 + 8 = 11. An
// off-grid ceiling stops at the grid: 2008 keeps 256..2000 (110), 144 in all (vLLM then logs
// "Truncating max_cudagraph_capture_size to 2000").
static_assert(vllm_graphs_captured(mode::piecewise, 64, 8192, 2048) == 147);
static_assert(vllm_graphs_captured(mode::full_and_piecewise, 64, 8192, 2048) == 147 + 11);
static_assert(vllm_graphs_captured(mode::piecewise, 64, 8192, 2008) == 144);
static_assert(detail::vllm_largest_capture_size(64, 8192, 2008) == 2000);
static_assert(detail::vllm_largest_capture_size(64, 1000, 2048) == 1000);  // the token budget, below the ceiling

// ---- The memory: LMCache #3430's deployment (engine_logs_test.cpp, l11) under each mode. The
// log's 0.52 GiB is 86 graphs; PIECEWISE keeps 51 of them: 0.52 x 51 / 86 = 0.308 GiB.
constexpr device rtx_a5000 = [] {
  device d = devices::rtx_4090;
  d.memory_bytes = 24'564ULL * mib;
  return d;
}();
constexpr engine_memory at(mode m, bool eager = false) {
  return engine_memory_of(models::qwen3_8b, rtx_a5000, {},
                          vllm_with({.gpu_memory_utilization = {976400}, .enforce_eager = eager, .cudagraph_mode = m}), {}, 1,
                          16384);
}
constexpr byte_count per_graph = 52ULL * gib / 100 / 86;  // the log's 0.52 GiB over its 86 graphs
static_assert(gib_x100(at(mode::full_and_piecewise).cuda_graph_bytes) == 52);
static_assert(at(mode::piecewise).cuda_graph_bytes == 51 * per_graph && gib_x100(at(mode::piecewise).cuda_graph_bytes) == 31);
static_assert(at(mode::full_decode_only).cuda_graph_bytes == 35 * per_graph);
static_assert(at(mode::none).cuda_graph_bytes == 0);
// The 35 FULL graphs PIECEWISE does not capture go to the KV cache.
static_assert(at(mode::piecewise).available_kv_cache_bytes - at(mode::full_and_piecewise).available_kv_cache_bytes == 35 * per_graph);
// --enforce-eager wins over any mode (vLLM sets cudagraph_mode NONE, vllm/config/vllm.py @000fc94b).
static_assert(at(mode::piecewise, true).cuda_graph_bytes == 0);

// ---- The sampler. _dummy_sampler_run samples min(max_num_seqs, max_num_batched_tokens) requests
// with top-k and top-p on; at _apply_top_k_top_p's scatter (vllm/v1/sample/sampler.py
// @00ec97818a85e1d66b7594e314594651a3ad4263) live, in quarters of an fp32 [num_reqs, vocab]
// tensor: the model's bf16 logits 2, the temperature-scaled fp32 copy 4, the sort's values 4 and
// int64 indices 8, the bool top-k mask 1, the sorted softmax 4, its cumsum 4, the bool top-p mask
// 1, the scattered result 4: 32 quarters, 8 tensors. Llama-3.1-8B (vocab 128,256, its
// config.json) on an H100, vLLM's default 1,024 sequences: 1,024 x 128,256 x 4 B x 32 / 4.
constexpr engine_memory llama_h100 = engine_memory_of(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, engines::vllm, {}, 1, 8192);
static_assert(llama_h100.max_num_seqs == 1024);
static_assert(llama_h100.sampler_bytes == 1024ULL * 128'256 * 4 * (2 + 4 + 4 + 8 + 1 + 4 + 4 + 1 + 4) / 4);
}  // namespace
}  // namespace headroom_static_vllm_profile_terms_test
