// SPDX-License-Identifier: MIT
// The Markdown renderer of list, fit, decode, prefill, matrix and plan (report.cpp renders the
// report): text.hpp's helpers, so a number prints the same everywhere.
#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include <headroom/devices.hpp>
#include <headroom/models.hpp>

#include "headroom/commands.hpp"
#include "headroom/args/plan_cli.hpp"
#include "headroom/render/kernel_tables.hpp"
#include "headroom/render/text.hpp"
#include <headroom/engines/none.hpp>

namespace headroom::cli {

namespace {

using ::headroom::cli::text::gb2;
using ::headroom::cli::text::pct;
using ::headroom::cli::text::writer;

// The NVFP4 peak only where the device runs FP4 natively (elsewhere FP4 nodes are costed at
// another peak, and printing one would contradict the report).
std::string roofline_line(const device_roofline& r, const device& d) {
  return fmt::format("{}: DRAM {} GB/s, BF16 {} / FP8 {} TFLOPS{}", r.basis.view(), num(r.r.dram_gbps), num(r.r.bf16_tflops),
                     num(r.r.fp8_tflops),
                     d.runs(mma_kind::fp4_block_scale) ? fmt::format(" / NVFP4 {} TFLOPS", num(r.r.nvfp4_tflops))
                                                       : std::string("; no native NVFP4"));
}

std::string title(std::string_view what, const query& q) {
  return fmt::format("# {}: {} on {} (`{}`)\n\n", what, q.m->name, q.d->name, q.d->id);
}

// The "fits" column of decode and prefill: yes, or the engine term that ran out.
std::string fits_cell(const verdict& v) { return v.fits ? std::string("yes") : fmt::format("does not fit: {}", name(v.term)); }

std::string memory_bound_pct(const step_estimate& st) {
  return pct(st.total_us > 0 ? st.memory_bound_us / st.total_us : 0.0);
}

// decode and prefill open alike: the title, the roofline and settings, a line per run that does
// not fit (`label`: the run's name), then the table's head (`columns` and `aligns`: its cells
// before the fits column).
template <typename Run, typename Label>
void ceilings_head(writer& w, const query& q, std::string_view what, std::string_view method, const std::vector<Run>& runs,
                   Label label, std::string_view columns, std::string_view aligns) {
  w("{}", title(what, q));
  w("Roofline: {}. Settings: {}. {}{}.\n\n", roofline_line(q.r, *q.d), describe(q.s, q.e, *q.m), method, projection_label(q.r));
  bool any = false;
  for (const Run& r : runs) {
    if (r.v.fits) continue;
    w("{}: {}\n", label(r), verdict_text(q.e, r.v));
    any = true;
  }
  w("{}| {} | fits ({}) |\n|{}---|\n", any ? "\n" : "", columns, name(q.e.kind), aligns);
}

// Under a plan, decode and prefill end with each run's collectives (`label`: the run's name).
template <typename Run, typename Label>
void plan_trailer(writer& w, const query& q, const std::vector<Run>& runs, Label label) {
  if (q.p == parallel{}) return;
  w("\nPlan: {} ({} devices). Times are one rank's: its share of every node, then the collectives below.\n",
    plan_text(q.p), q.p.ranks());
  for (const Run& r : runs) w("{}", links_text(r.est, label(r).c_str()));
}

std::string ids_joined(const std::vector<std::string_view>& ids, std::string_view sep) {
  std::string s;
  for (std::string_view id : ids) s += fmt::format("{}{}", s.empty() ? "" : sep, id);
  return s;
}

// "vLLM with its defaults", "SGLang as configured", "engine none (the pure arithmetic)".
std::string engine_label(const engine& e) {
  if (is_arithmetic(e)) return "engine none (the pure arithmetic)";
  const bool defaults = engines::rules_of(e).at_defaults(e);
  return fmt::format("{} {}", display_name(e.kind), defaults ? "with its defaults" : "as configured");
}

// The decode ceiling of the fit's load under its advised plan (0: none, or one not proposed).
double advice_tok_s(const query& q, const fit_answer& a) {
  if (!a.advice || a.advice->ranks() > max_proposed_devices) return 0;
  return decode_step(*q.m, *q.d, q.r, a.seqs, a.context, q.s, *a.advice, engines::exec_facts_of(q.e)).tokens_per_s(a.seqs);
}

// 4096 -> "4k", 32768 -> "32k", 4000 -> "4000": the spelling reports use for contexts.
std::string tokens_label(std::uint64_t t) { return t % 1024 == 0 ? fmt::format("{}k", t / 1024) : fmt::format("{}", t); }

}  // namespace

std::string list_models_text() {
  writer w;
  const settings s{};
  w("# Models\n\nKey figures at the default settings ({}). Weights in GB (10^9 bytes): every stored tensor.\n\n",
    describe(s, plain_arithmetic));
  w("| id | name | family | checkpoint | parameters | weights (GB) | KV (B/token) | state + conv (MB/seq) |\n");
  w("|---|---|---|---|---:|---:|---:|---:|\n");
  for (const model* m : models::all) {
    const footprint_bytes fp = footprint(*m, s);
    w("| {} | {} | {} | {} | {} | {} | {} | {:.1f} |\n", m->id, m->name, m->family, m->source.repo, parameter_count(*m),
      gb2(fp.weights), fp.kv_per_token, static_cast<double>(fp.state_per_seq + fp.conv_per_seq) / 1e6);
  }
  return std::move(w.out);
}

std::string list_devices_text() {
  writer w;
  // What an engine leaves usable is its answer for a deployment (`headroom fit`), not a device
  // figure: the list gives the memory the driver shows, in one unit.
  w("# Devices\n\nVisible memory in GiB (2^30 bytes); dense peaks. What an engine leaves for weights and KV: "
    "`headroom fit MODEL DEVICE`. Measured: a roofline measured on the device. Kernel tables: the engines "
    "whose kernels were measured on the device itself (`serve` and `sla` predictions), and the device whose "
    "tables the others and any missing kernel class read (docs/calibration.md).\n\n");
  w("| id | name | vendor | arch | visible (GiB) | DRAM (GB/s) | BF16 / FP8 / NVFP4 (TFLOPS) | measured | kernel tables |\n");
  w("|---|---|---|---|---:|---:|---|---|---|\n");
  for (const device* d : devices::all) {
    const kernel_tables t = kernel_tables_of(*d);
    w("| {} | {} | {} | {} | {:.2f} | {} | {} / {} / {} | {} | {}{}'s |\n", d->id, d->name, d->vendor, d->arch,
      to_gib(d->memory_bytes), num(d->bandwidth_gbps), num(d->peak.bf16), num(d->peak.fp8),
      num(d->peak.nvfp4), d->has_measured ? "yes" : "no", t.own.empty() ? std::string() : fmt::format("{}; else ", fmt::join(t.own, ", ")),
      t.fallback);
  }
  return std::move(w.out);
}

std::string fit_text(const query& q, const fit_answer& a) {
  writer w;
  const device& d = *q.d;
  w("{}", title("Fit", q));
  w("Settings: {}. Load: {} sequence{} x {} tokens. Bytes exact; {}.\n\n", describe(q.s, q.e, *q.m), a.seqs,
    a.seqs == 1 ? "" : "s", a.context, is_arithmetic(a.e) ? "GB = 10^9 bytes" : "GiB = 2^30 bytes");
  if (!(a.plan == parallel{})) {
    w("Plan: {} ({} devices): every figure below is the heaviest rank's{}.\n\n", plan_text(a.plan), a.plan.ranks(),
      seq_shares(a.plan) > 1 ? fmt::format(", which serves {} of the sequences", rank_seqs(a.seqs, a.plan)) : std::string());
  }
  // One unit per table: GB under the arithmetic (its usable is a GB figure), GiB under an engine
  // (the unit of the engine's own section below).
  const bool arithmetic = is_arithmetic(a.e);
  const auto size = [&](byte_count b) { return arithmetic ? gb2(b) : fmt::format("{:.2f}", to_gib(b)); };
  w("| quantity | bytes | {} |\n|---|---:|---:|\n", arithmetic ? "GB" : "GiB");
  w("| weights (every stored tensor) | {} | {} |\n", a.fp.weights, size(a.fp.weights));
  w("| weights loaded | {} | {} |\n", a.fp.loaded_weights, size(a.fp.loaded_weights));
  w("| KV per token | {} | - |\n", a.fp.kv_per_token);
  if (a.fp.swa_window != 0) w("| sliding KV per token (last {} tokens) | {} | - |\n", a.fp.swa_window, a.fp.swa_kv_per_token);
  if (a.fp.state_per_seq != 0) w("| recurrent state per sequence | {} | - |\n", a.fp.state_per_seq);
  if (a.fp.conv_per_seq != 0) w("| conv windows per sequence | {} | - |\n", a.fp.conv_per_seq);
  if (arithmetic) {
    w("| one sequence at {} tokens | {} | {} |\n", a.context, a.per_seq, size(a.per_seq));
    w("| needed: {} x {} tokens | {} | {} |\n", a.seqs, a.context, a.need, size(a.need));
    w("| usable: {} B visible x {} | {} | {} |\n", d.memory_bytes,
      num(static_cast<double>(usable_share_of(d, engines::usable).permille) / 1000.0), a.usable, size(a.usable));
  } else {
    const std::string_view en = display_name(a.e.kind);
    w("| one sequence at {} tokens, in the pool | {} | {} |\n", a.context, a.per_seq, size(a.per_seq));
    w("| needed: weights loaded + {} x {} tokens in the pool | {} | {} |\n", rank_seqs(a.seqs, a.plan), a.context, a.need,
      size(a.need));
    w("| usable: weights loaded + {}'s KV pool | {} | {} |\n", en, a.usable, size(a.usable));
  }
  w("\n");
  if (!is_arithmetic(a.e)) {
    w("{}\n", engine_section(a.em, a.seqs, a.context));
    w("{} Max sequences at {} tokens: {}.", verdict_text(a.e, a.v), a.context, a.max_seqs);
    if (!a.fits) {
      w(" The smallest valid plan under which {} holds it: {}{}.", display_name(a.e.kind), advice_text(a.advice, d, advice_tok_s(q, a)),
        a.holders.empty() ? fmt::format(", and no single registry device holds it under {}", display_name(a.e.kind))
                          : fmt::format(", or one {} (one device under {})", ids_joined(a.holders, " / "), display_name(a.e.kind)));
    }
    w("\n");
    return std::move(w.out);
  }
  if (a.fits) {
    w("Fits: yes, {} GB of {} GB usable.", gb2(a.need), gb2(a.usable));
  } else {
    w("Fits: no, needs {} GB of {} GB usable: {}{}.", gb2(a.need), gb2(a.usable), advice_text(a.advice, d, advice_tok_s(q, a)),
      a.holders.empty() ? std::string(", no single registry device holds it") : ", or one " + ids_joined(a.holders, " / "));
  }
  w(" Max sequences at {} tokens: {}.\n", a.context, a.max_seqs);
  w("Not counted (engine none): activations, workspaces, the CUDA context, allocator slack.\n");
  return std::move(w.out);
}

std::string decode_text(const query& q, const std::vector<decode_run>& runs) {
  writer w;
  const auto loops_us = [](const decode_run& r) {
    double loops = 0;
    for (std::size_t fi = 0; fi < r.est.n_flags; ++fi) loops += r.est.flags[fi].added_us;
    return loops;
  };
  // The per-row-loop column only where some run has such a loop: a column of zeros says nothing.
  const bool any_loops = std::any_of(runs.begin(), runs.end(), [&](const decode_run& r) { return loops_us(r) > 0; });
  ceilings_head(w, q, "Decode ceilings", "Sums of per-node `max(bytes / bandwidth, FLOPs / peak)`: a ceiling, not a prediction",
                runs, [](const decode_run& r) { return fmt::format("C={} at {} tokens", r.batch, r.context); },
                any_loops ? "C | context | step (ms) | tok/s | memory-bound | per-row loops (ms)" : "C | context | step (ms) | tok/s | memory-bound",
                any_loops ? "---:|---:|---:|---:|---:|---:|" : "---:|---:|---:|---:|---:|");
  for (const decode_run& r : runs) {
    w("| {} | {} | {:.3f} | {:.1f} | {} |{} {} |\n", r.batch, r.context, r.est.total_us / 1e3, r.est.tokens_per_s(r.batch),
      memory_bound_pct(r.est), any_loops ? fmt::format(" {:.3f} |", loops_us(r) / 1e3) : std::string(), fits_cell(r.v));
  }
  plan_trailer(w, q, runs, [](const decode_run& r) { return fmt::format("C={} at {}", r.batch, r.context); });
  return std::move(w.out);
}

std::string prefill_text(const query& q, const std::vector<prefill_run>& runs) {
  writer w;
  ceilings_head(w, q, "Prefill ceilings",
                "One sequence of T prompt tokens, attention over a causal half-context; a ceiling, not a prediction", runs,
                [](const prefill_run& r) { return fmt::format("{} prompt tokens", r.tokens); },
                "tokens | time (ms) | tok/s | memory-bound", "---:|---:|---:|---:|");
  for (const prefill_run& r : runs) {
    w("| {} | {:.1f} | {:.0f} | {} | {} |\n", r.tokens, r.est.total_us / 1e3, r.est.tokens_per_s(r.tokens),
      memory_bound_pct(r.est), fits_cell(r.v));
  }
  plan_trailer(w, q, runs, [](const prefill_run& r) { return fmt::format("T={}", r.tokens); });
  return std::move(w.out);
}

std::string matrix_text(const std::vector<matrix_row>& rows, const std::string& command, const matrix_query& mq) {
  writer w;
  const std::string ctx = tokens_label(mq.context);
  const std::string load = fmt::format("C{} @{}", mq.seqs, ctx);
  std::string batches;
  for (std::size_t i = 0; i < mq.batches.size(); ++i) batches += fmt::format("{}C{}", i == 0 ? "" : " / ", mq.batches[i]);
  w("# {}\n\nGenerated by `{}`.\n\n", mq.title, command);
  // Under --ssm-h auto a model whose config names its state dtype keeps it (auto_state_dtype).
  std::string settings_text = describe(mq.s, mq.e);
  const bool own_state = mq.ssm_h_auto && std::any_of(rows.begin(), rows.end(), [&](const matrix_row& r) {
                           return auto_state_dtype(mq.e, *r.m) != mq.s.ssm_h;
                         });
  if (own_state) settings_text += " (ssm_h_dtype: the config's mamba_ssm_dtype where it names one)";
  const bool own_kv = mq.kv_auto && std::any_of(rows.begin(), rows.end(), [&](const matrix_row& r) {
                        return auto_kv_dtype(mq.e, *r.m) != mq.s.kv;
                      });
  if (own_kv) settings_text += " (kv_cache_dtype: the checkpoint's quantization config's where it names one)";
  w("Decode at {} tokens of KV context per sequence, settings {}. Each device's default constants: its "
    "shipped measurement when it has one, else its datasheet: every tok/s is a roofline projection from datasheet "
    "ceilings, unmeasured, except on a row marked \"measured constants\". tok/s = C / step time. \"fits {}\": {} sequence{} of {} tokens "
    "on one device under {} (docs/engines.md), else the engine term that ran out and the smallest "
    "valid parallel plan that holds it. \"max C @{}\": the exact largest number of sequences one device holds under {}. "
    "\"load tok/s\": the decode ceiling of the load on one device when it fits, else under that plan.\n\n",
    mq.context, settings_text, load, mq.seqs, mq.seqs == 1 ? "" : "s", mq.context, engine_label(mq.e), ctx,
    engine_label(mq.e));
  w("| model | device | tok/s {} (roofline) | fits {} | max C @{} | load tok/s |\n|---|---|---:|---|---:|---:|\n", batches,
    load, ctx);
  for (const matrix_row& r : rows) {
    std::string toks;
    for (std::size_t i = 0; i < mq.batches.size(); ++i) {
      toks += fmt::format("{}{:.0f}", i == 0 ? "" : " / ", tokens_per_s(mq.batches[i], r.step_us[i]));
    }
    w("| {} | {} | {}{} | {} | {} | {} |\n", r.m->id, r.d->id, toks, r.r.measured ? " (measured constants)" : "",
      r.c1.fits ? std::string("yes")
                : fmt::format("does not fit: {}, {}", name(r.c1.v.term), r.c1.advice ? plan_text(*r.c1.advice) : std::string("no plan")),
      r.c1.max_seqs,
      r.load_plan ? fmt::format("{:.0f} ({})", tokens_per_s(mq.seqs, r.load_step_us), load_plan_text(r)) : std::string("-"));
  }
  return std::move(w.out);
}

std::string plan_command_text(const query& q, const plan_answer& a) {
  writer w;
  w("# Plans: {} on {} (`{}`)\n\n", q.m->name, q.d->name, q.d->id);
  const std::string which =
      a.gpus != 0 ? fmt::format("Every valid plan of {} devices that holds it on every rank, fastest decode ceiling first", a.gpus)
                  : fmt::format("For each device count up to one node (1, 2, 4, {0}) and the two smallest whole nodes of {0} "
                                "beyond (up to {1} devices), the valid plan that holds it on every rank with the most decode "
                                "tokens/s per GPU (`--gpus N`: every plan of N devices)",
                                node_devices, max_proposed_devices);
  w("Settings: {}. Load: {} sequence{} x {} tokens. {}. Scale-up link: {} ({} GB/s each way, {} devices); beyond it: {} "
    "({} GB/s).\n\n",
    describe(q.s, q.e, *q.m), a.seqs, a.seqs == 1 ? "" : "s", a.context, which, q.d->link.scale_up, num(q.d->link.scale_up_gbps),
    q.d->link.domain, q.d->link.scale_out, num(q.d->link.scale_out_gbps));
  if (a.rows.empty()) {
    if (a.gpus != 0) {
      w("No valid plan of {} devices holds it.\n", a.gpus);
    } else if (a.beyond) {
      w("No plan of up to {} devices holds it: {}.\n", max_proposed_devices, advice_text(a.beyond, *q.d));
    } else {
      w("No valid plan of up to {} x {} devices holds it.\n", plan_tp_degrees.back(), plan_pp_degrees.back());
    }
    return std::move(w.out);
  }
  if (is_arithmetic(q.e)) {
    w("| plan | devices | weights / rank (GB) | KV / token / rank (B) | need / rank (GB) | usable (GB) | max seqs | decode tok/s | "
      "tok/s per GPU | step (ms) | on links |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  } else {
    w("Each plan's every rank starts under {} and its KV pool holds the load; the pool is one rank's.\n\n",
      display_name(q.e.kind));
    w("| plan | devices | weights / rank (GiB) | KV / token / rank (B) | KV pool / rank (GiB) | KV tokens / rank | max seqs | "
      "decode tok/s | tok/s per GPU | step (ms) | on links |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  }
  for (const plan_row& r : a.rows) {
    const bool none = is_arithmetic(q.e);
    const std::string weights = none ? gb2(r.rank.loaded_weights) : fmt::format("{:.2f}", to_gib(r.rank.loaded_weights));
    const std::string memory = none ? fmt::format("{} | {}", gb2(r.need), gb2(a.usable))
                                    : fmt::format("{:.2f} | {}", to_gib(r.em.available_kv_cache_bytes), r.em.kv_cache_tokens);
    const double tok_s = r.decode.tokens_per_s(a.seqs);
    w("| {}{} | {} | {} | {} | {} | {} | {:.0f} | {:.0f} | {:.2f} | {:.1f}% |\n", plan_text(r.p),
      r.scale_out ? " (crosses scale-out)" : "", r.p.ranks(), weights, r.rank.kv_per_token, memory, r.max_seqs, tok_s,
      tok_s / r.p.ranks(), r.decode.total_us / 1e3, 100.0 * r.decode.link_share());
  }
  w("\nRoofline ceilings at the load: a rank's share of every node, plus the collectives (ring all-reduce, all-gather, "
    "all-to-all, pipeline sends) over the links.{}\n",
    is_arithmetic(q.e) ? " Not counted (engine none): activations, workspaces, the CUDA context, allocator slack."
                                  : " Memory: the engine's terms per rank (docs/engines.md).");
  return std::move(w.out);
}

}  // namespace headroom::cli
