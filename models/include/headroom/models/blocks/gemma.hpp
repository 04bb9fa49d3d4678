// SPDX-License-Identifier: MIT
// headroom: Gemma's blocks (transformers models/gemma4/modeling_gemma4.py; vLLM
// model_executor/models/gemma4.py; Gemma 2 and 3 use them without the layer scalar, v_norm and,
// for Gemma 2, q / k norms: models/gemma2/modeling_gemma2.py, models/gemma3/modeling_gemma3.py): the scaled embedding, sandwich-normed attention with q / k /
// v norms (K = V on global layers: no v_proj), the GeGLU feed-forward with its optional routed
// experts beside it and the per-layer scalar, and the soft-capped head. Each adds one block
// template to a circuit and returns its index; edges are bf16 unless stated, rows n unless stated.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>

namespace headroom::models::blocks {

/// embed_tokens [vocab, hidden], then x sqrt(hidden) (Gemma4TextScaledWordEmbedding: the scale
/// is a non-persistent buffer, so nothing more is stored).
constexpr std::uint8_t scaled_embed(circuit& c, std::string_view block_name, std::uint64_t vocab, std::uint64_t hidden) {
  return c.add_block(block_name, {detail::embed_node(vocab, hidden, true), nd("scale", op::scalar_mul, {e(hidden)}, {e(hidden)})});
}

/// final norm [hidden] -> lm_head [vocab, hidden] (`stored` false when tied to embed_tokens) ->
/// cap x tanh(logits / cap) (final_logit_softcapping) -> argmax.
constexpr std::uint8_t softcapped_head(circuit& c, std::string_view block_name, std::uint64_t vocab, std::uint64_t hidden,
                                       bool stored) {
  node lm = sharded(nd("lm_head", op::lm_head, {e(hidden)}, {e(vocab)}), shard::vocab, vocab);
  lm.stores_weight = stored;
  return c.add_block(block_name, {with_aux(nd("final_norm", op::final_norm, {e(hidden)}, {e(hidden)}), hidden), lm,
                                  sharded(nd("softcap", op::logit_softcap, {e(vocab)}, {e(vocab)}), shard::vocab, vocab),
                                  nd("argmax", op::argmax, {e(vocab)}, {e(1, formats::i32)})});
}

struct gemma_attention_dims {
  std::uint64_t hidden = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;
  std::uint64_t window = 0;  ///< sliding window, 0 = global (full) attention
  bool k_eq_v = false;       ///< attention_k_eq_v on this layer: no v_proj, V is the normed k_proj output
  bool qk_norm = true;       ///< q_norm, k_norm [head_dim] (Gemma 3, Gemma 4; Gemma 2 has none)
  bool v_norm = true;        ///< the weightless v_norm (Gemma 4 only)
};

/// input_layernorm; q_proj, k_proj, v_proj (none when K = V); q_norm, k_norm [head_dim] and a
/// weightless v_norm; RoPE; KV write; attention (window on sliding layers); o_proj;
/// post_attention_layernorm; residual add. K and V are both cached even when K = V: K is
/// k_norm + RoPE of k_proj's output, V its weightless v_norm, two different tensors (vLLM
/// gemma4.py loads k_proj into both the K and the V slot of its qkv_proj and caches both).
constexpr std::uint8_t gemma_attention(circuit& c, std::string_view block_name, const gemma_attention_dims& d) {
  const gqa_dims g{.hidden = d.hidden, .q_heads = d.q_heads, .kv_heads = d.kv_heads, .head_dim = d.head_dim,
                   .qk_norm = true, .window = d.window};
  const detail::gqa_parts p = detail::gqa_parts_of(block_name, g, checked_mul(d.q_heads, d.head_dim));
  const std::uint64_t kvw = checked_mul(d.kv_heads, d.head_dim);
  const node v_norm = sharded(nd("v_norm", op::qk_norm, {e(kvw)}, {e(kvw)}), shard::kv_heads, d.kv_heads);
  const node post_norm = with_aux(nd("post_norm", op::rms_norm, {e(d.hidden)}, {e(d.hidden)}), d.hidden);
  if (!d.qk_norm) {  // Gemma 2 (modeling_gemma2.py Gemma2Attention): no q / k / v norms
    return c.add_block(block_name, {p.input_norm, p.q, p.k, p.v, p.rope, p.kv_write, p.attend, p.o, post_norm, p.add},
                       {p.k_state, p.v_state});
  }
  if (!d.v_norm) {  // Gemma 3 (modeling_gemma3.py Gemma3Attention): q_norm, k_norm, no v_norm
    return c.add_block(block_name,
                       {p.input_norm, p.q, p.k, p.v, p.q_norm, p.k_norm, p.rope, p.kv_write, p.attend, p.o, post_norm, p.add},
                       {p.k_state, p.v_state});
  }
  if (d.k_eq_v) {
    return c.add_block(block_name,
                       {p.input_norm, p.q, p.k, p.q_norm, p.k_norm, v_norm, p.rope, p.kv_write, p.attend, p.o, post_norm, p.add},
                       {p.k_state, p.v_state});
  }
  return c.add_block(block_name,
                     {p.input_norm, p.q, p.k, p.v, p.q_norm, p.k_norm, v_norm, p.rope, p.kv_write, p.attend, p.o, post_norm, p.add},
                     {p.k_state, p.v_state});
}

struct gemma_ffn_dims {
  std::uint64_t hidden = 0;
  std::uint64_t inter = 0;      ///< the dense MLP's intermediate_size
  std::uint64_t experts = 0;    ///< num_experts; 0: no MoE block (enable_moe_block false)
  std::uint64_t top_k = 0;      ///< top_k_experts
  std::uint64_t moe_inter = 0;  ///< moe_intermediate_size
  bool layer_scalar = true;     ///< the stored per-layer scalar (Gemma 4 only; Gemma 2 / 3 have none)
};

/// The feed-forward half of a layer and its end: pre_feedforward_layernorm, GeGLU MLP (gate and
/// up stored as two tensors, down); with experts, beside it on the same residual:
/// post_feedforward_layernorm_1 on the MLP output, the router (weightless norm, a learned scale
/// [hidden], proj [experts, hidden], per_expert_scale [experts]), top-k,
/// pre_feedforward_layernorm_2, the experts' fused gate_up_proj [experts, 2 x moe_inter, hidden]
/// and down_proj [experts, hidden, moe_inter], post_feedforward_layernorm_2, the sum; then
/// post_feedforward_layernorm, residual add, and x layer_scalar (one stored value).
constexpr std::uint8_t gemma_ffn(circuit& c, std::string_view block_name, const gemma_ffn_dims& d) {
  const std::uint64_t h = d.hidden;
  auto norm = [&](std::string_view local) { return with_aux(nd(local, op::rms_norm, {e(h)}, {e(h)}), h); };
  // gate_up: MergedColumnParallelLinear; down: RowParallelLinear (vLLM Gemma4MLP).
  node gate_up = sharded(nd("gate_up", op::linear, {e(h)}, {e(2 * d.inter)}, linear_role::gate_up), shard::columns, d.inter);
  gate_up.weight_tensors = 2;
  const node act = sharded(nd("act", op::gelu_tanh_mul, {e(2 * d.inter)}, {e(d.inter)}), shard::columns, d.inter);
  const node down = sharded(nd("down", op::linear, {e(d.inter)}, {e(h)}, linear_role::down), shard::rows, d.inter);
  const node add = nd("add", op::residual_add, {e(h), e(h)}, {e(h)});
  const node scalar = with_aux(nd("layer_scalar", op::scalar_mul, {e(h)}, {e(h)}), 1);
  if (!d.layer_scalar) {  // Gemma 2 / 3: no layer_scalar, no experts
    return c.add_block(block_name, {norm("pre_norm"), gate_up, act, down, norm("post_norm"), add});
  }
  if (d.experts == 0) {
    return c.add_block(block_name, {norm("pre_norm"), gate_up, act, down, norm("post_norm"), add, scalar});
  }
  const std::uint64_t K = d.top_k;
  // The router is replicated (vLLM GateLinear); its scale and per_expert_scale ride on it.
  const node router = with_aux(nd("router", op::router, {e(h)}, {e(d.experts, formats::f32)}), checked_add(h, d.experts));
  const node top_k = nd("top_k", op::top_k, {e(d.experts, formats::f32)}, {e(K, formats::f32), e(K, formats::i32)});
  node x_gate_up = sharded(nd("experts_gate_up", op::expert_gate_up, {e_rows(K, h), e(K, formats::i32)}, {e_rows(K, 2 * d.moe_inter)}),
                           shard::experts, d.moe_inter);
  x_gate_up.experts = d.experts;
  x_gate_up.top_k = K;
  const node x_act = sharded(nd("experts_act", op::gelu_tanh_mul, {e_rows(K, 2 * d.moe_inter)}, {e_rows(K, d.moe_inter)}),
                             shard::experts, d.moe_inter);
  node x_down = sharded(nd("experts_down", op::expert_down, {e_rows(K, d.moe_inter)}, {e_rows(K, h)}), shard::experts, d.moe_inter);
  x_down.experts = d.experts;
  x_down.top_k = K;
  return c.add_block(block_name,
                     {norm("pre_norm"), gate_up, act, down, norm("post_norm_1"), router, top_k, norm("pre_norm_2"), x_gate_up,
                      x_act, x_down, norm("post_norm_2"), nd("blend", op::blend, {e_rows(K, h), e(K, formats::f32), e(h)}, {e(h)}),
                      norm("post_norm"), add, scalar});
}

}  // namespace headroom::models::blocks
