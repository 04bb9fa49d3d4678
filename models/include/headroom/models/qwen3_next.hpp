// SPDX-License-Identifier: MIT
// headroom: the Qwen3 hybrid families' one dims struct and layer stack, and the `qwen3_next`
// family (Qwen3-Next). Every `full_attention_interval`-th layer is gated full attention, the
// others Gated DeltaNet, each followed by the layer's MLP (a routed MoE with a gated shared
// expert, or a dense SwiGLU MLP); an optional MTP draft layer; an optional vision tower stored
// in the same checkpoint. The families differ in how a Gated DeltaNet layer stores its input
// projections (`gdn_in_proj`): `qwen3_next` fused, `qwen3_5` and `qwen3_6_moe` (qwen3_5.hpp,
// qwen3_6_moe.hpp) split.
//
// Stored tensors (shapes from transformers' modeling_qwen3_next.py, modeling_qwen3_5.py and
// modeling_qwen3_5_moe.py): linear_attn as in blocks/gdn.hpp; self_attn as
// blocks::gated_attention (q_proj [2*q_heads*head_dim, hidden], query and output gate
// interleaved per head; k_proj / v_proj [kv_heads*head_dim, hidden], o_proj [hidden,
// q_heads*head_dim], q_norm / k_norm [head_dim]);
//  MoE mlp: gate [experts, hidden], experts.E.{gate,up}_proj [moe_inter, hidden],
//    experts.E.down_proj [hidden, moe_inter], shared_expert.{gate,up}_proj [shared_inter,
//    hidden], shared_expert.down_proj [hidden, shared_inter], shared_expert_gate [1, hidden];
//  dense mlp (Qwen3.5-27B): gate_proj / up_proj [inter, hidden], down_proj [hidden, inter].
//  input_layernorm / post_attention_layernorm [hidden] per layer; embed_tokens, norm, lm_head.
//  mtp: fc [hidden, 2*hidden], pre_fc_norm_embedding / pre_fc_norm_hidden [hidden], layers.0
//    (a full-attention layer with the layer's MLP), norm [hidden]; it reads the main embedding
//    and lm_head (no tensors of its own for them).
//  The vision tower (model.visual.*, Qwen3.5 / 3.6 multimodal releases) is one aggregate of
//  parameters in the vision section: loaded, never in a text decode step.
#pragma once

#include <cstddef>
#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/error.hpp>
#include <headroom/model.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/gdn.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/blocks/stack.hpp>
#include <headroom/models/blocks/vision_tower.hpp>
#include <headroom/models/gqa_decoder.hpp>

namespace headroom::models::family {

/// How a Gated DeltaNet layer stores its input projections (the same widths either way).
enum class gdn_in_proj : std::uint8_t {
  fused,  ///< Qwen3-Next: in_proj_qkvz [2*key_dim + 2*value_dim, hidden], in_proj_ba [2*lin_v_heads, hidden]
  split,  ///< Qwen3.5 / 3.6: in_proj_qkv + in_proj_z, in_proj_b + in_proj_a, each with its own scales
};

/// The dims of every Qwen3 hybrid family: the GQA decoder's widths (the same config.json keys as
/// the GQA families; `gqa.layers` counts both kinds of layer), then the hybrid's own. The MLP is
/// a routed MoE when `experts` is set, a dense SwiGLU MLP of width `inter` otherwise (one of the
/// two, never both).
struct qwen3_hybrid_dims {
  gqa_decoder_dims gqa;
  std::uint64_t full_attention_interval = 4;
  std::uint64_t lin_k_heads = 0;
  std::uint64_t lin_v_heads = 0;
  std::uint64_t lin_k_dim = 0;
  std::uint64_t lin_v_dim = 0;
  std::uint64_t conv_kernel = 0;
  std::uint64_t inter = 0;  ///< intermediate_size of a dense layer MLP (0: the routed MoE)
  std::uint64_t experts = 0;
  std::uint64_t top_k = 0;
  std::uint64_t moe_inter = 0;
  std::uint64_t shared_inter = 0;
  std::uint64_t mtp_layers = 0;  ///< MTP draft layers the checkpoint ships (0 = none)
  /// The draft reads an engine-built copy of lm_head (quantized by the recipe) instead of the
  /// main one: counted in footprint weights as runtime_weights.
  bool mtp_head_copy = false;
  std::uint64_t vision_params = 0;  ///< parameters of the stored vision tower (0 = none)
};

/// The vision tower every multimodal Qwen3.5 / 3.6 release stores, as their config.json's
/// vision_config gives it (e.g. https://huggingface.co/Qwen/Qwen3.6-35B-A3B/blob/main/config.json,
/// verbatim in tests/data/configs/qwen3_6_35b_a3b; the members in the order of blocks::
/// vision_tower_dims' keys); its out_hidden_size is each release's text hidden_size.
inline constexpr blocks::vision_tower_dims qwen3_5_vision_tower{.depth = 27, .hidden = 1152, .inter = 4304,
                                                                .patch = 16, .in_channels = 3, .temporal_patch = 2,
                                                                .merge = 2, .positions = 2304};

/// That tower's vision_config as SGLang sizes it: hidden_size 1152 and no num_hidden_layers key
/// (the depth is `depth`), so SGLang's VLM rule reads 24 layers.
inline constexpr vision_config_keys qwen3_5_vision_config{.present = true,
                                                          .hidden_size = static_cast<std::uint32_t>(qwen3_5_vision_tower.hidden)};

/// `d` with the stored vision tower `v`, whose merger projects into the text model's width.
constexpr qwen3_hybrid_dims with_vision_tower(qwen3_hybrid_dims d, const blocks::vision_tower_dims& v) {
  d.vision_params = blocks::vision_tower_params(v, d.gqa.hidden);
  return d;
}

namespace detail {
/// The layer MLP: the routed MoE (top_k of experts, softmax, plus the shared expert scaled by
/// a sigmoid gate) or the dense SwiGLU MLP.
constexpr std::uint8_t qwen3_hybrid_mlp(circuit& c, const qwen3_hybrid_dims& d) {
  ::headroom::detail::require_table((d.experts > 0) != (d.inter > 0),
                                    "a Qwen3 hybrid layer's MLP is either routed experts or dense, not both");
  if (d.inter > 0) return blocks::swiglu_mlp(c, "mlp", d.gqa.hidden, d.inter);
  return blocks::routed_moe(c, "moe", {.hidden = d.gqa.hidden, .experts = d.experts, .top_k = d.top_k,
                                       .moe_inter = d.moe_inter, .shared_inter = d.shared_inter, .shared_gate = true});
}

/// The stack every Qwen3 hybrid family builds; `in_proj` is the family's one difference.
constexpr void qwen3_hybrid(circuit& c, const qwen3_hybrid_dims& d, gdn_in_proj in_proj) {
  require_empty(c);
  const std::uint64_t h = d.gqa.hidden;
  const auto embed = blocks::embed(c, "embed", d.gqa.vocab, h);
  const std::uint16_t in_proj_tensors = in_proj == gdn_in_proj::split ? 2 : 1;
  const auto gdn = blocks::gated_deltanet(c, "gdn", {.hidden = h, .k_heads = d.lin_k_heads, .v_heads = d.lin_v_heads,
                                                     .k_dim = d.lin_k_dim, .v_dim = d.lin_v_dim,
                                                     .conv_kernel = d.conv_kernel, .in_proj_tensors = in_proj_tensors});
  blocks::gqa_dims a = d.gqa.attention();
  a.qk_norm = true;
  const auto attn = blocks::gated_attention(c, "attn", a);
  const std::uint8_t mlp = qwen3_hybrid_mlp(c, d);
  const auto head = blocks::head(c, "head", d.gqa.vocab, h);
  // One spec per kind of layer, built once; every full_attention_interval-th layer is attention.
  const auto full_layer = blocks::layer(layer_kind::full_attention, {attn, mlp});
  const auto linear_layer = blocks::layer(layer_kind::linear_attention, {gdn, mlp});
  blocks::decoder(c, embed, d.gqa.layers, [&](std::uint64_t l) -> const auto& {
    return (l + 1) % d.full_attention_interval == 0 ? full_layer : linear_layer;
  }, head);

  if (d.mtp_layers > 0) {
    // The draft reads model.embed_tokens and the main lm_head; its layers are numbered from 0.
    const auto mtp_in = blocks::mtp_in(c, "mtp_in", {.hidden = h, .vocab = d.gqa.vocab});
    const auto mtp_out = blocks::mtp_out(c, "mtp_out", d.gqa.vocab, h, false);
    for (std::size_t i = c.blocks[mtp_out].first; d.mtp_head_copy && i < c.blocks[mtp_out].end; ++i) {
      // The engine quantizes its own copy of lm_head for the draft (the checkpoint has none):
      // held in memory with the draft, not a checkpoint tensor.
      if (c.nodes[i].kind != op::lm_head) continue;
      c.nodes[i].stores_weight = true;
      c.nodes[i].runtime_copy = true;
    }
    c.add(mtp_in, 0, section::draft, layer_kind::none);
    blocks::stack(c, d.mtp_layers, [&](std::uint64_t) -> const auto& { return full_layer; }, section::draft);
    c.add(mtp_out, 0, section::draft, layer_kind::none);
  }
  if (d.vision_params > 0) {
    const auto vision = c.add_block("vision", {with_aux(nd("encoder", op::copy, {}, {}), d.vision_params)});
    c.add(vision, no_layer, section::vision, layer_kind::none);
  }
  d.gqa.record(c.config);
  c.config.put({{"tie_word_embeddings", 0, true}, {"full_attention_interval", d.full_attention_interval},
                {"linear_num_key_heads", d.lin_k_heads}, {"linear_num_value_heads", d.lin_v_heads},
                {"linear_key_head_dim", d.lin_k_dim}, {"linear_value_head_dim", d.lin_v_dim},
                {"linear_conv_kernel_dim", d.conv_kernel}});
  if (d.inter > 0) {
    c.config.put("intermediate_size", d.inter);
  } else {
    c.config.put({{"num_experts", d.experts}, {"num_experts_per_tok", d.top_k}, {"moe_intermediate_size", d.moe_inter},
                  {"shared_expert_intermediate_size", d.shared_inter}});
  }
  // Qwen3.5's key for the MTP draft layers (Qwen3-Next's config names none; its safetensors
  // ship the layer).
  c.config.put("mtp_num_hidden_layers", d.mtp_layers);
}
}  // namespace detail

/// Qwen3-Next (Qwen3NextForCausalLM): fused input projections, the routed MoE in every layer.
constexpr void qwen3_next(circuit& c, const qwen3_hybrid_dims& d) { detail::qwen3_hybrid(c, d, gdn_in_proj::fused); }
constexpr circuit qwen3_next(const qwen3_hybrid_dims& d) { return circuit_of(qwen3_next, d); }

}  // namespace headroom::models::family
