// SPDX-License-Identifier: MIT
// headroom: the Nemotron-H family: `hybrid_override_pattern` gives each layer one mixer --
// `M` Mamba2, `*` attention (GQA, no RoPE, no biases), `-` MLP (ungated up, relu2, down), `E`
// MoE (Nemotron-3: blocks/moe_relu2.hpp, with Super's latent projection when moe_latent_size
// is set) -- each behind the layer's own RMSNorm. Nemotron-3 Super / 3.5 Lightning also ship
// an MTP draft (`mtp_hybrid_override_pattern`, e.g. "*E": mtp.layers.0 attention, .1 MoE).
//
// Stored tensors (HF modeling_nemotron_h.py): backbone.embeddings [vocab, hidden];
// backbone.layers.i.norm [hidden]; Mamba mixer: in_proj [d_inner + conv_dim + mamba_heads,
// hidden] (z, xBC, dt), conv1d weight [conv_dim, 1, conv_kernel] and bias [conv_dim], dt_bias,
// A_log, D [mamba_heads], norm [d_inner], out_proj [hidden, d_inner], where d_inner =
// mamba_heads * mamba_head_dim and conv_dim = d_inner + 2 * n_groups * ssm_state; attention
// mixer: q_proj, k_proj, v_proj, o_proj; MLP mixer: up_proj [inter, hidden], down_proj
// [hidden, inter]; backbone.norm_f [hidden]; lm_head [vocab, hidden]. MTP (vLLM
// nemotron_h_mtp.py; the checkpoints' mtp.* tensors): mtp.layers.0.{enorm, hnorm} [hidden],
// eh_proj [hidden, 2 * hidden], then one block per mtp pattern character (norm + mixer), the
// last with final_layernorm [hidden]; it reads the main embedding and lm_head.
// States per Mamba layer: h [mamba_heads, mamba_head_dim, ssm_state] at ssm_h_dtype and the
// conv window [conv_dim, conv_kernel - 1] at the conv dtype.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks.hpp>
#include <headroom/models/blocks/moe_relu2.hpp>

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
  // Nemotron-3 MoE layers (`E`) and MTP draft; zero / empty when the checkpoint has none.
  std::uint64_t experts = 0;       ///< n_routed_experts
  std::uint64_t top_k = 0;         ///< num_experts_per_tok
  std::uint64_t moe_inter = 0;     ///< moe_intermediate_size
  std::uint64_t shared_inter = 0;  ///< moe_shared_expert_intermediate_size (n_shared_experts 1)
  std::uint64_t moe_latent = 0;    ///< moe_latent_size (Super); 0: experts read the hidden row
  std::string_view mtp_pattern = {};  ///< mtp_hybrid_override_pattern; empty: no MTP draft
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
  // A block only for a mixer the pattern uses (an unused one would have zero-width edges).
  const bool has_mlp = d.pattern.find('-') != std::string_view::npos;
  const auto mlp = !has_mlp ? std::uint8_t{0} : c.add_block("mlp", {with_aux(nd("norm", op::rms_norm, {e(h)}, {e(h)}), h),
                                       sharded(nd("up", op::linear, {e(h)}, {e(d.inter)}, linear_role::up), shard::columns, d.inter),
                                       sharded(nd("act", op::relu2, {e(d.inter)}, {e(d.inter)}), shard::columns, d.inter),
                                       sharded(nd("down", op::linear, {e(d.inter)}, {e(h)}, linear_role::down), shard::rows, d.inter),
                                       nd("add", op::residual_add, {e(h), e(h)}, {e(h)})});
  const auto head = blocks::head(c, "head", d.vocab, h);
  const bool has_moe = d.pattern.find('E') != std::string_view::npos || d.mtp_pattern.find('E') != std::string_view::npos;
  const std::uint8_t moe = has_moe ? blocks::relu2_moe(c, "moe", {.hidden = h, .experts = d.experts, .top_k = d.top_k,
                                                                  .moe_inter = d.moe_inter, .shared_inter = d.shared_inter,
                                                                  .latent = d.moe_latent})
                                   : std::uint8_t{0};

  // One pattern character: the block and the layer kind its instance is charged to.
  auto add_layer = [&](char ch, std::uint16_t layer, section sec) {
    switch (ch) {
      case 'M': c.add(mamba, layer, sec, layer_kind::mamba); break;
      case '*': c.add(attn, layer, sec, layer_kind::full_attention); break;
      case '-': c.add(mlp, layer, sec, layer_kind::mlp); break;
      case 'E': c.add(moe, layer, sec, layer_kind::mlp); break;
      default: ::headroom::detail::require_table(false, "hybrid_override_pattern has a character other than M, *, - or E");
    }
  };
  c.add(embed, no_layer, section::main, layer_kind::none);
  for (std::size_t l = 0; l < d.pattern.size(); ++l) add_layer(d.pattern[l], static_cast<std::uint16_t>(l), section::main);
  c.add(head, no_layer, section::main, layer_kind::none);

  if (!d.mtp_pattern.empty()) {
    // The draft's input: the token's embedding and the main model's last hidden state, each
    // normed (enorm, hnorm), concatenated and projected by eh_proj; its output: the last block's
    // final_layernorm, then the main lm_head.
    node shared_embed = sharded(nd("embed", op::embed, {e(1, formats::i32)}, {e(h)}), shard::vocab, d.vocab);
    shared_embed.table_rows = d.vocab;
    shared_embed.stores_weight = false;  // reads backbone.embeddings
    const auto mtp_in = c.add_block("mtp_in", {shared_embed,
                                               with_aux(nd("enorm", op::rms_norm, {e(h)}, {e(h)}), h),
                                               with_aux(nd("hnorm", op::rms_norm, {e(h)}, {e(h)}), h),
                                               nd("concat", op::concat, {e(h), e(h)}, {e(2 * h)}),
                                               nd("eh_proj", op::linear, {e(2 * h)}, {e(h)}, linear_role::mtp_fc)});
    const auto mtp_out = blocks::head(c, "mtp_out", d.vocab, h, false);
    c.add(mtp_in, 0, section::draft, layer_kind::none);
    for (std::size_t l = 0; l < d.mtp_pattern.size(); ++l) add_layer(d.mtp_pattern[l], static_cast<std::uint16_t>(l), section::draft);
    c.add(mtp_out, 0, section::draft, layer_kind::none);
  }
  return c;
}

}  // namespace headroom::models::family
