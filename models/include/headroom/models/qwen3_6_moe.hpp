// SPDX-License-Identifier: MIT
// headroom: the Qwen3.5 hybrid family with a routed MoE per layer, `qwen3_6_moe`
// (Qwen3_5MoeForConditionalGeneration: Qwen3.6-35B-A3B; model_type qwen3_5_moe). The layer
// stack, MTP layer and vision tower are qwen3_5.hpp's; every layer's MLP (and the MTP layer's)
// is a routed MoE with a sigmoid-gated shared expert, stored per expert in the quantized
// releases: mlp.gate [experts, hidden], experts.E.{gate,up}_proj [moe_inter, hidden],
// experts.E.down_proj [hidden, moe_inter], shared_expert.{gate,up}_proj [shared_inter,
// hidden], shared_expert.down_proj [hidden, shared_inter], shared_expert_gate [1, hidden].
// (Qwen3.5-35B-A3B, registered before this family, keeps the qwen3_next circuit: its one
// difference is the split in_proj tensors, which change no BF16 byte.)
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/qwen3_5.hpp>

namespace headroom::models::family {

struct qwen3_6_moe_dims {
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
  /// The draft reads an engine-built copy of lm_head (quantized by the recipe) instead of the
  /// main one: counted in footprint weights as runtime_weights.
  bool mtp_head_copy = false;
  std::uint64_t vision_params = 0;  ///< parameters of the stored vision tower (0 = none)
};

constexpr circuit qwen3_6_moe(const qwen3_6_moe_dims& d) {
  return detail::qwen3_5_hybrid(d,
                                [&](circuit& c) {
                                  // top_k of experts (softmax) plus the shared expert scaled by a sigmoid gate.
                                  return blocks::routed_moe(c, "moe", {.hidden = d.hidden,
                                                                       .experts = d.experts,
                                                                       .top_k = d.top_k,
                                                                       .moe_inter = d.moe_inter,
                                                                       .shared_inter = d.shared_inter,
                                                                       .shared_gate = true});
                                });
}

}  // namespace headroom::models::family
