// SPDX-License-Identifier: MIT
// headroom: the glm4_moe family (GLM-4.5, GLM-4.5-Air, GLM-4.6): GQA attention with q / k / v
// biases (and, on GLM-4.5 and 4.6, a per-head q_norm / k_norm), the first `first_dense` layers
// a dense SwiGLU MLP and the rest a routed MoE with shared experts and DeepSeek-V3's router, and
// the checkpoint's MTP layers as the draft section. Attention is gqa_moe's block, the MLP side
// and the MTP layer mla_moe's: only existing blocks.
//
// Stored tensors per layer (transformers models/glm4_moe/modeling_glm4_moe.py, Glm4MoeAttention,
// Glm4MoeMLP, Glm4MoeMoE, Glm4MoeTopkRouter): input_layernorm, post_attention_layernorm
// [hidden]; self_attn.q_proj [q_heads * head_dim, hidden] + bias, k_proj, v_proj [kv_heads *
// head_dim, hidden] + biases (attention_bias), o_proj [hidden, q_heads * head_dim] (no bias);
// q_norm, k_norm [head_dim] when use_qk_norm; dense layers mlp.{gate,up}_proj [inter, hidden],
// down_proj [hidden, inter]; MoE layers mlp.gate [experts, hidden] with its F32
// e_score_correction_bias [experts], experts.E.{gate,up}_proj [moe_inter, hidden], down_proj
// [hidden, moe_inter] and shared_experts.* of width moe_inter * n_shared_experts.
// MTP layer (model.layers.<num_hidden_layers>; vLLM model_executor/models/glm4_moe_mtp.py,
// Glm4MoeMultiTokenPredictorLayer, whose loader reads the spec layer's embed_tokens, enorm,
// hnorm, eh_proj and shared_head as DeepSeek-V3's does): embed_tokens [vocab, hidden], enorm,
// hnorm [hidden], eh_proj [hidden, 2 * hidden], one MoE decoder layer, shared_head.norm
// [hidden] and shared_head.head [vocab, hidden].
// partial_rotary_factor rotates part of each head: arithmetic, no tensor.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/blocks/stack.hpp>
#include <headroom/models/gqa_decoder.hpp>
#include <headroom/models/moe_stack_dims.hpp>

namespace headroom::models::family {

struct glm4_moe_dims {
  gqa_decoder_dims gqa;
  moe_stack_dims moe;
  bool qk_norm = false;    ///< use_qk_norm: per-head RMSNorm of q and k
  bool attn_bias = false;  ///< attention_bias: biases on q, k, v
};

constexpr void glm4_moe(circuit& c, const glm4_moe_dims& d) {
  require_empty(c);
  const gqa_decoder_dims& g = d.gqa;
  const moe_stack_dims& s = d.moe;
  blocks::gqa_dims a = g.attention();
  a.qk_norm = d.qk_norm;
  a.qkv_bias = d.attn_bias;
  const auto embed = blocks::embed(c, "embed", g.vocab, g.hidden);
  const auto attn = blocks::gqa_attention(c, "attn", a);
  const auto dense = blocks::swiglu_mlp(c, "dense_mlp", g.hidden, s.inter);
  const auto moe = blocks::routed_moe(c, "moe", {.hidden = g.hidden,
                                                 .experts = s.experts,
                                                 .top_k = s.top_k,
                                                 .moe_inter = s.moe_inter,
                                                 .shared_inter = s.shared_inter(),
                                                 .router_aux = s.experts,
                                                 .router_aux_format = formats::f32,
                                                 .groups = s.routing_groups(),
                                                 .top_groups = s.routing_top_groups()});
  const auto head = blocks::head(c, "head", g.vocab, g.hidden);
  const auto dense_layer = blocks::layer(layer_kind::full_attention, {attn, dense});
  const auto moe_layer = blocks::layer(layer_kind::full_attention, {attn, moe});
  // first_k_dense_replace dense layers, then MoE layers.
  blocks::decoder(c, embed, g.layers, [&](std::uint64_t l) -> const auto& { return l < s.first_dense ? dense_layer : moe_layer; }, head);

  if (s.mtp_layers > 0) {
    const auto mtp_in = blocks::mtp_in(
        c, "mtp_in", {.hidden = g.hidden, .vocab = g.vocab, .stored_embed = true, .embed_norm = "enorm", .hidden_norm = "hnorm", .fc = "eh_proj"});
    const auto mtp_out = blocks::mtp_out(c, "mtp_out", g.vocab, g.hidden, true);  // shared_head.norm, shared_head.head
    blocks::layer_spec mtp{};
    mtp.then(mtp_in, layer_kind::none).then(attn, layer_kind::full_attention).then(moe, layer_kind::full_attention);
    mtp.then(mtp_out, layer_kind::none);
    blocks::stack(c, s.mtp_layers, [&](std::uint64_t) -> const auto& { return mtp; }, section::draft, g.layers);
  }
  g.record(c.config);
  c.config.put_flag("tie_word_embeddings", false);
  c.config.put_flag("use_qk_norm", d.qk_norm);
  c.config.put_flag("attention_bias", d.attn_bias);
  s.record(c.config);
}

constexpr circuit glm4_moe(const glm4_moe_dims& d) { return circuit_of(glm4_moe, d); }

}  // namespace headroom::models::family
