// SPDX-License-Identifier: MIT
// The serving model's cost: one serve_at() evaluation on a prepared setup (what `sla` repeats for
// every device x engine x plan x concurrency), one setup_serving(), and the whole `headroom sla`
// search of the README's example (qwen3_32b, ISL 2000, OSL 200, TTFT <= 500 ms, TPOT <= 30 ms,
// 8 GPUs, every device, the three engines) through the CLI's compute_sla; and the same search for
// an MoE model (deepseek_v3, 1,024 / 1,024, TTFT <= 2 s, TPOT <= 50 ms), whose routed experts
// walk the floors by rows and the expert-parallel plans; and the open loop's answer and search.
#include <cstdint>
#include <string>

#include <benchmark/benchmark.h>

#include <headroom/engines/exec_facts.hpp>
#include <headroom/engines/serving_facts.hpp>
#include <headroom/sla.hpp>

#include "common.hpp"
#include "headroom/commands/serve_cmd.hpp"
#include "per_call.hpp"

namespace headroom_bench {
namespace {

using namespace headroom;

struct serving_inputs {
  const model* m = &models::qwen3_32b;
  const device* d = &devices::h200_sxm;
  device_roofline r = default_roofline(devices::h200_sxm);
  deployment dep{1, 2200, {}, as_allocated(engine{.kind = engine_kind::vllm}), parallel{.tp = 2}};
  load l{2000, 200, 64};
};

void bm_serve_setup(benchmark::State& state) {
  serving_inputs in{};
  const calibration_set cs = shipped_calibration(*in.d, in.dep.engine);
  for (auto _ : state) {
    escape(&in);
    const serve_setup su = setup_serving(*in.m, *in.d, in.r, in.dep, in.l, engines::exec_facts_of(in.dep.engine), cs,
                                         engines::serving_facts_of(in.dep.engine.kind));
    benchmark::DoNotOptimize(su);
  }
}

void bm_serve_at(benchmark::State& state) {
  serving_inputs in{};
  const calibration_set cs = shipped_calibration(*in.d, in.dep.engine);
  const serve_setup su = setup_serving(*in.m, *in.d, in.r, in.dep, in.l, engines::exec_facts_of(in.dep.engine), cs,
                                       engines::serving_facts_of(in.dep.engine.kind));
  for (auto _ : state) {
    escape(&in);
    const serve_result s = serve_at(su, in.l.concurrency);
    benchmark::DoNotOptimize(s);
  }
}

// One open-loop answer on a prepared setup at 8 requests a second (serve_rate_at: the rate's
// setup, the bisection for the batch the rate keeps, the answer).
void bm_serve_rate_at(benchmark::State& state) {
  serving_inputs in{};
  const calibration_set cs = shipped_calibration(*in.d, in.dep.engine);
  const serve_setup su = setup_serving(*in.m, *in.d, in.r, in.dep, in.l, engines::exec_facts_of(in.dep.engine), cs,
                                       engines::serving_facts_of(in.dep.engine.kind));
  double rate = 8.0;
  for (auto _ : state) {
    escape(&rate);
    const serve_result s = serve_rate_at(su, rate);
    benchmark::DoNotOptimize(s);
  }
}

void bm_sla_search(benchmark::State& state, const model* m, std::uint64_t isl, std::uint64_t osl, double ttft_ms,
                   double tpot_ms, double request_rate, unsigned threads) {
  cli::sla_request r;
  r.threads = threads;
  r.m = m;
  r.devices.assign(devices::all.begin(), devices::all.end());
  r.engines = {engine_kind::vllm, engine_kind::sglang, engine_kind::trtllm};
  r.isl = isl;
  r.osl = osl;
  r.ttft_ms = ttft_ms;
  r.tpot_ms = tpot_ms;
  r.gpus = 8;
  r.request_rate = request_rate;
  std::uint64_t evaluated = 0;
  for (auto _ : state) {
    escape(&r);
    const cli::sla_answer a = cli::compute_sla(r);
    evaluated = a.evaluated;
    benchmark::DoNotOptimize(a);
  }
  state.counters["evaluations"] = static_cast<double>(evaluated);
}

}  // namespace

void register_serving_benchmarks() {
  benchmark::RegisterBenchmark("serve_setup/qwen3_32b/h200_sxm/vllm/tp2", bm_serve_setup);
  benchmark::RegisterBenchmark("serve_at/qwen3_32b/h200_sxm/vllm/tp2/c64", bm_serve_at);
  benchmark::RegisterBenchmark("serve_rate_at/qwen3_32b/h200_sxm/vllm/tp2/8rps", bm_serve_rate_at);
  // The searches run on the machine's threads (compute_sla searches the devices apart): wall
  // time, not the main thread's CPU; the "/1_thread" ones on one, the CPU a search costs.
  for (const unsigned threads : {0U, 1U}) {
    const std::string tail = threads == 1 ? "/1_thread" : "";
    benchmark::RegisterBenchmark(("sla_search/qwen3_32b/all_devices/3_engines/8_gpus" + tail).c_str(), bm_sla_search,
                                 &models::qwen3_32b, 2000, 200, 500.0, 30.0, 0.0, threads)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("sla_search/deepseek_v3/all_devices/3_engines/8_gpus" + tail).c_str(), bm_sla_search,
                                 &models::deepseek_v3, 1024, 1024, 2000.0, 50.0, 0.0, threads)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    // The open loop's search: every configuration's most requests a second a copy serves meeting
    // both targets, and the copies 20 requests a second need.
    benchmark::RegisterBenchmark(("sla_rate_search/deepseek_v3/all_devices/3_engines/8_gpus/20rps" + tail).c_str(),
                                 bm_sla_search, &models::deepseek_v3, 1024, 1024, 2000.0, 50.0, 20.0, threads)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
}

}  // namespace headroom_bench
