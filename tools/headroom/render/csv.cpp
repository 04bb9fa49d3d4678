// SPDX-License-Identifier: MIT
// The CSV renderer: one header line, then one line per row (the table commands: matrix and the
// fleet `fit --devices`).
#include <fmt/format.h>

#include "headroom/commands.hpp"
#include "headroom/args/plan_cli.hpp"

namespace headroom::cli {

namespace {
// A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180).
std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}
}  // namespace

std::string matrix_csv(const std::vector<matrix_row>& rows, const matrix_query& mq) {
  std::string out = "model,device,constants,context_tokens";
  for (const std::uint64_t b : mq.batches) out += fmt::format(",tok_s_c{}", b);
  out += ",engine,seqs,fits,stops,shortfall_bytes,advice_plan,max_seqs,load_plan,load_tok_s\n";
  for (const matrix_row& r : rows) {
    out += fmt::format("{},{},{},{}", csv_field(r.m->id), csv_field(r.d->id), r.r.measured ? "measured" : "datasheet", mq.context);
    for (std::size_t i = 0; i < mq.batches.size(); ++i) out += fmt::format(",{:.1f}", tokens_per_s(mq.batches[i], r.step_us[i]));
    out += fmt::format(",{},{},{},{},{},{},{},{},{}\n", csv_field(name(mq.e.kind)), mq.seqs, r.c1.fits ? "true" : "false",
                       name(r.c1.v.term), r.c1.v.shortfall_bytes,
                       r.c1.advice ? csv_field(plan_text(*r.c1.advice)) : std::string(), r.c1.max_seqs,
                       r.load_plan ? csv_field(load_plan_text(r)) : std::string(),
                       r.load_plan ? fmt::format("{:.1f}", tokens_per_s(mq.seqs, r.load_step_us)) : std::string());
  }
  return out;
}

}  // namespace headroom::cli
