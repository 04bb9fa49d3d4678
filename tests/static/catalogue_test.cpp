// SPDX-License-Identifier: MIT
// The catalogue: for every shipped checkpoint, its weight bytes, parameter count,
// KV bytes per token (BF16 and FP8) and state bytes per sequence, each against a published
// figure (the checkpoint's model.safetensors.index.json total_size, or the Hub's safetensors
// parameter count as recorded by debaditc/kvfit models.json @ bd4ccabf and similar registries)
// or hand arithmetic on its config.json written here. Sources per model: its table's
// `source` field (repository, files read, assumptions).
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include <iterator>
#include <type_traits>
#include <utility>

namespace headroom_static_catalogue_test {

namespace {
using namespace headroom;
using u64 = std::uint64_t;
constexpr settings bf16_kv{.kv = kv_dtype::bf16};
constexpr settings fp8_kv{.kv = kv_dtype::fp8};

constexpr u64 weights(const model& m) { return footprint(m, {}).weights; }
constexpr u64 kv_bf16(const model& m) { return footprint(m, bf16_kv).kv_per_token; }
constexpr u64 kv_fp8(const model& m) { return footprint(m, fp8_kv).kv_per_token; }
constexpr u64 state(const model& m) { return footprint(m, {}).state_per_seq; }
constexpr u64 conv(const model& m) { return footprint(m, {}).conv_per_seq; }
// GQA KV per token: layers x 2 (K, V) x kv_heads x head_dim x element bytes.
constexpr u64 gqa_kv(u64 layers, u64 kv_heads, u64 head_dim, u64 elem) { return layers * 2 * kv_heads * head_dim * elem; }

// ---- dense GQA ------------------------------------------------------------------------------
// Llama-3.1-70B-Instruct: total_size 141,107,412,992; 70,553,706,496 parameters (Hub).
static_assert(weights(models::llama_3_1_70b_instruct) == 141'107'412'992);
static_assert(parameter_count(models::llama_3_1_70b_instruct) == 70'553'706'496);
static_assert(kv_bf16(models::llama_3_1_70b_instruct) == gqa_kv(80, 8, 128, 2) && gqa_kv(80, 8, 128, 2) == 327'680);
static_assert(kv_fp8(models::llama_3_1_70b_instruct) == gqa_kv(80, 8, 128, 1));
static_assert(state(models::llama_3_1_70b_instruct) == 0);
// Llama-3.1-405B-Instruct: 405,853,388,800 parameters (Hub), BF16 total 811,706,777,600.
static_assert(weights(models::llama_3_1_405b_instruct) == 811'706'777'600);
static_assert(parameter_count(models::llama_3_1_405b_instruct) == 405'853'388'800);
static_assert(kv_bf16(models::llama_3_1_405b_instruct) == gqa_kv(126, 8, 128, 2));
static_assert(kv_fp8(models::llama_3_1_405b_instruct) == gqa_kv(126, 8, 128, 1));
// Qwen3-8B: total_size 16,381,470,720; 8,190,735,360 parameters.
static_assert(weights(models::qwen3_8b) == 16'381'470'720);
static_assert(parameter_count(models::qwen3_8b) == 8'190'735'360);
static_assert(kv_bf16(models::qwen3_8b) == gqa_kv(36, 8, 128, 2) && kv_fp8(models::qwen3_8b) == gqa_kv(36, 8, 128, 1));
// Qwen3-32B: total_size 65,524,246,528; 32,762,123,264 parameters.
static_assert(weights(models::qwen3_32b) == 65'524'246'528);
static_assert(parameter_count(models::qwen3_32b) == 32'762'123'264);
static_assert(kv_bf16(models::qwen3_32b) == gqa_kv(64, 8, 128, 2) && kv_fp8(models::qwen3_32b) == gqa_kv(64, 8, 128, 1));
// Mistral-7B-v0.1: 7,241,732,096 parameters; 14,483,464,192 B (the v0.2 index, same shapes).
static_assert(weights(models::mistral_7b_v0_1) == 14'483'464'192);
static_assert(parameter_count(models::mistral_7b_v0_1) == 7'241'732'096);
// Every layer slides over 4,096 tokens: all tokens held by default, 4,096 with eviction (the
// arithmetic's --evict-sliding, engines::none's knob).
constexpr engine evicting{.kind = engine_kind::none, .evict_sliding = true};
static_assert(kv_bf16(models::mistral_7b_v0_1) == gqa_kv(32, 8, 128, 2) && kv_fp8(models::mistral_7b_v0_1) == gqa_kv(32, 8, 128, 1));
static_assert(footprint(models::mistral_7b_v0_1, {}, evicting).kv_per_token == 0);
static_assert(footprint(models::mistral_7b_v0_1, {}, evicting).swa_kv_per_token == gqa_kv(32, 8, 128, 2));
static_assert(footprint(models::mistral_7b_v0_1, {}, evicting).per_seq(32768) == 4096 * gqa_kv(32, 8, 128, 2));
// nvidia/Llama-3.3-70B-Instruct-FP8: no published total; hand sum. Per layer the seven
// projections at 1 B/element, each with an F32 weight_scale and input_scale, k_proj and v_proj
// also an F32 k_scale / v_scale; two BF16 norms. BF16 embed_tokens and lm_head, final norm.
constexpr u64 l70_linear = 2 * 8192ULL * 8192 + 2 * 1024ULL * 8192 + 3 * 28672ULL * 8192;
constexpr u64 l70_fp8 = 80 * (l70_linear + 7 * 8 + 2 * 4 + 2 * 8192 * 2) + 2 * 128256ULL * 8192 * 2 + 8192 * 2;
static_assert(weights(models::llama_3_3_70b_instruct_fp8) == l70_fp8);
static_assert(parameter_count(models::llama_3_3_70b_instruct_fp8) == 70'553'706'496);  // same shapes as the BF16 release
static_assert(scale_elements(models::llama_3_3_70b_instruct_fp8) == 80 * (7 * 2 + 2));
static_assert(kv_bf16(models::llama_3_3_70b_instruct_fp8) == 327'680);
// nvidia/Llama-3.1-70B-Instruct-FP8: no published total; the same ModelOpt export of the same
// shapes (hf_quant_config.json: FP8, FP8 KV cache, lm_head excluded): the same hand sum.
static_assert(weights(models::llama_3_1_70b_instruct_fp8) == l70_fp8);
static_assert(parameter_count(models::llama_3_1_70b_instruct_fp8) == 70'553'706'496);
static_assert(scale_elements(models::llama_3_1_70b_instruct_fp8) == 80 * (7 * 2 + 2));
// Qwen3-32B-FP8: the Hub's safetensors metadata counts BF16 1,558,406,144 + F8_E4M3
// 31,205,621,760 elements: Qwen3-32B's parameters and one scale per 128 x 128 block (per layer q
// [8192, 5120] and o 64 x 40 blocks each, k, v [1024, 5120] 8 x 40, gate, up [25600, 5120] and
// down 200 x 40). In those counts the scales are BF16: the files hold 1,558,406,144 x 2 +
// 31,205,621,760 = 34,322,434,048 B; the fp8/block law counts each scale F32, 2 B more.
constexpr u64 q32_blocks = 64 * (2 * 64 * 40 + 2 * 8 * 40 + 3 * 200 * 40);
static_assert(parameter_count(models::qwen3_32b_fp8) == 32'762'123'264);
static_assert(scale_elements(models::qwen3_32b_fp8) == q32_blocks);
static_assert(parameter_count(models::qwen3_32b_fp8) + q32_blocks == 1'558'406'144ULL + 31'205'621'760ULL);
static_assert(weights(models::qwen3_32b_fp8) == 1'558'406'144ULL * 2 + 31'205'621'760ULL + 2 * q32_blocks);
// Qwen/Qwen3-32B-FP8-Static-PerTensor (ModelOpt FP8 per tensor, FP8 KV cache, lm_head
// excluded): no published total; hand sum, as tests/cli/import_modelopt_lists_test.cpp writes it
// out: per layer q [8192, 5120], k, v [1024, 5120], o [5120, 8192], gate, up [25600, 5120], down
// [5120, 25600] at 1 B/element, each with an F32 weight_scale and input_scale, k_proj and v_proj
// also an F32 k_scale / v_scale; two norms [5120], q_norm, k_norm [128] BF16; BF16 embed_tokens
// and lm_head [151936, 5120], the final norm.
constexpr u64 q32_linear = 2 * 8192ULL * 5120 + 2 * 1024ULL * 5120 + 3 * 25600ULL * 5120;
static_assert(q32_linear == 487'587'840);
static_assert(weights(models::qwen3_32b_fp8_static_per_tensor) ==
              64 * (q32_linear + 7 * 8 + 2 * 4 + 2 * (2 * 5120 + 2 * 128)) + 2 * 151936ULL * 5120 * 2 + 5120 * 2);
static_assert(weights(models::qwen3_32b_fp8_static_per_tensor) == 34'318'628'864);
static_assert(parameter_count(models::qwen3_32b_fp8_static_per_tensor) == 32'762'123'264);  // Qwen3-32B's shapes
static_assert(scale_elements(models::qwen3_32b_fp8_static_per_tensor) == 64 * (7 * 2 + 2));
// Qwen3 dense, every tensor BF16, by hand from config.json: per layer q [q_heads x 128, hidden],
// k, v [8 x 128, hidden], o [hidden, q_heads x 128], gate, up [inter, hidden], down [hidden,
// inter], q_norm, k_norm [128] and two norms [hidden]; embed_tokens (and, untied, lm_head)
// [151936, hidden]; the final norm.
constexpr u64 q3_params(u64 hidden, u64 inter, u64 layers, u64 q_heads, bool tied) {
  return layers * (2 * q_heads * 128 * hidden + 2 * 1024 * hidden + 3 * inter * hidden + 2 * 128 + 2 * hidden) +
         (tied ? 1 : 2) * 151936 * hidden + hidden;
}
// Qwen3-14B: total_size 29,536,614,400 (untied), 14,768,307,200 parameters.
static_assert(q3_params(5120, 17408, 40, 40, false) == 14'768'307'200 && 2 * 14'768'307'200ULL == 29'536'614'400);
static_assert(weights(models::qwen3_14b) == 29'536'614'400);
static_assert(parameter_count(models::qwen3_14b) == 14'768'307'200);
// Qwen3-4B: total_size 8,044,936,192: tied, no lm_head stored; 4,022,468,096 parameters.
static_assert(q3_params(2560, 9728, 36, 32, true) == 4'022'468'096 && 2 * 4'022'468'096ULL == 8'044'936'192);
static_assert(weights(models::qwen3_4b) == 8'044'936'192);
static_assert(parameter_count(models::qwen3_4b) == 4'022'468'096);
// Qwen3-1.7B: total_size 4,063,479,808 holds a copy of the tied lm_head, 151,936 x 2,048 x 2 =
// 622,329,856 B, which the table follows config.json in not counting (engines tie the head).
static_assert(2 * q3_params(2048, 6144, 28, 16, true) == 4'063'479'808 - 151936ULL * 2048 * 2);
static_assert(weights(models::qwen3_1_7b) == 4'063'479'808 - 151936ULL * 2048 * 2);
static_assert(parameter_count(models::qwen3_1_7b) == q3_params(2048, 6144, 28, 16, true));
// Qwen3-0.6B: the Hub's safetensors metadata reports 751,632,384 BF16 parameters, a materialised
// lm_head [151936, 1024] among them: the tied model is the rest.
static_assert(q3_params(1024, 3072, 28, 16, true) == 751'632'384 - 151936ULL * 1024);
static_assert(parameter_count(models::qwen3_0_6b) == 751'632'384 - 151936ULL * 1024);
static_assert(weights(models::qwen3_0_6b) == 2 * (751'632'384 - 151936ULL * 1024));

// ---- GQA MoE --------------------------------------------------------------------------------
// Qwen3-30B-A3B: total_size 61,064,245,248; 30,532,122,624 parameters; KV 98,304 B/token at
// BF16: 48 x 2 x 4 x 128 x 2 (alibaba/InferSim prints 96.00 KB, the same bytes in KiB).
static_assert(weights(models::qwen3_30b_a3b) == 61'064'245'248);
static_assert(parameter_count(models::qwen3_30b_a3b) == 30'532'122'624);
static_assert(kv_bf16(models::qwen3_30b_a3b) == 98'304 && kv_bf16(models::qwen3_30b_a3b) == gqa_kv(48, 4, 128, 2));
static_assert(kv_fp8(models::qwen3_30b_a3b) == gqa_kv(48, 4, 128, 1));
// Qwen3-235B-A22B: total_size 470,187,269,120; 235,093,634,560 parameters.
static_assert(weights(models::qwen3_235b_a22b) == 470'187'269'120);
static_assert(parameter_count(models::qwen3_235b_a22b) == 235'093'634'560);
static_assert(kv_bf16(models::qwen3_235b_a22b) == gqa_kv(94, 4, 128, 2) && kv_fp8(models::qwen3_235b_a22b) == gqa_kv(94, 4, 128, 1));
// Qwen3-235B-A22B-FP8: hand sum. Per layer: q [8192, 4096], k, v [512, 4096], o [4096, 8192]
// and 128 experts x (gate, up [1536, 4096], down [4096, 1536]) at 1 B/element plus one F32
// per 128 x 128 block; router [128, 4096], q_norm, k_norm [128], two norms [4096] in BF16.
constexpr u64 q235_attn = 8192ULL * 4096 + 2 * 512ULL * 4096 + 4096ULL * 8192 + 4 * (64 * 32 + 2 * 4 * 32 + 32 * 64);
constexpr u64 q235_experts = 128 * (3 * 1536ULL * 4096 + 4 * 3 * 12 * 32);
constexpr u64 q235_bf16 = 2 * (128ULL * 4096 + 2 * 128 + 2 * 4096);
static_assert(weights(models::qwen3_235b_a22b_fp8) ==
              94 * (q235_attn + q235_experts + q235_bf16) + 2 * 151936ULL * 4096 * 2 + 4096 * 2);
static_assert(parameter_count(models::qwen3_235b_a22b_fp8) == 235'093'634'560);
// Qwen3-30B-A3B-FP8: hand sum, laid out as Qwen3-235B-A22B-FP8's: per layer q [4096, 2048], k, v
// [512, 2048], o [2048, 4096] and 128 experts x (gate, up [768, 2048], down [2048, 768]) at 1
// B/element plus one F32 per 128 x 128 block; router [128, 2048], q_norm, k_norm [128], two norms
// [2048] in BF16.
constexpr u64 q30f_attn = 4096ULL * 2048 + 2 * 512ULL * 2048 + 2048ULL * 4096 + 4 * (32 * 16 + 2 * 4 * 16 + 16 * 32);
constexpr u64 q30f_experts = 128 * (3 * 768ULL * 2048 + 4 * 3 * 6 * 16);
constexpr u64 q30f_bf16 = 2 * (128ULL * 2048 + 2 * 128 + 2 * 2048);
static_assert(weights(models::qwen3_30b_a3b_fp8) ==
              48 * (q30f_attn + q30f_experts + q30f_bf16) + 2 * 151936ULL * 2048 * 2 + 2048 * 2);
static_assert(parameter_count(models::qwen3_30b_a3b_fp8) == 30'532'122'624);
// Qwen3-Coder-480B-A35B-Instruct: 480,154,875,392 parameters (the Hub's safetensors metadata),
// every tensor BF16.
static_assert(parameter_count(models::qwen3_coder_480b_a35b_instruct) == 480'154'875'392);
static_assert(weights(models::qwen3_coder_480b_a35b_instruct) == 2 * 480'154'875'392ULL);
// Mixtral-8x7B-v0.1: total_size 93,405,585,408; 46,702,792,704 parameters.
static_assert(weights(models::mixtral_8x7b_v0_1) == 93'405'585'408);
static_assert(parameter_count(models::mixtral_8x7b_v0_1) == 46'702'792'704);
static_assert(kv_bf16(models::mixtral_8x7b_v0_1) == gqa_kv(32, 8, 128, 2));
// Mixtral-8x22B-v0.1: 140,620,634,112 parameters (public tables of Hub counts, the
// mistral-community copy); a public audit of its 59 shard headers: 1,739 tensors, 281,241,268,224
// B of tensor data. By hand: per layer q [6144, 6144], k, v [1024, 6144], o [6144, 6144], router
// [8, 6144], 8 experts x (w1, w3 [16384, 6144], w2 [6144, 16384]), two norms [6144]; embed_tokens
// and lm_head [32000, 6144], the final norm.
constexpr u64 mx22_layer = 2 * 6144ULL * 6144 + 2 * 1024ULL * 6144 + 8 * 6144 + 8 * 3 * 16384ULL * 6144 + 2 * 6144;
static_assert(56 * mx22_layer + 2 * 32000ULL * 6144 + 6144 == 140'620'634'112);
static_assert(parameter_count(models::mixtral_8x22b_v0_1) == 140'620'634'112);
static_assert(weights(models::mixtral_8x22b_v0_1) == 281'241'268'224 && 2 * 140'620'634'112ULL == 281'241'268'224);
// MiniMax-M2.5: MiniMax-M2.7's shapes (tests/static/minimax_m2_7_test.cpp), by hand: per layer q
// [6144, 3072], k, v [1024, 3072], o [3072, 6144] and 256 experts x (w1, w3 [1536, 3072], w2
// [3072, 1536]) FP8 with an F32 scale per 128 x 128 block (q 48 x 24, k, v 8 x 24, o 24 x 48, each
// expert matrix 12 x 24); q_norm [6144], k_norm [1024], two norms [3072], router [256, 3072] BF16,
// e_score_correction_bias [256] F32; embed_tokens and lm_head [200064, 3072] BF16, the final norm.
// The Hub's element count, as a public table of Hub counts lists it, is 228,703,644,928: these
// parameters plus the block scales.
constexpr u64 mm_fp8 = 6144ULL * 3072 + 2 * 1024ULL * 3072 + 3072ULL * 6144 + 256 * 3 * 1536ULL * 3072;
constexpr u64 mm_blocks = 48 * 24 + 2 * 8 * 24 + 24 * 48 + 256 * 3 * 12 * 24;
constexpr u64 mm_bf16 = 6144 + 1024 + 2 * 3072 + 256ULL * 3072;
static_assert(parameter_count(models::minimax_m2_5) == 62 * (mm_fp8 + mm_bf16 + 256) + 2 * 200064ULL * 3072 + 3072);
static_assert(scale_elements(models::minimax_m2_5) == 62 * mm_blocks);
static_assert(parameter_count(models::minimax_m2_5) + 62 * mm_blocks == 228'703'644'928);
static_assert(weights(models::minimax_m2_5) ==
              62 * (mm_fp8 + 4 * mm_blocks + 2 * mm_bf16 + 4 * 256) + 2 * 2 * 200064ULL * 3072 + 2 * 3072);
// nvidia/Qwen3-30B-A3B-NVFP4: hand sum. NVFP4 weight = 0.5625 B/element (E2M1 pairs + one
// E4M3 per 16) + F32 weight_scale_2 + F32 input_scale per tensor; k_proj, v_proj also an F32
// k_scale / v_scale (FP8 KV). Per layer q [4096, 2048], k, v [512, 2048], o [2048, 4096] and
// 128 experts x (gate, up [768, 2048], down [2048, 768]); BF16 router [128, 2048], q_norm,
// k_norm [128], two norms [2048]; BF16 embed_tokens and lm_head.
constexpr u64 nv(u64 out, u64 in) { return out * in * 9 / 16 + 8; }
constexpr u64 q30_layer = nv(4096, 2048) + 2 * (nv(512, 2048) + 4) + nv(2048, 4096) + 128 * 3 * nv(768, 2048) +
                          2 * (128ULL * 2048 + 2 * 128 + 2 * 2048);
static_assert(weights(models::qwen3_30b_a3b_nvfp4) == 48 * q30_layer + 2 * 151936ULL * 2048 * 2 + 2048 * 2);
static_assert(parameter_count(models::qwen3_30b_a3b_nvfp4) == 30'532'122'624);
static_assert(kv_fp8(models::qwen3_30b_a3b_nvfp4) == gqa_kv(48, 4, 128, 1));
// NVFP4 law: 0.5625 B/parameter (E2M1 + one E4M3 scale per 16), not 0.5; BF16 parts stay 2 B.
static_assert(weight_bytes(formats::nvfp4_g16, 768, 2048) * 16 == 768ULL * 2048 * 9 + 64);
// nvidia/Qwen3-235B-A22B-NVFP4: hand sum, Qwen3-30B-A3B-NVFP4's recipe (hf_quant_config.json
// excludes the 94 routers and lm_head) on Qwen3-235B-A22B's shapes: per layer q [8192, 4096], k, v
// [512, 4096] (with k_scale / v_scale), o [4096, 8192] and 128 experts x (gate, up [1536, 4096],
// down [4096, 1536]) in NVFP4; BF16 router [128, 4096], q_norm, k_norm [128], two norms [4096];
// BF16 embed_tokens and lm_head. Scales: one E4M3 per 16 elements, weight_scale_2 and input_scale
// per tensor, k_scale / v_scale.
constexpr u64 q235nv_layer = nv(8192, 4096) + 2 * (nv(512, 4096) + 4) + nv(4096, 8192) + 128 * 3 * nv(1536, 4096) +
                             2 * (128ULL * 4096 + 2 * 128 + 2 * 4096);
static_assert(weights(models::qwen3_235b_a22b_nvfp4) == 94 * q235nv_layer + 2 * 151936ULL * 4096 * 2 + 4096 * 2);
static_assert(parameter_count(models::qwen3_235b_a22b_nvfp4) == 235'093'634'560);  // the BF16 release's shapes
static_assert(scale_elements(models::qwen3_235b_a22b_nvfp4) ==
              94 * ((8192 + 2 * 512 + 8192 + 128 * 3 * 1536ULL) * 4096 / 16 + (4 + 128 * 3) * 2 + 2));
static_assert(kv_fp8(models::qwen3_235b_a22b_nvfp4) == gqa_kv(94, 4, 128, 1));
// nvidia/MiniMax-M2.5-NVFP4 and -M2.7-NVFP4: hand sum, MiniMax-M2.5's shapes (above) with the
// 256 experts' w1, w3 [1536, 3072] and w2 [3072, 1536] NVFP4 (nv: NVFP4 activations, so an F32
// input_scale too) and everything else BF16 (hf_quant_config.json excludes lm_head and every
// layer's block_sparse_moe.gate and self_attn*): per layer q, k, v, o BF16, k_proj / v_proj an F32
// k_scale / v_scale (FP8 KV cache); q_norm, k_norm, two norms, router BF16 (mm_bf16);
// e_score_correction_bias F32; BF16 embed_tokens and lm_head, the final norm.
constexpr u64 mm_attn = 6144ULL * 3072 + 2 * 1024ULL * 3072 + 3072ULL * 6144;
constexpr u64 mm_nvfp4 = 62 * (2 * mm_attn + 2 * 4 + 256 * 3 * nv(1536, 3072) + 2 * mm_bf16 + 4 * 256) +
                         2 * 2 * 200064ULL * 3072 + 2 * 3072;
static_assert(mm_nvfp4 == 134'401'757'680);
static_assert(weights(models::minimax_m2_5_nvfp4) == mm_nvfp4 && weights(models::minimax_m2_7_nvfp4) == mm_nvfp4);
static_assert(parameter_count(models::minimax_m2_5_nvfp4) == parameter_count(models::minimax_m2_5));
static_assert(parameter_count(models::minimax_m2_7_nvfp4) == 228'703'644'928 - 62 * mm_blocks);

// ---- Gemma-4, NVIDIA NVFP4 exports ------------------------------------------------------------
// The BF16 releases' parameters are the hand sums of tests/static/gemma4_test.cpp (30,697,345,340
// and 25,233,141,790, the model card's 30.7B and 25.2B); the exports store the text decoder's
// tensors so, but those named NVFP4 (nv: E/2 + E/16 + an F32 weight_scale_2 and input_scale in
// place of 2E) and an F32 k_scale / v_scale on every k_proj and v_proj (FP8 KV cache). The vision
// towers are not counted, as in the BF16 tables.
// nvidia/Gemma-4-31B-IT-NVFP4: every layer's MLP gate_proj, up_proj [21504, 5376] and down_proj
// [5376, 21504]; scales on the 50 sliding layers' k_proj and v_proj and the 10 global layers'
// k_proj (attention_k_eq_v: no v_proj), 110.
static_assert(nv(21504, 5376) == 65'028'104);
static_assert(weights(models::gemma_4_31b_it_nvfp4) ==
              2 * 30'697'345'340ULL - 60 * 3 * (2 * 21504ULL * 5376 - nv(21504, 5376)) + 110 * 4);
static_assert(parameter_count(models::gemma_4_31b_it_nvfp4) == 30'697'345'340);
// nvidia/Gemma-4-26B-A4B-NVFP4: the 30 layers' 128 experts' fused gate_up_proj [1408, 2816] and
// down_proj [2816, 704] (the dense MLP, router and attention excluded); scales on 25 x 2 + 5 = 55.
static_assert(2 * 1408ULL * 2816 - nv(1408, 2816) + 2 * 2816ULL * 704 - nv(2816, 704) == 8'549'360);
static_assert(weights(models::gemma_4_26b_a4b_nvfp4) == 2 * 25'233'141'790ULL - 30 * 128 * 8'549'360ULL + 55 * 4);
static_assert(parameter_count(models::gemma_4_26b_a4b_nvfp4) == 25'233'141'790);

// ---- Qwen3-VL -------------------------------------------------------------------------------
// Each Qwen3-VL release is a Qwen3 text decoder (the table of the same dims above) and the vision
// tower it stores (model.visual.*, transformers' Qwen3VLVisionModel), every tensor BF16. By hand
// from vision_config, per tower of hidden h, intermediate i, depth d (patch 16 x 16 x 2 frames of
// 3 channels, merge 2 x 2, 2,304 positions) projecting into the text width t:
//   patch_embed Conv3d [h, 3, 2, 16, 16] + bias; pos_embed [2304, h];
//   per block norm1, norm2 (weight, bias), attn.qkv [3h, h], attn.proj [h, h], mlp.linear_fc1
//   [i, h], linear_fc2 [h, i], all with biases;
//   merger: norm over h, linear_fc1 [4h, 4h], linear_fc2 [t, 4h] with biases;
//   three deepstack mergers (deepstack_visual_indexes): a norm over 4h and the same two linears.
constexpr u64 vl_tower(u64 h, u64 i, u64 d, u64 t) {
  const u64 block = 4 * h + (3 * h * h + 3 * h) + (h * h + h) + (i * h + i) + (h * i + h);
  const u64 merge = (4 * h) * (4 * h) + 4 * h + t * 4 * h + t;
  return (h * 3 * 2 * 16 * 16 + h) + 2304 * h + d * block + (2 * h + merge) + 3 * (2 * 4 * h + merge);
}
// The small tower (2B, 4B: h 1024, i 4096, depth 24) and the larger one (8B, 32B, 30B-A3B,
// 235B-A22B: Qwen3.5's, h 1152, i 4304, depth 27).
static_assert(vl_tower(1024, 4096, 24, 2048) == 406'957'056 && vl_tower(1024, 4096, 24, 2560) == 415'347'712);
static_assert(vl_tower(1152, 4304, 27, 4096) == 576'388'336 && vl_tower(1152, 4304, 27, 5120) == 595'266'800);
static_assert(vl_tower(1152, 4304, 27, 2048) == 538'631'408);
static_assert(models::blocks::vision_tower_params(models::family::qwen3_vl_small_vision_tower, 2048, 3) == 406'957'056);
static_assert(models::blocks::vision_tower_params(models::family::qwen3_5_vision_tower, 2048, 3) == 538'631'408);
// Qwen3-VL-2B-Instruct: Qwen3-1.7B's decoder (1,720,574,976 parameters, tied) and the small tower:
// 2,127,532,032 parameters, the Hub's safetensors count (revision 89644892e4d8: one
// model.safetensors of 625 tensors, 4,255,064,064 B of data, as public projects pin them).
static_assert(q3_params(2048, 6144, 28, 16, true) == 1'720'574'976);
static_assert(1'720'574'976ULL + 406'957'056 == 2'127'532'032);
static_assert(parameter_count(models::qwen3_vl_2b_instruct) == 2'127'532'032);
static_assert(weights(models::qwen3_vl_2b_instruct) == 4'255'064'064);
static_assert(footprint(models::qwen3_vl_2b_instruct, {}).vision_weights == 2 * 406'957'056ULL);
// Qwen3-VL-4B-Instruct: total_size 8,875,631,616 (revision ebb281ec70b0, as a public audit of its
// two shard headers records it: 713 tensors, every one BF16; the 315 model.visual.* tensors hold
// 830,695,424 B): Qwen3-4B's 4,022,468,096 parameters and the small tower into 2560.
static_assert(2 * (4'022'468'096ULL + 415'347'712) == 8'875'631'616 && 2 * 415'347'712ULL == 830'695'424);
static_assert(weights(models::qwen3_vl_4b_instruct) == 8'875'631'616);
static_assert(parameter_count(models::qwen3_vl_4b_instruct) == 4'022'468'096ULL + 415'347'712);
static_assert(footprint(models::qwen3_vl_4b_instruct, {}).vision_weights == 830'695'424);
// Qwen3-VL-8B-Instruct: total_size 17,534,247,392 (as a public note quotes its index); 8,767,123,696
// parameters (a public model catalogue's count): Qwen3-8B's 8,190,735,360 and the larger tower.
static_assert(8'190'735'360ULL + 576'388'336 == 8'767'123'696 && 2 * 8'767'123'696ULL == 17'534'247'392);
static_assert(weights(models::qwen3_vl_8b_instruct) == 17'534'247'392);
static_assert(parameter_count(models::qwen3_vl_8b_instruct) == 8'767'123'696);
static_assert(footprint(models::qwen3_vl_8b_instruct, {}).vision_weights == 2 * 576'388'336ULL);
// Qwen3-VL-32B-Instruct and -Thinking (one config.json): no published total_size or parameter
// count was found: hand sum, Qwen3-32B's 32,762,123,264 parameters and the larger tower into 5120,
// 33,357,390,064 (the 33.4B public listings show).
static_assert(32'762'123'264ULL + 595'266'800 == 33'357'390'064);
static_assert(parameter_count(models::qwen3_vl_32b_instruct) == 33'357'390'064);
static_assert(weights(models::qwen3_vl_32b_instruct) == 2 * 33'357'390'064ULL);
static_assert(weights(models::qwen3_vl_32b_thinking) == 2 * 33'357'390'064ULL);
static_assert(footprint(models::qwen3_vl_32b_thinking, {}).vision_weights == 2 * 595'266'800ULL);
// Qwen3-VL-30B-A3B-Instruct: 31,070,754,032 parameters in 882 tensors (a public inspection report
// of the checkpoint; a public model catalogue gives the same count): Qwen3-30B-A3B's
// 30,532,122,624 and the larger tower into 2048.
static_assert(30'532'122'624ULL + 538'631'408 == 31'070'754'032);
static_assert(parameter_count(models::qwen3_vl_30b_a3b_instruct) == 31'070'754'032);
static_assert(weights(models::qwen3_vl_30b_a3b_instruct) == 2 * 31'070'754'032ULL);
static_assert(footprint(models::qwen3_vl_30b_a3b_instruct, {}).vision_weights == 2 * 538'631'408ULL);
// Qwen3-VL-235B-A22B-Instruct: 235,670,022,896 parameters (the same catalogue's count; no
// total_size was found): Qwen3-235B-A22B's 235,093,634,560 and the larger tower into 4096.
static_assert(235'093'634'560ULL + 576'388'336 == 235'670'022'896);
static_assert(parameter_count(models::qwen3_vl_235b_a22b_instruct) == 235'670'022'896);
static_assert(weights(models::qwen3_vl_235b_a22b_instruct) == 2 * 235'670'022'896ULL);
static_assert(footprint(models::qwen3_vl_235b_a22b_instruct, {}).vision_weights == 2 * 576'388'336ULL);

// ---- Qwen3 hybrid ---------------------------------------------------------------------------
// Qwen3-Next-80B-A3B-Instruct-FP8: hand sum (tests/static/qwen3_next_80b_a3b_instruct_test.cpp
// has the BF16 shapes). FP8 + F32 128 x 128 block scales on every projection and expert but
// in_proj_ba, the routers and shared_expert_gate; BF16 everything else.
constexpr u64 fp8b(u64 out, u64 in) { return out * in + 4 * ((out + 127) / 128) * ((in + 127) / 128); }
constexpr u64 qn_gdn = fp8b(12288, 2048) + 2 * (64ULL * 2048 + 8192 * 4 + 64 + 128 + 2048) + fp8b(2048, 4096);
constexpr u64 qn_attn = fp8b(8192, 2048) + 2 * fp8b(512, 2048) + fp8b(2048, 4096) + 2 * (256 + 256 + 2048);
constexpr u64 qn_moe = 2 * 512ULL * 2048 + 512 * (2 * fp8b(512, 2048) + fp8b(2048, 512)) + 2 * fp8b(512, 2048) +
                       fp8b(2048, 512) + 2 * (2048 + 2048);
constexpr u64 qn_mtp = fp8b(2048, 4096) + 2 * (2048 + 2048 + 2048) + qn_attn + qn_moe;
static_assert(weights(models::qwen3_next_80b_a3b_instruct_fp8) ==
              36 * qn_gdn + 12 * qn_attn + 48 * qn_moe + 2 * 151936ULL * 2048 * 2 + 2048 * 2 + qn_mtp);
static_assert(parameter_count(models::qwen3_next_80b_a3b_instruct_fp8) == 81'324'862'720);
static_assert(kv_bf16(models::qwen3_next_80b_a3b_instruct_fp8) == gqa_kv(12, 2, 256, 2));
static_assert(state(models::qwen3_next_80b_a3b_instruct_fp8) == 36ULL * 32 * 128 * 128 * 4);
// Qwen3.5-35B-A3B: no published total: hand sum. 30 GDN + 10 gated-attention layers, MoE of
// 256 experts (512) + shared expert (512) on all 40, vocab 248320, one MTP layer, and the
// vision tower's 446,571,248 parameters summed from its vision_config (blocks/vision_tower.hpp).
constexpr u64 q35_gdn = 12288ULL * 2048 + 64 * 2048 + 8192 * 4 + 32 + 32 + 128 + 2048ULL * 4096 + 2048;
constexpr u64 q35_attn = 8192ULL * 2048 + 2 * 512 * 2048 + 2048ULL * 4096 + 256 + 256 + 2048;
constexpr u64 q35_moe = 256ULL * 2048 + 256ULL * 3 * 512 * 2048 + 3ULL * 512 * 2048 + 2048 + 2048;
constexpr u64 q35_vision = (3ULL * 2 * 16 * 16 * 1152 + 1152) + 2304ULL * 1152 +
                           27 * (4 * 1152 + 3456ULL * 1152 + 3456 + 1152ULL * 1152 + 1152 + 4304ULL * 1152 + 4304 +
                                 1152ULL * 4304 + 1152) +
                           (2 * 1152 + 4608ULL * 4608 + 4608 + 2048ULL * 4608 + 2048);
static_assert(q35_vision == 446'571'248);
// The tower law itself, and Qwen3.5-27B's tower: the merger's fc2 projects into 5120, not 2048
// (+ (5120 - 2048) x 4608 weights + 3072 biases).
static_assert(models::blocks::vision_tower_params(models::family::qwen3_5_vision_tower, 2048) == q35_vision);
static_assert(models::blocks::vision_tower_params(models::family::qwen3_5_vision_tower, 5120) ==
              q35_vision + 3072ULL * 4608 + 3072);
static_assert(q35_vision + 3072ULL * 4608 + 3072 == 460'730'096);
static_assert(footprint(models::qwen3_5_27b, {}).vision_weights == 2 * 460'730'096ULL);
constexpr u64 q35_params = 30 * q35_gdn + 10 * q35_attn + 40 * q35_moe + 2 * 248320ULL * 2048 + 2048 +
                           (2048ULL * 4096 + 2 * 2048 + q35_attn + q35_moe + 2048) + q35_vision;
static_assert(parameter_count(models::qwen3_5_35b_a3b) == q35_params);
static_assert(weights(models::qwen3_5_35b_a3b) == 2 * q35_params);
static_assert(footprint(models::qwen3_5_35b_a3b, {}).vision_weights == 2 * q35_vision);
static_assert(kv_bf16(models::qwen3_5_35b_a3b) == gqa_kv(10, 2, 256, 2) && kv_fp8(models::qwen3_5_35b_a3b) == gqa_kv(10, 2, 256, 1));
// nvidia/Qwen3.6-27B-NVFP4: hand sum, as tests/cli/import_modelopt_mixed_test.cpp writes it out
// from its text_config (hidden 5120, 48 Gated DeltaNet and 16 gated-attention layers, 24 query /
// 4 KV heads of 256, linear heads 16 key / 48 value of 128, intermediate 17408, vocab 248320,
// untied, one MTP layer). FP8 per tensor (f8: weight + F32 weight_scale and input_scale) on
// in_proj_qkv [10240, 5120], in_proj_z [6144, 5120], out_proj [5120, 6144], q_proj [12288, 5120],
// k_proj / v_proj [1024, 5120], o_proj [5120, 6144]; NVFP4 W4A16 (nv: its F32 weight_scale_2 and
// input_scale) on gate_proj / up_proj [17408, 5120], down_proj [5120, 17408] and lm_head; BF16:
// in_proj_b / in_proj_a [48, 5120], input norm, conv1d 10240 x 4, A_log, dt_bias 48, norm 128;
// attention norms, q_norm / k_norm 256; embed_tokens; the MTP layer (fc [5120, 10240], three norms,
// an attention layer and its MLP) and the vision tower (460,730,096 parameters, above).
constexpr u64 q36_f8(u64 out, u64 in) { return out * in + 8; }
constexpr u64 q36_gdn = q36_f8(10240, 5120) + q36_f8(6144, 5120) + q36_f8(5120, 6144) + 2 * 2 * 48 * 5120ULL +
                        2 * (5120 + 10240 * 4 + 48 + 48 + 128);
constexpr u64 q36_attn_aux = 2 * (5120 + 256 + 256);
constexpr u64 q36_attn = q36_f8(12288, 5120) + 2 * q36_f8(1024, 5120) + q36_f8(5120, 6144) + q36_attn_aux;
constexpr u64 q36_mlp = 2 * nv(17408, 5120) + nv(5120, 17408) + 2 * 5120;
static_assert(q36_gdn == 116'419'032 && q36_attn == 104'868'896 && q36_mlp == 150'415'384);
constexpr u64 q36_main = 2 * 248320ULL * 5120 + 48 * q36_gdn + 16 * q36_attn + 64 * q36_mlp + 2 * 5120 + nv(248320, 5120);
constexpr u64 q36_mtp = 2 * (5120ULL * 10240 + 3 * 5120 + 12288ULL * 5120 + 2 * 1024ULL * 5120 + 5120ULL * 6144 +
                             3 * 17408ULL * 5120 + 5120) + q36_attn_aux;
static_assert(q36_main == 20'150'569'096 && q36_mtp == 849'398'784);
static_assert(weights(models::qwen3_6_27b_nvfp4) == q36_main + q36_mtp + 2 * 460'730'096ULL);
static_assert(weights(models::qwen3_6_27b_nvfp4) == 21'921'428'072);
static_assert(footprint(models::qwen3_6_27b_nvfp4, {}).draft_weights == q36_mtp);
static_assert(footprint(models::qwen3_6_27b_nvfp4, {}).vision_weights == 2 * 460'730'096ULL);
static_assert(parameter_count(models::qwen3_6_27b_nvfp4) == parameter_count(models::qwen3_5_27b));
static_assert(state(models::qwen3_5_35b_a3b) == 30ULL * 32 * 128 * 128 * 4);
static_assert(conv(models::qwen3_5_35b_a3b) == 30ULL * 8192 * 3 * 2);
// Qwen3.5-397B-A17B and Qwen3.5-122B-A10B (qwen3_6_moe: Qwen3.5-35B-A3B's layers, in_proj_qkv
// and in_proj_z stored apart, the same bytes), by hand from config.json's text_config. Per layer,
// hidden H, value_dim 64 x 128 = 8192, conv_dim 2 x 16 x 128 + 8192 = 12288:
//   GDN: input norm H, in_proj_qkv [12288, H], in_proj_z [8192, H], in_proj_b / in_proj_a [64, H],
//        conv1d [12288, 1, 4], A_log and dt_bias [64], norm [128], out_proj [H, 8192];
//   attention: input norm H, q_proj [32 x 256 x 2 = 16384, H] (query and gate), k_proj / v_proj
//        [2 x 256, H], o_proj [H, 8192], q_norm / k_norm [256];
//   MoE: post-attention norm H, router [experts, H], experts x gate / up [1024, H] and down
//        [H, 1024], the shared expert (1024) alike, shared_expert_gate [1, H];
//   MTP: fc [H, 2H], pre_fc_norm_embedding / _hidden and norm H, one attention layer and its MoE;
//   vision tower: Qwen3.5-35B-A3B's with the merger's fc2 projecting into H.
constexpr u64 q35_gdn_of(u64 h) { return 12288 * h + 8192 * h + 2 * 64 * h + 12288 * 4 + 64 + 64 + 128 + h * 8192 + h; }
constexpr u64 q35_attn_of(u64 h) { return 16384 * h + 2 * 512 * h + h * 8192 + 256 + 256 + h; }
constexpr u64 q35_moe_of(u64 h, u64 experts) { return experts * h + (experts + 1) * 3 * 1024 * h + h + h; }
constexpr u64 q35_mtp_of(u64 h, u64 experts) { return h * 2 * h + 3 * h + q35_attn_of(h) + q35_moe_of(h, experts); }
constexpr u64 q35_vision_of(u64 h) { return q35_vision + (h - 2048) * 4608 + (h - 2048); }
// 397B: H 4096, 60 layers (45 GDN, 15 attention), 512 experts (10 a token). The parts match the
// published split of the Hub's 403,397,928,944 parameters (a public audit of the index at revision
// 8472618112ab: text 396,346,350,336, vision 456,010,480, MTP 6,595,568,128); the model card's 397B
// is the text and vision.
static_assert(q35_gdn_of(4096) == 118'018'304 && q35_attn_of(4096) == 104'862'208 && q35_moe_of(4096, 512) == 6'457'139'200);
static_assert(45 * q35_gdn_of(4096) + 15 * q35_attn_of(4096) + 60 * q35_moe_of(4096, 512) + 2 * 248320ULL * 4096 + 4096 ==
              396'346'350'336);
static_assert(q35_vision_of(4096) == 456'010'480 && q35_mtp_of(4096, 512) == 6'595'568'128);
static_assert(396'346'350'336ULL + 456'010'480 + 6'595'568'128 == 403'397'928'944);
static_assert(parameter_count(models::qwen3_5_397b_a17b) == 403'397'928'944);
// model.safetensors.index.json total_size 806,795,875,168: 2,834 BF16 tensors and 90 F32, the 45
// GDN layers' A_log [64] and norm.weight [128] (45 x 192 = 8,640 parameters, 2 B more each than
// the family counts them).
static_assert(2 * 403'397'928'944ULL + 45 * (64 + 128) * 2 == 806'795'875'168);
static_assert(weights(models::qwen3_5_397b_a17b) == 806'795'875'168 - 45 * (64 + 128) * 2);
static_assert(footprint(models::qwen3_5_397b_a17b, {}).vision_weights == 2 * 456'010'480ULL);
static_assert(footprint(models::qwen3_5_397b_a17b, {}).draft_weights == 2 * 6'595'568'128ULL);
static_assert(conv(models::qwen3_5_397b_a17b) == 45ULL * 12288 * 3 * 2);
// nvidia/Qwen3.5-397B-A17B-NVFP4: the BF16 release with the 60 main layers' 512 routed experts'
// gate / up / down ([1024, 4096] / [4096, 1024]) NVFP4 (E/2 + E/16, F32 weight_scale_2 and
// input_scale: nv above) and the 15 attention layers' k_proj / v_proj an F32 k_scale / v_scale.
static_assert(weights(models::qwen3_5_397b_a17b_nvfp4) ==
              2 * 403'397'928'944ULL - 60 * 512 * 3 * (2 * 1024 * 4096ULL - nv(1024, 4096)) + 30 * 4);
static_assert(parameter_count(models::qwen3_5_397b_a17b_nvfp4) == 403'397'928'944);  // the BF16 release's shapes
// 122B: H 3072, 48 layers (36 GDN, 12 attention), 256 experts (8 a token): the Hub's
// 125,086,497,008 parameters (BF16 125,086,490,096 and F32 6,912 = 36 x (64 + 128), as a public
// model summary quotes its safetensors metadata); the model card's 122B is the text model.
static_assert(q35_gdn_of(3072) == 88'526'080 && q35_attn_of(3072) == 78'646'784 && q35_moe_of(3072, 256) == 2'426'148'864);
static_assert(36 * q35_gdn_of(3072) + 12 * q35_attn_of(3072) + 48 * q35_moe_of(3072, 256) + 2 * 248320ULL * 3072 + 3072 ==
              122'111'526'912);
static_assert(q35_vision_of(3072) == 451'290'864 && q35_mtp_of(3072, 256) == 2'523'679'232);
static_assert(122'111'526'912ULL + 451'290'864 + 2'523'679'232 == 125'086'497'008);
static_assert(125'086'490'096ULL + 36 * (64 + 128) == 125'086'497'008);
static_assert(parameter_count(models::qwen3_5_122b_a10b) == 125'086'497'008);
static_assert(weights(models::qwen3_5_122b_a10b) == 2 * 125'086'490'096ULL + 4 * 6'912 - 2 * 6'912);
static_assert(footprint(models::qwen3_5_122b_a10b, {}).vision_weights == 2 * 451'290'864ULL);
static_assert(conv(models::qwen3_5_122b_a10b) == 36ULL * 12288 * 3 * 2);
// nvidia/Qwen3.5-122B-A10B-NVFP4: the 48 main layers' 256 routed experts NVFP4, 24 k / v scales.
static_assert(weights(models::qwen3_5_122b_a10b_nvfp4) ==
              2 * 125'086'497'008ULL - 48 * 256 * 3 * (2 * 1024 * 3072ULL - nv(1024, 3072)) + 24 * 4);
static_assert(parameter_count(models::qwen3_5_122b_a10b_nvfp4) == 125'086'497'008);

// ---- Nemotron-H -----------------------------------------------------------------------------
// NVIDIA-Nemotron-Nano-9B-v2: 8,888,227,328 parameters (Hub), all BF16. Pattern: 27 Mamba,
// 4 attention, 25 MLP layers. Mamba state: 128 heads x 80 x 128 x 4 B (f32) per layer; conv
// window (10240 + 2 x 8 x 128 = 12288 channels) x 3 x 2 B.
static_assert(parameter_count(models::nvidia_nemotron_nano_9b_v2) == 8'888'227'328);
static_assert(weights(models::nvidia_nemotron_nano_9b_v2) == 2 * 8'888'227'328ULL);
static_assert(kv_bf16(models::nvidia_nemotron_nano_9b_v2) == gqa_kv(4, 8, 128, 2));
static_assert(kv_fp8(models::nvidia_nemotron_nano_9b_v2) == gqa_kv(4, 8, 128, 1));
static_assert(state(models::nvidia_nemotron_nano_9b_v2) == 27ULL * 128 * 80 * 128 * 4);
static_assert(footprint(models::nvidia_nemotron_nano_9b_v2, {.ssm_h = state_dtype::bf16}).state_per_seq == 27ULL * 128 * 80 * 128 * 2);
static_assert(conv(models::nvidia_nemotron_nano_9b_v2) == 27ULL * 12288 * 3 * 2);
// Nemotron-H-56B-Base-8K: no published count: hand sum over 54 Mamba, 10 attention, 54 MLP
// layers (d_inner 256 x 64 = 16384, conv_dim 16384 + 2 x 8 x 256 = 20480).
constexpr u64 nh_mamba = 8192 + (16384ULL + 20480 + 256) * 8192 + 20480 * 4 + 20480 + 3 * 256 + 16384 + 8192ULL * 16384;
constexpr u64 nh_attn = 8192 + 2 * 8192ULL * 8192 + 2 * 1024ULL * 8192;
constexpr u64 nh_mlp = 8192 + 2 * 32768ULL * 8192;
static_assert(parameter_count(models::nemotron_h_56b_base_8k) == 54 * nh_mamba + 10 * nh_attn + 54 * nh_mlp + 2 * 131072ULL * 8192 + 8192);
static_assert(weights(models::nemotron_h_56b_base_8k) == 2 * parameter_count(models::nemotron_h_56b_base_8k));
static_assert(kv_bf16(models::nemotron_h_56b_base_8k) == gqa_kv(10, 8, 128, 2));
static_assert(state(models::nemotron_h_56b_base_8k) == 54ULL * 256 * 64 * 256 * 4);
static_assert(conv(models::nemotron_h_56b_base_8k) == 54ULL * 20480 * 3 * 2);
// NVIDIA-Nemotron-3-Nano-30B-A3B-BF16: 31,577,940,288 parameters (its safetensors, llama.cpp's
// n_params; hand sum in tests/static/nemotron_3_test.cpp), of which a public table of Hub counts
// lists 31,577,937,344 BF16: the rest are the 23 MoE layers' e_score_correction_bias [128], F32.
static_assert(31'577'937'344ULL + 23 * 128 == 31'577'940'288);
static_assert(parameter_count(models::nemotron_3_nano_30b_a3b_bf16) == 31'577'940'288);
static_assert(weights(models::nemotron_3_nano_30b_a3b_bf16) == 2 * 31'577'937'344ULL + 4 * 23 * 128);
static_assert(conv(models::nemotron_3_nano_30b_a3b_bf16) == 23ULL * 6144 * 3 * 2);

// ---- gpt-oss --------------------------------------------------------------------------------
// gpt-oss-20b: total_size 13,761,264,768; 20,914,757,184 parameters. gpt-oss-120b: tensor
// bytes 65,248,815,744; 116,829,156,672 parameters. Experts MXFP4 = 0.53125 B/element.
static_assert(weights(models::gpt_oss_20b) == 13'761'264'768);
static_assert(parameter_count(models::gpt_oss_20b) == 20'914'757'184);
static_assert(weights(models::gpt_oss_120b) == 65'248'815'744);
static_assert(parameter_count(models::gpt_oss_120b) == 116'829'156'672);
static_assert(weight_bytes(formats::mxfp4, 5760, 2880) * 32 == 5760ULL * 2880 * 17);
// KV: every layer 2 x 8 x 64 x 2 B = 2,048 B/token; vLLM's physical allocation keeps sliding
// layers' pages too: 36 x 2,048 = 73,728 (alvarobartt/hf-mem issue #60, checked against vLLM's
// startup log; 36,864 drops them).
static_assert(kv_bf16(models::gpt_oss_120b) == 73'728 && kv_bf16(models::gpt_oss_120b) == gqa_kv(36, 8, 64, 2));
static_assert(kv_bf16(models::gpt_oss_20b) == gqa_kv(24, 8, 64, 2));
static_assert(kv_fp8(models::gpt_oss_20b) == gqa_kv(24, 8, 64, 1));
// With eviction the 18 sliding layers keep 128 tokens: 36,864 per token + 36,864 x 128.
static_assert(footprint(models::gpt_oss_120b, {}, evicting).per_seq(8192) == 36'864ULL * 8192 + 36'864ULL * 128);
// need_bytes reads the deployment's engine for it: the default (vLLM, evict_sliding off) counts
// every token, the evicting arithmetic 36,864 x (8,192 - 128) bytes fewer.
static_assert(need_bytes(models::gpt_oss_120b, {.seqs = 1, .context = 8192}) -
                  need_bytes(models::gpt_oss_120b, {.seqs = 1, .context = 8192, .engine = evicting}) ==
              36'864ULL * (8192 - 128));

// ---- MLA MoE --------------------------------------------------------------------------------
// DeepSeek-V3: the Hub counts 684,531,386,000 elements = weights and norms + F32 block scales.
static_assert(parameter_count(models::deepseek_v3) + scale_elements(models::deepseek_v3) == 684'531'386'000);
// KV: 61 layers x (kv_lora 512 + qk_rope 64) x 2 B = 70,272: one latent row, not per head.
static_assert(kv_bf16(models::deepseek_v3) == 61 * (512 + 64) * 2 && kv_bf16(models::deepseek_v3) == 70'272);
static_assert(kv_fp8(models::deepseek_v3) == 61 * (512 + 64));
static_assert(footprint(models::deepseek_v3, {.speculative = true}).kv_per_token == 62 * (512 + 64) * 2);
// Weights by hand: FP8 + F32 128 x 128 block scales on every attention and MLP projection,
// BF16 norms, routers (+ F32 e_score_correction_bias), eh_proj, embeddings and heads.
constexpr u64 ds_mla = 7168 * 2 + fp8b(1536, 7168) + 1536 * 2 + fp8b(24576, 1536) + fp8b(576, 7168) + 512 * 2 +
                       fp8b(32768, 512) + fp8b(7168, 16384);
constexpr u64 ds_dense = 7168 * 2 + 2 * fp8b(18432, 7168) + fp8b(7168, 18432);
constexpr u64 ds_expert = 2 * fp8b(2048, 7168) + fp8b(7168, 2048);
constexpr u64 ds_moe = 7168 * 2 + 256ULL * 7168 * 2 + 256 * 4 + 257 * ds_expert;
constexpr u64 ds_head = 7168 * 2 + 129280ULL * 7168 * 2;
constexpr u64 ds_mtp = 129280ULL * 7168 * 2 + 2 * 7168 * 2 + 7168ULL * 14336 * 2 + ds_mla + ds_moe + ds_head;
static_assert(weights(models::deepseek_v3) == 129280ULL * 7168 * 2 + 61 * ds_mla + 3 * ds_dense + 58 * ds_moe + ds_head + ds_mtp);
static_assert(footprint(models::deepseek_v3, {}).draft_weights == ds_mtp);
// nvidia/DeepSeek-V3-0324-FP4: hand sum: NVFP4 (+ weight_scale_2 + input_scale) on dense MLPs
// and experts, BF16 attention, routers, embeddings, heads and the MTP layer.
constexpr u64 b16(u64 out, u64 in) { return out * in * 2; }
constexpr u64 d4_mla = 7168 * 2 + b16(1536, 7168) + 1536 * 2 + b16(24576, 1536) + b16(576, 7168) + 512 * 2 +
                       b16(32768, 512) + b16(7168, 16384);
constexpr u64 d4_moe = 7168 * 2 + 256ULL * 7168 * 2 + 256 * 4 + 257 * (2 * nv(2048, 7168) + nv(7168, 2048));
constexpr u64 d4_dense = 7168 * 2 + 2 * nv(18432, 7168) + nv(7168, 18432);
constexpr u64 d4_mtp_moe = 7168 * 2 + 256ULL * 7168 * 2 + 256 * 4 + 257 * (3 * b16(2048, 7168));
constexpr u64 d4_mtp = 129280ULL * 7168 * 2 + 2 * 7168 * 2 + b16(7168, 14336) + d4_mla + d4_mtp_moe + ds_head;
static_assert(weights(models::deepseek_v3_0324_fp4) ==
              129280ULL * 7168 * 2 + 61 * d4_mla + 3 * d4_dense + 58 * d4_moe + ds_head + d4_mtp);
static_assert(parameter_count(models::deepseek_v3_0324_fp4) == parameter_count(models::deepseek_v3));
// Kimi-K2-Instruct: DeepSeek-V3's layout at 64 heads, 384 routed experts, one dense layer, vocab
// 163,840 and no MTP layer. A public audit of its shard headers counts 1,026,408,232,448
// parameters besides scales and buffers (tests/cli/import_kimi_test.cpp writes the sum out) and
// 1,029,173,256,720 B in 139,644 tensors: 6,832 B more than this hand sum, in 61 tensors the
// circuit does not hold (not identified).
constexpr u64 k2_mla = 7168 * 2 + fp8b(1536, 7168) + 1536 * 2 + fp8b(12288, 1536) + fp8b(576, 7168) + 512 * 2 +
                       fp8b(16384, 512) + fp8b(7168, 8192);
constexpr u64 k2_moe = 7168 * 2 + 384ULL * 7168 * 2 + 384 * 4 + 385 * ds_expert;
static_assert(weights(models::kimi_k2_instruct) ==
              2 * 163840ULL * 7168 * 2 + 7168 * 2 + 61 * k2_mla + ds_dense + 60 * k2_moe);
static_assert(parameter_count(models::kimi_k2_instruct) == 1'026'408'232'448);
static_assert(footprint(models::kimi_k2_instruct, {}).draft_weights == 0);
// DeepSeek-V3.2: DeepSeek-V3's tensors (the hand sum above) and a lightning indexer in each of the
// 61 layers and the MTP layer (tests/cli/import_mla_test.cpp): wq_b [64 x 128, 1536] and wk
// [128, 7168] block FP8, k_norm weight and bias [128] and weights_proj [64, 7168] BF16.
constexpr u64 ds_indexer = fp8b(64 * 128, 1536) + fp8b(128, 7168) + 2 * 128 * 2 + 64ULL * 7168 * 2;
static_assert(ds_indexer == 14'421'728);
static_assert(weights(models::deepseek_v3_2) ==
              129280ULL * 7168 * 2 + 61 * ds_mla + 3 * ds_dense + 58 * ds_moe + ds_head + ds_mtp + 62 * ds_indexer);
static_assert(footprint(models::deepseek_v3_2, {}).draft_weights == ds_mtp + ds_indexer);
// GLM-5: the parameter hand sum of tests/cli/import_mla_test.cpp, term for term: a layer's attention
// (input norm, q_a, q_a_layernorm, q_b, kv_a, kv_a_layernorm, kv_b, o, the indexer's wq_b, wk,
// k_norm, weights_proj), a dense MLP, an MoE layer (256 routed experts and the shared one, the
// router, its correction bias, the post-attention norm), embed + lm_head + final norm; the MTP layer
// enorm, hnorm, shared_head.norm, eh_proj, one attention and one MoE layer, and no embed_tokens or
// shared_head.head copy (model.layers.78 stores neither; the draft reads the main model's: the
// sources in the glm_5 / glm_5_fp8 tables' provenance).
constexpr u64 glm_attn = 6144 + 6144ULL * 2048 + 2048 + 2048ULL * 64 * 256 + 6144ULL * 576 + 512 + 512ULL * 64 * 448 +
                         64ULL * 256 * 6144 + 2048ULL * 32 * 128 + 6144ULL * 128 + 256 + 6144ULL * 32;
constexpr u64 glm_dense = 3 * 6144ULL * 12288 + 6144;
constexpr u64 glm_moe = 257 * 3 * 6144ULL * 2048 + 256 * 6144ULL + 256 + 6144;
constexpr u64 glm_main = 2 * 154880ULL * 6144 + 6144 + 78 * glm_attn + 3 * glm_dense + 75 * glm_moe;
constexpr u64 glm_mtp = 3 * 6144 + 6144ULL * 12288 + glm_attn + glm_moe;
static_assert(glm_main == 743'911'218'432);  // the model card's "744B parameters"
static_assert(glm_mtp == 9'952'920'576);
static_assert(parameter_count(models::glm_5) == glm_main + glm_mtp);
static_assert(glm_main + glm_mtp == 753'864'139'008);
// zai-org/GLM-5: every tensor BF16 but the 76 routers' F32 e_score_correction_bias (256 values, two
// bytes more each).
static_assert(weights(models::glm_5) == 2 * (glm_main + glm_mtp) + 76 * 256 * 2);
// zai-org/GLM-5-FP8: the same tensors; block FP8 (+ F32 128 x 128 block scales) on q_a, q_b, kv_a,
// kv_b, o, the indexer's wq_b and wk, the dense MLPs and every expert; norms, weights_proj,
// routers, eh_proj, embeddings and heads BF16, the correction bias F32.
constexpr u64 g8_attn = 6144 * 2 + fp8b(2048, 6144) + 2048 * 2 + fp8b(64 * 256, 2048) + fp8b(576, 6144) + 512 * 2 +
                        fp8b(64 * 448, 512) + fp8b(6144, 64 * 256) + fp8b(32 * 128, 2048) + fp8b(128, 6144) + 256 * 2 +
                        6144ULL * 32 * 2;
constexpr u64 g8_dense = 6144 * 2 + 2 * fp8b(12288, 6144) + fp8b(6144, 12288);
constexpr u64 g8_moe = 6144 * 2 + 256ULL * 6144 * 2 + 256 * 4 + 257 * (2 * fp8b(2048, 6144) + fp8b(6144, 2048));
constexpr u64 g8_table = 154880ULL * 6144 * 2;  // embed_tokens, lm_head
constexpr u64 g8_mtp = 3 * 6144 * 2 + 6144ULL * 12288 * 2 + g8_attn + g8_moe;
static_assert(weights(models::glm_5_fp8) == 2 * g8_table + 6144 * 2 + 78 * g8_attn + 3 * g8_dense + 75 * g8_moe + g8_mtp);
static_assert(footprint(models::glm_5_fp8, {}).draft_weights == g8_mtp);
static_assert(parameter_count(models::glm_5_fp8) == glm_main + glm_mtp);
// Kimi-K2.5: Kimi-K2's text model with its routed experts INT4 (compressed-tensors, groups of 32)
// and a BF16 MoonViT tower and projector: the hand sum tests/cli/import_kimi_test.cpp writes out.
static_assert(weights(models::kimi_k2_5) == 595'148'745'696);
static_assert(footprint(models::kimi_k2_5, {}).draft_weights == 0);
// GLM-5.1 and GLM-5.1-FP8: GLM-5's and GLM-5-FP8's config.json but transformers_version
// (tests/data/configs/README.md), so GLM-5's tensors and the two hand sums above.
static_assert(weights(models::glm_5_1) == 2 * (glm_main + glm_mtp) + 76 * 256 * 2);
static_assert(parameter_count(models::glm_5_1) == glm_main + glm_mtp);
static_assert(weights(models::glm_5_1_fp8) == 2 * g8_table + 6144 * 2 + 78 * g8_attn + 3 * g8_dense + 75 * g8_moe + g8_mtp);
static_assert(footprint(models::glm_5_1_fp8, {}).draft_weights == g8_mtp);
static_assert(parameter_count(models::glm_5_1_fp8) == glm_main + glm_mtp);
// DeepSeek-V3's parameters by hand, term for term with ds_* above (weights and norms, the F32
// correction bias; scales apart): with its 41,540,496 F32 block scales (one per 128 x 128 block of
// the 62 layers' attention, the 3 dense MLPs' and the 59 MoE layers' experts) they are the Hub's
// 684,531,386,000 elements.
constexpr u64 ds_mla_p = 7168 + 1536ULL * 7168 + 1536 + 24576ULL * 1536 + 576ULL * 7168 + 512 + 32768ULL * 512 + 7168ULL * 16384;
constexpr u64 ds_dense_p = 7168 + 3 * 18432ULL * 7168;
constexpr u64 ds_moe_p = 7168 + 256ULL * 7168 + 256 + 257 * 3 * 2048ULL * 7168;
constexpr u64 ds_head_p = 7168 + 129280ULL * 7168;
constexpr u64 ds_mtp_p = 129280ULL * 7168 + 2 * 7168 + 7168ULL * 14336 + ds_mla_p + ds_moe_p + ds_head_p;
constexpr u64 ds_params = 129280ULL * 7168 + 61 * ds_mla_p + 3 * ds_dense_p + 58 * ds_moe_p + ds_head_p + ds_mtp_p;
constexpr u64 ds_blocks = 62 * (12 * 56 + 192 * 12 + 5 * 56 + 256 * 4 + 56 * 128) + 3 * (2 * 144 * 56 + 56 * 144) +
                          59 * 257 * (2 * 16 * 56 + 56 * 16);
static_assert(ds_params == 684'489'845'504 && ds_blocks == 41'540'496 && ds_params + ds_blocks == 684'531'386'000);
static_assert(parameter_count(models::deepseek_v3) == ds_params);
// nvidia/DeepSeek-V3.1-NVFP4: DeepSeek-V3's tensors (its config.json states V3's dims) under its
// hf_quant_config.json: NVFP4 (nv above) on o_proj [7168, 128 x 128], the dense MLPs and every
// expert; the 61 layers' q_a, q_b, kv_a and kv_b, the routers (+ F32 correction bias), embeddings,
// heads and the MTP layer (model.layers.61*, with its embed_tokens and shared_head.head copies)
// BF16: DeepSeek-V3-0324-FP4's sum above with o_proj NVFP4 in the 61 main layers. MLA has no
// k_proj / v_proj: the FP8 KV cache adds no k / v scales. No published total_size was found.
constexpr u64 d31_mla = 7168 * 2 + b16(1536, 7168) + 1536 * 2 + b16(24576, 1536) + b16(576, 7168) + 512 * 2 +
                        b16(32768, 512) + nv(7168, 16384);
static_assert(weights(models::deepseek_v3_1_nvfp4) ==
              129280ULL * 7168 * 2 + 61 * d31_mla + 3 * d4_dense + 58 * d4_moe + ds_head + d4_mtp);
static_assert(weights(models::deepseek_v3_1_nvfp4) == weights(models::deepseek_v3_0324_fp4) - 61 * (b16(7168, 16384) - nv(7168, 16384)));
static_assert(footprint(models::deepseek_v3_1_nvfp4, {}).draft_weights == d4_mtp);
static_assert(parameter_count(models::deepseek_v3_1_nvfp4) == ds_params);
// nvidia/DeepSeek-V3.2-NVFP4: DeepSeek-V3.1-NVFP4's sum with a lightning indexer in each of the 61
// layers and the MTP layer, all BF16 (self_attn.indexer* excluded; the MTP layer whole): wq_b
// [64 x 128, 1536], wk [128, 7168], k_norm weight and bias [128], weights_proj [64, 7168]. No
// published total_size was found.
constexpr u64 d32_indexer_p = 64 * 128ULL * 1536 + 128ULL * 7168 + 2 * 128 + 64ULL * 7168;
static_assert(weights(models::deepseek_v3_2_nvfp4) ==
              129280ULL * 7168 * 2 + 61 * d31_mla + 3 * d4_dense + 58 * d4_moe + ds_head + d4_mtp + 62 * 2 * d32_indexer_p);
static_assert(footprint(models::deepseek_v3_2_nvfp4, {}).draft_weights == d4_mtp + 2 * d32_indexer_p);
static_assert(parameter_count(models::deepseek_v3_2_nvfp4) == ds_params + 62 * d32_indexer_p);
static_assert(ds_params + 62 * d32_indexer_p == 685'355'329'792);  // the model card's "685B"
static_assert(parameter_count(models::deepseek_v3_2) == ds_params + 62 * d32_indexer_p);
// nvidia/Kimi-K2.5-NVFP4, -K2.6-NVFP4, -K2.7-Code-NVFP4: Kimi-K2.5's tensors (Kimi-K2's text model:
// hidden 7168, 61 layers, the first dense, 384 routed experts of 2048 and one shared, vocab 163,840;
// the MoonViT tower and projector, 471,143,920 parameters, BF16: tests/cli/import_kimi_test.cpp
// writes both sums out). A layer's attention BF16 (input norm, q_a, q_a_layernorm, q_b, kv_a,
// kv_a_layernorm, kv_b, o); NVFP4 tensors as nv above; routers BF16 and their F32 correction bias;
// embed_tokens and lm_head BF16.
constexpr u64 k25_attn = 7168 * 2 + b16(1536, 7168) + 1536 * 2 + b16(12288, 1536) + b16(576, 7168) + 512 * 2 +
                         b16(16384, 512) + b16(7168, 8192);
constexpr u64 k25_router = 7168 * 2 + 384ULL * 7168 * 2 + 384 * 4;  // post-attention norm, mlp.gate, bias
constexpr u64 k25_rest = 2 * 163840ULL * 7168 * 2 + 7168 * 2 + 61 * k25_attn + 2 * 471'143'920ULL;
constexpr u64 k25_expert_nv = 2 * nv(2048, 7168) + nv(7168, 2048);
// K2.5-NVFP4: every MLP projection NVFP4 (layer 0's, the routed and the shared experts').
static_assert(weights(models::kimi_k2_5_nvfp4) ==
              k25_rest + 7168 * 2 + 2 * nv(18432, 7168) + nv(7168, 18432) + 60 * (k25_router + 385 * k25_expert_nv));
static_assert(weights(models::kimi_k2_5_nvfp4) == 590'779'957'656);  // tests/cli/import_kimi_test.cpp's sum
// K2.6-NVFP4 and K2.7-Code-NVFP4: the routed experts only; layer 0's MLP and the shared experts BF16.
constexpr u64 k26_weights = k25_rest + 7168 * 2 + 3 * b16(18432, 7168) +
                            60 * (k25_router + 384 * k25_expert_nv + 3 * b16(2048, 7168));
static_assert(k26_weights == 595'148'192'736);  // tests/cli/import_kimi_test.cpp's sum
static_assert(weights(models::kimi_k2_6_nvfp4) == k26_weights);
static_assert(weights(models::kimi_k2_7_code_nvfp4) == k26_weights);
static_assert(parameter_count(models::kimi_k2_5_nvfp4) == 1'026'408'232'448 + 471'143'920);
static_assert(parameter_count(models::kimi_k2_6_nvfp4) == 1'026'408'232'448 + 471'143'920);
static_assert(parameter_count(models::kimi_k2_7_code_nvfp4) == 1'026'408'232'448 + 471'143'920);
static_assert(footprint(models::kimi_k2_6_nvfp4, {}).vision_weights == 2 * 471'143'920ULL);
static_assert(footprint(models::kimi_k2_7_code_nvfp4, {}).draft_weights == 0);
// nvidia/GLM-5-NVFP4: GLM-5's tensors (the parameter sums above); attention and the indexers BF16
// (exclude_modules), the three dense MLPs and the 75 MoE layers' routed and shared experts NVFP4, the
// routers BF16 with the F32 bias, the MTP layer BF16 (model.layers.78*, with its router's F32 bias).
constexpr u64 gn_dense = 6144 * 2 + 2 * nv(12288, 6144) + nv(6144, 12288);
constexpr u64 gn_moe = 6144 * 2 + 256ULL * 6144 * 2 + 256 * 4 + 257 * (2 * nv(2048, 6144) + nv(6144, 2048));
static_assert(weights(models::glm_5_nvfp4) ==
              2 * g8_table + 6144 * 2 + 78 * 2 * glm_attn + 3 * gn_dense + 75 * gn_moe + 2 * glm_mtp + 256 * 2);
static_assert(footprint(models::glm_5_nvfp4, {}).draft_weights == 2 * glm_mtp + 256 * 2);
static_assert(parameter_count(models::glm_5_nvfp4) == glm_main + glm_mtp);
// nvidia/GLM-5.1-NVFP4: GLM-5.1's BF16 bytes (GLM-5's) with the 75 MoE layers' 256 routed experts'
// gate / up ([2048, 6144]) and down ([6144, 2048]) NVFP4 in place of BF16.
constexpr u64 glm_routed_nv_saving = 75ULL * 256 * 3 * (2 * 2048 * 6144ULL - nv(2048, 6144));
static_assert(glm_routed_nv_saving == 1'041'864'652'800);  // tests/cli/import_modelopt_lists_test.cpp
static_assert(weights(models::glm_5_1_nvfp4) == 2 * (glm_main + glm_mtp) + 76 * 256 * 2 - glm_routed_nv_saving);
static_assert(footprint(models::glm_5_1_nvfp4, {}).draft_weights == 2 * glm_mtp + 256 * 2);
static_assert(parameter_count(models::glm_5_1_nvfp4) == glm_main + glm_mtp);
// zai-org/GLM-5.2: GLM-5's tensors less the indexer (wq_b, wk, k_norm weight and bias,
// weights_proj) of the 57 "shared" main layers (IndexShare; tests/cli/import_mla_test.cpp); the
// MTP layer keeps its indexer. 753,329,940,480 parameters: NVIDIA's GLM-5.2-NVFP4 model card gives
// "753B in total" (https://huggingface.co/nvidia/GLM-5.2-NVFP4).
constexpr u64 glm_indexer = 2048ULL * 32 * 128 + 6144ULL * 128 + 256 + 6144ULL * 32;
static_assert(glm_indexer == 9'371'904);
constexpr u64 g52_main = glm_main - 57 * glm_indexer;
static_assert(g52_main + glm_mtp == 753'329'940'480);
static_assert(parameter_count(models::glm_5_2) == g52_main + glm_mtp);
static_assert(weights(models::glm_5_2) == 2 * (g52_main + glm_mtp) + 76 * 256 * 2);
static_assert(footprint(models::glm_5_2, {}).draft_weights == 2 * glm_mtp + 256 * 2);
// zai-org/GLM-5.2-FP8: GLM-5-FP8's hand sum above less the 57 shared layers' indexers (wq_b and wk
// block FP8, k_norm and weights_proj BF16).
constexpr u64 g8_indexer = fp8b(32 * 128, 2048) + fp8b(128, 6144) + 256 * 2 + 6144ULL * 32 * 2;
static_assert(weights(models::glm_5_2_fp8) ==
              2 * g8_table + 6144 * 2 + 78 * g8_attn - 57 * g8_indexer + 3 * g8_dense + 75 * g8_moe + g8_mtp);
static_assert(footprint(models::glm_5_2_fp8, {}).draft_weights == g8_mtp);
static_assert(parameter_count(models::glm_5_2_fp8) == g52_main + glm_mtp);
// nvidia/GLM-5.2-NVFP4: GLM-5.2's BF16 bytes with the routed experts NVFP4, as GLM-5.1-NVFP4's.
static_assert(weights(models::glm_5_2_nvfp4) == 2 * (g52_main + glm_mtp) + 76 * 256 * 2 - glm_routed_nv_saving);
static_assert(footprint(models::glm_5_2_nvfp4, {}).draft_weights == 2 * glm_mtp + 256 * 2);
static_assert(parameter_count(models::glm_5_2_nvfp4) == g52_main + glm_mtp);

// ---- DeepSeek-V4 ----------------------------------------------------------------------------
// DeepSeek-V4-Pro, by hand from its config.json (tests/data/configs/deepseek_v4_pro): hidden
// 7168, 61 layers, compress_ratios 128, 128, then 4 and 128 alternating to layer 60 (a 4), and
// the MTP layer's 0: 30 CSA layers (ratio 4) and 31 HCA (128), no sliding-only main layer; hc 4,
// 128 query heads of head_dim 512, q_lora 1536, o_groups 16 x o_lora 1024, indexer 64 heads x
// 128, 384 experts of 3072 (6 a token) and one shared, 3 hash-routed layers, vocab 129280, one MTP
// layer. Tensors and dtypes as DeepSeek-V4-Flash's, term for term
// (tests/static/deepseek_v4_test.cpp): F8_E4M3 with one F8_E8M0 byte per 128 x 128 block, experts
// E2M1 packed two to a byte with one F8_E8M0 byte per 32, BF16 2 B, F32 4 B, tid2eid I64.
constexpr u64 v4_fp8(u64 n, u64 k) { return n * k + ((n + 127) / 128) * ((k + 127) / 128); }
constexpr u64 v4_mx(u64 n, u64 k) { return n * k / 2 + n * k / 32; }
//  A hyper-connection site: fn [(2 + 4) x 4 = 24, 4 x 7168] F32, base [24] and scale [3] F32.
constexpr u64 v4p_hc = 24 * (4 * 7168ULL) * 4 + (24 + 3) * 4;
//  Every layer's attention: hc site; attn_norm; wq_a [1536, 7168] and wkv [512, 7168] (FP8, 16 x
//  56 blocks together); q_norm [1536], kv_norm [512]; wq_b [128 x 512, 1536]; attn_sink [128]
//  F32; wo_a [16 x 1024, 128 x 512 / 16]; wo_b [7168, 16 x 1024].
constexpr u64 v4p_attn = v4p_hc + 7168 * 2 + v4_fp8(2048, 7168) + 1536 * 2 + 512 * 2 + v4_fp8(65536, 1536) + 128 * 4 +
                         v4_fp8(16384, 4096) + v4_fp8(7168, 16384);
//  A compressor of a `row`-wide key at ratio r (coff 2 at r = 4, else 1): wkv and wgate
//  [coff x row, 7168] BF16, ape [r, coff x row] F32, norm [row].
constexpr u64 v4p_compressor(u64 row, u64 coff, u64 r) { return 2 * coff * row * 7168 * 2 + r * coff * row * 4 + row * 2; }
//  CSA: the KV compressor (512, ratio 4); the indexer's wq_b [64 x 128, 1536] FP8, weights_proj
//  [64, 7168] BF16 and its compressor (128, ratio 4). HCA: the KV compressor (512, ratio 128).
constexpr u64 v4p_csa = v4p_attn + v4p_compressor(512, 2, 4) + v4_fp8(8192, 1536) + 64 * 7168 * 2 + v4p_compressor(128, 2, 4);
constexpr u64 v4p_hca = v4p_attn + v4p_compressor(512, 1, 128);
//  MoE: hc site; ffn_norm; gate [384, 7168] BF16; the shared expert's w1, w3 [3072, 7168] and w2
//  [7168, 3072] FP8; 384 experts alike in MXFP4; then e_score_correction_bias [384] F32, or in
//  the 3 hash layers tid2eid [129280, 6] I64.
constexpr u64 v4p_expert = 2 * v4_mx(3072, 7168) + v4_mx(7168, 3072);
constexpr u64 v4p_moe_common = v4p_hc + 7168 * 2 + 384 * 7168 * 2 + 2 * v4_fp8(3072, 7168) + v4_fp8(7168, 3072) + 384 * v4p_expert;
constexpr u64 v4p_moe = v4p_moe_common + 384 * 4;
constexpr u64 v4p_hash_moe = v4p_moe_common + 129280 * 6 * 8;
//  embed and lm_head [129280, 7168] BF16; the head's hc_head_fn [4, 4 x 7168], base [4] and scale
//  [1] F32 and norm [7168].
constexpr u64 v4p_table = 129280ULL * 7168 * 2;
constexpr u64 v4p_hc_head = 4 * (4 * 7168) * 4 + (4 + 1) * 4 + 7168 * 2;
constexpr u64 v4p_main = 2 * v4p_table + v4p_hc_head + 30 * v4p_csa + 31 * v4p_hca + 3 * v4p_hash_moe + 58 * v4p_moe;
//  The MTP layer (mtp.0.*): enorm, hnorm [7168]; e_proj, h_proj [7168, 7168] FP8; one sliding
//  layer's attention (ratio 0) and a score-routed MoE; its own hc head and norm; no embed or head
//  copy.
constexpr u64 v4p_mtp = 2 * 7168 * 2 + 2 * v4_fp8(7168, 7168) + v4p_attn + v4p_moe + v4p_hc_head;
static_assert(v4p_main + v4p_mtp == 864'704'792'696);
static_assert(weights(models::deepseek_v4_pro) == v4p_main + v4p_mtp);
static_assert(footprint(models::deepseek_v4_pro, {}).draft_weights == v4p_mtp);
// Cross-checks: stored elements (one a byte of packed E2M1, a block scale or any other value) sum
// to 861,608,274,846, the "861B" a public listing of the Hub's safetensors count gives
// (https://theapplied.co/es/models/deepseek-ai-deepseek-v4-pro); and the main layers' parameters
// (one an E2M1 value, scales excluded) are the model card's "1.6T" to its rounding. The MTP
// layer's: enorm, hnorm, e_proj, h_proj, attention, MoE (bias included), hc head and norm.
constexpr u64 v4p_attn_params = 24 * 4 * 7168ULL + 27 + 7168 + 2048ULL * 7168 + 1536 + 512 + 65536ULL * 1536 + 128 +
                                16384ULL * 4096 + 7168ULL * 16384;
constexpr u64 v4p_moe_params = 24 * 4 * 7168ULL + 27 + 7168 + 384 * 7168ULL + 3 * 3072ULL * 7168 + 384 * 3 * 3072ULL * 7168 + 384;
constexpr u64 v4p_mtp_params = 2 * 7168 + 2 * 7168ULL * 7168 + v4p_attn_params + v4p_moe_params + 4 * 4 * 7168 + 5 + 7168;
static_assert(parameter_count(models::deepseek_v4_pro) - v4p_mtp_params >= 1'550'000'000'000 &&
              parameter_count(models::deepseek_v4_pro) - v4p_mtp_params < 1'650'000'000'000);
// nvidia/DeepSeek-V4-Pro-NVFP4: DeepSeek-V4-Pro's tensors with the 61 main layers' 384 routed
// experts (quantized_layers layers.0-60.ffn.experts) NVFP4 in place of MXFP4: w1, w3 [3072, 7168]
// and w2 [7168, 3072], E = 22,020,096 values, E/2 + E/16 + an F32 weight_scale_2 and input_scale
// (nv above) = 12,386,312 B for MXFP4's E/2 + E/32 = 11,698,176 B. The MTP layer's experts (mtp.*
// ignored) stay MXFP4. No published total_size was found.
static_assert(nv(3072, 7168) == 12'386'312 && v4_mx(3072, 7168) == 11'698'176 && nv(7168, 3072) == nv(3072, 7168));
static_assert(weights(models::deepseek_v4_pro_nvfp4) == v4p_main + v4p_mtp + 61 * 384 * 3 * (nv(3072, 7168) - v4_mx(3072, 7168)));
static_assert(footprint(models::deepseek_v4_pro_nvfp4, {}).draft_weights == v4p_mtp);
static_assert(parameter_count(models::deepseek_v4_pro_nvfp4) == parameter_count(models::deepseek_v4_pro));  // the same shapes
// sgl-project/DeepSeek-V4-Pro-FP8: the same tensors with every routed expert, the MTP layer's
// included (62 x 384), block FP8 like the shared expert: w1, w3 [3072, 7168] and w2 [7168, 3072]
// at E + 24 x 56 E8M0 block scales each = 22,021,440 B. No published total_size was found.
constexpr u64 v4p_fp8_expert = 2 * v4_fp8(3072, 7168) + v4_fp8(7168, 3072);
static_assert(v4p_fp8_expert == 3 * 22'021'440ULL);
static_assert(weights(models::deepseek_v4_pro_fp8) == v4p_main + v4p_mtp + 62 * 384 * (v4p_fp8_expert - v4p_expert));
static_assert(footprint(models::deepseek_v4_pro_fp8, {}).draft_weights == v4p_mtp + 384 * (v4p_fp8_expert - v4p_expert));
static_assert(parameter_count(models::deepseek_v4_pro_fp8) == parameter_count(models::deepseek_v4_pro));
// nvidia/DeepSeek-V4-Flash-NVFP4 and sgl-project/DeepSeek-V4-Flash-FP8: DeepSeek-V4-Flash's published
// total_size 159,609,485,896 (tests/data/configs/README.md; its tensors by hand in
// tests/static/deepseek_v4_test.cpp) with its routed experts' w1, w3 [2048, 4096] and w2 [4096,
// 2048] (E = 8,388,608 values, MXFP4 E/2 + E/32 = 4,456,448 B) NVFP4 in the 43 main layers
// (E/2 + E/16 + 8 = 4,718,600 B), or block FP8 in all 44 (E + 16 x 32 = 8,389,120 B).
static_assert(v4_mx(2048, 4096) == 4'456'448 && nv(2048, 4096) == 4'718'600 && v4_fp8(2048, 4096) == 8'389'120);
static_assert(weights(models::deepseek_v4_flash_nvfp4) == 159'609'485'896 + 43ULL * 256 * 3 * (4'718'600 - 4'456'448));
static_assert(weights(models::deepseek_v4_flash_nvfp4) == 168'266'793'544);
static_assert(footprint(models::deepseek_v4_flash_nvfp4, {}).draft_weights == footprint(models::deepseek_v4_flash, {}).draft_weights);
static_assert(weights(models::deepseek_v4_flash_fp8) == 159'609'485'896 + 44ULL * 256 * 3 * (8'389'120 - 4'456'448));
static_assert(weights(models::deepseek_v4_flash_fp8) == 292'502'338'120);
static_assert(footprint(models::deepseek_v4_flash_fp8, {}).draft_weights ==
              footprint(models::deepseek_v4_flash, {}).draft_weights + 256ULL * 3 * (8'389'120 - 4'456'448));
static_assert(parameter_count(models::deepseek_v4_flash_nvfp4) == parameter_count(models::deepseek_v4_flash));
static_assert(parameter_count(models::deepseek_v4_flash_fp8) == parameter_count(models::deepseek_v4_flash));

// ---- Llama 4 --------------------------------------------------------------------------------
// Scout and Maverick, by hand from config.json (tests/data/configs/llama_4_*): every layer's
// attention, 40 heads of 128, 8 KV heads, hidden 5120, no biases, the q / k norm weightless: q, o
// [5120, 5120], k, v [1024, 5120], input_layernorm and post_attention_layernorm [5120]; a MoE layer
// router [experts, 5120], experts gate_up_proj [experts, 5120, 2 x 8192] and down_proj [experts,
// 8192, 5120], the shared expert's gate, up [8192, 5120] and down [5120, 8192]; a dense layer gate,
// up [16384, 5120], down [5120, 16384]; embed_tokens and lm_head [202048, 5120], model.norm. The
// vision tower and projector (vision_config: 34 layers of 1408, intermediate 5632, patch 14 of
// 336-pixel images, projector 4096): patch_embedding [1408, 3 x 14 x 14], class_embedding 1408,
// positional_embedding_vlm [(336 / 14)^2 + 1, 1408], layernorm_pre / _post weight and bias; a
// layer: two LayerNorms with biases, q, k, v, o [1408, 1408] + biases, fc1 [5632, 1408] + bias, fc2
// [1408, 5632] + bias; vision_adapter fc1 [4096, 5632], fc2 [4096, 4096]; multi_modal_projector
// [5120, 4096].
constexpr u64 l4_attn = 2 * 5120ULL * 5120 + 2 * 1024ULL * 5120 + 2 * 5120;
constexpr u64 l4_moe(u64 experts) { return experts * 5120 + experts * 3 * 8192ULL * 5120 + 3 * 8192ULL * 5120; }
constexpr u64 l4_top = 2 * 202048ULL * 5120 + 5120;
constexpr u64 l4_vision = 1408ULL * 588 + 1408 + 577ULL * 1408 + 4 * 1408 +
                          34 * (4 * 1408 + 4 * (1408ULL * 1408 + 1408) + (5632ULL * 1408 + 5632) + (1408ULL * 5632 + 1408)) +
                          4096ULL * 5632 + 4096ULL * 4096 + 5120ULL * 4096;
// Llama-4-Scout-17B-16E-Instruct: 48 MoE layers of 16 experts; 108,641,793,536 parameters, the
// Hub's safetensors count of the Instruct release as public model registries record it.
static_assert(48 * (l4_attn + l4_moe(16)) + l4_top + l4_vision == 108'641'793'536);
static_assert(parameter_count(models::llama_4_scout_17b_16e) == 108'641'793'536);
static_assert(weights(models::llama_4_scout_17b_16e) == 2 * 108'641'793'536ULL);
static_assert(footprint(models::llama_4_scout_17b_16e, {}).vision_weights == 2 * l4_vision);
// Llama-4-Maverick-17B-128E-Instruct: 24 MoE layers of 128 experts (interleave_moe_layer_step 2)
// and 24 dense; 401,583,781,376 parameters, the count Fireworks AI's documentation lists for it.
static_assert(48 * l4_attn + 24 * l4_moe(128) + 24 * 3 * 16384ULL * 5120 + l4_top + l4_vision == 401'583'781'376);
static_assert(parameter_count(models::llama_4_maverick_17b_128e) == 401'583'781'376);
static_assert(weights(models::llama_4_maverick_17b_128e) == 2 * 401'583'781'376ULL);
static_assert(footprint(models::llama_4_maverick_17b_128e, {}).vision_weights == 2 * l4_vision);
// Chunked attention: layers 3, 7, ..., 47 (no_rope_layer_interval 4 by default) global NoPE, the
// other 36 within chunks of attention_chunk_size 8192, all held by default, 8192 tokens with
// eviction.
static_assert(footprint(models::llama_4_scout_17b_16e, {}, evicting).kv_per_token == gqa_kv(12, 8, 128, 2));
static_assert(footprint(models::llama_4_scout_17b_16e, {}, evicting).swa_kv_per_token == gqa_kv(36, 8, 128, 2));
static_assert(footprint(models::llama_4_scout_17b_16e, {}, evicting).swa_window == 8192);
static_assert(footprint(models::llama_4_maverick_17b_128e, {}, evicting).kv_per_token == gqa_kv(12, 8, 128, 2));
static_assert(footprint(models::llama_4_maverick_17b_128e, {}, evicting).swa_kv_per_token == gqa_kv(36, 8, 128, 2));

// ---- Nemotron-NAS ---------------------------------------------------------------------------
// Llama-3.3-Nemotron-Super-49B-v1: no published total_size or parameter count found; the hand sum
// from config.json (tests/static/nemotron_nas_test.cpp writes block_configs out): 49 layers with
// attention (n_heads_in_group 8: 8 KV heads of 128) q, o [8192, 8192], k, v [1024, 8192],
// input_layernorm [8192]; 80 FFN layers gate, up [inter, 8192], down [8192, inter],
// post_attention_layernorm [8192], the widths 49 x 28672 + 6 x 14336 + 17920 + 10 x 7168 + 8 x
// 5632 + 6 x 2816; embed_tokens and lm_head [128256, 8192], model.norm. Every tensor BF16.
constexpr u64 nas_params = 49 * (2 * 8192ULL * 8192 + 2 * 1024ULL * 8192 + 8192) +
                           3 * 8192ULL * (49 * 28672ULL + 6 * 14336 + 17920 + 10 * 7168 + 8 * 5632 + 6 * 2816) +
                           80 * 8192ULL + 2 * 128256ULL * 8192 + 8192;
static_assert(nas_params == 49'867'145'216);
static_assert(parameter_count(models::llama_3_3_nemotron_super_49b_v1) == nas_params);
static_assert(weights(models::llama_3_3_nemotron_super_49b_v1) == 2 * nas_params);

// ---- aiconfigurator's legacy dense checkpoints: Qwen2.5 and Llama-2 ---------------------------
// Qwen2.5 (Qwen2ForCausalLM), every tensor BF16, by hand from config.json (no head_dim key:
// hidden / heads = 128): per layer q [q_heads x 128, hidden] and its bias [q_heads x 128], k, v
// [kv_heads x 128, hidden] and their biases [kv_heads x 128], o [hidden, q_heads x 128], gate,
// up [inter, hidden], down [hidden, inter], two norms [hidden]; embed_tokens (and, untied,
// lm_head) [vocab, hidden]; the final norm.
constexpr u64 q25_params(u64 hidden, u64 inter, u64 layers, u64 q_heads, u64 kv_heads, u64 vocab, bool tied) {
  return layers * (2 * q_heads * 128 * hidden + q_heads * 128 + 2 * (kv_heads * 128 * hidden + kv_heads * 128) +
                   3 * inter * hidden + 2 * hidden) +
         (tied ? 1 : 2) * vocab * hidden + hidden;
}
// The Hub's safetensors parameter counts of the Qwen2.5 Instruct releases (the base releases'
// tensors and shapes), as github.com/floschne/gimmick src/gimmick/models/__init__.py @ 81c06a5e
// get_model_sizes() records them from HfApi.get_safetensors_metadata.
// Qwen2.5-1.5B: one model.safetensors, no index (no published total_size); tied: 1,543,714,304
// parameters, no lm_head stored.
static_assert(q25_params(1536, 8960, 28, 12, 2, 151936, true) == 1'543'714'304);
static_assert(parameter_count(models::qwen2_5_1_5b) == 1'543'714'304);
static_assert(weights(models::qwen2_5_1_5b) == 2 * 1'543'714'304ULL);
// Qwen2.5-7B: total_size 15,231,233,024 (Qwen/Qwen2.5-7B-Instruct's index); 7,615,616,512 parameters.
static_assert(q25_params(3584, 18944, 28, 28, 4, 152064, false) == 7'615'616'512 && 2 * 7'615'616'512ULL == 15'231'233'024);
static_assert(weights(models::qwen2_5_7b) == 15'231'233'024);
static_assert(parameter_count(models::qwen2_5_7b) == 7'615'616'512);
// Qwen2.5-32B: total_size 65,527,752,704 (Qwen/Qwen2.5-32B-Instruct's index); 32,763,876,352 parameters.
static_assert(q25_params(5120, 27648, 64, 40, 8, 152064, false) == 32'763'876'352 &&
              2 * 32'763'876'352ULL == 65'527'752'704);
static_assert(weights(models::qwen2_5_32b) == 65'527'752'704);
static_assert(parameter_count(models::qwen2_5_32b) == 32'763'876'352);
// Qwen2.5-72B: total_size 145,412,407,296 (Qwen/Qwen2.5-72B-Instruct's index); 72,706,203,648 parameters.
static_assert(q25_params(8192, 29568, 80, 64, 8, 152064, false) == 72'706'203'648 &&
              2 * 72'706'203'648ULL == 145'412'407'296);
static_assert(weights(models::qwen2_5_72b) == 145'412'407'296);
static_assert(parameter_count(models::qwen2_5_72b) == 72'706'203'648);

// Llama-2 -hf (LlamaForCausalLM, torch_dtype float16: two bytes an element), by hand from
// config.json (vocab 32000, untied, no head_dim key: hidden / heads = 128): per layer q, o
// [hidden, hidden], k, v [kv_heads x 128, hidden], gate, up [inter, hidden], down [hidden, inter],
// two norms [hidden]; embed_tokens and lm_head [32000, hidden]; the final norm.
constexpr u64 l2_params(u64 hidden, u64 inter, u64 layers, u64 kv_heads) {
  return layers * (2 * hidden * hidden + 2 * kv_heads * 128 * hidden + 3 * inter * hidden + 2 * hidden) +
         2 * 32000 * hidden + hidden;
}
// The -hf files also store each layer's self_attn.rotary_emb.inv_freq, 128 / 2 = 64 F32 values
// (transformers saved it as a buffer then; huggingface/transformers pull request 35255: "only on
// llama-2 checkpoints, llama-3 works well because it has no inv_freq in its state dict saved").
// Engines recompute it and the table does not count it: the published figures hold layers x 64
// parameters and layers x 64 x 4 bytes more. The Hub's safetensors.total (the model API, as a
// public compute-records table quotes it with each revision): 7b 6,738,417,664 @ 01c7f73d, 13b
// 13,015,866,880 @ 5c31dfb6, 70b 68,976,653,312 @ 3aba440b.
// Llama-2-7b-hf: total_size 13,476,839,424 (its model.safetensors.index.json, as a public note on
// the repository's files quotes it).
static_assert(l2_params(4096, 11008, 32, 32) == 6'738'417'664 - 32 * 64);
static_assert(2 * l2_params(4096, 11008, 32, 32) == 13'476'839'424 - 32 * 64 * 4);
static_assert(parameter_count(models::llama_2_7b_hf) == 6'738'417'664 - 32 * 64);
static_assert(weights(models::llama_2_7b_hf) == 13'476'839'424 - 32 * 64 * 4);
// Llama-2-13b-hf: no published total_size was found: the Hub's count at two bytes an element.
static_assert(l2_params(5120, 13824, 40, 40) == 13'015'866'880 - 40 * 64);
static_assert(parameter_count(models::llama_2_13b_hf) == 13'015'866'880 - 40 * 64);
static_assert(weights(models::llama_2_13b_hf) == 2 * (13'015'866'880ULL - 40 * 64));
// Llama-2-70b-hf: total_size 137,953,316,864 (its 15-shard model.safetensors.index.json, as a
// public note on loading Llama2-70B with accelerate quotes it); 8 KV heads.
static_assert(l2_params(8192, 28672, 80, 8) == 68'976'653'312 - 80 * 64);
static_assert(2 * l2_params(8192, 28672, 80, 8) == 137'953'316'864 - 80 * 64 * 4);
static_assert(parameter_count(models::llama_2_70b_hf) == 68'976'653'312 - 80 * 64);
static_assert(weights(models::llama_2_70b_hf) == 137'953'316'864 - 80 * 64 * 4);

// ---- MiMo -----------------------------------------------------------------------------------
// MiMo-7B-Base: no published total_size: hand sum from its config.json (untied, attention_bias
// true): per layer q [4096, 4096] + bias, k, v [1024, 4096] + biases, o [4096, 4096], gate, up
// [11008, 4096], down [4096, 11008], two norms; embed_tokens and lm_head [151680, 4096]; norm.
// The MTP layer it also stores (model.mtp_layers.0, 210,794,496 parameters: the Hub's 7.8B with
// it) is a draft model's, which vLLM's MiMoForCausalLM does not load: not counted.
constexpr u64 mimo7_layer = (4096ULL * 4096 + 4096) + 2 * (1024ULL * 4096 + 1024) + 4096ULL * 4096 + 3 * 11008ULL * 4096 + 2 * 4096;
static_assert(mimo7_layer == 177'223'680 && 36 * mimo7_layer + 2 * 151680ULL * 4096 + 4096 == 7'622'619'136);
static_assert((7'622'619'136ULL + 210'794'496 + 50'000'000) / 100'000'000 == 78);
static_assert(parameter_count(models::mimo_7b_base) == 7'622'619'136);
static_assert(weights(models::mimo_7b_base) == 2 * 7'622'619'136ULL);
// MiMo-V2-Flash: no published total_size: hand sum from its config.json. FP8 E4M3 weights, one
// F32 scale per 128 x 128 block; BF16 o_proj, the MTP layers' eh_proj, norms, sinks, embed_tokens
// and lm_head; F32 router and correction bias. Full-attention layers (9): q [12288, 4096] + 96 x
// 32 scales, k [768, 4096] + 8 x 32 (tiled per 4 KV-head shards of 192 rows: 2 block rows each),
// v [512, 4096] + 4 x 32, o [4096, 8192] BF16, input norm. Sliding layers (39): q, k [1536, 4096]
// + 12 x 32, v [1024, 4096] + 8 x 32, o, input norm, 64 BF16 sinks. Dense MLP (layer 0 and each
// MTP layer): gate, up [16384, 4096], down [4096, 16384], each + 128 x 32 scales, its norm. MoE
// layers (47): router [256, 4096] and bias [256] F32, 256 x (gate, up [2048, 4096], down [4096,
// 2048], each + 16 x 32), norm. embed_tokens, lm_head [152576, 4096]; norm. Each of the three MTP
// layers: enorm, hnorm, eh_proj [4096, 8192] BF16, a sliding layer's attention, the dense MLP,
// final_layernorm; it reads the main embed_tokens and lm_head.
constexpr u64 mimo_q = 12'288ULL * 4'096 + 96 * 32 * 4;
constexpr u64 mimo_o = 4'096ULL * 8'192 * 2;
constexpr u64 mimo_full = mimo_q + (768ULL * 4'096 + 8 * 32 * 4) + (512ULL * 4'096 + 4 * 32 * 4) + mimo_o + 8'192;
constexpr u64 mimo_swa = mimo_q + (1'536ULL * 4'096 + 12 * 32 * 4) + (1'024ULL * 4'096 + 8 * 32 * 4) + mimo_o + 8'192 + 64 * 2;
constexpr u64 mimo_dense = 3 * (16'384ULL * 4'096 + 128 * 32 * 4) + 8'192;
constexpr u64 mimo_moe = 256ULL * 4'096 * 4 + 256 * 4 + 256 * 3 * (2'048ULL * 4'096 + 16 * 32 * 4) + 8'192;
constexpr u64 mimo_main = 9 * mimo_full + 39 * mimo_swa + mimo_dense + 47 * mimo_moe + 2 * 152'576ULL * 4'096 * 2 + 8'192;
constexpr u64 mimo_mtp = 3 * (2 * 8'192 + 4'096ULL * 8'192 * 2 + mimo_swa + mimo_dense + 8'192);
static_assert(mimo_main == 311'862'258'560 && mimo_mtp == 1'189'400'448);
static_assert(weights(models::mimo_v2_flash) == mimo_main + mimo_mtp);
static_assert(footprint(models::mimo_v2_flash, {}).draft_weights == mimo_mtp);
static_assert(footprint(models::mimo_v2_flash, {}).loaded_weights == mimo_main);
// The parameters, scales apart: the model card's 309B total, the MTP layers included (0.33B each
// by the model card; 329,273,408 here).
static_assert(12'288ULL * 4'096 + 768ULL * 4'096 + 512ULL * 4'096 + 4'096ULL * 8'192 + 4'096 == 89'133'056);  // full
static_assert(12'288ULL * 4'096 + 1'536ULL * 4'096 + 1'024ULL * 4'096 + 4'096ULL * 8'192 + 4'096 + 64 == 94'376'000);  // sliding
static_assert(3 * 16'384ULL * 4'096 + 4'096 == 201'330'688);  // the dense MLP
static_assert(256ULL * 4'096 + 256 + 256 * 3 * 2'048ULL * 4'096 + 4'096 == 6'443'503'872);  // a MoE layer's MLP
constexpr u64 mimo_mtp_params = 2 * 4'096 + 4'096ULL * 8'192 + 94'376'000 + 201'330'688 + 4'096;
static_assert(mimo_mtp_params == 329'273'408);
static_assert(parameter_count(models::mimo_v2_flash) == 9 * 89'133'056ULL + 39 * 94'376'000ULL + 201'330'688 +
                                                          47 * 6'443'503'872ULL + 2 * 152'576ULL * 4'096 + 4'096 +
                                                          3 * mimo_mtp_params);
static_assert(parameter_count(models::mimo_v2_flash) == 309'766'601'088);
// K of 192 and V of 128 a KV head: 9 full-attention layers of 4 KV heads, 39 sliding of 8 (a
// window of 128 tokens with eviction; every token held without).
static_assert(footprint(models::mimo_v2_flash, {}, evicting).kv_per_token == 9 * 4 * (192 + 128) * 2);
static_assert(footprint(models::mimo_v2_flash, {}, evicting).swa_kv_per_token == 39 * 8 * (192 + 128) * 2);

// ---- KV (BF16 and FP8) and state per sequence, every checkpoint, by hand ----------------------
// layers with KV x 2 x kv_heads x head_dim (MLA: kv_lora + qk_rope, once) x element bytes;
// recurrent state: recurrent layers x heads x dims x 4 B (f32); 0 where no layer is recurrent.
struct kv_row {
  const model* m;
  u64 kv_bf16;
  u64 kv_fp8;
  u64 state;
};
constexpr kv_row kv_rows[] = {
    {&models::llama_3_1_8b_instruct, gqa_kv(32, 8, 128, 2), gqa_kv(32, 8, 128, 1), 0},
    {&models::llama_3_1_70b_instruct, gqa_kv(80, 8, 128, 2), gqa_kv(80, 8, 128, 1), 0},
    {&models::llama_3_1_405b_instruct, gqa_kv(126, 8, 128, 2), gqa_kv(126, 8, 128, 1), 0},
    {&models::llama_3_3_70b_instruct_fp8, gqa_kv(80, 8, 128, 2), gqa_kv(80, 8, 128, 1), 0},
    {&models::qwen3_8b, gqa_kv(36, 8, 128, 2), gqa_kv(36, 8, 128, 1), 0},
    {&models::qwen3_32b, gqa_kv(64, 8, 128, 2), gqa_kv(64, 8, 128, 1), 0},
    {&models::mistral_7b_v0_1, gqa_kv(32, 8, 128, 2), gqa_kv(32, 8, 128, 1), 0},
    {&models::qwen3_30b_a3b, gqa_kv(48, 4, 128, 2), gqa_kv(48, 4, 128, 1), 0},
    {&models::qwen3_235b_a22b, gqa_kv(94, 4, 128, 2), gqa_kv(94, 4, 128, 1), 0},
    {&models::qwen3_235b_a22b_fp8, gqa_kv(94, 4, 128, 2), gqa_kv(94, 4, 128, 1), 0},
    {&models::mixtral_8x7b_v0_1, gqa_kv(32, 8, 128, 2), gqa_kv(32, 8, 128, 1), 0},
    {&models::qwen3_next_80b_a3b_instruct, gqa_kv(12, 2, 256, 2), gqa_kv(12, 2, 256, 1), 36ULL * 32 * 128 * 128 * 4},
    {&models::qwen3_next_80b_a3b_instruct_fp8, gqa_kv(12, 2, 256, 2), gqa_kv(12, 2, 256, 1), 36ULL * 32 * 128 * 128 * 4},
    {&models::qwen3_5_35b_a3b, gqa_kv(10, 2, 256, 2), gqa_kv(10, 2, 256, 1), 30ULL * 32 * 128 * 128 * 4},
    {&models::qwen3_6_35b_a3b_fp8, gqa_kv(10, 2, 256, 2), gqa_kv(10, 2, 256, 1), 30ULL * 32 * 128 * 128 * 4},
    {&models::qwen3_5_27b, gqa_kv(16, 4, 256, 2), gqa_kv(16, 4, 256, 1), 48ULL * 48 * 128 * 128 * 4},
    {&models::qwen3_8_27b_nvfp4, gqa_kv(16, 4, 256, 2), gqa_kv(16, 4, 256, 1), 48ULL * 48 * 128 * 128 * 4},
    {&models::nvidia_nemotron_nano_9b_v2, gqa_kv(4, 8, 128, 2), gqa_kv(4, 8, 128, 1), 27ULL * 128 * 80 * 128 * 4},
    {&models::nemotron_h_56b_base_8k, gqa_kv(10, 8, 128, 2), gqa_kv(10, 8, 128, 1), 54ULL * 256 * 64 * 256 * 4},
    {&models::gpt_oss_20b, gqa_kv(24, 8, 64, 2), gqa_kv(24, 8, 64, 1), 0},
    {&models::gpt_oss_120b, gqa_kv(36, 8, 64, 2), gqa_kv(36, 8, 64, 1), 0},
    {&models::deepseek_v3, 61 * (512 + 64) * 2, 61 * (512 + 64), 0},
    {&models::qwen3_30b_a3b_nvfp4, gqa_kv(48, 4, 128, 2), gqa_kv(48, 4, 128, 1), 0},
    {&models::deepseek_v3_0324_fp4, 61 * (512 + 64) * 2, 61 * (512 + 64), 0},
    // 11 sparse-attention layers: a latent row of 512 and a BF16 pooled index key of 128 / 4.
    {&models::glm_5_3_flash_nvfp4, 11 * (512 * 2 + 32 * 2), 11 * (512 + 32 * 2), 34ULL * 64 * 128 * 128 * 4},
    // Nemotron-3 (weights and parameters: tests/static/nemotron_3_test.cpp).
    {&models::nemotron_3_nano_30b_a3b_nvfp4, gqa_kv(6, 2, 128, 2), gqa_kv(6, 2, 128, 1), 23ULL * 64 * 64 * 128 * 4},
    {&models::nemotron_3_5_lightning_30b_a3b_nvfp4, gqa_kv(6, 2, 128, 2), gqa_kv(6, 2, 128, 1), 23ULL * 64 * 64 * 128 * 4},
    {&models::nemotron_3_super_120b_a12b_nvfp4, gqa_kv(8, 2, 128, 2), gqa_kv(8, 2, 128, 1), 40ULL * 128 * 64 * 128 * 4},
    // Gemma-4: 50 (25) sliding layers of 16 (8) KV heads x 256, 10 (5) global of 4 (2) x 512.
    {&models::gemma_4_31b, gqa_kv(50, 16, 256, 2) + gqa_kv(10, 4, 512, 2), gqa_kv(50, 16, 256, 1) + gqa_kv(10, 4, 512, 1), 0},
    {&models::gemma_4_26b_a4b, gqa_kv(25, 8, 256, 2) + gqa_kv(5, 2, 512, 2), gqa_kv(25, 8, 256, 1) + gqa_kv(5, 2, 512, 1), 0},
    {&models::minimax_m2_7, gqa_kv(62, 8, 128, 2), gqa_kv(62, 8, 128, 1), 0},
    {&models::mistral_small_4_119b, 36 * (256 + 64) * 2, 36 * (256 + 64), 0},
    // DeepSeek-V4-Flash: every layer's window row of 512 (held per token unless evicted); 21 CSA
    // layers' compressed row (512 per 4 tokens) and index key (128 FP8 + one 4-byte scale per 4
    // tokens = 33 B, whatever the KV dtype); 20 HCA layers' row (512 per 128 tokens). State: vLLM's
    // F32 compressor states per sequence, coff x ratio rows of 2 x coff x head_dim (CSA 8 x 2,048
    // + its indexer's 8 x 512; HCA 128 x 1,024). Weights: tests/static/deepseek_v4_test.cpp.
    {&models::deepseek_v4_flash, (43 * 512 + 21 * 128 + 20 * 4) * 2 + 21 * 33, 43 * 512 + 21 * (128 + 33) + 20 * 4,
     (21 * (8 * 2048 + 8 * 512) + 20 * 128 * 1024) * 4},
    // Qwen3.6-35B-A3B-NVFP4 (weights: tests/static/qwen3_6_nvfp4_test.cpp).
    {&models::qwen3_6_35b_a3b_nvfp4, gqa_kv(10, 2, 256, 2), gqa_kv(10, 2, 256, 1), 30ULL * 32 * 128 * 128 * 4},
    {&models::qwen3_32b_fp8, gqa_kv(64, 8, 128, 2), gqa_kv(64, 8, 128, 1), 0},
    {&models::qwen3_30b_a3b_fp8, gqa_kv(48, 4, 128, 2), gqa_kv(48, 4, 128, 1), 0},
    {&models::llama_3_1_70b_instruct_fp8, gqa_kv(80, 8, 128, 2), gqa_kv(80, 8, 128, 1), 0},
    {&models::kimi_k2_instruct, 61 * (512 + 64) * 2, 61 * (512 + 64), 0},
    {&models::qwen3_coder_480b_a35b_instruct, gqa_kv(62, 8, 128, 2), gqa_kv(62, 8, 128, 1), 0},
    {&models::minimax_m2_5, gqa_kv(62, 8, 128, 2), gqa_kv(62, 8, 128, 1), 0},
    {&models::qwen3_14b, gqa_kv(40, 8, 128, 2), gqa_kv(40, 8, 128, 1), 0},
    {&models::qwen3_4b, gqa_kv(36, 8, 128, 2), gqa_kv(36, 8, 128, 1), 0},
    {&models::qwen3_1_7b, gqa_kv(28, 8, 128, 2), gqa_kv(28, 8, 128, 1), 0},
    {&models::qwen3_0_6b, gqa_kv(28, 8, 128, 2), gqa_kv(28, 8, 128, 1), 0},
    {&models::qwen3_235b_a22b_nvfp4, gqa_kv(94, 4, 128, 2), gqa_kv(94, 4, 128, 1), 0},
    {&models::mixtral_8x22b_v0_1, gqa_kv(56, 8, 128, 2), gqa_kv(56, 8, 128, 1), 0},
    // Nemotron-3-Nano BF16: the NVFP4 release's 6 attention and 23 Mamba layers.
    {&models::nemotron_3_nano_30b_a3b_bf16, gqa_kv(6, 2, 128, 2), gqa_kv(6, 2, 128, 1), 23ULL * 64 * 64 * 128 * 4},
    // Llama 4: every one of the 48 layers keeps K and V when nothing is evicted.
    {&models::llama_4_scout_17b_16e, gqa_kv(48, 8, 128, 2), gqa_kv(48, 8, 128, 1), 0},
    {&models::llama_4_maverick_17b_128e, gqa_kv(48, 8, 128, 2), gqa_kv(48, 8, 128, 1), 0},
    // Nemotron-Super: the 49 layers with attention; the 31 no_op ones keep none.
    {&models::llama_3_3_nemotron_super_49b_v1, gqa_kv(49, 8, 128, 2), gqa_kv(49, 8, 128, 1), 0},
    // Qwen2.5 and Llama-2: every layer keeps K and V (Llama-2 7b and 13b: one KV head per query head).
    {&models::qwen2_5_1_5b, gqa_kv(28, 2, 128, 2), gqa_kv(28, 2, 128, 1), 0},
    {&models::qwen2_5_7b, gqa_kv(28, 4, 128, 2), gqa_kv(28, 4, 128, 1), 0},
    {&models::qwen2_5_32b, gqa_kv(64, 8, 128, 2), gqa_kv(64, 8, 128, 1), 0},
    {&models::qwen2_5_72b, gqa_kv(80, 8, 128, 2), gqa_kv(80, 8, 128, 1), 0},
    {&models::llama_2_7b_hf, gqa_kv(32, 32, 128, 2), gqa_kv(32, 32, 128, 1), 0},
    {&models::llama_2_13b_hf, gqa_kv(40, 40, 128, 2), gqa_kv(40, 40, 128, 1), 0},
    {&models::llama_2_70b_hf, gqa_kv(80, 8, 128, 2), gqa_kv(80, 8, 128, 1), 0},
    // DeepSeek Sparse Attention: each layer's latent row (512 + 64) and its indexer's key, 128 FP8
    // values and one F32 scale = 132 B whatever the KV dtype (vLLM DeepseekV32IndexerCache;
    // tests/cli/import_mla_test.cpp).
    {&models::deepseek_v3_2, 61 * ((512 + 64) * 2 + 132), 61 * (512 + 64 + 132), 0},
    {&models::glm_5, 78 * ((512 + 64) * 2 + 132), 78 * (512 + 64 + 132), 0},
    {&models::glm_5_fp8, 78 * ((512 + 64) * 2 + 132), 78 * (512 + 64 + 132), 0},
    {&models::kimi_k2_5, 61 * (512 + 64) * 2, 61 * (512 + 64), 0},
    // Qwen3.5-397B-A17B / -122B-A10B: 15 / 12 attention layers of 2 KV heads x 256; the 45 / 36
    // Gated DeltaNet layers' F32 state of 64 value heads x 128 x 128.
    {&models::qwen3_5_397b_a17b, gqa_kv(15, 2, 256, 2), gqa_kv(15, 2, 256, 1), 45ULL * 64 * 128 * 128 * 4},
    {&models::qwen3_5_122b_a10b, gqa_kv(12, 2, 256, 2), gqa_kv(12, 2, 256, 1), 36ULL * 64 * 128 * 128 * 4},
    {&models::qwen3_5_397b_a17b_nvfp4, gqa_kv(15, 2, 256, 2), gqa_kv(15, 2, 256, 1), 45ULL * 64 * 128 * 128 * 4},
    {&models::qwen3_5_122b_a10b_nvfp4, gqa_kv(12, 2, 256, 2), gqa_kv(12, 2, 256, 1), 36ULL * 64 * 128 * 128 * 4},
    // DeepSeek-V4-Pro, DeepSeek-V4-Flash's rows (above) over its layers: 61 window rows of 512,
    // 30 CSA layers' compressed row (128 a token) and index key (33 B), 31 HCA layers' (4 a token);
    // compressor states 30 x (8 x 2,048 + 8 x 512) + 31 x 128 x 1,024 F32 values.
    {&models::deepseek_v4_pro, (61 * 512 + 30 * 128 + 31 * 4) * 2 + 30 * 33, 61 * 512 + 30 * (128 + 33) + 31 * 4,
     (30 * (8 * 2048 + 8 * 512) + 31 * 128 * 1024) * 4},
    // Nemotron-3-Super FP8: the NVFP4 export's 8 attention and 40 Mamba layers (weights:
    // tests/static/nemotron_3_test.cpp).
    {&models::nemotron_3_super_120b_a12b_fp8, gqa_kv(8, 2, 128, 2), gqa_kv(8, 2, 128, 1), 40ULL * 128 * 64 * 128 * 4},
    {&models::glm_5_1, 78 * ((512 + 64) * 2 + 132), 78 * (512 + 64 + 132), 0},
    {&models::glm_5_1_fp8, 78 * ((512 + 64) * 2 + 132), 78 * (512 + 64 + 132), 0},
    // Qwen3-VL: the Qwen3 decoders' KV (the towers hold none).
    {&models::qwen3_vl_2b_instruct, gqa_kv(28, 8, 128, 2), gqa_kv(28, 8, 128, 1), 0},
    {&models::qwen3_vl_4b_instruct, gqa_kv(36, 8, 128, 2), gqa_kv(36, 8, 128, 1), 0},
    {&models::qwen3_vl_8b_instruct, gqa_kv(36, 8, 128, 2), gqa_kv(36, 8, 128, 1), 0},
    {&models::qwen3_vl_32b_instruct, gqa_kv(64, 8, 128, 2), gqa_kv(64, 8, 128, 1), 0},
    {&models::qwen3_vl_32b_thinking, gqa_kv(64, 8, 128, 2), gqa_kv(64, 8, 128, 1), 0},
    {&models::qwen3_vl_30b_a3b_instruct, gqa_kv(48, 4, 128, 2), gqa_kv(48, 4, 128, 1), 0},
    {&models::qwen3_vl_235b_a22b_instruct, gqa_kv(94, 4, 128, 2), gqa_kv(94, 4, 128, 1), 0},
    {&models::mimo_7b_base, gqa_kv(36, 8, 128, 2), gqa_kv(36, 8, 128, 1), 0},
    // MiMo-V2-Flash: 9 full layers of 4 KV heads and 39 sliding of 8, K 192 and V 128 wide.
    {&models::mimo_v2_flash, (9 * 4 + 39 * 8) * (192 + 128) * 2, (9 * 4 + 39 * 8) * (192 + 128), 0},
    // NVIDIA's NVFP4 exports of DeepSeek-V3.1 / V3.2 and the V4 releases in NVFP4 / FP8: their
    // base releases' rows (the same attention; V3.x's FP8 KV cache is a default, not a size).
    {&models::deepseek_v3_1_nvfp4, 61 * (512 + 64) * 2, 61 * (512 + 64), 0},
    {&models::deepseek_v3_2_nvfp4, 61 * ((512 + 64) * 2 + 132), 61 * (512 + 64 + 132), 0},
    {&models::deepseek_v4_flash_nvfp4, (43 * 512 + 21 * 128 + 20 * 4) * 2 + 21 * 33, 43 * 512 + 21 * (128 + 33) + 20 * 4,
     (21 * (8 * 2048 + 8 * 512) + 20 * 128 * 1024) * 4},
    {&models::deepseek_v4_pro_nvfp4, (61 * 512 + 30 * 128 + 31 * 4) * 2 + 30 * 33, 61 * 512 + 30 * (128 + 33) + 31 * 4,
     (30 * (8 * 2048 + 8 * 512) + 31 * 128 * 1024) * 4},
    {&models::deepseek_v4_flash_fp8, (43 * 512 + 21 * 128 + 20 * 4) * 2 + 21 * 33, 43 * 512 + 21 * (128 + 33) + 20 * 4,
     (21 * (8 * 2048 + 8 * 512) + 20 * 128 * 1024) * 4},
    {&models::deepseek_v4_pro_fp8, (61 * 512 + 30 * 128 + 31 * 4) * 2 + 30 * 33, 61 * 512 + 30 * (128 + 33) + 31 * 4,
     (30 * (8 * 2048 + 8 * 512) + 31 * 128 * 1024) * 4},
    // The NVIDIA / ModelOpt exports: their BF16 releases' rows.
    {&models::minimax_m2_5_nvfp4, gqa_kv(62, 8, 128, 2), gqa_kv(62, 8, 128, 1), 0},
    {&models::minimax_m2_7_nvfp4, gqa_kv(62, 8, 128, 2), gqa_kv(62, 8, 128, 1), 0},
    {&models::gemma_4_26b_a4b_nvfp4, gqa_kv(25, 8, 256, 2) + gqa_kv(5, 2, 512, 2), gqa_kv(25, 8, 256, 1) + gqa_kv(5, 2, 512, 1), 0},
    {&models::gemma_4_31b_it_nvfp4, gqa_kv(50, 16, 256, 2) + gqa_kv(10, 4, 512, 2), gqa_kv(50, 16, 256, 1) + gqa_kv(10, 4, 512, 1), 0},
    {&models::qwen3_6_27b_nvfp4, gqa_kv(16, 4, 256, 2), gqa_kv(16, 4, 256, 1), 48ULL * 48 * 128 * 128 * 4},
    {&models::qwen3_32b_fp8_static_per_tensor, gqa_kv(64, 8, 128, 2), gqa_kv(64, 8, 128, 1), 0},
    // Nemotron-3-Ultra: 12 attention layers of 2 KV heads x 128; 48 Mamba layers' F32 state of 256
    // heads x 64 x 128 (weights: tests/static/nemotron_3_test.cpp).
    {&models::nemotron_3_ultra_550b_a55b_bf16, gqa_kv(12, 2, 128, 2), gqa_kv(12, 2, 128, 1), 48ULL * 256 * 64 * 128 * 4},
    {&models::nemotron_3_ultra_550b_a55b_nvfp4, gqa_kv(12, 2, 128, 2), gqa_kv(12, 2, 128, 1), 48ULL * 256 * 64 * 128 * 4},
    {&models::kimi_k2_5_nvfp4, 61 * (512 + 64) * 2, 61 * (512 + 64), 0},
    {&models::kimi_k2_6_nvfp4, 61 * (512 + 64) * 2, 61 * (512 + 64), 0},
    {&models::kimi_k2_7_code_nvfp4, 61 * (512 + 64) * 2, 61 * (512 + 64), 0},
    {&models::glm_5_nvfp4, 78 * ((512 + 64) * 2 + 132), 78 * (512 + 64 + 132), 0},
    {&models::glm_5_1_nvfp4, 78 * ((512 + 64) * 2 + 132), 78 * (512 + 64 + 132), 0},
    // GLM-5.2 (IndexShare): the latent row in all 78 layers, the indexer's 132-byte key in the 21
    // full layers only (tests/cli/import_mla_test.cpp).
    {&models::glm_5_2, 78 * (512 + 64) * 2 + 21 * 132, 78 * (512 + 64) + 21 * 132, 0},
    {&models::glm_5_2_fp8, 78 * (512 + 64) * 2 + 21 * 132, 78 * (512 + 64) + 21 * 132, 0},
    {&models::glm_5_2_nvfp4, 78 * (512 + 64) * 2 + 21 * 132, 78 * (512 + 64) + 21 * 132, 0},
};
// One constant expression per row (a model whose precision rules name layers is costed
// instance by instance; all rows at once would pass clang's default step limit).
template <std::size_t I>
constexpr bool kv_row_holds() {
  const kv_row& r = kv_rows[I];
  return kv_bf16(*r.m) == r.kv_bf16 && kv_fp8(*r.m) == r.kv_fp8 && state(*r.m) == r.state;
}
template <std::size_t... I>
constexpr bool kv_rows_hold(std::index_sequence<I...>) {
  return ((std::integral_constant<bool, kv_row_holds<I>()>::value) && ...);
}
static_assert(std::size(kv_rows) == models::all.size(), "every registry model has a row here");
static_assert(kv_rows_hold(std::make_index_sequence<std::size(kv_rows)>{}));

// ---- Regressions other estimators have had ---------------------------------------------------
// Llama-3-8B KV 131,072 B/token (not 4x).
static_assert(kv_bf16(models::llama_3_1_8b_instruct) == 131'072);
// KV heads never floor to zero: 8 KV heads over 16 ranks keep one each (not 0), over 2
// ranks four; an MLA latent row is replicated on every rank.
static_assert(kv_per_token_per_rank(models::llama_3_1_8b_instruct, bf16_kv, 16) == 32 * 2 * 1 * 128 * 2);
static_assert(kv_per_token_per_rank(models::llama_3_1_8b_instruct, bf16_kv, 8) == 32 * 2 * 1 * 128 * 2);
static_assert(kv_per_token_per_rank(models::llama_3_1_8b_instruct, bf16_kv, 2) == 32 * 2 * 4 * 128 * 2);
static_assert(kv_per_token_per_rank(models::qwen3_30b_a3b, bf16_kv, 8) == 48 * 2 * 1 * 128 * 2);
static_assert(kv_per_token_per_rank(models::deepseek_v3, bf16_kv, 8) == 70'272);
// Llama-3.1-405B BF16 (811.7 GB) does not fit one H100 (76.97 GB usable); TP=11 (ceil(need /
// usable)) breaks the 128 query heads. One layer is 6,375,407,616 B: 8 ranks hold ~101.5 GB
// each; 10 ranks (TP=2 x PP=5 or PP=10) leave a 26-layer half-width or 13-layer stage of
// 82.9 GB; 11 ranks as PP=11 (get_pp_indices: 11 or 12 layers a stage) hold at most
// 12 x 6,375,407,616 + 12 x 4,096 B x 4,096 tokens of KV = 76,706,217,984 B <= 76,968,728,985.
// TP=4 x PP=3 (42 layers at ~1.594 GB + a quarter of the 4.20 GB embedding, ~68.2 GB) fits too.
static_assert(!fits(models::llama_3_1_405b_instruct, devices::h100_sxm, {.seqs = 1, .context = 4096}));
// (The search itself, smallest_plan == PP=11, runs in tests/runtime/plan_test.cpp.)
static_assert(!fits(models::llama_3_1_405b_instruct, devices::h100_sxm, {.seqs = 1, .context = 4096, .parallel = {.tp = 8}}));
static_assert(!fits(models::llama_3_1_405b_instruct, devices::h100_sxm,
                    {.seqs = 1, .context = 4096, .parallel = {.tp = 2, .pp = 5}}));
static_assert(fits(models::llama_3_1_405b_instruct, devices::h100_sxm,
                   {.seqs = 1, .context = 4096, .parallel = {.tp = 4, .pp = 3}}));
static_assert(need_bytes(models::llama_3_1_405b_instruct, {.seqs = 1, .context = 4096, .parallel = {.pp = 11}}) ==
              12ULL * 6'375'407'616 + 12ULL * 4096 * 4096);
// DeepSeek-V3's shared expert is moe_intermediate_size x n_shared_experts = 2048 wide (not 18432).
static_assert(ds_expert == fp8b(2048, 7168) * 2 + fp8b(7168, 2048));
}  // namespace
}  // namespace headroom_static_catalogue_test
