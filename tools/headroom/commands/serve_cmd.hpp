// SPDX-License-Identifier: MIT
// headroom CLI: `headroom serve` (TTFT, TPOT and throughput of one deployment over a list of
// concurrencies), `headroom sla` (the configurations that meet TTFT and TPOT targets) and
// `headroom plot pareto` (docs/serving.md, docs/cli-json.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <headroom/headroom.hpp>
#include <headroom/sla.hpp>

#include "headroom/args/cli_args.hpp"
#include "headroom/args/common.hpp"
#include "headroom/render/json.hpp"
#include "headroom/render/svg.hpp"

namespace headroom::cli {

// serve
struct serve_request {
  query q;
  std::uint64_t isl = 1024;
  std::uint64_t osl = 128;
  std::uint64_t prefix = 0;  ///< --prefix: of each prompt's isl tokens, those in the engine's prefix cache
  bool prefix_shared = false;  ///< --shared-prefix: one prefix every request shares, held once
  std::vector<std::uint64_t> concurrency{1};
  std::vector<double> request_rate;  ///< --request-rate: an open loop at these rates (empty: the closed loop)
  std::uint64_t requests_per_client = load{}.requests_per_client;  ///< 0: steady state alone
  disaggregation dis{};
  speculation spec{};
  const calibration* table = nullptr;  ///< --calibration FILE (null: the shipped tables)
  std::string table_path;              ///< the file as given
  std::string draft;                   ///< --draft-model: the draft checkpoint's name (empty: the model's MTP head)
  bool breakdown = false;              ///< --breakdown: each run's decode step by cost class
  double usd_per_gpu_hour = 0;         ///< --usd-per-gpu-hour: a GPU-hour's price (0: none given)
};
struct serve_answer {
  std::vector<serve_result> runs;
  std::vector<decode_breakdown> steps;  ///< --breakdown: one a run (the decode step at its running batch)
  std::string calibration_name;  ///< the table the device and engine read, or why none
};
serve_answer compute_serve(const serve_request& r);
/// The run a load describes, in words ("10 requests per client, the first round arriving together, ...").
std::string run_text(std::uint64_t requests_per_client);
/// A load's prompts, in words ("1024-token prompts", "... (the first 512 tokens of each in the engine's prefix cache)").
std::string prompts_text(std::uint64_t isl, std::uint64_t prefix, bool shared);
std::string serve_text(const serve_request& r, const serve_answer& a);
ordered_json serve_json(const serve_request& r, const serve_answer& a);

// sla
struct sla_request {
  const model* m = nullptr;
  std::shared_ptr<const void> owner;  ///< a --config model
  std::string model_arg;              ///< the model as the regenerate line names it
  std::vector<const device*> devices;
  std::vector<engine_kind> engines;
  settings s{};
  bool kv_auto = true;  ///< s.kv as the checkpoint names it under each engine (auto_kv_dtype)
  std::uint64_t isl = 1024, osl = 128;
  std::uint64_t prefix = 0;  ///< --prefix: of each prompt's isl tokens, those in the engine's prefix cache
  bool prefix_shared = false;  ///< --shared-prefix: one prefix every request shares, held once
  double ttft_ms = 0, tpot_ms = 0;
  std::uint64_t requests_per_client = load{}.requests_per_client;
  std::uint32_t gpus = 8;  ///< largest configuration searched (--gpus)
  double request_rate = 0; ///< --request-rate: an open loop of this many requests a second, served by replicas (0: closed loop)
  std::uint64_t clients = 0; ///< --concurrency: a closed loop of this many clients, served by replicas (0: each configuration's most)
  std::string command;     ///< the regenerate line
  unsigned threads = 0;    ///< threads the devices are searched on (0: as many as the machine runs); the same answer on any number
  /// --usd-per-gpu-hour: each priced device's GPU-hour in dollars (every device when the flag gave
  /// one price); empty: none priced.
  std::vector<std::pair<const device*, double>> prices;
  /// A device's price, 0 where it has none.
  [[nodiscard]] double price_of(const device* d) const {
    for (const auto& [dev, usd] : prices) {
      if (dev == d) return usd;
    }
    return 0;
  }
};
struct sla_config {
  const device* d = nullptr;
  engine_kind e = engine{}.kind;
  parallel p{};
  disaggregation dis{};
  serve_result r{};
  bool meets = false;
  std::string reason;  ///< why a configuration meets no target at any concurrency
  std::uint32_t replicas = 1;  ///< --request-rate / --concurrency: the configuration's copies sharing the load
  std::uint64_t capacity_clients = 0;  ///< --concurrency: the most clients one copy carries meeting both targets
};
struct sla_answer {
  std::vector<sla_config> best;      ///< per (device, engine, mode, plan): its best concurrency meeting both targets
  std::vector<sla_config> pareto;    ///< tokens/s per GPU against tokens/s per user, meeting both targets
  std::vector<sla_config> rejected;  ///< configurations that meet no target, with the reason
  std::size_t evaluated = 0;         ///< serve evaluations made
  std::size_t skipped_pairs = 0;     ///< (device, engine) pairs left out: the engine does not run on the device's vendor
};
sla_answer compute_sla(const sla_request& r);
std::string sla_text(const sla_request& r, const sla_answer& a);
ordered_json sla_json(const sla_request& r, const sla_answer& a);
svg::line_chart pareto_chart(const sla_request& r, const sla_answer& a);

/// --draft-model ID on `serve` and `fit`: the shipped draft checkpoint named by `text` (id,
/// display name or Hub id) added to the query's model as its draft section, the query owning
/// the result and its settings speculative; returns the checkpoint's display name. Exit 2 for
/// an unknown checkpoint or one that does not fit the model.
std::string add_draft_model(query& q, std::string_view text);

/// The commands as dispatch.cpp runs them (serve_dispatch.cpp): flags to request, result, renderer.
command_output run_serve(cli_args& a);
command_output run_sla(cli_args& a);
command_output run_plot_pareto(cli_args& a);

/// "TP 4", "TP 8 EP 8", "2P(TP 4) + 4D(TP 2)": the plan of a configuration.
std::string config_plan_text(const sla_config& c);

}  // namespace headroom::cli
