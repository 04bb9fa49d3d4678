// SPDX-License-Identifier: MIT
// headroom: what one rank of a parallel plan holds -- the heaviest rank's weights, KV per token
// and state per sequence.
//
// PLACEHOLDER until the sharding rules land: the single-rank plan is exact (the model's
// footprint); any other plan is refused rather than guessed.
#pragma once

#include <headroom/footprint.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/settings.hpp>

namespace headroom {

constexpr footprint_bytes rank_footprint(const model& m, const settings& s, const parallel& p) {
  detail::require_table(p == parallel{}, "parallel plans are not supported yet");
  return footprint(m, s);
}

}  // namespace headroom
