// SPDX-License-Identifier: MIT
// headroom: the routed mixture-of-experts block (Mixtral, Qwen3 MoE, gpt-oss, DeepSeek-V3,
// Qwen3-Next). Adds one block template to a circuit and returns its index; edges are bf16
// unless stated, rows n unless stated.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>

namespace headroom::models::blocks {

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
  bool layer_norm = false;          ///< the post norm a LayerNorm with weight and bias (PhiMoE), not an RMSNorm
  std::uint16_t groups = 0;         ///< group-limited routing: n_group (0: none)
  std::uint16_t top_groups = 0;     ///< group-limited routing: topk_group
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
  gate_up.expert_groups = d.groups;
  gate_up.top_groups = d.top_groups;
  gate_up.weight_tensors = d.fused_gate_up ? 1 : 2;
  gate_up.bias = d.expert_bias;
  node down = sharded(nd("down", op::expert_down, {e_rows(K, d.moe_inter)}, {e_rows(K, h)}), shard::experts, d.moe_inter);
  down.experts = d.experts;
  down.top_k = K;
  down.expert_groups = d.groups;
  down.top_groups = d.top_groups;
  down.bias = d.expert_bias;
  const node norm = d.layer_norm ? with_aux(nd("post_norm", op::layer_norm, {e(h)}, {e(h)}), checked_mul(2, h))
                                 : with_aux(nd("post_norm", op::rms_norm, {e(h)}, {e(h)}), h);
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
