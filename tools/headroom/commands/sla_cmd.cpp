// SPDX-License-Identifier: MIT
// headroom CLI: `headroom sla` -- every device x engine x plan (aggregated, and disaggregated
// prefill / decode splits of the GPU budget) x concurrency evaluated by the serving model; the
// configurations that meet both targets, best tokens/s per GPU first; the Pareto frontier of
// tokens/s per GPU against tokens/s per user; the reason each other configuration fails.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <headroom/engines/all_rules.hpp>
#include <headroom/engines/exec_facts.hpp>
#include <headroom/engines/serving_facts.hpp>

#include "headroom/args/engine_flags.hpp"
#include "headroom/args/plan_cli.hpp"
#include "headroom/commands/serve_cmd.hpp"
#include "headroom/render/text.hpp"

namespace headroom::cli {

namespace {

using text::writer;

// Concurrencies searched: up to 1024 an instance, so up to 1024 times the decode workers of a
// disaggregated configuration (each schedules its own batch, as an aggregated instance does).
constexpr std::uint64_t max_concurrency = 1024;
// Tensor-parallel degrees searched: one node's worth.
constexpr std::uint16_t tp_degrees[] = {1, 2, 4, 8};

struct candidate {
  parallel p{};
  disaggregation dis{};
};

// The plans searched on `d` within the GPU budget: the valid plans of 1, 2, 4 or 8 devices in
// one scale-up domain without pipeline stages (TP, with EP and DP attention for MoE models), and
// the disaggregated splits of the whole budget into prefill and decode workers of one such plan.
// `valid`: the model's valid plans (model_plans, the same for every device); those searched are
// taken out first and ordered for `d` as valid_plans(m, d) orders them (a stable order, so the
// order among them is the same).
std::vector<candidate> candidates(const plan_list& valid, const device& d, std::uint32_t gpus) {
  std::vector<candidate> out;
  const std::uint32_t domain = d.link.domain == 0 ? 1 : d.link.domain;
  plan_list searched{};
  for (std::size_t i = 0; i < valid.n; ++i) {
    const parallel& p = valid.plans[i];
    if (p.pp != 1 || p.tp > gpus || p.tp > domain) continue;
    if (std::find(std::begin(tp_degrees), std::end(tp_degrees), p.tp) == std::end(tp_degrees)) continue;
    searched.plans[searched.n++] = p;
  }
  const plan_list l = ordered_plans(searched, d);
  std::vector<parallel> plans(l.plans.begin(), l.plans.begin() + static_cast<std::ptrdiff_t>(l.n));
  for (const parallel& p : plans) out.push_back({p, {}});
  for (const parallel& p : plans) {
    const std::uint32_t workers = gpus / p.tp;
    for (std::uint32_t x = 1; x < workers; ++x) {
      out.push_back({p, {static_cast<std::uint16_t>(x), p.tp, static_cast<std::uint16_t>(workers - x), p.tp, p.ep,
                         p.dp_attention, p.ep, p.dp_attention}});
    }
  }
  return out;
}

bool meets(const serve_result& s, const sla_request& r) {
  return s.fits && s.ttft_ms <= r.ttft_ms && s.tpot_ms <= r.tpot_ms;
}

std::string reject_reason(const serve_result& s, const sla_request& r) {
  const char* lightest = r.request_rate > 0 ? "at the lightest load (one sequence in a batch)" : "at concurrency 1";
  if (!s.fits) return fmt::format("memory: {}", name(s.term));
  // One slot: the rate that keeps one sequence is the capacity itself.
  if (s.saturated) return fmt::format("saturated {}: the batch holds at most {}", lightest, s.slots);
  if (s.ttft_ms > r.ttft_ms) return fmt::format("TTFT {:.1f} ms > {} ms {}", s.ttft_ms, num(r.ttft_ms), lightest);
  return fmt::format("TPOT {:.2f} ms > {} ms {}", s.tpot_ms, num(r.tpot_ms), lightest);
}

// How far an answer is past the targets: the larger of TTFT / target and TPOT / target, less
// one (at most 0: both met; infinite when saturated).
double overshoot(const serve_result& s, const sla_request& r) {
  if (!s.fits || s.saturated) return std::numeric_limits<double>::infinity();
  return std::max(s.ttft_ms / r.ttft_ms, s.tpot_ms / r.tpot_ms) - 1.0;
}

// The counts of clients a configuration is answered at: doubling from one until a count misses a
// target or reaches `limit`, then a bisection between the last count that met both and the first
// that missed, to within a sixteenth of the lower (at least one client), so that a configuration
// is not reported at up to half the load it carries (about four answers more). TTFT and TPOT only
// grow with the clients. `full_stops`: stop once the running batch is at its limit (the KV pool's,
// the scheduler's cap or the token budget's: more clients only wait, at the same tokens/s). Not
// once it holds fewer than the clients: disaggregated, a decode worker holds its share less those
// in a prefill worker, and until 2026-12-07 that stopped the search at 64 clients for one decode
// worker and at 2 for several. `met` sees every answer that meets both, in increasing counts. Returns the
// most clients that met both (0: not one), the answer at one client in `first`.
template <typename Met>
std::uint64_t most_clients(serve_ladder& ladder, const sla_request& r, std::uint64_t limit, bool full_stops,
                           std::size_t& evaluated, serve_result& first, Met met) {
  std::uint64_t lo = 0, hi = 0;
  for (std::uint64_t n = 1;; n = n < limit && n * 2 > limit ? limit : n * 2) {
    const serve_result s = ladder.at(n);
    ++evaluated;
    if (n == 1) first = s;
    if (!meets(s, r)) {
      hi = n;
      break;
    }
    met(s);
    lo = n;
    if (n >= limit || (full_stops && s.running_batch >= s.batch_limit)) return lo;
  }
  if (lo == 0) return 0;
  while (hi - lo > std::max<std::uint64_t>(1, lo / 16)) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    const serve_result m = ladder.at(mid);
    ++evaluated;
    if (!meets(m, r)) {
      hi = mid;
      continue;
    }
    met(m);
    lo = mid;
    if (full_stops && m.running_batch >= m.batch_limit) break;
  }
  return lo;
}

// A number of clients to serve (--concurrency N): the most one copy of the configuration carries
// meeting both targets (most_clients, up to N; past a full pool the clients wait, and the wait is
// in TTFT), then ceil(N / most) copies, each answered at its share, ceil(N / copies) clients (the
// busiest copy's). `evaluated` counts the answers computed.
sla_config best_copies(const sla_request& r, serve_ladder& ladder, sla_config c, std::size_t& evaluated) {
  serve_result first{}, at_most{};
  const std::uint64_t most = most_clients(ladder, r, r.clients, false, evaluated, first, [&](const serve_result& s) { at_most = s; });
  if (most == 0) {
    c.r = first;
    c.reason = reject_reason(first, r);
    return c;
  }
  c.capacity_clients = most;
  const std::uint64_t copies = detail::div_up(r.clients, most);
  const std::uint64_t share = detail::div_up(r.clients, copies);
  c.replicas = static_cast<std::uint32_t>(copies);
  if (share == most) {
    c.r = at_most;
  } else {
    c.r = ladder.at(share);
    ++evaluated;
  }
  c.meets = meets(c.r, r);
  if (!c.meets) {  // a share below the most that met: only where an answer does not grow with the clients
    c.reason = fmt::format("TTFT {:.1f} ms, TPOT {:.2f} ms at {} clients a copy ({} copies)", c.r.ttft_ms, c.r.tpot_ms, share, copies);
  }
  return c;
}

// An open loop: the most requests a second one copy of the configuration serves meeting both
// targets. The rate that keeps B sequences in an instance's batch, instances x B / S(B), grows
// with B, and TTFT and TPOT with it, so the largest B that meets them is found between B = 1
// and B_max (whose rate is the capacity: saturated): a safeguarded secant on the overshoot
// (a bisection where an end is saturated or a step did not halve the interval). At that rate
// the batch kept is B (serve_rate_at's fixed point). Then ceil(R / r*) copies share the rate,
// each answered at R / copies. `evaluated` counts the answers computed.
sla_config best_replicas(const sla_request& r, const serve_setup& su, sla_config c, std::size_t& evaluated) {
  const detail::rate_setup rs = detail::setup_rate(su);
  struct probe {
    std::uint64_t b = 1;
    detail::rate_times t{};
    serve_result s{};
    double over = 0;
  };
  const auto at = [&](std::uint64_t b) {
    probe p{b, detail::rate_times_at(su, b), {}, 0};
    const double keeps = p.t.service_us > 0 ? rs.instances * static_cast<double>(b) / p.t.service_us * 1e6 : rs.capacity_per_us * 1e6;
    ++evaluated;
    p.s = detail::rate_answer(su, rs, keeps, b, p.t);
    p.over = overshoot(p.s, r);
    return p;
  };
  probe best = at(1);
  const detail::rate_times t1 = best.t;
  if (best.over > 0) {
    c.r = best.s;
    c.reason = reject_reason(best.s, r);
    return c;
  }
  // Counted from B_max + 1 down (x = B_max + 1 - B), the overshoot is positive below a point and
  // at most 0 from there on: B = 1 (x = B_max) is known to meet both, B_max (x = 1) keeps the
  // capacity's rate and saturates.
  const std::uint64_t top = rs.b_max + 1;
  best = detail::first_at_most_zero<probe>(2, rs.b_max, {best, best.over}, 1.0, std::numeric_limits<double>::infinity(),
                                           [&](std::uint64_t x) {
                                             const probe p = at(top - x);
                                             return detail::valued<probe>{p, p.over};
                                           });
  const double most = best.s.request_rate;
  const double copies = std::ceil(r.request_rate / most - 1e-9);
  c.replicas = static_cast<std::uint32_t>(copies < 1 ? 1 : copies > 1e6 ? 1e6 : copies);
  // A copy's share is at most `most`, so the batch it keeps is at most best.b (serve_rate_at's
  // answer, with the setup made once).
  const double share = r.request_rate / c.replicas;
  const detail::kept_batch k = detail::batch_kept(su, rs, share, best.b, best.t, &t1);
  c.r = detail::rate_answer(su, rs, share, k.b, k.t);
  ++evaluated;
  c.meets = meets(c.r, r);
  if (!c.meets) c.reason = reject_reason(c.r, r);
  return c;
}

std::uint64_t total_gpus(const sla_config& c) { return static_cast<std::uint64_t>(c.replicas) * c.r.gpus; }
// What a configuration's GPUs (its copies' included) cost an hour at `usd_per_gpu_hour`.
double usd_per_hour(const sla_config& c, double usd_per_gpu_hour) { return usd_per_gpu_hour * static_cast<double>(total_gpus(c)); }

std::string mode_name(const sla_config& c) { return c.dis.on() ? "disaggregated" : "aggregated"; }

}  // namespace

namespace {
// The frontier's order: most tokens/s per user first, then most per GPU; ties keep their order.
std::vector<std::size_t> frontier_order(const std::vector<sla_config>& pts) {
  std::vector<std::size_t> order(pts.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    const serve_result& x = pts[i].r;
    const serve_result& y = pts[j].r;
    if (x.tokens_per_s_per_user != y.tokens_per_s_per_user) return x.tokens_per_s_per_user > y.tokens_per_s_per_user;
    return x.tokens_per_s_per_gpu > y.tokens_per_s_per_gpu;
  });
  return order;
}

// Drops the points the frontier cannot hold: one that a point before it in the frontier's order
// beats or ties on tokens/s per GPU. Whatever beats a dropped point is kept or is beaten by a kept
// one, before it in that order, so dropping them as the search goes leaves the frontier as it
// would be; it keeps the search from holding every point it met (thousands, whose fresh memory
// was a tenth of its time). The kept points stay in the order they came.
void keep_frontier(std::vector<sla_config>& pts) {
  std::vector<char> keep(pts.size(), 0);
  double best_gpu = -1;
  for (const std::size_t i : frontier_order(pts)) {
    if (pts[i].r.tokens_per_s_per_gpu > best_gpu) {
      keep[i] = 1;
      best_gpu = pts[i].r.tokens_per_s_per_gpu;
    }
  }
  std::size_t out = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    if (keep[i] == 0) continue;
    if (out != i) pts[out] = std::move(pts[i]);
    ++out;
  }
  pts.resize(out);
}
}  // namespace

std::string config_plan_text(const sla_config& c) {
  if (!c.dis.on()) return plan_text(c.p);
  return fmt::format("{}P({}) + {}D({})", c.dis.prefill_workers, worker_plan_text(c.dis.prefill_plan()),
                     c.dis.decode_workers, worker_plan_text(c.dis.decode_plan()));
}

namespace {
// One device's share of the search: its configurations (best and rejected, in the order searched),
// the points the frontier may hold, the answers computed and the pairs left out.
struct device_search {
  std::vector<sla_config> best, rejected, points;
  std::size_t evaluated = 0, skipped_pairs = 0;
};

device_search search_device(const sla_request& r, const device* d, const plan_list& valid, footprint_memo& memo) {
  device_search out;
  // Pruned at 128 points (46 KB) or twice the frontier: a device's points then stay in heap
  // memory the search reuses, where 512 of them (184 KB) took fresh pages from the system each time.
  std::size_t prune_at = 128;
  const auto add_point = [&](sla_config p) {
    out.points.push_back(std::move(p));
    if (out.points.size() < prune_at) return;
    keep_frontier(out.points);
    prune_at = std::max<std::size_t>(128, 2 * out.points.size());
  };
  const device_roofline roof = default_roofline(*d);
  const std::vector<candidate> cands = candidates(valid, *d, r.gpus);
  for (const engine_kind k : r.engines) {
    if (!engines::runs_on(k, d->vendor)) {  // TensorRT-LLM on an AMD part: no answer to give
      ++out.skipped_pairs;
      continue;
    }
    const engine e = as_allocated(engine{.kind = k});
    const calibration_set cs = shipped_calibration(*d, e);
    const exec_facts& facts = engines::exec_facts_of(e);
    const serving_facts& sf = engines::serving_facts_of(k);
    settings s = r.s;
    if (r.kv_auto) s.kv = auto_kv_dtype(e, *r.m);
    for (const candidate& c : cands) {
      const deployment dep{1, r.isl + r.osl, s, e, c.p};
      sla_config best{d, k, c.p, c.dis, {}, false, {}};
      const serve_setup su = setup_serving(*r.m, *d, roof, dep, load{.isl = r.isl, .osl = r.osl, .concurrency = 1, .requests_per_client = r.requests_per_client, .prefix = r.prefix, .prefix_shared = r.prefix_shared}, facts, cs, sf, c.dis, &memo);
      serve_ladder ladder(su);  // its answers at the counts searched
      if (r.request_rate > 0 || r.clients > 0) {  // a load shared by copies: a rate or a number of clients
        if (!su.base.fits) {
          best.r = su.base;
          best.reason = reject_reason(su.base, r);
        } else {
          best = r.request_rate > 0 ? best_replicas(r, su, best, out.evaluated) : best_copies(r, ladder, best, out.evaluated);
          if (best.meets) add_point(best);
        }
        (best.meets ? out.best : out.rejected).push_back(std::move(best));
        continue;
      }
      serve_result first{};
      const std::uint64_t limit = max_concurrency * (c.dis.on() ? c.dis.decode_workers : 1U);
      const std::uint64_t most = most_clients(ladder, r, limit, true, out.evaluated, first, [&](const serve_result& s) {
        add_point({d, k, c.p, c.dis, s, true, {}});
        if (!best.meets || s.tokens_per_s_per_gpu > best.r.tokens_per_s_per_gpu) {
          best.r = s;
          best.meets = true;
        }
      });
      if (most == 0) {
        best.r = first;
        best.reason = reject_reason(first, r);
      }
      (best.meets ? out.best : out.rejected).push_back(std::move(best));
    }
  }
  return out;
}
}  // namespace

namespace {
// Puts v[order[k]] at v[k] for every k (`order` a permutation of v's indices), following each
// cycle of the permutation once: swaps in place, no second copy of v.
void permute(std::vector<sla_config>& v, std::vector<std::size_t>& order) {
  for (std::size_t k = 0; k < order.size(); ++k) {
    std::size_t at = k;
    while (order[at] != k) {  // the cycle through k: v[at] takes v[order[at]]
      const std::size_t from = order[at];
      std::swap(v[at], v[from]);
      order[at] = at;
      at = from;
    }
    order[at] = at;
  }
}
}  // namespace

sla_answer compute_sla(const sla_request& r) {
  sla_answer a;
  const plan_list valid = model_plans(*r.m);
  // The devices are searched apart, on as many threads as the machine runs (each with its own
  // memo of the model's footprints: the same answers either way), and their answers joined in the
  // devices' order: the output is the one a single thread gives. A device's points pruned to the
  // frontier it may hold stay a superset of its share of the whole frontier (keep_frontier).
  std::vector<device_search> parts(r.devices.size());
  const unsigned wanted = r.threads != 0 ? r.threads : std::max(1U, std::thread::hardware_concurrency());
  const std::size_t threads = std::min<std::size_t>(r.devices.size(), wanted);
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    footprint_memo memo;
    for (std::size_t i = next++; i < parts.size(); i = next++) parts[i] = search_device(r, r.devices[i], valid, memo);
  };
  if (threads <= 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    pool.reserve(threads - 1);
    for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
  }
  std::vector<sla_config> points;  // the (configuration, concurrency) pairs meeting both targets the frontier may hold
  // Each list's room taken once: its growth would copy the configurations into fresh memory
  // again and again, and a page first touched costs this VM-bound search more than its answers.
  std::size_t n_best = 0, n_rejected = 0, n_points = 0;
  for (const device_search& part : parts) {
    n_best += part.best.size();
    n_rejected += part.rejected.size();
    n_points += part.points.size();
  }
  a.best.reserve(n_best);
  a.rejected.reserve(n_rejected);
  points.reserve(n_points);
  for (device_search& part : parts) {
    a.evaluated += part.evaluated;
    a.skipped_pairs += part.skipped_pairs;
    for (sla_config& c : part.best) a.best.push_back(std::move(c));
    for (sla_config& c : part.rejected) a.rejected.push_back(std::move(c));
    for (sla_config& c : part.points) points.push_back(std::move(c));
  }
  // The load served: fewest GPUs first, then the most tokens/s per GPU; else the most tokens/s
  // per GPU first. Stable, by index, the configurations then moved into place (a stable sort of
  // the configurations themselves takes a buffer of half of them).
  const bool shared_load = r.request_rate > 0 || r.clients > 0;
  std::vector<std::size_t> order(a.best.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    const sla_config& x = a.best[i];
    const sla_config& y = a.best[j];
    if (shared_load && total_gpus(x) != total_gpus(y)) return total_gpus(x) < total_gpus(y);
    return x.r.tokens_per_s_per_gpu > y.r.tokens_per_s_per_gpu;
  });
  permute(a.best, order);
  // The frontier: no other point has both more tokens/s per GPU and more per user.
  keep_frontier(points);
  for (const std::size_t i : frontier_order(points)) a.pareto.push_back(std::move(points[i]));
  return a;
}

namespace {
// The (device, engine) pairs left out, and where each searched engine runs (its rules' vendors).
std::string skipped_text(const sla_request& r, const sla_answer& a) {
  if (a.skipped_pairs == 0) return {};
  std::string where;
  for (const engine_kind k : r.engines) {
    const engine_rules& e = engines::rules_of(k);
    if (!e.vendors.empty()) where += fmt::format("{}{} on {}", where.empty() ? "" : "; ", e.display_name, e.vendors);
  }
  return fmt::format(" (less {} {} of a device and an engine that does not run on its vendor's parts: {})", a.skipped_pairs,
                     a.skipped_pairs == 1 ? "pair" : "pairs", where);
}
}  // namespace

namespace {
// At the prices given (--usd-per-gpu-hour): the priced configurations meeting both targets,
// cheapest first. Serving a load that copies share, what the copies cost an hour (the load is the
// same for each); otherwise dollars a million output tokens.
void cheapest_text(writer& w, const sla_request& r, const sla_answer& a, std::size_t shown) {
  if (r.prices.empty()) return;
  const bool shared_load = r.request_rate > 0 || r.clients > 0;
  struct priced {
    const sla_config* c;
    double per_hour, per_million;
  };
  std::vector<priced> list;
  for (const sla_config& c : a.best) {
    const double usd = r.price_of(c.d);
    if (usd > 0) list.push_back({&c, usd_per_hour(c, usd), usd_per_million_tokens(c.r, usd)});
  }
  std::stable_sort(list.begin(), list.end(), [&](const priced& x, const priced& y) {
    if (shared_load && x.per_hour != y.per_hour) return x.per_hour < y.per_hour;
    return x.per_million < y.per_million;
  });
  w("\n## Cheapest first, at the prices given ({})\n\n",
    shared_load ? "what the copies cost an hour" : "dollars a million output tokens");
  if (list.empty()) {
    w("None priced.\n");
    return;
  }
  w("| device | engine | mode | plan | GPUs | $/GPU-hour | $/hour | tok/s/GPU | $/M tokens |\n"
    "|---|---|---|---|---:|---:|---:|---:|---:|\n");
  for (std::size_t i = 0; i < list.size() && i < shown; ++i) {
    const sla_config& c = *list[i].c;
    w("| {} | {} | {} | {} | {} | {} | {:.2f} | {:.0f} | {:.3f} |\n", c.d->id, name(c.e), mode_name(c), config_plan_text(c),
      total_gpus(c), num(r.price_of(c.d)), list[i].per_hour, c.r.tokens_per_s_per_gpu, list[i].per_million);
  }
  if (list.size() > shown) w("\n{} more priced (`--json` lists every one).\n", list.size() - shown);
}

// The report's last two sections, either load: the frontier in the rows of the first table, and
// the rejected configurations with their reasons.
template <typename Row>
void frontier_and_rejected(writer& w, const sla_answer& a, const std::string& head, const Row& row, std::size_t shown) {
  w("\n## Pareto frontier: tokens/s per GPU against tokens/s per user\n\n");
  if (a.pareto.empty()) {
    w("None.\n");
  } else {
    w("{}", head);
    for (const sla_config& c : a.pareto) row(c);
  }
  w("\n## Rejected\n\n");
  if (a.rejected.empty()) {
    w("None.\n");
  } else {
    w("| device | engine | mode | plan | reason |\n|---|---|---|---|---|\n");
    for (std::size_t i = 0; i < a.rejected.size() && i < shown; ++i) {
      const sla_config& c = a.rejected[i];
      w("| {} | {} | {} | {} | {} |\n", c.d->id, name(c.e), mode_name(c), config_plan_text(c), c.reason);
    }
    if (a.rejected.size() > shown) w("\n{} more rejected (`--json` lists every one).\n", a.rejected.size() - shown);
  }
}

// The report of a load shared by copies of each configuration: an open loop's rate
// (--request-rate) or a number of clients (--concurrency).
std::string sla_copies_text(const sla_request& r, const sla_answer& a) {
  writer w;
  const bool open = r.request_rate > 0;
  if (open) {
    w("# Configurations for {}: {} requests a second, TTFT <= {} ms, TPOT <= {} ms\n\n", r.m->name, num(r.request_rate),
      num(r.ttft_ms), num(r.tpot_ms));
  } else {
    w("# Configurations for {}: {} clients, TTFT <= {} ms, TPOT <= {} ms\n\n", r.m->name, r.clients, num(r.ttft_ms),
      num(r.tpot_ms));
  }
  w("Generated by `{}`.\n\n", r.command);
  if (open) {
    w("Load: an open loop, {} requests a second arriving at random, {}, {}-token answers, shared by copies "
      "(replicas) of a configuration. Searched: {} devices x {} engines{} x plans of up to {} GPUs a copy (aggregated "
      "TP / EP / DP attention; disaggregated prefill + decode workers), each at the most requests a second a copy serves "
      "meeting both targets: {} evaluations. Times are predictions (kernels at their ceilings times the ratios measured "
      "for their class) at each copy's share of the rate; \"fallback\" marks a configuration with a kernel class the "
      "device and engine have no measurement of, \"stand-in\" one with a kernel read on a related kernel's "
      "measurements.\n\n",
      num(r.request_rate), prompts_text(r.isl, r.prefix, r.prefix_shared), r.osl, r.devices.size(), r.engines.size(), skipped_text(r, a), r.gpus, a.evaluated);
  } else {
    w("Load: a closed loop of {} clients, {}, {}-token answers ({}), shared by copies (replicas) of a "
      "configuration, each its own closed loop of its share. Searched: {} devices x {} engines{} x plans of up to {} GPUs "
      "a copy (aggregated TP / EP / DP attention; disaggregated prefill + decode workers), each at the most clients a copy "
      "carries meeting both targets (up to {}; \"most a copy\", to within a sixteenth): {} evaluations. Times are predictions (kernels at their ceilings times the "
      "ratios measured for their class) at the busiest copy's share of the clients; \"fallback\" marks a configuration "
      "with a kernel class the device and engine have no measurement of, \"stand-in\" one with a kernel read on a "
      "related kernel's measurements.\n\n",
      r.clients, prompts_text(r.isl, r.prefix, r.prefix_shared), r.osl, run_text(r.requests_per_client), r.devices.size(), r.engines.size(), skipped_text(r, a), r.gpus,
      r.clients, a.evaluated);
  }
  constexpr std::size_t shown = 25;
  const auto row = [&](const sla_config& c) {
    const std::string share = open ? fmt::format("{:.2f} | {}", c.r.request_rate, c.r.concurrency)
                                   : fmt::format("{} | {}", c.capacity_clients, c.r.concurrency);
    w("| {} | {} | {} | {} | {} | {} | {} | {} | {:.1f} | {:.2f} | {:.0f} | {:.1f} | {} |\n", c.d->id, name(c.e), mode_name(c),
      config_plan_text(c), c.replicas, c.r.gpus, total_gpus(c), share, c.r.ttft_ms, c.r.tpot_ms, c.r.tokens_per_s_per_gpu,
      c.r.tokens_per_s_per_user, short_name(c.r.calibration));
  };
  const std::string head =
      open ? "| device | engine | mode | plan | copies | GPUs a copy | GPUs | req/s a copy | in flight a copy | TTFT (ms) | "
             "TPOT (ms) | tok/s/GPU | tok/s/user | calibration |\n"
             "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n"
           : "| device | engine | mode | plan | copies | GPUs a copy | GPUs | most a copy | clients a copy | TTFT (ms) | "
             "TPOT (ms) | tok/s/GPU | tok/s/user | calibration |\n"
             "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
  w("## {}, fewest GPUs first\n\n", open ? "Serving the rate" : "Serving the clients");
  if (a.best.empty()) {
    w("None.\n");
  } else {
    w("{}", head);
    for (std::size_t i = 0; i < a.best.size() && i < shown; ++i) row(a.best[i]);
    if (a.best.size() > shown) w("\n{} more serve {} (`--json` lists every one).\n", a.best.size() - shown, open ? "it" : "them");
  }
  cheapest_text(w, r, a, shown);
  frontier_and_rejected(w, a, head, row, shown);
  return std::move(w.out);
}
}  // namespace

std::string sla_text(const sla_request& r, const sla_answer& a) {
  if (r.request_rate > 0 || r.clients > 0) return sla_copies_text(r, a);
  writer w;
  w("# Configurations for {}: TTFT <= {} ms, TPOT <= {} ms\n\n", r.m->name, num(r.ttft_ms), num(r.tpot_ms));
  w("Generated by `{}`.\n\n", r.command);
  w("Load: a closed loop of clients, {}, {}-token answers ({}). Searched: {} devices x {} engines{} x plans of up to "
    "{} GPUs (aggregated TP / EP / DP attention; disaggregated prefill + decode workers) x concurrency 1 to {} an "
    "instance or decode worker: {} "
    "evaluations. Times are predictions (kernels at their ceilings times the ratios measured for their class); "
    "\"fallback\" marks a configuration with a kernel class the device and engine have no measurement of, "
    "\"stand-in\" one with a kernel read on a related kernel's measurements.\n\n",
    prompts_text(r.isl, r.prefix, r.prefix_shared), r.osl, run_text(r.requests_per_client), r.devices.size(), r.engines.size(),
    skipped_text(r, a),
    r.gpus, max_concurrency, a.evaluated);
  constexpr std::size_t shown = 25;
  w("## Meeting both targets, best tokens/s per GPU first\n\n");
  if (a.best.empty()) w("None.\n");
  auto row = [&](const sla_config& c) {
    w("| {} | {} | {} | {} | {} | {} | {:.1f} | {:.2f} | {:.0f} | {:.1f} | {} |\n", c.d->id, name(c.e), mode_name(c),
      config_plan_text(c), c.r.concurrency, c.r.gpus, c.r.ttft_ms, c.r.tpot_ms, c.r.tokens_per_s_per_gpu,
      c.r.tokens_per_s_per_user, short_name(c.r.calibration));
  };
  const std::string head =
      "| device | engine | mode | plan | concurrency | GPUs | TTFT (ms) | TPOT (ms) | tok/s/GPU | tok/s/user | calibration |\n"
      "|---|---|---|---|---:|---:|---:|---:|---:|---:|---|\n";
  if (!a.best.empty()) {
    w("{}", head);
    for (std::size_t i = 0; i < a.best.size() && i < shown; ++i) row(a.best[i]);
    if (a.best.size() > shown) w("\n{} more meet both targets (`--json` lists every one).\n", a.best.size() - shown);
  }
  cheapest_text(w, r, a, shown);
  frontier_and_rejected(w, a, head, row, shown);
  return std::move(w.out);
}

namespace {
ordered_json config_json(const sla_config& c, const sla_request& r) {
  ordered_json x;
  x["device"] = c.d->id;
  x["engine"] = name(c.e);
  x["mode"] = mode_name(c);
  x["plan"] = config_plan_text(c);
  if (r.request_rate > 0 || r.clients > 0) {  // the copies sharing the load, and one copy's share
    x["replicas"] = c.replicas;
    if (r.request_rate > 0) x["request_rate"] = c.r.request_rate;
    if (r.clients > 0) x["capacity_clients"] = c.capacity_clients;
    x["total_gpus"] = total_gpus(c);
  }
  x["concurrency"] = c.r.concurrency;
  x["gpus"] = c.r.gpus;
  x["ttft_ms"] = c.r.ttft_ms;
  x["tpot_ms"] = c.r.tpot_ms;
  x["tokens_per_s_per_gpu"] = c.r.tokens_per_s_per_gpu;
  x["tokens_per_s_per_user"] = c.r.tokens_per_s_per_user;
  x["calibration"] = name(c.r.calibration);
  if (!r.prices.empty()) {  // at the prices given; null where the device has none
    const double usd = r.price_of(c.d);
    x["usd_per_hour"] = usd > 0 ? ordered_json(usd_per_hour(c, usd)) : ordered_json(nullptr);
    x["usd_per_million_tokens"] = usd > 0 ? ordered_json(usd_per_million_tokens(c.r, usd)) : ordered_json(nullptr);
  }
  return x;
}
}  // namespace

ordered_json sla_json(const sla_request& r, const sla_answer& a) {
  ordered_json j = envelope("sla");
  j["model"] = r.m->id;
  j["isl"] = r.isl;
  j["osl"] = r.osl;
  j["prefix"] = r.prefix;
  j["prefix_shared"] = r.prefix_shared;
  j["loop"] = r.request_rate > 0 ? "open" : "closed";
  if (r.request_rate > 0) {
    j["request_rate"] = r.request_rate;
  } else {
    if (r.clients > 0) j["concurrency"] = r.clients;
    j["requests_per_client"] = r.requests_per_client;
  }
  j["ttft_ms"] = r.ttft_ms;
  j["tpot_ms"] = r.tpot_ms;
  j["gpus"] = r.gpus;
  if (!r.prices.empty()) {  // --usd-per-gpu-hour, by device id in the devices' order
    ordered_json prices;
    for (const auto& [d, usd] : r.prices) prices[std::string(d->id)] = usd;
    j["usd_per_gpu_hour"] = std::move(prices);
  }
  j["evaluated"] = a.evaluated;
  j["skipped_pairs"] = a.skipped_pairs;
  ordered_json configs = ordered_json::array();
  for (const sla_config& c : a.best) configs.push_back(config_json(c, r));
  j["configs"] = std::move(configs);
  ordered_json pareto = ordered_json::array();
  for (const sla_config& c : a.pareto) pareto.push_back(config_json(c, r));
  j["pareto"] = std::move(pareto);
  ordered_json rejected = ordered_json::array();
  for (const sla_config& c : a.rejected) {
    ordered_json x;
    x["device"] = c.d->id;
    x["engine"] = name(c.e);
    x["mode"] = mode_name(c);
    x["plan"] = config_plan_text(c);
    x["reason"] = c.reason;
    rejected.push_back(std::move(x));
  }
  j["rejected"] = std::move(rejected);
  return j;
}

svg::line_chart pareto_chart(const sla_request& r, const sla_answer& a) {
  svg::line_chart c;
  c.title = fmt::format("{}: tokens/s per GPU against tokens/s per user", r.m->name);
  c.subtitle = fmt::format("ISL {}{} / OSL {}, {}TTFT <= {} ms, TPOT <= {} ms; predictions", r.isl,
                           r.prefix != 0 ? fmt::format(" ({} cached{})", r.prefix, r.prefix_shared ? ", shared" : "") : std::string{}, r.osl,
                           r.request_rate > 0 ? fmt::format("{} requests a second, ", num(r.request_rate))
                           : r.clients > 0    ? fmt::format("{} clients, ", r.clients)
                                              : std::string{},
                           num(r.ttft_ms), num(r.tpot_ms));
  c.x = {"tokens/s per user", false, 10};
  c.y = {"tokens/s per GPU", false, 10};
  svg::series best{"best of each configuration", {}, false, true, false};
  for (const sla_config& x : a.best) best.points.push_back({x.r.tokens_per_s_per_user, x.r.tokens_per_s_per_gpu});
  svg::series front{"Pareto frontier", {}, true, true, false};
  for (const sla_config& x : a.pareto) front.points.push_back({x.r.tokens_per_s_per_user, x.r.tokens_per_s_per_gpu});
  c.lines.push_back(std::move(best));
  c.lines.push_back(std::move(front));
  return c;
}

}  // namespace headroom::cli
