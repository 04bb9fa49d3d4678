// SPDX-License-Identifier: MIT
// headroom: the cohere family (Command R / R+ and Aya, model_type `cohere`; Command R7B and
// Command A, `cohere2`): parallel blocks -- attention and a SwiGLU MLP both read the layer's one
// input norm and add into the same residual -- and a tied lm_head. cohere2 attends over a sliding
// window on three layers in four and over the whole context (without rotary embedding) on the
// fourth.
//
// Stored tensors per layer (transformers models/cohere/modeling_cohere.py, CohereDecoderLayer,
// CohereAttention, CohereMLP; models/cohere2/modeling_cohere2.py, the same layer): input_layernorm
// [hidden] (a LayerNorm without bias: one weight, as an RMSNorm's), self_attn.q_proj [q_heads x
// head_dim, hidden], k_proj, v_proj [kv_heads x head_dim, hidden], o_proj [hidden, q_heads x
// head_dim] (biases when attention_bias); with use_qk_norm q_norm [q_heads, head_dim] and k_norm
// [kv_heads, head_dim] (CohereLayerNorm over (heads, head_dim)); mlp.gate_proj, up_proj [inter,
// hidden], down_proj [hidden, inter]. Top: embed_tokens [vocab, hidden], norm [hidden]; lm_head
// tied (tie_word_embeddings, the config classes' default). logit_scale multiplies the logits:
// arithmetic, no tensor.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/stack.hpp>
#include <headroom/models/gqa_decoder.hpp>

namespace headroom::models::family {

struct cohere_dims {
  gqa_decoder_dims gqa;
  std::uint64_t inter = 0;    ///< intermediate_size
  bool qk_norm = false;       ///< use_qk_norm: q_norm / k_norm over (heads, head_dim)
  bool attn_bias = false;     ///< attention_bias: biases on q, k, v and o
  bool tie = true;            ///< tie_word_embeddings
  std::uint64_t window = 0;   ///< sliding_window (cohere2), 0 = every layer full attention
  std::uint64_t pattern = 0;  ///< sliding_window_pattern: layer l is full attention when (l + 1) % pattern == 0
};

constexpr void cohere(circuit& c, const cohere_dims& d) {
  ::headroom::detail::require_table(d.window == 0 || d.pattern >= 1, "cohere: a sliding window needs its pattern");
  require_empty(c);
  const gqa_decoder_dims& g = d.gqa;
  blocks::gqa_dims a = g.attention();
  a.qk_norm = d.qk_norm;
  a.qk_norm_whole = d.qk_norm;
  a.qkv_bias = d.attn_bias;
  a.o_bias = d.attn_bias;
  const auto embed = blocks::embed(c, "embed", g.vocab, g.hidden);
  // cohere2's full-attention layers use no rotary embedding (Cohere2Attention applies it on
  // sliding layers only).
  blocks::gqa_dims fa = a;
  fa.rope = d.window == 0;
  const auto full = blocks::gqa_attention(c, "attn", fa);
  const auto mlp = blocks::parallel_swiglu_mlp(c, "ffn", g.hidden, d.inter);
  const auto head = blocks::head(c, "head", g.vocab, g.hidden, !d.tie);
  const auto full_layer = blocks::layer(layer_kind::full_attention, {full, mlp});
  if (d.window == 0) {
    blocks::decoder(c, embed, g.layers, [&](std::uint64_t) -> const auto& { return full_layer; }, head);
  } else {
    blocks::gqa_dims sa = a;
    sa.window = d.window;
    const auto sliding = blocks::gqa_attention(c, "sliding", sa);
    const auto sliding_layer = blocks::layer(layer_kind::sliding_attention, {sliding, mlp});
    blocks::decoder(c, embed, g.layers, [&](std::uint64_t l) -> const auto& {
      return (l + 1) % d.pattern == 0 ? full_layer : sliding_layer;
    }, head);
    c.config.put({{"sliding_window", d.window}, {"sliding_window_pattern", d.pattern}});
  }
  g.record(c.config);
  c.config.put("intermediate_size", d.inter);
  c.config.put_flag("tie_word_embeddings", d.tie);
}

constexpr circuit cohere(const cohere_dims& d) { return circuit_of(cohere, d); }

}  // namespace headroom::models::family
