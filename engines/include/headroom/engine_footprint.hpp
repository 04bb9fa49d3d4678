// SPDX-License-Identifier: MIT
// headroom: the core's footprints as an engine profile lays them out -- its sliding-window policy
// (engine::evict_sliding) and the replicas its data parallelism makes. The core takes the policy
// as a plain flag; these overloads read it, and the layout, off the profile.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>

#include <headroom/engine.hpp>
#include <headroom/engines/all_rules.hpp>
#include <headroom/footprint.hpp>
#include <headroom/footprint_memo.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/rank_footprint.hpp>
#include <headroom/detail/settings_core.hpp>

namespace headroom {

/// What `m` holds in `e`'s arithmetic: sliding layers hold only their window when
/// e.evict_sliding (engines::none's knob; as_allocated sets it for the other engines).
constexpr footprint_bytes footprint(const model& m, const settings& s, const engine& e) {
  return footprint(m, s, e.evict_sliding);
}

/// Footprint of pipeline stage `stage` on one of its tp ranks in `e`'s arithmetic.
constexpr footprint_bytes stage_footprint(const model& m, const settings& s, const parallel& p, std::uint64_t stage,
                                          const engine& e) {
  return stage_footprint(m, s, p, stage, e.evict_sliding);
}

/// The plan as engine `e` lays out data parallel: vLLM (and the plain arithmetic) spans its MoE
/// layers over all dp x tp ranks (parallel::dp); SGLang's --dp-size without DP attention
/// (python/sglang/srt/managers/data_parallel_controller.py @fdd9edee7a8faeaeeef5d0f77af7a673b4c06297:
/// launch_tensor_parallel_group per replica, each
/// with its own tp group) and TensorRT-LLM's and llama.cpp's replicas each hold a whole tp x pp
/// plan, so one rank is that of the dp = 1 plan, serving 1 / dp of the sequences.
/// The plan as engine `e` runs attention DP: where its dense blocks follow attention DP
/// (engine_rules::attention_dp_dense_dp: TensorRT-LLM; SGLang under --moe-dense-tp-size 1), a rank of tp ranks under DP attention is
/// a rank of the plan of tp 1 and dp = tp (x dp), each rank whole but for the routed experts,
/// which span all of them (EP over ep, the rest of each expert over tp x dp / ep) -- the layout
/// parallel::dp describes. Else `p`.
constexpr parallel attention_dp_layout(parallel p, const engine& e) {
  const std::uint32_t ranks = static_cast<std::uint32_t>(p.tp) * (p.dp == 0 ? 1u : p.dp);
  const auto dense_dp = engines::rules_of(e).attention_dp_dense_dp;
  if (!p.dp_attention || dense_dp == nullptr || !dense_dp(e) || ranks > UINT16_MAX) return p;
  p.dp = static_cast<std::uint16_t>(ranks);
  p.tp = 1;
  p.dp_attention = false;
  return p;
}

constexpr parallel dp_layout(parallel p, const engine& e) {
  if (engines::rules_of(e).dp_replicas) p.dp = 1;
  return attention_dp_layout(p, e);
}

/// The heaviest rank in `e`'s arithmetic: sliding layers hold their window when e.evict_sliding.
constexpr footprint_bytes rank_footprint(const model& m, const settings& s, const parallel& p, const engine& e) {
  return detail::rank_footprint_of(m, s, dp_layout(p, e), e.evict_sliding);
}

/// rank_footprint(m, s, p, e), read from `memo` where it holds it (null: worked out).
constexpr footprint_bytes rank_footprint(const model& m, const settings& s, const parallel& p, const engine& e,
                                         footprint_memo* memo) {
  return rank_footprint_of(memo, m, s, dp_layout(p, e), e.evict_sliding);
}

}  // namespace headroom
