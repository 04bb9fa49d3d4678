// SPDX-License-Identifier: MIT
// headroom_bench: the run-time benchmarks (bench/README.md). Benchmarks are registered at run time
// because which model is the smallest / largest is read from the registry.
#include <benchmark/benchmark.h>

#include "per_call.hpp"

int main(int argc, char** argv) {
  headroom_bench::register_per_call_benchmarks();
  headroom_bench::register_sweep_benchmark();
  headroom_bench::register_plan_search_benchmark();
  headroom_bench::register_serving_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
