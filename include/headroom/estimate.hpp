// SPDX-License-Identifier: MIT
// headroom: the estimates -- decode step at a batch (seed-system 2.6), prefill of T tokens
// (2.7) and the weight floor (2.9) -- all sums of node_cost over one constexpr code path.
//
// Identical block instances with identical resolved formats cost the same: each template node
// is costed once per distinct format and multiplied by its instance count, which is exact
// (the cost of a node does not depend on which layer it sits in).
#pragma once

#include <array>
#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/device.hpp>
#include <headroom/model.hpp>
#include <headroom/node_cost.hpp>
#include <headroom/roofline.hpp>

namespace headroom {

/// One row of a step breakdown: a template node (site = block.local) at one format.
struct site_row {
  std::uint16_t node = 0;   ///< index into circuit::nodes
  std::uint8_t block = 0;
  resolved_formats formats{};
  bool has_weight = false;
  exec how{};
  std::uint32_t count = 0;  ///< instances folded into the row
  cost one{};               ///< cost of one instance
  double time_us = 0;       ///< all instances, per-row loops included
  bool per_row = false;     ///< an engine loop runs it once per row
};

/// Time a per-row loop adds over one multi-row launch, per layer kind.
struct loop_flag {
  layer_kind kind = layer_kind::none;
  double added_us = 0;
  std::uint32_t sites = 0;
};

struct step_estimate {
  double total_us = 0;
  double bytes = 0;
  double flops = 0;
  double memory_bound_us = 0;   ///< time of nodes whose bytes won
  double compute_bound_us = 0;  ///< time of nodes whose FLOPs won
  std::array<site_row, max_nodes> rows{};
  std::uint16_t n_rows = 0;
  std::array<loop_flag, 4> flags{};
  std::uint8_t n_flags = 0;

  [[nodiscard]] constexpr double tokens_per_s(std::uint64_t tokens) const {
    return total_us > 0 ? static_cast<double>(tokens) / (total_us / 1e6) : 0.0;
  }
};

namespace detail {
[[noreturn]] inline void bad_query_at_run_time(const char* what) { fail(error_kind::bad_input, what); }

constexpr bool loop_matches(const loop_site& l, const block& b, const node& n, layer_kind kind, std::uint64_t rows) {
  if (l.kind != kind || rows <= l.rows_above) return false;
  if (!l.block.empty() && l.block != b.name) return false;
  if (!l.local.empty() && l.local != n.local) return false;
  return true;
}

enum class pass : std::uint8_t { decode, prefill };

// The shared sum. Decode: rows = batch, one row per sequence, engine loops apply.
// Prefill: rows = T tokens of one sequence at a causal half-context, no loops.
constexpr step_estimate sum_costs(const model& m, const device& d, const roofline& r, std::uint64_t rows,
                                  std::uint64_t seqs, std::uint64_t context, const settings& s, pass p) {
  step_estimate est{};
  const circuit& c = m.c;
  const cost_query q{rows, seqs, context, s};
  const cost_query q1{1, 1, context, s};
  std::array<std::uint16_t, max_nodes> last_row{};
  for (auto& x : last_row) x = 0xffff;
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec != section::main) continue;
    const block& b = c.blocks[in.block];
    for (std::uint16_t ni = b.first; ni < b.end; ++ni) {
      const node& n = c.nodes[ni];
      const bool w = reads_linear_weight(n.kind);
      const resolved_formats f = w ? formats_of(m, n, in) : resolved_formats{};
      bool per_row = false;
      if (p == pass::decode) {
        for (std::size_t li = 0; li < m.n_loops; ++li) per_row = per_row || loop_matches(m.loops[li], b, n, in.kind, rows);
      }
      // Fold into an existing row of the same node, formats and loop status: the node's last
      // row first (the common case: every instance of a template agrees), then a scan.
      std::size_t ri = last_row[ni];
      auto same = [&](std::size_t k) {
        return est.rows[k].node == ni && est.rows[k].formats == f && est.rows[k].per_row == per_row;
      };
      if (ri >= est.n_rows || !same(ri)) {
        ri = 0;
        while (ri < est.n_rows && !same(ri)) ++ri;
      }
      last_row[ni] = static_cast<std::uint16_t>(ri);
      if (ri == est.n_rows) {
        site_row row{};
        row.node = ni;
        row.block = in.block;
        row.formats = f;
        row.has_weight = w;
        row.how = w ? exec_of(d, f.weight, f.activation) : exec{};
        row.one = node_cost(n, b, f, q, d, r);
        row.per_row = per_row;
        est.rows[est.n_rows++] = row;
      }
      site_row& row = est.rows[ri];
      row.count += 1;
      double time = row.one.time_us;
      if (per_row) {
        const cost single = node_cost(n, b, f, q1, d, r);
        time = static_cast<double>(rows) * single.time_us;
        std::size_t fi = 0;
        while (fi < est.n_flags && est.flags[fi].kind != in.kind) ++fi;
        if (fi == est.n_flags) est.flags[est.n_flags++].kind = in.kind;
        est.flags[fi].added_us += time - row.one.time_us;
        est.flags[fi].sites += 1;
      }
      row.time_us += time;
      est.total_us += time;
      est.bytes += row.one.bytes;
      est.flops += row.one.flops;
      if (row.one.by == bound::compute) {
        est.compute_bound_us += time;
      } else {
        est.memory_bound_us += time;
      }
    }
  }
  return est;
}
}  // namespace detail

/// A decode step of `batch` sequences, each attending over `context` tokens.
constexpr step_estimate decode_step(const model& m, const device& d, const device_roofline& r, std::uint64_t batch,
                                    std::uint64_t context, const settings& s) {
  if (batch == 0) {
    if (std::is_constant_evaluated()) detail::batch_must_be_positive();
    detail::bad_query_at_run_time("decode batch must be at least 1");
  }
  if (context == 0) {
    if (std::is_constant_evaluated()) detail::context_must_be_positive();
    detail::bad_query_at_run_time("context must be at least 1 token");
  }
  return detail::sum_costs(m, d, r.r, batch, batch, context, s, detail::pass::decode);
}

/// Prefill of `tokens` prompt tokens of one sequence: every node at T rows, attention over a
/// causal half-context max(1, T/2), no per-row loops, no draft.
constexpr step_estimate prefill(const model& m, const device& d, const device_roofline& r, std::uint64_t tokens,
                                const settings& s) {
  if (tokens == 0) {
    if (std::is_constant_evaluated()) detail::tokens_must_be_positive();
    detail::bad_query_at_run_time("prefill needs at least 1 token");
  }
  return detail::sum_costs(m, d, r.r, tokens, 1, tokens / 2 == 0 ? 1 : tokens / 2, s, detail::pass::prefill);
}

/// Bytes a C=1 decode step must read: every main-section weight once (routed experts at
/// top_k of them, the lm_head included, the embedding table not: a row gather), plus the small
/// parameters (norm weights, conv taps) each step reads.
constexpr byte_count weight_floor_bytes(const model& m) {
  byte_count total = 0;
  const circuit& c = m.c;
  const bool per_layer = formats_depend_on_layer(m);
  std::array<byte_count, max_blocks> memo{};
  std::array<bool, max_blocks> known{};
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec != section::main) continue;
    if (!per_layer && known[in.block]) {
      total = checked_add(total, memo[in.block]);
      continue;
    }
    const block& b = c.blocks[in.block];
    byte_count w = 0;
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      const node& n = c.nodes[ni];
      w = checked_add(w, aux_bytes(n));
      if (!reads_linear_weight(n.kind)) continue;
      const std::uint64_t copies = is_routed_expert(n.kind) ? n.top_k : 1;
      w = checked_add(w, checked_mul(copies, one_weight_bytes(n, formats_of(m, n, in).weight)));
    }
    memo[in.block] = w;
    known[in.block] = true;
    total = checked_add(total, w);
  }
  return total;
}

/// The C=1 floor in microseconds: floor bytes over bandwidth.
constexpr double weight_floor_us(const model& m, const device_roofline& r) {
  return static_cast<double>(weight_floor_bytes(m)) / (r.r.dram_gbps * 1e3);
}

/// Convenience: a decode step's time on the device's default constants.
struct decode_query {
  std::uint64_t seqs = 1;
  std::uint64_t context = 4096;
  headroom::settings settings{};
};
constexpr double decode_step_us(const model& m, const device& d, const decode_query& q) {
  return decode_step(m, d, default_roofline(d), q.seqs, q.context, q.settings).total_us;
}
constexpr double prefill_us(const model& m, const device& d, std::uint64_t tokens, const settings& s) {
  return prefill(m, d, default_roofline(d), tokens, s).total_us;
}

}  // namespace headroom
