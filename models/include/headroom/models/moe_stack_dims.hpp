// SPDX-License-Identifier: MIT
// headroom: the MLP side of DeepSeek-V3-style stacks (mla_moe, glm5_next): the first
// `first_dense` layers a dense SwiGLU MLP, the rest a routed MoE with `shared_experts` shared
// experts, and `mtp_layers` MTP layers after the main ones. A member of each family's dims.
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/config_values.hpp>
#include <headroom/error.hpp>

namespace headroom::models::family {

struct moe_stack_dims {
  std::uint64_t inter = 0;        ///< dense layers' intermediate_size
  std::uint64_t first_dense = 0;  ///< first_k_dense_replace
  std::uint64_t experts = 0;
  std::uint64_t top_k = 0;
  std::uint64_t moe_inter = 0;
  std::uint64_t shared_experts = 0;
  std::uint64_t mtp_layers = 0;  ///< num_nextn_predict_layers
  /// Group-limited routing (DeepSeek-V3's n_group 8, topk_group 4): a token's experts come from
  /// `top_groups` of `groups` groups of consecutive experts. 0: no grouping (absent, or one group).
  std::uint64_t groups = 0;
  std::uint64_t top_groups = 0;

  /// The shared experts' width: n_shared_experts of moe_intermediate_size, as one MLP.
  [[nodiscard]] constexpr std::uint64_t shared_inter() const { return checked_mul(moe_inter, shared_experts); }
  /// The grouping the routed experts' nodes carry (circuit.hpp, expert_groups / top_groups): one
  /// group or none is no grouping; else n_group must divide the experts and topk_group lie in
  /// 1..n_group.
  [[nodiscard]] constexpr std::uint16_t routing_groups() const {
    if (groups <= 1) return 0;
    ::headroom::detail::require_table(groups <= experts && experts % groups == 0 && top_groups >= 1 && top_groups <= groups,
                                      "n_group must divide n_routed_experts, and topk_group be 1 to n_group");
    return static_cast<std::uint16_t>(groups);
  }
  [[nodiscard]] constexpr std::uint16_t routing_top_groups() const {
    return routing_groups() == 0 ? 0 : static_cast<std::uint16_t>(top_groups);
  }
  /// Records the widths under DeepSeek-V3's config.json keys.
  constexpr void record(config_values& v) const {
    v.put({{"intermediate_size", inter}, {"first_k_dense_replace", first_dense}, {"n_routed_experts", experts},
           {"num_experts_per_tok", top_k}, {"moe_intermediate_size", moe_inter},
           {"n_shared_experts", shared_experts}, {"num_nextn_predict_layers", mtp_layers}});
    if (groups != 0) v.put({{"n_group", groups}, {"topk_group", top_groups}});
  }
};

}  // namespace headroom::models::family
