// SPDX-License-Identifier: MIT
// The Qwen3.5 hybrid families: Qwen3.6-35B-A3B-FP8 (qwen3_6_moe) against the seed system's
// report on GB10 and hand arithmetic on its tensor shapes; Qwen3.5-27B and Qwen3.8-27B-NVFP4
// (qwen3_5) by hand. Shapes from transformers' modeling_qwen3_5(_moe).py: linear_attn stores
// in_proj_qkv [2*key_dim + value_dim, hidden], in_proj_z [value_dim, hidden], in_proj_b and
// in_proj_a [lin_v_heads, hidden], conv1d [conv_dim, 1, 4], A_log, dt_bias [lin_v_heads],
// norm [128], out_proj [hidden, value_dim]; self_attn q_proj [2*q_heads*256, hidden] (query and
// gate), k/v_proj [kv_heads*256, hidden], o_proj [hidden, q_heads*256], q_norm / k_norm [256].
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_5_27b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_6_35b_a3b_fp8.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_8_27b_nvfp4.hpp>

#include "seed_prefill.hpp"

namespace headroom_static_qwen3_6_test {

namespace {
using namespace headroom;
using u64 = std::uint64_t;
constexpr settings s{.kv = kv_dtype::bf16, .ssm_h = state_dtype::f32};

// FP8 with one F32 scale per 128 x 128 block; NVFP4 g16 (E2M1 pairs, E4M3 per 16, F32 global);
// FP8 with one F32 scale per output channel.
constexpr u64 fp8b(u64 n, u64 k) { return n * k + 4 * ((n + 127) / 128) * ((k + 127) / 128); }
constexpr u64 nv(u64 n, u64 k) { return n * k / 2 + n * k / 16 + 4; }
constexpr u64 fp8c(u64 n, u64 k) { return n * k + 4 * n; }

// ---- Qwen3.6-35B-A3B-FP8 ----------------------------------------------------------------------
// hidden 2048, 40 layers (30 GDN, 10 attention), 16 query / 2 KV heads of 256, linear heads
// 16 key / 32 value of 128 (key_dim 2048, value_dim 4096, conv_dim 8192), 256 experts (8 per
// token) of intermediate 512, shared expert 512, vocab 248320, one MTP layer.
constexpr const model& q36 = models::qwen3_6_35b_a3b_fp8;
constexpr auto fp36 = footprint(q36, s);
// Small BF16 parameters per block: GDN input norm 2048 + conv 8192 x 4 + A_log 32 + dt_bias 32
// + norm 128; attention input norm 2048 + q_norm + k_norm 256 each; MoE post norm 2048.
constexpr u64 gdn_aux = 2048 + 8192 * 4 + 32 + 32 + 128;
constexpr u64 attn_aux = 2048 + 256 + 256;
// GDN: in_proj_qkv / in_proj_z / out_proj FP8, in_proj_b / in_proj_a BF16.
constexpr u64 gdn36 = fp8b(8192, 2048) + fp8b(4096, 2048) + 2 * 32 * 2048 * 2 + fp8b(2048, 4096) + 2 * gdn_aux;
static_assert(gdn36 == 33'894'784);
constexpr u64 attn36 = fp8b(8192, 2048) + 2 * fp8b(512, 2048) + fp8b(2048, 4096) + 2 * attn_aux;
// MoE: router [256, 2048] BF16, 256 experts and the shared expert of gate/up [512, 2048] and
// down [2048, 512] FP8, shared_expert_gate [1, 2048] BF16, post norm.
constexpr u64 expert36 = 2 * fp8b(512, 2048) + fp8b(2048, 512);
constexpr u64 moe36 = 256 * 2048 * 2 + 257 * expert36 + 2048 * 2 + 2048 * 2;
static_assert(moe36 == 809'706'240);
constexpr u64 table36 = 248320ULL * 2048 * 2;  // embed_tokens, and lm_head (untied)
constexpr u64 main36 = table36 + 30 * gdn36 + 10 * attn36 + 40 * moe36 + 2048 * 2 + table36;
// MTP: fc [2048, 4096] BF16, three norms, one attention layer with its MoE (q/k/v/o FP8).
constexpr u64 mtp36 = 2048 * 4096 * 2 + 3 * 2048 * 2 + attn36 + moe36;
constexpr u64 vision36 = 2 * 446'571'248ULL;
// The checkpoint's tensors: every stored byte but the engine-built NVFP4 copy of lm_head.
static_assert(fp36.weights - fp36.runtime_weights == main36 + mtp36 + vision36);
static_assert(fp36.runtime_weights == nv(248320, 2048) && nv(248320, 2048) == 286'064'644);
static_assert(fp36.draft_weights == mtp36 + fp36.runtime_weights);
static_assert(fp36.vision_weights == vision36);
static_assert(fp36.loaded_weights == fp36.weights - fp36.draft_weights);
constexpr u64 gdn36_params = 12288ULL * 2048 + 64 * 2048 + 2048 * 4096 + gdn_aux;
constexpr u64 attn36_params = 8192ULL * 2048 + 2 * 512 * 2048 + 2048 * 4096 + attn_aux;
constexpr u64 moe36_params = 256ULL * 2048 + 257 * 3 * 512 * 2048 + 2048 + 2048;
static_assert(parameter_count(q36) == 2 * 248320ULL * 2048 + 30 * gdn36_params + 10 * attn36_params + 40 * moe36_params +
                                          2048 + (2048 * 4096 + 3 * 2048 + attn36_params + moe36_params) + 446'571'248);

// The seed system's report (bf16-head recipe on gb10): weights 36,876,832,516 B with the draft
// counted. Its footprint counts matmul weights only and holds MTP q/k/v/o in BF16; headroom
// adds the small parameters (1,170,560 x 2 B: 30 GDN, 11 attention and 41 MoE blocks' norms
// and conv taps, the final norm and the MTP's three norms), the stored vision tower, and keeps
// MTP attention FP8 as the checkpoint stores it (its 64,196 tensors, 0xBakeer/inference-atlas
// PR #145, are 62,303 text + 1,560 MTP + 333 vision only with FP8 q/k/v/o in the MTP layer):
// BF16 54,525,952 - FP8 27,269,632 = 27,256,320 B.
constexpr u64 small36 = 2 * (30 * gdn_aux + 11 * attn_aux + 41 * 2048 + 2048 + 3 * 2048);
static_assert(small36 == 2'341'120);
static_assert(2 * (8192ULL * 2048 + 2 * 512 * 2048 + 2048 * 4096) - (attn36 - 2 * attn_aux) == 27'256'320);
static_assert(fp36.weights - small36 - vision36 + 27'256'320 == 36'876'832'516);
// KV: 10 attention layers x 2 x 2 KV heads x 256 x 2 B; 11 with the draft's (the seed's 22,528).
static_assert(fp36.kv_per_token == 10 * 2 * 2 * 256 * 2);
static_assert(footprint(q36, {.kv = kv_dtype::bf16, .speculative = true}).kv_per_token == 22'528);
static_assert(22'528 == 11 * 2 * 2 * 256 * 2);
// State: 30 GDN layers x 32 x 128 x 128 x 4 B (the seed's 62.9 MB); conv windows apart (the seed
// counts none): 30 x 8192 channels x 3 past inputs x 2 B.
static_assert(fp36.state_per_seq == 30ULL * 32 * 128 * 128 * 4 && fp36.state_per_seq == 62'914'560);
static_assert(fp36.conv_per_seq == 30ULL * 8192 * 3 * 2);
// The seed's 139.42 GB for 128 sequences of 32,768 tokens with the draft held is
// 36,876,832,516 + 128 x (22,528 x 32,768 + 62,914,560); headroom adds the differences above
// and each sequence's conv windows.
static_assert(36'876'832'516ULL + 128ULL * (22'528ULL * 32'768 + 62'914'560) == 139'419'176'708ULL);
static_assert(footprint(q36, {.kv = kv_dtype::bf16, .ssm_h = state_dtype::f32, .speculative = true}).bytes(128, 32'768) ==
              139'419'176'708ULL + small36 + vision36 - 27'256'320 + 128 * fp36.conv_per_seq);
// Weight floor: the seed's 3,479,403,520 B plus the main blocks' small parameters.
static_assert(weight_floor_bytes(q36) == 3'479'403'520ULL + 2 * (30 * gdn_aux + 10 * attn_aux + 40 * 2048 + 2048));

// The recipe's node formats, main and draft (the seed reports W16A16 118, W4A16 1, W8A16 with
// BF16 activations 182, with F32 activations 82): in_proj_ba x 30, router and shared gate x 41,
// lm_head and mtp.fc BF16 = 114 (the seed's 118 counts the MTP's four attention projections,
// FP8 here: 182 + 4 = 186 W8A16); the draft's NVFP4 lm_head; down and shared down x 41 with F32.
struct pair_count {
  u64 w16a16 = 0, w4a16 = 0, w8a16 = 0, w8a32 = 0, other = 0;
};
constexpr pair_count count_pairs(const model& m) {
  pair_count p{};
  for (const section sec : {section::main, section::draft}) {
    for_each_node(m, sec, [&](const node& n, const instance& in, const block&) {
      if (!reads_linear_weight(n.kind)) return;
      const resolved_formats f = formats_of(m, n, in);
      const bool a16 = f.activation == formats::bf16, a32 = f.activation == formats::f32;
      if (f.weight == formats::bf16 && a16) ++p.w16a16;
      else if (f.weight.kind == format_kind::nvfp4 && a16) ++p.w4a16;
      else if (f.weight.kind == format_kind::fp8 && a16) ++p.w8a16;
      else if (f.weight.kind == format_kind::fp8 && a32) ++p.w8a32;
      else ++p.other;
    });
  }
  return p;
}
constexpr pair_count pairs36 = count_pairs(q36);
static_assert(pairs36.w16a16 == 30 + 41 + 41 + 1 + 1 && pairs36.w16a16 == 118 - 4);
static_assert(pairs36.w4a16 == 1 && pairs36.w8a16 == 182 + 4 && pairs36.w8a32 == 82 && pairs36.other == 0);

// Decode on gb10 (measured 249 GB/s, 123.7 / 243.6 / 490.8 TFLOPS), context 4096: the seed's
// 14.896 ms at C=1 within 0.5 %. headroom also reads the small parameters (2,319,616 B a step)
// and each sequence's conv window (1,474,560 B read and written), 21 us at C=1.
constexpr auto gb10 = default_roofline(devices::gb10);
constexpr bool within(double x, double ref, double rel) { return (x > ref ? x - ref : ref - x) <= rel * ref; }
static_assert(gb10.measured);
static_assert(within(decode_step(q36, devices::gb10, gb10, 1, 4096, s).total_us, 14'896.0, 0.005));
// C=16 and C=128 under the seed system's own engine (engines::none's facts): its GDN layers run
// in_proj_b|a and the beta / decay gates in one kernel, one sequence per launch, so the 30
// layers' in_proj_ba (64 x 2048 x 2 B) and the gates' A_log and dt_bias (2 x 32 x 2 B) are read
// once per row: 30 x 262,272 = 7,868,160 B a row beyond the first, 31.6 us. With that loop the
// seed's 76.701 and 259.193 ms are within 0.5 %; vLLM batches in_proj_ba (the device-only rule
// below reads it once: 1.1 % under the seed at C=128).
constexpr const exec_facts& seed_engine = engines::exec_facts_of(engines::none);
constexpr double ba_us_per_row = 30.0 * (64 * 2048 * 2 + 2 * 32 * 2) / 249e3;
constexpr auto q36_16 = decode_step(q36, devices::gb10, gb10, 16, 4096, s, {}, seed_engine);
constexpr auto q36_128 = decode_step(q36, devices::gb10, gb10, 128, 4096, s, {}, seed_engine);
static_assert(within(q36_16.total_us, 76'701.0, 0.005));
static_assert(within(q36_128.total_us, 259'193.0, 0.005));
// The loop adds exactly those bytes, at 60 sites (ba and gates in 30 layers), and nothing at C=1.
static_assert(q36_16.n_flags == 1 && q36_16.flags[0].kind == layer_kind::linear_attention && q36_16.flags[0].sites == 60);
static_assert(within(q36_16.flags[0].added_us, 15 * ba_us_per_row, 1e-9));
static_assert(within(q36_128.flags[0].added_us, 127 * ba_us_per_row, 1e-9));
static_assert(decode_step(q36, devices::gb10, gb10, 1, 4096, s, {}, seed_engine).n_flags == 0);
static_assert(within(decode_step(q36, devices::gb10, gb10, 128, 4096, s).total_us, 259'193.0 - 127 * ba_us_per_row, 0.005));
// Prefill on gb10: the seed's 551.8 ms at 4,096 tokens and 4,285.7 ms at 32,768, its node cost
// at T rows over half the context, headroom's law (seed_prefill.hpp), on its own circuit. Every
// site whose bytes differ, one instance at T rows (K = 8; d: the expected distinct experts):
//  - its GDN conv reads the whole in_proj output (q, k, v and z: 12,288 BF16 per row) where
//    headroom reads the 8,192 conv channels; its gated norm reads that whole edge as its gate
//    where headroom reads z (4,096); its L2 norm runs over q, k and v (8,192 F32) where
//    headroom's runs over q and k (4,096); and it snapshots the conv output [T, 8,192] F32
//    after every row (a state_snapshot node, for its MTP verify; a prefill takes none);
//  - its SiLU outputs are F32, read as such by the F32-activation down projections; headroom's
//    are BF16 and each down projection converts them to F32 in front of the matrix unit (+ BF16
//    read + F32 write), and does not read the expert ids;
//  - its routed gate|up reads each token's row once; headroom gathers it per routed row (8 T);
//  - headroom also reads the small parameters (norm weights, conv taps, A_log / dt_bias), each
//    sequence's conv window and the token ids.
// Each site's time is the larger of its two terms on each side: the routed gate|up, memory-bound
// at 4k, is compute-bound in both at 32k, where its gathered rows cost nothing.
namespace seed = seed_prefill;
constexpr double gb10_bytes_per_us = 249e3, gb10_bf16 = 123.7e6;  // the seed's measured manifest
constexpr auto q36_prefill_sites(u64 t) {
  using seed::dbl;
  const u64 h = 2048, k8 = 8 * t;
  const double d = seed::distinct_experts(256, 8, t);
  const auto logits = seed::logits_sites(t, h, 248320, gb10_bf16);  // the seed's at T rows, headroom's at the last one
  auto bf = [](u64 r, u64 w) { return 2 * r * w; };
  auto f32 = [](u64 r, u64 w) { return 4 * r * w; };
  const u64 norm = 2 * bf(t, h);
  const u64 conv_out = f32(t, 8192);
  const u64 up = 4 * k8 + bf(k8, 1024);
  const u64 down = bf(k8, h);
  return std::array{
      seed::site{"embed", "embed", 1, dbl(bf(t, h)), dbl(bf(t, h) + 4 * t)},
      seed::site{"gdn", "input_norm", 30, dbl(norm), dbl(norm + 2 * h)},
      seed::site{"gdn", "conv", 30, dbl(bf(t, 12288) + conv_out), dbl(bf(t, 8192) + conv_out + 8192 * 4 * 2 + 2 * (8192 * 3 * 2))},
      seed::site{"gdn", "conv_ckpt", 30, dbl(conv_out), 0},
      seed::site{"gdn", "gates", 30, dbl(bf(t, 64) + 2 * f32(t, 32)), dbl(bf(t, 64) + 2 * f32(t, 32) + 2 * 32 * 2)},
      seed::site{"gdn", "l2", 30, dbl(2 * f32(t, 8192)), dbl(2 * f32(t, 4096))},
      seed::site{"gdn", "norm", 30, dbl(f32(t, 4096) + bf(t, 12288) + bf(t, 4096)), dbl(f32(t, 4096) + 2 * bf(t, 4096) + 128 * 2)},
      seed::site{"attn", "input_norm", 10, dbl(norm), dbl(norm + 2 * h)},
      seed::site{"attn", "q_norm", 10, dbl(2 * bf(t, 4096)), dbl(2 * bf(t, 4096) + 256 * 2)},
      seed::site{"attn", "k_norm", 10, dbl(2 * bf(t, 512)), dbl(2 * bf(t, 512) + 256 * 2)},
      seed::site{"moe", "post_norm", 40, dbl(norm), dbl(norm + 2 * h)},
      seed::site{"moe", "gate_up", 40, dbl(bf(t, h) + up) + d * dbl(fp8b(1024, h)), dbl(bf(k8, h) + up) + d * dbl(fp8b(1024, h)),
                 2.0 * dbl(k8 * h * 1024), gb10_bf16},
      seed::site{"moe", "act", 40, dbl(bf(k8, 1024) + f32(k8, 512)), dbl(bf(k8, 1024) + bf(k8, 512))},
      seed::site{"moe", "down", 40, dbl(f32(k8, 512) + 4 * k8 + down) + d * dbl(fp8b(h, 512)),
                 dbl(bf(k8, 512) + 2 * f32(k8, 512) + down) + d * dbl(fp8b(h, 512)), 2.0 * dbl(k8 * 512 * h), gb10_bf16},
      seed::site{"moe", "shared_act", 40, dbl(bf(t, 1024) + f32(t, 512)), dbl(bf(t, 1024) + bf(t, 512))},
      seed::site{"moe", "shared_down", 40, dbl(f32(t, 512) + bf(t, h) + fp8b(h, 512)),
                 dbl(bf(t, 512) + 2 * f32(t, 512) + bf(t, h) + fp8b(h, 512)), 2.0 * dbl(t * 512 * h), gb10_bf16},
      seed::site{"head", "final_norm", 1, dbl(norm), dbl(norm + 2 * h)},
      logits[0],
      logits[1],
  };
}
constexpr auto q36_4k = prefill(q36, devices::gb10, gb10, 4096, s);
constexpr auto q36_32k = prefill(q36, devices::gb10, gb10, 32768, s);
static_assert(seed::rows_hold(q36_4k, q36, q36_prefill_sites(4096), gb10_bytes_per_us) &&
              seed::rows_hold(q36_32k, q36, q36_prefill_sites(32768), gb10_bytes_per_us));
constexpr double q36_seed_4k = q36_4k.total_us + seed::seed_minus_headroom_us(q36_prefill_sites(4096), gb10_bytes_per_us);
constexpr double q36_seed_32k = q36_32k.total_us + seed::seed_minus_headroom_us(q36_prefill_sites(32768), gb10_bytes_per_us);
// Within 0.5 %, and within the report's rounding to 0.1 ms; headroom's own answer is lower.
static_assert(within(q36_seed_4k, 551'800, 0.005) && q36_seed_4k >= 551'750 && q36_seed_4k < 551'850);
static_assert(within(q36_seed_32k, 4'285'700, 0.005) && q36_seed_32k >= 4'285'650 && q36_seed_32k < 4'285'750);
static_assert(q36_4k.total_us < 551'750 && q36_32k.total_us < 4'285'650);

// ---- Qwen3.5-27B (BF16) -------------------------------------------------------------------------
// hidden 5120, intermediate 17408, 64 layers (48 GDN, 16 attention), 24 query / 4 KV heads of
// 256, linear heads 16 key / 48 value of 128 (key_dim 2048, value_dim 6144, conv_dim 10240).
constexpr const model& q27 = models::qwen3_5_27b;
constexpr u64 gdn27_aux = 5120 + 10240 * 4 + 48 + 48 + 128;
constexpr u64 attn27_aux = 5120 + 256 + 256;
constexpr u64 gdn27 = 10240ULL * 5120 + 6144 * 5120 + 2 * 48 * 5120 + 5120 * 6144 + gdn27_aux;
constexpr u64 attn27 = 12288ULL * 5120 + 2 * 1024 * 5120 + 5120 * 6144 + attn27_aux;
constexpr u64 mlp27 = 3 * 17408ULL * 5120 + 5120;
static_assert(gdn27 == 115'881'184 && attn27 == 104'863'232 && mlp27 == 267'392'000);
constexpr u64 main27 = 2 * 248320ULL * 5120 + 48 * gdn27 + 16 * attn27 + 64 * mlp27 + 5120;
constexpr u64 mtp27 = 5120ULL * 10240 + 3 * 5120 + attn27 + mlp27;
// Vision: Qwen3.5-35B-A3B's tower (446,571,248) with the merger's fc2 [5120, 4608] + 5120.
constexpr u64 vision27 = 446'571'248ULL - (2048 * 4608 + 2048) + (5120 * 4608 + 5120);
static_assert(vision27 == 460'730'096);
static_assert(parameter_count(q27) == main27 + mtp27 + vision27);
static_assert(footprint(q27, s).weights == 2 * (main27 + mtp27 + vision27));
static_assert(footprint(q27, s).runtime_weights == 0 && footprint(q27, s).draft_weights == 2 * mtp27);
static_assert(footprint(q27, s).kv_per_token == 16 * 2 * 4 * 256 * 2);
static_assert(footprint(q27, s).state_per_seq == 48ULL * 48 * 128 * 128 * 4);
static_assert(footprint(q27, s).conv_per_seq == 48ULL * 10240 * 3 * 2);
static_assert(weight_floor_bytes(q27) == 2 * (main27 - 248320ULL * 5120));

// ---- Qwen3.8-27B-NVFP4 (Unsloth) ------------------------------------------------------------
// Same dims. NVFP4 MLP layers 0-55 (gate, up, down each with an input_global_scale); FP8 with a
// per-channel scale for attention, in_proj_qkv / in_proj_z / out_proj, lm_head and MLP layers
// 56-63; in_proj_b / in_proj_a, norms and the MTP layer BF16.
constexpr const model& q38 = models::qwen3_8_27b_nvfp4;
constexpr auto fp38 = footprint(q38, s);
constexpr u64 gdn38 = fp8c(10240, 5120) + fp8c(6144, 5120) + 2 * 48 * 5120 * 2 + fp8c(5120, 6144) + 2 * gdn27_aux;
constexpr u64 attn38 = fp8c(12288, 5120) + 2 * fp8c(1024, 5120) + fp8c(5120, 6144) + 2 * attn27_aux;
constexpr u64 mlp38_nv = 2 * (nv(17408, 5120) + 4) + (nv(5120, 17408) + 4) + 5120 * 2;
constexpr u64 mlp38_fp8 = 2 * fp8c(17408, 5120) + fp8c(5120, 17408) + 5120 * 2;
constexpr u64 main38 = 248320ULL * 5120 * 2 + fp8c(248320, 5120) + 5120 * 2 + 48 * gdn38 + 16 * attn38 + 56 * mlp38_nv +
                       8 * mlp38_fp8;
static_assert(fp38.weights - fp38.runtime_weights == main38 + 2 * mtp27);
static_assert(fp38.runtime_weights == nv(248320, 5120));
static_assert(parameter_count(q38) == main27 + mtp27);
// The seed system's memory report for its Qwen3.8-27B recipe stores 21,449.1 MiB of weights at
// the checkpoint's declared formats (22,491,011,482 B): within 0.1 %. Its byte laws differ:
// they count matmul weights and the embedding, not norms or conv taps (5,343,232 B here), and
// one FP8 channel scale per input column (2,217,984 B fewer here); 1.1 MB stays unexplained.
static_assert(within(static_cast<double>(fp38.weights - fp38.runtime_weights), 21'449.1 * 1'048'576, 0.001));
static_assert(fp38.kv_per_token == footprint(q27, s).kv_per_token && fp38.state_per_seq == footprint(q27, s).state_per_seq);
}  // namespace
}  // namespace headroom_static_qwen3_6_test
