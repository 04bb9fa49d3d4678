// SPDX-License-Identifier: MIT
// headroom: the dense GQA family (Llama 3.x, Qwen3 dense, Mistral): embed, then per layer an
// attention block and an MLP block, then the head.
//
// Stored tensors per layer: input_layernorm [hidden], q/k/v/o_proj (+ biases when attn_bias),
// q_norm/k_norm [head_dim] when qk_norm, post_attention_layernorm [hidden], gate/up/down_proj.
// Top: embed_tokens [vocab, hidden], norm [hidden], lm_head [vocab, hidden] unless tied.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/model.hpp>

namespace headroom::models::family {

struct dense_gqa_dims {
  std::uint64_t hidden = 0;
  std::uint64_t inter = 0;
  std::uint64_t vocab = 0;
  std::uint64_t layers = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;
  bool qk_norm = false;    ///< Qwen3: per-head RMSNorm of q and k
  bool attn_bias = false;  ///< Qwen2.5: biases on q, k, v
  bool tie = false;        ///< lm_head reads embed_tokens
  std::uint64_t window = 0;  ///< sliding window on every layer (Mistral 7B v0.1), 0 = none
};

constexpr circuit dense_gqa(const dense_gqa_dims& d) {
  circuit c{};
  const std::uint64_t h = d.hidden;
  const std::uint64_t qw = d.q_heads * d.head_dim;
  const std::uint64_t kvw = d.kv_heads * d.head_dim;

  const auto embed_block = c.add_block("embed", {[&] {
    node n = nd("embed", op::embed, {e(1, formats::i32)}, {e(h)});
    n.table_rows = d.vocab;
    return n;
  }()});

  auto biased = [&](node n) {
    n.bias = d.attn_bias;
    return n;
  };
  node qn = with_aux(nd("q_norm", op::qk_norm, {e(qw)}, {e(qw)}), d.head_dim);
  node kn = with_aux(nd("k_norm", op::qk_norm, {e(kvw)}, {e(kvw)}), d.head_dim);
  node attend = with_states(nd("attend", op::paged_attention, {e(qw), e(kvw), e(kvw)}, {e(qw)}), 0b11);
  attend.window = d.window;
  const state_decl k_state{"k", state_kind::paged_kv, dtype_key::kv_cache, kvw};
  const state_decl v_state{"v", state_kind::paged_kv, dtype_key::kv_cache, kvw};
  const node input_norm = with_aux(nd("input_norm", op::rms_norm, {e(h)}, {e(h)}), h);
  const node q = biased(nd("q", op::linear, {e(h)}, {e(qw)}, linear_role::q));
  const node k = biased(nd("k", op::linear, {e(h)}, {e(kvw)}, linear_role::k));
  const node v = biased(nd("v", op::linear, {e(h)}, {e(kvw)}, linear_role::v));
  const node rope = nd("rope", op::rope, {e(qw), e(kvw)}, {e(qw), e(kvw)});
  const node kv_write = nd("kv_write", op::kv_write, {e(kvw), e(kvw)}, {});
  const node o = nd("o", op::linear, {e(qw)}, {e(h)}, linear_role::o);
  const node add = nd("add", op::residual_add, {e(h), e(h)}, {e(h)});
  const auto attn_block =
      d.qk_norm ? c.add_block("attn", {input_norm, q, k, v, qn, kn, rope, kv_write, attend, o, add}, {k_state, v_state})
                : c.add_block("attn", {input_norm, q, k, v, rope, kv_write, attend, o, add}, {k_state, v_state});

  node gate_up = nd("gate_up", op::linear, {e(h)}, {e(2 * d.inter)}, linear_role::gate_up);
  gate_up.weight_tensors = 2;  // gate_proj and up_proj are stored apart
  const auto ffn_block = c.add_block(
      "ffn", {with_aux(nd("post_norm", op::rms_norm, {e(h)}, {e(h)}), h), gate_up,
              nd("act", op::silu_mul, {e(2 * d.inter)}, {e(d.inter)}),
              nd("down", op::linear, {e(d.inter)}, {e(h)}, linear_role::down),
              nd("add", op::residual_add, {e(h), e(h)}, {e(h)})});

  node lm_head = nd("lm_head", op::lm_head, {e(h)}, {e(d.vocab)});
  lm_head.stores_weight = !d.tie;
  const auto head_block =
      c.add_block("head", {with_aux(nd("final_norm", op::final_norm, {e(h)}, {e(h)}), h), lm_head,
                           nd("argmax", op::argmax, {e(d.vocab)}, {e(1, formats::i32)})});

  const layer_kind kind = d.window != 0 ? layer_kind::sliding_attention : layer_kind::full_attention;
  c.add(embed_block, no_layer, section::main, layer_kind::none);
  for (std::uint64_t l = 0; l < d.layers; ++l) {
    c.add(attn_block, static_cast<std::uint16_t>(l), section::main, kind);
    c.add(ffn_block, static_cast<std::uint16_t>(l), section::main, kind);
  }
  c.add(head_block, no_layer, section::main, layer_kind::none);
  return c;
}

}  // namespace headroom::models::family
