// SPDX-License-Identifier: MIT
// headroom internals of estimate.hpp: a step as a sum of node_cost over the main section's
// block instances -- folded into breakdown rows (each template node costed once per distinct
// format and per-row loop, times its instances: exact, since a node's cost does not depend on
// its layer), sorted, then summed in that order so every visiting order gives bit-identical
// totals.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <headroom/circuit.hpp>
#include <headroom/device.hpp>
#include <headroom/distinct_uses.hpp>
#include <headroom/error.hpp>
#include <headroom/kernels.hpp>
#include <headroom/model.hpp>
#include <headroom/node_cost.hpp>
#include <headroom/parallel.hpp>
#include <headroom/parallel_rules.hpp>
#include <headroom/roofline.hpp>
#include <headroom/step_estimate.hpp>
#include <headroom/validate.hpp>

namespace headroom {

namespace detail {
[[noreturn]] inline void bad_query_at_run_time(const char* what) { fail(error_kind::bad_input, what); }

enum class pass : std::uint8_t { decode, prefill };

struct run {
  const model* m;
  const device* d;
  const roofline* r;
  cost_query q;   // the run's rows
  cost_query q1;  // one row of one sequence (per-row loops)
  pass p;
  parallel plan{};       // the single-device plan unless stated
  bool sharded = false;  // plan != parallel{}: nodes are cut to one rank's share
  const exec_facts* facts = &no_exec_facts;  // the engine's kernel paths and loop sites
};

// The engine's facts and the model's loop sites resolved once per call, not per node visit:
// the loop sites that can fire in this call (decode only, above their row threshold, of the
// model's family) and the path of each (weight, activation) format pair met so far. Results are
// those of asking every site and exec_of at every node (tests/runtime/call_facts_test.cpp).
inline constexpr std::size_t max_call_loops = max_loop_sites + max_engine_loop_sites;
inline constexpr std::size_t max_call_paths = 8;   // distinct pairs kept; more are looked up each time

struct call_facts {
  std::array<const loop_site*, max_call_loops> loops{};
  std::size_t n_loops = 0;
  struct path {
    tensor_format weight{};
    tensor_format activation{};
    exec how{};
  };
  std::array<path, max_call_paths> paths{};
  std::size_t n_paths = 0;

  // The path of a node's pair: the table's, else exec_of once and kept.
  constexpr exec exec_for(const run& x, const resolved_formats& f) {
    for (std::size_t i = 0; i < n_paths; ++i) {
      if (paths[i].weight == f.weight && paths[i].activation == f.activation) return paths[i].how;
    }
    const exec how = exec_of(*x.d, f.weight, f.activation, *x.facts);
    if (n_paths < max_call_paths) paths[n_paths++] = {f.weight, f.activation, how};
    return how;
  }
};

constexpr call_facts resolve_facts(const run& x) {
  call_facts t{};
  if (x.p != pass::decode) return t;  // prefill never loops
  auto keep = [&](const loop_site& l) {
    if (x.q.rows <= l.rows_above) return;
    require_table(t.n_loops < max_call_loops, "more of an engine's loop sites apply to a model than max_engine_loop_sites");
    t.loops[t.n_loops++] = &l;
  };
  for (std::size_t li = 0; li < x.m->n_loops; ++li) keep(x.m->loops[li]);
  for (std::size_t li = 0; li < x.facts->n_loops; ++li) {
    if (loop_applies(x.facts->loops[li], *x.m)) keep(x.facts->loops[li]);
  }
  return t;
}

// The call's loop sites that name block `b` (or every block) of layer kind `kind`: one bit per
// site of the call's table.
struct block_loops {
  const call_facts* t = nullptr;
  std::uint32_t sites = 0;
  constexpr bool loops(const node& n) const {
    for (std::size_t i = 0; i < t->n_loops; ++i) {
      if ((sites >> i & 1U) == 0) continue;
      const std::string_view local = t->loops[i]->local;  // empty: every node of the block
      if (local.empty() || local == n.local) return true;
    }
    return false;
  }
};
static_assert(max_call_loops <= 32, "block_loops keeps one bit per site");
constexpr block_loops loops_of_block(const call_facts& t, const block& b, layer_kind kind) {
  block_loops out{&t, 0};
  for (std::size_t i = 0; i < t.n_loops; ++i) {
    const loop_site& l = *t.loops[i];
    if (l.kind == kind && (l.block.empty() || l.block == b.name)) out.sites |= std::uint32_t{1} << i;
  }
  return out;
}

// The first breakdown row of each node (0xff: none yet).
struct row_index {
  std::array<std::uint8_t, max_nodes> first{};
  constexpr row_index() {
    for (auto& x : first) x = 0xff;
  }
  constexpr std::uint8_t& operator[](std::size_t node) { return first[node]; }
};

// Folds `count` instances of block `bi` (as in instance `in`) into the rows.
constexpr void fold_block(step_estimate& est, row_index& row_of, call_facts& t, const run& x, std::uint8_t bi,
                          const instance& in, std::uint32_t count) {
  const circuit& c = x.m->c;
  const block& b = c.blocks[bi];
  // Under a plan, the rank's share of each node and of the block's states; DP attention deals
  // the sequences of attention-side blocks out over the tp ranks.
  const std::uint64_t tp = x.sharded ? block_tp(b, x.plan) : 1;
  const block rb = x.sharded ? rank_block(b, tp) : block{};
  const block& cb = x.sharded ? rb : b;
  cost_query q_all = x.q;
  const cost_query q1 = x.q1;
  if (x.sharded && x.plan.dp_attention && mixer_block(b)) {
    q_all.rows = ceil_div(q_all.rows, x.plan.tp);
    q_all.seqs = ceil_div(q_all.seqs, x.plan.tp);
  }
  // Data parallel: a replica runs its own sequences through every node but the routed experts,
  // which take the tokens of all replicas (dispatched over EP, or gathered when flattened TP).
  cost_query q_own = q_all;
  if (x.sharded && x.plan.dp > 1) {
    q_own.rows = ceil_div(q_all.rows, x.plan.dp);
    q_own.seqs = ceil_div(q_all.seqs, x.plan.dp);
  }
  const block_loops bl = loops_of_block(t, b, in.kind);
  // `n` is the table's node, or the rank's copy of it under a plan (no copy otherwise).
  auto fold_node = [&](std::uint16_t ni, const node& n) {
    const cost_query& q = n.split == shard::experts ? q_all : q_own;
    const bool w = reads_linear_weight(n.kind);
    const resolved_formats f = w ? formats_of(*x.m, n, in) : resolved_formats{};
    const bool per_row = bl.sites != 0 && bl.loops(n);
    const layer_kind kind = per_row ? in.kind : layer_kind::none;
    auto same = [&](std::size_t k) {
      const site_row& r = est.rows[k];
      return r.node == ni && r.per_row == per_row && r.kind == kind && r.formats == f;
    };
    // The node's first row is the usual match (every instance of a template agrees); scan the
    // rest only when formats or loops differ between instances.
    std::size_t ri = row_of[ni];
    if (ri == 0xff) {
      ri = est.n_rows;  // the node's first row
    } else if (!same(ri)) {
      ri = 0;
      while (ri < est.n_rows && !same(ri)) ++ri;
    }
    if (ri == est.n_rows) {
      if (row_of[ni] == 0xff) row_of[ni] = static_cast<std::uint8_t>(ri);
      require_table(est.n_rows < max_rows, "more distinct (node, formats, loop) rows than a breakdown holds");
      site_row& row = est.rows.start(est.n_rows++);
      row.node = ni;
      row.block = bi;
      row.formats = f;
      row.has_weight = w;
      row.how = w ? t.exec_for(x, f) : exec{};
      row.one = node_cost(n, cb, f, q, *x.d, *x.r, row.how);
      row.per_row = per_row;
      row.kind = kind;
      row.each_us = per_row ? static_cast<double>(q.rows) * node_cost(n, cb, f, q1, *x.d, *x.r, row.how).time_us : row.one.time_us;
    }
    est.rows[ri].count += count;
  };
  for (std::uint16_t ni = b.first; ni < b.end; ++ni) {
    if (x.sharded) {
      fold_node(ni, rank_node(*x.m, c.nodes[ni], in, node_tp(b, c.nodes[ni], x.plan), x.plan.ep));
    } else {
      fold_node(ni, c.nodes[ni]);
    }
  }
}

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

// Sorts the rows and sums them in that order, so every way of visiting the instances gives
// bit-identical totals.
constexpr void finish(step_estimate& est) {
  for (std::size_t i = 1; i < est.n_rows; ++i) {
    for (std::size_t j = i; j > 0 && row_less(est.rows[j], est.rows[j - 1]); --j) {
      const site_row t = est.rows[j];
      est.rows[j] = est.rows[j - 1];
      est.rows[j - 1] = t;
    }
  }
  for (std::size_t ri = 0; ri < est.n_rows; ++ri) {
    site_row& row = est.rows[ri];
    const double count = static_cast<double>(row.count);
    row.time_us = count * row.each_us;
    est.total_us += row.time_us;
    est.bytes += count * row.one.bytes;
    est.flops += count * row.one.flops;
    if (row.one.by == bound::compute) {
      est.compute_bound_us += row.time_us;
    } else {
      est.memory_bound_us += row.time_us;
    }
    if (row.per_row) {
      std::size_t fi = 0;
      while (fi < est.n_flags && est.flags[fi].kind != row.kind) ++fi;
      if (fi == est.n_flags) est.flags[est.n_flags++].kind = row.kind;
      est.flags[fi].added_us += count * (row.each_us - row.one.time_us);
      est.flags[fi].sites += row.count;
    }
  }
}

// Every main-section instance, in execution order.
constexpr void fold_instances(step_estimate& est, row_index& row_of, call_facts& t, const run& x) {
  const circuit& c = x.m->c;
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec == section::main) fold_block(est, row_of, t, x, in.block, in, 1);
  }
}

// The reference sum: every main-section instance visited in execution order.
constexpr step_estimate sum_per_instance(const run& x) {
  step_estimate est;  // not est{}: g++ zeroes the whole 13.6 KB object for that, rows included
  row_index row_of{};
  call_facts t = resolve_facts(x);
  fold_instances(est, row_of, t, x);
  finish(est);
  return est;
}

// The same sum visiting each distinct use of a block -- (block, layer kind, precision rules
// that hold at its layers) -- once and counting its instances: exact, because a node's cost
// depends on its formats, not on which layer it sits in, and the rows are summed in canonical
// order whatever the visiting order.
constexpr step_estimate sum_per_block(const run& x) {
  step_estimate est;  // not est{}: g++ zeroes the whole 13.6 KB object for that, rows included
  row_index row_of{};
  call_facts t = resolve_facts(x);
  for_each_distinct_use(*x.m, section_bit(section::main), true, [&](const instance& in, std::uint32_t count) {
    fold_block(est, row_of, t, x, in.block, in, count);
  });
  finish(est);
  return est;
}

constexpr run decode_run(const model& m, const device& d, const device_roofline& r, std::uint64_t batch,
                         std::uint64_t context, const settings& s, const exec_facts& facts = no_exec_facts) {
  validate(m), validate(d), validate(r.r);  // once per evaluation, not per node visit
  if (batch == 0) {
    if (std::is_constant_evaluated()) batch_must_be_positive();
    bad_query_at_run_time("decode batch must be at least 1");
  }
  if (context == 0) {
    if (std::is_constant_evaluated()) context_must_be_positive();
    bad_query_at_run_time("context must be at least 1 token");
  }
  return {&m, &d, &r.r, {batch, batch, context, s}, {1, 1, context, s}, pass::decode, {}, false, &facts};
}
constexpr run prefill_run(const model& m, const device& d, const device_roofline& r, std::uint64_t tokens,
                          const settings& s, const exec_facts& facts = no_exec_facts) {
  validate(m), validate(d), validate(r.r);  // once per evaluation, not per node visit
  if (tokens == 0) {
    if (std::is_constant_evaluated()) tokens_must_be_positive();
    bad_query_at_run_time("prefill needs at least 1 token");
  }
  const std::uint64_t half = tokens / 2 == 0 ? 1 : tokens / 2;
  return {&m, &d, &r.r, {tokens, 1, half, s}, {1, 1, half, s}, pass::prefill, {}, false, &facts};
}
}  // namespace detail

}  // namespace headroom
