// SPDX-License-Identifier: MIT
// headroom: the estimates -- decode step at a batch, prefill of T tokens and the weight floor
// (docs/model.md#decode-step) -- all sums of node_cost over one constexpr code path.
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
#include <headroom/parallel.hpp>
#include <headroom/parallel_rules.hpp>
#include <headroom/roofline.hpp>
#include <headroom/validate.hpp>

namespace headroom {

/// Rows a step breakdown holds: distinct (node, formats, loop) of the main section.
inline constexpr std::size_t max_rows = 64;

/// One row of a step breakdown: a template node (site = block.local) at one format, with or
/// without an engine's per-row loop.
struct site_row {
  std::uint16_t node = 0;   ///< index into circuit::nodes
  std::uint8_t block = 0;
  resolved_formats formats{};
  bool has_weight = false;
  exec how{};
  std::uint32_t count = 0;  ///< instances folded into the row
  cost one{};               ///< cost of one instance at the run's rows
  double each_us = 0;       ///< time of one instance, a per-row loop included
  double time_us = 0;       ///< count x each_us
  bool per_row = false;     ///< an engine loop runs it once per row
  layer_kind kind = layer_kind::none;  ///< the layer kind a per-row row is charged to
};

/// Time a per-row loop adds over one multi-row launch, per layer kind.
struct loop_flag {
  layer_kind kind = layer_kind::none;
  double added_us = 0;
  std::uint32_t sites = 0;
};

/// Collectives a sharded step pays (nccl-tests doc/PERFORMANCE.md @03a204a: ring all-reduce
/// 2(n-1)/n x S / B, all-gather / reduce-scatter / all-to-all (n-1)/n x S / B; plus a latency
/// per ring hop).
enum class link_op : std::uint8_t {
  tp_all_reduce,      ///< after each row-parallel block (o, down, experts) and the embedding
  lm_head_gather,     ///< the vocab-parallel logits gathered
  ep_all_to_all,      ///< DP attention + EP: dispatch and combine of routed tokens
  dp_gather_scatter,  ///< DP attention without EP: all-gather before, reduce-scatter after an MLP
  pp_send,            ///< hidden state and residual handed to the next pipeline stage
};
inline constexpr std::size_t link_ops = 5;
constexpr std::string_view name(link_op o) {
  constexpr std::string_view names[] = {"tp_all_reduce", "lm_head_gather", "ep_all_to_all", "dp_gather_scatter",
                                        "pp_send"};
  return names[static_cast<std::size_t>(o)];
}

/// One kind of collective of a step: how many, the bytes of each, over which link.
struct link_row {
  link_op op = link_op::tp_all_reduce;
  bool scale_out = false;  ///< crosses the scale-out link (the plan outgrows the scale-up domain)
  std::uint32_t count = 0;
  double bytes_each = 0;   ///< payload S of one collective
  double each_us = 0;
  double time_us = 0;      ///< count x each_us
};

struct step_estimate {
  double total_us = 0;
  double bytes = 0;
  double flops = 0;
  double memory_bound_us = 0;   ///< time of nodes whose bytes won
  double compute_bound_us = 0;  ///< time of nodes whose FLOPs won
  std::array<site_row, max_rows> rows{};
  std::uint16_t n_rows = 0;
  std::array<loop_flag, layer_kinds> flags{};
  std::uint8_t n_flags = 0;
  /// Collectives under a parallel plan (none on one device); their time is in total_us.
  std::array<link_row, 2 * link_ops> links{};
  std::uint8_t n_links = 0;
  double link_us = 0;

  /// The share of the step spent on links, in [0, 1].
  [[nodiscard]] constexpr double link_share() const { return total_us > 0 ? link_us / total_us : 0.0; }

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

struct run {
  const model* m;
  const device* d;
  const roofline* r;
  cost_query q;   // the run's rows
  cost_query q1;  // one row of one sequence (per-row loops)
  pass p;
  parallel plan{};       // the single-device plan unless stated
  bool sharded = false;  // plan != parallel{}: nodes are cut to one rank's share
};

// The first breakdown row of each node (0xff: none yet).
struct row_index {
  std::array<std::uint8_t, max_nodes> first{};
  constexpr row_index() {
    for (auto& x : first) x = 0xff;
  }
  constexpr std::uint8_t& operator[](std::size_t node) { return first[node]; }
};

// Folds `count` instances of block `bi` (as in instance `in`) into the rows.
constexpr void fold_block(step_estimate& est, row_index& row_of, const run& x, std::uint8_t bi, const instance& in,
                          std::uint32_t count) {
  const circuit& c = x.m->c;
  const block& b = c.blocks[bi];
  const block rb = x.sharded ? rank_block(b, block_tp(b, x.plan)) : block{};
  for (std::uint16_t ni = b.first; ni < b.end; ++ni) {
    const std::uint64_t tp = x.sharded ? block_tp(b, x.plan) : 1;
    // Under a plan, the rank's share of the node and of the block's states; DP attention
    // deals the sequences of attention-side blocks out over the tp ranks.
    const node n = x.sharded ? rank_node(c.nodes[ni], tp, x.plan.ep) : c.nodes[ni];
    const block& cb = x.sharded ? rb : b;
    cost_query q = x.q;
    cost_query q1 = x.q1;
    if (x.sharded && x.plan.dp_attention && mixer_block(b)) {
      q.rows = ceil_div(q.rows, x.plan.tp);
      q.seqs = ceil_div(q.seqs, x.plan.tp);
    }
    const bool w = reads_linear_weight(n.kind);
    const resolved_formats f = w ? formats_of(*x.m, n, in) : resolved_formats{};
    bool per_row = false;
    if (x.p == pass::decode) {
      for (std::size_t li = 0; li < x.m->n_loops; ++li) per_row = per_row || loop_matches(x.m->loops[li], b, n, in.kind, x.q.rows);
    }
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
      site_row& row = est.rows[est.n_rows++];
      row.node = ni;
      row.block = bi;
      row.formats = f;
      row.has_weight = w;
      row.how = w ? exec_of(*x.d, f.weight, f.activation) : exec{};
      row.one = node_cost(n, cb, f, q, *x.d, *x.r);
      row.per_row = per_row;
      row.kind = kind;
      row.each_us = per_row ? static_cast<double>(q.rows) * node_cost(n, cb, f, q1, *x.d, *x.r).time_us : row.one.time_us;
    }
    est.rows[ri].count += count;
  }
}

constexpr bool format_less(const tensor_format& a, const tensor_format& b) {
  if (a.kind != b.kind) return a.kind < b.kind;
  if (a.scale != b.scale) return a.scale < b.scale;
  if (a.group != b.group) return a.group < b.group;
  if (a.block_r != b.block_r) return a.block_r < b.block_r;
  return a.block_c < b.block_c;
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
constexpr void fold_instances(step_estimate& est, row_index& row_of, const run& x) {
  const circuit& c = x.m->c;
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec == section::main) fold_block(est, row_of, x, in.block, in, 1);
  }
}

// The reference sum: every main-section instance visited in execution order.
constexpr step_estimate sum_per_instance(const run& x) {
  step_estimate est{};
  row_index row_of{};
  fold_instances(est, row_of, x);
  finish(est);
  return est;
}

// The same sum visiting each (block, layer kind) once and counting its instances: exact,
// because a node's cost does not depend on which layer it sits in. Used unless a precision
// rule names layers (then it visits every instance, as the reference does).
constexpr step_estimate sum_per_block(const run& x) {
  step_estimate est{};
  row_index row_of{};
  const circuit& c = x.m->c;
  if (formats_depend_on_layer(*x.m)) {
    fold_instances(est, row_of, x);
  } else {
    for (std::uint8_t bi = 0; bi < c.n_blocks; ++bi) {
      for (std::size_t k = 0; k < layer_kinds; ++k) {
        const std::uint32_t count = c.main_uses[bi][k];
        if (count != 0) fold_block(est, row_of, x, bi, {bi, 0, section::main, static_cast<layer_kind>(k)}, count);
      }
    }
  }
  finish(est);
  return est;
}

constexpr run decode_run(const model& m, const device& d, const device_roofline& r, std::uint64_t batch,
                         std::uint64_t context, const settings& s) {
  validate(m), validate(d), validate(r.r);  // once per evaluation, not per node visit
  if (batch == 0) {
    if (std::is_constant_evaluated()) batch_must_be_positive();
    bad_query_at_run_time("decode batch must be at least 1");
  }
  if (context == 0) {
    if (std::is_constant_evaluated()) context_must_be_positive();
    bad_query_at_run_time("context must be at least 1 token");
  }
  return {&m, &d, &r.r, {batch, batch, context, s}, {1, 1, context, s}, pass::decode};
}
constexpr run prefill_run(const model& m, const device& d, const device_roofline& r, std::uint64_t tokens,
                          const settings& s) {
  validate(m), validate(d), validate(r.r);  // once per evaluation, not per node visit
  if (tokens == 0) {
    if (std::is_constant_evaluated()) tokens_must_be_positive();
    bad_query_at_run_time("prefill needs at least 1 token");
  }
  const std::uint64_t half = tokens / 2 == 0 ? 1 : tokens / 2;
  return {&m, &d, &r.r, {tokens, 1, half, s}, {1, 1, half, s}, pass::prefill};
}
}  // namespace detail

namespace detail {
// Time of one collective of payload `bytes` over `n` ranks on a link of `gbps` (one
// direction) with `hop_us` per hop: ring all-reduce 2(n-1)/n x S / B + 2(n-1) hops;
// all-gather / reduce-scatter (n-1)/n x S / B + (n-1) hops; all-to-all (n-1)/n x S / B + one
// hop (direct sends); a point-to-point send S / B + one hop.
constexpr double collective_us(link_op o, double bytes, double n, double gbps, double hop_us) {
  const double b = gbps * 1e3;  // bytes per microsecond
  switch (o) {
    case link_op::tp_all_reduce: return 2.0 * (n - 1) / n * bytes / b + 2.0 * (n - 1) * hop_us;
    case link_op::lm_head_gather:
    case link_op::dp_gather_scatter: return (n - 1) / n * bytes / b + (n - 1) * hop_us;
    case link_op::ep_all_to_all: return (n - 1) / n * bytes / b + hop_us;
    case link_op::pp_send: return bytes / b + hop_us;
  }
  return 0;
}

constexpr void add_link(step_estimate& est, const device& d, link_op o, bool out, double n, std::uint32_t count,
                        double bytes) {
  if (count == 0 || n <= 1) return;
  const interconnect& l = d.link;
  const double gbps = out ? l.scale_out_gbps : l.scale_up_gbps;
  const double hop = out ? l.scale_out_latency_us : l.scale_up_latency_us;
  require_table(gbps > 0, "a plan crosses a link the device table does not give");
  std::size_t i = 0;
  while (i < est.n_links && !(est.links[i].op == o && est.links[i].scale_out == out && est.links[i].bytes_each == bytes)) ++i;
  if (i == est.n_links) {
    require_table(est.n_links < est.links.size(), "more kinds of collective than a breakdown holds");
    est.links[est.n_links++] = {o, out, 0, bytes, collective_us(o, bytes, n, gbps, hop), 0};
  }
  est.links[i].count += count;
  est.links[i].time_us = static_cast<double>(est.links[i].count) * est.links[i].each_us;
}

// The collectives of one step under the plan (vLLM / SGLang, one rank's view): a TP
// all-reduce after every block with a row-parallel or routed-expert node and after the
// vocab-parallel embedding; the logits gathered; under DP attention, MLP blocks gather their
// tokens and scatter them back (all-to-all dispatch / combine with EP); one send per pipeline
// boundary. A group larger than the scale-up domain runs over the scale-out link.
constexpr void add_links(step_estimate& est, const run& x) {
  const circuit& c = x.m->c;
  const parallel& p = x.plan;
  const interconnect& l = x.d->link;
  const std::uint64_t domain = l.domain == 0 ? 1 : l.domain;
  const bool tp_out = p.tp > domain;
  const std::uint64_t rows = x.q.rows;
  const double tpn = static_cast<double>(p.tp);
  double hidden_bytes = 0;
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec != section::main) continue;
    const block& b = c.blocks[in.block];
    const node& last = c.nodes[b.end - 1];
    bool reduce = false;
    bool routed = false;
    bool vocab_embed = false;
    bool vocab_head = false;
    double logits = 0;
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      const node& n = c.nodes[ni];
      reduce = reduce || n.split == shard::rows || n.split == shard::experts;
      routed = routed || is_routed_expert(n.kind);
      if (n.split == shard::vocab && n.kind == op::embed) vocab_embed = true;
      if (n.split == shard::vocab && n.kind == op::lm_head) {
        vocab_head = true;
        logits = static_cast<double>(checked_mul(checked_mul(rows, round_up(n.units, vocab_padding)), 2));
      }
    }
    const std::uint64_t block_rows = p.dp_attention && mixer_block(b) ? ceil_div(rows, p.tp) : rows;
    const double out_bytes = last.n_out > 0 ? static_cast<double>(last.out[0].bytes_at(block_rows)) : 0.0;
    if (vocab_embed) {
      add_link(est, *x.d, link_op::tp_all_reduce, tp_out, tpn, 1, out_bytes);
      hidden_bytes = out_bytes;
    }
    if (vocab_head) add_link(est, *x.d, link_op::lm_head_gather, tp_out, tpn, 1, logits);
    if (!reduce || block_tp(b, p) == 1) continue;
    if (!p.dp_attention) {
      add_link(est, *x.d, link_op::tp_all_reduce, tp_out, tpn, 1, out_bytes);
    } else if (routed && p.ep > 1) {
      // Each rank sends its ceil(rows / tp) tokens to top_k experts and takes them back.
      std::uint64_t k = 1;
      for (std::size_t ni = b.first; ni < b.end; ++ni) k = std::max<std::uint64_t>(k, c.nodes[ni].top_k);
      const double s = static_cast<double>(checked_mul(checked_mul(ceil_div(rows, p.tp), k), last.out[0].width)) * 2.0;
      add_link(est, *x.d, link_op::ep_all_to_all, tp_out, tpn, 2, s);
    } else {
      add_link(est, *x.d, link_op::dp_gather_scatter, tp_out, tpn, 2, out_bytes);
    }
  }
  if (p.pp > 1) {
    // Boundary k hands over from rank k*tp - 1 to rank k*tp: it leaves the scale-up domain
    // when k*tp is a multiple of the domain size.
    std::uint32_t cross = 0;
    for (std::uint64_t k = 1; k < p.pp; ++k) cross += (k * p.tp) % domain == 0 ? 1u : 0u;
    const double s = 2.0 * (hidden_bytes > 0 ? hidden_bytes : static_cast<double>(rows) * 2.0);  // hidden + residual
    add_link(est, *x.d, link_op::pp_send, true, 2, cross, s);
    add_link(est, *x.d, link_op::pp_send, false, 2, static_cast<std::uint32_t>(p.pp - 1) - cross, s);
  }
  for (std::size_t i = 0; i < est.n_links; ++i) est.link_us += est.links[i].time_us;
  est.total_us += est.link_us;
}

constexpr step_estimate sum_plan(run x, const parallel& p) {
  if (p == parallel{}) return sum_per_block(x);
  x.plan = p;
  x.sharded = true;
  step_estimate est = sum_per_block(x);
  add_links(est, x);
  return est;
}
}  // namespace detail

/// A decode step of `batch` sequences, each attending over `context` tokens.
constexpr step_estimate decode_step(const model& m, const device& d, const device_roofline& r, std::uint64_t batch,
                                    std::uint64_t context, const settings& s) {
  return detail::sum_per_block(detail::decode_run(m, d, r, batch, context, s));
}

/// Prefill of `tokens` prompt tokens of one sequence: every node at T rows, attention over a
/// causal half-context max(1, T/2), no per-row loops, no draft.
constexpr step_estimate prefill(const model& m, const device& d, const device_roofline& r, std::uint64_t tokens,
                                const settings& s) {
  return detail::sum_per_block(detail::prefill_run(m, d, r, tokens, s));
}

/// The same step on one rank of plan `p` (the plan must be valid): every node at the rank's
/// share (heads, columns, rows, experts over ep), attention-side blocks at the rank's share of
/// the sequences under DP attention, then the collectives (link rows) the plan pays. Pipeline
/// stages run one after another for a token, so a decode step walks every layer.
/// Bit-identical to the overload without a plan for the single-device plan.
constexpr step_estimate decode_step(const model& m, const device& d, const device_roofline& r, std::uint64_t batch,
                                    std::uint64_t context, const settings& s, const parallel& p) {
  validate(m, p);
  return detail::sum_plan(detail::decode_run(m, d, r, batch, context, s), p);
}
constexpr step_estimate prefill(const model& m, const device& d, const device_roofline& r, std::uint64_t tokens,
                                const settings& s, const parallel& p) {
  validate(m, p);
  return detail::sum_plan(detail::prefill_run(m, d, r, tokens, s), p);
}

/// Bytes a C=1 decode step must read: every main-section weight once (routed experts at
/// top_k of them, the lm_head included, the embedding table not: a row gather), plus the small
/// parameters (norm weights, conv taps) each step reads.
constexpr byte_count weight_floor_bytes(const model& m) {
  validate(m);
  const circuit& c = m.c;
  auto block_floor = [&](const block& b, const instance& in) {
    byte_count w = 0;
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      const node& n = c.nodes[ni];
      w = checked_add(w, aux_only_bytes(n));
      if (!reads_linear_weight(n.kind)) continue;
      const std::uint64_t copies = is_routed_expert(n.kind) ? n.top_k : 1;
      w = checked_add(w, checked_mul(copies, checked_add(one_weight_bytes(n, formats_of(m, n, in)), one_bias_bytes(n))));
    }
    return w;
  };
  byte_count total = 0;
  if (!formats_depend_on_layer(m)) {  // each main block once, times its instances
    for (std::uint8_t bi = 0; bi < c.n_blocks; ++bi) {
      const std::uint64_t count = c.uses_in(bi, section::main);
      if (count != 0) total = checked_add(total, checked_mul(count, block_floor(c.blocks[bi], {bi, 0, section::main, layer_kind::none})));
    }
    return total;
  }
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec == section::main) total = checked_add(total, block_floor(c.blocks[in.block], in));
  }
  return total;
}

/// The C=1 floor in microseconds: floor bytes over bandwidth.
constexpr double weight_floor_us(const model& m, const device_roofline& r) {
  validate(r.r);
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
