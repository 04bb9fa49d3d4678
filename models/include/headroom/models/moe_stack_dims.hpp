// SPDX-License-Identifier: MIT
// headroom: the MLP side of DeepSeek-V3-style stacks (mla_moe, glm5_next): the first
// `first_dense` layers a dense SwiGLU MLP, the rest a routed MoE with `shared_experts` shared
// experts, and `mtp_layers` MTP layers after the main ones. A member of each family's dims.
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/config_values.hpp>

namespace headroom::models::family {

struct moe_stack_dims {
  std::uint64_t inter = 0;        ///< dense layers' intermediate_size
  std::uint64_t first_dense = 0;  ///< first_k_dense_replace
  std::uint64_t experts = 0;
  std::uint64_t top_k = 0;
  std::uint64_t moe_inter = 0;
  std::uint64_t shared_experts = 0;
  std::uint64_t mtp_layers = 0;  ///< num_nextn_predict_layers

  /// The shared experts' width: n_shared_experts of moe_intermediate_size, as one MLP.
  [[nodiscard]] constexpr std::uint64_t shared_inter() const { return checked_mul(moe_inter, shared_experts); }
  /// Records the widths under DeepSeek-V3's config.json keys.
  constexpr void record(config_values& v) const {
    v.put({{"intermediate_size", inter}, {"first_k_dense_replace", first_dense}, {"n_routed_experts", experts},
           {"num_experts_per_tok", top_k}, {"moe_intermediate_size", moe_inter},
           {"n_shared_experts", shared_experts}, {"num_nextn_predict_layers", mtp_layers}});
  }
};

}  // namespace headroom::models::family
