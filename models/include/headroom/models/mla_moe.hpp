// SPDX-License-Identifier: MIT
// headroom: the MLA MoE family (DeepSeek-V3): multi-head latent attention -- the KV cache holds
// one latent row of kv_lora + qk_rope values per token per layer, not per head --, the first
// `first_dense` layers a dense SwiGLU MLP, the rest a routed MoE with shared experts, and the
// checkpoint's MTP layers as the draft section.
//
// Stored tensors per layer: input_layernorm, post_attention_layernorm [hidden];
// self_attn.q_a_proj [q_lora, hidden], q_a_layernorm [q_lora], q_b_proj [heads * (qk_nope +
// qk_rope), q_lora], kv_a_proj_with_mqa [kv_lora + qk_rope, hidden], kv_a_layernorm [kv_lora],
// kv_b_proj [heads * (qk_nope + v_head), kv_lora], o_proj [hidden, heads * v_head]; dense
// layers: mlp.{gate,up}_proj [inter, hidden], down_proj [hidden, inter]; MoE layers: mlp.gate
// [experts, hidden] and its e_score_correction_bias [experts] (F32), experts.E.{gate,up,down}
// and shared_experts.{gate,up,down} (width moe_inter * n_shared). MTP layer: its own
// embed_tokens, enorm, hnorm [hidden], eh_proj [hidden, 2 * hidden], a full MoE decoder layer,
// shared_head.norm and shared_head.head [vocab, hidden] (copies stored in the checkpoint).
//
// Decode runs MLA absorbed: kv_b_proj's halves fold into the query and the output, so a step
// reads kv_b_proj once (2 * t * kv_lora * heads * (qk_nope + v_head) FLOPs) and attends over
// latent rows with a query of heads x (kv_lora + qk_rope) and an output of heads x kv_lora.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks.hpp>

namespace headroom::models::family {

struct mla_moe_dims {
  std::uint64_t hidden = 0;
  std::uint64_t vocab = 0;
  std::uint64_t layers = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t q_lora = 0;
  std::uint64_t kv_lora = 0;
  std::uint64_t qk_nope = 0;
  std::uint64_t qk_rope = 0;
  std::uint64_t v_head = 0;
  std::uint64_t inter = 0;        ///< dense layers' intermediate_size
  std::uint64_t first_dense = 0;  ///< first_k_dense_replace
  std::uint64_t experts = 0;
  std::uint64_t top_k = 0;
  std::uint64_t moe_inter = 0;
  std::uint64_t shared_experts = 0;
  std::uint64_t mtp_layers = 0;  ///< num_nextn_predict_layers
};

constexpr circuit mla_moe(const mla_moe_dims& d) {
  circuit c{};
  const std::uint64_t h = d.hidden;
  const std::uint64_t H = d.q_heads;
  // Every width from the dims is formed checked: a hand-written table must not wrap silently.
  const std::uint64_t latent = checked_add(d.kv_lora, d.qk_rope);
  const std::uint64_t q_b_out = checked_mul(H, checked_add(d.qk_nope, d.qk_rope));
  const std::uint64_t rope_w = checked_mul(H, d.qk_rope);
  const std::uint64_t kv_b_out = checked_mul(H, checked_add(d.qk_nope, d.v_head));
  const std::uint64_t attend_in = checked_mul(H, latent);
  const std::uint64_t attend_out = checked_mul(H, d.kv_lora);
  const std::uint64_t o_in = checked_mul(H, d.v_head);

  const auto embed = blocks::embed(c, "embed", d.vocab, h);
  const auto mla = c.add_block(
      "mla",
      {with_aux(nd("input_norm", op::rms_norm, {e(h)}, {e(h)}), h),
       // vLLM deepseek_v2.py: q_a_proj and kv_a_proj_with_mqa are ReplicatedLinear, q_b_proj
       // and kv_b_proj ColumnParallelLinear by heads, o_proj RowParallelLinear; the latent KV
       // row is replicated on every TP rank (MLAAttentionSpec: one KV head).
       nd("q_a", op::linear, {e(h)}, {e(d.q_lora)}, linear_role::mla_q_a),
       with_aux(nd("q_a_norm", op::rms_norm, {e(d.q_lora)}, {e(d.q_lora)}), d.q_lora),
       sharded(nd("q_b", op::linear, {e(d.q_lora)}, {e(q_b_out)}, linear_role::mla_q_b), shard::heads, H),
       nd("kv_a", op::linear, {e(h)}, {e(latent)}, linear_role::mla_kv_a),
       with_aux(nd("kv_a_norm", op::rms_norm, {e(d.kv_lora)}, {e(d.kv_lora)}), d.kv_lora),
       sharded(nd("rope", op::rope, {e(rope_w), e(d.qk_rope)}, {e(rope_w), e(d.qk_rope)}), shard::heads, H),
       nd("kv_write", op::kv_write, {e(latent)}, {}),
       sharded(nd("kv_b", op::linear, {e(d.kv_lora)}, {e(kv_b_out)}, linear_role::mla_kv_b), shard::heads, H),
       sharded(with_states(nd("attend", op::paged_attention, {e(attend_in)}, {e(attend_out)}), 0b1), shard::heads, H),
       sharded(nd("o", op::linear, {e(o_in)}, {e(h)}, linear_role::o), shard::rows, H),
       nd("add", op::residual_add, {e(h), e(h)}, {e(h)})},
      {{"latent", state_kind::paged_kv, dtype_key::kv_cache, latent, shard::replicated, 0}});
  const auto dense = blocks::swiglu_mlp(c, "dense_mlp", h, d.inter);
  const auto moe = blocks::routed_moe(c, "moe", {.hidden = h,
                                                 .experts = d.experts,
                                                 .top_k = d.top_k,
                                                 .moe_inter = d.moe_inter,
                                                 .shared_inter = checked_mul(d.moe_inter, d.shared_experts),
                                                 .router_aux = d.experts,
                                                 .router_aux_format = formats::f32});
  const auto head = blocks::head(c, "head", d.vocab, h);

  c.add(embed, no_layer, section::main, layer_kind::none);
  for (std::uint64_t l = 0; l < d.layers; ++l) {
    c.add(mla, static_cast<std::uint16_t>(l), section::main, layer_kind::full_attention);
    c.add(l < d.first_dense ? dense : moe, static_cast<std::uint16_t>(l), section::main, layer_kind::full_attention);
  }
  c.add(head, no_layer, section::main, layer_kind::none);

  if (d.mtp_layers > 0) {
    node mtp_embed = sharded(nd("embed", op::embed, {e(1, formats::i32)}, {e(h)}), shard::vocab, d.vocab);
    mtp_embed.table_rows = d.vocab;  // the checkpoint stores the MTP layer's own copy
    const auto mtp_in = c.add_block("mtp_in", {mtp_embed, with_aux(nd("enorm", op::rms_norm, {e(h)}, {e(h)}), h),
                                               with_aux(nd("hnorm", op::rms_norm, {e(h)}, {e(h)}), h),
                                               nd("concat", op::concat, {e(h), e(h)}, {e(2 * h)}),
                                               nd("eh_proj", op::linear, {e(2 * h)}, {e(h)}, linear_role::mtp_fc)});
    const auto mtp_out = blocks::head(c, "mtp_out", d.vocab, h);  // shared_head.norm, shared_head.head
    for (std::uint64_t l = 0; l < d.mtp_layers; ++l) {
      const auto layer = static_cast<std::uint16_t>(d.layers + l);
      c.add(mtp_in, layer, section::draft, layer_kind::none);
      c.add(mla, layer, section::draft, layer_kind::full_attention);
      c.add(moe, layer, section::draft, layer_kind::full_attention);
      c.add(mtp_out, layer, section::draft, layer_kind::none);
    }
  }
  return c;
}

}  // namespace headroom::models::family
