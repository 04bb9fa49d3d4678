// SPDX-License-Identifier: MIT
// headroom: the dense GQA family (Llama 3.x, Qwen3 dense, Mistral): embed, then per layer an
// attention block and a SwiGLU MLP block, then the head.
//
// Stored tensors per layer: input_layernorm [hidden], q/k/v/o_proj (+ q/k/v biases when
// attn_bias), q_norm/k_norm [head_dim] when qk_norm ([q_heads x head_dim], [kv_heads x
// head_dim] with qk_norm_whole: OLMo 2's post-norm layers store the same two norms per layer), post_attention_layernorm [hidden],
// gate/up/down_proj. Top: embed_tokens [vocab, hidden], norm [hidden], lm_head [vocab, hidden]
// unless tied.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/gqa_decoder.hpp>

namespace headroom::models::family {

struct dense_gqa_dims {
  gqa_decoder_dims gqa;
  std::uint64_t inter = 0;
  bool qk_norm = false;      ///< Qwen3: per-head RMSNorm of q and k
  bool attn_bias = false;    ///< Qwen2.5: biases on q, k, v
  bool tie = false;          ///< lm_head reads embed_tokens
  std::uint64_t window = 0;  ///< sliding window on every layer (Mistral 7B v0.1), 0 = none
  bool qk_norm_whole = false;       ///< with qk_norm: q_norm [q_heads x head_dim], k_norm [kv_heads x head_dim] (OLMo 2)
  std::uint64_t vision_params = 0;  ///< a stored vision tower's parameters (Qwen3-VL), 0 = none
};

constexpr void dense_gqa(circuit& c, const dense_gqa_dims& d) {
  blocks::gqa_dims a = d.gqa.attention();
  a.qk_norm = d.qk_norm;
  a.qkv_bias = d.attn_bias;
  a.window = d.window;
  a.qk_norm_whole = d.qk_norm_whole;
  uniform_gqa_decoder(c, d.gqa, a, d.tie, [&](circuit& out) { return blocks::swiglu_mlp(out, "ffn", d.gqa.hidden, d.inter); });
  add_vision_tower(c, d.vision_params);
  c.config.put("intermediate_size", d.inter);
}

constexpr circuit dense_gqa(const dense_gqa_dims& d) { return circuit_of(dense_gqa, d); }

}  // namespace headroom::models::family
