// SPDX-License-Identifier: MIT
// headroom: the gpt-oss family: `layer_types` alternate sliding (window 128) and full
// attention with biases and per-head sinks; every MLP a routed MoE (top-k of experts,
// softmax after top-k) with biases, its expert matrices MXFP4 (E2M1 + one E8M0 scale per 32).
//
// Stored tensors per layer: input_layernorm, post_attention_layernorm [hidden];
// self_attn.{q,k,v,o}_proj weight and bias; self_attn.sinks [q_heads]; mlp.router weight
// [experts, hidden] and bias [experts]; mlp.experts.gate_up_proj_{blocks,scales} for
// [experts, 2*inter, hidden] (gate and up interleaved in one tensor) and gate_up_proj_bias
// [experts, 2*inter]; mlp.experts.down_proj_{blocks,scales} for [experts, hidden, inter] and
// down_proj_bias [experts, hidden]. Top: embed_tokens, norm, lm_head (untied).
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/blocks/stack.hpp>
#include <headroom/models/gqa_decoder.hpp>

namespace headroom::models::family {

struct gpt_oss_dims {
  gqa_decoder_dims gqa;
  std::uint64_t window = 0;  ///< sliding_window of the sliding layers
  std::uint64_t experts = 0;
  std::uint64_t top_k = 0;
  std::uint64_t inter = 0;   ///< each expert's intermediate_size
};

constexpr void gpt_oss(circuit& c, const gpt_oss_dims& d) {
  require_empty(c);
  const gqa_decoder_dims& g = d.gqa;
  const auto embed = blocks::embed(c, "embed", g.vocab, g.hidden);
  blocks::gqa_dims a = g.attention();
  a.qkv_bias = true;
  a.o_bias = true;
  a.sinks = true;
  a.window = d.window;
  const auto sliding = blocks::gqa_attention(c, "sliding", a);
  a.window = 0;
  const auto full = blocks::gqa_attention(c, "full", a);
  const auto moe = blocks::routed_moe(c, "moe", {.hidden = g.hidden,
                                                 .experts = d.experts,
                                                 .top_k = d.top_k,
                                                 .moe_inter = d.inter,
                                                 .fused_gate_up = true,
                                                 .expert_bias = true,
                                                 .router_bias = true});
  const auto head = blocks::head(c, "head", g.vocab, g.hidden);
  const auto sliding_layer = blocks::layer(layer_kind::sliding_attention, {sliding, moe});
  const auto full_layer = blocks::layer(layer_kind::full_attention, {full, moe});
  // layer_types: sliding, full, sliding, ...
  blocks::decoder(c, embed, g.layers, [&](std::uint64_t l) -> const auto& { return l % 2 == 0 ? sliding_layer : full_layer; }, head);
  g.record(c.config);
  c.config.put({{"sliding_window", d.window}, {"num_local_experts", d.experts}, {"num_experts_per_tok", d.top_k},
                {"intermediate_size", d.inter}, {"tie_word_embeddings", 0, true}});
}

constexpr circuit gpt_oss(const gpt_oss_dims& d) { return circuit_of(gpt_oss, d); }

}  // namespace headroom::models::family
