// SPDX-License-Identifier: MIT
// headroom: block builders the family templates share. Each adds one block template to a
// circuit and returns its index; edges are bf16 unless stated, rows n unless stated.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/error.hpp>

namespace headroom::models::blocks {

/// embed_tokens [vocab, hidden]; `stored` false when another node stores the table.
constexpr std::uint8_t embed(circuit& c, std::string_view block_name, std::uint64_t vocab, std::uint64_t hidden,
                             bool stored = true) {
  node n = sharded(nd("embed", op::embed, {e(1, formats::i32)}, {e(hidden)}), shard::vocab, vocab);
  n.table_rows = vocab;
  n.stores_weight = stored;
  return c.add_block(block_name, {n});
}

/// final norm [hidden] -> lm_head [vocab, hidden] -> argmax; `stored` false for a tied head or
/// a draft head that reads the main one.
constexpr std::uint8_t head(circuit& c, std::string_view block_name, std::uint64_t vocab, std::uint64_t hidden,
                            bool stored = true) {
  node lm = sharded(nd("lm_head", op::lm_head, {e(hidden)}, {e(vocab)}), shard::vocab, vocab);
  lm.stores_weight = stored;
  return c.add_block(block_name, {with_aux(nd("final_norm", op::final_norm, {e(hidden)}, {e(hidden)}), hidden), lm,
                                  nd("argmax", op::argmax, {e(vocab)}, {e(1, formats::i32)})});
}

struct gqa_dims {
  std::uint64_t hidden = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;
  bool qk_norm = false;       ///< per-head RMSNorm of q and k (Qwen3)
  bool qkv_bias = false;      ///< biases on q, k, v (Qwen2.5, gpt-oss)
  bool o_bias = false;        ///< bias on o (gpt-oss)
  bool sinks = false;         ///< one learned sink logit per head (gpt-oss)
  bool rope = true;           ///< false: no rotary embedding (Nemotron-H)
  std::uint64_t window = 0;   ///< sliding window, 0 = full attention
};

namespace detail {
// Reached only during constant evaluation of bad dims: the name is the diagnostic.
inline void gqa_dims_q_heads_must_be_positive() {}
inline void gqa_dims_kv_heads_must_be_positive() {}
inline void gqa_dims_head_dim_must_be_positive() {}
inline void gqa_dims_kv_heads_must_divide_q_heads() {}

/// GQA's dims law: every query head group shares one KV head, so kv_heads divides q_heads; a
/// zero head count or head_dim would give a block with no KV and no work.
constexpr void check_gqa_dims(std::string_view block_name, const gqa_dims& d) {
  auto refuse = [&](const char* what) {
    ::headroom::detail::fail(error_kind::bad_model,
                             "attention block `" + std::string(block_name) + "`: " + what);
  };
  if (d.q_heads == 0) {
    if (std::is_constant_evaluated()) gqa_dims_q_heads_must_be_positive();
    refuse("q_heads must be positive");
  }
  if (d.kv_heads == 0) {
    if (std::is_constant_evaluated()) gqa_dims_kv_heads_must_be_positive();
    refuse("kv_heads must be positive");
  }
  if (d.head_dim == 0) {
    if (std::is_constant_evaluated()) gqa_dims_head_dim_must_be_positive();
    refuse("head_dim must be positive");
  }
  if (d.q_heads % d.kv_heads != 0) {
    if (std::is_constant_evaluated()) gqa_dims_kv_heads_must_divide_q_heads();
    refuse("kv_heads must divide q_heads");
  }
}
}  // namespace detail

/// input norm, q/k/v, (q_norm, k_norm), rope, kv_write, attention over the paged K and V
/// states (kv_heads x head_dim each, at kv_cache_dtype), o, residual add.
constexpr std::uint8_t gqa_attention(circuit& c, std::string_view block_name, const gqa_dims& d) {
  detail::check_gqa_dims(block_name, d);
  const std::uint64_t h = d.hidden;
  const std::uint64_t qw = checked_mul(d.q_heads, d.head_dim);  // wraps silently otherwise
  const std::uint64_t kvw = checked_mul(d.kv_heads, d.head_dim);
  auto lin = [&](std::string_view local, std::uint64_t in, std::uint64_t out, linear_role role, bool bias) {
    node n = nd(local, op::linear, {e(in)}, {e(out)}, role);
    n.bias = bias;
    return n;
  };
  // QKVParallelLinear splits query heads and KV heads (replicating KV heads when tp exceeds
  // them); o is RowParallelLinear; per-head norms and the input norm are replicated; a sink
  // logit per query head splits with the heads (vLLM gpt_oss.py: sinks of num_heads / tp).
  node attend = sharded(with_states(nd("attend", op::paged_attention, {e(qw), e(kvw), e(kvw)}, {e(qw)}), 0b11),
                        shard::heads, d.q_heads, true);
  attend.window = d.window;
  if (d.sinks) attend = with_aux(attend, d.q_heads);
  const state_decl k_state{"k", state_kind::paged_kv, dtype_key::kv_cache, kvw, shard::kv_heads, d.kv_heads};
  const state_decl v_state{"v", state_kind::paged_kv, dtype_key::kv_cache, kvw, shard::kv_heads, d.kv_heads};
  const node input_norm = with_aux(nd("input_norm", op::rms_norm, {e(h)}, {e(h)}), h);
  const node q = sharded(lin("q", h, qw, linear_role::q, d.qkv_bias), shard::heads, d.q_heads);
  const node k = sharded(lin("k", h, kvw, linear_role::k, d.qkv_bias), shard::kv_heads, d.kv_heads);
  const node v = sharded(lin("v", h, kvw, linear_role::v, d.qkv_bias), shard::kv_heads, d.kv_heads);
  const node qn = sharded(with_aux(nd("q_norm", op::qk_norm, {e(qw)}, {e(qw)}), d.head_dim), shard::heads, d.q_heads);
  const node kn = sharded(with_aux(nd("k_norm", op::qk_norm, {e(kvw)}, {e(kvw)}), d.head_dim), shard::kv_heads, d.kv_heads);
  const node rope = sharded(nd("rope", op::rope, {e(qw), e(kvw)}, {e(qw), e(kvw)}), shard::heads, d.q_heads);
  const node kv_write = sharded(nd("kv_write", op::kv_write, {e(kvw), e(kvw)}, {}), shard::kv_heads, d.kv_heads);
  const node o = sharded(lin("o", qw, h, linear_role::o, d.o_bias), shard::rows, d.q_heads);
  const node add = nd("add", op::residual_add, {e(h), e(h)}, {e(h)});
  if (d.qk_norm) return c.add_block(block_name, {input_norm, q, k, v, qn, kn, rope, kv_write, attend, o, add}, {k_state, v_state});
  if (!d.rope) return c.add_block(block_name, {input_norm, q, k, v, kv_write, attend, o, add}, {k_state, v_state});
  return c.add_block(block_name, {input_norm, q, k, v, rope, kv_write, attend, o, add}, {k_state, v_state});
}

/// post norm, gate|up (stored as two tensors), silu_mul, down, residual add.
constexpr std::uint8_t swiglu_mlp(circuit& c, std::string_view block_name, std::uint64_t hidden, std::uint64_t inter) {
  // gate|up: MergedColumnParallelLinear; down: RowParallelLinear (both split the intermediate).
  node gate_up = sharded(nd("gate_up", op::linear, {e(hidden)}, {e(2 * inter)}, linear_role::gate_up), shard::columns, inter);
  gate_up.weight_tensors = 2;
  return c.add_block(block_name, {with_aux(nd("post_norm", op::rms_norm, {e(hidden)}, {e(hidden)}), hidden), gate_up,
                                  sharded(nd("act", op::silu_mul, {e(2 * inter)}, {e(inter)}), shard::columns, inter),
                                  sharded(nd("down", op::linear, {e(inter)}, {e(hidden)}, linear_role::down), shard::rows, inter),
                                  nd("add", op::residual_add, {e(hidden), e(hidden)}, {e(hidden)})});
}

struct moe_dims {
  std::uint64_t hidden = 0;
  std::uint64_t experts = 0;
  std::uint64_t top_k = 0;
  std::uint64_t moe_inter = 0;
  std::uint64_t shared_inter = 0;   ///< 0: no shared expert
  bool shared_gate = false;         ///< a sigmoid gate [1, hidden] on the shared expert (Qwen)
  bool fused_gate_up = false;       ///< experts' gate and up stored as one tensor (gpt-oss)
  bool expert_bias = false;         ///< biases on the experts' projections (gpt-oss)
  bool router_bias = false;         ///< bias on the router (gpt-oss)
  std::uint64_t router_aux = 0;     ///< extra router parameters (DeepSeek's e_score_correction_bias)
  tensor_format router_aux_format = formats::f32;
};

/// post norm, router, top_k, routed experts' gate|up, silu_mul, down, optional shared expert,
/// blend, residual add.
constexpr std::uint8_t routed_moe(circuit& c, std::string_view block_name, const moe_dims& d) {
  const std::uint64_t h = d.hidden;
  const std::uint64_t K = d.top_k;
  node router = nd("router", op::router, {e(h)}, {e(d.experts)});
  router.bias = d.router_bias;
  if (d.router_aux != 0) router = with_aux(router, d.router_aux, d.router_aux_format);
  // Routed experts: fused MoE, experts over ep ranks and each expert's intermediate over tp / ep;
  // the router is ReplicatedLinear; a shared expert is a column / row parallel MLP.
  node gate_up = sharded(nd("gate_up", op::expert_gate_up, {e_rows(K, h), e(K, formats::i32)}, {e_rows(K, 2 * d.moe_inter)}),
                         shard::experts, d.moe_inter);
  gate_up.experts = d.experts;
  gate_up.top_k = K;
  gate_up.weight_tensors = d.fused_gate_up ? 1 : 2;
  gate_up.bias = d.expert_bias;
  node down = sharded(nd("down", op::expert_down, {e_rows(K, d.moe_inter)}, {e_rows(K, h)}), shard::experts, d.moe_inter);
  down.experts = d.experts;
  down.top_k = K;
  down.bias = d.expert_bias;
  const node norm = with_aux(nd("post_norm", op::rms_norm, {e(h)}, {e(h)}), h);
  const node top_k = nd("top_k", op::top_k, {e(d.experts)}, {e(K, formats::f32), e(K, formats::i32)});
  const node act = sharded(nd("act", op::silu_mul, {e_rows(K, 2 * d.moe_inter)}, {e_rows(K, d.moe_inter)}), shard::experts, d.moe_inter);
  const node add = nd("add", op::residual_add, {e(h), e(h)}, {e(h)});
  if (d.shared_inter == 0) {
    return c.add_block(block_name, {norm, router, top_k, gate_up, act, down,
                                    nd("blend", op::blend, {e_rows(K, h), e(K, formats::f32)}, {e(h)}), add});
  }
  node shared_gate_up = sharded(nd("shared_gate_up", op::linear, {e(h)}, {e(2 * d.shared_inter)}, linear_role::shared_gate_up),
                                shard::columns, d.shared_inter);
  shared_gate_up.weight_tensors = 2;
  const node shared_act = sharded(nd("shared_act", op::silu_mul, {e(2 * d.shared_inter)}, {e(d.shared_inter)}), shard::columns, d.shared_inter);
  const node shared_down = sharded(nd("shared_down", op::linear, {e(d.shared_inter)}, {e(h)}, linear_role::shared_down),
                                   shard::rows, d.shared_inter);
  if (d.shared_gate) {
    return c.add_block(block_name,
                       {norm, router, top_k, gate_up, act, down, shared_gate_up, shared_act, shared_down,
                        nd("shared_gate", op::linear, {e(h)}, {e(1)}, linear_role::shared_gate),
                        nd("blend", op::blend, {e_rows(K, h), e(K, formats::f32), e(h), e(1)}, {e(h)}), add});
  }
  return c.add_block(block_name, {norm, router, top_k, gate_up, act, down, shared_gate_up, shared_act, shared_down,
                                  nd("blend", op::blend, {e_rows(K, h), e(K, formats::f32), e(h)}, {e(h)}), add});
}

}  // namespace headroom::models::blocks
