// SPDX-License-Identifier: MIT
// The plan search over the registry: for every shipped model x every shipped device,
// smallest_plan() for one sequence of 4,096 tokens -- every candidate TP x PP x EP x
// DP-attention plan checked against the engine rules, then fitted rank by rank, smallest first.
// This is what `headroom matrix` does for each row that does not fit. One iteration = the whole
// matrix.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include <benchmark/benchmark.h>

#include "common.hpp"
#include "per_call.hpp"
#include "registry_benchmark.hpp"

namespace headroom_bench {
namespace {

void bm_plan_search(benchmark::State& state) {
  std::uint64_t found = 0;  // plans found in the last pass over every pair
  for (auto _ : state) {
    found = 0;
    for (const headroom::model* m : headroom::models::all) {
      for (const headroom::device* d : headroom::devices::all) {
        headroom::deployment dep{1, 4096, {}};
        escape(&dep);
        const std::optional<headroom::parallel> p = headroom::smallest_plan(*m, *d, dep);
        benchmark::DoNotOptimize(p);
        found += p ? 1u : 0u;
      }
    }
  }
  const std::size_t pairs = headroom::models::all.size() * headroom::devices::all.size();
  state.counters["pairs"] = benchmark::Counter(static_cast<double>(pairs));
  state.counters["plans_found"] = benchmark::Counter(static_cast<double>(found));
  state.SetLabel(registry_label() + ", C=1 at 4096");
}

}  // namespace

void register_plan_search_benchmark() {
  register_registry_benchmark("plan_search/smallest_plan/all_models/all_devices", bm_plan_search);
}

}  // namespace headroom_bench
