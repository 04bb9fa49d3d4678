// SPDX-License-Identifier: MIT
// headroom: the GQA MoE family (Qwen3 MoE, Mixtral, MiniMax-M2): dense-GQA attention, and every
// layer's MLP a routed MoE without a shared expert (experts stored one tensor per projection per
// expert).
//
// Stored tensors per layer: input_layernorm, q/k/v/o_proj, q_norm/k_norm when qk_norm,
// post_attention_layernorm, the router (`mlp.gate` / `block_sparse_moe.gate`) [experts,
// hidden] (with routing_bias also its e_score_correction_bias [experts]),
// experts.E.{gate,up}_proj (w1, w3) [moe_inter, hidden], down_proj (w2) [hidden, moe_inter].
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/blocks/stack.hpp>

namespace headroom::models::family {

struct gqa_moe_dims {
  std::uint64_t hidden = 0;
  std::uint64_t vocab = 0;
  std::uint64_t layers = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;
  std::uint64_t experts = 0;
  std::uint64_t top_k = 0;
  std::uint64_t moe_inter = 0;
  bool qk_norm = false;
  bool tie = false;
  std::uint64_t window = 0;
  bool qk_norm_whole = false;  ///< qk_norm_type per_layer: q_norm [q_heads x head_dim], k_norm [kv_heads x head_dim]
  bool routing_bias = false;   ///< use_routing_bias: the router's e_score_correction_bias [experts], F32
};

constexpr circuit gqa_moe(const gqa_moe_dims& d) {
  circuit c{};
  const auto embed = blocks::embed(c, "embed", d.vocab, d.hidden);
  const auto attn = blocks::gqa_attention(c, "attn", {.hidden = d.hidden,
                                                      .q_heads = d.q_heads,
                                                      .kv_heads = d.kv_heads,
                                                      .head_dim = d.head_dim,
                                                      .qk_norm = d.qk_norm,
                                                      .qk_norm_whole = d.qk_norm_whole,
                                                      .window = d.window});
  const auto moe = blocks::routed_moe(c, "moe", {.hidden = d.hidden,
                                                 .experts = d.experts,
                                                 .top_k = d.top_k,
                                                 .moe_inter = d.moe_inter,
                                                 .router_aux = d.routing_bias ? d.experts : 0,
                                                 .router_aux_format = formats::f32});
  const auto head = blocks::head(c, "head", d.vocab, d.hidden, !d.tie);
  const auto layer = blocks::layer(d.window != 0 ? layer_kind::sliding_attention : layer_kind::full_attention, {attn, moe});
  blocks::decoder(c, embed, d.layers, [&](std::uint64_t) -> const auto& { return layer; }, head);
  return c;
}

}  // namespace headroom::models::family
