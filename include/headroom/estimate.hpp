// SPDX-License-Identifier: MIT
// headroom: the estimates -- decode step at a batch, prefill of T tokens and the weight floor
// (docs/model.md#decode-step) -- all sums of node_cost over one constexpr code path.
//
// Identical block instances with identical resolved formats cost the same: each template node
// is costed once per distinct format and multiplied by its instance count, which is exact
// (the cost of a node does not depend on which layer it sits in).
//
// The public types (step_estimate, site_row, link_row, ...) are in step_estimate.hpp; the
// internals in detail/step_sum.hpp (rows, fold, ordered sum), detail/kept_rows.hpp (a shipped
// table's rows, folded once per thread and costed afresh on each call) and detail/step_links.hpp
// (the collectives of a parallel plan).
#pragma once

#include <cstdint>

#include <headroom/detail/step_links.hpp>
#include <headroom/detail/step_sum.hpp>
#include <headroom/device.hpp>
#include <headroom/distinct_uses.hpp>
#include <headroom/kernels.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/roofline.hpp>
#include <headroom/step_estimate.hpp>
#include <headroom/stored_bytes.hpp>
#include <headroom/validate.hpp>

namespace headroom {

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

/// The same steps under an engine's execution facts (kernels.hpp; the shipped engines' in
/// engines/include/headroom/engines/exec_facts.hpp): each weight node runs on the path the
/// engine's first matching kernel fact gives (the device-only rule when none matches), and
/// the engine's loop sites for the model's family loop per row in a decode step. With
/// no_exec_facts these are bit-identical to the overloads above.
constexpr step_estimate decode_step(const model& m, const device& d, const device_roofline& r, std::uint64_t batch,
                                    std::uint64_t context, const settings& s, const parallel& p,
                                    const exec_facts& facts) {
  validate(m, p);
  return detail::sum_plan(detail::decode_run(m, d, r, batch, context, s, facts), p);
}
/// `cached`: tokens of the sequence already in the KV cache before these (a prefix the engine's
/// prefix cache holds): the new tokens attend over them, `cached` + a causal half, and nothing
/// is computed for them.
constexpr step_estimate prefill(const model& m, const device& d, const device_roofline& r, std::uint64_t tokens,
                                const settings& s, const parallel& p, const exec_facts& facts, std::uint64_t cached = 0) {
  validate(m, p);
  return detail::sum_plan(detail::prefill_run(m, d, r, tokens, s, facts, 1, 0, 0, cached), p);
}
/// A prefill pass of `tokens` prompt tokens over `seqs` sequences (a batch of prompts of
/// tokens / seqs tokens each, each attending over its own causal half): under a plan whose
/// ranks schedule their own sequences (data parallel, DP attention) the sequences are dealt out
/// whole, so the busiest rank runs ceil(seqs / ranks) of them (rank_rows). One sequence, as the
/// overload above, runs on one rank. A pass mixing prompts with decoding sequences says which of
/// its sequences are prompts: `wide_seqs` of them, `wide_rows` rows each (cost_query), the
/// others alike; each stays whole on its rank.
constexpr step_estimate prefill(const model& m, const device& d, const device_roofline& r, std::uint64_t tokens,
                                std::uint64_t seqs, const settings& s, const parallel& p, const exec_facts& facts,
                                std::uint64_t wide_rows = 0, std::uint64_t wide_seqs = 0) {
  validate(m, p);
  return detail::sum_plan(detail::prefill_run(m, d, r, tokens, s, facts, seqs, wide_rows, wide_seqs), p);
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
  byte_count total = 0;  // each distinct use of a main block once, times its instances
  for_each_distinct_use(m, section_bit(section::main), false, [&](const instance& in, std::uint32_t count) {
    total = checked_add(total, checked_mul(std::uint64_t{count}, block_floor(c.blocks[in.block], in)));
  });
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
