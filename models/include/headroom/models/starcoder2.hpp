// SPDX-License-Identifier: MIT
// headroom: the starcoder2 family (StarCoder2 3B / 7B / 15B, model_type `starcoder2`): GQA over a
// sliding window on every layer, LayerNorms with biases, biases on every projection (use_bias)
// and an ungated GELU MLP.
//
// Stored tensors per layer (transformers models/starcoder2/modeling_starcoder2.py,
// Starcoder2DecoderLayer, Starcoder2Attention, Starcoder2MLP): input_layernorm and
// post_attention_layernorm, weight and bias [hidden] each; self_attn.q_proj [q_heads x head_dim,
// hidden], k_proj, v_proj [kv_heads x head_dim, hidden], o_proj [hidden, q_heads x head_dim],
// each with its bias when use_bias; mlp.c_fc [inter, hidden], c_proj [hidden, inter] and their
// biases. Top: embed_tokens [vocab, hidden], norm (weight and bias) [hidden]; lm_head tied
// unless tie_word_embeddings is false.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/stack.hpp>
#include <headroom/models/gqa_decoder.hpp>

namespace headroom::models::family {

struct starcoder2_dims {
  gqa_decoder_dims gqa;
  std::uint64_t inter = 0;   ///< intermediate_size
  bool bias = true;          ///< use_bias: biases on q, k, v, o, c_fc, c_proj
  bool tie = true;           ///< tie_word_embeddings
  std::uint64_t window = 0;  ///< sliding_window on every layer, 0 = none
};

constexpr void starcoder2(circuit& c, const starcoder2_dims& d) {
  require_empty(c);
  const gqa_decoder_dims& g = d.gqa;
  blocks::gqa_dims a = g.attention();
  a.qkv_bias = d.bias;
  a.o_bias = d.bias;
  a.window = d.window;
  a.layer_norm = true;
  const auto embed = blocks::embed(c, "embed", g.vocab, g.hidden);
  const auto attn = blocks::gqa_attention(c, "attn", a);
  const auto mlp = blocks::biased_gelu_mlp(c, "mlp", g.hidden, d.inter, d.bias);
  const auto head = blocks::head(c, "head", g.vocab, g.hidden, !d.tie, true);
  const auto layer = blocks::layer(d.window != 0 ? layer_kind::sliding_attention : layer_kind::full_attention, {attn, mlp});
  blocks::decoder(c, embed, g.layers, [&](std::uint64_t) -> const auto& { return layer; }, head);
  g.record(c.config);
  c.config.put("intermediate_size", d.inter);
  c.config.put_flag("use_bias", d.bias);
  c.config.put_flag("tie_word_embeddings", d.tie);
  if (d.window != 0) c.config.put("sliding_window", d.window);
}

constexpr circuit starcoder2(const starcoder2_dims& d) { return circuit_of(starcoder2, d); }

}  // namespace headroom::models::family
