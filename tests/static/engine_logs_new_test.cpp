// SPDX-License-Identifier: MIT
// Engine memory against public startup logs of the newer checkpoints (docs/engines.md
// tabulates them with engine_logs_test.cpp's: N1 to N5, N8 to N10). Every number below is a log's printed value or
// hand arithmetic written next to it, never a value read back from headroom. vLLM >= 0.24
// prints "GPU KV cache size" as int(max_concurrency x max_model_len)
// (vllm/v1/core/kv_cache_utils.py _report_kv_cache_config), so a log's token count is compared
// through the concurrency and the block count it implies.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/google/gemma_4_26b_a4b.hpp>
#include <headroom/models/checkpoints/google/gemma_4_31b.hpp>
#include <headroom/models/checkpoints/minimax/minimax_m2_7.hpp>
#include <headroom/models/checkpoints/mistral/mistral_small_4_119b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_5_27b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_6_35b_a3b_fp8.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_coder_480b_a35b_instruct.hpp>
#include <headroom/models/checkpoints/xiaomi/mimo_v2_flash.hpp>

namespace headroom_static_engine_logs_new_test {

namespace {
using namespace headroom;

// GiB to two decimals, as vLLM's format_gib prints it.
constexpr std::uint64_t gib_x100(byte_count b) { return (b * 100 + gib / 2) / gib; }
constexpr engine vllm_with(vllm_knobs k) { return {.kind = engine_kind::vllm, .vllm = k}; }
// |x - log| <= 10 % of log.
constexpr bool within_10pct(std::uint64_t x, std::uint64_t log) { return 10 * (x > log ? x - log : log - x) <= log; }

// ---- eugr/spark-vllm-docker issue #396 (vLLM 0.29.1rc1, cyankiwi/MiniMax-M2.7-AWQ-4bit on
// 2 x DGX Spark, TP 2, max_model_len 196,608). At --gpu-memory-utilization 0.8: "Available KV
// cache memory: 22.5 GiB", "23.25 GiB KV cache is needed", "the estimated maximum model length
// is 190272"; at 0.85: "28.74 GiB KV -> 240,816 tokens, 1.22x concurrency at 196,608". The
// AWQ weights are not the registry's FP8 checkpoint, so only the pool is compared; the KV
// layout is the same. A rank holds 4 of the 8 KV heads: 62 layers x 4 x 128 x (K, V) x 2 B =
// 126,976 B per token, a block 16 x 126,976 = 2,031,616 B.
constexpr engine minimax_pool(byte_count pool) { return vllm_with({.kv_cache_memory_bytes = pool}); }
constexpr engine_memory mm_a = engine_memory_of(models::minimax_m2_7, devices::gb10, {}, minimax_pool(11'892ULL * 2'031'616 + 1'000'000), {.tp = 2}, 1, 196'608);
// 196,608 / 16 = 12,288 blocks x 2,031,616 B = 24,964,497,408 B = 23.25 GiB.
static_assert(mm_a.block_size_tokens == 16 && mm_a.block_bytes == 2'031'616);
static_assert(mm_a.request_blocks == 12'288 && mm_a.request_bytes == 24'964'497'408ULL && gib_x100(mm_a.request_bytes) == 2325);
// 190,272 tokens = 11,892 blocks (22.5007 GiB); 11,891 blocks (22.4988 GiB) print 22.50 too but
// hold 190,256. A pool of 11,892 blocks and a fraction prints 22.50 and gives the log's estimate.
static_assert(gib_x100(mm_a.available_kv_cache_bytes) == 2250);
static_assert(!mm_a.engine_starts && mm_a.stops == engine_term::kv_cache_cannot_hold_one_request);
static_assert(mm_a.largest_max_model_len == 190'272);
// 240,816 tokens at 1.22x: int(B / 12,288 x 196,608) = 16 B, so B = 15,051 blocks (28.48 GiB).
constexpr engine_memory mm_b = engine_memory_of(models::minimax_m2_7, devices::gb10, {}, minimax_pool(15'051ULL * 2'031'616), {.tp = 2}, 1, 196'608);
static_assert(mm_b.engine_starts && mm_b.kv_cache_blocks == 15'051 && mm_b.kv_cache_tokens == 240'816);
static_assert(mm_b.max_concurrency_hundredths == 122);  // 15,051 / 12,288 = 1.2249
// The printed 28.74 GiB would be 15,189 blocks: vLLM sizes every worker's pool to the smallest
// worker's block count (kv_cache_utils.py, get_kv_cache_configs) and the printed line is one
// worker's (docs/engines.md, N1). Given the printed pool, headroom's 243,024 tokens is +0.9 %.
constexpr engine_memory mm_c = engine_memory_of(models::minimax_m2_7, devices::gb10, {}, minimax_pool(2874ULL * gib / 100), {.tp = 2}, 1, 196'608);
static_assert(mm_c.kv_cache_blocks == 15'189 && mm_c.kv_cache_blocks > mm_b.kv_cache_blocks);

// ---- noonghunna/club-3090 issue #652 (vLLM 0.24.0, a Qwen3.6-35B-A3B NVFP4 export on an RTX
// 5090, --kv-cache-dtype fp8, max_model_len 131,072, max_num_seqs 1, prefix caching on):
// "Available KV cache memory: 6.01 GiB", "GPU KV cache size: 569,878 tokens", "Maximum
// concurrency for 131,072 tokens per request: 4.35x". The registry's FP8 checkpoint has the same
// layout. vLLM keeps the GDN temporal state in the config's mamba_ssm_dtype, float32
// (Qwen3_5ForConditionalGenerationConfig; the CLI's --ssm-h auto resolves the same, checked in
// tests/cli/engine_flags_test.cpp), the conv state in bf16: conv (2 x 16 x 128 + 32 x 128)
// x 3 x 2 B + temporal 32 x 128 x 128 x 4 B = 2,146,304 B; attention 2 x 256 x (K, V) x 1 B =
// 1,024 B per token: 16 x cdiv(2,146,304, 16 x 1,024) = 16 x 131 = 2,096 tokens. 10 full
// layers and 30 GDN: group size 10, a block 10 x 2,096 x 1,024 = 21,463,040 B; 300 blocks are
// 5.9967 GiB and 301 are 6.0167 GiB, so a pool printed 6.01 GiB holds 300. Prefix caching puts
// Qwen3.6's GDN layers in "align" mode (it refuses "all"): 2 pages per request per state group.
// One request: cdiv(131,072, 2,096) = 63 + 3 groups x 2 = 69 blocks; 300 / 69 = 4.3478 and
// int(4.3478 x 131,072) = 569,878, the log's figures.
constexpr vllm_knobs q36_knobs{.max_num_seqs = 1, .max_num_batched_tokens = 8192, .kv_cache_memory_bytes = 601ULL * gib / 100,
                               .mamba_cache_align = true};
constexpr settings q36_settings{.kv = kv_dtype::fp8, .ssm_h = state_dtype::f32};
constexpr engine_memory q36 = engine_memory_of(models::qwen3_6_35b_a3b_fp8, devices::rtx_5090, q36_settings, vllm_with(q36_knobs), {}, 1, 131'072);
static_assert(q36.block_size_tokens == 2096 && q36.block_bytes == 21'463'040);
static_assert(q36.groups_full == 1 && q36.groups_state == 3 && q36.kv_cache_blocks == 300);
static_assert(q36.request_blocks == 69 && q36.max_concurrency_hundredths == 435);
static_assert(q36.kv_cache_blocks * 131'072 / q36.request_blocks == 569'878);
// kv_cache_tokens is the count vLLM prints; the pool's per-group capacity is (300 // 4) x 2,096.
static_assert(q36.kv_cache_tokens == 569'878 && q36.pool_tokens_per_group == 75 * 2'096);
// Without "align" (prefix caching off) the request is 66 blocks: 4.55x.
constexpr engine_memory q36_none = [] {
  vllm_knobs k = q36_knobs;
  k.mamba_cache_align = false;
  return engine_memory_of(models::qwen3_6_35b_a3b_fp8, devices::rtx_5090, q36_settings, vllm_with(k), {}, 1, 131'072);
}();
static_assert(q36_none.request_blocks == 66 && q36_none.max_concurrency_hundredths == 455);
// noonghunna/club-3090 issue #612, the same command two days earlier: "Available KV cache memory:
// 5.98 GiB", "GPU KV cache size: 567,978 tokens", "4.33x". 299 blocks are 5.9767 GiB (300:
// 5.9967): 299 / 69 = 4.3333 and int(4.3333 x 131,072) = 567,978.
constexpr engine_memory q36b = [] {
  vllm_knobs k = q36_knobs;
  k.kv_cache_memory_bytes = 598ULL * gib / 100;
  return engine_memory_of(models::qwen3_6_35b_a3b_fp8, devices::rtx_5090, q36_settings, vllm_with(k), {}, 1, 131'072);
}();
static_assert(q36b.kv_cache_blocks == 299 && q36b.max_concurrency_hundredths == 433);
static_assert(q36b.kv_cache_blocks * 131'072 / q36b.request_blocks == 567'978 && q36b.kv_cache_tokens == 567'978);

// ---- vLLM with the MTP head on a GDN hybrid. noonghunna/club-3090 issues #295 and #294
// (https://github.com/noonghunna/club-3090/issues/295, /294; vLLM, a Qwen3.6-27B AutoRound int4
// export on 2 x RTX 3090, TP 2, --kv-cache-dtype fp8_e5m2, max_model_len 262,144, max_num_seqs
// 2, prefix caching, 'speculative_config': {'method': 'mtp', 'num_speculative_tokens': 3}):
//   #295 "GPU KV cache size: 620,944 tokens", "Maximum concurrency for 262,144 tokens per
//        request: 2.37x";  #294 "622,408 tokens", "2.37x".
// And #642, the same compose on another 2 x 3090 rig: "Available KV cache memory: 11.05 GiB",
// "GPU KV cache size: 623,873 tokens", "2.38x". The int4 weights are not the registry's
// checkpoint; Qwen3.5-27B's layout is Qwen3.6-27B's (64 layers, 16 attention of 4 KV heads x
// 256, 48 GDN of 16 key / 48 value heads x 128, kernel 4, one MTP layer). Per rank (TP 2):
// attention 2 x 256 x (K, V) x 1 B = 1,024 B per token a layer; GDN temporal (f32, the config's
// mamba_ssm_dtype) 24 x 128 x 128 x 4 = 1,572,864 B, and the conv window with 3 + 3 drafted
// columns (vLLM: conv_kernel - 1 + num_spec) x 5,120 channels x 2 B = 61,440 B: 1,634,304 B,
// so the block is 16 x cdiv(1,634,304, 16 x 1,024) = 16 x 100 = 1,600 tokens (without the
// drafted columns 16 x 98 = 1,568). 17 attention layers with the MTP layer's, 48 GDN: group
// size 17, 1 attention and 3 GDN groups, a block 17 x 1,600 x 1,024 = 27,852,800 B. One
// request: cdiv(262,144, 1,600) = 164 + 3 groups x (2 "align" + 3 drafted) pages = 179 blocks.
// int(B / 179 x 262,144): 424 blocks 620,944, 425 622,408, 426 623,873 -- all three logs, to
// the token; 426 blocks are 11.0505 GiB, #642's printed 11.05. With 1,568-token blocks no
// block count gives 620,944 (433: 620,277; 434: 621,709).
constexpr vllm_knobs q36_27_knobs{.max_num_seqs = 2, .max_num_batched_tokens = 8192, .kv_cache_memory_bytes = 426ULL * 27'852'800,
                                  .mamba_cache_align = true, .num_speculative_tokens = 3};
constexpr settings q36_27_settings{.kv = kv_dtype::fp8, .ssm_h = state_dtype::f32, .speculative = true};
constexpr engine_memory q36_27_at(std::uint64_t blocks) {
  vllm_knobs k = q36_27_knobs;
  k.kv_cache_memory_bytes = blocks * 27'852'800;
  return engine_memory_of(models::qwen3_5_27b, devices::rtx_3090, q36_27_settings, vllm_with(k), {.tp = 2}, 1, 262'144);
}
constexpr engine_memory q36_27 = q36_27_at(426);
static_assert(q36_27.block_size_tokens == 1600 && q36_27.block_bytes == 27'852'800);
static_assert(q36_27.groups_full == 1 && q36_27.groups_state == 3 && q36_27.state_pages_per_request == 5);
static_assert(q36_27.request_blocks == 179 && q36_27.kv_cache_blocks == 426 && gib_x100(q36_27.available_kv_cache_bytes) == 1105);
static_assert(q36_27.kv_cache_blocks * 262'144 / q36_27.request_blocks == 623'873 && q36_27.max_concurrency_hundredths == 238);
static_assert(q36_27_at(425).kv_cache_blocks * 262'144 / 179 == 622'408 && q36_27_at(424).kv_cache_blocks * 262'144 / 179 == 620'944);
// The printed counts themselves: #642, #294, #295.
static_assert(q36_27.kv_cache_tokens == 623'873 && q36_27_at(425).kv_cache_tokens == 622'408 && q36_27_at(424).kv_cache_tokens == 620'944);
// The older print, (num_blocks // groups) x block_size: 426 // 4 x 1,600 = 169,600, a quarter.
static_assert(q36_27.pool_tokens_per_group == 169'600);
// 424 / 179 = 2.3687 and 425 / 179 = 2.3743 print 2.37, as #295 and #294 do.
static_assert(q36_27_at(424).max_concurrency_hundredths == 237 && q36_27_at(425).max_concurrency_hundredths == 237);

// ---- Gemma 4: sliding layers of 256-wide heads, full layers of 512-wide ones, so their pages
// differ and vLLM unifies them (kv_cache_utils.py unify_kv_cache_spec_page_size): the smaller
// page's block grows by the ratio. flashinfer-ai/flashinfer issue #3327 (Gemma-4-31B, 4 x H100,
// TP 4, bf16 KV): "SWA has block_size of 16 tokens, and attention has block_size of 32 tokens",
// 6 groups of 10 layers, "Each block is 655,360 B". Per rank: sliding 4 KV heads x 256 x (K, V)
// x 2 B = 4,096 B per token, a 16-token page 65,536 B; full 1 x 512 x 2 x 2 B = 2,048 B per token,
// 32 tokens to the same page; a block 10 x 65,536 = 655,360 B.
constexpr engine_memory g31_tp4 = engine_memory_of(models::gemma_4_31b, devices::h100_sxm, {}, engines::vllm, {.tp = 4}, 1, 131'072);
static_assert(g31_tp4.groups_full == 1 && g31_tp4.groups_sliding == 5 && g31_tp4.block_bytes == 655'360);
static_assert(g31_tp4.block_size_tokens == 32 && g31_tp4.sliding_block_size_tokens == 16);

// vllm-project/vllm issue #41789 (vLLM 0.20.2rc1, RedHatAI/gemma-4-26B-A4B-it-FP8-Dynamic on an
// L40S, --kv-cache-dtype fp8 --max-model-len 32768 --max-num-seqs 32 --max-num-batched-tokens
// 16384, a one-token assistant draft): "Available KV cache memory: 11.67 GiB", "GPU KV cache size:
// 193,624 tokens". The FP8 weights are not the registry's checkpoint; the KV layout is. Sliding
// 8 x 256 x 2 x 1 B = 4,096 B per token, full 2 x 512 x 2 x 1 B = 2,048 B: pages of 16 and 32
// tokens, 25 sliding and 5 full layers in groups of 5, a block 5 x 65,536 = 327,680 B. One
// request: cdiv(32,768, 32) = 1,024 full blocks + 5 x (cdiv(1,023 + 16,384, 16) + 1) = 5 x 1,089
// sliding = 6,469. 11.67 GiB is 38,240 blocks; the log's 193,624 = int(B / 6,469 x 32,768) holds
// for B = 38,225 (11.665 GiB, printed 11.67): the pool of that rank.
constexpr engine_memory g26_l40s = engine_memory_of(
    models::gemma_4_26b_a4b, devices::l40s, {.kv = kv_dtype::fp8},
    vllm_with({.max_num_seqs = 32, .max_num_batched_tokens = 16384, .kv_cache_memory_bytes = 38'225ULL * 327'680}), {}, 1, 32'768);
static_assert(g26_l40s.block_bytes == 327'680 && g26_l40s.sliding_span == 1023 + 16384);
static_assert(g26_l40s.request_blocks == 6'469 && g26_l40s.kv_cache_blocks == 38'225);
static_assert(gib_x100(g26_l40s.available_kv_cache_bytes) == 1167 && g26_l40s.max_concurrency_hundredths == 591);
static_assert(g26_l40s.kv_cache_blocks * 32'768 / g26_l40s.request_blocks == 193'624 && g26_l40s.kv_cache_tokens == 193'624);
// The pool per group, 38,225 // 6 x 16 = 101,920 tokens: what the "3-10x apart" compared.
static_assert(g26_l40s.pool_tokens_per_group == 38'225 / 6 * 16);

// myoceane.fr, "[AI] vLLM ... A100" (Apr 2026): `vllm serve google/gemma-4-26B-A4B --max-model-len
// 131072 --enforce-eager --gpu-memory-utilization 0.9` on an A100 80 GB: "Model loading took 48.5
// GiB", "Available KV cache memory: 21.5 GiB". headroom's weights are the text decoder's, 1.5 GiB
// below the log (docs/engines.md, N4: the vision tower is not counted); the pool within 10 %.
constexpr engine_memory g26_a100 = engine_memory_of(
    models::gemma_4_26b_a4b, devices::a100_sxm_80gb, {},
    vllm_with({.gpu_memory_utilization = {900000}, .enforce_eager = true, .cudagraph_memory_profiling = false}), {}, 1, 131'072);
static_assert(g26_a100.engine_starts && g26_a100.loaded_weights_bytes_per_rank < 485ULL * gib / 10);
static_assert(within_10pct(g26_a100.loaded_weights_bytes_per_rank, 485ULL * gib / 10));
static_assert(within_10pct(g26_a100.available_kv_cache_bytes, 215ULL * gib / 10));
// ---- N8: sgl-project/sglang PR #15464 (log of 19 Dec 2025, SGLang main of that week, XiaomiMiMo/MiMo-V2-Flash,
// the registry's block-FP8 checkpoint, on 4 x B200: the log's MoE configs name NVIDIA_B200 and
// fp8_w8a8, ranks TP0 to TP3). Each rank prints both pools:
//   "KV Cache is allocated. #tokens: 1496958, K size: 41.76 GB, V size: 27.84 GB" (sliding)
//   "KV Cache is allocated. #tokens: 1496958, K size: 4.82 GB, V size: 3.21 GB"   (full)
//   "SWAKVPool mem usage: 77.63 GB, swa size: 1496958, full size: 1496958"
// (SGLang's GB are GiB). Per rank: 9 full-attention layers of 4 / 4 = 1 KV head, K 192 wide and
// V 128 wide: K 9 x 192 x 2 B = 3,456 B, V 9 x 128 x 2 B = 2,304 B per token (4.818 and 3.212
// GiB at 1,496,958 tokens); 39 sliding layers of 8 / 4 = 2 KV heads: K 39 x 2 x 192 x 2 B =
// 29,952 B, V 39 x 2 x 128 x 2 B = 19,968 B (41.758 and 27.838 GiB). Together 55,680 B a token,
// 77.626 GiB. The two sizes being equal is a sliding pool at ratio 1 of the full one (the flag
// is not in the excerpt; SGLang's default is 0.8), which is given here.
static_assert(gib_x100(1'496'958ULL * 3'456) == 482 && gib_x100(1'496'958ULL * 2'304) == 321);
static_assert(gib_x100(1'496'958ULL * 29'952) == 4176 && gib_x100(1'496'958ULL * 19'968) == 2784);
static_assert(gib_x100(1'496'958ULL * (3'456 + 2'304 + 29'952 + 19'968)) == 7763);
constexpr engine mimo_sglang{.kind = engine_kind::sglang, .sglang = {.swa_full_tokens_ratio = {1'000'000}}};
constexpr engine_memory mimo_b200 = engine_memory_of(models::mimo_v2_flash, devices::b200, {}, mimo_sglang, {.tp = 4}, 1, 262'144);
static_assert(mimo_b200.block_size_tokens == 1 && mimo_b200.block_bytes == 3'456 + 2'304 + 29'952 + 19'968);
static_assert(mimo_b200.engine_starts && mimo_b200.swa_kv_cache_tokens == mimo_b200.kv_cache_tokens);
// --mem-fraction-static is not in the excerpt, so SGLang's default (as S4): headroom's pool is
// 2.2 % above the log's tokens.
static_assert(within_10pct(mimo_b200.kv_cache_tokens, 1'496'958) && mimo_b200.kv_cache_tokens > 1'496'958);

// ---- N9: kaito-project/kaito issue #2132 (19 Jun 2026, vLLM of KAITO's preset image,
// mistralai/Mistral-Small-4-119B-2603, the registry's FP8 checkpoint, on Azure
// Standard_NC80adis_H100_v5: 2 x H100 NVL, max_model_len 1,048,576; the parallel plan is not in
// the excerpt, TP 2 here, and MLA's latent is whole on every rank, so nothing below depends on it):
// "22.5 GiB KV cache is needed, which is larger than the available KV cache memory (17.39 GiB).
// Based on the available memory, the estimated maximum model length is 810208." MLA keeps one
// latent of kv_lora_rank 256 + rope 64 per layer, whole on each rank: 36 x 320 x 2 B = 23,040 B
// per token; 1,048,576 x 23,040 B = 22.5 GiB exactly, whatever the block.
constexpr engine mistral_pool(byte_count pool) { return vllm_with({.kv_cache_memory_bytes = pool}); }
// vLLM's estimate is the longest length whose cdiv(len, block) blocks fit (kv_cache_utils.py
// estimate_max_model_len), a multiple of the block: 810,208 = 50,638 x 16 = 25,319 x 32, and not
// a multiple of 64 (12,659.5). In 16-token blocks of 16 x 23,040 = 368,640 B the printed 17.39
// GiB is 50,638 blocks and a fraction (17.38518 GiB; 50,637 print 17.38).
static_assert(810'208 % 32 == 0 && 810'208 % 64 == 32);
static_assert(gib_x100(50'638ULL * 368'640) == 1739 && gib_x100(50'637ULL * 368'640) == 1738);
constexpr engine_memory ms4 = engine_memory_of(models::mistral_small_4_119b, devices::h100_nvl, {}, mistral_pool(50'638ULL * 368'640 + 4096),
                                               {.tp = 2}, 1, 1'048'576);
static_assert(ms4.request_bytes == 1'048'576ULL * 23'040 && ms4.request_bytes == 45ULL * gib / 2);
static_assert(!ms4.engine_starts && ms4.stops == engine_term::kv_cache_cannot_hold_one_request);
// headroom pages MLA in 64-token blocks (FlashMLA's, detail/engine_vllm.hpp) of 64 x 23,040 =
// 1,474,560 B: that pool holds 12,659 of them, 810,176 tokens, 32 below the log (-0.004 %). The
// log's block was 16 or 32 tokens; recorded, not tuned (docs/engines.md, N9).
static_assert(ms4.block_size_tokens == 64 && ms4.block_bytes == 1'474'560 && ms4.largest_max_model_len == 810'176);
static_assert(810'208 - ms4.largest_max_model_len == 32);

// ---- N10: vllm-project/recipes PR #12 (4 Aug 2025, vLLM v0.10.1.dev101+gbda9d0535,
// Qwen3-Coder-480B-A35B-Instruct-FP8 on 8 x H20, -dp=8 --enable-expert-parallel, max_model_len
// 262,144): "62.00 GiB KV cache is needed, which is larger than the available KV cache memory
// (48.66 GiB) ... the estimated maximum model length is 205728", and at
// --gpu-memory-utilization 0.95 "(55.65 GiB) ... 235296". The FP8 weights are not the registry's
// BF16 checkpoint, so only the KV layout is compared. A data-parallel rank keeps all 8 KV heads:
// 62 layers x 8 x 128 x (K, V) x 2 B = 253,952 B per token, a block 16 x 253,952 = 4,063,232 B;
// 262,144 tokens = 16,384 blocks = 62.00 GiB. 205,728 = 12,858 blocks (48.657 GiB) and 235,296 =
// 14,706 blocks (55.650 GiB), each printing the log's pool.
constexpr engine_memory coder_at(std::uint64_t blocks) {
  return engine_memory_of(models::qwen3_coder_480b_a35b_instruct, devices::h20, {}, vllm_with({.kv_cache_memory_bytes = blocks * 4'063'232 + 4096}),
                          {.ep = 8, .dp = 8}, 1, 262'144);
}
constexpr engine_memory coder_a = coder_at(12'858);
static_assert(coder_a.block_bytes == 4'063'232 && coder_a.request_blocks == 16'384 && gib_x100(coder_a.request_bytes) == 6200);
static_assert(!coder_a.engine_starts && coder_a.stops == engine_term::kv_cache_cannot_hold_one_request);
static_assert(gib_x100(coder_a.available_kv_cache_bytes) == 4866 && coder_a.largest_max_model_len == 205'728);
constexpr engine_memory coder_b = coder_at(14'706);
static_assert(gib_x100(coder_b.available_kv_cache_bytes) == 5565 && coder_b.largest_max_model_len == 235'296);
}  // namespace
}  // namespace headroom_static_engine_logs_new_test
