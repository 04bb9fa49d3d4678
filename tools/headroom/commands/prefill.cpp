// SPDX-License-Identifier: MIT
// `prefill`: the prefill ceilings of one sequence over prompt lengths (prefill_run each).
#include "headroom/commands.hpp"
#include "headroom/render/totals.hpp"

namespace headroom::cli {

std::vector<prefill_run> compute_prefill(const query& q, const std::vector<std::uint64_t>& tokens) {
  std::vector<prefill_run> runs;
  for (std::uint64_t t : tokens) {
    runs.push_back({t, checked_totals(prefill(*q.m, *q.d, q.r, t, q.s, q.p, engines::exec_facts_of(q.e))), load_verdict(*q.m, *q.d, q.s, q.e, 1, t, q.p)});
  }
  return runs;
}

}  // namespace headroom::cli
