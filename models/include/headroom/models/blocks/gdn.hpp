// SPDX-License-Identifier: MIT
// headroom: the Gated DeltaNet linear-attention block (Qwen3-Next's `linear_attention` layers).
// Adds one block template to a circuit and returns its index; edges are bf16 unless stated,
// rows n unless stated.
//
// Stored tensors (transformers' modeling_qwen3_next.py): in_proj_qkvz [2*key_dim + 2*value_dim,
// hidden], in_proj_ba [2*v_heads, hidden], conv1d.weight [2*key_dim + value_dim, 1,
// conv_kernel], A_log [v_heads], dt_bias [v_heads], norm.weight [v_dim], out_proj [hidden,
// value_dim]; key_dim = k_heads*k_dim, value_dim = v_heads*v_dim; input_layernorm [hidden].
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/models/blocks/causal_conv.hpp>

namespace headroom::models::blocks {

struct gdn_dims {
  std::uint64_t hidden = 0;
  std::uint64_t k_heads = 0;  ///< linear_num_key_heads
  std::uint64_t v_heads = 0;  ///< linear_num_value_heads
  std::uint64_t k_dim = 0;    ///< linear_key_head_dim
  std::uint64_t v_dim = 0;    ///< linear_value_head_dim
  std::uint64_t conv_kernel = 0;
  /// Checkpoint tensors of each input projection: 1 (Qwen3-Next: in_proj_qkvz, in_proj_ba) or
  /// 2 (Qwen3.5: in_proj_qkv + in_proj_z, in_proj_b + in_proj_a), each with its own scales.
  std::uint16_t in_proj_tensors = 1;
};

/// input norm, qkvz and ba projections, the causal conv over q|k|v, the gates, L2 norm of q
/// and k, the delta-rule recurrence, the gated norm, out, residual add.
constexpr std::uint8_t gated_deltanet(circuit& c, std::string_view block_name, const gdn_dims& d) {
  const std::uint64_t h = d.hidden;
  const std::uint64_t key_dim = checked_mul(d.k_heads, d.k_dim);  // checked: hand-written dims
  const std::uint64_t value_dim = checked_mul(d.v_heads, d.v_dim);
  const std::uint64_t conv_dim = checked_add(checked_mul(2, key_dim), value_dim);
  const auto f32 = formats::f32;
  const std::uint64_t kh = d.k_heads;
  const std::uint64_t vh = d.v_heads;
  const causal_conv_dims conv{.channels = conv_dim, .kernel = d.conv_kernel, .groups = kh, .out = f32};
  auto in_proj = [&](node n) {
    n.weight_tensors = d.in_proj_tensors;
    return sharded(n, shard::heads, kh);
  };
  // States: h [v_heads, k_dim, v_dim] at ssm_h_dtype; the conv window (causal_conv.hpp).
  // Under TP (vLLM qwen3_next.py, mamba_utils.py @2afe1e8): in_proj_qkvz / in_proj_ba and the
  // conv channels split by key-head groups, A_log / dt_bias and the h state by value heads,
  // out_proj is row parallel; the gated norm's [v_dim] weight is per head, so replicated.
  return c.add_block(
      block_name,
      {with_aux(nd("input_norm", op::rms_norm, {e(h)}, {e(h)}), h),
       in_proj(nd("qkvz", op::linear, {e(h)}, {e(2 * key_dim + 2 * value_dim)}, linear_role::qkvz)),
       in_proj(nd("ba", op::linear, {e(h)}, {e(2 * vh)}, linear_role::ba)),
       causal_conv(conv),
       sharded(with_aux(nd("gates", op::gdn_gates, {e(2 * vh)}, {e(vh, f32), e(vh, f32)}), 2 * vh),  // A_log and dt_bias
               shard::heads, vh, true),
       sharded(nd("l2", op::l2_norm, {e(2 * key_dim, f32)}, {e(2 * key_dim, f32)}), shard::heads, kh),
       sharded(with_states(nd("recurrence", op::gdn_recurrence, {e(2 * key_dim, f32), e(value_dim, f32), e(vh, f32), e(vh, f32)},
                              {e(value_dim, f32)}),
                           0, 0b01),
               shard::heads, vh),
       sharded(with_aux(nd("norm", op::gated_rms_norm, {e(value_dim, f32), e(value_dim)}, {e(value_dim)}), d.v_dim),
               shard::heads, vh),
       sharded(nd("out", op::linear, {e(value_dim)}, {e(h)}, linear_role::gdn_out), shard::rows, vh),
       nd("add", op::residual_add, {e(h), e(h)}, {e(h)})},
      {{"h", state_kind::recurrent, dtype_key::ssm_h, checked_mul(checked_mul(vh, d.k_dim), d.v_dim), shard::heads, vh},
       conv_window(conv)});
}

}  // namespace headroom::models::blocks
