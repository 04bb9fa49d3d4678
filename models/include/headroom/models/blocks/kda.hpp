// SPDX-License-Identifier: MIT
// headroom: the Kimi Delta Attention block (GLM-5.3-Flash's `linear_attention` layers) inside
// hyper-connection streams. Adds one block template to a circuit and returns its index; edges are
// bf16 unless stated, rows n unless stated.
//
// Stored tensors (llama.cpp src/models/glm5-next.cpp @2220411, load_arch_tensors; d_inner =
// heads x head_dim): the layer's attn_norm [hidden]; q, k, v [d_inner, hidden]; a depthwise
// conv per q, k, v [d_inner, 1, conv_kernel]; f_a [head_dim, hidden], f_b [d_inner, head_dim]
// (the per-channel decay's low-rank pair) with dt_bias [d_inner] and A_log [heads]; b [heads,
// hidden] (beta); g_a [head_dim, hidden], g_b [d_inner, head_dim] (the output gate's pair);
// o_norm [head_dim]; o [hidden, d_inner]. A_log and dt_bias stay F32 (NeMo AutoModel's
// glm5_next layers, Glm5NextKDAFp32Params).
// States: h [heads, head_dim, head_dim] at ssm_h_dtype; the q, k and v conv windows,
// 3 x d_inner channels x (conv_kernel - 1) past inputs at the conv dtype (build_kda_layer keeps
// conv_kernel - 1 columns per channel).
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/models/blocks/causal_conv.hpp>
#include <headroom/models/blocks/hyper_connections.hpp>

namespace headroom::models::blocks {

struct kda_dims {
  std::uint64_t hidden = 0;
  std::uint64_t heads = 0;     ///< linear_attn_config.num_heads
  std::uint64_t head_dim = 0;  ///< linear_attn_config.head_dim (keys and values alike)
  std::uint64_t conv_kernel = 0;
  std::uint64_t hc = 0;        ///< hyper-connection streams (hc_mult)
};

/// hc mix and pre, attn_norm, q/k/v, their causal convs, L2 norm of q and k, beta and the
/// per-channel decay, the delta-rule recurrence, the output gate and its gated norm, o, hc post.
constexpr std::uint8_t kimi_delta_attention(circuit& c, std::string_view block_name, const kda_dims& d) {
  const std::uint64_t h = d.hidden;
  const std::uint64_t H = d.heads;
  const std::uint64_t dk = d.head_dim;
  const std::uint64_t inner = checked_mul(H, dk);  // checked: hand-written dims
  const std::uint64_t conv_ch = checked_mul(3, inner);
  const causal_conv_dims conv{.channels = conv_ch, .kernel = d.conv_kernel, .groups = H, .out = formats::f32};
  const auto f32 = formats::f32;
  auto lin = [&](std::string_view local, std::uint64_t in, std::uint64_t out, linear_role role) {
    return nd(local, op::linear, {e(in)}, {e(out)}, role);
  };
  // Under TP every per-head projection, conv channel and the h state split by heads; the
  // low-rank down projections (f_a, g_a) are replicated; o is row parallel.
  return c.add_block(
      block_name,
      {hyper::mix(h, d.hc), hyper::pre(h, d.hc), with_aux(nd("input_norm", op::rms_norm, {e(h)}, {e(h)}), h),
       sharded(lin("q", h, inner, linear_role::q), shard::heads, H),
       sharded(lin("k", h, inner, linear_role::k), shard::heads, H),
       sharded(lin("v", h, inner, linear_role::v), shard::heads, H),
       sharded(nd("concat", op::concat, {e(inner), e(inner), e(inner)}, {e(conv_ch)}), shard::heads, H),
       causal_conv(conv),
       sharded(nd("l2", op::l2_norm, {e(2 * inner, f32)}, {e(2 * inner, f32)}), shard::heads, H),
       sharded(lin("b", h, H, linear_role::kda_b), shard::heads, H),
       lin("f_a", h, dk, linear_role::kda_f_a),
       sharded(lin("f_b", dk, inner, linear_role::kda_f_b), shard::heads, H),
       sharded(with_aux(nd("gates", op::gdn_gates, {e(inner), e(H)}, {e(inner, f32), e(H, f32)}), H + inner, f32),  // A_log, dt_bias
               shard::heads, H, true),
       sharded(with_states(nd("recurrence", op::gdn_recurrence, {e(2 * inner, f32), e(inner, f32), e(inner, f32), e(H, f32)},
                              {e(inner, f32)}),
                           0, 0b01),
               shard::heads, H),
       lin("g_a", h, dk, linear_role::kda_g_a),
       sharded(lin("g_b", dk, inner, linear_role::kda_g_b), shard::heads, H),
       sharded(with_aux(nd("norm", op::gated_rms_norm, {e(inner, f32), e(inner)}, {e(inner)}), dk), shard::heads, H),
       sharded(lin("o", inner, h, linear_role::o), shard::rows, H), hyper::post(h, d.hc)},
      {{"h", state_kind::recurrent, dtype_key::ssm_h, checked_mul(checked_mul(H, dk), dk), shard::heads, H},
       conv_window(conv)});
}

}  // namespace headroom::models::blocks
