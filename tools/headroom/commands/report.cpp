// SPDX-License-Identifier: MIT
#include "headroom/commands/report.hpp"
#include "headroom/render/text.hpp"

#include "headroom/args/device_flags.hpp"
#include "headroom/commands.hpp"
#include "headroom/args/plan_cli.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <utility>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <headroom/devices.hpp>
#include <headroom/devices/sources.hpp>
#include <headroom/engines/exec_facts.hpp>
#include <headroom/engines/none.hpp>

#include "headroom/args/common.hpp"
#include "headroom/render/totals.hpp"

namespace headroom::report {
namespace {

using ::headroom::cli::num;
using ::headroom::cli::text::pct;

std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::string pair_name(const resolved_formats& f) {
  return fmt::format("W{}A{}", element_bits(f.weight), element_bits(f.activation));
}

constexpr std::string_view no_fp4_nodes = "not used: the model has no NVFP4-activation node";

std::string fp4_costing(const model& m, const device& d, const exec_facts& x) {
  bool nvfp4_mma = false;
  for_each_node(m, section::main, [&](const node& n, const instance& in, const block&) {
    nvfp4_mma = nvfp4_mma || (reads_linear_weight(n.kind) && formats_of(m, n, in).activation.kind == format_kind::nvfp4);
  });
  // How the device runs FP4 is said only of a model that has FP4 nodes to run.
  if (!nvfp4_mma) return std::string(no_fp4_nodes);
  if (!d.runs(mma_kind::fp4_block_scale)) {
    const exec fb = fp4_fallback(d);
    // The engine's own path for W4A4 NVFP4 on this device, when its facts name one.
    const exec ex = exec_of(d, formats::nvfp4_g16, formats::nvfp4_g16, x);
    if (!ex.fact->kernel.empty()) {
      return fmt::format("{} not native: {} runs NVFP4 W4A4 nodes {} ({}), costed at {}",
                         fb.path == exec_path::exact_fp8_emulation ? "FP4 MMA" : "FP4 and FP8 MMA", x.engine,
                         ex.path == exec_path::weight_only ? "weight-only" : "on its own path", ex.fact->kernel,
                         peak_name(ex));
    }
    return fmt::format("{} not native: NVFP4-activation nodes costed at {}",
                       fb.path == exec_path::exact_fp8_emulation ? "FP4 MMA" : "FP4 and FP8 MMA", peak_name(fb));
  }
  return "native";
}

using ::headroom::cli::text::gb2;
using ::headroom::cli::text::writer;

}  // namespace

std::vector<std::string_view> other_holders(const model& m, const device& d, const settings& s, const engine& e,
                                            std::uint64_t seqs, std::uint64_t context) {
  std::vector<std::string_view> out;
  if (is_arithmetic(e)) {
    const auto hold = holders(need_bytes(m, {seqs, context, s, e}), devices::all, engines::usable);
    for (std::size_t i = 0; i < devices::all.size(); ++i) {
      if (hold[i] && devices::all[i]->id != d.id) out.push_back(devices::all[i]->id);
    }
    return out;
  }
  // One answer per question: a device is named only where the engine itself would hold the load.
  for (const device* other : devices::all) {
    if (other->id != d.id && cli::load_verdict(m, *other, s, e, seqs, context, parallel{}).fits) out.push_back(other->id);
  }
  return out;
}

std::string command_line(const model& m, const device& d, const options& o) {
  const settings defaults{};
  // An imported model is named by the config it came from, so the line reruns as printed.
  std::string cmd = o.config.empty() ? fmt::format("headroom report {} {}", m.id, cli::device_arg(d))
                                     : fmt::format("headroom report --config {} {}", o.config, cli::device_arg(d));
  if (o.s.kv != defaults.kv) cmd += fmt::format(" --kv {}", name(o.s.kv));
  if (o.s.ssm_h != cli::auto_state_dtype(o.e, m)) cmd += fmt::format(" --ssm-h {}", name(o.s.ssm_h));
  if (o.s.speculative) cmd += " --speculative";
  if (o.e.evict_sliding && is_arithmetic(o.e)) cmd += " --evict-sliding";
  if (o.context != o.context_default) cmd += fmt::format(" --context {}", o.context);
  if (!o.measured.empty()) cmd += fmt::format(" --measured {}", o.measured);
  cmd += cli::plan_cli_flags(o.p);
  cmd += cli::engine_flags_text(o.e);
  return cmd;
}

std::string site_name(const model& m, const site_row& r) {
  return fmt::format("{}.{}", m.c.blocks[r.block].name, m.c.nodes[r.node].local);
}

std::string op_name(const node& n) {
  if (n.kind == op::linear) return fmt::format("linear:{}", name(n.role));
  return std::string(name(n.kind));
}

report_data compute(const model& m, const device& d, const device_roofline& r, const options& o) {
  report_data out;
  const settings& s = o.s;
  {
    std::map<std::tuple<std::string, std::string, std::string, std::string>, std::uint64_t> groups;
    for_each_node(m, section::main, [&](const node& n, const instance& in, const block&) {
      if (!reads_linear_weight(n.kind)) return;
      const resolved_formats f = formats_of(m, n, in);
      groups[{pair_name(f), std::string(name(f.weight).view()), std::string(name(f.activation).view()),
              std::string(describe(exec_of(d, f.weight, f.activation, engines::exec_facts_of(o.e))).view())}] += 1;
    });
    for (const auto& [k, count] : groups) {
      out.formats.push_back({std::get<0>(k), std::get<1>(k), std::get<2>(k), std::get<3>(k), count});
    }
  }
  out.fp4_costing = fp4_costing(m, d, engines::exec_facts_of(o.e));
  for (std::size_t i = 0; i < decode_batches.size(); ++i) out.decode[i] = cli::checked_totals(decode_step(m, d, r, decode_batches[i], o.context, s, o.p, engines::exec_facts_of(o.e)));
  for (std::size_t i = 0; i < prefill_tokens.size(); ++i) out.prefill[i] = cli::checked_totals(prefill(m, d, r, prefill_tokens[i], s, o.p, engines::exec_facts_of(o.e)));
  for (std::size_t i = 0; i < decode_batches.size(); ++i) out.decode_fit[i] = cli::load_verdict(m, d, s, o.e, decode_batches[i], o.context, o.p);
  for (std::size_t i = 0; i < prefill_tokens.size(); ++i) out.prefill_fit[i] = cli::load_verdict(m, d, s, o.e, 1, prefill_tokens[i], o.p);
  out.weight_floor = weight_floor_bytes(m);
  if (!is_arithmetic(o.e)) out.em = engine_memory_of(m, d, {1, o.context, s, o.e, o.p});
  out.c1 = !is_arithmetic(o.e) ? cli::verdict_of(out.em, rank_seqs(1, o.p), o.context)  // the rank sized once
                                        : cli::load_verdict(m, d, s, o.e, 1, o.context, o.p);
  // One answer: the engine's fit table, as `fit` answers each of its loads; the arithmetic
  // (sliding layers as o.e keeps them) only under --engine none.
  if (!is_arithmetic(o.e)) {
    out.fit = cli::engine_fit_table(m, d, s, o.e, o.p, out.usable_at);
  } else {
    out.fit = make_fit_table(m, d, s, o.p,
                             arithmetic_of(o.e, engines::usable));
    out.usable_at.fill(out.fit.usable);
  }
  for (std::size_t bi : {std::size_t{0}, fit_batches.size() - 1}) {
    const fit_cell& cell = out.fit.cells[bi][0];
    if (cell.fits) continue;
    fit_advice a{fit_batches[bi], fit_contexts[0], cell.need, smallest_plan(m, d, {fit_batches[bi], fit_contexts[0], s, o.e}),
                 other_holders(m, d, s, o.e, fit_batches[bi], fit_contexts[0])};
    if (a.plan && a.plan->ranks() <= cli::max_proposed_devices) {
      a.tokens_per_s = cli::checked_totals(decode_step(m, d, r, a.seqs, a.context, s, *a.plan, engines::exec_facts_of(o.e)))
                           .tokens_per_s(a.seqs);
    }
    out.advice.push_back(std::move(a));
  }
  return out;
}

std::string hardware_report(const model& m, const device& d, const device_roofline& r, const options& o) {
  const report_data data = compute(m, d, r, o);
  writer w;
  const std::string_view label = projection_label(r);
  const settings& s = o.s;

  w("# {} on {} (`{}`)\n\n", m.name, d.name, d.id);
  w("Generated by `{}`.\n\n", command_line(m, d, o));
  if (!data.c1.fits) {
    w("**{}** One sequence of {} tokens cannot be loaded; the ceilings below are for a load the engine does not "
      "hold.\n\n", cli::verdict_text(o.e, data.c1), o.context);
  }

  w("## Inputs\n\n| input | value |\n|---|---|\n");
  w("| model | {} (`{}`, family `{}`) |\n", m.name, m.id, m.family);
  w("| checkpoint | {} |\n", escape(m.source.repo));
  if (!(o.p == parallel{})) {
    w("| plan | {} ({} devices; bytes and step times are one rank's, collectives included) |\n", cli::plan_text(o.p),
      o.p.ranks());
  }
  w("| sources | {} |\n", escape(cli::text::provenance(m.source.files, m.c.config, m.id)));
  w("| assumptions | {} |\n", escape(cli::text::provenance(m.source.notes, m.c.config, m.id)));
  w("| device | {} ({}, {} SMs, {} visible = {} GB = {:.2f} GiB ({}), {} GB/s) |\n", d.name, d.arch, d.sms,
    d.memory_marketed, gb2(d.memory_bytes), to_gib(d.memory_bytes), escape(d.memory_basis),
    num(d.bandwidth_gbps));
  {
    std::string kinds;
    for (const mma_kind k : all_mma_kinds) {
      if (d.runs(k)) {
        if (!kinds.empty()) kinds += ", ";
        kinds += fmt::format("{}.{}", name(d.family), name(k));
      }
    }
    w("| tensor cores | {}; native: {} |\n", name(d.family), kinds);
  }
  w("| roofline | {}: DRAM {} GB/s, BF16 {} / FP8 {} TFLOPS{} |\n", escape(r.basis.view()), num(r.r.dram_gbps),
    num(r.r.bf16_tflops), num(r.r.fp8_tflops),
    d.runs(mma_kind::fp4_block_scale) ? fmt::format(" / NVFP4 {} TFLOPS", num(r.r.nvfp4_tflops)) : std::string("; no native NVFP4"));
  w("| KV context | {} tokens per sequence in the decode runs (a query input) |\n", o.context);
  if (data.fp4_costing != no_fp4_nodes) w("| FP4 costing | {} |\n", data.fp4_costing);
  w("| settings | {} |\n\n", cli::describe(s, o.e, m));

  // Declared formats: main-section weight nodes by (pair, weight, activation, execution).
  w("## Declared formats on this device\n\n");
  w("The checkpoint's formats are kept; this is how the device runs them.\n\n");
  w("| pair | weight | activation | nodes | execution |\n|---|---|---|---:|---|\n");
  for (const format_group& g : data.formats) {
    w("| {} | {} | {} | {} | {} |\n", g.pair, g.weight, g.activation, g.nodes, g.execution);
  }

  // Roofline estimates.
  w("\n## Roofline estimates\n\n");
  w("Sums of per-node `max(bytes / bandwidth, FLOPs / peak)`; per-row loops are costed per row. No launch "
    "overhead: a ceiling, not a prediction.{}\n\n",
    label.empty() ? std::string() : " Every time in this report is a roofline projection from datasheet ceilings, unmeasured.");
  // A ceiling of a load the engine cannot hold is marked in its row, not left to look runnable.
  const auto held = [](const cli::verdict& v) { return v.fits ? std::string("yes") : fmt::format("no: {}", name(v.term)); };
  w("| case | time (ms) | tok/s | fits ({}) |\n|---|---:|---:|---|\n", cli::display_name(o.e.kind));
  for (std::size_t i = 0; i < decode_batches.size(); ++i) {
    w("| decode C={} @{} tokens | {:.3f} | {:.1f} | {} |\n", decode_batches[i], o.context, data.decode[i].total_us / 1e3,
      data.decode[i].tokens_per_s(decode_batches[i]), held(data.decode_fit[i]));
  }
  for (std::size_t i = 0; i < prefill_tokens.size(); ++i) {
    const step_estimate& p = data.prefill[i];
    w("| prefill {}k | {:.1f} | {:.0f} | {} |\n", prefill_tokens[i] / 1024, p.total_us / 1e3, p.tokens_per_s(prefill_tokens[i]),
      held(data.prefill_fit[i]));
  }
  const byte_count floor = data.weight_floor;
  // The floor is the whole model's weights; under a plan the steps above are one rank's.
  w("\nWeight floor at C=1: {} GB read per step = {:.3f} ms at {} GB/s{}.\n", gb2(floor),
    static_cast<double>(floor) / (r.r.dram_gbps * 1e3) / 1e3, num(r.r.dram_gbps),
    o.p == parallel{} ? std::string()
                      : fmt::format(" (the whole model's weights on one device; each of the {} ranks reads its share, and the "
                                    "step times above are one rank's)",
                                    o.p.ranks()));

  if (!is_arithmetic(o.e)) w("\n{}", cli::engine_section(data.em, 1, o.context));

  // Memory fit: the engine's answer (fit's, load by load); the arithmetic only under --engine none.
  const fit_table& t = data.fit;
  const footprint_bytes& fp = t.fp;
  const bool arithmetic = is_arithmetic(o.e);
  // One unit for the section: GB under the arithmetic (its usable is a GB figure), GiB under an
  // engine (the engine section's unit).
  const auto size = [&](byte_count b) { return arithmetic ? gb2(b) : fmt::format("{:.2f}", to_gib(b)); };
  const std::string_view unit = arithmetic ? "GB" : "GiB";
  if (arithmetic) {
    w("\n## Memory fit (arithmetic, engine none)\n\nAll sizes in GB (10^9 bytes). Usable {} GB = {} GB visible x {} ({}). ",
      gb2(t.usable), gb2(d.memory_bytes), num(static_cast<double>(usable_share_of(d, engines::usable).permille) / 1000.0),
      usable_share_of(d, engines::usable).why);
    w("Weights {} GB ({} B, every stored tensor", gb2(fp.weights), fp.weights);
    if (fp.draft_weights != 0) {
      w("; the MTP draft head's own {} GB {}", gb2(fp.draft_weights),
        s.speculative ? "loaded (speculative on)" : "not loaded (speculative off)");
    }
    w("). KV {} bytes per token", fp.kv_per_token);
    if (fp.swa_window != 0) w(" + {} bytes per token over the last {} tokens (sliding layers)", fp.swa_kv_per_token, fp.swa_window);
    if (fp.state_per_seq != 0) w("; recurrent state {:.1f} MB per sequence", static_cast<double>(fp.state_per_seq) / 1e6);
    if (fp.conv_per_seq != 0) w("; conv windows {:.1f} MB per sequence", static_cast<double>(fp.conv_per_seq) / 1e6);
    w(". Not counted: activations, workspaces, the CUDA context, allocator slack.\n\n");
  } else {
    w("\n## Memory fit under {}\n\nAll sizes in GiB (2^30 bytes), one rank's, as `headroom fit` answers each load: needed = "
      "the weights loaded ({} GiB) + the KV blocks of C sequences; usable = the weights + {}'s KV pool at that "
      "max_model_len ({} GiB at 4k, {} GiB at 32k). A load fits when {} starts, its pool holds the blocks and its "
      "scheduler takes C sequences.\n\n",
      cli::display_name(o.e.kind), size(data.em.loaded_weights_bytes_per_rank), cli::display_name(o.e.kind), size(data.usable_at[0]),
      size(data.usable_at[1]), cli::display_name(o.e.kind));
  }
  w("| C | 4k {} | fits | 32k {} | fits |\n|---:|---:|---|---:|---|\n", unit, unit);
  for (std::size_t bi = 0; bi < fit_batches.size(); ++bi) {
    w("| {} | {} | {} | {} | {} |\n", fit_batches[bi], size(t.cells[bi][0].need), t.cells[bi][0].fits ? "yes" : "no",
      size(t.cells[bi][1].need), t.cells[bi][1].fits ? "yes" : "no");
  }
  // One maximum per context: the exact one (the ladder's largest fitting rung is the table itself).
  auto max_text = [](std::uint64_t exact) { return exact == UINT64_MAX ? std::string("unbounded") : std::to_string(exact); };
  w("\nMax C @4k: {}; @32k: {}{}.\n", max_text(t.exact_max[0]), max_text(t.exact_max[1]),
    arithmetic ? std::string() : fmt::format(" (under {})", cli::display_name(o.e.kind)));
  for (const fit_advice& a : data.advice) {
    std::string others;
    for (std::string_view id : a.holders) others += fmt::format("{}{}", others.empty() ? "" : " / ", id);
    w("C={} at 4k does not fit: needs {} {} of {} {} usable: {}{}.\n", a.seqs, size(a.need), unit, size(data.usable_at[0]),
      unit, cli::advice_text(a.plan, d, a.tokens_per_s),
      others.empty() ? std::string(", no single registry device holds it")
                     : fmt::format(", or one {}", others));
  }

  // Per-row loops: a section only for a model that has one (an empty section is noise).
  bool any = false;
  for (std::size_t i = 0; i < decode_batches.size(); ++i) {
    const step_estimate& st = data.decode[i];
    for (std::size_t fi = 0; fi < st.n_flags; ++fi) {
      if (!any) {
        w("\n## Per-row loops\n\nEngine loops that run a layer kind once per sequence, costed as the time they add "
          "over one multi-row launch; the estimates above include it.\n\n");
        w("| run | layer kind | added (ms) | share | sites |\n|---|---|---:|---:|---:|\n");
      }
      any = true;
      const loop_flag& f = st.flags[fi];
      w("| decode C={} | {} | {:.3f} | {} | {} |\n", decode_batches[i], name(f.kind), f.added_us / 1e3,
        pct(f.added_us / st.total_us), f.sites);
    }
  }

  // Per-node breakdown of each decode run.
  for (std::size_t i = 0; i < decode_batches.size(); ++i) {
    const step_estimate& st = data.decode[i];
    w("\n## Decode breakdown: C={}\n\nEstimated step {:.3f} ms{}; memory-bound nodes {}, compute-bound {} of the step.\n\n",
      decode_batches[i], st.total_us / 1e3, "", pct(st.memory_bound_us / st.total_us), pct(st.compute_bound_us / st.total_us));
    w("| site | op | formats | execution | n | time (ms) | share | bound |\n|---|---|---|---|---:|---:|---:|---|\n");
    for (const site_row* row : sorted_rows(m, st)) {
      const node& n = m.c.nodes[row->node];
      w("| {} | {} | {} | {} | {} | {:.4f} | {} | {} |\n", site_name(m, *row), op_name(n),
        row->has_weight ? fmt::format("{} x {}", name(row->formats.weight).view(), name(row->formats.activation).view())
                        : std::string("-"),
        row->has_weight ? std::string(describe(row->how).view()) : std::string("-"), row->count, row->time_us / 1e3,
        pct(row->time_us / st.total_us), row->one.by == bound::compute ? "compute" : "memory");
    }
    // Under a plan: the collectives as rows of their own, with their share of the step.
    for (std::size_t li = 0; li < st.n_links; ++li) {
      const link_row& l = st.links[li];
      w("| link.{} | {} | - | {} | {} | {:.4f} | {} | link |\n", name(l.op), name(l.op),
        l.scale_out ? "scale-out" : "scale-up", l.count, l.time_us / 1e3, pct(l.time_us / st.total_us));
    }
    if (st.n_links != 0) w("\nOn links: {} of the step.\n", pct(st.link_share()));
  }

  // The legend of the source ids the device's lines name (devices/.../sources.hpp).
  w("\n## Device sources\n\n");
  std::string_view ids = d.sources;
  while (!ids.empty()) {
    const std::size_t comma = ids.find(", ");
    const std::string_view id = ids.substr(0, comma);
    for (const source_entry& e : devices::sources) {
      if (e.id == id) w("* {}: {}\n", e.id, e.citation);
    }
    ids = comma == std::string_view::npos ? std::string_view() : ids.substr(comma + 2);
  }
  return std::move(w.out);
}

std::vector<const site_row*> sorted_rows(const model& m, const step_estimate& st) {
  std::vector<const site_row*> rows;
  for (std::size_t ri = 0; ri < st.n_rows; ++ri) rows.push_back(&st.rows[ri]);
  std::stable_sort(rows.begin(), rows.end(), [&](const site_row* a, const site_row* b) {
    if (a->time_us != b->time_us) return a->time_us > b->time_us;
    return site_name(m, *a) < site_name(m, *b);
  });
  return rows;
}

}  // namespace headroom::report
