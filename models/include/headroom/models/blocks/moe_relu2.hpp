// SPDX-License-Identifier: MIT
// headroom: the Nemotron-3 MoE block (HF modeling_nemotron_h.py NemotronHMoE, NemotronHTopkRouter):
// a sigmoid router with a stored score-correction bias, ungated routed experts (up, relu2,
// down), an ungated shared expert on the hidden row, and optionally a latent projection around
// the routed experts (Nemotron-3 Super's LatentMoE).
//
// Stored tensors per layer: norm [hidden]; mixer.gate.weight [experts, hidden] and
// mixer.gate.e_score_correction_bias [experts] (F32); experts.E.up_proj [moe_inter, io] and
// experts.E.down_proj [io, moe_inter]; shared_experts.up_proj [shared_inter, hidden] and
// shared_experts.down_proj [hidden, shared_inter]; with a latent: fc1_latent_proj [latent,
// hidden] and fc2_latent_proj [hidden, latent]. io = latent, or hidden without one.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/error.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom::models::blocks {

/// norm, router (F32 logits), top_k (sigmoid + correction bias, renormalised), [latent_in],
/// up, relu2, down, blend, [latent_out], shared up, relu2, shared down, [combine], residual add.
/// The widths are the routed MoE's (moe_dims: hidden, n_routed_experts, num_experts_per_tok,
/// moe_intermediate_size, moe_shared_expert_intermediate_size x n_shared_experts); `latent` is
/// moe_latent_size, 0 when the experts read the hidden row. The SwiGLU block's options (shared
/// gate, fused gate|up, biases, router_aux) have no place in this block and must be off: the
/// correction bias is always here, one F32 per expert.
constexpr std::uint8_t relu2_moe(circuit& c, std::string_view block_name, const moe_dims& d, std::uint64_t latent = 0) {
  ::headroom::detail::require_table(!d.shared_gate && !d.fused_gate_up && !d.expert_bias && !d.router_bias && d.router_aux == 0,
                                    "relu2_moe: the SwiGLU MoE options do not apply to the Nemotron-3 MoE block");
  const std::uint64_t h = d.hidden;
  const std::uint64_t K = d.top_k;
  const std::uint64_t io = latent != 0 ? latent : h;
  const auto f32 = formats::f32;
  const auto i32 = formats::i32;
  // The router is a ReplicatedLinear with F32 logits; its correction bias is a stored F32 buffer.
  const node router = with_aux(nd("router", op::router, {e(h)}, {e(d.experts, f32)}), d.experts, f32);
  const node top_k = nd("top_k", op::top_k, {e(d.experts, f32)}, {e(K, f32), e(K, i32)});
  // Routed experts (vLLM FusedMoE): experts over ep ranks, each expert's intermediate over tp / ep.
  node up = sharded(nd("up", op::expert_gate_up, {e_rows(K, io), e(K, i32)}, {e_rows(K, d.moe_inter)}), shard::experts,
                    d.moe_inter);
  up.experts = d.experts;
  up.top_k = K;
  node down = sharded(nd("down", op::expert_down, {e_rows(K, d.moe_inter)}, {e_rows(K, io)}), shard::experts, d.moe_inter);
  down.experts = d.experts;
  down.top_k = K;
  const node act = sharded(nd("act", op::relu2, {e_rows(K, d.moe_inter)}, {e_rows(K, d.moe_inter)}), shard::experts, d.moe_inter);
  // The shared expert: a column / row parallel MLP (vLLM NemotronHMLP).
  const node shared_up = sharded(nd("shared_up", op::linear, {e(h)}, {e(d.shared_inter)}, linear_role::shared_up),
                                 shard::columns, d.shared_inter);
  const node shared_act = sharded(nd("shared_act", op::relu2, {e(d.shared_inter)}, {e(d.shared_inter)}), shard::columns,
                                  d.shared_inter);
  const node shared_down = sharded(nd("shared_down", op::linear, {e(d.shared_inter)}, {e(h)}, linear_role::shared_down),
                                   shard::rows, d.shared_inter);
  const node norm = with_aux(nd("norm", op::rms_norm, {e(h)}, {e(h)}), h);
  const node add = nd("add", op::residual_add, {e(h), e(h)}, {e(h)});
  if (latent == 0) {
    return c.add_block(block_name, {norm, router, top_k, up, act, down, shared_up, shared_act, shared_down,
                                    nd("blend", op::blend, {e_rows(K, h), e(K, f32), e(h)}, {e(h)}), add});
  }
  // LatentMoE: the routed sum is formed in the latent space and projected back; the shared
  // expert reads the hidden row. vLLM keeps fc1 / fc2 whole on every rank (ReplicatedLinear in
  // model_executor/models/nemotron_h.py NemotronHMoE).
  return c.add_block(
      block_name,
      {norm, router, top_k, nd("latent_in", op::linear, {e(h)}, {e(io)}, linear_role::moe_latent_in), up, act, down,
       nd("blend", op::blend, {e_rows(K, io), e(K, f32)}, {e(io)}),
       nd("latent_out", op::linear, {e(io)}, {e(h)}, linear_role::moe_latent_out), shared_up, shared_act, shared_down,
       nd("combine", op::residual_add, {e(h), e(h)}, {e(h)}), add});
}

}  // namespace headroom::models::blocks
