// SPDX-License-Identifier: MIT
// headroom: the Qwen3 hybrid family (Qwen3-Next; layout of Qwen3.5/3.6 MoE hybrids): every
// `full_attention_interval`-th layer is gated full attention, the others Gated DeltaNet; every
// layer's MLP is a routed MoE with a gated shared expert; an optional MTP draft head.
//
// Stored tensors (shapes from transformers' modeling_qwen3_next.py):
//  linear_attn: in_proj_qkvz [2*key_dim + 2*value_dim, hidden], in_proj_ba [2*lin_v_heads,
//    hidden], conv1d.weight [2*key_dim + value_dim, 1, conv_kernel], A_log [lin_v_heads],
//    dt_bias [lin_v_heads], norm.weight [lin_v_dim], out_proj [hidden, value_dim];
//    key_dim = lin_k_heads*lin_k_dim, value_dim = lin_v_heads*lin_v_dim.
//  self_attn: q_proj [2*q_heads*head_dim, hidden] (query and output gate interleaved per head),
//    k_proj / v_proj [kv_heads*head_dim, hidden], o_proj [hidden, q_heads*head_dim],
//    q_norm / k_norm [head_dim].
//  mlp: gate [experts, hidden], experts.E.{gate,up}_proj [moe_inter, hidden],
//    experts.E.down_proj [hidden, moe_inter], shared_expert.{gate,up}_proj [shared_inter,
//    hidden], shared_expert.down_proj [hidden, shared_inter], shared_expert_gate [1, hidden].
//  input_layernorm / post_attention_layernorm [hidden] per layer; embed_tokens, norm, lm_head.
//  mtp: fc [hidden, 2*hidden], pre_fc_norm_embedding / pre_fc_norm_hidden [hidden], layers.0
//    (a full-attention layer with its MoE), norm [hidden]; it reads the main embedding and
//    lm_head (no tensors of its own for them).
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/model.hpp>
#include <headroom/models/blocks.hpp>

namespace headroom::models::family {

struct qwen3_next_dims {
  std::uint64_t hidden = 0;
  std::uint64_t vocab = 0;
  std::uint64_t layers = 0;
  std::uint64_t full_attention_interval = 4;
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;
  std::uint64_t lin_k_heads = 0;
  std::uint64_t lin_v_heads = 0;
  std::uint64_t lin_k_dim = 0;
  std::uint64_t lin_v_dim = 0;
  std::uint64_t conv_kernel = 0;
  std::uint64_t experts = 0;
  std::uint64_t top_k = 0;
  std::uint64_t moe_inter = 0;
  std::uint64_t shared_inter = 0;
  std::uint64_t mtp_layers = 0;  ///< MTP draft layers the checkpoint ships (0 = none)
  /// Parameters of a vision encoder stored in the same checkpoint (Qwen3.5 / 3.6 multimodal
  /// releases), held as one aggregate in the vision section: loaded, never in a text decode step.
  std::uint64_t vision_params = 0;
};

constexpr circuit qwen3_next(const qwen3_next_dims& d) {
  circuit c{};
  const std::uint64_t h = d.hidden;
  const std::uint64_t key_dim = checked_mul(d.lin_k_heads, d.lin_k_dim);  // checked: hand-written dims
  const std::uint64_t value_dim = checked_mul(d.lin_v_heads, d.lin_v_dim);
  const std::uint64_t conv_dim = checked_add(checked_mul(2, key_dim), value_dim);
  const std::uint64_t qw = checked_mul(d.q_heads, d.head_dim);
  const std::uint64_t kvw = checked_mul(d.kv_heads, d.head_dim);
  const auto f32 = formats::f32;
  const auto i32 = formats::i32;

  node embed = sharded(nd("embed", op::embed, {e(1, i32)}, {e(h)}), shard::vocab, d.vocab);
  embed.table_rows = d.vocab;
  const auto embed_block = c.add_block("embed", {embed});

  // Gated DeltaNet. States: h [lin_v_heads, lin_k_dim, lin_v_dim] at ssm_h_dtype; the conv
  // window keeps conv_kernel - 1 past inputs of each conv channel (what vLLM allocates).
  // Under TP (vLLM qwen3_next.py, mamba_utils.py @2afe1e8): in_proj_qkvz / in_proj_ba and the
  // conv channels split by key-head groups, A_log / dt_bias and the h state by value heads,
  // out_proj is row parallel; the gated norm's [lin_v_dim] weight is per head, so replicated.
  const std::uint64_t kh = d.lin_k_heads;
  const std::uint64_t vh = d.lin_v_heads;
  const auto gdn_block = c.add_block(
      "gdn",
      {with_aux(nd("input_norm", op::rms_norm, {e(h)}, {e(h)}), h),
       sharded(nd("qkvz", op::linear, {e(h)}, {e(2 * key_dim + 2 * value_dim)}, linear_role::qkvz), shard::heads, kh),
       sharded(nd("ba", op::linear, {e(h)}, {e(2 * d.lin_v_heads)}, linear_role::ba), shard::heads, kh),
       sharded(with_states(with_aux(nd("conv", op::conv1d_update, {e(conv_dim)}, {e(conv_dim, f32)}), conv_dim * d.conv_kernel),
                           0, 0b10),
               shard::heads, kh, true),
       sharded(with_aux(nd("gates", op::gdn_gates, {e(2 * d.lin_v_heads)}, {e(d.lin_v_heads, f32), e(d.lin_v_heads, f32)}),
                        2 * d.lin_v_heads),  // A_log and dt_bias
               shard::heads, vh, true),
       sharded(nd("l2", op::l2_norm, {e(2 * key_dim, f32)}, {e(2 * key_dim, f32)}), shard::heads, kh),
       sharded(with_states(nd("recurrence", op::gdn_recurrence,
                              {e(2 * key_dim, f32), e(value_dim, f32), e(d.lin_v_heads, f32), e(d.lin_v_heads, f32)},
                              {e(value_dim, f32)}),
                           0, 0b01),
               shard::heads, vh),
       sharded(with_aux(nd("norm", op::gated_rms_norm, {e(value_dim, f32), e(value_dim)}, {e(value_dim)}), d.lin_v_dim),
               shard::heads, vh),
       sharded(nd("out", op::linear, {e(value_dim)}, {e(h)}, linear_role::gdn_out), shard::rows, vh),
       nd("add", op::residual_add, {e(h), e(h)}, {e(h)})},
      {{"h", state_kind::recurrent, dtype_key::ssm_h, checked_mul(checked_mul(d.lin_v_heads, d.lin_k_dim), d.lin_v_dim),
        shard::heads, vh},
       {"conv", state_kind::conv_window, dtype_key::conv, checked_mul(conv_dim, d.conv_kernel - 1), shard::heads, kh}});

  // Gated full attention: q_proj emits the query and a sigmoid output gate per head.
  const auto attn_block = c.add_block(
      "attn",
      {with_aux(nd("input_norm", op::rms_norm, {e(h)}, {e(h)}), h),
       sharded(nd("q", op::linear, {e(h)}, {e(2 * qw)}, linear_role::q), shard::heads, d.q_heads),
       sharded(nd("split", op::split, {e(2 * qw)}, {e(qw), e(qw)}), shard::heads, d.q_heads),
       sharded(nd("k", op::linear, {e(h)}, {e(kvw)}, linear_role::k), shard::kv_heads, d.kv_heads),
       sharded(nd("v", op::linear, {e(h)}, {e(kvw)}, linear_role::v), shard::kv_heads, d.kv_heads),
       sharded(with_aux(nd("q_norm", op::qk_norm, {e(qw)}, {e(qw)}), d.head_dim), shard::heads, d.q_heads),
       sharded(with_aux(nd("k_norm", op::qk_norm, {e(kvw)}, {e(kvw)}), d.head_dim), shard::kv_heads, d.kv_heads),
       sharded(nd("rope", op::rope, {e(qw), e(kvw)}, {e(qw), e(kvw)}), shard::heads, d.q_heads),
       sharded(nd("kv_write", op::kv_write, {e(kvw), e(kvw)}, {}), shard::kv_heads, d.kv_heads),
       sharded(with_states(nd("attend", op::paged_attention, {e(qw), e(kvw), e(kvw)}, {e(qw)}), 0b11), shard::heads, d.q_heads),
       sharded(nd("gate", op::sigmoid_gate_mul, {e(qw), e(qw)}, {e(qw)}), shard::heads, d.q_heads),
       sharded(nd("o", op::linear, {e(qw)}, {e(h)}, linear_role::o), shard::rows, d.q_heads),
       nd("add", op::residual_add, {e(h), e(h)}, {e(h)})},
      // K and V carry their KV heads: under TP each rank keeps kv_heads / tp of them (or one,
      // replicated, when tp exceeds them).
      {{"k", state_kind::paged_kv, dtype_key::kv_cache, kvw, shard::kv_heads, d.kv_heads},
       {"v", state_kind::paged_kv, dtype_key::kv_cache, kvw, shard::kv_heads, d.kv_heads}});

  // Routed MoE (top_k of experts, softmax) plus a shared expert scaled by a sigmoid gate.
  node gate_up = sharded(nd("gate_up", op::expert_gate_up, {e_rows(d.top_k, h), e(d.top_k, i32)},
                            {e_rows(d.top_k, 2 * d.moe_inter)}),
                         shard::experts, d.moe_inter);
  gate_up.experts = d.experts;
  gate_up.top_k = d.top_k;
  gate_up.weight_tensors = 2;
  node down = sharded(nd("down", op::expert_down, {e_rows(d.top_k, d.moe_inter)}, {e_rows(d.top_k, h)}), shard::experts,
                      d.moe_inter);
  down.experts = d.experts;
  down.top_k = d.top_k;
  node shared_gate_up = sharded(nd("shared_gate_up", op::linear, {e(h)}, {e(2 * d.shared_inter)}, linear_role::shared_gate_up),
                                shard::columns, d.shared_inter);
  shared_gate_up.weight_tensors = 2;
  const auto moe_block = c.add_block(
      "moe", {with_aux(nd("post_norm", op::rms_norm, {e(h)}, {e(h)}), h),
              nd("router", op::router, {e(h)}, {e(d.experts)}),
              nd("top_k", op::top_k, {e(d.experts)}, {e(d.top_k, f32), e(d.top_k, i32)}),
              gate_up,
              sharded(nd("act", op::silu_mul, {e_rows(d.top_k, 2 * d.moe_inter)}, {e_rows(d.top_k, d.moe_inter)}),
                      shard::experts, d.moe_inter),
              down,
              shared_gate_up,
              sharded(nd("shared_act", op::silu_mul, {e(2 * d.shared_inter)}, {e(d.shared_inter)}), shard::columns, d.shared_inter),
              sharded(nd("shared_down", op::linear, {e(d.shared_inter)}, {e(h)}, linear_role::shared_down), shard::rows,
                      d.shared_inter),
              nd("shared_gate", op::linear, {e(h)}, {e(1)}, linear_role::shared_gate),
              nd("blend", op::blend, {e_rows(d.top_k, h), e(d.top_k, f32), e(h), e(1)}, {e(h)}),
              nd("add", op::residual_add, {e(h), e(h)}, {e(h)})});

  const auto head_block =
      c.add_block("head", {with_aux(nd("final_norm", op::final_norm, {e(h)}, {e(h)}), h),
                           sharded(nd("lm_head", op::lm_head, {e(h)}, {e(d.vocab)}), shard::vocab, d.vocab),
                           nd("argmax", op::argmax, {e(d.vocab)}, {e(1, i32)})});

  c.add(embed_block, no_layer, section::main, layer_kind::none);
  for (std::uint64_t l = 0; l < d.layers; ++l) {
    const bool full = (l + 1) % d.full_attention_interval == 0;
    const layer_kind kind = full ? layer_kind::full_attention : layer_kind::linear_attention;
    c.add(full ? attn_block : gdn_block, static_cast<std::uint16_t>(l), section::main, kind);
    c.add(moe_block, static_cast<std::uint16_t>(l), section::main, kind);
  }
  c.add(head_block, no_layer, section::main, layer_kind::none);

  if (d.mtp_layers > 0) {
    node shared_embed = embed;
    shared_embed.stores_weight = false;  // reads model.embed_tokens
    const auto mtp_in = c.add_block(
        "mtp_in", {shared_embed, with_aux(nd("embed_norm", op::rms_norm, {e(h)}, {e(h)}), h),
                   with_aux(nd("hidden_norm", op::rms_norm, {e(h)}, {e(h)}), h),
                   nd("concat", op::concat, {e(h), e(h)}, {e(2 * h)}),
                   nd("fc", op::linear, {e(2 * h)}, {e(h)}, linear_role::mtp_fc)});
    node shared_head = sharded(nd("lm_head", op::lm_head, {e(h)}, {e(d.vocab)}), shard::vocab, d.vocab);
    shared_head.stores_weight = false;  // reads the main lm_head
    const auto mtp_out = c.add_block("mtp_out", {with_aux(nd("final_norm", op::final_norm, {e(h)}, {e(h)}), h),
                                                 shared_head, nd("argmax", op::argmax, {e(d.vocab)}, {e(1, i32)})});
    c.add(mtp_in, 0, section::draft, layer_kind::none);
    for (std::uint64_t l = 0; l < d.mtp_layers; ++l) {
      c.add(attn_block, static_cast<std::uint16_t>(l), section::draft, layer_kind::full_attention);
      c.add(moe_block, static_cast<std::uint16_t>(l), section::draft, layer_kind::full_attention);
    }
    c.add(mtp_out, 0, section::draft, layer_kind::none);
  }
  if (d.vision_params > 0) {
    const auto vision = c.add_block("vision", {with_aux(nd("encoder", op::copy, {}, {}), d.vision_params)});
    c.add(vision, no_layer, section::vision, layer_kind::none);
  }
  return c;
}

}  // namespace headroom::models::family
