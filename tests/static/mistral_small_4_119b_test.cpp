// SPDX-License-Identifier: MIT
// Mistral-Small-4-119B-2603: parameters from hand arithmetic on its config.json text_config
// (model_type mistral4: hidden 4096, 36 layers, 32 heads, q_lora 1024, kv_lora 256, qk_nope 64,
// qk_rope 64, v_head 128, every layer MoE: 128 experts top-4 of 2048 and one shared expert,
// vocab 131072, untied) and the tensor shapes of transformers' modeling_mistral4.py
// (Mistral4Attention, Mistral4MoE, Mistral4TopkRouter), compared with the model card's rounded
// 119B. Bytes: the same sum under the checkpoint table's stated FP8 recipe (per-tensor F32
// weight and activation scales, an assumption: no quantization_config is transcribed).
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/mistral/mistral_small_4_119b.hpp>

namespace headroom_static_mistral_small_4_119b_test {

namespace {
using namespace headroom;
using u64 = std::uint64_t;
constexpr const model& m = models::mistral_small_4_119b;

// MLA projections: q_a_proj 1024x4096, q_b_proj 4096x1024 (32 x (64 + 64)),
// kv_a_proj_with_mqa 320x4096 (256 + 64), kv_b_proj 6144x256 (32 x (64 + 128)),
// o_proj 4096x4096 (32 x 128).
constexpr u64 mla_linear = 1024ULL * 4096 + 4096ULL * 1024 + 320ULL * 4096 + 6144ULL * 256 + 4096ULL * 4096;
static_assert(mla_linear == 28'049'408);
// MoE: 128 experts and one shared expert of gate, up 2048x4096 and down 4096x2048.
constexpr u64 expert = 3 * 2048ULL * 4096;
// Small BF16 tensors per layer: input / post-attention norms 4096, q_a_layernorm 1024,
// kv_a_layernorm 256; the router 128x4096.
constexpr u64 norms = 2 * 4096 + 1024 + 256;
constexpr u64 router = 128ULL * 4096;
constexpr u64 layer = mla_linear + 129 * expert + norms + router;
static_assert(layer == 3'274'974'464);
// embed_tokens and lm_head 131072x4096, final norm 4096.
constexpr u64 params = 36 * layer + 2 * 131072ULL * 4096 + 4096;
static_assert(params == 118'972'826'624);
static_assert(params >= 118'500'000'000 && params < 119'500'000'000);  // the model card's 119B
static_assert(parameter_count(m) == params);

// Scales: every FP8 projection tensor stores one F32 weight scale and one F32 activation scale:
// 5 MLA tensors, 129 x 3 expert tensors.
constexpr u64 layer_scalars = 2 * (5 + 129 * 3);
static_assert(scale_elements(m) == 36 * layer_scalars);
constexpr u64 layer_bytes = mla_linear + 129 * expert + 4 * layer_scalars + 2 * (norms + router);
static_assert(layer_bytes == 3'275'511'360);
static_assert(footprint(m, {}).weights == 36 * layer_bytes + 2 * (2 * 131072ULL * 4096) + 2 * 4096);
static_assert(footprint(m, {}).weights == 120'065'900'800);

// KV per token: one latent row of kv_lora + qk_rope = 320 values per layer.
static_assert(footprint(m, {.kv = kv_dtype::bf16}).kv_per_token == 36 * 320 * 2);
static_assert(footprint(m, {.kv = kv_dtype::fp8}).kv_per_token == 36 * 320);
static_assert(footprint(m, {}).state_per_seq == 0);

// 120 GB of weights: not one H100 (80 GB); one 32k sequence on a 141 GB H200.
static_assert(!fits(m, devices::h100_sxm, {.seqs = 1, .context = 4096}));
static_assert(fits(m, devices::h200_sxm, {.seqs = 1, .context = 32768}));
}  // namespace
}  // namespace headroom_static_mistral_small_4_119b_test
