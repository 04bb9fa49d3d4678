// SPDX-License-Identifier: MIT
// headroom: the GQA MoE family (Qwen3 MoE, Mixtral, MiniMax-M2, Qwen2-MoE): dense-GQA attention, and every
// layer's MLP a routed MoE (Qwen2-MoE: with a gated shared expert) (experts stored one tensor per projection per
// expert).
//
// Stored tensors per layer: input_layernorm, q/k/v/o_proj, q_norm/k_norm when qk_norm,
// post_attention_layernorm, the router (`mlp.gate` / `block_sparse_moe.gate`) [experts,
// hidden] (with routing_bias also its e_score_correction_bias [experts]),
// experts.E.{gate,up}_proj (w1, w3) [moe_inter, hidden], down_proj (w2) [hidden, moe_inter].
// Qwen2-MoE adds q/k/v biases (attn_bias) and a shared expert: mlp.shared_expert.{gate,up}_proj
// [shared_inter, hidden], down_proj [hidden, shared_inter] and mlp.shared_expert_gate [1, hidden]
// (modeling_qwen2_moe.py).
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
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
};

constexpr circuit gqa_moe(const gqa_moe_dims& d) {
  blocks::gqa_dims a = d.gqa.attention();
  a.qk_norm = d.qk_norm;
  a.qk_norm_whole = d.qk_norm_whole;
  a.window = d.window;
  a.qkv_bias = d.attn_bias;
  circuit c = uniform_gqa_decoder(d.gqa, a, d.tie, [&](circuit& out) {
    return blocks::routed_moe(out, "moe", {.hidden = d.gqa.hidden,
                                         .experts = d.experts,
                                         .top_k = d.top_k,
                                         .moe_inter = d.moe_inter,
                                         .shared_inter = d.shared_inter,
                                         .shared_gate = d.shared_gate,
                                         .router_aux = d.routing_bias ? d.experts : 0,
                                         .router_aux_format = formats::f32});
  });
  add_vision_tower(c, d.vision_params);
  // Qwen3 MoE's key names (Mixtral's and MiniMax-M2's configs say num_local_experts, and
  // intermediate_size for the expert width).
  c.config.put({{"num_experts", d.experts}, {"num_experts_per_tok", d.top_k}, {"moe_intermediate_size", d.moe_inter}});
  return c;
}

}  // namespace headroom::models::family
