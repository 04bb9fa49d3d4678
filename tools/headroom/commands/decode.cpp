// SPDX-License-Identifier: MIT
// `decode`: the decode-step ceilings over batches x contexts (decode_run each).
#include "headroom/commands.hpp"
#include "headroom/render/totals.hpp"

namespace headroom::cli {

std::vector<decode_run> compute_decode(const query& q, const std::vector<std::uint64_t>& batches,
                                       const std::vector<std::uint64_t>& contexts) {
  std::vector<decode_run> runs;
  for (std::uint64_t c : contexts) {
    for (std::uint64_t b : batches) {
      runs.push_back({b, c, checked_totals(decode_step(*q.m, *q.d, q.r, b, c, q.s, q.p, engines::exec_facts_of(q.e))), load_verdict(*q.m, *q.d, q.s, q.e, b, c, q.p)});
    }
  }
  return runs;
}

}  // namespace headroom::cli
