// SPDX-License-Identifier: MIT
#include "headroom/args/plan_cli.hpp"
#include "headroom/render/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <utility>

#include <headroom/engines/none.hpp>

#include "headroom/commands.hpp"
#include "headroom/args/engine_flags.hpp"
#include "headroom/render/totals.hpp"

namespace headroom::cli {

namespace {

using ::headroom::cli::text::writer;

// A plan's degrees: up to 1024 ranks each.
std::uint16_t parse_plan_degree(std::string_view flag, const std::string& text) { return parse_bounded(flag, text, 1024); }

}  // namespace

parallel parse_plan(const model& m, const plan_flags& f) {
  const parallel p{.tp = parse_plan_degree("--tp", f.tp),
                   .pp = parse_plan_degree("--pp", f.pp),
                   .ep = parse_plan_degree("--ep", f.ep),
                   .dp_attention = f.dp_attention,
                   .dp = parse_plan_degree("--dp", f.dp),
                   .redundant_experts = parse_redundant_experts("--redundant-experts", f.redundant_experts)};
  const plan_rule r = plan_violation(m, p);
  if (r != plan_rule::ok) {
    throw usage_error(fmt::format("plan {} is invalid for `{}`: {}", plan_text(p), m.id, describe(r)));
  }
  return p;
}

std::uint16_t parse_redundant_experts(std::string_view flag, const std::string& text) {
  return text == "0" ? 0 : parse_bounded(flag, text, 4096);
}

std::string plan_text(const parallel& p) {
  if (p == parallel{}) return "1 device";
  std::string s = p.tp > 1 || p.pp == 1 ? fmt::format("TP={}", p.tp) : std::string();
  if (p.pp > 1) s += fmt::format("{}PP={}", s.empty() ? "" : " x ", p.pp);
  if (p.dp > 1) s += fmt::format(" DP={}", p.dp);
  if (p.ep > 1 || p.redundant_experts != 0) s += fmt::format(" EP={}", p.ep);
  if (p.redundant_experts != 0) s += fmt::format("+{}", p.redundant_experts);
  if (p.dp_attention) s += " DP-attention";
  return s;
}

std::string worker_plan_text(const parallel& p) {
  return fmt::format("TP {}{}{}{}", p.tp, p.ep > 1 || p.redundant_experts != 0 ? fmt::format(" EP {}", p.ep) : std::string(),
                     p.redundant_experts != 0 ? fmt::format("+{}", p.redundant_experts) : std::string(),
                     p.dp_attention ? " DP attention" : "");
}

std::string plan_cli_flags(const parallel& p) {
  std::string s;
  if (p.tp != 1) s += fmt::format(" --tp {}", p.tp);
  if (p.pp != 1) s += fmt::format(" --pp {}", p.pp);
  if (p.ep != 1) s += fmt::format(" --ep {}", p.ep);
  if (p.dp != 1) s += fmt::format(" --dp {}", p.dp);
  if (p.dp_attention) s += " --dp-attention";
  if (p.redundant_experts != 0) s += fmt::format(" --redundant-experts {}", p.redundant_experts);
  return s;
}

nlohmann::ordered_json plan_json(const parallel& p) {
  nlohmann::ordered_json j;
  j["tp"] = p.tp;
  j["pp"] = p.pp;
  j["ep"] = p.ep;
  j["dp"] = p.dp;
  j["dp_attention"] = p.dp_attention;
  j["redundant_experts"] = p.redundant_experts;
  j["ranks"] = p.ranks();
  return j;
}

nlohmann::ordered_json plan_json(const std::optional<parallel>& p) {
  return p ? plan_json(*p) : nlohmann::ordered_json(nullptr);
}

void add_rank_keys(nlohmann::ordered_json& j, const footprint_bytes& rank, const parallel& p) {
  j["plan"] = plan_json(p);
  j["weights_bytes_per_rank"] = rank.loaded_weights;
  j["kv_bytes_per_token_per_rank"] = rank.kv_per_token;
  j["state_bytes_per_seq_per_rank"] = checked_add(rank.state_per_seq, rank.conv_per_seq);
}

std::string links_text(const step_estimate& st, const char* label) {
  if (st.n_links == 0) return {};
  writer w;
  w("\nLinks, {} ({:.3f} ms of {:.3f} ms, {:.1f}% of the step):\n\n", label, st.link_us / 1e3, st.total_us / 1e3,
    100.0 * st.link_share());
  w("| collective | link | count | bytes each | us each | ms |\n|---|---|---:|---:|---:|---:|\n");
  for (std::size_t i = 0; i < st.n_links; ++i) {
    const link_row& l = st.links[i];
    w("| {} | {} | {} | {:.0f} | {:.3f} | {:.3f} |\n", name(l.op), l.scale_out ? "scale-out" : "scale-up", l.count,
      l.bytes_each, l.each_us, l.time_us / 1e3);
  }
  return std::move(w.out);
}

void add_link_keys(nlohmann::ordered_json& j, const step_estimate& st) {
  j["links_us"] = st.link_us;
  j["link_share"] = st.link_share();
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < st.n_links; ++i) {
    const link_row& l = st.links[i];
    a.push_back({{"op", std::string(name(l.op))}, {"scale_out", l.scale_out}, {"count", l.count},
                 {"bytes_each", l.bytes_each}, {"each_us", l.each_us}, {"time_us", l.time_us}});
  }
  j["links"] = a;
}

std::string advice_text(const std::optional<parallel>& p, const device& d, double tokens_per_s) {
  if (!p) {
    return fmt::format("no valid plan of up to {} x {} {} holds it", plan_tp_degrees.back(), plan_pp_degrees.back(), d.id);
  }
  if (p->ranks() > max_proposed_devices) {
    // 160 RTX 3080s for gpt-oss-120b is a size, not a deployment anyone runs.
    return fmt::format("the smallest valid plan needs {} x {} ({}), beyond {} nodes of {}: not proposed", p->ranks(), d.id,
                       plan_text(*p), max_proposed_devices / node_devices, node_devices);
  }
  if (tokens_per_s <= 0) return fmt::format("{} on {}", plan_text(*p), d.id);
  return fmt::format("{} on {} ({:.0f} tok/s decode ceiling at the load)", plan_text(*p), d.id, tokens_per_s);
}

namespace {
// Sizes listed without --gpus: every count up to one node that is a power of two, then whole nodes.
bool listed_size(std::uint32_t n) {
  if (n <= node_devices) return (n & (n - 1)) == 0;
  return n % node_devices == 0 && n <= max_proposed_devices;
}
}  // namespace

plan_answer compute_plans(const query& q, std::uint64_t seqs, std::uint64_t context, std::uint32_t gpus) {
  plan_answer a{};
  a.seqs = seqs;
  a.context = context;
  a.gpus = gpus;
  a.usable = usable_bytes(*q.d, engines::usable);
  const plan_list l = valid_plans(*q.m, *q.d);
  std::uint32_t whole_nodes = 0;  // whole-node sizes beyond one node that hold the load
  std::uint32_t last_ranks = 0;
  for (std::size_t i = 0; i < l.n; ++i) {  // by size, then the search's preference
    const parallel& p = l.plans[i];
    if (gpus != 0 ? p.ranks() != gpus : !listed_size(p.ranks())) continue;
    if (p.ranks() != last_ranks && last_ranks > node_devices && whole_nodes == 2) break;
    const deployment dep{seqs, context, q.s, q.e, p};
    if (!fits(*q.m, *q.d, dep)) continue;
    if (p.ranks() != last_ranks && p.ranks() > node_devices) ++whole_nodes;
    last_ranks = p.ranks();
    plan_row row{};
    row.p = p;
    row.rank = rank_footprint(*q.m, q.s, p, q.e);
    row.need = need_bytes(*q.m, dep);
    row.scale_out = p.ranks() > q.d->link.domain;
    row.decode = checked_totals(decode_step(*q.m, *q.d, q.r, seqs, context, q.s, p, engines::exec_facts_of(q.e)));
    std::uint64_t per_rank = max_seqs(row.rank, *q.d, context, usable_policy_of(q.e));
    if (!is_arithmetic(q.e)) {
      row.em = engine_memory_of(*q.m, *q.d, dep);
      per_rank = max_seqs_at(engine_memory_of(*q.m, *q.d, {1, context, q.s, q.e, p}), context);
    }
    row.max_seqs = per_rank != UINT64_MAX ? checked_mul(per_rank, seq_shares(p)) : per_rank;
    // Without --gpus one row a size: the most tokens/s (at a size, the most per GPU too).
    if (gpus == 0 && !a.rows.empty() && a.rows.back().p.ranks() == p.ranks()) {
      if (row.decode.total_us < a.rows.back().decode.total_us) a.rows.back() = row;
      continue;
    }
    a.rows.push_back(row);
  }
  if (gpus != 0) {
    std::stable_sort(a.rows.begin(), a.rows.end(),
                     [](const plan_row& x, const plan_row& y) { return x.decode.total_us < y.decode.total_us; });
  }
  if (gpus == 0 && a.rows.empty()) a.beyond = smallest_plan(*q.m, *q.d, {seqs, context, q.s, q.e});
  return a;
}

}  // namespace headroom::cli
