// SPDX-License-Identifier: MIT
// headroom: what the GQA families (dense_gqa, gqa_moe, gpt_oss) and the Qwen3 hybrids
// (qwen3_next.hpp) share: their decoder's widths (one `gqa_decoder_dims`, a member of each
// family's dims) and, for the families whose every layer is the same attention block and one MLP
// block, that decoder.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/stack.hpp>

namespace headroom::models::family {

/// The widths every GQA family reads from the same config.json keys (hidden_size, vocab_size,
/// num_hidden_layers, num_attention_heads, num_key_value_heads, head_dim).
struct gqa_decoder_dims {
  std::uint64_t hidden = 0;
  std::uint64_t vocab = 0;
  std::uint64_t layers = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;

  /// The attention block's widths; the family sets its variant flags (norms, biases, window).
  [[nodiscard]] constexpr blocks::gqa_dims attention() const {
    return {.hidden = hidden, .q_heads = q_heads, .kv_heads = kv_heads, .head_dim = head_dim};
  }
  /// Records the widths under those keys.
  constexpr void record(config_values& v) const {
    v.put({{"hidden_size", hidden}, {"vocab_size", vocab}, {"num_hidden_layers", layers},
           {"num_attention_heads", q_heads}, {"num_key_value_heads", kv_heads}, {"head_dim", head_dim}});
  }
};

/// embed; `g.layers` layers of the attention block `a` then an MLP block -- the first `first`
/// layers the block `add_first(c)` adds (a dense MLP before the MoE layers: ERNIE 4.5 MoE's
/// moe_layer_start_index), the rest the block `add_mlp(c)` adds -- (sliding-window layers when
/// `a.window` is set); the head, reading embed_tokens when `tie`. With `first` 0 no block of
/// `add_first` is added. The head's final norm is a LayerNorm when the attention's input norm is
/// (`a.layer_norm`), and `lm_bias` gives lm_head a bias (PhiMoE). Records the decoder's config
/// values (and sliding_window when set); the family adds its MLPs'. Fills the empty circuit
/// `c`; the spelling without it returns the circuit.
template <typename AddFirst, typename AddMlp>
constexpr void gqa_decoder_dense_first(circuit& c, const gqa_decoder_dims& g, const blocks::gqa_dims& a, bool tie,
                                       std::uint64_t first, AddFirst add_first, AddMlp add_mlp, bool lm_bias = false) {
  require_empty(c);
  const auto embed = blocks::embed(c, "embed", g.vocab, g.hidden);
  const auto attn = blocks::gqa_attention(c, "attn", a);
  const auto mlp = add_mlp(c);
  const auto dense = first != 0 ? add_first(c) : mlp;
  const auto head = blocks::head(c, "head", g.vocab, g.hidden, !tie, a.layer_norm, lm_bias);
  const layer_kind kind = a.window != 0 ? layer_kind::sliding_attention : layer_kind::full_attention;
  const auto layer = blocks::layer(kind, {attn, mlp});
  const auto dense_layer = blocks::layer(kind, {attn, dense});
  blocks::decoder(c, embed, g.layers, [&](std::uint64_t l) -> const auto& { return l < first ? dense_layer : layer; }, head);
  g.record(c.config);
  c.config.put_flag("tie_word_embeddings", tie);
  if (a.window != 0) c.config.put("sliding_window", a.window);
}
template <typename AddFirst, typename AddMlp>
constexpr circuit gqa_decoder_dense_first(const gqa_decoder_dims& g, const blocks::gqa_dims& a, bool tie, std::uint64_t first,
                                          AddFirst add_first, AddMlp add_mlp, bool lm_bias = false) {
  circuit c{};
  gqa_decoder_dense_first(c, g, a, tie, first, add_first, add_mlp, lm_bias);
  return c;
}

/// embed; `g.layers` layers of the attention block `a` then the MLP block `add_mlp(c)` adds
/// (sliding-window layers when `a.window` is set); the head, reading embed_tokens when `tie`.
/// Records the decoder's config values (and sliding_window when set); the family adds its MLP's.
template <typename AddMlp>
constexpr void uniform_gqa_decoder(circuit& c, const gqa_decoder_dims& g, const blocks::gqa_dims& a, bool tie, AddMlp add_mlp) {
  gqa_decoder_dense_first(c, g, a, tie, 0, add_mlp, add_mlp);
}
template <typename AddMlp>
constexpr circuit uniform_gqa_decoder(const gqa_decoder_dims& g, const blocks::gqa_dims& a, bool tie, AddMlp add_mlp) {
  return gqa_decoder_dense_first(g, a, tie, 0, add_mlp, add_mlp);
}

/// A stored vision tower of `params` parameters (a multimodal checkpoint's encoder and
/// projector): one aggregate in the vision section, loaded, never in a text decode step. None
/// when `params` is 0.
constexpr void add_vision_tower(circuit& c, std::uint64_t params) {
  if (params == 0) return;
  const auto vision = c.add_block("vision", {with_aux(nd("encoder", op::copy, {}, {}), params)});
  c.add(vision, no_layer, section::vision, layer_kind::none);
}

}  // namespace headroom::models::family
