// SPDX-License-Identifier: MIT
// headroom: the dense GQA family (Llama 3.x, Qwen3 dense, Mistral): embed, then per layer an
// attention block and a SwiGLU MLP block, then the head.
//
// Stored tensors per layer: input_layernorm [hidden], q/k/v/o_proj (+ q/k/v biases when
// attn_bias), q_norm/k_norm [head_dim] when qk_norm, post_attention_layernorm [hidden],
// gate/up/down_proj. Top: embed_tokens [vocab, hidden], norm [hidden], lm_head [vocab, hidden]
// unless tied.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/stack.hpp>

namespace headroom::models::family {

struct dense_gqa_dims {
  std::uint64_t hidden = 0;
  std::uint64_t inter = 0;
  std::uint64_t vocab = 0;
  std::uint64_t layers = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;
  bool qk_norm = false;      ///< Qwen3: per-head RMSNorm of q and k
  bool attn_bias = false;    ///< Qwen2.5: biases on q, k, v
  bool tie = false;          ///< lm_head reads embed_tokens
  std::uint64_t window = 0;  ///< sliding window on every layer (Mistral 7B v0.1), 0 = none
};

constexpr circuit dense_gqa(const dense_gqa_dims& d) {
  circuit c{};
  const auto embed = blocks::embed(c, "embed", d.vocab, d.hidden);
  const auto attn = blocks::gqa_attention(c, "attn", {.hidden = d.hidden,
                                                      .q_heads = d.q_heads,
                                                      .kv_heads = d.kv_heads,
                                                      .head_dim = d.head_dim,
                                                      .qk_norm = d.qk_norm,
                                                      .qkv_bias = d.attn_bias,
                                                      .window = d.window});
  const auto ffn = blocks::swiglu_mlp(c, "ffn", d.hidden, d.inter);
  const auto head = blocks::head(c, "head", d.vocab, d.hidden, !d.tie);
  const auto layer = blocks::layer(d.window != 0 ? layer_kind::sliding_attention : layer_kind::full_attention, {attn, ffn});
  blocks::decoder(c, embed, d.layers, [&](std::uint64_t) -> const auto& { return layer; }, head);
  return c;
}

}  // namespace headroom::models::family
