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
#include <headroom/detail/kept_rows.hpp>
#include <headroom/detail/row_order.hpp>
#include <headroom/detail/slot_array.hpp>
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
inline constexpr std::size_t max_call_paths = 8;   // distinct pairs kept; more are looked up each time

struct call_facts {
  slot_array<const loop_site*, max_call_loops> loops;  // [0, n_loops), not zeroed per call
  std::size_t n_loops = 0;
  struct path {
    tensor_format weight{};
    tensor_format activation{};
    exec how{};
  };
  slot_array<path, max_call_paths> paths{};  // [0, n_paths), not zeroed per call
  std::size_t n_paths = 0;
  // The latest weight node's precision rule and its path: consecutive weight nodes mostly
  // resolve by one rule (every node of a one-rule checkpoint does).
  const precision_rule* last_rule = nullptr;
  exec last_how{};
  // A step folded to be kept (kept_rows.hpp): each row notes what it is costed on as it is added.
  kept_rows* record = nullptr;

  // The path of a node's pair: the table's, else exec_of once and kept.
  constexpr exec exec_for(const run& x, const resolved_formats& f) {
    for (std::size_t i = 0; i < n_paths; ++i) {
      if (paths[i].weight == f.weight && paths[i].activation == f.activation) return paths[i].how;
    }
    const exec how = exec_of(*x.d, f.weight, f.activation, *x.facts);
    if (n_paths < max_call_paths) paths.set(n_paths++, {f.weight, f.activation, how});
    return how;
  }
  // The same for a node resolved by rule `r` (whose formats are f).
  constexpr exec exec_for(const run& x, const precision_rule& r, const resolved_formats& f) {
    if (&r != last_rule) {
      last_how = exec_for(x, f);
      last_rule = &r;
    }
    return last_how;
  }
};

constexpr call_facts resolve_facts(const run& x) {
  call_facts t;  // not t{}: that zeroes the whole table (its unused path slots included) first
  if (x.p != pass::decode) return t;  // prefill never loops
  auto keep = [&](const loop_site& l) {
    if (x.q.rows <= l.rows_above) return;
    require_table(t.n_loops < max_call_loops, "more of an engine's loop sites apply to a model than max_engine_loop_sites");
    t.loops.set(t.n_loops++, &l);
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

// The precision rules of the weight nodes under rules that name layers, resolved once per
// block (rules_of_node; `nodes` null: none, fold_block asks formats_of at each node). A node
// some ranged rule reaches (a weight node whose `reach` is not empty) resolves by the rules
// its instances' layers hold (`set`); every other node alike at every layer. `reached` picks
// which of the two a fold visits.
struct use_rules {
  const std::array<node_rules, max_nodes>* nodes = nullptr;
  std::uint32_t set = 0;
  bool reached = false;
  std::uint64_t reached_bits = 0;  // the block's reached nodes, one bit per node from b.first
};
// By reference, not by value: built field by field and copied onto the stack as an argument,
// a use_rules is read back sixteen bytes at a time over narrower stores, which stalls.
inline constexpr use_rules no_use_rules{};
constexpr bool reached_node(const node& n, const node_rules& r) { return reads_linear_weight(n.kind) && r.reach != 0; }

// The busiest of `shares` ranks that schedule their own sequences: its share of query `q`, each
// sequence dealt out whole (rank_rows), prompts among them.
constexpr cost_query rank_query(cost_query q, std::uint64_t shares) {
  q.rows = rank_rows(q.rows, q.seqs, shares, q.wide_rows, q.wide_seqs);
  q.wide_seqs = ceil_div(q.wide_seqs, shares);
  q.seqs = ceil_div(q.seqs, shares);
  return q;
}

// Folds `count` instances of block `bi` (as in instance `in`) into the rows.
constexpr void fold_block(step_estimate& est, row_index& row_of, call_facts& t, const run& x, std::uint8_t bi,
                          const instance& in, std::uint32_t count, const use_rules& ur = no_use_rules) {
  const circuit& c = x.m->c;
  const block& b = c.blocks[bi];
  cost_query q_all = x.q;
  const cost_query q1 = x.q1;
  const bool mixer_cut = x.sharded && x.plan.dp_attention && mixer_block(b);
  if (mixer_cut) q_all = rank_query(q_all, x.plan.tp);
  // Data parallel: a replica runs its own sequences through every node but the routed experts,
  // which take the tokens of all replicas (dispatched over EP, or gathered when flattened TP).
  cost_query q_own = q_all;
  if (x.sharded && x.plan.dp > 1) q_own = rank_query(q_all, x.plan.dp);
  const block_loops bl = loops_of_block(t, b, in.kind);
  // `n` is the table's node, or the rank's copy of it under a plan (no copy otherwise); `cb`
  // the block, or the rank's share of its states.
  auto fold_node = [&](std::uint16_t ni, const node& n, const block& cb) {
    // A shared expert the engine runs inside the routed kernel launches nothing of its own.
    if (x.q.fused_experts != 0 && shared_expert_node(n)) return;
    const bool w = reads_linear_weight(n.kind);
    const cost_query& q = n.split == shard::experts ? q_all : q_own;
    // The weight node's precision rule (the formats are its fields, compared and copied from
    // the table, not built on the stack and read back).
    const precision_rule* rule = !w                   ? nullptr
                                 : ur.nodes != nullptr ? &rule_at(*x.m, c.nodes[ni], in, (*ur.nodes)[ni], ur.set)
                                                       : &rule_of(*x.m, n, in);
    const bool per_row = bl.sites != 0 && bl.loops(n);
    const layer_kind kind = per_row ? in.kind : layer_kind::none;
    // The node's rows, newest first: every instance of a template usually agrees, so the first
    // is the usual match.
    std::uint8_t ri = row_of.first[ni];
    while (ri != no_row) {
      const site_row& r = est.rows[ri];
      if (r.per_row == per_row && r.kind == kind && (rule != nullptr ? same_formats(r.formats, *rule) : r.formats == resolved_formats{})) break;
      ri = row_of.next[ri];
    }
    if (ri == no_row) {
      require_table(est.n_rows < max_rows, "more distinct (node, formats, loop) rows than a breakdown holds");
      ri = static_cast<std::uint8_t>(est.n_rows++);
      row_of.next[ri] = row_of.first[ni];
      row_of.first[ni] = ri;
      row_of.note(ni);
      // Every field written in place, none twice: a row built apart and copied in (or zeroed
      // first) is read back in wide loads over narrow stores, which stalls.
      site_row& row = est.rows.fresh(ri);
      row.node = ni;
      row.block = bi;
      if (rule != nullptr) {
        row.formats.weight = rule->weight;
        row.formats.activation = rule->activation;
        row.formats.extra_scalars = rule->extra_scalars;
      } else {  // no weight: resolved_formats' defaults, field by field (an assigned temporary is copied in wide)
        row.formats.weight = formats::bf16;
        row.formats.activation = formats::bf16;
        row.formats.extra_scalars = 0;
      }
      row.has_weight = w;
      row.how = w ? t.exec_for(x, *rule, row.formats) : exec{};
      row.count = count;
      // A prefill's logits: at each sequence's last prompt token only (logits_op), a query
      // built for those rows alone.
      if (x.p == pass::prefill && logits_op(n.kind)) [[unlikely]] {
        node_cost_to(row.one, n, cb, row.formats, cost_query{q.seqs, q.seqs, q.context, q.s}, *x.r, row.how);
      } else {
        node_cost_to(row.one, n, cb, row.formats, q, *x.r, row.how);
      }
      row.each_us = per_row ? static_cast<double>(q.rows) * node_cost(n, cb, row.formats, q1, *x.d, *x.r, row.how).time_us
                            : row.one.time_us;
      row.time_us = 0;
      row.per_row = per_row;
      row.kind = kind;
      if (t.record != nullptr) [[unlikely]] {
        t.record->note(ri, n, bi, cb, mixer_cut, n.split != shard::experts && x.sharded && x.plan.dp > 1,
                       x.p == pass::prefill && logits_op(n.kind));
      }
      return;
    }
    est.rows[ri].count += count;
  };
  auto each_node = [&](auto&& visit) {
    if (ur.nodes == nullptr) {
      for (std::uint16_t ni = b.first; ni < b.end; ++ni) visit(ni);
    } else if (ur.reached && b.end - b.first <= 64) {
      for (std::uint64_t left = ur.reached_bits; left != 0; left &= left - 1) {
        visit(static_cast<std::uint16_t>(b.first + std::countr_zero(left)));
      }
    } else {
      for (std::uint16_t ni = b.first; ni < b.end; ++ni) {
        if (reached_node(c.nodes[ni], (*ur.nodes)[ni]) == ur.reached) visit(ni);
      }
    }
  };
  if (x.sharded) {
    // Under a plan, the rank's share of each node and of the block's states; DP attention deals
    // the sequences of attention-side blocks out over the tp ranks.
    const block rb = rank_block(b, block_tp(b, x.plan));
    each_node([&](std::uint16_t ni) {
      fold_node(ni, rank_node(*x.m, c.nodes[ni], in, node_tp(b, c.nodes[ni], x.plan), x.plan), rb);
    });
  } else {
    each_node([&](std::uint16_t ni) { fold_node(ni, c.nodes[ni], b); });
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

// A step folded by `fold` and put in canonical order.
using step_fold = void (*)(step_estimate&, row_index&, call_facts&, const run&);
// `est` folded by `fold` under the resolved facts `t`, in canonical order (`added_at`: see finish).
constexpr void fold_in_order(step_estimate& est, call_facts& t, const run& x, step_fold fold,
                             std::array<std::uint8_t, max_rows>* added_at = nullptr) {
  row_index row_of(x.m->c.n_nodes);
  fold(est, row_of, t, x);
  finish(est, row_of, x.m->c.n_nodes, added_at);
}
constexpr step_estimate sum_by(const run& x, step_fold fold) {
  step_estimate est;  // not est{}: g++ zeroes the whole 12 KB object for that, rows included
  call_facts t = resolve_facts(x);
  fold_in_order(est, t, x, fold);
  return est;
}

// The reference sum: every main-section instance visited in execution order.
constexpr step_estimate sum_per_instance(const run& x) { return sum_by(x, fold_instances); }

// What the sum under rules that name layers needs of the model alone: each block's weight nodes
// resolved against the rules once (rules_of_node), the ranged rules reaching each block and its
// reached nodes, and the groups of the reached blocks' instances by (block, layer kind, rule
// set) -- the ranged rules reaching the block's nodes that hold at the instance's layer.
struct layer_skeleton {
  struct use {
    instance in{};
    std::uint32_t count = 0;
    std::uint32_t set = 0;
  };
  std::array<node_rules, max_nodes> rules{};
  std::array<std::uint64_t, max_blocks> reached_bits{};
  std::array<std::uint32_t, max_blocks> reach{};  // per block: the ranged rules that decide one of its nodes
  bool any_reached = false;
  slot_array<use, max_instances> uses;  // [0, n_uses): at most one a kept instance
  std::size_t n_uses = 0;
};

constexpr void build_layer_skeleton(const model& m, std::uint32_t ranged, layer_skeleton& s) {
  const circuit& c = m.c;
  for (std::uint8_t bi = 0; bi < c.n_blocks; ++bi) {
    const block& b = c.blocks[bi];
    bool used = false;
    for (const std::uint16_t k : c.main_uses[bi]) used = used || k != 0;
    if (!used) continue;
    for (std::uint16_t ni = b.first; ni < b.end; ++ni) {
      if (!reads_linear_weight(c.nodes[ni].kind)) continue;
      s.rules[ni] = rules_of_node(m, c.nodes[ni], section::main, ranged);
      if (s.rules[ni].reach == 0) continue;
      s.reach[bi] |= s.rules[ni].reach;
      if (ni - b.first < 64) s.reached_bits[bi] |= std::uint64_t{1} << (ni - b.first);
    }
    s.any_reached = s.any_reached || s.reach[bi] != 0;
  }
  if (!s.any_reached) return;
  group_instances(
      m, ranged, true, [&](std::size_t, const instance& in) { return in.sec == section::main && s.reach[in.block] != 0; },
      [&](const instance& in, std::uint32_t count, std::uint32_t set) { s.uses.set(s.n_uses++, {in, count, set}); },
      [&](const model&, std::uint8_t block, section, std::uint32_t) { return s.reach[block]; });
}

// A shipped table's skeleton, built once per thread for the latest such table it is asked of
// (a sweep asks of one model many times in a row) and kept: the table is a constant, so its
// skeleton cannot change. Not constexpr (a thread_local); constant evaluation builds its own.
inline const layer_skeleton& cached_layer_skeleton(const model& m, std::uint32_t ranged) {
  thread_local layer_skeleton s;
  thread_local const model* of = nullptr;
  if (of != &m) {
    of = nullptr;  // until built: a build that throws leaves nothing kept
    s.rules = {};  // field by field: the uses' slots are not written until set
    s.reached_bits = {};
    s.reach = {};
    s.any_reached = false;
    s.n_uses = 0;
    build_layer_skeleton(m, ranged, s);
    of = &m;
  }
  return s;
}

// The main section's instances under rules that name layers. A node no ranged rule reaches
// resolves alike at every layer: folded once per (block, layer kind) with all the pair's
// instances, as without such rules. The reached nodes resolve by the rules their layers hold:
// each group of the skeleton folds only those nodes.
constexpr void fold_skeleton(step_estimate& est, row_index& row_of, call_facts& t, const run& x, const layer_skeleton& s) {
  const circuit& c = x.m->c;
  for (std::uint8_t bi = 0; bi < c.n_blocks; ++bi) {
    for (const layer_kind k : all_layer_kinds) {
      const std::uint32_t count = c.main_uses[bi][static_cast<std::size_t>(k)];
      if (count != 0) fold_block(est, row_of, t, x, bi, instance{bi, 0, section::main, k}, count, {&s.rules, 0, false, 0});
    }
  }
  for (std::size_t i = 0; i < s.n_uses; ++i) {
    const layer_skeleton::use& u = s.uses[i];
    fold_block(est, row_of, t, x, u.in.block, u.in, u.count, {&s.rules, u.set, true, s.reached_bits[u.in.block]});
  }
}
[[gnu::noinline]] constexpr void fold_layer_ranged(step_estimate& est, row_index& row_of, call_facts& t, const run& x, std::uint32_t ranged) {
  const model& m = *x.m;
  if (!std::is_constant_evaluated() && m.checked_as == &m) {
    fold_skeleton(est, row_of, t, x, cached_layer_skeleton(m, ranged));
    return;
  }
  layer_skeleton built;
  build_layer_skeleton(m, ranged, built);
  fold_skeleton(est, row_of, t, x, built);
}

// The same sum visiting each distinct use of a block -- (block, layer kind, precision rules
// that hold at its layers) -- once and counting its instances: exact, because a node's cost
// depends on its formats, not on which layer it sits in, and the rows are summed in canonical
// order whatever the visiting order.
constexpr void fold_per_block(step_estimate& est, row_index& row_of, call_facts& t, const run& x) {
  const model& m = *x.m;
  const std::uint32_t ranged = layer_ranged_rules(m);
  if (ranged == 0) {
    for_each_distinct_use(m, section_bit(section::main), true, [&](const instance& in, std::uint32_t count) {
      fold_block(est, row_of, t, x, in.block, in, count);
    });
  } else {
    fold_layer_ranged(est, row_of, t, x, ranged);
  }
}

constexpr step_estimate sum_folded(const run& x) { return sum_by(x, fold_per_block); }

// Whether the rows kept under key `k` are this call's: same table, pass and plan, and the same
// loop sites firing (compared by the fields that pick what they loop).
inline bool kept_for(const kept_key& k, const run& x, const call_facts& t) {
  if (k.m != x.m || k.pass != static_cast<std::uint8_t>(x.p) || k.sharded != x.sharded || !(k.plan == x.plan) ||
      k.fused_experts != x.q.fused_experts || k.n_loops != t.n_loops) {
    return false;
  }
  for (std::size_t i = 0; i < t.n_loops; ++i) {
    const loop_site& l = *t.loops[i];
    const kept_key::loop& kl = k.loops[i];
    if (kl.kind != l.kind || kl.block.view() != l.block || kl.local.view() != l.local) return false;
  }
  return true;
}

inline kept_key key_of(const run& x, const call_facts& t) {
  kept_key k;
  k.m = x.m;
  k.pass = static_cast<std::uint8_t>(x.p);
  k.sharded = x.sharded;
  k.plan = x.plan;
  k.fused_experts = x.q.fused_experts;
  k.n_loops = t.n_loops;
  for (std::size_t i = 0; i < t.n_loops; ++i) k.loops[i] = {t.loops[i]->kind, t.loops[i]->block, t.loops[i]->local};
  return k;
}
// Whether the call's firing loop sites' names fit a key.
inline bool keyable(const call_facts& t) {
  for (std::size_t i = 0; i < t.n_loops; ++i) {
    if (t.loops[i]->block.size() > max_kept_name || t.loops[i]->local.size() > max_kept_name) return false;
  }
  return true;
}

// A row's fields up to `how` say which row it is; `how` and those after it are costed per call.
inline constexpr std::size_t kept_row_bytes = offsetof(site_row, how);
static_assert(offsetof(site_row, formats) + sizeof(resolved_formats) == kept_row_bytes &&
                  offsetof(site_row, time_us) + sizeof(double) == sizeof(site_row),
              "site_row: the kept fields lead, the costed ones follow, nothing after time_us");

// The kept rows costed at this call's device, engine facts and query: what the fold would
// give, each distinct cost by the same node_cost on the same node, block, formats, query and
// path, then each row its cost. Two passes, not a test per row: a row's cost is ready when it
// is copied, and the rows' pass has no branch to mispredict.
inline void cost_kept(step_estimate& est, const kept_rows& k, const run& x) {
  slot_array<exec, max_rows + 1> paths;  // [0]: no weight; [p + 1]: pair p's. Not zeroed
  paths.set(0, exec{});
  for (std::size_t p = 0; p < k.n_pairs; ++p) paths.set(p + 1, exec_of(*x.d, k.pairs[p].weight, k.pairs[p].activation, *x.facts));
  // The call's queries: [mixer_cut * 2 + own] (the plan's DP attention and data-parallel cuts).
  std::array<cost_query, 4> qs{x.q, x.q, x.q, x.q};
  if (x.sharded) {
    const std::uint64_t tp = x.plan.tp;
    const std::uint64_t dp = x.plan.dp;
    qs[2] = rank_query(x.q, tp);
    qs[3] = qs[2];
    if (dp > 1) {
      qs[1] = rank_query(qs[0], dp);
      qs[3] = rank_query(qs[2], dp);
    }
  }
  struct costed {
    cost one;
    double each_us;
  };
  slot_array<costed, max_rows> costs;  // not zeroed
  for (std::size_t j = 0; j < k.n_costs; ++j) {
    const kept_cost& c = k.costs[j];
    costed& out = costs.fresh(j);
    const exec& how = paths[c.path];
    const cost_query& q = qs[(c.mixer_cut ? 2U : 0U) + (c.own ? 1U : 0U)];
    if (c.logits) [[unlikely]] {
      node_cost_with(out.one, c.terms, *c.n, *c.b, c.formats, cost_query{q.seqs, q.seqs, q.context, q.s}, *x.r, how);
    } else {
      node_cost_with(out.one, c.terms, *c.n, *c.b, c.formats, q, *x.r, how);
    }
    if (c.per_row) {
      cost one_row{};
      node_cost_with(one_row, c.terms, *c.n, *c.b, c.formats, x.q1, *x.r, how);
      out.each_us = static_cast<double>(q.rows) * one_row.time_us;
    } else {
      out.each_us = out.one.time_us;
    }
  }
  // Each row: its kept fields in one copy, then its path and cost, summed as it is written so
  // the sums' chain of additions runs beside the writes. Each byte of a row is written once:
  // copying whole kept rows and then their costed fields wrote half as many again, and a
  // model's 83 rows are 10 KB.
  row_sums sums(est);
  for (std::size_t i = 0; i < k.n_rows; ++i) {
    const site_row& kept = k.rows[i];
    const costed& c = costs[k.cost_of[i]];
    site_row& row = est.rows.fresh(i);
    __builtin_memcpy(static_cast<void*>(&row), &kept, kept_row_bytes);
    row.how = paths[k.path_of[i]];
    row.one = c.one;
    row.each_us = c.each_us;
    row.time_us = sums.add(est, kept.count, kept.per_row, kept.kind, c.one, c.each_us);
  }
  sums.store(est);
  est.n_rows = static_cast<std::uint16_t>(k.n_rows);
}

// A shipped table's step: its kept rows costed afresh, or folded and kept for the calls after.
inline step_estimate sum_kept(const run& x) {
  step_estimate est;
  call_facts t = resolve_facts(x);
  kept_rows_cache& cache = thread_kept_rows();
  if (const kept_rows* k = cache.find_if([&](const kept_key& key) { return kept_for(key, x, t); })) {
    cost_kept(est, *k, x);
  } else if (!keyable(t)) {
    fold_in_order(est, t, x, fold_per_block);
  } else {
    kept_rows& fill = cache.to_fill();
    const kept_key key = key_of(x, t);
    fill.key.sharded = key.sharded;  // note() reads whether the plan cuts the nodes
    t.record = &fill;
    std::array<std::uint8_t, max_rows> added_at;  // NOLINT: [0, n_rows) set by finish
    fold_in_order(est, t, x, fold_per_block, &added_at);
    fill.keep(est, added_at);
    fill.key = key;
  }
  return est;
}

constexpr step_estimate sum_per_block(const run& x) {
  if (!std::is_constant_evaluated() && x.m->checked_as == x.m) return sum_kept(x);
  return sum_folded(x);
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
                          const settings& s, const exec_facts& facts = no_exec_facts, std::uint64_t seqs = 1,
                          std::uint64_t wide_rows = 0, std::uint64_t wide_seqs = 0, std::uint64_t cached = 0) {
  validate(m), validate(d), validate(r.r);  // once per evaluation, not per node visit
  if (tokens == 0) {
    if (std::is_constant_evaluated()) tokens_must_be_positive();
    bad_query_at_run_time("prefill needs at least 1 token");
  }
  if (seqs == 0 || seqs > tokens) {
    if (std::is_constant_evaluated()) tokens_must_be_positive();
    bad_query_at_run_time("prefill needs at least one sequence, and at least one token a sequence");
  }
  // Each sequence attends over the causal half of its own new tokens, after the `cached` tokens
  // its KV already holds (a prefix the engine's cache found): those are attended over, not computed.
  const std::uint64_t each = tokens / seqs;
  const std::uint64_t half = checked_add(cached, each / 2 == 0 ? 1 : each / 2);
  cost_query q{tokens, seqs, half, s};
  q.wide_rows = wide_rows;
  q.wide_seqs = wide_seqs;
  return {&m, &d, &r.r, q, {1, 1, half, s}, pass::prefill, {}, false, &facts};
}
}  // namespace detail

}  // namespace headroom
