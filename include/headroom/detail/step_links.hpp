// SPDX-License-Identifier: MIT
// headroom internals of estimate.hpp: the collectives one step pays under a parallel plan (link
// rows), each timed on the device's scale-up or scale-out link.
#pragma once

#include <array>
#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/detail/min_max.hpp>
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
                        double bytes, double lookup_bytes = 0) {
  if (count == 0 || n <= 1) return;
  const interconnect& l = d.link;
  const double gbps = out ? l.scale_out_gbps : l.scale_up_gbps;
  const double hop = out ? l.scale_out_latency_us : l.scale_up_latency_us;
  require_table(gbps > 0, "a plan crosses a link the device table does not give");
  std::size_t i = 0;
  while (i < est.n_links && !(est.links[i].op == o && est.links[i].scale_out == out && est.links[i].bytes_each == bytes)) ++i;
  if (i == est.n_links) {
    require_table(est.n_links < est.links.size(), "more kinds of collective than a breakdown holds");
    est.links[est.n_links++] = {o, out, 0, bytes, collective_us(o, bytes, n, gbps, hop), 0, lookup_bytes,
                                lookup_bytes > 0 ? collective_us(o, lookup_bytes, n, gbps, hop) : 0.0};
  }
  est.links[i].count += count;
  est.links[i].time_us = static_cast<double>(est.links[i].count) * est.links[i].each_us;
}

// The collectives of one step under the plan (vLLM / SGLang, one rank's view): a TP
// all-reduce after every block with a row-parallel or routed-expert node and after the
// vocab-parallel embedding; the logits gathered; under DP attention, MLP blocks gather their
// tokens and scatter them back (all-to-all dispatch / combine with EP); one send per pipeline
// boundary. A group larger than the scale-up domain runs over the scale-out link.
// What a block's nodes say about its collectives (the same for every instance of it).
struct block_links {
  bool reduce = false;      // a row-parallel or routed-expert node: a TP all-reduce after it
  bool routed = false;
  bool vocab_embed = false;
  bool vocab_head = false;
  bool norm_stats = false;  // a q / k norm over all heads (MiniMax-M2): its sums of squares all-reduced under TP
  std::uint64_t top_k = 1;
  std::uint64_t experts = 0, groups = 0, top_groups = 0;  // the routed experts' E and group-limited routing
  std::uint64_t head_units = 0;  // the vocab-parallel lm_head's columns
};
constexpr block_links links_of(const circuit& c, const block& b) {
  block_links f{};
  for (std::size_t ni = b.first; ni < b.end; ++ni) {
    const node& n = c.nodes[ni];
    f.reduce = f.reduce || n.split == shard::rows || n.split == shard::experts;
    f.routed = f.routed || is_routed_expert(n.kind);
    f.top_k = headroom::detail::max<std::uint64_t>(f.top_k, n.top_k);
    if (is_routed_expert(n.kind)) {
      f.experts = n.experts;
      f.groups = n.expert_groups;
      f.top_groups = n.top_groups;
    }
    f.norm_stats = f.norm_stats || (n.kind == op::qk_norm && n.aux_split);
    if (n.split == shard::vocab && n.kind == op::embed) f.vocab_embed = true;
    if (n.split == shard::vocab && n.kind == op::lm_head) {
      f.vocab_head = true;
      f.head_units = n.units;
    }
  }
  return f;
}

constexpr void add_links(step_estimate& est, const run& x) {
  const circuit& c = x.m->c;
  const parallel& p = x.plan;
  const interconnect& l = x.d->link;
  const std::uint64_t domain = l.domain == 0 ? 1 : l.domain;
  const bool tp_out = p.tp > domain;
  const std::uint64_t rows = x.q.rows;
  const double tpn = static_cast<double>(p.tp);
  double hidden_bytes = 0;
  // Every instance of one block pays the same collectives: each block once, times its main-section
  // instances, in the order blocks first appear (the order the link rows are created in).
  std::array<std::uint32_t, max_blocks> uses{};
  std::array<std::uint8_t, max_blocks> order{};
  std::size_t n_order = 0;
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec != section::main) continue;
    if (uses[in.block]++ == 0) order[n_order++] = static_cast<std::uint8_t>(in.block);
  }
  for (std::size_t oi = 0; oi < n_order; ++oi) {
    const std::uint8_t bi = order[oi];
    const std::uint32_t times = uses[bi];
    const block& b = c.blocks[bi];
    const node& last = c.nodes[b.end - 1];
    const block_links f = links_of(c, b);
    const bool reduce = f.reduce;
    const bool routed = f.routed;
    const bool vocab_embed = f.vocab_embed;
    const bool vocab_head = f.vocab_head;
    // Prefill gathers the logits of each sequence's last prompt token only (logits_op).
    const std::uint64_t logit_rows = x.p == pass::prefill ? x.q.seqs : rows;
    const double logits =
        vocab_head ? static_cast<double>(checked_mul(checked_mul(ceil_div(logit_rows, p.dp), round_up(f.head_units, vocab_padding)), 2))
                   : 0.0;
    // A data-parallel replica carries its own share of the rows (the MoE exchange below adds
    // the traffic across replicas).
    const std::uint64_t block_rows = rank_rows(rows, x.q.seqs, block_row_shares(b, p), x.q.wide_rows, x.q.wide_seqs);
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
      const std::uint64_t n_moe = moe_ranks(p);
      const bool moe_out = n_moe > domain;
      const std::uint64_t k = f.top_k;
      if (p.ep > 1) {
        // On the wire a token goes once to each EP rank its experts live on (dispatch_ranks),
        // and back: the ceiling's payload. The prediction reads the dispatch at its top_k
        // copies, the measured rows' convention (TensorRT-LLM's trtllm_alltoall: num_tokens x
        // topk x hidden x 2 B), in the tables and, where none measures it, in the bandwidth
        // model: read at the ranks alone it fell where the served dispatches measure
        // (docs/parallel.md). Until 2026-12-07 the ceiling counted the copies too, up to
        // top_k / ep times the wire's bytes (4x at EP 2 of DeepSeek-V3's 8).
        const double row_bytes = static_cast<double>(checked_mul(block_rows, last.out[0].width)) * 2.0;
        const double ranks = dispatch_ranks(f.experts, k, p.ep, f.groups, f.top_groups);
        add_link(est, *x.d, link_op::ep_all_to_all, moe_out, static_cast<double>(n_moe), 2 * times, row_bytes * ranks,
                 row_bytes * static_cast<double>(k));
      } else {
        add_link(est, *x.d, link_op::dp_gather_scatter, moe_out, static_cast<double>(n_moe), 2 * times, out_bytes);
      }
      continue;
    }
    // A norm over all q (and k) heads whose heads are split over TP ranks: each rank sums its
    // squares and the sums are all-reduced, one fp32 for q and one for k per row, in one call
    // (SGLang's MiniMaxM2QKRMSNorm, vLLM's MiniMaxText01RMSNormTP.forward_qk).
    if (f.norm_stats && block_tp(b, p) > 1 && !p.dp_attention) {
      add_link(est, *x.d, link_op::tp_all_reduce, tp_out, tpn, times, 8.0 * static_cast<double>(block_rows));
    }
    if (!reduce || block_tp(b, p) == 1) continue;
    if (!p.dp_attention) {
      add_link(est, *x.d, link_op::tp_all_reduce, tp_out, tpn, times, out_bytes);
    } else if (routed && p.ep > 1) {
      // Each rank sends its ceil(rows / tp) tokens to the ranks of their experts and takes them
      // back: once a rank on the wire, read at top_k copies (as above).
      const std::uint64_t k = f.top_k;
      const double row_bytes = static_cast<double>(checked_mul(ceil_div(rows, p.tp), last.out[0].width)) * 2.0;
      const double ranks = dispatch_ranks(f.experts, k, p.ep, f.groups, f.top_groups);
      add_link(est, *x.d, link_op::ep_all_to_all, tp_out, tpn, 2 * times, row_bytes * ranks, row_bytes * static_cast<double>(k));
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
  // One named result on every path, so that it is built in place: a second return statement
  // would copy the 12 KB estimate out on every sharded call.
  const bool sharded = !(p == parallel{});
  if (sharded) {
    x.plan = p;
    x.sharded = true;
  }
  // An engine that fuses the shared expert into its routed kernel (kernels.hpp): the routed
  // rows' query carries it, the shared rows are not folded.
  x.q.fused_experts = x.q1.fused_experts = fused_shared_experts(*x.m, *x.d, p, *x.facts);
  step_estimate est = sum_per_block(x);
  est.fused_experts = x.q.fused_experts;
  est.wide_rows = x.q.wide_rows;
  est.wide_seqs = x.q.wide_seqs;
  if (sharded) add_links(est, x);
  return est;
}
}  // namespace detail

}  // namespace headroom
