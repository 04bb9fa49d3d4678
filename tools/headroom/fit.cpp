// SPDX-License-Identifier: MIT
// `fit`: whether a load fits on one device under its engine (a fit_answer; rendered by
// markdown.cpp and json_commands.cpp).
#include <headroom/devices.hpp>

#include "headroom/commands.hpp"
#include "headroom/report.hpp"
#include <headroom/engines/none.hpp>

namespace headroom::cli {

fit_answer compute_fit(const model& m, const device& d, const settings& s, std::uint64_t seqs, std::uint64_t context,
                       const engine& e, const parallel& p) {
  fit_answer a{};
  a.seqs = seqs;
  a.context = context;
  a.plan = p;
  a.e = e;
  a.fp = rank_footprint(m, s, p, e);
  a.per_seq = a.fp.per_seq(context);
  a.usable = usable_bytes(d, engines::usable);
  const deployment dep{seqs, context, s, e, p};
  a.need = need_bytes(m, dep);
  validate(d);  // as fits() does, before any byte of the device is read
  // The rank is sized by its engine once; the verdict, and so `fits`, read that one answer.
  if (e.kind != engine_kind::none) {
    a.em = engine_memory_of(m, d, dep);
    a.v = verdict_of(a.em, rank_seqs(seqs, p), context);
  } else {
    a.v = load_verdict(m, d, s, e, seqs, context, p);
  }
  a.fits = a.v.fits;
  // Per rank; data parallel replicas and DP-attention ranks each serve their share of the sequences.
  const std::uint64_t per_rank = e.kind == engine_kind::none
                                     ? max_seqs(a.fp, d, context, usable_policy_of(e))
                                     : max_seqs_at(engine_memory_of(m, d, {1, context, s, e, p}), context);
  a.max_seqs = per_rank != UINT64_MAX ? checked_mul(per_rank, seq_shares(p)) : per_rank;
  if (!a.fits) a.advice = smallest_plan(m, d, {seqs, context, s, e});
  a.holders = report::other_holders(
      need_bytes(m, {seqs, context, s, engine{.kind = engine_kind::none, .evict_sliding = e.evict_sliding}}), d);
  return a;
}

}  // namespace headroom::cli
