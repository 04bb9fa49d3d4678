// SPDX-License-Identifier: MIT
// headroom internals of estimate.hpp: the breakdown rows of a step in their canonical order --
// node, loop, kind, formats, whatever order the instances were visited in -- and their sum in
// that order, so that every visiting order gives bit-identical totals.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <headroom/circuit.hpp>
#include <headroom/node_cost.hpp>
#include <headroom/step_estimate.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom::detail {

// The breakdown rows of each node: its newest row and, per row, the node's next older one
// (no_row: none), so that a node's rows are found without a scan and put in order without a
// sort.
inline constexpr std::uint8_t no_row = 0xff;
static_assert(max_rows < no_row, "a row index fits a byte, no_row apart");
// Neither array is zeroed: first[0, n_nodes) is set here and next[r] when row r is added,
// before either is read.
struct row_index {
  std::array<std::uint8_t, max_nodes> first;
  std::array<std::uint8_t, max_rows> next;
  // Whether every row added so far has a higher node than the one before (then the rows are in
  // canonical order as they are), and the node of the latest.
  bool rising = true;
  std::size_t above = 0;  // 1 + the latest row's node (0: no row yet)
  constexpr void note(std::size_t node) {
    rising = rising && node + 1 > above;
    above = node + 1;
  }
  constexpr explicit row_index(std::size_t n_nodes) {
    if (std::is_constant_evaluated()) {
      first = {};
      next = {};
    }
    for (std::size_t i = 0; i < n_nodes; ++i) first[i] = no_row;
  }
};

constexpr bool format_less(const tensor_format& a, const tensor_format& b) {
  if (a.kind != b.kind) return a.kind < b.kind;
  if (a.scale != b.scale) return a.scale < b.scale;
  if (a.group != b.group) return a.group < b.group;
  if (a.block_r != b.block_r) return a.block_r < b.block_r;
  if (a.block_c != b.block_c) return a.block_c < b.block_c;
  return a.ue8m0 < b.ue8m0;
}
// Canonical row order, whatever order instances were visited in: node, loop, kind, formats.
constexpr bool row_less(const site_row& a, const site_row& b) {
  if (a.node != b.node) return a.node < b.node;
  if (a.per_row != b.per_row) return !a.per_row;
  if (a.kind != b.kind) return a.kind < b.kind;
  if (!(a.formats.weight == b.formats.weight)) return format_less(a.formats.weight, b.formats.weight);
  if (!(a.formats.activation == b.formats.activation)) return format_less(a.formats.activation, b.formats.activation);
  return a.formats.extra_scalars < b.formats.extra_scalars;
}

// The step's totals and loop flags summed row by row, in canonical order. The sums in locals,
// stored once after the last row: accumulated in the estimate itself each += would go through
// memory and wait on the store before it.
struct row_sums {
  double total_us = 0, bytes = 0, flops = 0, compute_us = 0, memory_us = 0;
  constexpr explicit row_sums(const step_estimate& est)
      : total_us(est.total_us), bytes(est.bytes), flops(est.flops), compute_us(est.compute_bound_us),
        memory_us(est.memory_bound_us) {}
  // Adds a row of `est` whose count, loop, kind, cost and time per instance these are; returns
  // its time. Read from where the caller has them, not back from a row just written.
  constexpr double add(step_estimate& est, std::uint32_t n, bool per_row, layer_kind kind, const cost& one, double each_us) {
    const double count = static_cast<double>(n);
    const double time_us = count * each_us;
    total_us += time_us;
    bytes += count * one.bytes;
    flops += count * one.flops;
    if (one.by == bound::compute) {
      compute_us += time_us;
    } else {
      memory_us += time_us;
    }
    if (per_row) {
      std::size_t fi = 0;
      while (fi < est.n_flags && est.flags[fi].kind != kind) ++fi;
      if (fi == est.n_flags) est.flags[est.n_flags++].kind = kind;
      est.flags[fi].added_us += count * (each_us - one.time_us);
      est.flags[fi].sites += n;
    }
    return time_us;
  }
  constexpr void store(step_estimate& est) const {
    est.total_us = total_us;
    est.bytes = bytes;
    est.flops = flops;
    est.compute_bound_us = compute_us;
    est.memory_bound_us = memory_us;
  }
};

// Sums the rows, in canonical order, into the step's totals and loop flags.
constexpr void sum_rows(step_estimate& est) {
  row_sums sums(est);
  for (std::size_t ri = 0; ri < est.n_rows; ++ri) {
    site_row& row = est.rows[ri];
    row.time_us = sums.add(est, row.count, row.per_row, row.kind, row.one, row.each_us);
  }
  sums.store(est);
}

// Puts the rows in canonical order (row_less) and sums them in that order, so every way of
// visiting the instances gives bit-identical totals. Rows come node by node (a node's own few
// rows in order among themselves), so no sort of the whole table: when the nodes already rise
// row after row (every instance of a block resolving alike), the rows are in order as they are.
// `added_at`, if given, receives for each place the index its row was added at.
constexpr void finish(step_estimate& est, const row_index& row_of, std::size_t n_nodes,
                      std::array<std::uint8_t, max_rows>* added_at = nullptr) {
  const std::size_t n = est.n_rows;
  if (row_of.rising && added_at != nullptr) {
    for (std::size_t i = 0; i < n; ++i) (*added_at)[i] = static_cast<std::uint8_t>(i);
  }
  if (!row_of.rising) {
    std::array<std::uint8_t, max_rows> order{};  // order[i]: the row that goes to position i
    std::size_t k = 0;
    for (std::size_t ni = 0; ni < n_nodes; ++ni) {
      const std::size_t start = k;
      for (std::uint8_t r = row_of.first[ni]; r != no_row; r = row_of.next[r]) {
        std::size_t j = k++;
        for (; j > start && row_less(est.rows[r], est.rows[order[j - 1]]); --j) order[j] = order[j - 1];
        order[j] = r;
      }
    }
    if (added_at != nullptr) *added_at = order;
    // Each cycle of the permutation moved along once: one copy per row.
    std::array<bool, max_rows> placed{};
    for (std::size_t i = 0; i < n; ++i) {
      if (placed[i] || order[i] == i) continue;
      const site_row held = est.rows[i];
      std::size_t j = i;
      while (true) {
        placed[j] = true;
        const std::size_t from = order[j];
        if (from == i) {
          est.rows[j] = held;
          break;
        }
        est.rows[j] = est.rows[from];
        j = from;
      }
    }
  }
  sum_rows(est);
}

}  // namespace headroom::detail
