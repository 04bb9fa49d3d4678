// SPDX-License-Identifier: MIT
// The planner's loop: a decode estimate for every shipped model x every shipped device x
// C in {1, 2, 4, ..., 1024} x context in {1k, 4k, 32k, 128k}, single thread. The rooflines are
// computed once per device, outside the timed region. One iteration = the whole sweep.
#include <array>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "common.hpp"
#include "per_call.hpp"
#include "registry_benchmark.hpp"

namespace headroom_bench {
namespace {

constexpr std::array<std::uint64_t, 11> sweep_batches{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
constexpr std::array<std::uint64_t, 4> sweep_contexts{1024, 4096, 32768, 131072};

void bm_sweep(benchmark::State& state) {
  std::vector<headroom::device_roofline> rooflines;
  rooflines.reserve(headroom::devices::all.size());
  for (const headroom::device* d : headroom::devices::all) rooflines.push_back(headroom::default_roofline(*d));
  const headroom::settings s{};

  // The loop's inputs sit behind an escaped address (see escape): re-read each estimate.
  struct inputs {
    const headroom::model* m = nullptr;
    std::uint64_t batch = 0;
    std::uint64_t context = 0;
  } in{};
  std::uint64_t per_sweep = 0;
  std::uint64_t failed = 0;
  for (auto _ : state) {
    per_sweep = 0;
    failed = 0;
    for (const headroom::model* m : headroom::models::all) {
      for (std::size_t di = 0; di < headroom::devices::all.size(); ++di) {
        const headroom::device& d = *headroom::devices::all[di];
        for (const std::uint64_t ctx : sweep_contexts) {
          for (const std::uint64_t c : sweep_batches) {
            in = {m, c, ctx};
            escape(&in);
            try {
              headroom::step_estimate est = headroom::decode_step(*in.m, d, rooflines[di], in.batch, in.context, s);
              benchmark::DoNotOptimize(est);
            } catch (const std::exception&) {
              ++failed;  // a query the core rejects still costs its time; counted, not hidden
            }
            ++per_sweep;
          }
        }
      }
    }
  }
  const auto n = static_cast<double>(per_sweep);
  state.counters["estimates"] = benchmark::Counter(n);
  state.counters["failed"] = benchmark::Counter(static_cast<double>(failed));
  state.counters["estimates_per_s"] =
      benchmark::Counter(n * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.SetLabel(registry_label() + " x " + std::to_string(sweep_batches.size()) + " C x " +
                 std::to_string(sweep_contexts.size()) + " contexts");
}

}  // namespace

void register_sweep_benchmark() {
  register_registry_benchmark("sweep/decode_step/all_models/all_devices", bm_sweep);
}

}  // namespace headroom_bench
