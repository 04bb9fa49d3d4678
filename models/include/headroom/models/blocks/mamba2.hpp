// SPDX-License-Identifier: MIT
// headroom: the Mamba2 mixer block (Nemotron-H's `M` layers). Adds one block template to a
// circuit and returns its index; edges are bf16 unless stated, rows n unless stated.
//
// Stored tensors (HF modeling_nemotron_h.py): the layer's norm [hidden]; in_proj [d_inner +
// conv_dim + heads, hidden] (z, xBC, dt), conv1d weight [conv_dim, 1, conv_kernel] and bias
// [conv_dim], dt_bias, A_log, D [heads], norm [d_inner], out_proj [hidden, d_inner], where
// d_inner = heads * head_dim and conv_dim = d_inner + 2 * n_groups * ssm_state.
// States: h [heads, head_dim, ssm_state] at ssm_h_dtype and the conv window [conv_dim,
// conv_kernel - 1] at the conv dtype.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/models/blocks/causal_conv.hpp>

namespace headroom::models::blocks {

struct mamba2_dims {
  std::uint64_t hidden = 0;
  std::uint64_t heads = 0;     ///< mamba_num_heads
  std::uint64_t head_dim = 0;  ///< mamba_head_dim
  std::uint64_t ssm_state = 0;
  std::uint64_t n_groups = 0;
  std::uint64_t conv_kernel = 0;
};

/// norm, in_proj, the causal conv over xBC, the selective-scan state update, the gated norm,
/// out_proj, residual add.
constexpr std::uint8_t mamba2(circuit& c, std::string_view block_name, const mamba2_dims& d) {
  const std::uint64_t h = d.hidden;
  const std::uint64_t d_inner = checked_mul(d.heads, d.head_dim);  // checked: hand-written dims
  const std::uint64_t conv_dim = checked_add(d_inner, checked_mul(2 * d.n_groups, d.ssm_state));
  const causal_conv_dims conv{.channels = conv_dim, .kernel = d.conv_kernel, .groups = d.n_groups, .bias = true};
  return c.add_block(
      block_name,
      {with_aux(nd("norm", op::rms_norm, {e(h)}, {e(h)}), h),
       // vLLM MambaMixer2 (mamba_mixer2.py; states in mamba_utils.py @2afe1e8): in_proj and the
       // conv channels split by groups (tp | n_groups, so tp | heads), A_log / D / dt_bias,
       // the gated norm weight and the h state by heads, out_proj is row parallel.
       sharded(nd("in_proj", op::linear, {e(h)}, {e(d_inner + conv_dim + d.heads)}, linear_role::mamba_in), shard::heads,
               d.n_groups),
       causal_conv(conv),
       sharded(with_states(with_aux(nd("ssm", op::ssm_update, {e(conv_dim), e(d.heads)}, {e(d_inner, formats::f32)}),
                                    3 * d.heads),  // dt_bias, A_log, D
                           0, 0b01),
               shard::heads, d.heads, true),
       sharded(with_aux(nd("gated_norm", op::gated_rms_norm, {e(d_inner, formats::f32), e(d_inner)}, {e(d_inner)}), d_inner),
               shard::heads, d.heads, true),
       sharded(nd("out_proj", op::linear, {e(d_inner)}, {e(h)}, linear_role::mamba_out), shard::rows, d.heads),
       nd("add", op::residual_add, {e(h), e(h)}, {e(h)})},
      {{"h", state_kind::recurrent, dtype_key::ssm_h, checked_mul(d_inner, d.ssm_state), shard::heads, d.heads},
       conv_window(conv)});
}

}  // namespace headroom::models::blocks
