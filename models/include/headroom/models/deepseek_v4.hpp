// SPDX-License-Identifier: MIT
// headroom: the deepseek_v4 family (DeepSeek-V4-Flash): every layer one compressed-attention
// block and one routed MoE (a shared expert, SwiGLU clamped at swiglu_limit) inside `hc`
// hyper-connection streams; each layer's attention kind comes from `compress_ratios` (0: the
// sliding window only, SWA; 4: compressed sparse attention with an indexer, CSA; 128: heavily
// compressed attention, HCA); the first `hash_layers` MoE layers route by a token-id hash table.
// The embedding is broadcast into the streams (hc_expand) and the head mixes them back
// (hc_head_fn, sigmoid weights) before the final norm and lm_head.
//
// Layout and tensors: vLLM vllm/model_executor/models/deepseek_v4.py @f1b76c1
// (DeepseekV4DecoderLayer: hc_attn_* and hc_ffn_* [(2 + hc) * hc, hc * hidden] F32 with bases and
// 3 scales; DeepseekV4MoE: ffn_norm, gate [experts, hidden], e_score_correction_bias [experts]
// F32 or, below num_hash_layers, tid2eid [vocab, top_k] I32; shared expert w1, w3 [moe_inter,
// hidden], w2 [hidden, moe_inter]; experts w1, w3, w2 alike), blocks/compressed_attention.hpp for
// the attention.
//
// The MTP layers (num_nextn_predict_layers; the checkpoint's mtp.<i>.*) are the draft section:
// vllm/model_executor/models/deepseek_v4_mtp.py @023da1f (DeepSeekV4MultiTokenPredictorLayer)
// builds each from enorm / hnorm, e_proj / h_proj (blocks::hc_mtp_in), one decoder layer of
// the main kind that compress_ratios[layers + i] gives, routed by score (its layer index is
// past num_hash_layers), and its own hc_head_fn / base / scale and norm before the head; the
// embedding and lm_head are the main model's (the checkpoint stores no copy under mtp.*).
#pragma once

#include <array>
#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks.hpp>

namespace headroom::models::family {

inline constexpr std::size_t deepseek_v4_max_layers = 64;

struct deepseek_v4_dims {
  std::uint64_t hidden = 0;  // hidden_size
  std::uint64_t vocab = 0;   // vocab_size
  std::uint64_t layers = 0;  // num_hidden_layers
  /// compress_ratios: one per main layer, then one per MTP layer (the config's list, whole)
  std::array<std::uint16_t, deepseek_v4_max_layers> compress_ratios{};
  /// The attention's: hc (hc_mult, the streams of every block), q_heads (num_attention_heads),
  /// head_dim, q_lora (q_lora_rank), o_groups, o_lora (o_lora_rank), window (sliding_window),
  /// index_heads (index_n_heads), index_head_dim, index_topk; hidden and ratio are set per layer
  /// kind here.
  blocks::compressed_attention_dims attention;
  std::uint64_t experts = 0;         // n_routed_experts
  std::uint64_t top_k = 0;           // num_experts_per_tok
  std::uint64_t moe_inter = 0;       // moe_intermediate_size
  std::uint64_t shared_experts = 0;  // n_shared_experts
  std::uint64_t hash_layers = 0;     // num_hash_layers
  std::uint64_t mtp_layers = 0;      // num_nextn_predict_layers
};

constexpr void deepseek_v4(circuit& c, const deepseek_v4_dims& d) {
  require_empty(c);
  ::headroom::detail::require_table(d.layers + d.mtp_layers <= deepseek_v4_max_layers,
                                    "more DeepSeek-V4 layers than compress_ratios holds");
  const std::uint64_t h = d.hidden;
  const std::uint64_t hc = d.attention.hc;
  const auto embed = blocks::hc_embed(c, "embed", d.vocab, h, hc);
  blocks::compressed_attention_dims a = d.attention;
  a.hidden = h;
  a.ratio = 0;
  const auto swa = blocks::compressed_attention(c, "swa", a);
  a.ratio = 4;
  const auto csa = blocks::compressed_attention(c, "csa", a);
  a.ratio = 128;
  const auto hca = blocks::compressed_attention(c, "hca", a);
  blocks::hc_moe_dims md{.moe = {.hidden = h,
                                 .experts = d.experts,
                                 .top_k = d.top_k,
                                 .moe_inter = d.moe_inter,
                                 .shared_inter = checked_mul(d.moe_inter, d.shared_experts),
                                 .router_aux = d.experts,
                                 .router_aux_format = formats::f32},
                         .hc = hc,
                         .swiglu_limit = true};
  const auto moe = blocks::hc_routed_moe(c, "moe", md);
  md.hash_vocab = d.vocab;
  const auto hash_moe = blocks::hc_routed_moe(c, "hash_moe", md);
  const auto head = blocks::hc_mixed_head(c, "head", d.vocab, h, hc);
  // SWA layers are sliding; CSA and HCA attend the whole history (compressed) beside the window.
  const blocks::layer_spec swa_layer = blocks::layer(layer_kind::sliding_attention, {swa, moe});
  const blocks::layer_spec csa_layer = blocks::layer(layer_kind::full_attention, {csa, moe});
  const blocks::layer_spec hca_layer = blocks::layer(layer_kind::full_attention, {hca, moe});
  const blocks::layer_spec swa_hash = blocks::layer(layer_kind::sliding_attention, {swa, hash_moe});
  const blocks::layer_spec csa_hash = blocks::layer(layer_kind::full_attention, {csa, hash_moe});
  const blocks::layer_spec hca_hash = blocks::layer(layer_kind::full_attention, {hca, hash_moe});
  auto kind = [&](std::uint64_t l) {
    const std::uint16_t r = d.compress_ratios[l];
    ::headroom::detail::require_table(r == 0 || r == 4 || r == 128, "a compress ratio other than 0, 4 or 128");
    return r;
  };
  blocks::decoder(c, embed, d.layers, [&](std::uint64_t l) -> const blocks::layer_spec& {
    const std::uint16_t r = kind(l);
    if (l < d.hash_layers) return r == 0 ? swa_hash : r == 4 ? csa_hash : hca_hash;
    return r == 0 ? swa_layer : r == 4 ? csa_layer : hca_layer;
  }, head);
  if (d.mtp_layers > 0) {
    ::headroom::detail::require_table(d.hash_layers <= d.layers, "hash-routed layers past the main ones");
    const auto mtp_in = blocks::hc_mtp_in(c, "mtp_in", d.vocab, h, hc);
    const auto mtp_head = blocks::hc_mixed_head(c, "mtp_head", d.vocab, h, hc, false);
    blocks::stack(c, d.mtp_layers, [&](std::uint64_t i) {
      const std::uint16_t r = kind(d.layers + i);
      const std::uint8_t attn = r == 0 ? swa : r == 4 ? csa : hca;
      return blocks::layer_spec{}
          .then(mtp_in, layer_kind::none)
          .then(attn, r == 0 ? layer_kind::sliding_attention : layer_kind::full_attention)
          .then(moe, r == 0 ? layer_kind::sliding_attention : layer_kind::full_attention)
          .then(mtp_head, layer_kind::none);
    }, section::draft, d.layers);
  }
}

constexpr circuit deepseek_v4(const deepseek_v4_dims& d) { return circuit_of(deepseek_v4, d); }

}  // namespace headroom::models::family
