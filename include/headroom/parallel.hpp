// SPDX-License-Identifier: MIT
// headroom: a parallel plan -- how one deployment is split over ranks (devices of one kind).
//
// The plan is a structural aggregate so that a `deployment` carrying it can be a template
// argument (HEADROOM_ASSERT_FITS). What each degree shards, the rules a plan must satisfy and
// the per-rank bytes live in parallel_rules.hpp / rank_footprint (see docs/parallel.md).
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>

namespace headroom {

struct parallel {
  std::uint16_t tp = 1;  ///< tensor parallel: heads and matmul columns / rows split over tp ranks
  std::uint16_t pp = 1;  ///< pipeline parallel: contiguous layer ranges, one per stage
  std::uint16_t ep = 1;  ///< expert parallel: routed experts split over ep ranks (ep divides tp x dp)
  /// Attention data parallel (SGLang's DP attention, vLLM's data parallel with expert parallel): each of the tp ranks
  /// runs attention for its own sequences with the whole KV of those sequences; MoE layers stay
  /// split over the tp ranks.
  bool dp_attention = false;
  /// Data parallel (vLLM's data-parallel size): dp copies of the tp x pp plan, each serving its
  /// own sequences with its own attention, embedding and LM head; vLLM's MoE layers span all
  /// dp x tp ranks (experts split over ep of them, each expert's intermediate over dp x tp / ep).
  /// SGLang and TensorRT-LLM run dp independent replicas (the engines layer's dp_layout).
  std::uint16_t dp = 1;
  /// Redundant experts (expert-parallel load balancing, EPLB): extra copies of routed experts
  /// held beside each MoE layer's own, so that every layer has experts + redundant_experts
  /// slots dealt out evenly over the ep ranks (SGLang --ep-num-redundant-experts, vLLM
  /// EPLB's num_redundant_experts, TensorRT-LLM's load balancer num_slots = experts + this).
  /// Needs ep > 1. (Appended: a plan written {tp, pp, ep, dp_attention, dp} keeps its meaning.)
  std::uint16_t redundant_experts = 0;

  /// Devices the plan occupies.
  [[nodiscard]] constexpr std::uint32_t ranks() const { return static_cast<std::uint32_t>(tp) * pp * dp; }
  friend constexpr bool operator==(const parallel&, const parallel&) = default;
};

}  // namespace headroom
