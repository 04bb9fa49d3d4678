// SPDX-License-Identifier: MIT
// DeepSeek-V4-Flash: bytes by hand from deepseek-ai/DeepSeek-V4-Flash's config.json and the tensor
// shapes of vLLM vllm/model_executor/models/deepseek_v4.py @f1b76c1,
// vllm/model_executor/models/deepseek_v4_mtp.py @023da1f,
// vllm/model_executor/layers/deepseek_v4_attention.py @0a291a2 and
// vllm/model_executor/layers/deepseek_compressor.py @0de10a2; the model card's 284B parameters;
// the seed system's layer counts (2 sliding, 21 CSA, 20 HCA). Dtypes as the checkpoint's
// safetensors store them: F8_E4M3 projections with F8_E8M0 block scales, experts E2M1 packed two
// to an I8 with F8_E8M0 scales per 32, BF16 / F32 small tensors, tid2eid I64. The hand sum,
// main layers and the MTP layer, is the checkpoint's published total_size
// (model.safetensors.index.json: 159,609,485,896 B).
// Config: hidden 4096, 43 layers, compress_ratios 0, 0, then 4 and 128 alternating (layer 2 is
// 4, layer 42 is 4) and the MTP layer's 0, hc 4, 64 query heads of head_dim 512 (one KV head,
// rope 64), q_lora 1024, o_groups 8 x o_lora 1024, window 128, indexer 64 heads x 128 picking
// 512 rows, 256 experts top-6 of 2048 and one shared, 3 hash-routed layers, vocab 129280, one
// MTP layer.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v4_flash.hpp>

namespace headroom_static_deepseek_v4_test {

namespace {
using namespace headroom;
using u64 = std::uint64_t;
constexpr const model& m = models::deepseek_v4_flash;
constexpr u64 h = 4096;
constexpr u64 vocab = 129280;

// ---- layer pattern: the seed system's counts ------------------------------------------------
constexpr u64 instances(std::string_view block) {
  for (std::uint8_t b = 0; b < m.c.n_blocks; ++b) {
    if (m.c.blocks[b].name == block) return m.c.uses_in(b, section::main);
  }
  return 0;
}
static_assert(instances("swa") == 2 && instances("csa") == 21 && instances("hca") == 20);
static_assert(instances("hash_moe") == 3 && instances("moe") == 40);
// The MTP layer (draft): its input, one SWA attention and score-routed MoE, its head.
constexpr u64 draft_uses(std::string_view block) {
  for (std::uint8_t b = 0; b < m.c.n_blocks; ++b) {
    if (m.c.blocks[b].name == block) return m.c.uses_in(b, section::draft);
  }
  return 0;
}
static_assert(draft_uses("mtp_in") == 1 && draft_uses("swa") == 1 && draft_uses("moe") == 1 && draft_uses("mtp_head") == 1);
static_assert(draft_uses("csa") == 0 && draft_uses("hca") == 0 && draft_uses("hash_moe") == 0);

// ---- weights, by tensor group (bytes) --------------------------------------------------------
// FP8 [n, k]: n k E4M3 + one F8_E8M0 byte (weight_scale_inv) per 128 x 128 block; MXFP4
// [n, k]: n k / 2 + one F8_E8M0 byte per 32; BF16 2 B, F32 4 B, I64 8 B.
constexpr u64 blocks128(u64 n, u64 k) { return ((n + 127) / 128) * ((k + 127) / 128); }
constexpr u64 fp8(u64 n, u64 k) { return n * k + blocks128(n, k); }
constexpr u64 mx(u64 n, u64 k) { return n * k / 2 + n * k / 32; }
constexpr u64 b16(u64 n, u64 k) { return n * k * 2; }
//  A hyper-connection site: fn [(2 + 4) x 4 = 24, 4 x 4096] F32, base [24] and scale [3] F32.
constexpr u64 hc_site = 24 * 16384 * 4 + (24 + 3) * 4;
//  Every layer's attention: hc site; attn_norm; wq_a [1024, 4096] and wkv [512, 4096] (FP8,
//  fused: 12 x 32 blocks either way); q_norm [1024], kv_norm [512]; wq_b [64 x 512, 1024];
//  attn_sink [64] F32; wo_a [8 x 1024, 64 x 512 / 8]; wo_b [4096, 8 x 1024].
constexpr u64 attn = hc_site + h * 2 + fp8(1536, 4096) + 1024 * 2 + 512 * 2 + fp8(32768, 1024) + 64 * 4 +
                     fp8(8192, 4096) + fp8(4096, 8192);
//  A compressor of a `row`-wide key at ratio r, coff = 2 at r = 4: wkv and wgate [coff x row,
//  4096] BF16, ape [r, coff x row] F32, norm [row].
constexpr u64 compressor(u64 row, u64 coff, u64 r) { return 2 * b16(coff * row, 4096) + r * coff * row * 4 + row * 2; }
constexpr u64 swa = attn;
//  CSA: the KV compressor (512, overlapping); the indexer: wq_b [64 x 128, 1024] FP8,
//  weights_proj [64, 4096] BF16, its compressor (128, overlapping).
constexpr u64 csa = attn + compressor(512, 2, 4) + fp8(8192, 1024) + b16(64, 4096) + compressor(128, 2, 4);
//  HCA: the KV compressor (512, ratio 128, no overlap).
constexpr u64 hca = attn + compressor(512, 1, 128);
//  MoE: hc site; ffn_norm; gate [256, 4096] BF16; shared expert w1, w3 [2048, 4096], w2 [4096,
//  2048] FP8; 256 experts alike in MXFP4; then e_score_correction_bias [256] F32, or in the
//  3 hash layers tid2eid [129280, 6] I64.
constexpr u64 expert = 2 * mx(2048, 4096) + mx(4096, 2048);
constexpr u64 moe_common = hc_site + h * 2 + b16(256, 4096) + 2 * fp8(2048, 4096) + fp8(4096, 2048) + 256 * expert;
constexpr u64 moe = moe_common + 256 * 4;
constexpr u64 hash_moe = moe_common + vocab * 6 * 8;
//  Embedding [129280, 4096]; head: hc_head_fn [4, 16384] F32, base [4] and scale [1] F32, norm,
//  lm_head [129280, 4096].
constexpr u64 table = vocab * h * 2;
constexpr u64 head = 4 * 16384 * 4 + (4 + 1) * 4 + h * 2 + table;
constexpr u64 main_weights = table + 2 * swa + 21 * csa + 20 * hca + 3 * hash_moe + 40 * moe + head;
//  The MTP layer (mtp.0.*): enorm, hnorm [4096]; e_proj, h_proj [4096, 4096] FP8 (32 x 32
//  blocks each); one SWA layer's attention and a score-routed MoE (its layer index 43 is past
//  the 3 hash layers); hc_head_fn [4, 16384] F32, base [4] and scale [1] F32, norm [4096]. No
//  embedding or head copy: it reads the main ones.
constexpr u64 mtp = 2 * h * 2 + 2 * fp8(4096, 4096) + swa + moe + 4 * 16384 * 4 + (4 + 1) * 4 + h * 2;
constexpr u64 weights = main_weights + mtp;
// deepseek-ai/DeepSeek-V4-Flash, model.safetensors.index.json: metadata total_size.
static_assert(weights == 159'609'485'896);
static_assert(footprint(m, {}).weights == weights && footprint(m, {}).draft_weights == mtp);
static_assert(footprint(m, {}).loaded_weights == main_weights);
static_assert(footprint(m, {.speculative = true}).loaded_weights == weights);
// Scale values: one per FP8 128 x 128 block (per layer: wq_a | wkv 12 x 32, wq_b 256 x 8,
// wo_a 64 x 32, wo_b 32 x 64, the shared expert 3 x 16 x 32; the CSA indexer's wq_b 64 x 8; the
// MTP layer's e_proj and h_proj 32 x 32 each) and one per 32 MXFP4 values (256 experts x 3 x
// 2048 x 4096 / 32 a layer), each one byte; 44 layers with the MTP one.
constexpr u64 fp8_blocks = 44 * (12 * 32 + 256 * 8 + 64 * 32 + 32 * 64 + 3 * 16 * 32) + 21 * 64 * 8 + 2 * 32 * 32;
static_assert(scale_elements(m) == fp8_blocks + 44ULL * 256 * 3 * (2048 * 4096 / 32));

// Parameters (scales excluded): the model card's 284B, to its rounding, are the main layers';
// the MTP layer adds its own by hand (experts 256 x 3 x 2048 x 4096 at one parameter per E2M1
// value, the rest one per stored element).
constexpr u64 attn_params = 24ULL * 16384 + 27 + 4096 + 1536 * 4096 + 1536 + 32768 * 1024 + 64 + 8192 * 4096 + 4096 * 8192;
constexpr u64 moe_params = 24ULL * 16384 + 27 + 4096 + 256 * 4096 + 3 * 2048 * 4096 + 256ULL * 3 * 2048 * 4096 + 256;
constexpr u64 mtp_params = 2 * 4096 + 2ULL * 4096 * 4096 + attn_params + moe_params + 4 * 16384 + 5 + 4096;
static_assert(parameter_count(m) - mtp_params >= 283'500'000'000 && parameter_count(m) - mtp_params < 284'500'000'000);

// ---- KV per token, by hand -------------------------------------------------------------------
// Every layer's window row (head_dim 512); a CSA layer's compressed row (512 per 4 tokens = 128
// a token); an HCA layer's compressed row (512 per 128 tokens = 4 a token); at kv_cache_dtype
// (FP8 1 B, BF16 2 B). A CSA layer's index key as vLLM and SGLang store it under any KV dtype:
// 128 FP8 values + one 4-byte F32 scale per 4 tokens = 132 / 4 = 33 B a token (vLLM
// deepseek_v4_attention.py @b92a330e DeepseekV4Indexer, k_cache_head_dim = 128 + 128 // 128 x 4).
constexpr u64 window_row = 512;
constexpr u64 compressed_kv = 21 * 128 + 20 * 4;
constexpr u64 index_keys = 21 * 33;
static_assert(footprint(m, {.kv = kv_dtype::fp8}).kv_per_token == 43 * window_row + compressed_kv + index_keys);
static_assert(footprint(m, {.kv = kv_dtype::bf16}).kv_per_token == 2 * (43 * window_row + compressed_kv) + index_keys);
// Speculative decoding runs the MTP layer: one more window row, no compressor.
static_assert(footprint(m, {.kv = kv_dtype::fp8, .speculative = true}).kv_per_token == 44 * window_row + compressed_kv + index_keys);
static_assert(footprint(m, {.speculative = true}).state_per_seq == footprint(m, {}).state_per_seq);
// ---- per-sequence compressor states, by hand ---------------------------------------------------
// vLLM deepseek_compressor.py @0de10a2, CompressorStateCache: per sequence, coff x ratio tokens
// (its sliding_window) of state_dim = 2 x coff x head_dim F32 (kv_state | score_state), coff = 2
// at ratio 4, else 1. CSA: 8 x 2,048 x 4 = 65,536 B, its indexer's (head_dim 128) 8 x 512 x 4 =
// 16,384 B; HCA: 128 x 1,024 x 4 = 524,288 B. Whatever kv_cache_dtype; no conv window.
constexpr u64 csa_state = 8 * 2048 * 4 + 8 * 512 * 4;
constexpr u64 hca_state = 128 * 1024 * 4;
static_assert(csa_state == 81'920 && hca_state == 524'288);
static_assert(footprint(m, {}).state_per_seq == 21 * csa_state + 20 * hca_state);
static_assert(footprint(m, {}).state_per_seq == 12'206'080);
static_assert(footprint(m, {.kv = kv_dtype::fp8}).state_per_seq == 12'206'080 && footprint(m, {}).conv_per_seq == 0);
// With the window evicted: the window rows over min(context, 128) tokens, the compressed rows
// per token: one 4,096-token sequence at FP8 holds 3,461 x 4,096 + 22,016 x 128 bytes and its
// compressor states (3,461 = 21 x (128 + 33) + 20 x 4).
constexpr auto evict = footprint(m, {.kv = kv_dtype::fp8}, engine{.kind = engine_kind::none, .evict_sliding = true});
static_assert(evict.kv_per_token == 3'461 && evict.swa_kv_per_token == 43 * 512 && evict.swa_window == 128);
static_assert(evict.per_seq(4096) == 3'461ULL * 4096 + 22'016ULL * 128 + 12'206'080);

// ---- weight floor: the main layers, the embedding out, 6 of 256 experts -------------------------
constexpr u64 floor_bytes = main_weights - table - 43 * (256 - 6) * expert;
static_assert(weight_floor_bytes(m) == floor_bytes);

// ---- fit and decode ----------------------------------------------------------------------------
// The weights (159.6 GB) exceed an H200's 141 GB; under engines::none one 4,096-token sequence fits
// one B300 (0.9 x 275,040 MiB = 259.56 GB usable).
constexpr settings s8{.kv = kv_dtype::fp8};
static_assert(weights > 141'000'000'000);
static_assert(!fits(m, devices::h200_sxm, {.seqs = 1, .context = 4096, .settings = s8, .engine = engines::none}));
static_assert(fits(m, devices::b300, {.seqs = 1, .context = 4096, .settings = s8, .engine = engines::none}));
// Decode at C = 1 is memory-bound and takes at least the floor over the bandwidth.
constexpr auto b300 = default_roofline(devices::b300);
constexpr auto c1 = decode_step(m, devices::b300, b300, 1, 4096, s8);
static_assert(c1.compute_bound_us == 0 && c1.total_us > static_cast<double>(floor_bytes) / (b300.r.dram_gbps * 1e3));
}  // namespace
}  // namespace headroom_static_deepseek_v4_test
