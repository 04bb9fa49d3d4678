// SPDX-License-Identifier: MIT
// headroom: the Qwen3 hybrid family (Qwen3-Next; layout of Qwen3.5/3.6 MoE hybrids): every
// `full_attention_interval`-th layer is gated full attention, the others Gated DeltaNet; every
// layer's MLP is a routed MoE with a gated shared expert; an optional MTP draft head.
//
// Stored tensors (shapes from transformers' modeling_qwen3_next.py): linear_attn as in
// blocks/gdn.hpp; self_attn as blocks::gated_attention (q_proj [2*q_heads*head_dim, hidden],
// query and output gate interleaved per head; k_proj / v_proj [kv_heads*head_dim, hidden],
// o_proj [hidden, q_heads*head_dim], q_norm / k_norm [head_dim]);
//  mlp: gate [experts, hidden], experts.E.{gate,up}_proj [moe_inter, hidden],
//    experts.E.down_proj [hidden, moe_inter], shared_expert.{gate,up}_proj [shared_inter,
//    hidden], shared_expert.down_proj [hidden, shared_inter], shared_expert_gate [1, hidden].
//  input_layernorm / post_attention_layernorm [hidden] per layer; embed_tokens, norm, lm_head.
//  mtp: fc [hidden, 2*hidden], pre_fc_norm_embedding / pre_fc_norm_hidden [hidden], layers.0
//    (a full-attention layer with its MoE), norm [hidden]; it reads the main embedding and
//    lm_head (no tensors of its own for them).
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/model.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/gdn.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/blocks/stack.hpp>

namespace headroom::models::family {

struct qwen3_next_dims {
  std::uint64_t hidden = 0;
  std::uint64_t vocab = 0;
  std::uint64_t layers = 0;
  std::uint64_t full_attention_interval = 4;
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;
  std::uint64_t lin_k_heads = 0;
  std::uint64_t lin_v_heads = 0;
  std::uint64_t lin_k_dim = 0;
  std::uint64_t lin_v_dim = 0;
  std::uint64_t conv_kernel = 0;
  std::uint64_t experts = 0;
  std::uint64_t top_k = 0;
  std::uint64_t moe_inter = 0;
  std::uint64_t shared_inter = 0;
  std::uint64_t mtp_layers = 0;  ///< MTP draft layers the checkpoint ships (0 = none)
  /// Parameters of a vision encoder stored in the same checkpoint (Qwen3.5 / 3.6 multimodal
  /// releases), held as one aggregate in the vision section: loaded, never in a text decode step.
  std::uint64_t vision_params = 0;
};

constexpr circuit qwen3_next(const qwen3_next_dims& d) {
  circuit c{};
  const std::uint64_t h = d.hidden;
  const auto embed = blocks::embed(c, "embed", d.vocab, h);
  const auto gdn = blocks::gated_deltanet(c, "gdn", {.hidden = h,
                                                     .k_heads = d.lin_k_heads,
                                                     .v_heads = d.lin_v_heads,
                                                     .k_dim = d.lin_k_dim,
                                                     .v_dim = d.lin_v_dim,
                                                     .conv_kernel = d.conv_kernel});
  const auto attn = blocks::gated_attention(
      c, "attn", {.hidden = h, .q_heads = d.q_heads, .kv_heads = d.kv_heads, .head_dim = d.head_dim, .qk_norm = true});
  // Routed MoE (top_k of experts, softmax) plus a shared expert scaled by a sigmoid gate.
  const auto moe = blocks::routed_moe(c, "moe", {.hidden = h,
                                                 .experts = d.experts,
                                                 .top_k = d.top_k,
                                                 .moe_inter = d.moe_inter,
                                                 .shared_inter = d.shared_inter,
                                                 .shared_gate = true});
  const auto head = blocks::head(c, "head", d.vocab, h);
  const auto full_layer = blocks::layer(layer_kind::full_attention, {attn, moe});
  const auto linear_layer = blocks::layer(layer_kind::linear_attention, {gdn, moe});
  // Every full_attention_interval-th layer is gated attention, the others Gated DeltaNet.
  blocks::decoder(c, embed, d.layers, [&](std::uint64_t l) -> const auto& {
    return (l + 1) % d.full_attention_interval == 0 ? full_layer : linear_layer;
  }, head);

  if (d.mtp_layers > 0) {
    // The draft reads model.embed_tokens and the main lm_head; its layers are numbered from 0.
    const auto mtp_in = blocks::mtp_in(c, "mtp_in", {.hidden = h, .vocab = d.vocab});
    const auto mtp_out = blocks::mtp_out(c, "mtp_out", d.vocab, h, false);
    c.add(mtp_in, 0, section::draft, layer_kind::none);
    blocks::stack(c, d.mtp_layers, [&](std::uint64_t) -> const auto& { return full_layer; }, section::draft);
    c.add(mtp_out, 0, section::draft, layer_kind::none);
  }
  if (d.vision_params > 0) {
    const auto vision = c.add_block("vision", {with_aux(nd("encoder", op::copy, {}, {}), d.vision_params)});
    c.add(vision, no_layer, section::vision, layer_kind::none);
  }
  return c;
}

}  // namespace headroom::models::family
