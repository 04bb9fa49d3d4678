// SPDX-License-Identifier: MIT
// headroom: the MiMo-V2-Flash family (Xiaomi's XiaomiMiMo/MiMo-V2-Flash, model_type
// `mimo_v2_flash`, MiMoV2FlashForCausalLM): GQA whose value heads are narrower than its query /
// key heads, in two kinds of layer that `hybrid_layer_pattern` picks one by one -- full attention
// (num_key_value_heads) and sliding-window attention (swa_num_* heads, a learned sink logit per
// query head) -- and an MLP that `moe_layer_freq` picks one by one: a dense SwiGLU of
// intermediate_size, or routed experts (sigmoid router with its noaux_tc correction bias, no
// shared expert). The checkpoint's MTP layers are the draft section.
//
// Stored tensors (vLLM vllm/model_executor/models/mimo_v2_flash.py and mimo_v2_mtp.py;
// NVIDIA-NeMo/Megatron-Bridge src/megatron/bridge/models/mimo_v2_flash/mimo_v2_flash_bridge.py,
// mapping_registry), per main layer: input_layernorm, post_attention_layernorm [hidden];
// self_attn.q_proj [q_heads x head_dim, hidden], k_proj [kv x head_dim, hidden], v_proj
// [kv x v_head_dim, hidden], o_proj [hidden, q_heads x v_head_dim], with q_heads, kv, head_dim,
// v_head_dim the layer kind's; self_attn.attention_sink_bias [q_heads] on sliding layers
// (add_swa_attention_sink_bias); dense layers mlp.{gate,up}_proj [inter, hidden], down_proj
// [hidden, inter]; MoE layers mlp.gate [experts, hidden] and its e_score_correction_bias
// [experts], mlp.experts.E.{gate,up}_proj [moe_inter, hidden], down_proj [hidden, moe_inter].
// Top: model.embed_tokens, lm_head [vocab, hidden] (untied), model.norm [hidden].
// Each MTP layer (model.mtp.layers.N, vLLM mimo_v2_mtp.py MiMoV2MTPLayer: "MTP uses the SWA
// attention configuration"): enorm, hnorm [hidden], eh_proj [hidden, 2 x hidden],
// input_layernorm, a sliding-window attention with its sinks, pre_mlp_layernorm, a dense
// SwiGLU of intermediate_size, final_layernorm [hidden]; it reads the main embed_tokens and
// lm_head (no copies stored).
// partial_rotary_factor, the two rope thetas and attention_value_scale are arithmetic, no tensor.
#pragma once

#include <array>
#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/error.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/blocks/stack.hpp>
#include <headroom/models/gqa_decoder.hpp>

namespace headroom::models::family {

/// Layers a per-layer list of the dims holds (hybrid_layer_pattern, moe_layer_freq).
inline constexpr std::size_t mimo_v2_flash_max_layers = 256;

struct mimo_v2_flash_dims {
  gqa_decoder_dims gqa;             // hidden_size, vocab_size, num_hidden_layers, and the full-attention
                                    // layers' num_attention_heads, num_key_value_heads, head_dim
  std::uint64_t v_head_dim = 0;     // v_head_dim (full-attention layers)
  std::uint64_t swa_q_heads = 0;    // swa_num_attention_heads
  std::uint64_t swa_kv_heads = 0;   // swa_num_key_value_heads
  std::uint64_t swa_head_dim = 0;   // swa_head_dim
  std::uint64_t swa_v_head_dim = 0; // swa_v_head_dim
  std::uint64_t window = 0;         // sliding_window_size
  bool swa_sinks = false;           // add_swa_attention_sink_bias
  /// hybrid_layer_pattern: one entry per layer, 1 sliding-window attention, 0 full attention.
  std::array<std::uint16_t, mimo_v2_flash_max_layers> hybrid_pattern{};
  /// moe_layer_freq: one entry per layer, 1 routed experts, 0 the dense MLP.
  std::array<std::uint16_t, mimo_v2_flash_max_layers> moe_pattern{};
  std::uint64_t inter = 0;          // intermediate_size (dense layers and the MTP layers)
  std::uint64_t experts = 0;        // n_routed_experts
  std::uint64_t top_k = 0;          // num_experts_per_tok
  std::uint64_t moe_inter = 0;      // moe_intermediate_size
  bool noaux_tc = false;            // topk_method noaux_tc: the router's F32 e_score_correction_bias
  std::uint64_t mtp_layers = 0;     // the checkpoint's model.mtp.layers
};

constexpr void mimo_v2_flash(circuit& c, const mimo_v2_flash_dims& d) {
  require_empty(c);
  const gqa_decoder_dims& g = d.gqa;
  ::headroom::detail::require_table(g.layers <= mimo_v2_flash_max_layers, "mimo_v2_flash: more layers than its per-layer lists hold");
  bool any_full = false, any_sliding = d.mtp_layers > 0, any_dense = d.mtp_layers > 0, any_moe = false;
  for (std::uint64_t l = 0; l < g.layers; ++l) {
    ::headroom::detail::require_table(d.hybrid_pattern[l] <= 1 && d.moe_pattern[l] <= 1,
                                      "mimo_v2_flash: a hybrid_layer_pattern or moe_layer_freq entry other than 0 or 1");
    (d.hybrid_pattern[l] == 1 ? any_sliding : any_full) = true;
    (d.moe_pattern[l] == 1 ? any_moe : any_dense) = true;
  }
  const auto embed = blocks::embed(c, "embed", g.vocab, g.hidden);
  blocks::gqa_dims full = g.attention();
  full.v_head_dim = d.v_head_dim;
  const blocks::gqa_dims sliding{.hidden = g.hidden, .q_heads = d.swa_q_heads, .kv_heads = d.swa_kv_heads,
                                 .head_dim = d.swa_head_dim, .sinks = d.swa_sinks, .window = d.window,
                                 .v_head_dim = d.swa_v_head_dim};
  // Blocks only where a layer uses them (the MTP layers use the sliding attention and the dense MLP).
  const std::uint8_t full_attn = any_full ? blocks::gqa_attention(c, "full", full) : 0;
  const std::uint8_t swa_attn = any_sliding ? blocks::gqa_attention(c, "sliding", sliding) : 0;
  const std::uint8_t dense = any_dense ? blocks::swiglu_mlp(c, "dense_mlp", g.hidden, d.inter) : 0;
  // vLLM's MiMoV2MoE: a FusedMoE over the routed experts, sigmoid scores, no shared expert; the
  // gate's e_score_correction_bias is F32 (SGLang mimo_v2_flash.py MoEGate: float32).
  const std::uint8_t moe = any_moe ? blocks::routed_moe(c, "moe", {.hidden = g.hidden,
                                                                    .experts = d.experts,
                                                                    .top_k = d.top_k,
                                                                    .moe_inter = d.moe_inter,
                                                                    .router_aux = d.noaux_tc ? d.experts : 0,
                                                                    .router_aux_format = formats::f32})
                                   : 0;
  const auto head = blocks::head(c, "head", g.vocab, g.hidden);
  const auto full_dense = blocks::layer(layer_kind::full_attention, {full_attn, dense});
  const auto full_moe = blocks::layer(layer_kind::full_attention, {full_attn, moe});
  const auto swa_dense = blocks::layer(layer_kind::sliding_attention, {swa_attn, dense});
  const auto swa_moe = blocks::layer(layer_kind::sliding_attention, {swa_attn, moe});
  blocks::decoder(c, embed, g.layers, [&](std::uint64_t l) -> const auto& {
    if (d.hybrid_pattern[l] == 1) return d.moe_pattern[l] == 1 ? swa_moe : swa_dense;
    return d.moe_pattern[l] == 1 ? full_moe : full_dense;
  }, head);

  if (d.mtp_layers > 0) {
    // The token's embedding read from the main table, its own norms and eh_proj; the main lm_head.
    const auto mtp_in = blocks::mtp_in(
        c, "mtp_in", {.hidden = g.hidden, .vocab = g.vocab, .embed_norm = "enorm", .hidden_norm = "hnorm", .fc = "eh_proj"});
    const auto mtp_out = blocks::mtp_out(c, "mtp_out", g.vocab, g.hidden, false);  // final_layernorm, the main lm_head
    blocks::layer_spec mtp{};
    mtp.then(mtp_in, layer_kind::none).then(swa_attn, layer_kind::sliding_attention).then(dense, layer_kind::sliding_attention);
    mtp.then(mtp_out, layer_kind::none);
    blocks::stack(c, d.mtp_layers, [&](std::uint64_t) -> const auto& { return mtp; }, section::draft, g.layers);
  }
  g.record(c.config);
  c.config.put({{"v_head_dim", d.v_head_dim}, {"swa_num_attention_heads", d.swa_q_heads},
                {"swa_num_key_value_heads", d.swa_kv_heads}, {"swa_head_dim", d.swa_head_dim},
                {"swa_v_head_dim", d.swa_v_head_dim}, {"sliding_window_size", d.window}, {"intermediate_size", d.inter},
                {"n_routed_experts", d.experts}, {"num_experts_per_tok", d.top_k}, {"moe_intermediate_size", d.moe_inter}});
  c.config.put_flag("add_swa_attention_sink_bias", d.swa_sinks);
  c.config.put_flag("tie_word_embeddings", false);
}

constexpr circuit mimo_v2_flash(const mimo_v2_flash_dims& d) { return circuit_of(mimo_v2_flash, d); }

}  // namespace headroom::models::family
