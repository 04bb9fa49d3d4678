// SPDX-License-Identifier: MIT
// MiniMax-M2.7: bytes from hand arithmetic on its config.json (the MiniMax-M2 architecture:
// hidden 3072, 62 layers, 48 query / 8 KV heads of 128, whole-layer q_norm / k_norm, 256
// experts top-8 of width 1536 without a shared expert, routing bias, vocab 200064, untied) and
// the tensor shapes of transformers' modeling_minimax_m2.py; its quantization_config: FP8 E4M3
// with one F32 scale per 128 x 128 block, the router, lm_head and embed_tokens BF16. No
// total_size is transcribed: the hand sum is compared with the model card's rounded 230B total
// and 10B active parameters.
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/minimax/minimax_m2_7.hpp>
#include <headroom/prediction.hpp>

namespace headroom_static_minimax_m2_7_test {

namespace {
using namespace headroom;
using u64 = std::uint64_t;
constexpr const model& m = models::minimax_m2_7;

// Parameters per layer: q_proj 6144x3072, k_proj and v_proj 1024x3072, o_proj 3072x6144;
// q_norm 6144 and k_norm 1024 (per_layer); input / post-attention norms 3072; router 256x3072
// and e_score_correction_bias 256; 256 experts x (w1, w3 1536x3072 and w2 3072x1536).
constexpr u64 attn = 6144ULL * 3072 + 2 * 1024ULL * 3072 + 3072ULL * 6144;
constexpr u64 expert = 3 * 1536ULL * 3072;
constexpr u64 layer_small = 6144 + 1024 + 2 * 3072 + 256ULL * 3072 + 256;
constexpr u64 layer = attn + layer_small + 256 * expert;
static_assert(layer == 3'668'718'848);
// embed_tokens and lm_head 200064x3072, final norm 3072.
constexpr u64 params = 62 * layer + 2 * 200064ULL * 3072 + 3072;
static_assert(params == 228'689'764'864);
static_assert(params >= 225'000'000'000 && params < 235'000'000'000);  // the model card's 230B
static_assert(parameter_count(m) == params);

// Scales: one F32 per 128x128 block of every FP8 tensor: q (48 x 24), k and v (8 x 24),
// o (24 x 48), each expert's w1 and w3 (12 x 24) and w2 (24 x 12).
constexpr u64 layer_scales = 1152 + 2 * 192 + 1152 + 256 * 3 * 288;
static_assert(scale_elements(m) == 62 * layer_scales);
// Bytes: FP8 projections 1 B a parameter and 4 B a scale; norms and router BF16, the routing
// bias F32; embed_tokens and lm_head BF16.
constexpr u64 layer_bytes = attn + 256 * expert + 4 * layer_scales + 2 * (6144 + 1024 + 2 * 3072 + 256ULL * 3072) + 4 * 256;
static_assert(layer_bytes == 3'670'414'848);
static_assert(footprint(m, {}).weights == 62 * layer_bytes + 2 * (2 * 200064ULL * 3072) + 2 * 3072);
static_assert(footprint(m, {}).weights == 230'024'113'152);

// KV per token: 62 layers x 2 x 8 x 128 x 2 B at BF16 (half at FP8); no recurrent state.
static_assert(footprint(m, {.kv = kv_dtype::bf16}).kv_per_token == 62 * 2 * 8 * 128 * 2);
static_assert(footprint(m, {.kv = kv_dtype::fp8}).kv_per_token == 62 * 2 * 8 * 128);
static_assert(footprint(m, {}).state_per_seq == 0);

// Active parameters: everything but the embedding, experts at 8 of 256: the model card's 10B.
constexpr u64 active = 62 * (attn + layer_small + 8 * expert) + 200064ULL * 3072 + 3072;
static_assert(active == 10'415'956'480);
static_assert(active >= 9'500'000'000 && active < 10'500'000'000);
// The weight floor reads those bytes: experts at 8 with their scales.
constexpr u64 floor_bytes =
    62 * (attn + 4 * (1152 + 2 * 192 + 1152) + 2 * (6144 + 1024 + 2 * 3072 + 256ULL * 3072) + 4 * 256 +
          8 * (expert + 4 * 3 * 288)) +
    2 * 200064ULL * 3072 + 2 * 3072;
static_assert(weight_floor_bytes(m) == floor_bytes);

// 230 GB of weights: not one H200 (141 GB); two of them under TP=2 hold 115 GB each.
static_assert(!fits(m, devices::h200_sxm, {.seqs = 1, .context = 4096}));
static_assert(fits(m, devices::h200_sxm, {.seqs = 1, .context = 4096, .parallel = {.tp = 2}}));

// Its q_norm / k_norm span all heads, which TP splits: each rank sums its squares, the sums are
// all-reduced (one fp32 for q and one for k a row: 8 B), then the rank scales its heads. So a
// decode step of 16 sequences over TP 4 pays, beside the 62 x 2 + 1 all-reduces of the hidden
// state (16 x 3,072 x 2 B = 98,304 B: attention, MoE, the vocab-parallel embedding), 62 of
// 16 x 8 = 128 B; on one device none. And the norm is kernels of its own, not an epilogue of
// attention's (prediction.hpp, launches_own_kernel).
constexpr device_roofline h100 = default_roofline(devices::h100_sxm);
constexpr std::uint32_t all_reduces_of(const step_estimate& e, double bytes) {
  for (std::size_t i = 0; i < e.n_links; ++i) {
    if (e.links[i].op == link_op::tp_all_reduce && e.links[i].bytes_each == bytes) return e.links[i].count;
  }
  return 0;
}
constexpr step_estimate tp4 = decode_step(m, devices::h100_sxm, h100, 16, 4096, {}, {.tp = 4});
static_assert(all_reduces_of(tp4, 16 * 8) == 62);
static_assert(all_reduces_of(tp4, 16 * 3072 * 2) == 62 * 2 + 1);
static_assert(decode_step(m, devices::h100_sxm, h100, 16, 4096, {}, {}).n_links == 0);
static_assert([] {
  for (std::size_t i = 0; i < m.c.n_nodes; ++i) {
    if (m.c.nodes[i].kind == op::qk_norm && !launches_own_kernel(m.c.nodes[i])) return false;
  }
  return true;
}());
}  // namespace
}  // namespace headroom_static_minimax_m2_7_test
