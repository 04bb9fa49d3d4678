// SPDX-License-Identifier: MIT
// Gemma-4-31B and Gemma-4-26B-A4B: bytes from hand arithmetic on their config.json text_config
// and the tensor shapes of transformers' modeling_gemma4.py (Gemma4TextAttention,
// Gemma4TextMLP, Gemma4TextRouter, Gemma4TextExperts, Gemma4TextDecoderLayer). No
// model.safetensors.index.json total is transcribed here: the hand sums by tensor group are
// compared with the model card's rounded parameter counts (30.7B; 25.2B total, 3.8B active),
// which count the text decoder, as headroom does (the vision tower is not counted).
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/google/gemma_4_26b_a4b.hpp>
#include <headroom/models/checkpoints/google/gemma_4_31b.hpp>

namespace headroom_static_gemma4_test {

namespace {
using namespace headroom;
using u64 = std::uint64_t;

// Instances of the block named `name` in the main section.
constexpr u64 instances_of(const model& m, std::string_view name) {
  u64 n = 0;
  for (std::size_t i = 0; i < m.c.n_instances; ++i) {
    const instance& in = m.c.instances[i];
    if (in.sec == section::main && m.c.blocks[in.block].name == name) ++n;
  }
  return n;
}
// Layers of one kind (counted once, on their attention block): layer l is global when
// (l + 1) % 6 == 0 (layer_types: five sliding_attention, then full_attention).
constexpr u64 layers_of(const model& m, layer_kind k) {
  u64 n = 0;
  for (std::size_t i = 0; i < m.c.n_instances; ++i) {
    const instance& in = m.c.instances[i];
    const std::string_view b = m.c.blocks[in.block].name;
    if (in.sec == section::main && in.kind == k && (b == "sliding" || b == "global")) ++n;
  }
  return n;
}

// ---- Gemma-4-31B: hidden 5376, 60 layers, 32 query heads; sliding 16 KV heads x 256,
// global 4 KV heads x 512 with K = V; intermediate 21504; vocab 262144, tied; window 1024.
constexpr const model& g31 = models::gemma_4_31b;
static_assert(instances_of(g31, "sliding") == 50 && instances_of(g31, "global") == 10);
static_assert(layers_of(g31, layer_kind::sliding_attention) == 50 && layers_of(g31, layer_kind::full_attention) == 10);
// Sliding attention: q_proj 8192x5376, k_proj and v_proj 4096x5376, o_proj 5376x8192, q_norm
// and k_norm 256.
constexpr u64 g31_sliding = 8192ULL * 5376 + 2 * 4096ULL * 5376 + 5376ULL * 8192 + 2 * 256;
static_assert(g31_sliding == 132'121'088);
// Global attention: q_proj 16384x5376, k_proj 2048x5376 (no v_proj), o_proj 5376x16384,
// q_norm and k_norm 512.
constexpr u64 g31_global = 16384ULL * 5376 + 2048ULL * 5376 + 5376ULL * 16384 + 2 * 512;
static_assert(g31_global == 187'171'840);
// MLP: gate_proj, up_proj 21504x5376, down_proj 5376x21504.
constexpr u64 g31_mlp = 3 * 21504ULL * 5376;
static_assert(g31_mlp == 346'816'512);
// Per layer: four norms of 5376 and the layer_scalar.
constexpr u64 g31_layer_small = 4 * 5376 + 1;
// embed_tokens 262144x5376 (lm_head tied), final norm 5376.
constexpr u64 g31_top = 262144ULL * 5376 + 5376;
constexpr u64 g31_params = 50 * (g31_sliding + g31_mlp + g31_layer_small) + 10 * (g31_global + g31_mlp + g31_layer_small) + g31_top;
static_assert(g31_params == 30'697'345'340);
// The model card's 30.7B (rounded to 0.1B).
static_assert(g31_params >= 30'650'000'000 && g31_params < 30'750'000'000);
static_assert(parameter_count(g31) == g31_params);
static_assert(footprint(g31, {}).weights == 2 * g31_params);  // every tensor BF16
// KV per token at BF16: sliding 2 x 16 x 256 x 2 = 16,384 B a layer, global 2 x 4 x 512 x 2 =
// 8,192 B (K and V both cached: V is the weightless v_norm of k_proj's output, K its k_norm + RoPE).
static_assert(footprint(g31, {.kv = kv_dtype::bf16}).kv_per_token == 50 * 16'384 + 10 * 8'192);
static_assert(footprint(g31, {.kv = kv_dtype::fp8}).kv_per_token == 50 * 8'192 + 10 * 4'096);
// With the sliding layers keeping their window (every engine's rule): 1,024 tokens of 819,200 B.
constexpr auto g31_evict = footprint(g31, {.kv = kv_dtype::bf16}, as_allocated(engine{}));
static_assert(g31_evict.kv_per_token == 81'920 && g31_evict.swa_kv_per_token == 819'200 && g31_evict.swa_window == 1024);
static_assert(g31_evict.per_seq(32768) == 32768ULL * 81'920 + 1024ULL * 819'200);
static_assert(footprint(g31, {}).state_per_seq == 0);
// Weight floor: every weight a decode step reads; the tied lm_head reads the embedding table,
// so the floor is the whole checkpoint.
static_assert(weight_floor_bytes(g31) == 2 * g31_params);
// 61.4 GB of weights: not on a 48 GB L40S; one 32k sequence on an H200 (141 GB).
static_assert(!fits(g31, devices::l40s, {.seqs = 1, .context = 4096}));
static_assert(fits(g31, devices::h200_sxm, {.seqs = 1, .context = 32768}));

// ---- Gemma-4-26B-A4B: hidden 2816, 30 layers, 16 query heads; sliding 8 KV heads x 256,
// global 2 KV heads x 512 with K = V; dense intermediate 2112 and 128 experts top-8 of 704
// in every layer; vocab 262144, tied; window 1024.
constexpr const model& g26 = models::gemma_4_26b_a4b;
static_assert(instances_of(g26, "sliding") == 25 && instances_of(g26, "global") == 5);
// Sliding attention: q_proj 4096x2816, k_proj and v_proj 2048x2816, o_proj 2816x4096, norms 256.
constexpr u64 g26_sliding = 4096ULL * 2816 + 2 * 2048ULL * 2816 + 2816ULL * 4096 + 2 * 256;
static_assert(g26_sliding == 34'603'520);
// Global attention: q_proj 8192x2816, k_proj 1024x2816, o_proj 2816x8192, norms 512.
constexpr u64 g26_global = 8192ULL * 2816 + 1024ULL * 2816 + 2816ULL * 8192 + 2 * 512;
static_assert(g26_global == 49'021'952);
// Dense MLP: gate, up 2112x2816, down 2816x2112.
constexpr u64 g26_mlp = 3 * 2112ULL * 2816;
// Experts: gate_up_proj 128x1408x2816, down_proj 128x2816x704; router proj 128x2816, scale
// 2816, per_expert_scale 128.
constexpr u64 g26_expert = 3 * 704ULL * 2816;
constexpr u64 g26_moe = 128 * g26_expert + 128ULL * 2816 + 2816 + 128;
static_assert(g26_moe == 761'629'568);
// Per layer: seven norms of 2816 (four sandwich, post_feedforward_layernorm_1 / _2,
// pre_feedforward_layernorm_2) and the layer_scalar.
constexpr u64 g26_layer_small = 7 * 2816 + 1;
constexpr u64 g26_top = 262144ULL * 2816 + 2816;
constexpr u64 g26_params =
    25 * (g26_sliding + g26_mlp + g26_moe + g26_layer_small) + 5 * (g26_global + g26_mlp + g26_moe + g26_layer_small) + g26_top;
static_assert(g26_params == 25'233'141'790);
// The model card's 25.2B total.
static_assert(g26_params >= 25'150'000'000 && g26_params < 25'250'000'000);
static_assert(parameter_count(g26) == g26_params);
static_assert(footprint(g26, {}).weights == 2 * g26_params);
// KV per token at BF16: sliding 2 x 8 x 256 x 2 = 8,192 B, global 2 x 2 x 512 x 2 = 4,096 B.
static_assert(footprint(g26, {.kv = kv_dtype::bf16}).kv_per_token == 25 * 8'192 + 5 * 4'096);
static_assert(footprint(g26, {.kv = kv_dtype::fp8}).kv_per_token == 25 * 4'096 + 5 * 2'048);
// Weight floor: the experts at 8 of 128, everything else (the tied head reads the table).
constexpr u64 g26_active = g26_params - 30 * 120 * g26_expert;
static_assert(weight_floor_bytes(g26) == 2 * g26_active);
// The model card's 3.8B active.
static_assert(g26_active >= 3'750'000'000 && g26_active < 3'850'000'000);
}  // namespace
}  // namespace headroom_static_gemma4_test
