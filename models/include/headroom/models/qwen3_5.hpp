// SPDX-License-Identifier: MIT
// headroom: the Qwen3.5 hybrid family `qwen3_5` (dense: Qwen3.5-27B, Qwen3.8-27B) and the
// layer stack it shares with `qwen3_6_moe` (qwen3_6_moe.hpp): every
// `full_attention_interval`-th layer is gated full attention, the others Gated DeltaNet, each
// followed by the layer's MLP; an MTP draft layer; a vision tower stored in the same checkpoint.
//
// Stored tensors (transformers' modeling_qwen3_5.py / modeling_qwen3_5_moe.py): as Qwen3-Next
// (qwen3_next.hpp) except that linear_attn stores in_proj_qkv [2*key_dim + value_dim, hidden]
// and in_proj_z [value_dim, hidden] apart, and in_proj_b / in_proj_a [lin_v_heads, hidden]
// apart (two checkpoint tensors per projection, each with its own scales when quantized).
// `qwen3_5`'s MLP: gate_proj / up_proj [inter, hidden], down_proj [hidden, inter]. mtp: fc
// [hidden, 2*hidden], pre_fc_norm_embedding / pre_fc_norm_hidden, layers.0 (a full-attention
// layer with the layer's MLP), norm; it reads model.embed_tokens and lm_head. The vision
// tower (model.visual.*) is one aggregate of parameters in the vision section.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/model.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/gdn.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/stack.hpp>

namespace headroom::models::family {

namespace detail {
/// The stack around an MLP block `add_mlp(c)` adds (one template shared by every layer and
/// the MTP layer). `Dims` is qwen3_5_dims or qwen3_6_moe_dims: everything but the MLP is read
/// from the fields both name alike, so neither is copied into a third struct.
template <class Dims, class AddMlp>
constexpr circuit qwen3_5_hybrid(const Dims& d, AddMlp add_mlp) {
  circuit c{};
  const std::uint64_t h = d.hidden;
  const auto embed = blocks::embed(c, "embed", d.vocab, h);
  const auto gdn = blocks::gated_deltanet(c, "gdn", {.hidden = h,
                                                     .k_heads = d.lin_k_heads,
                                                     .v_heads = d.lin_v_heads,
                                                     .k_dim = d.lin_k_dim,
                                                     .v_dim = d.lin_v_dim,
                                                     .conv_kernel = d.conv_kernel,
                                                     .in_proj_tensors = 2});
  const auto attn = blocks::gated_attention(
      c, "attn", {.hidden = h, .q_heads = d.q_heads, .kv_heads = d.kv_heads, .head_dim = d.head_dim, .qk_norm = true});
  const std::uint8_t mlp = add_mlp(c);
  const auto head = blocks::head(c, "head", d.vocab, h);
  blocks::decoder(c, embed, d.layers, [&](std::uint64_t l) {
    if ((l + 1) % d.full_attention_interval == 0) return blocks::layer(layer_kind::full_attention, {attn, mlp});
    return blocks::layer(layer_kind::linear_attention, {gdn, mlp});
  }, head);
  if (d.mtp_layers > 0) {
    const auto mtp_in = blocks::mtp_in(c, "mtp_in", {.hidden = h, .vocab = d.vocab});
    const auto mtp_out = blocks::mtp_out(c, "mtp_out", d.vocab, h, false);
    if (d.mtp_head_copy) {
      // The engine quantizes its own copy of lm_head for the draft (the checkpoint has none):
      // held in memory with the draft, not a checkpoint tensor.
      for (std::size_t i = c.blocks[mtp_out].first; i < c.blocks[mtp_out].end; ++i) {
        if (c.nodes[i].kind != op::lm_head) continue;
        c.nodes[i].stores_weight = true;
        c.nodes[i].runtime_copy = true;
      }
    }
    c.add(mtp_in, 0, section::draft, layer_kind::none);
    blocks::stack(c, d.mtp_layers, [&](std::uint64_t) { return blocks::layer(layer_kind::full_attention, {attn, mlp}); },
                  section::draft);
    c.add(mtp_out, 0, section::draft, layer_kind::none);
  }
  if (d.vision_params > 0) {
    const auto vision = c.add_block("vision", {with_aux(nd("encoder", op::copy, {}, {}), d.vision_params)});
    c.add(vision, no_layer, section::vision, layer_kind::none);
  }
  return c;
}
}  // namespace detail

struct qwen3_5_dims {
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
  std::uint64_t inter = 0;       ///< intermediate_size of every layer's SwiGLU MLP
  std::uint64_t mtp_layers = 0;  ///< MTP draft layers the checkpoint ships (0 = none)
  /// The draft reads an engine-built copy of lm_head (quantized by the recipe) instead of the
  /// main one: counted in footprint weights as runtime_weights.
  bool mtp_head_copy = false;
  std::uint64_t vision_params = 0;  ///< parameters of the stored vision tower (0 = none)
};

constexpr circuit qwen3_5(const qwen3_5_dims& d) {
  return detail::qwen3_5_hybrid(d,
                                [&](circuit& c) { return blocks::swiglu_mlp(c, "mlp", d.hidden, d.inter); });
}

}  // namespace headroom::models::family
