// SPDX-License-Identifier: MIT
// `matrix` and the fleet `fit --devices`: every model x device (matrix_row each).
#include <fmt/format.h>

#include "headroom/commands.hpp"
#include "headroom/render/totals.hpp"
#include "headroom/args/plan_cli.hpp"

namespace headroom::cli {

settings matrix_settings() {
  settings s{};
  s.ssm_h = auto_state_dtype(engine{});
  return s;
}

std::vector<matrix_row> compute_matrix(const std::vector<const model*>& ms, const std::vector<const device*>& ds,
                                       const matrix_query& mq) {
  std::vector<matrix_row> rows;
  for (const model* m : ms) {
    settings s = mq.s;
    if (mq.ssm_h_auto) s.ssm_h = auto_state_dtype(mq.e, *m);
    if (mq.kv_auto) s.kv = auto_kv_dtype(mq.e, *m);
    for (const device* d : ds) {
      matrix_row row{};
      row.m = m;
      row.d = d;
      row.r = default_roofline(*d);
      for (const std::uint64_t b : mq.batches) row.step_us.push_back(checked_totals(decode_step(*m, *d, row.r, b, mq.context, s, {}, engines::exec_facts_of(mq.e))).total_us);
      row.c1 = compute_fit(*m, *d, s, mq.seqs, mq.context, mq.e);
      row.load_plan = row.c1.fits ? std::optional<parallel>(parallel{}) : row.c1.advice;
      if (row.load_plan) row.load_step_us = checked_totals(decode_step(*m, *d, row.r, mq.seqs, mq.context, s, *row.load_plan, engines::exec_facts_of(mq.e))).total_us;
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

double tokens_per_s(std::uint64_t batch, double step_us) {
  return step_us > 0 ? static_cast<double>(batch) / (step_us / 1e6) : 0.0;
}

std::string load_plan_text(const matrix_row& r) {
  if (!r.load_plan) return "none";
  return *r.load_plan == parallel{} ? std::string("1 device") : plan_text(*r.load_plan);
}

}  // namespace headroom::cli
