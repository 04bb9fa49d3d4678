// SPDX-License-Identifier: MIT
// headroom: attention blocks: GQA (with its sliding-window, sink, qk-norm and bias variants),
// Qwen's gated attention and DeepSeek's multi-head latent attention. Each adds one block
// template to a circuit and returns its index; edges are bf16 unless stated, rows n unless
// stated. Every KV state declares its TP split (never inferred from a head count).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/error.hpp>

namespace headroom::models::blocks {

struct gqa_dims {
  std::uint64_t hidden = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;
  bool qk_norm = false;       ///< per-head RMSNorm of q and k (Qwen3)
  bool qk_norm_whole = false; ///< with qk_norm: one RMSNorm over all q heads and one over all k heads (MiniMax-M2)
  bool qk_norm_weightless = false;  ///< with qk_norm: a norm without weights (Llama 4's L2 norm per head)
  bool qkv_bias = false;      ///< biases on q, k, v (Qwen2.5, gpt-oss)
  bool o_bias = false;        ///< bias on o (gpt-oss)
  bool sinks = false;         ///< one learned sink logit per head (gpt-oss)
  bool rope = true;           ///< false: no rotary embedding (Nemotron-H)
  std::uint64_t window = 0;   ///< sliding window, 0 = full attention
  bool layer_norm = false;    ///< the input norm a LayerNorm with weight and bias (PhiMoE, StarCoder2), not an RMSNorm
  /// The value heads' width when it differs from the query / key heads' (MiMo-V2-Flash: 128
  /// beside 192; vLLM's QKVParallelLinear v_head_size), 0 = head_dim: v_proj [kv_heads x
  /// v_head_dim, hidden], the V state kv_heads x v_head_dim, o_proj [hidden, q_heads x v_head_dim].
  std::uint64_t v_head_dim = 0;
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

/// The nodes and states a GQA block and a gated-attention block share. `q_out` is q_proj's
/// output width: q_heads x head_dim, or twice that when q_proj also emits an output gate.
struct gqa_parts {
  node input_norm, q, k, v, q_norm, k_norm, rope, kv_write, attend, o, add;
  state_decl k_state, v_state;
};

constexpr gqa_parts gqa_parts_of(std::string_view block_name, const gqa_dims& d, std::uint64_t q_out) {
  check_gqa_dims(block_name, d);
  const std::uint64_t h = d.hidden;
  const std::uint64_t qw = checked_mul(d.q_heads, d.head_dim);  // wraps silently otherwise
  const std::uint64_t kvw = checked_mul(d.kv_heads, d.head_dim);
  // The value side: as wide as K unless the dims give value heads of their own width.
  const std::uint64_t vd = d.v_head_dim != 0 ? d.v_head_dim : d.head_dim;
  const std::uint64_t vw = checked_mul(d.kv_heads, vd);
  const std::uint64_t ow = checked_mul(d.q_heads, vd);
  auto lin = [&](std::string_view local, std::uint64_t in, std::uint64_t out, linear_role role, bool bias) {
    node n = nd(local, op::linear, {e(in)}, {e(out)}, role);
    n.bias = bias;
    return n;
  };
  // QKVParallelLinear splits query heads and KV heads (replicating KV heads when tp exceeds
  // them); o is RowParallelLinear; per-head norms and the input norm are replicated; a sink
  // logit per query head splits with the heads (vLLM gpt_oss.py: sinks of num_heads / tp).
  node attend = sharded(with_states(nd("attend", op::paged_attention, {e(qw), e(kvw), e(vw)}, {e(ow)}), 0b11),
                        shard::heads, d.q_heads, true);
  attend.window = d.window;
  if (d.sinks) attend = with_aux(attend, d.q_heads);
  // K and V carry their KV heads: under TP each rank keeps kv_heads / tp of them (or one,
  // replicated, when tp exceeds them).
  return {d.layer_norm ? with_aux(nd("input_norm", op::layer_norm, {e(h)}, {e(h)}), checked_mul(2, h))
                       : with_aux(nd("input_norm", op::rms_norm, {e(h)}, {e(h)}), h),
          sharded(lin("q", h, q_out, linear_role::q, d.qkv_bias), shard::heads, d.q_heads),
          sharded(lin("k", h, kvw, linear_role::k, d.qkv_bias), shard::kv_heads, d.kv_heads),
          sharded(lin("v", h, vw, linear_role::v, d.qkv_bias), shard::kv_heads, d.kv_heads),
          // A whole-layer norm's weight [q_heads x head_dim] splits with the heads.
          sharded(with_aux(nd("q_norm", op::qk_norm, {e(qw)}, {e(qw)}), d.qk_norm_weightless ? 0 : d.qk_norm_whole ? qw : d.head_dim),
                  shard::heads, d.q_heads, d.qk_norm_whole),
          sharded(with_aux(nd("k_norm", op::qk_norm, {e(kvw)}, {e(kvw)}), d.qk_norm_weightless ? 0 : d.qk_norm_whole ? kvw : d.head_dim),
                  shard::kv_heads, d.kv_heads, d.qk_norm_whole),
          sharded(nd("rope", op::rope, {e(qw), e(kvw)}, {e(qw), e(kvw)}), shard::heads, d.q_heads),
          sharded(nd("kv_write", op::kv_write, {e(kvw), e(vw)}, {}), shard::kv_heads, d.kv_heads),
          attend,
          sharded(lin("o", ow, h, linear_role::o, d.o_bias), shard::rows, d.q_heads),
          nd("add", op::residual_add, {e(h), e(h)}, {e(h)}),
          {"k", state_kind::paged_kv, dtype_key::kv_cache, kvw, shard::kv_heads, d.kv_heads},
          {"v", state_kind::paged_kv, dtype_key::kv_cache, vw, shard::kv_heads, d.kv_heads}};
}
}  // namespace detail

/// input norm, q/k/v, (q_norm, k_norm), rope, kv_write, attention over the paged K and V
/// states (kv_heads x head_dim each, at kv_cache_dtype), o, residual add.
constexpr std::uint8_t gqa_attention(circuit& c, std::string_view block_name, const gqa_dims& d) {
  const detail::gqa_parts p = detail::gqa_parts_of(block_name, d, checked_mul(d.q_heads, d.head_dim));
  if (d.qk_norm) {
    return c.add_block(block_name, {p.input_norm, p.q, p.k, p.v, p.q_norm, p.k_norm, p.rope, p.kv_write, p.attend, p.o, p.add},
                       {p.k_state, p.v_state});
  }
  if (!d.rope) return c.add_block(block_name, {p.input_norm, p.q, p.k, p.v, p.kv_write, p.attend, p.o, p.add}, {p.k_state, p.v_state});
  return c.add_block(block_name, {p.input_norm, p.q, p.k, p.v, p.rope, p.kv_write, p.attend, p.o, p.add}, {p.k_state, p.v_state});
}

/// Qwen's gated attention (Qwen3-Next, Qwen3.5): q_proj [2 * q_heads * head_dim, hidden] emits
/// the query and a sigmoid output gate per head (interleaved per head, split after the
/// projection); q_norm / k_norm and RoPE as in GQA; the gate multiplies the attention output
/// before o. Used with qk_norm true; no biases, sinks or window in the shipped checkpoints.
constexpr std::uint8_t gated_attention(circuit& c, std::string_view block_name, const gqa_dims& d) {
  // The output gate multiplies the attention output head by head: value heads as wide as the query's.
  ::headroom::detail::require_table(d.v_head_dim == 0 || d.v_head_dim == d.head_dim, "gated attention with a value head width of its own");
  const std::uint64_t qw = checked_mul(d.q_heads, d.head_dim);
  const detail::gqa_parts p = detail::gqa_parts_of(block_name, d, checked_mul(2, qw));
  const node split = sharded(nd("split", op::split, {e(2 * qw)}, {e(qw), e(qw)}), shard::heads, d.q_heads);
  const node gate = sharded(nd("gate", op::sigmoid_gate_mul, {e(qw), e(qw)}, {e(qw)}), shard::heads, d.q_heads);
  if (d.qk_norm) {
    return c.add_block(block_name,
                       {p.input_norm, p.q, split, p.k, p.v, p.q_norm, p.k_norm, p.rope, p.kv_write, p.attend, gate, p.o, p.add},
                       {p.k_state, p.v_state});
  }
  return c.add_block(block_name, {p.input_norm, p.q, split, p.k, p.v, p.rope, p.kv_write, p.attend, gate, p.o, p.add},
                     {p.k_state, p.v_state});
}

struct mla_dims {
  std::uint64_t hidden = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t q_lora = 0;  ///< q_lora_rank; 0 (null in the config): one q_proj, no q_a / q_b
  std::uint64_t kv_lora = 0;
  std::uint64_t qk_nope = 0;
  std::uint64_t qk_rope = 0;
  std::uint64_t v_head = 0;
};

namespace detail {
/// The attend node of MLA run absorbed, carrying the heads and kv_b_proj's rows of the expanded
/// form (K nope and V up-projected from the latent) that a prompt runs instead: node_cost takes
/// the cheaper of the two.
constexpr node with_expanded_form(node n, std::uint64_t heads, std::uint64_t kv_b_out) {
  ::headroom::detail::require_table(heads <= UINT32_MAX, "MLA query heads above 2^32");
  n.heads = static_cast<std::uint32_t>(heads);
  n.kv_b_out = kv_b_out;
  return n;
}
/// MLA's nodes and its latent state, built once from the dims: the plain block and the indexed
/// one (indexed_mla.hpp) list them, each in its own order.
struct mla_parts {
  node input_norm, q, q_a, q_a_norm, q_b, kv_a, kv_a_norm, rope, kv_write, kv_b, attend, o, add;
  state_decl latent;
  std::uint64_t attend_in = 0;   ///< the absorbed query: q_heads x (kv_lora + qk_rope)
  std::uint64_t attend_out = 0;  ///< q_heads x kv_lora
};
constexpr mla_parts mla_parts_of(const mla_dims& d) {
  const std::uint64_t h = d.hidden;
  const std::uint64_t H = d.q_heads;
  // Every width from the dims is formed checked: a hand-written table must not wrap silently.
  const std::uint64_t latent = checked_add(d.kv_lora, d.qk_rope);
  const std::uint64_t q_b_out = checked_mul(H, checked_add(d.qk_nope, d.qk_rope));
  const std::uint64_t rope_w = checked_mul(H, d.qk_rope);
  const std::uint64_t kv_b_out = checked_mul(H, checked_add(d.qk_nope, d.v_head));
  const std::uint64_t attend_in = checked_mul(H, latent);
  const std::uint64_t attend_out = checked_mul(H, d.kv_lora);
  const std::uint64_t o_in = checked_mul(H, d.v_head);
  // vLLM deepseek_v2.py: q_a_proj and kv_a_proj_with_mqa are ReplicatedLinear, q_b_proj and
  // kv_b_proj ColumnParallelLinear by heads, o_proj RowParallelLinear; the latent KV row is
  // replicated on every TP rank (MLAAttentionSpec: one KV head). q_lora_rank null
  // (DeepSeek-V2-Lite): the query is one q_proj [heads * (qk_nope + qk_rope), hidden], column
  // parallel by heads (DeepseekV2MLAAttention: `self.q_proj = ColumnParallelLinear(hidden_size,
  // num_heads * qk_head_dim)` when q_lora_rank is None).
  return {
      with_aux(nd("input_norm", op::rms_norm, {e(h)}, {e(h)}), h),
      sharded(nd("q", op::linear, {e(h)}, {e(q_b_out)}, linear_role::q), shard::heads, H),
      nd("q_a", op::linear, {e(h)}, {e(d.q_lora)}, linear_role::mla_q_a),
      with_aux(nd("q_a_norm", op::rms_norm, {e(d.q_lora)}, {e(d.q_lora)}), d.q_lora),
      sharded(nd("q_b", op::linear, {e(d.q_lora)}, {e(q_b_out)}, linear_role::mla_q_b), shard::heads, H),
      nd("kv_a", op::linear, {e(h)}, {e(latent)}, linear_role::mla_kv_a),
      with_aux(nd("kv_a_norm", op::rms_norm, {e(d.kv_lora)}, {e(d.kv_lora)}), d.kv_lora),
      sharded(nd("rope", op::rope, {e(rope_w), e(d.qk_rope)}, {e(rope_w), e(d.qk_rope)}), shard::heads, H),
      nd("kv_write", op::kv_write, {e(latent)}, {}),
      sharded(nd("kv_b", op::linear, {e(d.kv_lora)}, {e(kv_b_out)}, linear_role::mla_kv_b), shard::heads, H),
      with_expanded_form(sharded(with_states(nd("attend", op::paged_attention, {e(attend_in)}, {e(attend_out)}), 0b1), shard::heads, H),
                         H, kv_b_out),
      sharded(nd("o", op::linear, {e(o_in)}, {e(h)}, linear_role::o), shard::rows, H),
      nd("add", op::residual_add, {e(h), e(h)}, {e(h)}),
      {"latent", state_kind::paged_kv, dtype_key::kv_cache, latent, shard::replicated, 0},
      attend_in,
      attend_out,
  };
}
}  // namespace detail

/// Multi-head latent attention (DeepSeek-V3), run absorbed: kv_b_proj's halves fold into the
/// query and the output, so a step reads kv_b_proj once and attends over latent rows of
/// kv_lora + qk_rope values per token with a query of q_heads x (kv_lora + qk_rope) and an
/// output of q_heads x kv_lora.
constexpr std::uint8_t mla_attention(circuit& c, std::string_view block_name, const mla_dims& d) {
  const detail::mla_parts p = detail::mla_parts_of(d);
  if (d.q_lora == 0) {
    return c.add_block(block_name, {p.input_norm, p.q, p.kv_a, p.kv_a_norm, p.rope, p.kv_write, p.kv_b, p.attend, p.o, p.add},
                       {p.latent});
  }
  return c.add_block(block_name,
                     {p.input_norm, p.q_a, p.q_a_norm, p.q_b, p.kv_a, p.kv_a_norm, p.rope, p.kv_write, p.kv_b, p.attend, p.o, p.add},
                     {p.latent});
}

}  // namespace headroom::models::blocks
