// SPDX-License-Identifier: MIT
// headroom internals of estimate.hpp: a step as a sum of node_cost over the main section's
// block instances -- folded into breakdown rows (each template node costed once per distinct
// format and per-row loop, times its instances: exact, since a node's cost does not depend on
// its layer), put in canonical order (node by node, without a sort), then summed in that order
// so every visiting order gives bit-identical totals.
#pragma once

#include <array>
#include <bit>
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

// The breakdown rows of each node: its newest row and, per row, the node's next older one
// (no_row: none), so that a node's rows are found without a scan and put in order without a
// sort.
inline constexpr std::uint8_t no_row = 0xff;
static_assert(max_rows < no_row, "a row index fits a byte, no_row apart");
struct row_index {
  std::array<std::uint8_t, max_nodes> first{};
  std::array<std::uint8_t, max_rows> next{};
  constexpr explicit row_index(std::size_t n_nodes) {
    for (std::size_t i = 0; i < n_nodes; ++i) first[i] = no_row;
  }
};

// The precision rules of the weight nodes under rules that name layers, resolved once per
// block (rules_of_node) and read by every distinct use of the block; `set` is the use's ranged
// rules held at its layers. Without it, fold_block asks formats_of at each node. A node no
// ranged rule reaches resolves alike in every use of a (block, layer kind): it is folded once,
// with all `whole` instances of the pair, at the pair's first use, and skipped at the others
// (whole = 0): then only the `reached` nodes are visited.
struct use_rules {
  const std::array<node_rules, max_nodes>* nodes = nullptr;
  std::uint32_t set = 0;
  std::uint32_t whole = 0;
  std::uint64_t reached = 0;  // the block's nodes some ranged rule reaches, one bit per node from b.first
};

// Folds `count` instances of block `bi` (as in instance `in`) into the rows.
constexpr void fold_block(step_estimate& est, row_index& row_of, call_facts& t, const run& x, std::uint8_t bi,
                          const instance& in, std::uint32_t count, use_rules ur = {}) {
  const circuit& c = x.m->c;
  const block& b = c.blocks[bi];
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
  // `n` is the table's node, or the rank's copy of it under a plan (no copy otherwise); `cb`
  // the block, or the rank's share of its states.
  auto fold_node = [&](std::uint16_t ni, const node& n, const block& cb) {
    const bool w = reads_linear_weight(n.kind);
    std::uint32_t times = count;
    if (ur.nodes != nullptr && (!w || (*ur.nodes)[ni].reach == 0)) {
      if (ur.whole == 0) return;
      times = ur.whole;
    }
    const cost_query& q = n.split == shard::experts ? q_all : q_own;
    const resolved_formats f = !w                   ? resolved_formats{}
                               : ur.nodes != nullptr ? formats_at(*x.m, c.nodes[ni], in, (*ur.nodes)[ni], ur.set)
                                                     : formats_of(*x.m, n, in);
    const bool per_row = bl.sites != 0 && bl.loops(n);
    const layer_kind kind = per_row ? in.kind : layer_kind::none;
    // The node's rows, newest first: every instance of a template usually agrees, so the first
    // is the usual match.
    std::uint8_t ri = row_of.first[ni];
    while (ri != no_row) {
      const site_row& r = est.rows[ri];
      if (r.per_row == per_row && r.kind == kind && r.formats == f) break;
      ri = row_of.next[ri];
    }
    if (ri == no_row) {
      require_table(est.n_rows < max_rows, "more distinct (node, formats, loop) rows than a breakdown holds");
      ri = static_cast<std::uint8_t>(est.n_rows++);
      row_of.next[ri] = row_of.first[ni];
      row_of.first[ni] = ri;
      const exec how = w ? t.exec_for(x, f) : exec{};
      const cost one = node_cost(n, cb, f, q, *x.d, *x.r, how);
      const double each_us = per_row ? static_cast<double>(q.rows) * node_cost(n, cb, f, q1, *x.d, *x.r, how).time_us : one.time_us;
      est.rows.set(ri, {.node = ni, .block = bi, .formats = f, .has_weight = w, .how = how, .count = 0, .one = one,
                        .each_us = each_us, .time_us = 0, .per_row = per_row, .kind = kind});
    }
    est.rows[ri].count += times;
  };
  auto each_node = [&](auto&& visit) {
    if (ur.nodes != nullptr && ur.whole == 0 && b.end - b.first <= 64) {
      for (std::uint64_t left = ur.reached; left != 0; left &= left - 1) {
        visit(static_cast<std::uint16_t>(b.first + std::countr_zero(left)));
      }
    } else {
      for (std::uint16_t ni = b.first; ni < b.end; ++ni) visit(ni);
    }
  };
  if (x.sharded) {
    // Under a plan, the rank's share of each node and of the block's states; DP attention deals
    // the sequences of attention-side blocks out over the tp ranks.
    const block rb = rank_block(b, block_tp(b, x.plan));
    each_node([&](std::uint16_t ni) {
      fold_node(ni, rank_node(*x.m, c.nodes[ni], in, node_tp(b, c.nodes[ni], x.plan), x.plan.ep), rb);
    });
  } else {
    each_node([&](std::uint16_t ni) { fold_node(ni, c.nodes[ni], b); });
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

// Puts the rows in canonical order (row_less) and sums them in that order, so every way of
// visiting the instances gives bit-identical totals. Rows come node by node (a node's own few
// rows in order among themselves), so no sort of the whole table: when the nodes already rise
// row after row (every instance of a block resolving alike), the rows are in order as they are.
constexpr void finish(step_estimate& est, const row_index& row_of, std::size_t n_nodes) {
  const std::size_t n = est.n_rows;
  bool in_order = true;
  for (std::size_t i = 1; i < n && in_order; ++i) in_order = est.rows[i - 1].node < est.rows[i].node;
  if (!in_order) {
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
  row_index row_of(x.m->c.n_nodes);
  call_facts t = resolve_facts(x);
  fold_instances(est, row_of, t, x);
  finish(est, row_of, x.m->c.n_nodes);
  return est;
}

// The same sum visiting each distinct use of a block -- (block, layer kind, precision rules
// that hold at its layers) -- once and counting its instances: exact, because a node's cost
// depends on its formats, not on which layer it sits in, and the rows are summed in canonical
// order whatever the visiting order.
constexpr step_estimate sum_per_block(const run& x) {
  step_estimate est;  // not est{}: g++ zeroes the whole 13.6 KB object for that, rows included
  const model& m = *x.m;
  row_index row_of(m.c.n_nodes);
  call_facts t = resolve_facts(x);
  const std::uint32_t ranged = layer_ranged_rules(m);
  if (ranged == 0) {
    for_each_distinct_use(m, section_bit(section::main), true, [&](const instance& in, std::uint32_t count) {
      fold_block(est, row_of, t, x, in.block, in, count);
    });
  } else {
    // Rules that name layers: each block's weight nodes resolved against the rules once, when
    // the block is first met; each use then picks its rule from the rule set its layers hold.
    std::array<node_rules, max_nodes> rules{};
    std::array<std::uint64_t, max_blocks> reached{};  // per block: use_rules::reached
    std::uint32_t resolved = 0;  // one bit per block
    static_assert(max_blocks <= 32, "one bit per block");
    std::array<std::uint8_t, max_blocks> kinds_met{};  // one bit per layer kind
    static_assert(layer_kinds <= 8, "one bit per layer kind");
    auto main_only = [](std::size_t, const instance& in) { return in.sec == section::main; };
    group_instances(m, ranged, true, main_only, [&](const instance& in, std::uint32_t count, std::uint32_t set) {
      if ((resolved >> in.block & 1U) == 0) {
        resolved |= std::uint32_t{1} << in.block;
        const block& b = m.c.blocks[in.block];
        for (std::size_t ni = b.first; ni < b.end; ++ni) {
          if (!reads_linear_weight(m.c.nodes[ni].kind)) continue;
          rules[ni] = rules_of_node(m, m.c.nodes[ni], section::main, ranged);
          if (rules[ni].reach != 0 && ni - b.first < 64) reached[in.block] |= std::uint64_t{1} << (ni - b.first);
        }
      }
      const auto kind_bit = static_cast<std::uint8_t>(1U << static_cast<unsigned>(in.kind));
      const bool first_use = (kinds_met[in.block] & kind_bit) == 0;
      kinds_met[in.block] = static_cast<std::uint8_t>(kinds_met[in.block] | kind_bit);
      const std::uint32_t whole = first_use ? m.c.main_uses[in.block][static_cast<std::size_t>(in.kind)] : 0;
      fold_block(est, row_of, t, x, in.block, in, count, {&rules, set, whole, reached[in.block]});
    });
  }
  finish(est, row_of, m.c.n_nodes);
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
