// SPDX-License-Identifier: MIT
// headroom: dense MLP blocks. Each adds one block template to a circuit and returns its index;
// edges are bf16, rows n.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/circuit.hpp>

namespace headroom::models::blocks {

namespace detail {
/// SwiGLU's gate|up (stored as two tensors; MergedColumnParallelLinear), silu_mul and down
/// (RowParallelLinear): both split the intermediate.
constexpr node swiglu_gate_up(std::uint64_t hidden, std::uint64_t inter) {
  node gate_up = sharded(nd("gate_up", op::linear, {e(hidden)}, {e(2 * inter)}, linear_role::gate_up), shard::columns, inter);
  gate_up.weight_tensors = 2;
  return gate_up;
}
constexpr node swiglu_act(std::uint64_t inter) {
  return sharded(nd("act", op::silu_mul, {e(2 * inter)}, {e(inter)}), shard::columns, inter);
}
constexpr node swiglu_down(std::uint64_t hidden, std::uint64_t inter) {
  return sharded(nd("down", op::linear, {e(inter)}, {e(hidden)}, linear_role::down), shard::rows, inter);
}
}  // namespace detail

/// post norm, gate|up (stored as two tensors), silu_mul, down, residual add.
constexpr std::uint8_t swiglu_mlp(circuit& c, std::string_view block_name, std::uint64_t hidden, std::uint64_t inter) {
  return c.add_block(block_name, {with_aux(nd("post_norm", op::rms_norm, {e(hidden)}, {e(hidden)}), hidden),
                                  detail::swiglu_gate_up(hidden, inter), detail::swiglu_act(inter),
                                  detail::swiglu_down(hidden, inter),
                                  nd("add", op::residual_add, {e(hidden), e(hidden)}, {e(hidden)})});
}

/// The MLP of a parallel block: gate|up, silu_mul, down, residual add, and no norm of its own --
/// it reads the layer's one input norm beside the attention (Cohere, Command R / R7B / A:
/// transformers models/cohere/modeling_cohere.py, CohereDecoderLayer.forward: `hidden_states =
/// self.input_layernorm(hidden_states)`, then `residual + hidden_states_attention +
/// hidden_states_mlp`; the layer stores no post_attention_layernorm).
constexpr std::uint8_t parallel_swiglu_mlp(circuit& c, std::string_view block_name, std::uint64_t hidden, std::uint64_t inter) {
  return c.add_block(block_name, {detail::swiglu_gate_up(hidden, inter), detail::swiglu_act(inter),
                                  detail::swiglu_down(hidden, inter),
                                  nd("add", op::residual_add, {e(hidden), e(hidden)}, {e(hidden)})});
}

/// The layer's own norm, an ungated up, squared ReLU, down, residual add (Nemotron-H's `-`
/// layers: up_proj [inter, hidden], down_proj [hidden, inter]; column / row parallel).
constexpr std::uint8_t relu2_mlp(circuit& c, std::string_view block_name, std::uint64_t hidden, std::uint64_t inter) {
  return c.add_block(block_name, {with_aux(nd("norm", op::rms_norm, {e(hidden)}, {e(hidden)}), hidden),
                                  sharded(nd("up", op::linear, {e(hidden)}, {e(inter)}, linear_role::up), shard::columns, inter),
                                  sharded(nd("act", op::relu2, {e(inter)}, {e(inter)}), shard::columns, inter),
                                  sharded(nd("down", op::linear, {e(inter)}, {e(hidden)}, linear_role::down), shard::rows, inter),
                                  nd("add", op::residual_add, {e(hidden), e(hidden)}, {e(hidden)})});
}

/// StarCoder2's MLP (transformers models/starcoder2/modeling_starcoder2.py, Starcoder2MLP and
/// Starcoder2DecoderLayer): post_attention_layernorm, a LayerNorm with weight and bias [hidden];
/// c_fc [inter, hidden] and its bias [inter] (use_bias); the tanh GELU (gelu_pytorch_tanh);
/// c_proj [hidden, inter] and its bias [hidden]; residual add. Column / row parallel.
constexpr std::uint8_t biased_gelu_mlp(circuit& c, std::string_view block_name, std::uint64_t hidden, std::uint64_t inter,
                                       bool bias) {
  node up = sharded(nd("up", op::linear, {e(hidden)}, {e(inter)}, linear_role::up), shard::columns, inter);
  up.bias = bias;
  node down = sharded(nd("down", op::linear, {e(inter)}, {e(hidden)}, linear_role::down), shard::rows, inter);
  down.bias = bias;
  return c.add_block(block_name, {with_aux(nd("norm", op::layer_norm, {e(hidden)}, {e(hidden)}), checked_mul(2, hidden)), up,
                                  sharded(nd("act", op::gelu_tanh, {e(inter)}, {e(inter)}), shard::columns, inter), down,
                                  nd("add", op::residual_add, {e(hidden), e(hidden)}, {e(hidden)})});
}

}  // namespace headroom::models::blocks
