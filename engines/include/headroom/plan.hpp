// SPDX-License-Identifier: MIT
// headroom: plans, not degrees -- the smallest valid parallel plans that hold a deployment.
//
// Candidates: tp and pp degrees (plan_tp_degrees, plan_pp_degrees), ep = 1 or tp
// for models with routed experts, with or without DP attention. Each is checked against the
// engine rules (parallel_rules.hpp) and against the heaviest rank's bytes (rank_footprint).
// Order of preference among plans of equal size: the tensor-parallel group inside one
// scale-up domain, fewer pipeline stages (pp adds a hop per token and no bandwidth), no EP,
// no DP attention -- so "the smallest valid plan" is deterministic.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include <headroom/device.hpp>
#include <headroom/fit.hpp>
#include <headroom/kernels.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/parallel_rules.hpp>
#include <headroom/rank_footprint.hpp>

namespace headroom {

/// TP degrees searched: every degree up to 8, then the multiples of 4 and 8 that head counts
/// (a power of two, or 40 / 48 / 96 / 128 heads) divide; PP: every degree up to 16 (vLLM
/// splits any layer count with get_pp_indices).
inline constexpr std::array<std::uint16_t, 15> plan_tp_degrees{1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 20, 24, 32, 48, 64};
inline constexpr std::array<std::uint16_t, 16> plan_pp_degrees{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
inline constexpr std::size_t max_plan_candidates = plan_tp_degrees.size() * plan_pp_degrees.size() * 3;

namespace detail {
// Preference key: smaller is preferred.
constexpr std::uint64_t plan_key(const parallel& p, const device& d) {
  const std::uint64_t out = p.tp > (d.link.domain == 0 ? 1 : d.link.domain) ? 1 : 0;
  return (static_cast<std::uint64_t>(p.ranks()) << 24) | (out << 20) | (static_cast<std::uint64_t>(p.pp) << 8) |
         (static_cast<std::uint64_t>(p.ep > 1) << 1) | static_cast<std::uint64_t>(p.dp_attention);
}
}  // namespace detail

/// Candidate plans: model_plans' and valid_plans' answers.
struct plan_list {
  std::array<parallel, max_plan_candidates> plans{};
  std::size_t n = 0;
};
/// Every candidate plan valid for the model, in the order they are enumerated (tp, then the
/// variants, then pp). Validity is the model's alone (parallel_rules.hpp): a search over many
/// devices works this out once and orders it for each (ordered_plans).
constexpr plan_list model_plans(const model& m) {
  plan_list out{};
  const bool moe = has_routed_experts(m);
  const std::uint64_t layers = main_layers(m);
  for (const std::uint16_t tp : plan_tp_degrees) {
    const parallel variants[] = {{.tp = tp}, {.tp = tp, .ep = tp}, {.tp = tp, .ep = tp, .dp_attention = true}};
    const std::size_t n_variants = moe && tp > 1 ? 3 : 1;
    for (std::size_t v = 0; v < n_variants; ++v) {
      // Only pp_within_layers depends on pp: check the rest once per (tp, ep, dp_attention).
      if (!valid(m, variants[v])) continue;
      for (const std::uint16_t pp : plan_pp_degrees) {
        if (pp > layers) break;
        parallel p = variants[v];
        p.pp = pp;
        out.plans[out.n++] = p;
      }
    }
  }
  return out;
}

/// `l` in preference order for device `d` (a stable sort: ties keep `l`'s order).
constexpr plan_list ordered_plans(plan_list l, const device& d) {
  for (std::size_t i = 1; i < l.n; ++i) {
    for (std::size_t j = i; j > 0 && detail::plan_key(l.plans[j], d) < detail::plan_key(l.plans[j - 1], d); --j) {
      const parallel t = l.plans[j];
      l.plans[j] = l.plans[j - 1];
      l.plans[j - 1] = t;
    }
  }
  return l;
}

/// Every candidate plan valid for the model (any size), in preference order for device `d`.
constexpr plan_list valid_plans(const model& m, const device& d) { return ordered_plans(model_plans(m), d); }

/// The smallest valid plan under which `seqs` sequences of `context` tokens fit, if any up to
/// 64 x 16 devices does. The deployment's own plan is ignored.
constexpr std::optional<parallel> smallest_plan(const model& m, const device& d, deployment dep) {
  const plan_list l = valid_plans(m, d);
  for (std::size_t i = 0; i < l.n; ++i) {
    dep.parallel = l.plans[i];
    if (fits(m, d, dep)) return l.plans[i];
  }
  return std::nullopt;
}

/// The fit table of fit.hpp for one rank of plan `p`: the heaviest rank's footprint, each
/// cell at the rank's share of the sequences (DP attention), maxima in sequences overall; under
/// `e` (kind none), its usable-memory and sliding-window policies.
constexpr fit_table make_fit_table(const model& m, const device& d, const settings& s, const parallel& p,
                                   const engine& e) {
  if (p == parallel{}) return make_fit_table(m, d, s, e);
  const usable_policy& u = usable_policy_of(e);
  fit_table t{};
  t.usable = usable_bytes(d, u);
  t.fp = rank_footprint(m, s, p, e);
  for (std::size_t bi = 0; bi < fit_batches.size(); ++bi) {
    for (std::size_t ci = 0; ci < fit_contexts.size(); ++ci) {
      const byte_count need = t.fp.bytes(rank_seqs(fit_batches[bi], p), fit_contexts[ci]);
      t.cells[bi][ci] = {need, need <= t.usable};
      if (need <= t.usable) t.ladder_max[ci] = fit_batches[bi];
    }
  }
  for (std::size_t ci = 0; ci < fit_contexts.size(); ++ci) {
    const std::uint64_t per_rank = max_seqs(t.fp, d, fit_contexts[ci], u);
    t.exact_max[ci] = per_rank != UINT64_MAX ? checked_mul(per_rank, seq_shares(p)) : per_rank;
  }
  return t;
}
/// The same under the usable-memory policy `u`, every token of a sliding layer counted.
constexpr fit_table make_fit_table(const model& m, const device& d, const settings& s, const parallel& p,
                                   const usable_policy& u) {
  return make_fit_table(m, d, s, p, arithmetic_of(engine{}, u));
}

}  // namespace headroom
