// SPDX-License-Identifier: MIT
// headroom internals of estimate.hpp: the collectives one step pays under a parallel plan (link
// rows), each timed on the device's scale-up or scale-out link.
#pragma once

#include <algorithm>
#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/detail/step_sum.hpp>
#include <headroom/device.hpp>
#include <headroom/parallel.hpp>
#include <headroom/parallel_rules.hpp>
#include <headroom/step_estimate.hpp>

namespace headroom {

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
  for (std::size_t ii = 0, run_len = 1; ii < c.n_instances; ii += run_len) {
    const instance& in = c.instances[ii];
    // A run of instances of one block pays the same collectives: counted once, times the run
    // (a search evaluates this for every step; a deep model is a few runs of many layers).
    run_len = 1;
    while (ii + run_len < c.n_instances && c.instances[ii + run_len].block == in.block &&
           c.instances[ii + run_len].sec == in.sec) {
      ++run_len;
    }
    if (in.sec != section::main) continue;
    const auto times = static_cast<std::uint32_t>(run_len);
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
        logits = static_cast<double>(checked_mul(checked_mul(ceil_div(rows, p.dp), round_up(n.units, vocab_padding)), 2));
      }
    }
    // A data-parallel replica carries its own share of the rows (the MoE exchange below adds
    // the traffic across replicas).
    const std::uint64_t block_rows = ceil_div(p.dp_attention && mixer_block(b) ? ceil_div(rows, p.tp) : rows, p.dp);
    const double out_bytes = last.n_out > 0 ? static_cast<double>(last.out[0].bytes_at(block_rows)) : 0.0;
    if (vocab_embed) {
      add_link(est, *x.d, link_op::tp_all_reduce, tp_out, tpn, times, out_bytes);
      hidden_bytes = out_bytes;
    }
    if (vocab_head) add_link(est, *x.d, link_op::lm_head_gather, tp_out, tpn, times, logits);
    if (routed && p.dp > 1) {
      // vLLM data parallel: the MoE spans all dp x tp ranks. With EP each replica's tokens go
      // to their top_k experts and back (all-to-all); without, every rank gathers all tokens
      // and the partial sums are scattered back.
      const std::uint64_t n_moe = static_cast<std::uint64_t>(p.tp) * p.dp;
      const bool moe_out = n_moe > domain;
      std::uint64_t k = 1;
      for (std::size_t ni = b.first; ni < b.end; ++ni) k = std::max<std::uint64_t>(k, c.nodes[ni].top_k);
      if (p.ep > 1) {
        const double s = static_cast<double>(checked_mul(checked_mul(block_rows, k), last.out[0].width)) * 2.0;
        add_link(est, *x.d, link_op::ep_all_to_all, moe_out, static_cast<double>(n_moe), 2 * times, s);
      } else {
        add_link(est, *x.d, link_op::dp_gather_scatter, moe_out, static_cast<double>(n_moe), 2 * times, out_bytes);
      }
      continue;
    }
    if (!reduce || block_tp(b, p) == 1) continue;
    if (!p.dp_attention) {
      add_link(est, *x.d, link_op::tp_all_reduce, tp_out, tpn, times, out_bytes);
    } else if (routed && p.ep > 1) {
      // Each rank sends its ceil(rows / tp) tokens to top_k experts and takes them back.
      std::uint64_t k = 1;
      for (std::size_t ni = b.first; ni < b.end; ++ni) k = std::max<std::uint64_t>(k, c.nodes[ni].top_k);
      const double s = static_cast<double>(checked_mul(checked_mul(ceil_div(rows, p.tp), k), last.out[0].width)) * 2.0;
      add_link(est, *x.d, link_op::ep_all_to_all, tp_out, tpn, 2 * times, s);
    } else {
      add_link(est, *x.d, link_op::dp_gather_scatter, tp_out, tpn, 2 * times, out_bytes);
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

}  // namespace headroom
