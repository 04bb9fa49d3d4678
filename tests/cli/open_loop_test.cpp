// SPDX-License-Identifier: MIT
// The open loop through the CLI (`--request-rate`): `sla` lists, for a rate, the copies of each
// configuration that serve it meeting both targets, fewest GPUs first; one copy fewer must miss
// a target or saturate, which `serve` at that copy's share of the rate says; for a number of clients
// (`--concurrency`), the copies that carry them. `serve` in an open
// loop reports what the rate keeps in the batch and serves the rate's tokens.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <headroom/devices.hpp>
#include <headroom/models.hpp>

#include "headroom/commands/serve_cmd.hpp"
#include "in_process_json.hpp"

namespace {
using headroom::cli::testing::run;
using headroom::cli::testing::run_json;
using json = nlohmann::json;

// An aggregated plan as `sla` writes it ("1 device", "TP=2") as serve's flags.
std::vector<std::string> open_loop_plan_flags(const std::string& plan) {
  if (plan == "1 device") return {};
  REQUIRE(plan.rfind("TP=", 0) == 0);
  return {"--tp", plan.substr(3)};
}

}  // namespace

TEST_CASE("sla --request-rate: each configuration's copies serve the rate, one copy fewer does not") {
  const double rate = 40;
  const json j = run_json({"sla", "llama_3_1_8b_instruct", "--devices", "h100_sxm,b200", "--isl", "1000", "--osl", "100",
                           "--ttft-ms", "300", "--tpot-ms", "20", "--gpus", "4", "--request-rate", "40"});
  CHECK(j["loop"] == "open");
  CHECK(j["request_rate"].get<double>() == rate);
  const json& configs = j["configs"];
  REQUIRE(configs.size() > 3);
  std::uint64_t prev_total = 0;
  std::size_t checked = 0;
  for (const json& c : configs) {
    INFO(c.dump());
    const auto copies = c["replicas"].get<std::uint64_t>();
    const auto gpus = c["gpus"].get<std::uint64_t>();
    CHECK(c["total_gpus"].get<std::uint64_t>() == copies * gpus);
    CHECK(c["total_gpus"].get<std::uint64_t>() >= prev_total);  // fewest GPUs first
    prev_total = c["total_gpus"].get<std::uint64_t>();
    CHECK(std::abs(c["request_rate"].get<double>() * static_cast<double>(copies) - rate) < 1e-9 * rate);
    CHECK(c["ttft_ms"].get<double>() <= 300);
    CHECK(c["tpot_ms"].get<double>() <= 20);
    if (c["mode"] != "aggregated" || copies == 1) continue;
    // One copy fewer: each of copies - 1 takes rate / (copies - 1), and misses a target.
    std::vector<std::string> args{"serve", "llama_3_1_8b_instruct", c["device"].get<std::string>(), "--engine",
                                  c["engine"].get<std::string>(), "--isl", "1000", "--osl", "100", "--request-rate",
                                  std::to_string(rate / static_cast<double>(copies - 1))};
    for (const std::string& f : open_loop_plan_flags(c["plan"].get<std::string>())) args.push_back(f);
    const json fewer = run_json(args)["runs"][0];
    INFO(fewer.dump());
    CHECK((fewer["saturated"].get<bool>() || fewer["ttft_ms"].get<double>() > 300 || fewer["tpot_ms"].get<double>() > 20));
    ++checked;
  }
  CHECK(checked > 0);
}

TEST_CASE("sla --concurrency: each configuration's copies carry the clients, the most a copy carries found to a sixteenth") {
  // N clients shared by copies of a configuration, each its own closed loop: a copy carries at
  // most M clients meeting both targets (`capacity_clients`, found by doubling and bisecting), so
  // ceil(N / M) copies, the busiest at ceil(N / copies). serve says: M meets both, M plus a
  // sixteenth of it (at least one more) misses one (TTFT and TPOT only grow with the clients), and
  // the busiest copy's answer is the row's.
  const std::uint64_t n = 500;
  const json j = run_json({"sla", "llama_3_1_8b_instruct", "--devices", "h100_sxm,b200", "--isl", "1000", "--osl", "100",
                           "--ttft-ms", "500", "--tpot-ms", "30", "--gpus", "4", "--concurrency", "500"});
  CHECK(j["loop"] == "closed");
  CHECK(j["concurrency"].get<std::uint64_t>() == n);
  const json& configs = j["configs"];
  REQUIRE(configs.size() > 3);
  std::uint64_t prev_total = 0;
  std::size_t checked = 0, shared = 0;
  const auto serve_at = [&](const json& c, std::uint64_t clients) {
    std::vector<std::string> args{"serve", "llama_3_1_8b_instruct", c["device"].get<std::string>(), "--engine",
                                  c["engine"].get<std::string>(), "--isl", "1000", "--osl", "100", "--concurrency",
                                  std::to_string(clients)};
    for (const std::string& f : open_loop_plan_flags(c["plan"].get<std::string>())) args.push_back(f);
    return run_json(args)["runs"][0];
  };
  const auto misses = [](const json& r) { return r["ttft_ms"].get<double>() > 500 || r["tpot_ms"].get<double>() > 30; };
  for (const json& c : configs) {
    INFO(c.dump());
    const auto copies = c["replicas"].get<std::uint64_t>();
    const auto most = c["capacity_clients"].get<std::uint64_t>();
    const auto share = c["concurrency"].get<std::uint64_t>();
    CHECK(c["total_gpus"].get<std::uint64_t>() == copies * c["gpus"].get<std::uint64_t>());
    CHECK(c["total_gpus"].get<std::uint64_t>() >= prev_total);  // fewest GPUs first
    prev_total = c["total_gpus"].get<std::uint64_t>();
    CHECK(copies == (n + most - 1) / most);
    CHECK(share == (n + copies - 1) / copies);
    CHECK(share <= most);
    if (c["mode"] != "aggregated") continue;
    const json at_share = serve_at(c, share);
    CHECK(at_share["ttft_ms"].get<double>() == c["ttft_ms"].get<double>());
    CHECK(at_share["tpot_ms"].get<double>() == c["tpot_ms"].get<double>());
    CHECK(!misses(serve_at(c, most)));
    if (most < n) CHECK(misses(serve_at(c, most + std::max<std::uint64_t>(1, most / 16))));
    if (copies > 1) ++shared;
    ++checked;
  }
  CHECK(checked > 3);
  CHECK(shared > 3);
}

TEST_CASE("serve --request-rate: the rate's tokens served, the requests in flight its Little's-law count") {
  const json j = run_json({"serve", "qwen3_8b", "h100_sxm", "--isl", "1024", "--osl", "256", "--request-rate", "2,8,1000"});
  CHECK(j["loop"] == "open");
  CHECK(!j.contains("requests_per_client"));
  const json& runs = j["runs"];
  REQUIRE(runs.size() == 3);
  for (std::size_t i = 0; i < 2; ++i) {
    const json& r = runs[i];
    const double rate = r["request_rate"].get<double>();
    CHECK(!r["saturated"].get<bool>());
    CHECK(std::abs(r["tokens_per_s"].get<double>() - rate * 256) < 1e-9 * rate * 256);
    CHECK(r["concurrency"].get<std::uint64_t>() ==
          static_cast<std::uint64_t>(std::llround(rate * r["e2e_ms"].get<double>() / 1e3)));
    CHECK(r["running_batch"].get<std::uint64_t>() <= r["slots"].get<std::uint64_t>());
  }
  // 1,000 requests a second is past what one H100 serves: saturated, the times without bound.
  const json& flood = runs[2];
  CHECK(flood["saturated"].get<bool>());
  CHECK(flood["ttft_ms"].is_null());
  CHECK(flood["concurrency"].is_null());
  CHECK(std::abs(flood["tokens_per_s"].get<double>() - flood["capacity_rps"].get<double>() * 256) < 1e-6);
  CHECK(flood["running_batch"] == flood["slots"]);
}

TEST_CASE("sla: the same answer on one thread as on several") {
  // compute_sla searches the devices apart and joins their answers in the devices' order: the
  // configurations, their order, the frontier and the counts cannot depend on the threads. Every
  // device, the three engines, up to 2 GPUs; a closed loop, a number of clients and a rate.
  headroom::cli::sla_request r;
  r.m = &headroom::models::llama_3_1_8b_instruct;
  r.devices.assign(headroom::devices::all.begin(), headroom::devices::all.end());
  r.engines = {headroom::engine_kind::vllm, headroom::engine_kind::sglang, headroom::engine_kind::trtllm};
  r.isl = 1000;
  r.osl = 100;
  r.ttft_ms = 500;
  r.tpot_ms = 30;
  r.gpus = 2;
  for (const int load : {0, 1, 2}) {
    r.clients = load == 1 ? 400 : 0;
    r.request_rate = load == 2 ? 20.0 : 0.0;
    std::string one;
    for (const unsigned threads : {1U, 2U, 7U}) {
      r.threads = threads;
      const headroom::cli::sla_answer a = headroom::cli::compute_sla(r);
      CHECK(a.evaluated > 0);
      const std::string got = headroom::cli::sla_json(r, a).dump() + headroom::cli::sla_text(r, a);
      INFO("load ", load, ", ", threads, " threads");
      if (threads == 1) {
        one = got;
      } else {
        CHECK(got == one);
      }
    }
  }
}
