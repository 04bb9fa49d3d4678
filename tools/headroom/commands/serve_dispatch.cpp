// SPDX-License-Identifier: MIT
// headroom CLI: `serve`, `sla` and `plot pareto` from their flags: every value checked (exit 2
// naming the flag) before anything is evaluated.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <memory>
#include <optional>
#include <string>

#include <headroom/devices.hpp>
#include <headroom/engines/all_rules.hpp>
#include <headroom/models.hpp>
#include <headroom/models/drafts/registry.hpp>

#include "headroom/io/calibration_file.hpp"
#include "headroom/commands.hpp"
#include "headroom/import/importer.hpp"
#include "headroom/commands/serve_cmd.hpp"

namespace headroom::cli {

namespace {

// A positive finite decimal ("7.5"), or usage_error naming the flag.
double parse_positive_decimal(std::string_view flag, std::string_view text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(v) || !(v > 0)) {
    throw usage_error(fmt::format("{}: `{}` is not a positive number", flag, text));
  }
  return v;
}

// Worker counts, their TP and the speculative tokens: up to 4096 each.
std::uint16_t parse_count_up_to_4096(std::string_view flag, std::string_view text) { return parse_bounded(flag, text, 4096); }

// --requests-per-client: a positive count, or `steady` (0: the steady state alone).
std::uint64_t parse_requests_per_client(std::string_view text) {
  if (text == "steady") return 0;
  try {
    return parse_positive("--requests-per-client", text);
  } catch (const usage_error& e) {
    throw usage_error(fmt::format("{}, or `steady`", e.what()));
  }
}

// --prefix: the tokens of each --isl-token prompt in the engine's prefix cache, 0 up to isl - 1
// (a prompt has at least one new token to prefill); absent: 0.
std::uint64_t parse_prefix(std::string_view text, std::uint64_t isl) {
  if (text.empty() || text == "0") return 0;
  std::uint64_t v = 0;
  try {
    v = parse_count("--prefix", text);
  } catch (const usage_error& e) {
    throw usage_error(fmt::format("{}, or 0", e.what()));
  }
  if (v >= isl) {
    throw usage_error(fmt::format("--prefix: `{}` is not below --isl's {} tokens (a prompt needs at least one new token to prefill)",
                                  text, isl));
  }
  return v;
}

// --usd-per-gpu-hour: a positive price, at most $10^6 an hour (a typo's guard, not a market's).
double parse_price(std::string_view text) {
  const double usd = parse_positive_decimal("--usd-per-gpu-hour", text);
  if (usd > 1e6) throw usage_error(fmt::format("--usd-per-gpu-hour: `{}` is more than $10^6 a GPU-hour", text));
  return usd;
}

// --shared-prefix: says how the --prefix is held, so it needs one.
bool parse_shared_prefix(bool given, std::uint64_t prefix) {
  if (given && prefix == 0) throw usage_error("--shared-prefix: needs --prefix P, the tokens every request shares");
  return given;
}

std::uint32_t milli_of(double a) { return static_cast<std::uint32_t>(std::llround(a * 1000.0)); }

// --draft-model: a shipped draft checkpoint by id, display name or Hub id, in any case.
const models::draft_checkpoint& resolve_draft(std::string_view text) {
  auto same = [](std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
    }
    return true;
  };
  std::string ids;
  for (const models::draft_checkpoint* d : models::drafts::all) {
    if (same(text, d->id) || same(text, d->name) || same(text, d->repo)) return *d;
    ids += fmt::format("{}{}", ids.empty() ? "" : ", ", d->id);
  }
  throw usage_error(fmt::format("--draft-model: unknown draft checkpoint `{}` ({})", text, ids));
}

// The engines an `sla` search covers: --engine, or the three serving engines.
std::vector<engine_kind> sla_engines(const std::string& text, bool given) {
  std::vector<engine_kind> serving;
  for (const engine_rules* r : engines::all_rules) {
    if (r->serving_time) serving.push_back(r->kind);
  }
  if (!given) return serving;
  for (const engine_kind k : all_engine_kinds) {
    if (name(k) == text) {
      if (!engines::rules_of(k).serving_time) {
        throw usage_error(fmt::format("--engine: `{}` has no serving-time model (vllm, sglang or trtllm)", text));
      }
      return {k};
    }
  }
  throw usage_error(fmt::format("--engine: unknown engine `{}` (vllm, sglang or trtllm)", text));
}

sla_request make_sla_request(cli_args& a, const CLI::App& cmd, std::string_view command) {
  sla_request r;
  if (!a.t.config.empty()) {
    if (!a.t.model.empty()) throw usage_error(fmt::format("{}: --config takes the place of MODEL", command));
    std::shared_ptr<const import::imported> im = import::import_config({a.t.config, "", ""});
    r.m = &im->m;
    r.owner = im;
    r.model_arg = "--config " + a.t.config;
  } else {
    if (a.t.model.empty()) throw usage_error(fmt::format("{}: MODEL is required (or --config PATH)", command));
    r.m = &resolve_model(a.t.model);
    r.model_arg = std::string(r.m->id);
  }
  std::string ids;
  if (a.sla_devices == "all") {
    r.devices.assign(devices::all.begin(), devices::all.end());
    ids = "all";
  } else {
    for (const std::string& id : parse_id_list("--devices", a.sla_devices)) {
      r.devices.push_back(&resolve_device(id));
      ids += fmt::format("{}{}", ids.empty() ? "" : ",", r.devices.back()->id);
    }
  }
  const bool engine_given = cmd.get_option("--engine")->count() != 0;
  r.engines = sla_engines(a.t.engine.engine, engine_given);
  if (a.serve_isl.empty() || a.serve_osl.empty() || a.sla_ttft.empty() || a.sla_tpot.empty()) {
    throw usage_error(fmt::format("{}: --isl, --osl, --ttft-ms and --tpot-ms are required", command));
  }
  r.isl = parse_count("--isl", a.serve_isl);
  r.osl = parse_count("--osl", a.serve_osl);
  r.prefix = parse_prefix(a.serve_prefix, r.isl);
  r.prefix_shared = parse_shared_prefix(a.shared_prefix, r.prefix);
  r.ttft_ms = parse_positive_decimal("--ttft-ms", a.sla_ttft);
  r.requests_per_client = parse_requests_per_client(a.requests_per_client);
  r.tpot_ms = parse_positive_decimal("--tpot-ms", a.sla_tpot);
  const std::uint64_t gpus = parse_positive("--gpus", a.sla_gpus);
  if (gpus > 64) throw usage_error(fmt::format("--gpus: `{}` is more than 64", a.sla_gpus));
  r.gpus = static_cast<std::uint32_t>(gpus);
  if (!a.request_rate.empty()) {
    const CLI::Option* rounds = cmd.get_option_no_throw("--requests-per-client");
    if (rounds != nullptr && rounds->count() != 0) {
      throw usage_error("--request-rate: an open loop has no clients; give it or --requests-per-client, not both");
    }
    r.request_rate = parse_positive_decimal("--request-rate", a.request_rate);
    if (r.request_rate > 1e9) throw usage_error(fmt::format("--request-rate: `{}` is more than 10^9 requests a second", a.request_rate));
  }
  if (!a.sla_concurrency.empty()) {
    if (!a.request_rate.empty()) throw usage_error("--concurrency: clients or a request rate; give one of them, not both");
    r.clients = parse_positive("--concurrency", a.sla_concurrency);
    if (r.clients > 10'000'000) throw usage_error(fmt::format("--concurrency: `{}` is more than 10^7 clients", a.sla_concurrency));
  }
  r.kv_auto = a.t.kv.empty() || a.t.kv == "auto";
  r.s.kv = r.kv_auto ? kv_dtype::bf16 : parse_kv(a.t.kv);
  r.command = fmt::format("headroom {} {} --devices {} --isl {} --osl {} --ttft-ms {} --tpot-ms {} --gpus {}{}{}", command,
                          r.model_arg, ids, r.isl, r.osl, num(r.ttft_ms), num(r.tpot_ms), r.gpus,
                          engine_given ? " --engine " + a.t.engine.engine : "", r.kv_auto ? "" : " --kv " + a.t.kv);
  if (r.prefix != 0) r.command += fmt::format(" --prefix {}{}", r.prefix, r.prefix_shared ? " --shared-prefix" : "");
  if (r.requests_per_client != load{}.requests_per_client) r.command += " --requests-per-client " + a.requests_per_client;
  if (r.request_rate > 0) r.command += " --request-rate " + num(r.request_rate);
  if (r.clients > 0) r.command += fmt::format(" --concurrency {}", r.clients);
  // Prices: one for every searched device, or DEVICE=PRICE for some (a device named twice, or not
  // searched, is refused: its price would be dropped without a word).
  if (!a.usd_per_gpu_hour.empty()) {
    if (a.usd_per_gpu_hour.find('=') == std::string::npos) {
      const double usd = parse_price(a.usd_per_gpu_hour);
      for (const device* d : r.devices) r.prices.emplace_back(d, usd);
    } else {
      for (const std::string& item : parse_id_list("--usd-per-gpu-hour", a.usd_per_gpu_hour)) {
        const std::size_t eq = item.find('=');
        if (eq == std::string::npos) {
          throw usage_error(fmt::format("--usd-per-gpu-hour: `{}` is not DEVICE=PRICE (a list prices each device it names)", item));
        }
        const device* d = nullptr;
        try {
          d = &resolve_device(item.substr(0, eq));
        } catch (const usage_error& e) {
          throw usage_error(fmt::format("--usd-per-gpu-hour: {}", e.what()));
        }
        if (std::find(r.devices.begin(), r.devices.end(), d) == r.devices.end()) {
          throw usage_error(fmt::format("--usd-per-gpu-hour: `{}` is not among the devices searched", d->id));
        }
        if (r.price_of(d) != 0) throw usage_error(fmt::format("--usd-per-gpu-hour: `{}` is priced twice", d->id));
        r.prices.emplace_back(d, parse_price(item.substr(eq + 1)));
      }
      // In the devices' order, as the report and the JSON list them.
      std::vector<std::pair<const device*, double>> ordered;
      for (const device* d : r.devices) {
        if (const double usd = r.price_of(d); usd > 0) ordered.emplace_back(d, usd);
      }
      r.prices = std::move(ordered);
    }
    r.command += " --usd-per-gpu-hour " + a.usd_per_gpu_hour;
  }
  return r;
}

// The model with the draft checkpoint as its draft section; the query then owns both.
struct drafted_model {
  std::shared_ptr<const void> target_owner;  // a --config target
  model m;
};

}  // namespace

std::string add_draft_model(query& q, std::string_view text) {
  const models::draft_checkpoint& d = resolve_draft(text);
  std::shared_ptr<drafted_model> own;
  try {  // a head that does not fit the model is refused input (exit 2)
    own = std::make_shared<drafted_model>(drafted_model{q.owner, models::with_draft(*q.m, d)});
  } catch (const headroom::error& e) {
    throw usage_error(fmt::format("--draft-model: {}", e.what()));
  }
  q.m = &own->m;
  q.owner = own;
  q.s.speculative = true;  // the engine loads the head and holds its layer's KV
  return std::string(d.name);
}

command_output run_serve(cli_args& a) {
  const bool json = resolve_format(a.o, "serve", text_formats) == output_format::json;
  resolve_ids(a.t, "serve", false);
  serve_request r;
  const bool spec = !a.speculative_tokens.empty();
  if (spec) a.t.speculative = true;  // the engine loads the draft head and holds its KV
  r.q = make_query(a.t);
  if (!a.draft_model.empty()) {
    if (!spec || a.acceptance_length.empty()) throw usage_error("--draft-model: needs --speculative-tokens and --acceptance-length");
    r.draft = add_draft_model(r.q, a.draft_model);
  }
  r.breakdown = a.serve_breakdown;
  if (a.usd_per_gpu_hour.find('=') != std::string::npos) {
    throw usage_error("--usd-per-gpu-hour: serve prices its one device: PRICE, not DEVICE=PRICE");
  }
  if (!a.usd_per_gpu_hour.empty()) r.usd_per_gpu_hour = parse_price(a.usd_per_gpu_hour);
  r.isl = parse_count("--isl", a.serve_isl);
  r.osl = parse_count("--osl", a.serve_osl);
  r.prefix = parse_prefix(a.serve_prefix, r.isl);
  r.prefix_shared = parse_shared_prefix(a.shared_prefix, r.prefix);
  if (const serving_facts& sf = engines::serving_facts_of(r.q.e.kind);
      r.prefix != 0 && sf.prefix_cache_off != nullptr && sf.prefix_cache_off(r.q.e)) {
    throw usage_error(fmt::format("--prefix: the engine's prefix cache is off under its flags ({})", sf.prefix_cache_source));
  }
  r.requests_per_client = parse_requests_per_client(a.requests_per_client);
  r.concurrency.clear();
  for (const std::uint64_t c : parse_positive_list("--concurrency", a.serve_concurrency)) r.concurrency.push_back(c);
  if (!a.request_rate.empty()) {  // an open loop: no clients, no rounds
    if (a.serve->get_option("--concurrency")->count() != 0 || a.serve->get_option("--requests-per-client")->count() != 0) {
      throw usage_error("--request-rate: an open loop has no clients; give it or --concurrency / --requests-per-client, not both");
    }
    for (const std::string& item : parse_id_list("--request-rate", a.request_rate)) {  // the comma list's items
      const double rate = parse_positive_decimal("--request-rate", item);
      if (rate > 1e9) throw usage_error(fmt::format("--request-rate: `{}` is more than 10^9 requests a second", item));
      r.request_rate.push_back(rate);
    }
  }
  if (spec) {
    if (a.acceptance_length.empty()) {
      throw usage_error("--speculative-tokens: give --acceptance-length too (the mean tokens a verify step emits; no default)");
    }
    r.spec.tokens = static_cast<std::uint32_t>(parse_count_up_to_4096("--speculative-tokens", a.speculative_tokens));
    const double acc = parse_positive_decimal("--acceptance-length", a.acceptance_length);
    if (acc < 1 || acc > static_cast<double>(r.spec.tokens) + 1) {
      throw usage_error(fmt::format("--acceptance-length: {} is outside 1 to --speculative-tokens + 1 = {}",
                                    a.acceptance_length, r.spec.tokens + 1));
    }
    r.spec.acceptance_milli = milli_of(acc);
    // vLLM's --speculative-config names the drafted tokens once: the memory rule's state pages
    // (--num-speculative-tokens) and the verify step read the same K.
    auto* const drafted = engines::rules_of(r.q.e).speculative_tokens;
    if (std::uint64_t* knob = drafted != nullptr ? drafted(r.q.e) : nullptr) {
      std::uint64_t& k = *knob;
      if (k != 0 && k != r.spec.tokens) {
        throw usage_error(fmt::format("--num-speculative-tokens {} differs from --speculative-tokens {} (vLLM drafts one number of tokens)",
                                      k, r.spec.tokens));
      }
      k = r.spec.tokens;
    }
    if (!has_draft_head(*r.q.m)) {
      throw usage_error(fmt::format("--speculative-tokens: {} has no MTP draft head (name a separate draft checkpoint with --draft-model)",
                                    r.q.m->id));
    }
  } else if (!a.acceptance_length.empty()) {
    throw usage_error("--acceptance-length: needs --speculative-tokens");
  }
  const bool workers = !a.prefill_workers.empty() || !a.decode_workers.empty();
  if (a.disagg) {
    if (a.prefill_workers.empty() || a.decode_workers.empty()) {
      throw usage_error("--disagg: give --prefill-workers and --decode-workers");
    }
    if (r.q.p != parallel{}) {
      throw usage_error("--disagg: the workers' plans are --prefill-tp / --prefill-ep / --prefill-dp-attention / "
                        "--prefill-redundant-experts and --decode-tp / --decode-ep / --decode-dp-attention / "
                        "--decode-redundant-experts, not --tp / --pp / --ep / --dp-attention / --redundant-experts");
    }
    r.dis = {parse_count_up_to_4096("--prefill-workers", a.prefill_workers), parse_count_up_to_4096("--prefill-tp", a.prefill_tp),
             parse_count_up_to_4096("--decode-workers", a.decode_workers), parse_count_up_to_4096("--decode-tp", a.decode_tp),
             parse_count_up_to_4096("--prefill-ep", a.prefill_ep), a.prefill_dp_attention,
             parse_count_up_to_4096("--decode-ep", a.decode_ep), a.decode_dp_attention,
             a.prefill_batch_tokens.empty() ? 0 : parse_positive("--prefill-batch-tokens", a.prefill_batch_tokens),
             parse_redundant_experts("--prefill-redundant-experts", a.prefill_redundant_experts),
             parse_redundant_experts("--decode-redundant-experts", a.decode_redundant_experts)};
    // Each side's plan as the engine lays it out (attention_dp_layout) obeys the plan rules.
    for (const auto& [side, p] : {std::pair{"prefill", r.dis.prefill_plan()}, std::pair{"decode", r.dis.decode_plan()}}) {
      const plan_rule broken = plan_violation(*r.q.m, attention_dp_layout(p, r.q.e));
      if (broken != plan_rule::ok) {
        throw usage_error(fmt::format("--disagg: the {} worker's plan ({}) is not valid for {} ({})", side, plan_text(p),
                                      r.q.m->id, describe(broken)));
      }
    }
  } else if (workers || a.prefill_tp != "1" || a.decode_tp != "1" || a.prefill_ep != "1" || a.decode_ep != "1" ||
             a.prefill_dp_attention || a.decode_dp_attention || !a.prefill_batch_tokens.empty() ||
             a.prefill_redundant_experts != "0" || a.decode_redundant_experts != "0") {
    throw usage_error("--prefill-workers, --decode-workers and the workers' plans (--prefill-tp, --prefill-ep, "
                      "--prefill-dp-attention, --prefill-redundant-experts, --decode-tp, --decode-ep, "
                      "--decode-dp-attention, --decode-redundant-experts, --prefill-batch-tokens) need --disagg");
  }
  if (!engines::runs_on(r.q.e.kind, r.q.d->vendor)) {
    throw usage_error(fmt::format("--engine: {} does not run on {} devices ({}); it runs on {} parts",
                                  engines::rules_of(r.q.e.kind).display_name, r.q.d->vendor, r.q.d->id,
                                  engines::rules_of(r.q.e.kind).vendors));
  }
  std::optional<loaded_calibration> table;
  if (!a.calibration.empty()) {
    try {  // a file refused is refused input (exit 2), like a manifest
      table.emplace(load_calibration(a.calibration));
    } catch (const headroom::error& e) {
      throw usage_error(e.what());
    }
    const calibration& t = table->table();
    if (t.device != r.q.d->id || t.engine != name(r.q.e.kind)) {
      throw usage_error(fmt::format("--calibration: {} holds {} under {}, not {} under {}", a.calibration, t.device, t.engine,
                                    r.q.d->id, name(r.q.e.kind)));
    }
    r.table = &t;
    r.table_path = a.calibration;
  }
  const serve_answer ans = compute_serve(r);
  command_output out;
  out.text = json ? dump(serve_json(r, ans)) : serve_text(r, ans);
  return out;
}

command_output run_sla(cli_args& a) {
  const bool json = resolve_format(a.o, "sla", text_formats) == output_format::json;
  const sla_request r = make_sla_request(a, *a.sla, "sla");
  const sla_answer ans = compute_sla(r);
  command_output out;
  out.text = json ? dump(sla_json(r, ans)) : sla_text(r, ans);
  return out;
}

command_output run_plot_pareto(cli_args& a) {
  // `plot pareto MODEL [DEVICES...]`: the devices positional doubles as --devices.
  if (!a.plot_devices.empty()) {
    std::string ids;
    for (const std::string& d : a.plot_devices) ids += fmt::format("{}{}", ids.empty() ? "" : ",", d);
    a.sla_devices = ids;
  }
  const sla_request r = make_sla_request(a, *a.plot, "plot pareto");
  command_output out;
  out.text = svg::render(pareto_chart(r, compute_sla(r)));
  return out;
}

}  // namespace headroom::cli
