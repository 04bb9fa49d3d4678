// SPDX-License-Identifier: MIT
// headroom benchmarks: registration of the benchmarks that walk the whole registries (kept apart
// from common.hpp, which the compile-time helper includes without Google Benchmark).
#pragma once

#include <benchmark/benchmark.h>

namespace headroom_bench {

/// Registers a benchmark over the whole registries, reported in milliseconds of real time.
inline void register_registry_benchmark(const char* name, void (*fn)(benchmark::State&)) {
  benchmark::RegisterBenchmark(name, fn)->Unit(benchmark::kMillisecond)->UseRealTime();
}

}  // namespace headroom_bench
