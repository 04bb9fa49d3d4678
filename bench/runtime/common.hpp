// SPDX-License-Identifier: MIT
// headroom benchmarks: facts about the shipped registries, computed at run time from the tables
// (so adding a model or a device changes what is benchmarked without editing this file), and
// the optimisation barrier the benchmarks use for their inputs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

namespace headroom_bench {

/// Makes the optimiser assume that any memory reachable from `p` may have changed (its address
/// escapes into an empty asm with a memory clobber), so inputs kept behind it are re-read every
/// iteration and no call on the constexpr tables can be folded or hoisted. Inputs use this
/// rather than benchmark::DoNotOptimize(T&): that one's "+m,r" read-write operand hands back a
/// wrong value for a pointer under g++ 12 -O2 -fsanitize=address (CI builds this binary with
/// ASan), while an input-only operand cannot change the value.
inline void escape(const void* p) { asm volatile("" : : "g"(p) : "memory"); }

/// Nodes a model's forward visits: the sum over the circuit's instances (every section) of
/// their block's node count.
inline std::uint64_t node_count(const headroom::model& m) {
  const headroom::circuit& c = m.c;
  std::uint64_t n = 0;
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const headroom::block& b = c.blocks[c.instances[ii].block];
    n += static_cast<std::uint64_t>(b.end - b.first);
  }
  return n;
}

/// The shipped model with the fewest nodes (the first in registry order on a tie).
inline const headroom::model& smallest_model() {
  const headroom::model* best = headroom::models::all[0];
  for (const headroom::model* m : headroom::models::all) {
    if (node_count(*m) < node_count(*best)) best = m;
  }
  return *best;
}

/// The shipped model with the most nodes (the first in registry order on a tie).
inline const headroom::model& largest_model() {
  const headroom::model* best = headroom::models::all[0];
  for (const headroom::model* m : headroom::models::all) {
    if (node_count(*m) > node_count(*best)) best = m;
  }
  return *best;
}

/// The device the per-call benchmarks run against.
inline const headroom::device& per_call_device() {
  const headroom::device* d = headroom::devices::find("h100_sxm");
  return d != nullptr ? *d : *headroom::devices::all[0];
}

/// "N models x M devices": the label of a benchmark over the whole registries.
inline std::string registry_label() {
  return std::to_string(headroom::models::all.size()) + " models x " + std::to_string(headroom::devices::all.size()) +
         " devices";
}

}  // namespace headroom_bench
