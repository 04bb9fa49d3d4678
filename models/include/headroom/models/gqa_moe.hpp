// SPDX-License-Identifier: MIT
// headroom: the GQA MoE family (Qwen3 MoE, Mixtral, MiniMax-M2, Qwen2-MoE, ERNIE 4.5 MoE): dense-GQA attention,
// and every layer's MLP a routed MoE (Qwen2-MoE: with a gated shared expert; ERNIE 4.5: with ungated shared
// experts, after `first_dense` layers of a dense SwiGLU MLP) (experts stored one tensor per projection per
// expert).
//
// Stored tensors per layer: input_layernorm, q/k/v/o_proj, q_norm/k_norm when qk_norm,
// post_attention_layernorm, the router (`mlp.gate` / `block_sparse_moe.gate`) [experts,
// hidden] (with routing_bias also its e_score_correction_bias [experts]),
// experts.E.{gate,up}_proj (w1, w3) [moe_inter, hidden], down_proj (w2) [hidden, moe_inter].
// Qwen2-MoE adds q/k/v biases (attn_bias) and a shared expert: mlp.shared_expert.{gate,up}_proj
// [shared_inter, hidden], down_proj [hidden, shared_inter] and mlp.shared_expert_gate [1, hidden]
// (modeling_qwen2_moe.py).
// ERNIE 4.5 MoE (transformers models/ernie4_5_moe/modular_ernie4_5_moe.py): layers before
// moe_layer_start_index store mlp.{gate,up}_proj [inter, hidden], down_proj [hidden, inter]; MoE
// layers mlp.gate [experts, hidden], mlp.moe_statics.e_score_correction_bias [1, experts] (F32),
// experts.E.* and shared_experts.{gate,up}_proj [moe_inter x shared_experts, hidden], down_proj.
// PhiMoE (transformers models/phimoe/modular_phimoe.py): Mixtral's tensors with LayerNorms
// (weight and bias [hidden]) for input_layernorm, post_attention_layernorm and model.norm, biases
// on q, k, v and o_proj (attention_bias) and on lm_head [vocab] (lm_head_bias).
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/gqa_decoder.hpp>

namespace headroom::models::family {

struct gqa_moe_dims {
  gqa_decoder_dims gqa;
  std::uint64_t experts = 0;
  std::uint64_t top_k = 0;
  std::uint64_t moe_inter = 0;
  bool qk_norm = false;
  bool tie = false;
  std::uint64_t window = 0;
  bool qk_norm_whole = false;  ///< qk_norm_type per_layer: q_norm [q_heads x head_dim], k_norm [kv_heads x head_dim]
  bool routing_bias = false;   ///< use_routing_bias: the router's e_score_correction_bias [experts], F32
  bool attn_bias = false;             ///< biases on q, k, v (Qwen2-MoE)
  std::uint64_t shared_inter = 0;     ///< shared_expert_intermediate_size, 0 = no shared expert
  bool shared_gate = false;           ///< the shared expert's sigmoid gate [1, hidden] (Qwen2-MoE)
  std::uint64_t vision_params = 0;    ///< a stored vision tower's parameters (Qwen3-VL-MoE), 0 = none
  std::uint64_t first_dense = 0;      ///< layers before the first MoE layer, a dense SwiGLU MLP (ERNIE 4.5's moe_layer_start_index)
  std::uint64_t inter = 0;            ///< intermediate_size of those dense layers
  std::uint64_t shared_experts = 0;   ///< shared experts of moe_inter each, as one MLP (ERNIE 4.5's moe_num_shared_experts)
  bool layer_norm = false;            ///< LayerNorms with weight and bias for every norm (PhiMoE), not RMSNorms
  bool o_bias = false;                ///< a bias on o_proj (PhiMoE's attention_bias covers q, k, v and o)
  bool lm_head_bias = false;          ///< lm_head's bias [vocab] (PhiMoE's lm_head_bias)
};

constexpr void gqa_moe(circuit& c, const gqa_moe_dims& d) {
  blocks::gqa_dims a = d.gqa.attention();
  a.qk_norm = d.qk_norm;
  a.qk_norm_whole = d.qk_norm_whole;
  a.window = d.window;
  a.qkv_bias = d.attn_bias;
  a.o_bias = d.o_bias;
  a.layer_norm = d.layer_norm;
  // Qwen2-MoE states its shared expert's width; ERNIE 4.5 a count of expert-wide ones.
  const std::uint64_t shared = d.shared_inter != 0 ? d.shared_inter : checked_mul(d.shared_experts, d.moe_inter);
  const auto dense = [&](circuit& out) { return blocks::swiglu_mlp(out, "dense_mlp", d.gqa.hidden, d.inter); };
  gqa_decoder_dense_first(c, d.gqa, a, d.tie, d.first_dense, dense, [&](circuit& out) {
    return blocks::routed_moe(out, "moe", {.hidden = d.gqa.hidden,
                                         .experts = d.experts,
                                         .top_k = d.top_k,
                                         .moe_inter = d.moe_inter,
                                         .shared_inter = shared,
                                         .shared_gate = d.shared_gate,
                                         .router_aux = d.routing_bias ? d.experts : 0,
                                         .router_aux_format = formats::f32,
                                         .layer_norm = d.layer_norm});
  }, d.lm_head_bias);
  add_vision_tower(c, d.vision_params);
  // Qwen3 MoE's key names (Mixtral's and MiniMax-M2's configs say num_local_experts, and
  // intermediate_size for the expert width).
  c.config.put({{"num_experts", d.experts}, {"num_experts_per_tok", d.top_k}, {"moe_intermediate_size", d.moe_inter}});
  if (d.first_dense != 0) c.config.put({{"moe_layer_start_index", d.first_dense}, {"intermediate_size", d.inter}});
}

constexpr circuit gqa_moe(const gqa_moe_dims& d) { return circuit_of(gqa_moe, d); }

}  // namespace headroom::models::family
