// SPDX-License-Identifier: MIT
// headroom: the Nemotron-NAS family (model_type nemotron-nas, DeciLMForCausalLM:
// Llama-3.3-Nemotron-Super-49B-v1 / v1.5, Llama-3.1-Nemotron-Ultra-253B-v1): a Llama decoder whose
// layers a neural architecture search made unlike one another. `block_configs` gives each layer
// its attention -- GQA with num_attention_heads / n_heads_in_group KV heads, or no_op (no
// attention, no KV) -- and its FFN -- a SwiGLU MLP of its own width, or no_op.
//
// Stored tensors (vllm-project/vllm vllm/model_executor/models/nemotron_nas.py at commit
// 00bd1493b3e82d6c13c68ee8a0e1c5a96707e190, DeciLMDecoderLayer): model.embed_tokens
// [vocab, hidden]; per layer with attention input_layernorm [hidden], q_proj [hidden, hidden],
// k_proj and v_proj [kv_heads x head_dim, hidden], o_proj [hidden, hidden]; per layer with an
// FFN post_attention_layernorm [hidden], gate_proj and up_proj [inter, hidden], down_proj
// [hidden, inter], where inter = _ffn_mult_to_intermediate_size(ffn_mult, hidden_size) =
// int(2 x ffn_mult x hidden_size / 3) rounded up to a multiple of 256; model.norm [hidden];
// lm_head [vocab, hidden] unless tied. A no_op part stores nothing and costs nothing. States:
// K and V per attention layer, kv_heads x head_dim each.
//
// The circuit holds one attention block per distinct KV head count and one MLP block per
// distinct width, each repeated on the layers that use it (a circuit block is a template).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <headroom/circuit.hpp>
#include <headroom/error.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/stack.hpp>

namespace headroom::models::family {

/// The most layers a Nemotron-NAS checkpoint may have (Ultra-253B has 162).
inline constexpr std::size_t nemotron_nas_max_layers = 256;
/// The FFN widths are multiples of this (DeciLM's _find_multiple(n, 256)).
inline constexpr std::uint64_t nemotron_nas_ffn_unit = 256;

struct nemotron_nas_dims {
  std::uint64_t hidden = 0;    // hidden_size
  std::uint64_t vocab = 0;     // vocab_size
  std::uint64_t layers = 0;    // num_hidden_layers
  std::uint64_t q_heads = 0;   // num_attention_heads
  std::uint64_t head_dim = 0;  // hidden_size / num_attention_heads (LlamaAttention's)
  /// block_configs[l].attention: num_attention_heads / n_heads_in_group, 0 for no_op
  std::array<std::uint16_t, nemotron_nas_max_layers> kv_heads{};
  /// block_configs[l].ffn: the intermediate size / 256 (from ffn_mult), 0 for no_op
  std::array<std::uint16_t, nemotron_nas_max_layers> ffn_units{};
  bool tie = false;  // tie_word_embeddings
};

namespace detail {
// Block names are string_views into the circuit: one fixed name per distinct width.
inline constexpr std::array<std::string_view, 14> nas_attn_names{
    "attn_a", "attn_b", "attn_c", "attn_d", "attn_e", "attn_f", "attn_g",
    "attn_h", "attn_i", "attn_j", "attn_k", "attn_l", "attn_m", "attn_n"};
inline constexpr std::array<std::string_view, 14> nas_mlp_names{
    "mlp_a", "mlp_b", "mlp_c", "mlp_d", "mlp_e", "mlp_f", "mlp_g",
    "mlp_h", "mlp_i", "mlp_j", "mlp_k", "mlp_l", "mlp_m", "mlp_n"};

/// The distinct non-zero values of `v[0..n)` in first-use order, and each layer's index into
/// them: the blocks a family adds once and the layers repeat.
struct nas_distinct {
  std::array<std::uint16_t, 14> values{};
  std::size_t count = 0;
  constexpr std::size_t index_of(std::uint16_t x) const {
    for (std::size_t i = 0; i < count; ++i) {
      if (values[i] == x) return i;
    }
    return count;
  }
};
constexpr nas_distinct distinct_widths(const std::array<std::uint16_t, nemotron_nas_max_layers>& v, std::uint64_t n) {
  nas_distinct d{};
  for (std::uint64_t l = 0; l < n; ++l) {
    if (v[l] == 0 || d.index_of(v[l]) < d.count) continue;
    ::headroom::detail::require_table(d.count < d.values.size(), "more distinct Nemotron-NAS widths than the family holds");
    d.values[d.count++] = v[l];
  }
  return d;
}
}  // namespace detail

constexpr void nemotron_nas(circuit& c, const nemotron_nas_dims& d) {
  require_empty(c);
  ::headroom::detail::require_table(d.layers <= nemotron_nas_max_layers, "more Nemotron-NAS layers than block_configs holds");
  const std::uint64_t h = d.hidden;
  const detail::nas_distinct kv = detail::distinct_widths(d.kv_heads, d.layers);
  const detail::nas_distinct ffn = detail::distinct_widths(d.ffn_units, d.layers);
  const auto embed = blocks::embed(c, "embed", d.vocab, h);
  std::array<std::uint8_t, 14> attn{};
  for (std::size_t i = 0; i < kv.count; ++i) {
    attn[i] = blocks::gqa_attention(c, detail::nas_attn_names[i],
                                    {.hidden = h, .q_heads = d.q_heads, .kv_heads = kv.values[i], .head_dim = d.head_dim});
  }
  std::array<std::uint8_t, 14> mlp{};
  for (std::size_t i = 0; i < ffn.count; ++i) {
    mlp[i] = blocks::swiglu_mlp(c, detail::nas_mlp_names[i], h, nemotron_nas_ffn_unit * ffn.values[i]);
  }
  const auto head = blocks::head(c, "head", d.vocab, h, !d.tie);
  // One spec per (attention, FFN) pair the layers use; a no_op part adds no block. A layer with
  // attention is a full_attention layer; one without, an mlp layer.
  std::array<blocks::layer_spec, nemotron_nas_max_layers> specs{};
  for (std::uint64_t l = 0; l < d.layers; ++l) {
    const layer_kind kind = d.kv_heads[l] != 0 ? layer_kind::full_attention : layer_kind::mlp;
    blocks::layer_spec s{};
    if (d.kv_heads[l] != 0) s.then(attn[kv.index_of(d.kv_heads[l])], kind);
    if (d.ffn_units[l] != 0) s.then(mlp[ffn.index_of(d.ffn_units[l])], kind);
    specs[l] = s;
  }
  blocks::decoder(c, embed, d.layers, [&](std::uint64_t l) -> const blocks::layer_spec& { return specs[l]; }, head);
  c.config.put({{"hidden_size", h}, {"vocab_size", d.vocab}, {"num_hidden_layers", d.layers},
                {"num_attention_heads", d.q_heads}});
  c.config.put_flag("tie_word_embeddings", d.tie);
}

constexpr circuit nemotron_nas(const nemotron_nas_dims& d) { return circuit_of(nemotron_nas, d); }

}  // namespace headroom::models::family
