// SPDX-License-Identifier: MIT
#include "headroom/commands/plot.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <headroom/engines/exec_facts.hpp>
#include <headroom/engines/none.hpp>

#include "headroom/args/engine_flags.hpp"
#include "headroom/render/totals.hpp"
#include "headroom/args/plan_cli.hpp"

namespace headroom::cli {

plot_kind parse_plot_kind(std::string_view text) {
  if (text == "roofline") return plot_kind::roofline;
  if (text == "memory") return plot_kind::memory;
  if (text == "decode") return plot_kind::decode;
  throw usage_error(fmt::format("plot: unknown chart `{}` (expected roofline, memory, decode or pareto)", text));
}

namespace {

// Short enough for one line of a chart; the full basis is in `headroom report`.
std::string basis_note(const query& q) {
  return q.r.measured ? "measured achievable constants" : "datasheet ceilings (roofline projection, unmeasured)";
}
std::string kv_note(const query& q) { return fmt::format("KV cache {}", name(q.s.kv)); }

// Rows of a step with both bytes and FLOPs, as (FLOP/byte, achieved TFLOP/s).
std::vector<svg::point> rows_of(const step_estimate& st) {
  std::vector<svg::point> out;
  for (std::size_t i = 0; i < st.n_rows; ++i) {
    const cost& c = st.rows[i].one;
    if (c.bytes <= 0 || c.flops <= 0 || c.time_us <= 0) continue;
    out.push_back({c.flops / c.bytes, c.flops / (c.time_us * 1e6)});
  }
  std::sort(out.begin(), out.end(), [](const svg::point& a, const svg::point& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  return out;
}

svg::point whole(const step_estimate& st) { return {st.flops / st.bytes, st.flops / (st.total_us * 1e6)}; }

}  // namespace

svg::line_chart roofline_chart(const plot_request& p) {
  const query& q = p.targets.front();
  const step_estimate d1 = checked_totals(decode_step(*q.m, *q.d, q.r, 1, p.context, q.s, q.p, engines::exec_facts_of(q.e)));
  const step_estimate d128 = checked_totals(decode_step(*q.m, *q.d, q.r, 128, p.context, q.s, q.p, engines::exec_facts_of(q.e)));
  // A run the engine cannot hold is still drawn (a roofline is the operator's, not the load's)
  // but says so in its name.
  const auto held = [&](std::uint64_t seqs, std::uint64_t tokens) {
    const verdict v = load_verdict(*q.m, *q.d, q.s, q.e, seqs, tokens, q.p);
    return v.fits ? std::string() : fmt::format(" (does not fit under {}: {})", display_name(q.e.kind), name(v.term));
  };

  svg::line_chart c;
  c.title = fmt::format("Roofline: {} on {}", q.m->name, q.d->name);
  c.subtitle = fmt::format("{}; decode at {} tokens of context, {}{}", basis_note(q), p.context, kv_note(q),
                           q.p == parallel{} ? std::string() : fmt::format("; plan {}: one rank's nodes", plan_text(q.p)));
  c.x = {"arithmetic intensity (FLOP per DRAM byte)", true, 10};
  c.y = {"attainable TFLOP/s", true, 10};

  std::vector<svg::series> points;
  const std::vector<svg::point> r1 = rows_of(d1);
  const std::vector<svg::point> r128 = rows_of(d128);
  points.push_back({"decode C=1 nodes" + held(1, p.context), r1, false, true, false});
  points.push_back({"decode C=128 nodes" + held(128, p.context), r128, false, true, false});
  std::vector<svg::point> wholes{whole(d1), whole(d128)};
  for (const std::uint64_t t : p.prefill_tokens) {
    const step_estimate pf = checked_totals(prefill(*q.m, *q.d, q.r, t, q.s, q.p, engines::exec_facts_of(q.e)));
    points.push_back({fmt::format("prefill {} nodes{}", t, held(1, t)), rows_of(pf), false, true, false});
    wholes.push_back(whole(pf));
  }
  points.push_back({"whole steps", std::move(wholes), false, true, false});

  double xlo = 1e30, xhi = 0;
  for (const svg::series& s : points) {
    for (const svg::point& pt : s.points) {
      xlo = std::min(xlo, pt.x);
      xhi = std::max(xhi, pt.x);
    }
  }
  xlo = std::min(xlo, 0.1);
  // One roof per format with a peak: bandwidth x intensity up to the ridge, the peak after it.
  const double bw_tb = q.r.r.dram_gbps / 1e3;  // TB/s, so bw x FLOP/byte = TFLOP/s
  struct roof {
    const char* name;
    double peak;
    bool runs;  // only the formats the device has a matrix path for get a roof
  };
  for (const roof rf : {roof{"BF16", q.r.r.bf16_tflops, true}, roof{"FP8", q.r.r.fp8_tflops, q.d->runs(mma_kind::fp8)},
                        roof{"NVFP4", q.r.r.nvfp4_tflops, q.d->runs(mma_kind::fp4_block_scale)}}) {
    if (rf.peak <= 0 || !rf.runs) continue;
    const double ridge = rf.peak / bw_tb;
    const double right = std::max(xhi, ridge) * 4;
    c.lines.push_back({fmt::format("{} roof, {} TFLOP/s", rf.name, num(rf.peak)),
                       {{xlo, bw_tb * xlo}, {ridge, rf.peak}, {right, rf.peak}},
                       true,
                       false,
                       true});
  }
  for (svg::series& s : points) {
    if (!s.points.empty()) c.lines.push_back(std::move(s));
  }
  return c;
}

svg::bar_chart memory_chart(const plot_request& p) {
  svg::bar_chart c;
  const query& first = p.targets.front();
  const bool engine = !is_arithmetic(first.e);
  c.title = fmt::format("Memory: {} x {} tokens of {}", p.seqs, p.context, first.m->name);
  c.subtitle = engine ? fmt::format("GiB (2^30 bytes) per device (one rank), {}; {} sizes the pool: its budget is the mark",
                                    kv_note(first), display_name(first.e.kind))
                      : fmt::format("GiB (2^30 bytes) per device, {}; usable: visible x the device's usable fraction", kv_note(first));
  c.value_label = "GiB";
  c.limit_label = engine ? fmt::format("{} budget", display_name(first.e.kind)) : std::string("usable");
  for (const query& q : p.targets) {
    const footprint_bytes fp = rank_footprint(*q.m, q.s, q.p, q.e);
    const byte_count kv = checked_mul(p.seqs, checked_add(checked_mul(fp.kv_per_token, p.context),
                                                            checked_mul(fp.swa_kv_per_token, std::min(p.context, fp.swa_window))));
    svg::bar b;
    b.label = std::string(q.d->id);
    b.segments = {{"weights (loaded)", to_gib(fp.loaded_weights)}};
    if (engine) {
      // The terms the engine subtracts before its KV pool (engine_memory.hpp, docs/engines.md).
      const engine_memory em = engine_memory_of(*q.m, *q.d, {p.seqs, p.context, q.s, q.e, q.p});
      b.segments.push_back({"activation peak / sampler", to_gib(std::max(em.activation_peak_bytes, em.sampler_bytes))});
      b.segments.push_back({"CUDA graphs + non-torch", to_gib(checked_add(em.cuda_graph_bytes, em.non_torch_bytes))});
      b.limit = to_gib(em.budget_bytes);
    } else {
      b.limit = to_gib(usable_bytes(*q.d, engines::usable));
    }
    b.segments.push_back({"KV cache of the load", to_gib(kv)});
    b.segments.push_back({"state + conv of the load",
                          to_gib(checked_mul(p.seqs, checked_add(fp.state_per_seq, fp.conv_per_seq)))});
    c.bars.push_back(std::move(b));
  }
  return c;
}

svg::line_chart decode_chart(const plot_request& p) {
  svg::line_chart c;
  const query& first = p.targets.front();
  c.title = fmt::format("Decode ceiling: {}", first.m->name);
  c.subtitle = fmt::format("tokens/s of all sequences at {} tokens of context, {}; {}", p.context, kv_note(first),
                           first.r.measured ? "measured constants" : "datasheet ceilings");
  c.x = {"batch (sequences decoded together)", true, 2};
  c.y = {"tokens/s (roofline ceiling)", true, 10};
  std::string left_out;
  for (const query& q : p.targets) {
    svg::series s;
    s.name = fmt::format("{}{}", q.d->id, q.r.measured ? " (measured)" : "");
    // A batch the engine cannot hold is not drawn: the curve ends at the last batch that fits.
    std::uint64_t last_fit = 0;
    for (const std::uint64_t b : p.batches) {
      if (!load_verdict(*q.m, *q.d, q.s, q.e, b, p.context, q.p).fits) continue;
      const step_estimate st = checked_totals(decode_step(*q.m, *q.d, q.r, b, p.context, q.s, q.p, engines::exec_facts_of(q.e)));
      s.points.push_back({static_cast<double>(b), st.tokens_per_s(b)});
      last_fit = b;
    }
    if (s.points.empty()) {
      left_out += fmt::format("{}{}", left_out.empty() ? "" : ", ", q.d->id);
      continue;
    }
    if (last_fit != p.batches.back()) s.name += fmt::format(" (last batch held: C={})", last_fit);
    c.lines.push_back(std::move(s));
  }
  if (c.lines.empty()) {
    // Nothing to draw is a refusal, not an empty chart: say which load no device holds and why.
    const std::uint64_t smallest = *std::min_element(p.batches.begin(), p.batches.end());
    const verdict v = load_verdict(*first.m, *first.d, first.s, first.e, smallest, p.context, first.p);
    throw usage_error(fmt::format(
        "plot decode: nothing to draw: under {} no batch of {} at {} tokens fits on {}{} (C={} on {}: {}); name a plan "
        "(--tp, --pp) or a shorter --context",
        display_name(first.e.kind), first.m->id, p.context, left_out,
        first.p == parallel{} ? std::string() : fmt::format(" under {}", plan_text(first.p)), smallest, first.d->id,
        name(v.term)));
  }
  if (!left_out.empty()) {
    c.subtitle += fmt::format("; not drawn, one sequence does not fit under {}: {}", display_name(first.e.kind), left_out);
  }
  if (!(first.p == parallel{})) c.subtitle += fmt::format("; plan {}: one rank's step", plan_text(first.p));
  return c;
}

std::string plot_svg(const plot_request& p) {
  if (p.targets.empty()) throw usage_error("plot: name at least one device");
  switch (p.kind) {
    case plot_kind::roofline:
      if (p.targets.size() != 1) throw usage_error("plot roofline: takes one device");
      return svg::render(roofline_chart(p));
    case plot_kind::memory: return svg::render(memory_chart(p));
    case plot_kind::decode: return svg::render(decode_chart(p));
  }
  return {};
}

}  // namespace headroom::cli
