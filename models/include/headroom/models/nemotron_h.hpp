// SPDX-License-Identifier: MIT
// headroom: the Nemotron-H family: `hybrid_override_pattern` gives each layer one mixer --
// `M` Mamba2, `*` attention (GQA, no RoPE, no biases), `-` MLP (ungated up, relu2, down) --
// each behind the layer's own RMSNorm.
//
// Stored tensors (HF modeling_nemotron_h.py): backbone.embeddings [vocab, hidden];
// backbone.layers.i.norm [hidden]; Mamba mixer: in_proj [d_inner + conv_dim + mamba_heads,
// hidden] (z, xBC, dt), conv1d weight [conv_dim, 1, conv_kernel] and bias [conv_dim], dt_bias,
// A_log, D [mamba_heads], norm [d_inner], out_proj [hidden, d_inner], where d_inner =
// mamba_heads * mamba_head_dim and conv_dim = d_inner + 2 * n_groups * ssm_state; attention
// mixer: q_proj, k_proj, v_proj, o_proj; MLP mixer: up_proj [inter, hidden], down_proj
// [hidden, inter]; backbone.norm_f [hidden]; lm_head [vocab, hidden].
// States per Mamba layer: h [mamba_heads, mamba_head_dim, ssm_state] at ssm_h_dtype and the
// conv window [conv_dim, conv_kernel - 1] at the conv dtype.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks.hpp>

namespace headroom::models::family {

struct nemotron_h_dims {
  std::uint64_t hidden = 0;
  std::uint64_t vocab = 0;
  std::string_view pattern;  ///< hybrid_override_pattern, one character per layer
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;
  std::uint64_t inter = 0;   ///< MLP intermediate_size
  std::uint64_t mamba_heads = 0;
  std::uint64_t mamba_head_dim = 0;
  std::uint64_t ssm_state = 0;
  std::uint64_t n_groups = 0;
  std::uint64_t conv_kernel = 0;
};

constexpr circuit nemotron_h(const nemotron_h_dims& d) {
  circuit c{};
  const std::uint64_t h = d.hidden;
  const std::uint64_t d_inner = checked_mul(d.mamba_heads, d.mamba_head_dim);  // checked: hand-written dims
  const std::uint64_t conv_dim = checked_add(d_inner, checked_mul(2 * d.n_groups, d.ssm_state));
  const auto f32 = formats::f32;

  const auto embed = blocks::embed(c, "embed", d.vocab, h);
  const auto mamba = c.add_block(
      "mamba",
      {with_aux(nd("norm", op::rms_norm, {e(h)}, {e(h)}), h),
       // vLLM MambaMixer2 (mamba_mixer2.py; states in mamba_utils.py @2afe1e8): in_proj and the
       // conv channels split by groups (tp | n_groups, so tp | heads), A_log / D / dt_bias,
       // the gated norm weight and the h state by heads, out_proj is row parallel.
       sharded(nd("in_proj", op::linear, {e(h)}, {e(d_inner + conv_dim + d.mamba_heads)}, linear_role::mamba_in),
               shard::heads, d.n_groups),
       sharded(with_states(with_aux(nd("conv", op::conv1d_update, {e(conv_dim)}, {e(conv_dim)}),
                                    conv_dim * d.conv_kernel + conv_dim),  // conv1d weight and bias
                           0, 0b10),
               shard::heads, d.n_groups, true),
       sharded(with_states(with_aux(nd("ssm", op::ssm_update, {e(conv_dim), e(d.mamba_heads)}, {e(d_inner, f32)}),
                                    3 * d.mamba_heads),  // dt_bias, A_log, D
                           0, 0b01),
               shard::heads, d.mamba_heads, true),
       sharded(with_aux(nd("gated_norm", op::gated_rms_norm, {e(d_inner, f32), e(d_inner)}, {e(d_inner)}), d_inner),
               shard::heads, d.mamba_heads, true),
       sharded(nd("out_proj", op::linear, {e(d_inner)}, {e(h)}, linear_role::mamba_out), shard::rows, d.mamba_heads),
       nd("add", op::residual_add, {e(h), e(h)}, {e(h)})},
      {{"h", state_kind::recurrent, dtype_key::ssm_h, checked_mul(checked_mul(d.mamba_heads, d.mamba_head_dim), d.ssm_state),
        shard::heads, d.mamba_heads},
       {"conv", state_kind::conv_window, dtype_key::conv, checked_mul(conv_dim, d.conv_kernel - 1), shard::heads, d.n_groups}});
  const auto attn = blocks::gqa_attention(
      c, "attn", {.hidden = h, .q_heads = d.q_heads, .kv_heads = d.kv_heads, .head_dim = d.head_dim, .rope = false});
  const auto mlp = c.add_block("mlp", {with_aux(nd("norm", op::rms_norm, {e(h)}, {e(h)}), h),
                                       sharded(nd("up", op::linear, {e(h)}, {e(d.inter)}, linear_role::up), shard::columns, d.inter),
                                       sharded(nd("act", op::relu2, {e(d.inter)}, {e(d.inter)}), shard::columns, d.inter),
                                       sharded(nd("down", op::linear, {e(d.inter)}, {e(h)}, linear_role::down), shard::rows, d.inter),
                                       nd("add", op::residual_add, {e(h), e(h)}, {e(h)})});
  const auto head = blocks::head(c, "head", d.vocab, h);

  c.add(embed, no_layer, section::main, layer_kind::none);
  for (std::size_t l = 0; l < d.pattern.size(); ++l) {
    const auto layer = static_cast<std::uint16_t>(l);
    switch (d.pattern[l]) {
      case 'M': c.add(mamba, layer, section::main, layer_kind::mamba); break;
      case '*': c.add(attn, layer, section::main, layer_kind::full_attention); break;
      case '-': c.add(mlp, layer, section::main, layer_kind::mlp); break;
      default: ::headroom::detail::require_table(false, "hybrid_override_pattern has a character other than M, * or -");
    }
  }
  c.add(head, no_layer, section::main, layer_kind::none);
  return c;
}

}  // namespace headroom::models::family
