// SPDX-License-Identifier: MIT
#include "headroom/commands.hpp"
#include "headroom/text.hpp"
#include "headroom/totals.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <cmath>
#include <iterator>
#include <utility>

#include <headroom/devices.hpp>
#include <headroom/engines/none.hpp>
#include <headroom/models.hpp>

#include "headroom/plan_cli.hpp"

namespace headroom::cli {

namespace {

using ::headroom::cli::text::writer;
using ::headroom::cli::text::gb2;

std::string pct(double x) {
  const double p = 100.0 * x;
  return fmt::format("{:.1f}%", p == 0.0 ? 0.0 : p);
}

std::string roofline_line(const device_roofline& r) {
  return fmt::format("{}: DRAM {} GB/s, BF16 {} / FP8 {} / NVFP4 {} TFLOPS", r.basis.view(), num(r.r.dram_gbps),
                     num(r.r.bf16_tflops), num(r.r.fp8_tflops), num(r.r.nvfp4_tflops));
}

std::string title(std::string_view what, const query& q) {
  return fmt::format("# {}: {} on {} (`{}`)\n\n", what, q.m->name, q.d->name, q.d->id);
}

std::string ids_joined(const std::vector<std::string_view>& ids, std::string_view sep) {
  std::string s;
  for (std::string_view id : ids) s += fmt::format("{}{}", s.empty() ? "" : sep, id);
  return s;
}

ordered_json ids_json(const std::vector<std::string_view>& ids) {
  ordered_json a = ordered_json::array();
  for (std::string_view id : ids) a.push_back(std::string(id));
  return a;
}

}  // namespace

ordered_json envelope(std::string_view command) {
  ordered_json j;
  j["schema_version"] = json_schema_version;
  j["headroom_version"] = std::string(version());
  j["command"] = std::string(command);
  return j;
}

std::string dump(const ordered_json& j) { return j.dump(2) + "\n"; }

ordered_json model_json(const model& m) {
  ordered_json j;
  j["id"] = std::string(m.id);
  j["name"] = std::string(m.name);
  j["family"] = std::string(m.family);
  j["checkpoint"] = std::string(m.source.repo);
  return j;
}

ordered_json device_json(const device& d) {
  ordered_json j;
  j["id"] = std::string(d.id);
  j["name"] = std::string(d.name);
  j["vendor"] = std::string(d.vendor);
  j["arch"] = std::string(d.arch);
  j["memory_marketed"] = std::string(d.memory_marketed);
  j["memory_bytes"] = d.memory_bytes;
  j["usable_permille"] = usable_share_of(d, engines::usable).permille;  // engines::none's share
  j["usable_bytes"] = usable_bytes(d, engines::usable);
  j["bandwidth_gbps"] = d.bandwidth_gbps;
  j["peak_tflops"] = {{"bf16", d.peak.bf16}, {"fp16", d.peak.fp16}, {"fp8", d.peak.fp8},
                      {"int8", d.peak.int8}, {"nvfp4", d.peak.nvfp4}, {"mxfp4", d.peak.mxfp4}};
  ordered_json kinds = ordered_json::array();
  for (unsigned k = 0; k <= static_cast<unsigned>(mma_kind::fp4_fp8_nvfp4_scaled); ++k) {
    if (d.runs(static_cast<mma_kind>(k))) kinds.push_back(std::string(name(static_cast<mma_kind>(k))));
  }
  j["mma_family"] = std::string(name(d.family));
  j["native_mma"] = kinds;
  j["sms"] = d.sms;
  j["measured_source"] = d.has_measured ? ordered_json(std::string(d.measured.source)) : ordered_json(nullptr);
  return j;
}

ordered_json roofline_json(const device_roofline& r, std::string_view manifest) {
  ordered_json j;
  j["basis"] = std::string(r.basis.view());
  j["measured"] = r.measured;
  j["manifest"] = manifest.empty() ? ordered_json(nullptr) : ordered_json(std::string(manifest));
  j["dram_gbps"] = r.r.dram_gbps;
  j["bf16_tflops"] = r.r.bf16_tflops;
  j["fp8_tflops"] = r.r.fp8_tflops;
  j["nvfp4_tflops"] = r.r.nvfp4_tflops;
  return j;
}

ordered_json settings_json(const settings& s) {
  ordered_json j;
  j["kv_cache_dtype"] = std::string(name(s.kv));
  j["ssm_h_dtype"] = std::string(name(s.ssm_h));
  j["conv_dtype"] = std::string(name(s.conv));
  j["speculative"] = s.speculative;
  j["evict_sliding"] = s.evict_sliding;
  return j;
}

ordered_json footprint_json(const footprint_bytes& fp, byte_count weight_floor) {
  ordered_json j;
  j["weights_bytes"] = fp.weights;
  j["draft_weights_bytes"] = fp.draft_weights;
  j["vision_weights_bytes"] = fp.vision_weights;
  j["loaded_weights_bytes"] = fp.loaded_weights;
  j["kv_bytes_per_token"] = fp.kv_per_token;
  j["swa_kv_bytes_per_token"] = fp.swa_kv_per_token;
  j["swa_window_tokens"] = fp.swa_window;
  j["state_bytes_per_seq"] = fp.state_per_seq;
  j["conv_bytes_per_seq"] = fp.conv_per_seq;
  j["weight_floor_bytes"] = weight_floor;
  return j;
}

namespace {
ordered_json step_fields(ordered_json j, const step_estimate& st, std::uint64_t tokens) {
  j["step_us"] = st.total_us;
  j["tokens_per_s"] = st.tokens_per_s(tokens);
  j["memory_bound_us"] = st.memory_bound_us;
  j["compute_bound_us"] = st.compute_bound_us;
  j["dram_bytes"] = rounded(st.bytes, "DRAM bytes");
  j["flops"] = rounded(st.flops, "FLOPs");
  return j;
}
}  // namespace

ordered_json decode_run_json(const model& m, const step_estimate& st, std::uint64_t batch, std::uint64_t context,
                             bool with_nodes) {
  ordered_json j;
  j["batch"] = batch;
  j["context_tokens"] = context;
  j = step_fields(std::move(j), st, batch);
  ordered_json loops = ordered_json::array();
  for (std::size_t fi = 0; fi < st.n_flags; ++fi) {
    const loop_flag& f = st.flags[fi];
    loops.push_back({{"layer_kind", std::string(name(f.kind))}, {"added_us", f.added_us}, {"sites", f.sites}});
  }
  j["per_row_loops"] = loops;
  if (with_nodes) {
    ordered_json nodes = ordered_json::array();
    for (const site_row* row : report::sorted_rows(m, st)) {
      const node& n = m.c.nodes[row->node];
      ordered_json x;
      x["site"] = report::site_name(m, *row);
      x["op"] = report::op_name(n);
      x["weight_format"] = row->has_weight ? ordered_json(std::string(name(row->formats.weight).view())) : ordered_json(nullptr);
      x["activation_format"] =
          row->has_weight ? ordered_json(std::string(name(row->formats.activation).view())) : ordered_json(nullptr);
      x["execution"] = row->has_weight ? ordered_json(std::string(describe(row->how).view())) : ordered_json(nullptr);
      x["count"] = row->count;
      x["time_us"] = row->time_us;
      x["share"] = st.total_us > 0 ? row->time_us / st.total_us : 0.0;
      x["bound"] = row->one.by == bound::compute ? "compute" : "memory";
      x["per_row"] = row->per_row;
      nodes.push_back(std::move(x));
    }
    j["nodes"] = nodes;
  }
  return j;
}

ordered_json prefill_run_json(const step_estimate& st, std::uint64_t tokens) {
  ordered_json j;
  j["tokens"] = tokens;
  return step_fields(std::move(j), st, tokens);
}

// ---- list ----

std::string list_models_text() {
  writer w;
  const settings s{};
  w("# Models\n\nKey figures at the default settings ({}). Weights in GB (10^9 bytes): every stored tensor.\n\n", describe(s));
  w("| id | name | family | checkpoint | parameters | weights (GB) | KV (B/token) | state + conv (MB/seq) |\n");
  w("|---|---|---|---|---:|---:|---:|---:|\n");
  for (const model* m : models::all) {
    const footprint_bytes fp = footprint(*m, s);
    w("| {} | {} | {} | {} | {} | {} | {} | {:.1f} |\n", m->id, m->name, m->family, m->source.repo, parameter_count(*m),
      gb2(fp.weights), fp.kv_per_token, static_cast<double>(fp.state_per_seq + fp.conv_per_seq) / 1e6);
  }
  return std::move(w.out);
}

ordered_json list_models_json() {
  ordered_json j = envelope("list");
  const settings s{};
  j["settings"] = settings_json(s);
  ordered_json a = ordered_json::array();
  for (const model* m : models::all) {
    ordered_json x = model_json(*m);
    x["parameter_count"] = parameter_count(*m);
    x["footprint"] = footprint_json(footprint(*m, s), weight_floor_bytes(*m));
    a.push_back(std::move(x));
  }
  j["models"] = a;
  return j;
}

std::string list_devices_text() {
  writer w;
  w("# Devices\n\nVisible memory in GiB (2^30 bytes), usable in GB (10^9 bytes); dense peaks.\n\n");
  w("| id | name | vendor | arch | visible (GiB) | usable (GB) | DRAM (GB/s) | BF16 / FP8 / NVFP4 (TFLOPS) | measured |\n");
  w("|---|---|---|---|---:|---:|---:|---|---|\n");
  for (const device* d : devices::all) {
    w("| {} | {} | {} | {} | {:.2f} | {} | {} | {} / {} / {} | {} |\n", d->id, d->name, d->vendor, d->arch,
      to_gib(d->memory_bytes), gb2(usable_bytes(*d, engines::usable)), num(d->bandwidth_gbps), num(d->peak.bf16), num(d->peak.fp8),
      num(d->peak.nvfp4), d->has_measured ? "yes" : "no");
  }
  return std::move(w.out);
}

ordered_json list_devices_json() {
  ordered_json j = envelope("list");
  ordered_json a = ordered_json::array();
  for (const device* d : devices::all) a.push_back(device_json(*d));
  j["devices"] = a;
  return j;
}

// ---- fit ----

fit_answer compute_fit(const model& m, const device& d, const settings& s, std::uint64_t seqs, std::uint64_t context,
                       const engine& e, const parallel& p) {
  fit_answer a{};
  a.seqs = seqs;
  a.context = context;
  a.plan = p;
  a.e = e;
  a.fp = rank_footprint(m, s, p);
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
  // Per rank; under DP attention each of the tp ranks serves its share of the sequences.
  const std::uint64_t per_rank = e.kind == engine_kind::none
                                     ? max_seqs(a.fp, d, context, usable_policy_of(e))
                                     : max_seqs_at(engine_memory_of(m, d, {1, context, s, e, p}), context);
  a.max_seqs = p.dp_attention && per_rank != UINT64_MAX ? checked_mul(per_rank, p.tp) : per_rank;
  if (!a.fits) a.advice = smallest_plan(m, d, {seqs, context, s, e});
  a.holders = report::other_holders(need_bytes(m, {seqs, context, s, engine{.kind = engine_kind::none}}), d);
  return a;
}

ordered_json fit_json(const fit_answer& a) {
  ordered_json j;
  j["seqs"] = a.seqs;
  j["context_tokens"] = a.context;
  j["bytes_per_seq"] = a.per_seq;
  j["needed_bytes"] = a.need;
  j["usable_bytes"] = a.usable;
  j["fits"] = a.fits;
  j["stops"] = name(a.v.term);
  j["shortfall_bytes"] = a.v.shortfall_bytes;
  j["max_seqs"] = a.max_seqs;
  j["advice_plan"] = plan_json(a.advice);
  j["holders"] = ids_json(a.holders);
  add_rank_keys(j, a.fp, a.plan);
  j["engine"] = a.e.kind == engine_kind::none ? ordered_json(nullptr) : engine_json(a.em);
  return j;
}

std::string fit_text(const query& q, const fit_answer& a) {
  writer w;
  const device& d = *q.d;
  w("{}", title("Fit", q));
  w("Settings: {}. Load: {} sequence{} x {} tokens. Bytes exact; GB = 10^9 bytes.\n\n", describe(q.s), a.seqs,
    a.seqs == 1 ? "" : "s", a.context);
  if (!(a.plan == parallel{})) {
    w("Plan: {} ({} devices): every figure below is the heaviest rank's{}.\n\n", plan_text(a.plan), a.plan.ranks(),
      a.plan.dp_attention ? fmt::format(", which serves {} of the sequences", rank_seqs(a.seqs, a.plan)) : std::string());
  }
  w("| quantity | bytes | GB |\n|---|---:|---:|\n");
  w("| weights (every stored tensor) | {} | {} |\n", a.fp.weights, gb2(a.fp.weights));
  w("| weights loaded | {} | {} |\n", a.fp.loaded_weights, gb2(a.fp.loaded_weights));
  w("| KV per token | {} | - |\n", a.fp.kv_per_token);
  if (a.fp.swa_window != 0) w("| sliding KV per token (last {} tokens) | {} | - |\n", a.fp.swa_window, a.fp.swa_kv_per_token);
  w("| recurrent state per sequence | {} | - |\n", a.fp.state_per_seq);
  w("| conv windows per sequence | {} | - |\n", a.fp.conv_per_seq);
  w("| one sequence at {} tokens | {} | {} |\n", a.context, a.per_seq, gb2(a.per_seq));
  w("| needed: {} x {} tokens | {} | {} |\n", a.seqs, a.context, a.need, gb2(a.need));
  w("| usable: {} B visible x {} | {} | {} |\n", d.memory_bytes, num(static_cast<double>(usable_share_of(d, engines::usable).permille) / 1000.0),
    a.usable, gb2(a.usable));
  w("\n");
  if (a.e.kind != engine_kind::none) {
    w("{}\n", engine_section(a.em, a.seqs, a.context));
    w("{} Max sequences at {} tokens: {}.", verdict_text(a.e, a.v), a.context, a.max_seqs);
    if (!a.fits) {
      w(" The smallest valid plan under which {} holds it: {}{}.", display_name(a.e.kind), advice_text(a.advice, d),
        a.holders.empty() ? std::string(", no single registry device holds weights + KV alone")
                          : ", or one " + ids_joined(a.holders, " / ") + " (weights + KV alone)");
    }
    w("\n");
    return std::move(w.out);
  }
  if (a.fits) {
    w("Fits: yes, {} GB of {} GB usable.", gb2(a.need), gb2(a.usable));
  } else {
    w("Fits: no, needs {} GB of {} GB usable: {}{}.", gb2(a.need), gb2(a.usable), advice_text(a.advice, d),
      a.holders.empty() ? std::string(", no single registry device holds it") : ", or one " + ids_joined(a.holders, " / "));
  }
  w(" Max sequences at {} tokens: {}.\n", a.context, a.max_seqs);
  w("Not counted (engine none): activations, workspaces, the CUDA context, allocator slack.\n");
  return std::move(w.out);
}

ordered_json fit_command_json(const query& q, const fit_answer& a) {
  ordered_json j = envelope("fit");
  j["model"] = model_json(*q.m);
  j["device"] = device_json(*q.d);
  j["settings"] = settings_json(q.s);
  j["footprint"] = footprint_json(a.fp, weight_floor_bytes(*q.m));
  j["fit"] = fit_json(a);
  return j;
}

// ---- decode ----

std::vector<decode_run> compute_decode(const query& q, const std::vector<std::uint64_t>& batches,
                                       const std::vector<std::uint64_t>& contexts) {
  std::vector<decode_run> runs;
  for (std::uint64_t c : contexts) {
    for (std::uint64_t b : batches) {
      runs.push_back({b, c, checked_totals(decode_step(*q.m, *q.d, q.r, b, c, q.s, q.p)), load_verdict(*q.m, *q.d, q.s, q.e, b, c, q.p)});
    }
  }
  return runs;
}

std::string decode_text(const query& q, const std::vector<decode_run>& runs) {
  writer w;
  w("{}", title("Decode ceilings", q));
  w("Roofline: {}. Settings: {}. Sums of per-node `max(bytes / bandwidth, FLOPs / peak)`: a ceiling, not a "
    "prediction{}.\n\n",
    roofline_line(q.r), describe(q.s), projection_label(q.r));
  for (const decode_run& r : runs) {
    if (!r.v.fits) w("C={} at {} tokens: {}\n", r.batch, r.context, verdict_text(q.e, r.v));
  }
  w("{}| C | context | step (ms) | tok/s | memory-bound | per-row loops (ms) | fits ({}) |\n|---:|---:|---:|---:|---:|---:|---|\n",
    std::any_of(runs.begin(), runs.end(), [](const decode_run& r) { return !r.v.fits; }) ? "\n" : "", name(q.e.kind));
  for (const decode_run& r : runs) {
    double loops = 0;
    for (std::size_t fi = 0; fi < r.est.n_flags; ++fi) loops += r.est.flags[fi].added_us;
    w("| {} | {} | {:.3f} | {:.1f} | {} | {:.3f} | {} |\n", r.batch, r.context, r.est.total_us / 1e3, r.est.tokens_per_s(r.batch),
      pct(r.est.total_us > 0 ? r.est.memory_bound_us / r.est.total_us : 0.0), loops / 1e3,
      r.v.fits ? std::string("yes") : fmt::format("does not fit: {}", name(r.v.term)));
  }
  if (!(q.p == parallel{})) {
    w("\nPlan: {} ({} devices). Times are one rank's: its share of every node, then the collectives below.\n",
      plan_text(q.p), q.p.ranks());
    for (const decode_run& r : runs) w("{}", links_text(r.est, fmt::format("C={} at {}", r.batch, r.context).c_str()));
  }
  return std::move(w.out);
}

ordered_json decode_json(const query& q, const std::vector<decode_run>& runs) {
  ordered_json j = envelope("decode");
  j["model"] = model_json(*q.m);
  j["device"] = device_json(*q.d);
  j["roofline"] = roofline_json(q.r, q.manifest);
  j["settings"] = settings_json(q.s);
  ordered_json a = ordered_json::array();
  for (const decode_run& r : runs) {
    ordered_json x = decode_run_json(*q.m, r.est, r.batch, r.context, false);
    if (!(q.p == parallel{})) add_link_keys(x, r.est);
    x["fits"] = r.v.fits;
    x["stops"] = name(r.v.term);
    x["shortfall_bytes"] = r.v.shortfall_bytes;
    a.push_back(std::move(x));
  }
  j["runs"] = a;
  if (!(q.p == parallel{})) j["plan"] = plan_json(q.p);
  return j;
}

// ---- prefill ----

std::vector<prefill_run> compute_prefill(const query& q, const std::vector<std::uint64_t>& tokens) {
  std::vector<prefill_run> runs;
  for (std::uint64_t t : tokens) {
    runs.push_back({t, checked_totals(prefill(*q.m, *q.d, q.r, t, q.s, q.p)), load_verdict(*q.m, *q.d, q.s, q.e, 1, t, q.p)});
  }
  return runs;
}

std::string prefill_text(const query& q, const std::vector<prefill_run>& runs) {
  writer w;
  w("{}", title("Prefill ceilings", q));
  w("Roofline: {}. Settings: {}. One sequence of T prompt tokens, attention over a causal half-context; a "
    "ceiling, not a prediction{}.\n\n",
    roofline_line(q.r), describe(q.s), projection_label(q.r));
  for (const prefill_run& r : runs) {
    if (!r.v.fits) w("{} prompt tokens: {}\n", r.tokens, verdict_text(q.e, r.v));
  }
  w("{}| tokens | time (ms) | tok/s | memory-bound | fits ({}) |\n|---:|---:|---:|---:|---|\n",
    std::any_of(runs.begin(), runs.end(), [](const prefill_run& r) { return !r.v.fits; }) ? "\n" : "", name(q.e.kind));
  for (const prefill_run& r : runs) {
    w("| {} | {:.1f} | {:.0f} | {} | {} |\n", r.tokens, r.est.total_us / 1e3, r.est.tokens_per_s(r.tokens),
      pct(r.est.total_us > 0 ? r.est.memory_bound_us / r.est.total_us : 0.0),
      r.v.fits ? std::string("yes") : fmt::format("does not fit: {}", name(r.v.term)));
  }
  if (!(q.p == parallel{})) {
    w("\nPlan: {} ({} devices). Times are one rank's: its share of every node, then the collectives below.\n",
      plan_text(q.p), q.p.ranks());
    for (const prefill_run& r : runs) w("{}", links_text(r.est, fmt::format("T={}", r.tokens).c_str()));
  }
  return std::move(w.out);
}

ordered_json prefill_json(const query& q, const std::vector<prefill_run>& runs) {
  ordered_json j = envelope("prefill");
  j["model"] = model_json(*q.m);
  j["device"] = device_json(*q.d);
  j["roofline"] = roofline_json(q.r, q.manifest);
  j["settings"] = settings_json(q.s);
  ordered_json a = ordered_json::array();
  for (const prefill_run& r : runs) {
    ordered_json x = prefill_run_json(r.est, r.tokens);
    if (!(q.p == parallel{})) add_link_keys(x, r.est);
    x["fits"] = r.v.fits;
    x["stops"] = name(r.v.term);
    x["shortfall_bytes"] = r.v.shortfall_bytes;
    a.push_back(std::move(x));
  }
  j["runs"] = a;
  if (!(q.p == parallel{})) j["plan"] = plan_json(q.p);
  return j;
}

// ---- matrix ----

settings matrix_settings() {
  settings s = engine_settings(settings{}, engine{});
  s.ssm_h = auto_state_dtype(engine{});
  return s;
}

std::vector<matrix_row> compute_matrix(const std::vector<const model*>& ms, const std::vector<const device*>& ds,
                                       const matrix_query& mq) {
  std::vector<matrix_row> rows;
  for (const model* m : ms) {
    for (const device* d : ds) {
      matrix_row row{};
      row.m = m;
      row.d = d;
      row.r = default_roofline(*d);
      for (const std::uint64_t b : mq.batches) row.step_us.push_back(decode_step(*m, *d, row.r, b, mq.context, mq.s).total_us);
      row.c1 = compute_fit(*m, *d, mq.s, mq.seqs, mq.context, mq.e);
      row.load_plan = row.c1.fits ? std::optional<parallel>(parallel{}) : row.c1.advice;
      if (row.load_plan) row.load_step_us = decode_step(*m, *d, row.r, mq.seqs, mq.context, mq.s, *row.load_plan).total_us;
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

namespace {
// "vLLM with its defaults", "SGLang as configured", "engine none (the pure arithmetic)".
std::string engine_label(const engine& e) {
  if (e.kind == engine_kind::none) return "engine none (the pure arithmetic)";
  const bool defaults = (e.kind == engine_kind::vllm && e.vllm == engine{}.vllm) ||
                        (e.kind == engine_kind::sglang && e.sglang == engine{}.sglang) ||
                        (e.kind == engine_kind::trtllm && e.trtllm == engine{}.trtllm) ||
                        (e.kind == engine_kind::llama_cpp && e.llama_cpp == engine{}.llama_cpp);
  return fmt::format("{} {}", display_name(e.kind), defaults ? "with its defaults" : "as configured");
}

// 4096 -> "4k", 32768 -> "32k", 4000 -> "4000": the spelling reports use for contexts.
std::string tokens_label(std::uint64_t t) { return t % 1024 == 0 ? fmt::format("{}k", t / 1024) : fmt::format("{}", t); }

double tokens_per_s(std::uint64_t batch, double step_us) {
  return step_us > 0 ? static_cast<double>(batch) / (step_us / 1e6) : 0.0;
}

std::string load_plan_text(const matrix_row& r) {
  if (!r.load_plan) return "none";
  return *r.load_plan == parallel{} ? std::string("1 device") : plan_text(*r.load_plan);
}

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

std::string matrix_text(const std::vector<matrix_row>& rows, const std::string& command, const matrix_query& mq) {
  writer w;
  const std::string ctx = tokens_label(mq.context);
  const std::string load = fmt::format("C{} @{}", mq.seqs, ctx);
  std::string batches;
  for (std::size_t i = 0; i < mq.batches.size(); ++i) batches += fmt::format("{}C{}", i == 0 ? "" : " / ", mq.batches[i]);
  w("# {}\n\nGenerated by `{}`.\n\n", mq.title, command);
  w("Decode at {} tokens of KV context per sequence, settings {}. Each device's default constants: its "
    "shipped measurement when it has one, else its datasheet; a row marked \"roofline projection, unmeasured\" is "
    "estimated from datasheet ceilings alone. tok/s = C / step time. \"fits {}\": {} sequence{} of {} tokens "
    "on one device under {} (docs/engines.md), else the engine term that ran out and the smallest "
    "valid parallel plan that holds it. \"max C @{}\": the exact largest number of sequences one device holds under {}. "
    "\"load tok/s\": the decode ceiling of the load on one device when it fits, else under that plan.\n\n",
    mq.context, describe(mq.s), load, mq.seqs, mq.seqs == 1 ? "" : "s", mq.context, engine_label(mq.e), ctx,
    engine_label(mq.e));
  w("| model | device | tok/s {} (roofline) | fits {} | max C @{} | load tok/s |\n|---|---|---:|---|---:|---:|\n", batches,
    load, ctx);
  for (const matrix_row& r : rows) {
    std::string toks;
    for (std::size_t i = 0; i < mq.batches.size(); ++i) {
      toks += fmt::format("{}{:.0f}", i == 0 ? "" : " / ", tokens_per_s(mq.batches[i], r.step_us[i]));
    }
    w("| {} | {} | {}{} | {} | {} | {} |\n", r.m->id, r.d->id, toks, r.r.measured ? "" : " (roofline projection, unmeasured)",
      r.c1.fits ? std::string("yes")
                : fmt::format("does not fit: {}, {}", name(r.c1.v.term), r.c1.advice ? plan_text(*r.c1.advice) : std::string("no plan")),
      r.c1.max_seqs,
      r.load_plan ? fmt::format("{:.0f} ({})", tokens_per_s(mq.seqs, r.load_step_us), load_plan_text(r)) : std::string("-"));
  }
  return std::move(w.out);
}

ordered_json matrix_json(const std::vector<matrix_row>& rows, const matrix_query& mq) {
  ordered_json j = envelope("matrix");
  j["context_tokens"] = mq.context;
  j["seqs"] = mq.seqs;
  j["settings"] = settings_json(mq.s);
  j["engine"] = name(mq.e.kind);
  ordered_json a = ordered_json::array();
  for (const matrix_row& r : rows) {
    ordered_json x;
    x["model"] = model_json(*r.m);
    x["device"] = device_json(*r.d);
    x["roofline"] = roofline_json(r.r, "");
    ordered_json runs = ordered_json::array();
    for (std::size_t i = 0; i < mq.batches.size(); ++i) {
      runs.push_back({{"batch", mq.batches[i]}, {"context_tokens", mq.context}, {"step_us", r.step_us[i]},
                      {"tokens_per_s", tokens_per_s(mq.batches[i], r.step_us[i])}});
    }
    x["decode"] = runs;
    x["fit"] = fit_json(r.c1);
    x["load_plan"] = plan_json(r.load_plan);
    x["load_step_us"] = r.load_plan ? ordered_json(r.load_step_us) : ordered_json(nullptr);
    x["load_tokens_per_s"] = r.load_plan ? ordered_json(tokens_per_s(mq.seqs, r.load_step_us)) : ordered_json(nullptr);
    a.push_back(std::move(x));
  }
  j["rows"] = a;
  return j;
}

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

// ---- report ----

ordered_json report_json(const query& q, const report::options& o, const report::report_data& data) {
  const model& m = *q.m;
  ordered_json j = envelope("report");
  j["model"] = model_json(m);
  j["device"] = device_json(*q.d);
  j["roofline"] = roofline_json(q.r, q.manifest);
  j["settings"] = settings_json(o.s);
  j["context_tokens"] = o.context;
  j["fp4_costing"] = data.fp4_costing;
  ordered_json formats = ordered_json::array();
  for (const report::format_group& g : data.formats) {
    formats.push_back({{"pair", g.pair}, {"weight", g.weight}, {"activation", g.activation}, {"nodes", g.nodes},
                       {"execution", g.execution}});
  }
  j["formats"] = formats;
  j["footprint"] = footprint_json(data.fit.fp, data.weight_floor);
  j["weight_floor_us"] = weight_floor_us(m, q.r);
  ordered_json decode = ordered_json::array();
  for (std::size_t i = 0; i < report::decode_batches.size(); ++i) {
    decode.push_back(decode_run_json(m, data.decode[i], report::decode_batches[i], o.context, true));
  }
  j["decode"] = decode;
  ordered_json pre = ordered_json::array();
  for (std::size_t i = 0; i < report::prefill_tokens.size(); ++i) {
    pre.push_back(prefill_run_json(data.prefill[i], report::prefill_tokens[i]));
  }
  j["prefill"] = pre;
  ordered_json table;
  table["usable_bytes"] = data.fit.usable;
  ordered_json rows = ordered_json::array();
  for (std::size_t bi = 0; bi < fit_batches.size(); ++bi) {
    ordered_json cells = ordered_json::array();
    for (std::size_t ci = 0; ci < fit_contexts.size(); ++ci) {
      cells.push_back({{"context_tokens", fit_contexts[ci]}, {"needed_bytes", data.fit.cells[bi][ci].need},
                       {"fits", data.fit.cells[bi][ci].fits}});
    }
    rows.push_back({{"seqs", fit_batches[bi]}, {"cells", cells}});
  }
  table["rows"] = rows;
  ordered_json maxes = ordered_json::array();
  for (std::size_t ci = 0; ci < fit_contexts.size(); ++ci) {
    maxes.push_back({{"context_tokens", fit_contexts[ci]}, {"ladder_max_seqs", data.fit.ladder_max[ci]},
                     {"max_seqs", data.fit.exact_max[ci]}});
  }
  table["max_seqs"] = maxes;
  j["fit_table"] = table;
  ordered_json advice = ordered_json::array();
  for (const report::fit_advice& a : data.advice) {
    advice.push_back({{"seqs", a.seqs}, {"context_tokens", a.context}, {"needed_bytes", a.need}, {"advice_plan", plan_json(a.plan)},
                      {"holders", ids_json(a.holders)}});
  }
  j["advice"] = advice;
  add_rank_keys(j, data.fit.fp, o.p);
  j["fits"] = data.c1.fits;
  j["stops"] = name(data.c1.term);
  j["shortfall_bytes"] = data.c1.shortfall_bytes;
  j["engine"] = o.e.kind == engine_kind::none ? ordered_json(nullptr) : engine_json(data.em);
  return j;
}

}  // namespace headroom::cli
