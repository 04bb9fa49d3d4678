// SPDX-License-Identifier: MIT
// Qwen3-Next-80B-A3B-Instruct: bytes from hand arithmetic on its config.json and the tensor
// shapes of transformers' modeling_qwen3_next.py (Qwen3NextGatedDeltaNet, Qwen3NextAttention,
// Qwen3NextSparseMoeBlock, Qwen3NextMultiTokenPredictor weights `mtp.*` that ship with the
// checkpoint). Config: hidden 2048, 48 layers, full_attention_interval 4, 16 query / 2 KV
// heads of 256, linear heads 16 key / 32 value of 128, conv kernel 4, 512 experts top-10 of
// 512, shared expert 512, vocab 151936, untied.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_next_80b_a3b_instruct.hpp>

namespace headroom_static_qwen3_next_80b_a3b_instruct_test {

namespace {
using namespace headroom;
constexpr const model& m = models::qwen3_next_80b_a3b_instruct;
constexpr settings s{.kv = kv_dtype::bf16, .ssm_h = state_dtype::f32};
constexpr auto fp = footprint(m, s);

// KV: 12 full-attention layers x 2 (K, V) x 2 KV heads x 256 x 2 B.
static_assert(fp.kv_per_token == 12 * 2 * 2 * 256 * 2);
static_assert(footprint(m, {.kv = kv_dtype::fp8}).kv_per_token == 12 * 2 * 2 * 256 * 1);
// Recurrent state: 36 Gated DeltaNet layers x 32 value heads x 128 x 128 x 4 B (f32).
static_assert(fp.state_per_seq == 36ULL * 32 * 128 * 128 * 4);
static_assert(footprint(m, {.ssm_h = state_dtype::bf16}).state_per_seq == 36ULL * 32 * 128 * 128 * 2);
// Conv windows, shown separately: 36 layers x conv channels (2 x 16 x 128 + 32 x 128 = 8192)
// x (kernel 4 - 1) past inputs x 2 B (bf16, the model dtype vLLM keeps them in).
static_assert(fp.conv_per_seq == 36ULL * 8192 * 3 * 2);
static_assert(footprint(m, {.conv = state_dtype::f32}).conv_per_seq == 36ULL * 8192 * 3 * 4);
// The MTP layer's KV is held only when speculative decoding runs it.
static_assert(footprint(m, {.speculative = true}).kv_per_token == 13 * 2 * 2 * 256 * 2);

// Weights: the sum of the checkpoint's tensor shapes.
//  Gated DeltaNet layer: in_proj_qkvz 12288x2048, in_proj_ba 64x2048, conv1d 8192x1x4,
//    A_log 32, dt_bias 32, norm 128, out_proj 2048x4096, input_layernorm 2048.
constexpr std::uint64_t gdn = 12288ULL * 2048 + 64 * 2048 + 8192 * 4 + 32 + 32 + 128 + 2048ULL * 4096 + 2048;
static_assert(gdn == 33'720'512);
//  Attention layer: q_proj 8192x2048 (query + output gate), k/v_proj 512x2048, o_proj
//    2048x4096, q_norm and k_norm 256, input_layernorm 2048.
constexpr std::uint64_t attn = 8192ULL * 2048 + 2 * 512 * 2048 + 2048ULL * 4096 + 256 + 256 + 2048;
static_assert(attn == 27'265'536);
//  MoE: router 512x2048, 512 experts x (gate 512x2048 + up 512x2048 + down 2048x512),
//    shared expert gate/up 512x2048 and down 2048x512, shared_expert_gate 1x2048,
//    post_attention_layernorm 2048.
constexpr std::uint64_t moe = 512ULL * 2048 + 512ULL * 3 * 512 * 2048 + 3ULL * 512 * 2048 + 2048 + 2048;
static_assert(moe == 1'614'811'136);
//  Embedding and lm_head 151936x2048, final norm 2048.
constexpr std::uint64_t main_params = 36 * gdn + 12 * attn + 48 * moe + 2 * 151936ULL * 2048 + 2048;
//  MTP: fc 2048x4096, pre_fc_norm_embedding and pre_fc_norm_hidden 2048, one attention layer
//    with its MoE, norm 2048 (it reads the main embedding and lm_head).
constexpr std::uint64_t mtp_params = 2048ULL * 4096 + 2 * 2048 + attn + moe + 2048;
static_assert(main_params == 79'674'391'296);
// The Hub's safetensors metadata reports 81,324,862,720 parameters for the repository
// (debaditc/kvfit models.json, "exact params from HF safetensors").
static_assert(main_params + mtp_params == 81'324'862'720);
static_assert(parameter_count(m) == 81'324'862'720);
// Every tensor BF16.
static_assert(fp.weights == 2 * 81'324'862'720ULL);
static_assert(fp.draft_weights == 2 * mtp_params);
static_assert(fp.loaded_weights == 2 * main_params);
static_assert(footprint(m, {.speculative = true}).loaded_weights == fp.weights);

// Weight floor: every main weight but the embedding, routed experts at 10 of 512.
constexpr std::uint64_t floor_params = 36 * gdn + 12 * attn +
                                       48 * (moe - 512ULL * 3 * 512 * 2048 + 10ULL * 3 * 512 * 2048) +
                                       151936ULL * 2048 + 2048;
static_assert(weight_floor_bytes(m) == 2 * floor_params);

// Decode on H100 SXM at C = 1, 16, 128 (datasheet): every node memory-bound.
constexpr auto h100 = default_roofline(devices::h100_sxm);
static_assert(decode_step(m, devices::h100_sxm, h100, 1, 4096, s).compute_bound_us == 0);
static_assert(decode_step(m, devices::h100_sxm, h100, 16, 4096, s).compute_bound_us == 0);
static_assert(decode_step(m, devices::h100_sxm, h100, 128, 4096, s).compute_bound_us == 0);

// One sequence needs 159.3 GB (the 162.6 GB checkpoint less its MTP head, plus KV and state):
// more than an H200's 135.7 GB usable, less than a B200's 173.0 GB.
static_assert(!fits(m, devices::h200_sxm, {.seqs = 1, .context = 4096, .settings = s}));
static_assert(fits(m, devices::b200, {.seqs = 1, .context = 4096, .settings = s}));

// ---- vLLM with the MTP head: the GDN pages a request holds --------------------------------------
// MambaSpec.max_memory_usage_bytes: (1 + num_speculative_tokens) pages of each GDN group, 2 + in
// "align" mode; num_speculative_tokens defaults to the head's n_predict = num_nextn_predict_layers
// = 1 (vllm/config/speculative.py @002e77c1). Groups (kv_cache_utils.py): 13 attention layers with
// the MTP layer, 36 GDN; group size min(13, 36) = 13 (2 x 36 >= 3 x 13), so ceil(36 / 13) = 3 GDN
// groups.
constexpr settings spec{.speculative = true};
constexpr engine_memory v_off = engine_memory_of(m, devices::h200_sxm, s, engines::vllm, {}, 1, 4096);
constexpr engine_memory v_on = engine_memory_of(m, devices::h200_sxm, spec, engines::vllm, {}, 1, 4096);
constexpr engine v3{.kind = engine_kind::vllm, .vllm = {.num_speculative_tokens = 3}};
constexpr engine_memory v_k3 = engine_memory_of(m, devices::h200_sxm, spec, v3, {}, 1, 4096);
constexpr engine v3a{.kind = engine_kind::vllm, .vllm = {.mamba_cache_align = true, .num_speculative_tokens = 3}};
constexpr engine_memory v_k3a = engine_memory_of(m, devices::h200_sxm, spec, v3a, {}, 1, 4096);
static_assert(v_off.state_pages_per_request == 1 && v_on.state_pages_per_request == 2);
static_assert(v_k3.state_pages_per_request == 4 && v_k3a.state_pages_per_request == 5);
static_assert(v_on.groups_state == 3 && v_k3.groups_state == 3);
// Three more tokens drafted: 2 more pages in each of the 3 GDN groups (the pool is empty here:
// the BF16 checkpoint does not leave one on an H200).
static_assert(v_k3.request_blocks == v_on.request_blocks + 3 * 2 && v_k3.kv_cache_blocks == v_on.kv_cache_blocks);
// And a wider conv window: vLLM keeps kernel - 1 + num_spec past inputs a channel
// (gated_delta_net_state_shape, vllm/model_executor/layers/mamba/mamba_utils.py @02d7108). A GDN
// page: f32 temporal 32 x 128 x 128 x 4 = 2,097,152 B + conv 8,192 x (3 + k) x 2 B; the
// attention block 16 x cdiv(page, 16 x 2,048 B of bf16 KV a token): k = 1: 2,162,688 B, 16 x 66 =
// 1,056 tokens; k = 3: 2,195,456 B, 16 x 67 = 1,072. Without the MTP head: 2,146,304 B, 1,056.
static_assert(v_off.block_size_tokens == 1056 && v_on.block_size_tokens == 1056 && v_k3.block_size_tokens == 1072);
// Without --speculative the knob is not read.
constexpr engine_memory v_k3_off = engine_memory_of(m, devices::h200_sxm, s, v3, {}, 1, 4096);
static_assert(v_k3_off.state_pages_per_request == 1);
}  // namespace
}  // namespace headroom_static_qwen3_next_80b_a3b_instruct_test
