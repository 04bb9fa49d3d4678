// SPDX-License-Identifier: MIT
// headroom CLI: `headroom serve` -- the serving model (serve.hpp) over a list of concurrencies,
// as Markdown and JSON.
#include "headroom/commands/serve_cmd.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include <headroom/engines/exec_facts.hpp>
#include <headroom/engines/router_gemm.hpp>
#include <headroom/engines/serving_facts.hpp>

#include "headroom/args/plan_cli.hpp"
#include "headroom/render/text.hpp"

namespace headroom::cli {

namespace {

using text::writer;

calibration_set calibration_for(const serve_request& r) {
  calibration_set cs = shipped_calibration(*r.q.d, r.q.e);
  if (r.table != nullptr) {
    // A table of the user's replaces the shipped kernels; the shipped module measurements go too.
    cs.own = r.table;
    cs.latent_module = &no_latent_module;
  }
  return cs;
}

// `fell_back`: a run read the fallback table for classes the device's own table lacks (the AMD
// tables hold GEMM and MoE kernels only), which the description then names too; `stood_in`: a
// run read a kernel on a related kernel's measurements (calib_source::stand_in), said too.
std::string tables_text(const serve_request& r, const calibration_set& cs, bool fell_back) {
  if (r.table != nullptr) return fmt::format("{} ({})", r.table_path, cs.own->source);
  if (cs.own->n_grids == 0) {
    return fmt::format("no measured table for {} under {}: its kernels take the ratios measured on {} ({})", r.q.d->id,
                       name(r.q.e.kind), fallback_device(*r.q.d), cs.fallback->source);
  }
  std::string out = fmt::format("{} {} on {} ({})", cs.own->engine, cs.own->version, cs.own->device, cs.own->source);
  if (fell_back) {
    out += fmt::format("; the classes it lacks take the ratios measured on {} ({} {}: {})", cs.fallback->device,
                       cs.fallback->engine, cs.fallback->version, cs.fallback->source);
  }
  return out;
}
std::string calibration_text(const serve_request& r, const calibration_set& cs, bool fell_back, bool stood_in) {
  std::string out = tables_text(r, cs, fell_back);
  if (engines::runs_a_router_of(cs.router_gemm, *r.q.m)) {
    out += fmt::format("; its router at up to {} rows: the dsv3RouterGemm kernel's measured times ({})",
                       cs.router_gemm.max_rows, cs.router_gemm.source);
  }
  if (cs.latent_module->n_grids != 0) {
    bool module = false;
    for (std::size_t bi = 0; bi < r.q.m->c.n_blocks; ++bi) module = module || detail::latent_module_heads(r.q.m->c, r.q.m->c.blocks[bi]) != 0;
    if (module) {
      out += fmt::format("; its latent attention in a decode step no faster than the module measured whole ({})",
                         cs.latent_module->source);
    }
  }
  if (stood_in) {
    out += "; kernels no table times (Kimi Delta Attention's recurrence, a prompt's Mamba2 scan) read the Gated DeltaNet "
           "kernels' measurements (stand-in)";
  }
  return out;
}

std::string spec_text(const serve_request& r) {
  const speculation& s = r.spec;
  if (s.tokens == 0) return "off";
  return fmt::format("{}, {} tokens a round, acceptance length {}",
                     r.draft.empty() ? std::string("MTP draft head") : fmt::format("draft checkpoint {}", r.draft), s.tokens,
                     num(static_cast<double>(s.acceptance_milli) / 1000.0));
}

std::string mode_text(const serve_request& r) {
  if (!r.dis.on()) return fmt::format("aggregated, {} ({} GPU{})", plan_text(r.q.p), r.q.p.ranks(), r.q.p.ranks() == 1 ? "" : "s");
  return fmt::format("disaggregated: {} prefill workers of {}, {} decode workers of {}", r.dis.prefill_workers,
                     worker_plan_text(r.dis.prefill_plan()), r.dis.decode_workers, worker_plan_text(r.dis.decode_plan()));
}

}  // namespace

std::string run_text(std::uint64_t requests_per_client) {
  if (requests_per_client == 0) return "steady state: prompts arrive one by one as answers end";
  return fmt::format("{} request{} per client, the first round arriving together, the rest as answers end; TTFT is "
                     "their mean",
                     requests_per_client, requests_per_client == 1 ? "" : "s");
}

std::string prompts_text(std::uint64_t isl, std::uint64_t prefix, bool shared) {
  if (prefix == 0) return fmt::format("{}-token prompts", isl);
  return fmt::format("{}-token prompts (the first {} tokens of each {}in the engine's prefix cache, {} prefilled)", isl, prefix,
                     shared ? "the same for every request and held once " : "", isl - prefix);
}

serve_answer compute_serve(const serve_request& r) {
  serve_answer a;
  const calibration_set cs = calibration_for(r);
  deployment dep{1, r.isl + r.osl, r.q.s, r.q.e, r.q.p};
  dep.speculation = r.spec;
  const serve_setup su = setup_serving(*r.q.m, *r.q.d, r.q.r, dep, load{.isl = r.isl, .osl = r.osl, .concurrency = 1, .requests_per_client = r.requests_per_client, .prefix = r.prefix, .prefix_shared = r.prefix_shared}, engines::exec_facts_of(r.q.e),
                                       cs, engines::serving_facts_of(r.q.e.kind), r.dis);
  if (r.request_rate.empty()) {
    for (const std::uint64_t c : r.concurrency) a.runs.push_back(serve_at(su, c));
  } else {
    for (const double rate : r.request_rate) a.runs.push_back(serve_rate_at(su, rate));
  }
  if (r.breakdown) {
    for (const serve_result& s : a.runs) a.steps.push_back(decode_step_breakdown(su, s.fits ? s.running_batch : 0));
  }
  const bool fell_back = std::any_of(a.runs.begin(), a.runs.end(),
                                     [](const serve_result& s) { return s.fits && s.calibration == calib_source::fallback; });
  const bool stood_in = std::any_of(a.runs.begin(), a.runs.end(),
                                    [](const serve_result& s) { return s.fits && s.calibration == calib_source::stand_in; });
  a.calibration_name = calibration_text(r, cs, fell_back, stood_in);
  return a;
}

namespace {

// At a price the user gave: each fitting run's dollars a million output tokens.
void cost_text(writer& w, const serve_request& r, const serve_answer& a) {
  if (r.usd_per_gpu_hour <= 0) return;
  std::string runs;
  for (const serve_result& s : a.runs) {
    if (!s.fits || s.tokens_per_s_per_gpu <= 0) continue;
    const std::string load = r.request_rate.empty() ? fmt::format("{} client{}", s.concurrency, s.concurrency == 1 ? "" : "s")
                                                    : fmt::format("{} req/s", num(s.request_rate));
    runs += fmt::format("{}{} ${:.3f}", runs.empty() ? "" : ", ", load, usd_per_million_tokens(s, r.usd_per_gpu_hour));
  }
  if (runs.empty()) return;
  w("\nAt ${} a GPU-hour (the price given), a million output tokens cost: {} (the GPUs' price an hour over the tokens "
    "they emit in one).\n",
    num(r.usd_per_gpu_hour), runs);
}

// What a prediction is and which tables it read: the same sentence for either load.
void prediction_text(writer& w, const serve_answer& a) {
  w("Prediction: each kernel at its ceiling times the ratio measured for its class on the device under the engine; "
    "calibration: {}. Ceilings: per node max(bytes / bandwidth, FLOPs / peak), a lower bound.\n\n",
    a.calibration_name);
}

// An open loop's table: one row a request rate.
void open_loop_text(writer& w, const serve_request& r, const serve_answer& a) {
  const query& q = r.q;
  w("Load: an open loop: requests arriving at random (a Poisson process) at the rates below, {} for {}-token answers; "
    "steady state. Mode: {}. Settings: {}. Speculative decoding: {}.\n\n",
    prompts_text(r.isl, r.prefix, r.prefix_shared), r.osl, mode_text(r), describe(q.s, q.e), spec_text(r));
  prediction_text(w, a);
  w("| request rate (req/s) | in flight | running batch | TTFT (ms) | TPOT (ms) | E2E (ms) | tok/s | tok/s/GPU | tok/s/user "
    "| ceiling TTFT (ms) | ceiling TPOT (ms) | wait (ms) | capacity (req/s) | calibration |\n");
  w("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
  for (const serve_result& s : a.runs) {
    if (!s.fits) {
      w("| {} | - | - | - | - | - | - | - | - | - | - | - | - | does not fit: {} |\n", num(s.request_rate), name(s.term));
      continue;
    }
    if (s.saturated) {
      w("| {} | - | {} | saturated | {:.2f} | saturated | {:.0f} | {:.0f} | {:.1f} | {:.1f} | {:.2f} | saturated | {:.2f} | {} "
        "|\n",
        num(s.request_rate), s.running_batch, s.tpot_ms, s.tokens_per_s, s.tokens_per_s_per_gpu, s.tokens_per_s_per_user,
        s.ceiling_ttft_ms, s.ceiling_tpot_ms, s.capacity_rps, short_name(s.calibration));
      continue;
    }
    w("| {} | {} | {} | {:.1f} | {:.2f} | {:.0f} | {:.0f} | {:.0f} | {:.1f} | {:.1f} | {:.2f} | {:.1f} | {:.2f} | {} |\n",
      num(s.request_rate), s.concurrency, s.running_batch, s.ttft_ms, s.tpot_ms, s.e2e_ms, s.tokens_per_s,
      s.tokens_per_s_per_gpu, s.tokens_per_s_per_user, s.ceiling_ttft_ms, s.ceiling_tpot_ms, s.wait_ms, s.capacity_rps,
      short_name(s.calibration));
  }
  if (!a.runs.empty() && a.runs.front().fits) {
    const serve_result& s = a.runs.front();
    if (r.dis.on()) {
      w("\nThe running batch is what the rate keeps on each decode worker (Little's law: its share of the rate times "
        "an answer's time there), at most {} sequences (its KV pool and its scheduler's cap); a prefill worker's pass "
        "takes the prompts that arrived during the one before. The deployment serves up to {:.2f} requests a second "
        "(the smaller of its prefill workers' full passes and its decode workers' full batches), and at or above that "
        "the queue grows for as long as the run lasts (saturated). Below it, a request finds every decode slot taken "
        "with Erlang's C probability and waits for one (the wait is part of TTFT). \"In flight\": the requests in the "
        "system on average, the concurrency a closed loop would hold.\n",
        s.slots, s.capacity_rps);
    } else {
      w("\nThe running batch is what the rate keeps there (Little's law: the rate times a request's time in the batch), "
        "at most {} sequences (the engine's KV pool, its scheduler's cap and its token budget); the deployment serves up "
        "to {:.2f} requests a second, and at or above that the queue grows for as long as the run lasts (saturated). "
        "Below it, a request finds every slot taken with Erlang's C probability and waits for one (the wait is part of "
        "TTFT). \"In flight\": the requests in the system on average, the concurrency a closed loop would hold.\n",
        s.slots, s.capacity_rps);
    }
  }
}

// --breakdown: each run's decode step by cost class, the classes no run has left out.
void breakdown_text(writer& w, const serve_request& r, const serve_answer& a) {
  if (a.steps.empty()) return;
  std::array<bool, all_cost_classes.size()> shown{};
  bool overlap = false, host = false, busiest = false, module = false;
  for (const decode_breakdown& b : a.steps) {
    busiest = busiest || b.busiest_rank_experts > 0;
    module = module || b.module_floor_us > 0;
    for (std::size_t i = 0; i < shown.size(); ++i) shown[i] = shown[i] || b.class_ceiling_us[i] > 0 || b.class_predicted_us[i] > 0;
    overlap = overlap || b.overlap_us > 0;
    host = host || b.host_us > 0;
  }
  w("\n## Where a decode step goes\n\nA decode step of the running batch{} at the mean context of {} tokens, predicted "
    "(ceiling in brackets), in us: its kernels by cost class{}, the plan's collectives, {}the engine's fixed cost a step, "
    "and the step. TPOT is this step plus the prompts' prefill passes it carries{}.{}{}\n\n",
    r.dis.on() ? " (a decode worker's)" : "", r.isl + r.osl / 2,
    overlap ? " (less what the shared expert's own stream hides, \"overlap\")" : "", host ? "the host's issuing of an eager step, " : "",
    r.spec.tokens != 0 ? "; with speculative decoding, the verify and draft steps over the acceptance length instead" : "",
    busiest ? " Under expert parallelism a MoE layer waits for its busiest rank: \"busiest rank\" gives the experts it is "
              "expected to read at the batch against the mean rank's." : "",
    module ? " \"Module floor\": what the latent attention module measured whole adds to its kernels' sum (already in "
             "the classes and the step)." : "");
  std::string head = r.request_rate.empty() ? "| concurrency | running batch |" : "| request rate (req/s) | running batch |";
  std::string rule = "|---:|---:|";
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if (!shown[i]) continue;
    head += fmt::format(" {} |", name(all_cost_classes[i]));
    rule += "---:|";
  }
  if (overlap) head += " overlap |", rule += "---:|";
  if (busiest) head += " busiest rank (experts) |", rule += "---:|";
  if (module) head += " module floor |", rule += "---:|";
  head += " collectives |";
  rule += "---:|";
  if (host) head += " host |", rule += "---:|";
  head += " step cost | step |";
  rule += "---:|---:|";
  w("{}\n{}\n", head, rule);
  for (std::size_t k = 0; k < a.steps.size(); ++k) {
    const serve_result& s = a.runs[k];
    const decode_breakdown& b = a.steps[k];
    std::string line = r.request_rate.empty() ? fmt::format("| {} |", s.concurrency) : fmt::format("| {} |", num(s.request_rate));
    if (!s.fits) {
      w("{} - | does not fit |\n", line);
      continue;
    }
    line += fmt::format(" {} |", b.batch);
    for (std::size_t i = 0; i < shown.size(); ++i) {
      if (shown[i]) line += fmt::format(" {:.1f} ({:.1f}) |", b.class_predicted_us[i], b.class_ceiling_us[i]);
    }
    if (overlap) line += fmt::format(" -{:.1f} |", b.overlap_us);
    if (busiest) line += fmt::format(" {:.2f} of {:.2f} |", b.busiest_rank_experts, b.mean_rank_experts);
    if (module) line += fmt::format(" {:.1f} |", b.module_floor_us);
    line += fmt::format(" {:.1f} ({:.1f}) |", b.collectives_predicted_us, b.collectives_ceiling_us);
    if (host) line += fmt::format(" {:.1f} |", b.host_us);
    line += fmt::format(" {:.1f} | {:.1f} ({:.1f}) |", b.step_cost_us, b.predicted_us, b.ceiling_us);
    w("{}\n", line);
  }
}

// --breakdown: where each run's mean TTFT goes, the terms no run has at zero left out.
void ttft_breakdown_text(writer& w, const serve_request& r, const serve_answer& a) {
  if (a.steps.empty()) return;
  struct column {
    std::string_view head;
    double (*of)(const serve_result&);
  };
  static constexpr column columns[] = {
      {"front end", [](const serve_result& s) { return s.ttft_parts.front_end_ms; }},
      {"queue", [](const serve_result& s) { return s.wait_ms; }},
      {"first round", [](const serve_result& s) { return s.ttft_parts.first_round_ms; }},
      {"in flight", [](const serve_result& s) { return s.ttft_parts.in_flight_ms; }},
      {"poll", [](const serve_result& s) { return s.ttft_parts.poll_ms; }},
      {"decode steps", [](const serve_result& s) { return s.ttft_parts.decode_steps_ms; }},
      {"prefill", [](const serve_result& s) { return s.ttft_parts.prefill_ms; }},
      {"KV transfer", [](const serve_result& s) { return s.transfer_ms; }},
      {"admission", [](const serve_result& s) { return s.ttft_parts.admission_ms; }},
  };
  std::array<bool, std::size(columns)> shown{};
  for (const serve_result& s : a.runs) {
    if (!s.fits || s.saturated) continue;
    for (std::size_t i = 0; i < shown.size(); ++i) shown[i] = shown[i] || columns[i].of(s) != 0;
  }
  w("\n## Where TTFT goes\n\nEach run's TTFT (a mean over its requests{}), in ms, by term: the front end (HTTP, tokenization, "
    "admission), the queue for {}, {}the pass in flight and those the scheduler planned ahead of the prompt, {}the prompt's "
    "own prefill passes (its kernels, the prompts beside it, the host's issuing of an eager pass){}.\n\n",
    r.request_rate.empty() ? ", first round and later" : "",
    r.dis.on() ? "a prefill worker" : "a slot", r.request_rate.empty() ? "the first round's prompts arriving together, " : "",
    r.dis.on() ? "" : "the scheduler's poll, the other sequences' decode steps the prompt's chunks ride, ",
    r.dis.on() ? ", the KV transfer and the decode worker's admission" : "");
  std::string head = r.request_rate.empty() ? "| concurrency |" : "| request rate (req/s) |";
  std::string rule = "|---:|";
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if (!shown[i]) continue;
    head += fmt::format(" {} |", columns[i].head);
    rule += "---:|";
  }
  head += " TTFT |";
  rule += "---:|";
  w("{}\n{}\n", head, rule);
  for (const serve_result& s : a.runs) {
    std::string line = r.request_rate.empty() ? fmt::format("| {} |", s.concurrency) : fmt::format("| {} |", num(s.request_rate));
    if (!s.fits || s.saturated) {
      w("{} - | {} |\n", line, s.fits ? "saturated" : "does not fit");
      continue;
    }
    for (std::size_t i = 0; i < shown.size(); ++i) {
      if (shown[i]) line += fmt::format(" {:.1f} |", columns[i].of(s));
    }
    line += fmt::format(" {:.1f} |", s.ttft_ms);
    w("{}\n", line);
  }
}

// JSON: where a run's TTFT goes (--breakdown); with the run's wait_ms and transfer_ms the terms
// sum to its ttft_ms.
ordered_json ttft_breakdown_json(const ttft_breakdown& b) {
  return {{"front_end_ms", b.front_end_ms}, {"first_round_ms", b.first_round_ms}, {"in_flight_ms", b.in_flight_ms},
          {"poll_ms", b.poll_ms},           {"decode_steps_ms", b.decode_steps_ms}, {"prefill_ms", b.prefill_ms},
          {"admission_ms", b.admission_ms}};
}

// JSON: a run's decode step by cost class (--breakdown).
ordered_json breakdown_json(const decode_breakdown& b) {
  ordered_json classes = ordered_json::array();
  for (std::size_t i = 0; i < all_cost_classes.size(); ++i) {
    if (b.class_ceiling_us[i] == 0 && b.class_predicted_us[i] == 0) continue;
    std::string key(name(all_cost_classes[i]));
    std::replace(key.begin(), key.end(), ' ', '_');
    classes.push_back({{"class", key}, {"ceiling_us", b.class_ceiling_us[i]}, {"predicted_us", b.class_predicted_us[i]}});
  }
  return {{"batch", b.batch},
          {"context", b.context},
          {"classes", std::move(classes)},
          {"overlap_us", b.overlap_us},
          {"collectives_ceiling_us", b.collectives_ceiling_us},
          {"collectives_predicted_us", b.collectives_predicted_us},
          {"host_us", b.host_us},
          {"step_cost_us", b.step_cost_us},
          {"ceiling_us", b.ceiling_us},
          {"predicted_us", b.predicted_us},
          {"calibration", name(b.worst)},
          {"busiest_rank_experts", b.busiest_rank_experts},
          {"mean_rank_experts", b.mean_rank_experts},
          {"module_floor_us", b.module_floor_us}};
}

}  // namespace

std::string serve_text(const serve_request& r, const serve_answer& a) {
  writer w;
  const query& q = r.q;
  w("# Serving {} on {} under {}\n\n", q.m->name, q.d->name, name(q.e.kind));
  if (!r.request_rate.empty()) {
    open_loop_text(w, r, a);
    cost_text(w, r, a);
    breakdown_text(w, r, a);
    ttft_breakdown_text(w, r, a);
    return std::move(w.out);
  }
  w("Load: a closed loop of clients, each sending {} for {}-token answers ({}). Mode: {}. Settings: {}. "
    "Speculative decoding: {}.\n\n",
    prompts_text(r.isl, r.prefix, r.prefix_shared), r.osl, run_text(r.dis.on() ? 0 : r.requests_per_client), mode_text(r), describe(q.s, q.e), spec_text(r));
  prediction_text(w, a);
  w("| concurrency | running batch | TTFT (ms) | steady TTFT (ms) | TPOT (ms) | E2E (ms) | tok/s | tok/s/GPU | tok/s/user "
    "| ceiling TTFT (ms) | ceiling TPOT (ms) | wait (ms) | calibration |\n");
  w("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
  for (const serve_result& s : a.runs) {
    if (!s.fits) {
      w("| {} | - | - | - | - | - | - | - | - | - | - | - | does not fit: {} |\n", s.concurrency, name(s.term));
      continue;
    }
    w("| {} | {} | {:.1f} | {:.1f} | {:.2f} | {:.0f} | {:.0f} | {:.0f} | {:.1f} | {:.1f} | {:.2f} | {:.1f} | {} |\n",
      s.concurrency, s.running_batch, s.ttft_ms, s.ttft_steady_ms, s.tpot_ms, s.e2e_ms, s.tokens_per_s,
      s.tokens_per_s_per_gpu, s.tokens_per_s_per_user, s.ceiling_ttft_ms, s.ceiling_tpot_ms, s.wait_ms, short_name(s.calibration));
  }
  if (!a.runs.empty() && a.runs.front().fits) {
    const serve_result& s = a.runs.front();
    // An engine that allocates KV as tokens come runs more sequences than whole requests fit.
    const std::string on_demand =
        s.batch_pool_seqs == s.pool_seqs
            ? std::string{}
            : fmt::format("; it allocates a sequence's KV as its tokens come, so it runs up to {} at their mean context of {} tokens",
                          s.batch_pool_seqs, r.isl + r.osl / 2);
    // A pool is one scheduler's: each data-parallel rank (or DP-attention rank) keeps its own.
    const std::uint64_t shares = seq_shares(r.dis.on() ? r.dis.decode_plan() : r.q.p);
    const std::string where =
        r.dis.on() ? (shares > 1 ? fmt::format(" on each of a decode worker's {} data-parallel schedulers", shares)
                                 : std::string{" on each decode worker"})
                   : (shares > 1 ? fmt::format(" on each of its {} data-parallel schedulers", shares) : std::string{});
    const std::string held = r.prefix_shared ? " beside the shared prefix's whole blocks, held once" : "";
    w("\nThe engine's KV pool holds {} sequences of {} tokens{}{}{}{} running batch is the smallest of the clients, that "
      "and the scheduler's cap, and the other clients wait (the wait is part of TTFT).\n",
      s.pool_seqs, r.isl + r.osl, held, where, on_demand, on_demand.empty() ? "; the" : ". The");
    if (!r.dis.on() && r.q.p.dp > 1 && engines::rules_of(r.q.e).dp_replicas) {
      w("The engine runs the plan's {} data-parallel ranks as replicas, each with its own scheduler and pool, the clients "
        "dealt out over them (the busiest holding N / {} rounded up); the running batch and the times are that replica's.\n",
        r.q.p.dp, r.q.p.dp);
    }
    // Short answers: the prompts a step can carry, not the pool, bound the batch.
    if (s.budget_seqs != 0 && s.budget_seqs < s.batch_pool_seqs) {
      w("A step carries at most the engine's token budget, and a running sequence starts a new prompt every {} "
        "answer tokens: the budget's prompts keep at most {} sequences running.\n",
        r.osl, s.budget_seqs);
    }
  }
  cost_text(w, r, a);
  breakdown_text(w, r, a);
  ttft_breakdown_text(w, r, a);
  return std::move(w.out);
}

ordered_json serve_json(const serve_request& r, const serve_answer& a) {
  ordered_json j = envelope("serve");
  j["model"] = r.q.m->id;
  j["device"] = r.q.d->id;
  j["engine"] = name(r.q.e.kind);
  j["isl"] = r.isl;
  j["osl"] = r.osl;
  j["prefix"] = r.prefix;
  j["prefix_shared"] = r.prefix_shared;
  j["loop"] = r.request_rate.empty() ? "closed" : "open";
  if (r.request_rate.empty()) j["requests_per_client"] = r.requests_per_client;
  j["mode"] = r.dis.on() ? "disaggregated" : "aggregated";
  j["plan"] = r.dis.on() ? ordered_json{{"prefill_workers", r.dis.prefill_workers},
                                        {"prefill_tp", r.dis.prefill_tp},
                                        {"prefill_ep", r.dis.prefill_ep},
                                        {"prefill_dp_attention", r.dis.prefill_dp_attention},
                                        {"decode_workers", r.dis.decode_workers},
                                        {"decode_tp", r.dis.decode_tp},
                                        {"decode_ep", r.dis.decode_ep},
                                        {"decode_dp_attention", r.dis.decode_dp_attention},
                                        {"prefill_batch_tokens", r.dis.prefill_batch_tokens},
                                        {"prefill_redundant_experts", r.dis.prefill_redundant_experts},
                                        {"decode_redundant_experts", r.dis.decode_redundant_experts}}
                         : plan_json(r.q.p);
  j["speculative_tokens"] = r.spec.tokens;
  j["acceptance_length"] = static_cast<double>(r.spec.acceptance_milli) / 1000.0;
  if (!r.draft.empty()) j["draft_model"] = r.draft;
  j["calibration_table"] = a.calibration_name;
  if (r.usd_per_gpu_hour > 0) j["usd_per_gpu_hour"] = r.usd_per_gpu_hour;
  ordered_json runs = ordered_json::array();
  for (std::size_t k = 0; k < a.runs.size(); ++k) {
    const serve_result& s = a.runs[k];
    ordered_json x;
    // An open loop's run: its rate first; a saturated one has no finite TTFT, E2E or wait (null).
    const bool open = !r.request_rate.empty();
    const auto finite = [&](double v) { return open && s.saturated ? ordered_json(nullptr) : ordered_json(v); };
    if (open) x["request_rate"] = s.request_rate;
    x["concurrency"] = open && s.saturated ? ordered_json(nullptr) : ordered_json(s.concurrency);
    x["running_batch"] = s.running_batch;
    x["ttft_ms"] = finite(s.ttft_ms);
    x["ttft_steady_ms"] = finite(s.ttft_steady_ms);
    x["tpot_ms"] = s.tpot_ms;
    x["e2e_ms"] = finite(s.e2e_ms);
    x["cycle_ms"] = finite(s.cycle_ms);
    x["tokens_per_s"] = s.tokens_per_s;
    x["tokens_per_s_per_gpu"] = s.tokens_per_s_per_gpu;
    x["tokens_per_s_per_user"] = s.tokens_per_s_per_user;
    x["ceiling_ttft_ms"] = s.ceiling_ttft_ms;
    x["ceiling_tpot_ms"] = s.ceiling_tpot_ms;
    x["gpus"] = s.gpus;
    x["fits"] = s.fits;
    x["calibration"] = name(s.calibration);
    x["pool_seqs"] = s.pool_seqs;
    x["batch_pool_seqs"] = s.batch_pool_seqs;
    x["budget_seqs"] = s.budget_seqs;
    x["wait_ms"] = finite(s.wait_ms);
    x["transfer_ms"] = s.transfer_ms;
    x["term"] = name(s.term);
    if (open) {
      x["slots"] = s.slots;
      x["capacity_rps"] = s.capacity_rps;
      x["saturated"] = s.saturated;
    }
    if (r.usd_per_gpu_hour > 0) x["usd_per_million_tokens"] = s.fits ? ordered_json(usd_per_million_tokens(s, r.usd_per_gpu_hour)) : ordered_json(nullptr);
    if (k < a.steps.size() && s.fits) x["decode_step"] = breakdown_json(a.steps[k]);
    if (k < a.steps.size() && s.fits && !s.saturated) x["ttft_breakdown"] = ttft_breakdown_json(s.ttft_parts);
    runs.push_back(std::move(x));
  }
  j["runs"] = std::move(runs);
  return j;
}

}  // namespace headroom::cli
