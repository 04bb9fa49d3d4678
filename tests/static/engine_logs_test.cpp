// SPDX-License-Identifier: MIT
// Engine memory against public startup logs (docs/engines.md tabulates all of them). Every
// number below is a log's printed value or hand arithmetic written next to it, never a value
// read back from headroom. Exact block / page / cell arithmetic is asserted exactly; budgets
// that depend on a measured term (activation peak, non-torch) within 10 % of the log.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v3.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_70b_instruct.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>
#include <headroom/models/checkpoints/nvidia/nvidia_nemotron_nano_9b_v2.hpp>
#include <headroom/models/checkpoints/openai/gpt_oss_120b.hpp>
#include <headroom/models/checkpoints/openai/gpt_oss_20b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_235b_a22b_fp8.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_30b_a3b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_8b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_next_80b_a3b_instruct_fp8.hpp>

namespace headroom_static_engine_logs_test {

namespace {
using namespace headroom;

// GiB to two decimals, as vLLM's format_gib and the engines' "%.2f GiB" print it.
constexpr std::uint64_t gib_x100(byte_count b) { return (b * 100 + gib / 2) / gib; }
// |x - log| <= 10 % of log.
constexpr bool within_10pct(std::uint64_t x, std::uint64_t log) { return 10 * (x > log ? x - log : log - x) <= log; }

constexpr engine vllm_with(vllm_knobs k) { return {.kind = engine_kind::vllm, .vllm = k}; }
constexpr device with_memory(const device& d, byte_count b) {
  device x = d;
  x.memory_bytes = b;
  return x;
}

// ---- vLLM issue #27508: gpt-oss-120b, H100 (nvidia-smi 81,559 MiB), --gpu-memory-utilization
// 0.95 --max-num-batched-tokens 1024, max_model_len 131,072: "4.54 GiB KV cache is needed, which
// is larger than the available KV cache memory (1.71 GiB)" -> refused.
constexpr engine l8_engine = vllm_with({.gpu_memory_utilization = {950000}, .max_num_batched_tokens = 1024});
constexpr engine_memory l8 = engine_memory_of(models::gpt_oss_120b, devices::h100_sxm, {}, l8_engine, {}, 1, 131072);
static_assert(!l8.engine_starts && l8.stops == engine_term::kv_cache_cannot_hold_one_request);
// 18 full + 18 sliding layers, 8 KV heads x 64 x (K, V) x 2 B = 2,048 B per layer per token;
// group size 18, page 16 x 2,048 B; full: 131,072 / 16 = 8,192 blocks; sliding:
// cdiv(min(128 - 1 + 1024, 131072), 16) + 1 = 73 blocks.
static_assert(l8.block_size_tokens == 16 && l8.block_bytes == 18ULL * 16 * 2048);
static_assert(l8.request_blocks == 8192 + 73);
static_assert(l8.request_bytes == 18ULL * 32768 * 8265 && gib_x100(l8.request_bytes) == 454);
static_assert(l8.available_kv_cache_bytes < l8.request_bytes);
static_assert(!fits(models::gpt_oss_120b, devices::h100_sxm, {.seqs = 1, .context = 131072, .engine = l8_engine}));
// The report: `headroom fit gpt_oss_120b h100_sxm --context 131072` must not say it fits.
static_assert(!fits(models::gpt_oss_120b, devices::h100_sxm, {.seqs = 1, .context = 131072}));

// ---- vLLM issue #23278: gpt-oss-120b, H100, Marlin MXFP4 path: "Model loading took 65.9651
// GiB", "Available KV cache memory: -2.14 GiB" -> refused (utilization 0.90 then).
constexpr engine_memory l10 = engine_memory_of(models::gpt_oss_120b, devices::h100_sxm, {}, engines::vllm_0_20, {}, 1, 131072);
static_assert(!l10.engine_starts && l10.stops == engine_term::no_memory_for_kv_cache);
static_assert(within_10pct(l10.loaded_weights_bytes_per_rank, 6'596'510ULL * gib / 100'000));

// ---- vLLM issue #33155: the same model and device started on v0.11.2 with
// --gpu-memory-utilization 0.97 --max_num_seqs 100 --max-model-len $((85 * 1024)).
static_assert(engine_memory_of(models::gpt_oss_120b, devices::h100_sxm, {}, vllm_with({.gpu_memory_utilization = {970000}, .max_num_seqs = 100}),
                               {}, 1, 85 * 1024)
                  .engine_starts);
// The same thread on v0.14.1 ("[mxfp4.py:165] Using Triton backend"): "Model loading took 64.38
// GiB memory". headroom pads Hopper's experts as Marlin does (detail::vllm_mxfp4_padding says
// why): 65.90 GiB, +2.4 %.
static_assert(within_10pct(engine_memory_of(models::gpt_oss_120b, devices::h100_sxm, {}, engines::vllm, {}, 1, 85 * 1024)
                               .loaded_weights_bytes_per_rank,
                           6'438ULL * gib / 100));

// ---- vLLM issue #25350 (Qwen3-30B-A3B layout, --kv-cache-dtype fp8): "GPU KV cache size:
// 230,528 tokens", "Maximum concurrency for 100,000 tokens per request: 2.31x"; at
// --max-model-len 221000 "10.12 GiB KV cache is needed ... available KV cache memory (5.59 GiB)
// ... the estimated maximum model length is 122080".
// Per token: 48 layers x 4 KV heads x 128 x (K, V) x 1 B = 49,152 B; a block 16 x 49,152 =
// 786,432 B; 230,528 tokens = 14,408 blocks. Given the log's pool to the byte:
constexpr settings fp8_kv{.kv = kv_dtype::fp8};
constexpr engine_memory l9a = engine_memory_of(models::qwen3_30b_a3b, devices::h100_sxm, fp8_kv,
                                               vllm_with({.kv_cache_memory_bytes = 14'408ULL * 786'432}), {}, 1, 100000);
static_assert(l9a.block_bytes == 786'432 && l9a.kv_cache_blocks == 14'408 && l9a.kv_cache_tokens == 230'528);
static_assert(l9a.request_blocks == 6250 && l9a.max_concurrency_hundredths == 231);  // 14,408 / 6,250 = 2.305
// 221,000 tokens: cdiv(221000, 16) = 13,813 blocks x 786,432 B = 10.12 GiB; a pool of 7,630
// blocks (122,080 / 16) and a few bytes holds 122,080 tokens and not one block more.
constexpr engine_memory l9b = engine_memory_of(models::qwen3_30b_a3b, devices::h100_sxm, fp8_kv,
                                               vllm_with({.kv_cache_memory_bytes = 7'630ULL * 786'432 + 4096}), {}, 1, 221000);
static_assert(gib_x100(l9b.request_bytes) == 1012 && !l9b.engine_starts);
static_assert(l9b.largest_max_model_len == 122'080);

// ---- vLLM issue #10517 (v0.6.4, RTX 3090: nvidia-smi 24,576 MiB, "total_gpu_memory=23.58GiB",
// utilization 0.90, no chunked prefill so the profile runs max_model_len tokens, no graph
// profiling): Llama-3.1-8B at --max-model-len 20000 "kv_cache_size=3.81GiB", "# GPU blocks:
// 1952", "Maximum concurrency for 20000 tokens per request: 1.56x"; at 29000 refused (23,648
// tokens < 29,000).
constexpr device rtx_3090 = with_memory(devices::rtx_4090, 24'576ULL * mib);
constexpr engine v0_era(std::uint64_t batched) {
  return vllm_with({.gpu_memory_utilization = {900000}, .max_num_seqs = 256, .max_num_batched_tokens = batched,
                    .cudagraph_memory_profiling = false});
}
constexpr engine_memory l1 = engine_memory_of(models::llama_3_1_8b_instruct, rtx_3090, {}, v0_era(20000), {}, 1, 20000);
static_assert(l1.engine_starts && gib_x100(l1.total_bytes) == 2357);  // the log's 23.58 within 0.01 GiB
static_assert(within_10pct(l1.available_kv_cache_bytes, 381ULL * gib / 100));
static_assert(within_10pct(l1.kv_cache_blocks, 1952) && within_10pct(l1.max_concurrency_hundredths, 156));
constexpr engine_memory l2 = engine_memory_of(models::llama_3_1_8b_instruct, rtx_3090, {}, v0_era(29000), {}, 1, 29000);
static_assert(!l2.engine_starts && l2.stops == engine_term::kv_cache_cannot_hold_one_request);
static_assert(within_10pct(l2.kv_cache_tokens, 23'648));

// ---- vLLM PR #10511 (Meta-Llama-3-8B, H100, defaults of the day: utilization 0.90, 256
// sequences, max_model_len 8192 batched): "total_gpu_memory 79.22GiB", "model weights take
// 14.96GiB", "available_kv_cache_memory 53.29GiB".
constexpr engine_memory l3 = engine_memory_of(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, v0_era(8192), {}, 1, 8192);
static_assert(gib_x100(l3.total_bytes) == 7922 && gib_x100(l3.loaded_weights_bytes_per_rank) == 1496);
static_assert(within_10pct(l3.available_kv_cache_bytes, 5329ULL * gib / 100));

// ---- LMCache issue #3430 (vLLM 0.21.0, Qwen3-8B, RTX A5000 of 24,564 MiB, utilization 0.9764,
// max_model_len 16,384): "PIECEWISE=51 (largest=512), FULL=35 (largest=256)", "Estimated CUDA
// graph memory: 0.52 GiB", "Available KV cache memory: 6.37 GiB", "GPU KV cache size: 46,368
// tokens", "Maximum concurrency for 16,384 tokens per request: 2.83x".
static_assert(detail::vllm_capture_sizes_up_to(512) == 51 && detail::vllm_capture_sizes_up_to(256) == 35);
constexpr device rtx_a5000 = with_memory(devices::rtx_4090, 24'564ULL * mib);
constexpr engine_memory l11 =
    engine_memory_of(models::qwen3_8b, rtx_a5000, {}, vllm_with({.gpu_memory_utilization = {976400}}), {}, 1, 16384);
static_assert(l11.engine_starts && gib_x100(l11.cuda_graph_bytes) == 52);
static_assert(within_10pct(l11.available_kv_cache_bytes, 637ULL * gib / 100));
static_assert(within_10pct(l11.kv_cache_tokens, 46'368) && within_10pct(l11.max_concurrency_hundredths, 283));

// ---- Hybrid page alignment (vLLM HybridAttentionMambaModelConfig, alignment 16).
// Nemotron-Nano-9B-v2, Mamba state in bf16 as vLLM allocates it: conv (10,240 + 2 x 8 x 128) x 3
// + SSM 128 x 80 x 128 = 1,347,584 values x 2 B = 2,695,168 B; attention 8 x 128 x 2 x 2 =
// 4,096 B per token: 16 x cdiv(2,695,168, 16 x 4,096) = 16 x 42 = 672 tokens.
constexpr settings bf16_state{.ssm_h = state_dtype::bf16};
static_assert(engine_memory_of(models::nvidia_nemotron_nano_9b_v2, devices::h100_sxm, bf16_state, engines::vllm, {}, 1, 4096)
                  .block_size_tokens == 672);
// With f32 SSM state the page would be 16 x cdiv(5,316,608, 65,536) = 1,312 tokens.
static_assert(engine_memory_of(models::nvidia_nemotron_nano_9b_v2, devices::h100_sxm, {}, engines::vllm, {}, 1, 4096)
                  .block_size_tokens == 1312);
// Qwen3-Next GDN: conv 8,192 x 3 + state 32 x 128 x 128 = 548,864 values x 2 B = 1,097,728 B;
// attention 2 x 256 x 2 x 2 = 2,048 B: 16 x cdiv(1,097,728, 32,768) = 16 x 34 = 544 tokens.
static_assert(engine_memory_of(models::qwen3_next_80b_a3b_instruct_fp8, devices::h200_sxm, bf16_state, engines::vllm, {}, 1, 4096)
                  .block_size_tokens == 544);

// ---- SGLang PR #18263 (ROCm, Qwen3-30B-A3B bf16, a 288 GiB device): "mem_fraction_static
// 0.911" (the default heuristic: (294,474 - 26,240) MiB / 294,474 MiB = 0.911), "initial
// available_bytes 219721119039 / 204.63 GB".
constexpr engine_memory s3 = engine_memory_of(models::qwen3_30b_a3b, devices::mi355x, {}, engines::sglang, {}, 1, 40960);
static_assert(s3.budget_fraction.millionths == 911'000);
static_assert(within_10pct(s3.available_kv_cache_bytes, 219'721'119'039ULL));

// ---- SGLang PR #19718 (gpt-oss-120b, RTX PRO 6000 Blackwell Server, defaults): "Use sliding
// window memory pool. full_layer_tokens=318715, swa_layer_tokens=254972" (254,972 =
// int(318,715 x 0.8), swa_full_tokens_ratio 0.8).
constexpr engine_memory s2 =
    engine_memory_of(models::gpt_oss_120b, devices::rtx_pro_6000_server, {}, engines::sglang, {}, 1, 131072);
static_assert(within_10pct(s2.kv_cache_tokens, 318'715));
static_assert(s2.swa_kv_cache_tokens == s2.kv_cache_tokens * 4 / 5);

// ---- TensorRT-LLM issue #6294 (0.20.0, Llama-3.1-8B-Instruct-FP8, FP8 KV, max_tokens 860308
// smaller than the fraction's): "Number of tokens per block: 32.", "Allocated 52.51 GiB for max
// tokens in paged KV cache (860320)": ceil(860,308 / 32) = 26,885 blocks x 32 = 860,320 tokens
// x 65,536 B (32 layers x 8 x 128 x 2 x 1 B). The budget is not compared: the registry's
// Llama-3.1-8B is the bf16 checkpoint.
constexpr engine_memory t1 = engine_memory_of(
    models::llama_3_1_8b_instruct, devices::h100_sxm, fp8_kv,
    {.kind = engine_kind::trtllm, .trtllm = {.free_gpu_memory_fraction = {1000000}, .max_tokens = 860'308}}, {}, 1, 157);
static_assert(t1.block_size_tokens == 32 && t1.kv_cache_blocks == 26'885 && t1.kv_cache_tokens == 860'320);
static_assert(gib_x100(t1.kv_cache_tokens * 65'536) == 5251);

// ---- llama.cpp / ollama: KV buffers to the MiB.
constexpr engine llama(llama_cpp_knobs k) { return {.kind = engine_kind::llama_cpp, .llama_cpp = k}; }
// ollama issue #16480 (gpt-oss-120b, n_ctx 262144, n_seq_max 2, n_ubatch 1024, not unified):
// "n_ctx_seq = 131072", non-SWA "size = 9216.00 MiB (131072 cells, 18 layers, 2/2 seqs)", SWA
// "size = 1280 cells" and "90.00 MiB": 18 x 2,048 B x 131,072 x 2 streams = 9,216 MiB;
// pad256(min(131072, 128 + 1024)) = 1,280 cells x 18 x 2,048 B x 2 = 90 MiB.
constexpr engine_memory c1 = engine_memory_of(models::gpt_oss_120b, devices::mi300x, {},
                                              llama({.n_ctx = 262144, .n_seq_max = 2, .n_ubatch = 1024}), {}, 2, 131072);
static_assert(c1.n_ctx_seq == 131'072 && c1.kv_cache_tokens == 131'072);
static_assert(c1.available_kv_cache_bytes == (9216ULL + 90) * mib);
// Intel AI-Playground issue #325 (gpt-oss-120b, n_ctx 2000, 1 sequence, n_ubatch 512, no flash
// attention, an older build padding cells to 32): "2016 cells ... 70.88 MiB", SWA "640 cells"
// "22.50 MiB": 2,016 x 18 x 2,048 B + 640 x 18 x 2,048 B.
constexpr engine_memory c2 =
    engine_memory_of(models::gpt_oss_120b, devices::mi300x, {}, llama({.n_ctx = 2000, .n_seq_max = 1, .n_pad = 32}), {}, 1, 2000);
static_assert(c2.kv_cache_tokens == 2016 && c2.available_kv_cache_bytes == (2016ULL + 640) * 18 * 2048);
// ik_llama.cpp issue #822 (gpt-oss-20b, 131,072 cells, no sliding-window shrink): "KV self size
// = 6144.00 MiB": 24 layers x 2,048 B x 131,072.
constexpr engine_memory c3 = engine_memory_of(models::gpt_oss_20b, devices::mi300x, {},
                                              llama({.n_ctx = 131072, .n_seq_max = 1, .swa_full = true}), {}, 1, 131072);
static_assert(c3.available_kv_cache_bytes == 6144ULL * mib);
// The same issue's failure: without flash attention "CUDA0 compute buffer size = 16929.88 MiB",
// of which the scores are 131,072 cells x 512 ubatch rows x 64 heads x 4 B = 16,384 MiB.
constexpr engine_memory c3_no_fa = engine_memory_of(
    models::gpt_oss_20b, devices::mi300x, {}, llama({.n_ctx = 131072, .n_seq_max = 1, .swa_full = true, .flash_attn = false}), {}, 1, 131072);
static_assert(within_10pct(c3_no_fa.compute_buffer_bytes, 1'692'988ULL * mib / 100));
// ik_llama.cpp PR #259 (DeepSeek-V3/R1, MLA latent cache, n_ctx 32768, q8_0): "KV self size =
// 1166.62 MiB": 61 layers x (576 / 32 x 34 B) x 32,768 = 1,223,262,208 B.
constexpr engine_memory c4 = engine_memory_of(models::deepseek_v3, devices::mi300x, {},
                                              llama({.n_ctx = 32768, .n_seq_max = 1, .type_k = ggml_cache_type::q8_0}), {}, 1, 32768);
static_assert(c4.available_kv_cache_bytes == 61ULL * 612 * 32768);

// ---- Tensor-parallel logs: one rank's figures (`parallel{.tp = N}`), each rank holding 1 / N of
// the heads and matmul columns / rows; embeddings and LM head split over the vocabulary.

// vLLM PR #10511, the same command at -tp 2 (Meta-Llama-3-8B: the registry's Llama-3.1-8B has
// the same tensors, 32 layers, hidden 4096, intermediate 14,336, vocab 128,256, 8 KV heads; only
// RoPE scaling and max_position_embeddings differ, and max_model_len 8192 is given): "model
// weights take 7.48GiB", "non_torch_memory 3.58GiB", "PyTorch activation peak memory 1.26GiB",
// "the current vLLM instance can use 71.29GiB"; the available line is cut off in the thread.
// Per rank: embedding and LM head 2 x 64,128 x 4,096; per layer q/k/v (2,048 + 512 + 512) x
// 4,096, o 2,048 x 4,096, gate/up 2 x 7,168 x 4,096, down 7,168 x 4,096, two norms 2 x 4,096;
// final norm 4,096: 525,336,576 + 32 x 109,060,096 + 4,096 = 4,015,263,744 values x 2 B.
constexpr engine_memory l4 = engine_memory_of(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, v0_era(8192), {.tp = 2}, 1, 8192);
static_assert(l4.loaded_weights_bytes_per_rank == 2ULL * 4'015'263'744 && gib_x100(l4.loaded_weights_bytes_per_rank) == 748);
static_assert(l4.engine_starts && gib_x100(l4.total_bytes) == 7922);
// Available from the log's own printed terms: 71.29 - 7.48 - 3.58 - 1.26 = 58.97 GiB.
static_assert(within_10pct(l4.available_kv_cache_bytes, 5897ULL * gib / 100));

// vLLM issue #17469 (v0.8.5, Qwen3-30B-A3B bf16 on 4 x A10, --tensor-parallel-size 4): "Model
// loading took 14.2474 GiB" on each of the 4 ranks. The A10 is not in the registry; the weights
// of a rank do not depend on the device. Per rank: embedding and LM head 2 x 37,984 x 2,048;
// per layer q/k/v (1,024 + 128 + 128) x 2,048, o 1,024 x 2,048, q/k norms 2 x 128, two norms
// 2 x 2,048, the router 128 x 2,048 (replicated), 128 experts x 3 x 2,048 x 192; final norm
// 2,048: 155,582,464 + 48 x 155,980,032 + 2,048 = 7,642,626,048 values x 2 B = 14.2355 GiB.
// vLLM's figure is the allocator's growth over loading: 12.8 MB more, most of it likely the
// shared RoPE cos/sin cache, 40,960 x 128 x 2 B = 10 MiB.
constexpr byte_count l13_weights = rank_footprint(models::qwen3_30b_a3b, {}, {.tp = 4}).loaded_weights;
constexpr byte_count l13_log = 142'474ULL * gib / 10'000;
static_assert(l13_weights == 2ULL * 7'642'626'048);
static_assert(l13_weights < l13_log && 1000 * (l13_log - l13_weights) < l13_log);  // within 0.1 %

// vLLM issue #21348 (Jul 2025, Qwen3-235B-A22B-FP8, 4 x H100, --tensor-parallel-size 4, every
// other default: utilization 0.90, max_model_len 40,960): "Available KV cache memory: 8.11 GiB",
// "GPU KV cache size: 178,880 tokens". A rank holds 1 of the 4 KV heads: 94 layers x 1 x 128 x
// (K, V) x 2 B = 48,128 B per token, a block 16 x 48,128 = 770,048 B; 178,880 tokens = 11,180
// blocks = 8.02 GiB (most likely V1 sized the pool for the smallest of the workers; the printed
// 8.11 GiB would be 11,308 blocks). Given that pool to the byte:
constexpr engine l7_pool_engine = [] {
  engine e = engines::vllm_0_20;
  e.vllm.kv_cache_memory_bytes = 11'180ULL * 770'048;
  return e;
}();
constexpr engine_memory l7_pool =
    engine_memory_of(models::qwen3_235b_a22b_fp8, devices::h100_sxm, {}, l7_pool_engine, {.tp = 4}, 1, 40960);
static_assert(l7_pool.block_bytes == 770'048 && l7_pool.kv_cache_tokens == 178'880);
// From the budget headroom is above the log by more than 10 % (docs/engines.md, L7): recorded,
// not tuned. Its non-torch term is TP-independent while vLLM's grows with the ranks (PR #10511:
// 1.79 GiB at TP 1, 3.58 GiB at TP 2), and a comment on the thread blames the profiling order of vLLM PR
// #19312 for the small pool.
constexpr engine_memory l7 = engine_memory_of(models::qwen3_235b_a22b_fp8, devices::h100_sxm, {}, engines::vllm_0_20, {.tp = 4}, 1, 40960);
static_assert(l7.engine_starts && l7.block_bytes == 770'048);
static_assert(l7.available_kv_cache_bytes > 811ULL * gib / 100 && !within_10pct(l7.available_kv_cache_bytes, 811ULL * gib / 100));

// SGLang on the same thread: --tp 4 --mem-fraction-static 0.93: "KV Cache is allocated. #tokens:
// 367404, K size: 8.23 GB, V size: 8.23 GB" (SGLang's GB are GiB): 367,404 x 94 x 128 x 2 B.
constexpr engine_memory s1 = engine_memory_of(models::qwen3_235b_a22b_fp8, devices::h100_sxm, {},
                                              {.kind = engine_kind::sglang, .sglang = {.mem_fraction_static = {930000}}}, {.tp = 4}, 1, 40960);
static_assert(gib_x100(367'404ULL * 94 * 128 * 2) == 823 && s1.block_bytes == 2ULL * 94 * 128 * 2);
static_assert(s1.engine_starts && within_10pct(s1.kv_cache_tokens, 367'404));

// SGLang PR #11716 (Oct 2025, 8 x H200, TP 8; the model is not named: 53.31 GiB / 2,795,207 =
// 20,480 B of K per token = 80 layers x 1 KV head x 128 x 2 B, 30 checkpoint shards: Llama-3.1-70B;
// --mem-fraction-static not in the excerpt, so SGLang's default): "KV Cache is allocated. #tokens:
// 2795207, K size: 53.31 GB, V size: 53.31 GB".
constexpr engine_memory s4 = engine_memory_of(models::llama_3_1_70b_instruct, devices::h200_sxm, {}, engines::sglang, {.tp = 8}, 1, 131072);
static_assert(gib_x100(2'795'207ULL * 80 * 128 * 2) == 5331 && s4.block_bytes == 2ULL * 80 * 128 * 2);
static_assert(s4.engine_starts && within_10pct(s4.kv_cache_tokens, 2'795'207));

// ---- Inverse queries on the l9a pool (14,408 blocks of 16 tokens) under the admission rule
// S x (floor(T / 16) + 1) + 1 blocks (the next token and vLLM's null block):
// 1,000 + 99,000 tokens: 2 x 6,251 + 1 = 12,503 <= 14,408 < 3 x 6,251 + 1 -> 2 requests.
static_assert(kv_blocks_for(l9a, 2, 100'000) == 2 * (100'000 / 16 + 1) + 1);
static_assert(max_concurrency_at(l9a, 1000, 99000) == 2);
// 2 requests of 1,000 output tokens: up to 7,203 blocks each, 115,248 tokens, more than
// max_model_len 100,000 allows: the longest input is 99,000.
static_assert(longest_input_at(l9a, 2, 1000) == 99'000);
// 3 requests: 3 x 4,802 + 1 = 14,407 <= 14,408, so T + 1 <= 4,802 x 16 = 76,832 and the input
// is at most 76,832 - 1 - 1,000 = 75,831 tokens.
static_assert(longest_input_at(l9a, 3, 1000) == 75'831);
// docs/engines.md's first example.
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h100_sxm,
                     {.seqs = 64, .context = 4096, .engine = {.kind = engine_kind::sglang}});
}  // namespace
}  // namespace headroom_static_engine_logs_test
