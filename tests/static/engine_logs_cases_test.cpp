// SPDX-License-Identifier: MIT
// Engine memory against public startup logs of two cases that were tested only by hand
// arithmetic before: vLLM data parallel with expert parallel, and an EAGLE-3 draft checkpoint
// served beside its target (docs/engines.md tabulates them as N6 and N7). Every number below is
// a log's printed value or hand arithmetic written next to it, never a value read back from
// headroom.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>
#include <headroom/models/drafts/registry.hpp>

namespace headroom_static_engine_logs_cases_test {

namespace {
using namespace headroom;
using u64 = std::uint64_t;

// GiB to two decimals, as vLLM's format_gib prints it.
constexpr u64 gib_x100(byte_count b) { return (b * 100 + gib / 2) / gib; }
// |x - log| <= 10 % of log.
constexpr bool within_10pct(u64 x, u64 log) { return 10 * (x > log ? x - log : log - x) <= log; }

// ---- N6: vllm-project/vllm issue #51454 (vLLM 0.25.0, deepseek-ai/DeepSeek-V4-Flash-0731 on
// 8 x B200, --enable-expert-parallel --kv-cache-dtype fp8 --block-size 256
// --gpu-memory-utilization 0.95 --max-num-batched-tokens 8192 --max-num-seqs 256, 1M context;
// the registry's DeepSeek-V4-Flash has the same layers and widths). The follow-up comment of
// 2026-08-08 runs both plans on one node and prints, per engine:
//   --tensor-parallel-size 8:  "GPU KV cache size: 21,419,891 tokens", 20.43x
//   --data-parallel-size 8:    eight EngineCore_DP* replicas, each "20,571,235 tokens", 19.62x
// vLLM prints int(concurrency x max_model_len): 21,419,891 / 1,048,576 = 20.4276 and
// 20,571,235 / 1,048,576 = 19.6183, the printed 20.43x and 19.62x, so max_model_len is 1,048,576.
// DeepSeek-V4's attention keeps one latent KV head, whole on every rank under TP 8 as under DP 8,
// so a request takes the same blocks on either rank and the two concurrencies are the ratio of
// the two pools: 20,571,235 / 21,419,891 = 0.96038. A DP 8 rank keeps the whole attention,
// embedding and head where a TP 8 rank keeps an eighth; both keep 32 of the 256 experts.
constexpr engine v051454{.kind = engine_kind::vllm,
                         .vllm = {.gpu_memory_utilization = {950000}, .max_num_seqs = 256, .max_num_batched_tokens = 8192, .block_size = 256}};
constexpr settings fp8_kv{.kv = kv_dtype::fp8};
constexpr u64 len_1m = 1'048'576;
constexpr engine_memory dsv4_dp8 = engine_memory_of(models::deepseek_v4_flash, devices::b200, fp8_kv, v051454, {.ep = 8, .dp = 8}, 1, len_1m);
constexpr engine_memory dsv4_tp8 = engine_memory_of(models::deepseek_v4_flash, devices::b200, fp8_kv, v051454, {.tp = 8, .ep = 8}, 1, len_1m);
static_assert(dsv4_dp8.engine_starts && dsv4_tp8.engine_starts);
static_assert(dsv4_dp8.request_blocks == dsv4_tp8.request_blocks && dsv4_dp8.block_bytes == dsv4_tp8.block_bytes);
static_assert(21'419'891ULL * 100 / len_1m == 2042 && 20'571'235ULL * 100 / len_1m == 1961);  // 20.4276, 19.6183
// The embedding and head (vocab 129,280 = 2,020 x 64, hidden 4,096, BF16) are whole on a DP rank
// and an eighth (16,160 rows) on a TP rank: 2 x (129,280 - 16,160) x 4,096 x 2 B = 1,853,358,080 B
// more on the DP rank, before its whole attention.
static_assert(dsv4_dp8.loaded_weights_bytes_per_rank - dsv4_tp8.loaded_weights_bytes_per_rank > 1'853'358'080ULL);
// The pools' ratio against the log's 0.96038, within 0.5 % (headroom's: 0.95870, -0.17 %); the
// tolerance is for the non-KV terms the two plans' ranks measure differently (activation peak,
// CUDA graphs, the MegaMoE and all-to-all buffers), which headroom models only in part.
constexpr u64 dp_side = dsv4_dp8.kv_cache_blocks * 21'419'891;
constexpr u64 tp_side = dsv4_tp8.kv_cache_blocks * 20'571'235;
static_assert(1000 * (dp_side > tp_side ? dp_side - tp_side : tp_side - dp_side) <= 5 * tp_side);
static_assert(dsv4_dp8.kv_cache_blocks < dsv4_tp8.kv_cache_blocks);
// Each plan on its own, headroom's concurrency is above the log's by more than 10 % (24.14x
// against 19.62x, 25.18x against 20.43x, +23 % both): recorded, not tuned (docs/engines.md, N6).
// The log's excerpt has no "Available KV cache memory" line to tell a smaller pool from a larger
// request, and vLLM's DeepSeek-V4 cache layout is not modelled (models/deepseek_v4_flash.hpp);
// vllm#51041 also measures the 0731 checkpoint holding ~7x fewer tokens a GiB than the preview
// (the registry's) under vLLM 0.26.0, so only the two plans' ratio is held here.
static_assert(dsv4_dp8.max_concurrency_hundredths > 1962 && !within_10pct(dsv4_dp8.max_concurrency_hundredths, 1962));
static_assert(dsv4_tp8.max_concurrency_hundredths > 2043 && !within_10pct(dsv4_tp8.max_concurrency_hundredths, 2043));

// ---- N7: vllm-project/speculators PR #166 (30 Oct 2025, vLLM dev build
// 0.10.1.dev2081+gc44ef9fc0 of 30 Sep 2025, as the same session's engine header prints): its test
// test_convert_run_vllm_engine_eagle3 converts yuhuili/EAGLE3-LLaMA3.1-Instruct-8B and serves it
// beside meta-llama/Meta-Llama-3.1-8B-Instruct (LLM(max_model_len=1024,
// gpu_memory_utilization=0.8), one GPU); the run of that case (the one whose target loads 4
// safetensors shards; the other case's Qwen3-8B has 5) prints
// "Assuming the EAGLE head shares the same vocab embedding with the target model", "The EAGLE
// head's lm_head will be loaded separately" and "Model loading took 15.8114 GiB".
// Target 16,060,522,496 B (its published total_size) + head 849,635,328 B (eagle3_draft_test.cpp)
// = 16,910,157,824 B = 15.7488 GiB: 0.40 % below the log. The printed 15.8114 lies in
// [15.81135, 15.81145) GiB, 64.04 to 64.14 MiB above headroom; most likely the RoPE cos / sin
// tables vLLM allocates and a checkpoint does not hold: 131,072 positions x 128 x 2 B = 32 MiB
// for the target's and 32 MiB for the head's.
constexpr model eagle_served = models::with_draft(models::llama_3_1_8b_instruct, models::drafts::eagle3_llama3_1_instruct_8b);
constexpr engine v_spec166{.kind = engine_kind::vllm, .vllm = {.gpu_memory_utilization = {800000}}};
constexpr engine_memory eagle = engine_memory_of(eagle_served, devices::h100_sxm, {.speculative = true}, v_spec166, {}, 1, 1024);
constexpr u64 log_lo = 1'581'135ULL * gib / 100'000;  // 15.81135 GiB
constexpr u64 log_hi = 1'581'145ULL * gib / 100'000;  // 15.81145 GiB
static_assert(eagle.loaded_weights_bytes_per_rank == 16'910'157'824ULL);
static_assert(log_lo - eagle.loaded_weights_bytes_per_rank > 64 * mib && log_hi - eagle.loaded_weights_bytes_per_rank < 64 * mib + 150 * 1024);
static_assert(200 * (log_hi - eagle.loaded_weights_bytes_per_rank) <= log_lo);  // within 0.5 %
// Without the head loaded (no speculation) the gap would be 0.79 GiB: the head's weights are on the GPU.
static_assert(engine_memory_of(eagle_served, devices::h100_sxm, {}, v_spec166, {}, 1, 1024).loaded_weights_bytes_per_rank == 16'060'522'496ULL);

// The same PR's third run serves a two-layer head beside the same target, most likely the
// test's random-weights case (nm-testing/random-weights-llama3.1.8b-2layer-eagle3-unconverted, the
// case its compile-cache switch is for): the arithmetic below fits 34 layers and no other count: "Available KV cache memory: 41.29 GiB",
// "GPU KV cache size: 318,352 tokens", "Maximum concurrency for 1,024 tokens per request:
// 310.89x". The registry's head has one layer, so headroom is not run on it; its rule is: the
// head's layers join the target's KV group, a layer a page of 16 x 4,096 B. With 34 layers the
// block is 2,228,224 B; 41.29 GiB holds 19,894.5 to 19,899.3 of them, and 19,897 blocks give the
// log's 318,352 tokens (x 16) and 310.89x (/ 64 blocks a request). With 33 layers (a one-layer
// head) 41.29 GiB is 20,499 blocks, 327,984 tokens; with 32 (no head) 338,240: neither is the log's.
static_assert(eagle.block_bytes == 33ULL * 16 * 4'096 && eagle.request_blocks == 64);
constexpr u64 two_layer_block = eagle.block_bytes / 33 * 34;
static_assert(two_layer_block == 2'228'224 && gib_x100(19'897 * two_layer_block) == 4129);
static_assert(19'897 * 16 == 318'352 && 19'897 * 100 / eagle.request_blocks == 31'089);

}  // namespace
}  // namespace headroom_static_engine_logs_cases_test
