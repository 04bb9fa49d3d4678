// SPDX-License-Identifier: MIT
// headroom: the cost class of every op (docs/model.md#ops). node_cost.hpp switches on the class,
// not on the op, so an op is costed by exactly one of these laws and a new op must pick one.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include <headroom/circuit.hpp>
#include <headroom/detail/enum_table.hpp>

namespace headroom {

/// What a node of an op adds to its edges' bytes and what FLOPs it counts.
enum class cost_class : std::uint8_t {
  edges,           ///< edges (and small stored parameters) only, no FLOPs: norms, adds, routing glue
  elementwise,     ///< edges, and a fixed number of FLOPs per output element (transcendental-heavy)
  linear,          ///< one copy of the weight; 2 t k out FLOPs
  routed_experts,  ///< the expected distinct experts' weights; 2 t K k out FLOPs
  attention,       ///< the KV it reads over min(context, window); scores and weighted sum
  latent_attention,  ///< absorbed MLA: kv_b_proj once, the latent rows it reads, absorbed FLOPs
  indexer,         ///< sparse-attention indexer: the pooled index keys of the context, their scores
  recurrent,       ///< a recurrent state read and written once per sequence; 4 t elements FLOPs
};
inline constexpr std::array all_cost_classes{
    cost_class::edges,     cost_class::elementwise,      cost_class::linear,  cost_class::routed_experts,
    cost_class::attention, cost_class::latent_attention, cost_class::indexer, cost_class::recurrent,
};
static_assert(detail::lists_values_in_order(all_cost_classes));

constexpr std::string_view name(cost_class k) {
  constexpr std::string_view names[] = {"edges"sv,     "elementwise"sv,      "linear"sv,  "routed experts"sv,
                                        "attention"sv, "latent attention"sv, "indexer"sv, "recurrent"sv};
  static_assert(std::size(names) == all_cost_classes.size(), "one name per cost class");
  return names[static_cast<std::size_t>(k)];
}

/// The law node_cost applies to a node of op `o`.
constexpr cost_class cost_class_of(op o) {
  switch (o) {
    case op::linear:
    case op::router:
    case op::lm_head: return cost_class::linear;
    case op::expert_gate_up:
    case op::expert_down: return cost_class::routed_experts;
    case op::paged_attention: return cost_class::attention;
    case op::mla_attention: return cost_class::latent_attention;
    case op::index_select: return cost_class::indexer;
    case op::gdn_recurrence:
    case op::ssm_update: return cost_class::recurrent;
    case op::gelu_tanh_mul:
    case op::gelu_tanh:
    case op::scalar_mul:
    case op::logit_softcap: return cost_class::elementwise;
    // Memory-bound glue: whatever arithmetic they do is hidden under their edges' bytes. hc_pre
    // (the Sinkhorn iterations of a hyper-connection pre-mix) works on hc x hc matrices per row;
    // ep_reduce is the local sum of an expert-parallel output, its wire time is the plan's
    // collective (estimate.hpp's links), not the node's.
    case op::embed:
    case op::rms_norm:
    case op::gated_rms_norm:
    case op::residual_add:
    case op::copy:
    case op::concat:
    case op::split:
    case op::silu_mul:
    case op::act_quant:
    case op::qk_norm:
    case op::rope:
    case op::kv_write:
    case op::sigmoid_gate_mul:
    case op::gdn_gates:
    case op::conv1d_update:
    case op::l2_norm:
    case op::top_k:
    case op::blend:
    case op::final_norm:
    case op::argmax:
    case op::relu2:
    case op::swiglu_clamp:
    case op::layer_norm:
    case op::kpool_compress:
    case op::hc_expand:
    case op::hc_pre:
    case op::hc_post:
    case op::hc_contract:
    case op::ep_reduce:
    case op::state_snapshot: return cost_class::edges;
  }
  return cost_class::edges;
}

/// FLOPs per output element of an elementwise op, a tanh counted as one:
///   gelu_tanh_mul  0.5 * g * (1 + tanh(c * (g + 0.044715 * g^3))) * up: g^3 (2), * 0.044715,
///                  + g, * c, tanh, + 1, * g, * 0.5, * up = 10;
///   gelu_tanh      the same without the product with up = 9;
///   scalar_mul     x * s = 1;
///   logit_softcap  cap * tanh(x / cap): a division, a tanh, a product = 3;
/// 0 for every other op.
constexpr std::uint64_t flops_per_output_element(op o) {
  switch (o) {
    case op::gelu_tanh_mul: return 10;
    case op::gelu_tanh: return 9;
    case op::scalar_mul: return 1;
    case op::logit_softcap: return 3;
    default: return 0;
  }
}

}  // namespace headroom
