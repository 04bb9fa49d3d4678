// SPDX-License-Identifier: MIT
#pragma once

namespace headroom_bench {
/// Registers the per-call benchmarks (smallest and largest model by node count).
void register_per_call_benchmarks();
/// Registers the registry sweep (every model x device x batch x context).
void register_sweep_benchmark();
/// Registers the plan search over the registry (smallest_plan for every model x device).
void register_plan_search_benchmark();
/// Registers the serving model's benchmarks (one serve evaluation, one setup, the sla search).
void register_serving_benchmarks();
}  // namespace headroom_bench
