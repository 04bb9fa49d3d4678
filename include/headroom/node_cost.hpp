// SPDX-License-Identifier: MIT
// headroom: the one cost function (docs/model.md#node-cost). A pure function of the node, its resolved
// formats, the row count, the sequences those rows belong to, the context attended over, the
// settings and the constants; decode steps, prefill and breakdowns all call it.
//
//   time_us = max(bytes / (dram_gbps * 1e3), flops / (peak_tflops * 1e6))
//
// bytes = every input and output edge at `rows` + the weight (linear, lm_head, router) or the
// expected distinct routed experts' weights + stored small parameters (norm weights, conv taps,
// biases) + state traffic (attention reads its KV; recurrences and conv windows read and write
// their state once per sequence, at the state's own element size).
#pragma once

#include <algorithm>
#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/model.hpp>
#include <headroom/roofline.hpp>
#include <headroom/settings.hpp>
#include <headroom/stored_bytes.hpp>

namespace headroom {

enum class bound : std::uint8_t { memory, compute };

struct cost {
  double bytes = 0;   ///< DRAM bytes
  double flops = 0;
  double time_us = 0;
  bound by = bound::memory;
};

/// x^n for a non-negative integer n, by squaring (constexpr; no std::pow).
constexpr double ipow(double x, std::uint64_t n) {
  double r = 1.0;
  while (n != 0) {
    if (n & 1u) r *= x;
    x *= x;
    n >>= 1u;
  }
  return r;
}

/// Expected distinct experts touched by t token-rows routed top-K of E, uniform routing:
/// E * (1 - (1 - K/E)^t). Exactly K at t = 1.
constexpr double distinct_experts(std::uint64_t experts, std::uint64_t top_k, std::uint64_t t) {
  if (experts == 0) return 0;
  if (t == 1) return static_cast<double>(top_k);
  const double e = static_cast<double>(experts);
  return e * (1.0 - ipow(1.0 - static_cast<double>(top_k) / e, t));
}

/// The inputs of one node_cost call.
struct cost_query {
  std::uint64_t rows = 1;     ///< rows the node processes (tokens of all sequences)
  std::uint64_t seqs = 1;     ///< sequences those rows belong to
  std::uint64_t context = 4096;  ///< KV tokens each sequence attends over
  settings s{};
};

/// Cost of node `n` of block `b` with formats `f` on device `d` with constants `r`.
constexpr cost node_cost(const node& n, const block& b, const resolved_formats& f, const cost_query& q,
                         const device& d, const roofline& r) {
  cost c{};
  const std::uint64_t rows = q.rows;
  const double t = static_cast<double>(rows);
  // Edges. A weight node whose declared activation differs from its input edge gets an
  // act_quant in front: it reads the edge and writes the quantized copy the MMA reads.
  for (std::size_t i = 0; i < n.n_in; ++i) {
    const edge& x = n.in[i];
    if (i == 0 && reads_linear_weight(n.kind) && !(f.activation == x.format)) {
      c.bytes += static_cast<double>(x.bytes_at(rows));
      c.bytes += 2.0 * static_cast<double>(bytes(f.activation, x.rows(rows), x.width));
    } else {
      c.bytes += static_cast<double>(x.bytes_at(rows));
    }
  }
  for (std::size_t i = 0; i < n.n_out; ++i) c.bytes += static_cast<double>(n.out[i].bytes_at(rows));
  c.bytes += static_cast<double>(aux_only_bytes(n));

  double peak = r.bf16_tflops;
  switch (n.kind) {
    case op::linear:
    case op::lm_head:
    case op::router: {
      c.bytes += static_cast<double>(checked_add(one_weight_bytes(n, f), one_bias_bytes(n)));
      c.flops = 2.0 * t * static_cast<double>(n.weight_k()) * static_cast<double>(n.weight_out());
      peak = peak_of(exec_of(d, f.weight, f.activation), r);
      break;
    }
    case op::expert_gate_up:
    case op::expert_down: {
      const double distinct = distinct_experts(n.experts, n.top_k, rows);
      c.bytes += distinct * static_cast<double>(checked_add(one_weight_bytes(n, f), one_bias_bytes(n)));
      c.flops = 2.0 * t * static_cast<double>(n.top_k) * static_cast<double>(n.weight_k()) *
                static_cast<double>(n.weight_out());
      peak = peak_of(exec_of(d, f.weight, f.activation), r);
      break;
    }
    case op::paged_attention: {
      // Reads min(context, window) tokens of every KV state it declares, per sequence. FLOPs:
      // scores over the query width and the weighted sum over the output width,
      // 2*t*attended*(q + o) (= 4*t*attended*q for plain attention; for absorbed MLA the query
      // is latent + rope wide and the output latent wide).
      const std::uint64_t attended = n.window != 0 ? std::min(q.context, n.window) : q.context;
      std::uint64_t unit = 0;
      for (std::size_t i = 0; i < b.n_states; ++i) {
        if (n.reads & (1u << i)) unit = checked_add(unit, unit_bytes(b.states[i], q.s));
      }
      detail::require_table(unit != 0, "an attention node reads no KV state");
      c.bytes += static_cast<double>(checked_mul(checked_mul(q.seqs, attended), unit));
      const double qw = n.n_in > 0 ? static_cast<double>(n.in[0].width) : 0.0;
      const double ow = n.n_out > 0 ? static_cast<double>(n.out[0].width) : 0.0;
      c.flops = 2.0 * t * static_cast<double>(attended) * (qw + ow);
      break;
    }
    default: break;
  }
  // Recurrent states and conv windows: read and written once per sequence.
  if (n.updates != 0) {
    std::uint64_t unit = 0;
    std::uint64_t h_elems = 0;
    for (std::size_t i = 0; i < b.n_states; ++i) {
      if (n.updates & (1u << i)) {
        unit = checked_add(unit, unit_bytes(b.states[i], q.s));
        if (b.states[i].kind == state_kind::recurrent) h_elems = checked_add(h_elems, b.states[i].elements);
      }
    }
    c.bytes += 2.0 * static_cast<double>(checked_mul(q.seqs, unit));
    if (n.kind == op::gdn_recurrence || n.kind == op::ssm_update) c.flops = 4.0 * t * static_cast<double>(h_elems);
  }
  const double mem_us = c.bytes / (r.dram_gbps * 1e3);
  const double cmp_us = peak > 0 ? c.flops / (peak * 1e6) : 0.0;
  c.by = cmp_us > mem_us ? bound::compute : bound::memory;
  c.time_us = c.by == bound::compute ? cmp_us : mem_us;
  return c;
}

}  // namespace headroom
