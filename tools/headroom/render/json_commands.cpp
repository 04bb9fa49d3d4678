// SPDX-License-Identifier: MIT
// The JSON renderer of list, fit, decode, prefill, matrix, report, plan and header
// (docs/cli-json.md): each command's document, from the shared objects of json.hpp.
#include <string_view>
#include <utility>

#include <headroom/devices.hpp>
#include <headroom/models.hpp>

#include "headroom/commands.hpp"
#include "headroom/commands/header.hpp"
#include "headroom/render/json.hpp"
#include "headroom/render/kernel_tables.hpp"
#include "headroom/args/plan_cli.hpp"
#include "headroom/render/reflect_results.hpp"

namespace headroom::cli {

ordered_json list_models_json() {
  ordered_json j = envelope("list");
  const settings s{};
  j["settings"] = settings_json(s, plain_arithmetic);  // every token of every layer
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

ordered_json list_devices_json() {
  ordered_json j = envelope("list");
  ordered_json a = ordered_json::array();
  for (const device* d : devices::all) {
    ordered_json x = device_json(*d);
    const kernel_tables t = kernel_tables_of(*d);
    ordered_json own = ordered_json::array();
    for (std::string_view e : t.own) own.push_back(std::string(e));
    x["kernel_tables"] = {{"own", own}, {"fallback", std::string(t.fallback)}};
    a.push_back(std::move(x));
  }
  j["devices"] = a;
  return j;
}

ordered_json fit_json(const fit_answer& a) {
  ordered_json j;
  reflect::add_fields(j, a);
  add_rank_keys(j, a.fp, a.plan);
  j["engine"] = is_arithmetic(a.e) ? ordered_json(nullptr) : engine_json(a.em);
  return j;
}

ordered_json fit_command_json(const query& q, const fit_answer& a) {
  ordered_json j = envelope("fit");
  j["model"] = model_json(*q.m);
  j["device"] = device_json(*q.d);
  j["settings"] = settings_json(q.s, q.e);
  j["footprint"] = footprint_json(a.fp, weight_floor_bytes(*q.m));
  j["fit"] = fit_json(a);
  return j;
}

namespace {
// envelope, model, device, roofline and settings: how decode, prefill and report documents start.
ordered_json query_json(std::string_view command, const query& q, const settings& s, const engine& e) {
  ordered_json j = envelope(command);
  j["model"] = model_json(*q.m);
  j["device"] = device_json(*q.d);
  j["roofline"] = roofline_json(q.r, q.manifest);
  j["settings"] = settings_json(s, e);
  return j;
}

// decode and prefill: the query, then one object per run with its verdict (and, under a plan,
// its collectives), then the plan.
template <typename Run, typename RunJson>
ordered_json runs_json(std::string_view command, const query& q, const std::vector<Run>& runs, RunJson run_json) {
  ordered_json j = query_json(command, q, q.s, q.e);
  ordered_json a = ordered_json::array();
  for (const Run& r : runs) {
    ordered_json x = run_json(r);
    if (!(q.p == parallel{})) add_link_keys(x, r.est);
    add_verdict_keys(x, r.v);
    a.push_back(std::move(x));
  }
  j["runs"] = a;
  if (!(q.p == parallel{})) j["plan"] = plan_json(q.p);
  return j;
}
}  // namespace

ordered_json decode_json(const query& q, const std::vector<decode_run>& runs) {
  return runs_json("decode", q, runs, [&](const decode_run& r) { return decode_run_json(*q.m, r.est, r.batch, r.context, false); });
}

ordered_json prefill_json(const query& q, const std::vector<prefill_run>& runs) {
  return runs_json("prefill", q, runs, [](const prefill_run& r) { return prefill_run_json(r.est, r.tokens); });
}

ordered_json matrix_json(const std::vector<matrix_row>& rows, const matrix_query& mq) {
  ordered_json j = envelope("matrix");
  j["context_tokens"] = mq.context;
  j["seqs"] = mq.seqs;
  j["settings"] = settings_json(mq.s, mq.e);
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

ordered_json report_json(const query& q, const report::options& o, const report::report_data& data) {
  const model& m = *q.m;
  ordered_json j = query_json("report", q, o.s, o.e);
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
  table["engine"] = name(o.e.kind);  // whose answer the table is (engines::none: the arithmetic)
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
                     {"max_seqs", data.fit.exact_max[ci]}, {"usable_bytes", data.usable_at[ci]}});
  }
  table["max_seqs"] = maxes;
  j["fit_table"] = table;
  ordered_json advice = ordered_json::array();
  for (const report::fit_advice& a : data.advice) {
    advice.push_back({{"seqs", a.seqs}, {"context_tokens", a.context}, {"needed_bytes", a.need}, {"advice_plan", plan_json(a.plan)},
                      {"holders", ids_json(a.holders)}, {"advice_decode_tokens_per_s", a.tokens_per_s}});
  }
  j["advice"] = advice;
  add_rank_keys(j, data.fit.fp, o.p);
  j["fits"] = data.c1.fits;
  j["stops"] = name(data.c1.term);
  j["shortfall_bytes"] = data.c1.shortfall_bytes;
  j["engine"] = is_arithmetic(o.e) ? ordered_json(nullptr) : engine_json(data.em);
  return j;
}

nlohmann::ordered_json plan_command_json(const query& q, const plan_answer& a) {
  nlohmann::ordered_json j = envelope("plan");
  j["model"] = model_json(*q.m);
  j["device"] = device_json(*q.d);
  j["settings"] = settings_json(q.s, q.e);
  j["seqs"] = a.seqs;
  j["context_tokens"] = a.context;
  j["usable_bytes"] = a.usable;
  nlohmann::ordered_json plans = nlohmann::ordered_json::array();
  for (const plan_row& r : a.rows) {
    nlohmann::ordered_json p;
    add_rank_keys(p, r.rank, r.p);
    p["needed_bytes_per_rank"] = r.need;
    p["max_seqs"] = r.max_seqs;
    p["engine"] = is_arithmetic(q.e) ? nlohmann::ordered_json(nullptr) : engine_json(r.em);
    p["crosses_scale_out"] = r.scale_out;
    p["decode_step_us"] = r.decode.total_us;
    p["decode_tokens_per_s"] = r.decode.tokens_per_s(a.seqs);
    p["decode_tokens_per_s_per_gpu"] = r.decode.tokens_per_s(a.seqs) / r.p.ranks();
    p["link_us"] = r.decode.link_us;
    plans.push_back(p);
  }
  j["plans"] = plans;
  j["gpus"] = a.gpus == 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(a.gpus);
  // No plan of up to 64 devices holds it: the smallest that does, named, not proposed.
  j["smallest_plan_beyond"] = plan_json(a.beyond);
  return j;
}

ordered_json header_json(const query& q, const header_values& v, const std::string& prefix) {
  ordered_json j = envelope("header");
  j["model"] = model_json(*q.m);
  j["device"] = device_json(*q.d);
  j["roofline"] = roofline_json(q.r, q.manifest);
  j["settings"] = settings_json(q.s, q.e);
  j["macro_prefix"] = prefix;
  ordered_json c;
  reflect::add_constants(c, v);
  add_rank_keys(c, rank_footprint(*q.m, q.s, q.p, q.e), q.p);
  j["constants"] = c;
  return j;
}

}  // namespace headroom::cli
