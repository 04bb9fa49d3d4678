// SPDX-License-Identifier: MIT
// headroom: what one rank of a parallel plan holds -- the heaviest rank's weights, KV per token
// and state per sequence, exact bytes.
//
// Each node is cut to one rank's share (parallel_rules.hpp: heads, columns, rows, vocab rows
// padded to 64, experts over ep) and summed with the same stored_bytes law the single-device
// footprint uses; states likewise. Pipeline stage s holds the layers vLLM's get_pp_indices
// gives it; the prologue (embedding, a vision encoder) sits on the first stage, the epilogue
// (final norm, LM head) and a draft (MTP) head on the last, as vLLM places them. The heaviest
// rank takes each figure at its largest over the stages (weights, KV per token, state per
// sequence), which is exact for the usual uniform split and an upper bound otherwise.
//
// The single-rank plan returns footprint(m, s) itself: the checkpoint's bytes (no vocab padding).
#pragma once

#include <array>
#include <cstdint>

#include <headroom/detail/min_max.hpp>
#include <headroom/footprint.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/parallel_rules.hpp>
#include <headroom/detail/settings_core.hpp>

namespace headroom {

namespace detail {
// The pipeline stage an instance runs on.
constexpr std::uint64_t stage_of(const model& m, std::size_t ii, std::uint64_t layers, std::uint64_t pp) {
  const instance& in = m.c.instances[ii];
  if (pp == 1) return 0;
  if (in.sec == section::vision) return 0;
  if (in.sec == section::draft) return pp - 1;
  if (in.layer == no_layer) {
    // Prologue before the first layer, epilogue after the last.
    for (std::size_t jj = 0; jj < ii; ++jj) {
      if (m.c.instances[jj].sec == section::main && m.c.instances[jj].layer != no_layer) return pp - 1;
    }
    return 0;
  }
  std::uint64_t s = 0;
  while (s + 1 < pp && in.layer >= pp_first_layer(layers, pp, s + 1)) ++s;
  return s;
}

// One stage's footprint on one rank. Every instance of one distinct use on the stage holds the
// same bytes: each is costed once and multiplied by its instances, exactly (as footprint()
// does).
constexpr footprint_bytes stage_footprint(const model& m, const settings& s, const parallel& p, std::uint64_t stage,
                                          std::uint64_t layers, bool sliding_apart) {
  footprint_bytes fp{};
  const circuit& c = m.c;
  auto add = [&](const instance& in, std::uint64_t count) {
    const block& b = c.blocks[in.block];
    const std::uint64_t tp = in.sec == section::vision ? 1 : block_tp(b, p);
    block_bytes bb = states_of(c, rank_block(b, tp), s, sliding_apart);
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      bb.weights = checked_add(bb.weights, stored_bytes(m, in.sec == section::vision ? c.nodes[ni] : rank_node(m, c.nodes[ni], in, node_tp(b, c.nodes[ni], p), p), in));
    }
    add_block(fp, bb, in.sec, count, s);
  };
  for_each_distinct_use_if(
      m, [&](std::size_t ii, const instance&) { return stage_of(m, ii, layers, p.pp) == stage; },
      [&](const instance& in, std::uint32_t count) { add(in, count); });
  set_loaded_weights(fp, s);
  return fp;
}

/// The heaviest rank of plan `p`, sliding layers apart or not (footprint_of).
constexpr footprint_bytes rank_footprint_of(const model& m, const settings& s, const parallel& p, bool sliding_apart) {
  if (p == parallel{}) return footprint_of(m, s, sliding_apart);
  validate(m, p);
  const std::uint64_t layers = main_layers(m);
  footprint_bytes out{};
  for (std::uint64_t st = 0; st < p.pp; ++st) {
    const footprint_bytes f = stage_footprint(m, s, p, st, layers, sliding_apart);
    out.weights = headroom::detail::max(out.weights, f.weights);
    out.draft_weights = headroom::detail::max(out.draft_weights, f.draft_weights);
    out.vision_weights = headroom::detail::max(out.vision_weights, f.vision_weights);
    out.loaded_weights = headroom::detail::max(out.loaded_weights, f.loaded_weights);
    out.kv_per_token = headroom::detail::max(out.kv_per_token, f.kv_per_token);
    out.swa_kv_per_token = headroom::detail::max(out.swa_kv_per_token, f.swa_kv_per_token);
    out.swa_window = headroom::detail::max(out.swa_window, f.swa_window);
    out.state_per_seq = headroom::detail::max(out.state_per_seq, f.state_per_seq);
    out.conv_per_seq = headroom::detail::max(out.conv_per_seq, f.conv_per_seq);
  }
  if (m.file_weights != 0) {
    // A file's tensor table is one sum (model::file_weights): a rank holds it in the share the
    // circuit gives that rank, rounded down (128-bit product: no overflow).
    model circuit_only = m;
    circuit_only.file_weights = 0;
    const byte_count all = footprint_of(circuit_only, s, sliding_apart).weights;
    __extension__ using u128 = unsigned __int128;
    out.weights = all == 0 ? 0 : static_cast<byte_count>(u128{out.weights} * m.file_weights / all);
    out.draft_weights = 0;
    out.vision_weights = 0;
    out.loaded_weights = out.weights;
  }
  return out;
}
}  // namespace detail

/// Footprint of pipeline stage `stage` on one of its tp ranks (the plan must be valid).
/// Every token of a sliding layer counts unless `evict_sliding` (an engine's policy).
constexpr footprint_bytes stage_footprint(const model& m, const settings& s, const parallel& p, std::uint64_t stage,
                                          bool evict_sliding = false) {
  validate(m, p);
  return detail::stage_footprint(m, s, p, stage, main_layers(m), evict_sliding);
}

/// The heaviest rank of plan `p`: each figure at its largest over the pipeline stages. A plan
/// that breaks a rule is a compile error naming the rule (validate).
/// Every token of a sliding layer counts, as footprint(m, s).
constexpr footprint_bytes rank_footprint(const model& m, const settings& s, const parallel& p) {
  return detail::rank_footprint_of(m, s, p, false);
}
/// KV bytes per token one rank holds at tensor parallelism `tp` (pp = ep = 1): each attention
/// layer's K and V keep kv_heads / tp heads, or one replicated head when tp exceeds them; a
/// latent row (MLA) is replicated on every rank. Draft layers count when speculative. Every
/// token of a sliding layer counts (as footprint(m, s).kv_per_token).
constexpr byte_count kv_per_token_per_rank(const model& m, const settings& s, std::uint64_t tp) {
  if (tp == 0 || tp > 0xffff) validate(m, {.tp = 0});
  const parallel p{.tp = static_cast<std::uint16_t>(tp)};
  byte_count total = 0;
  const circuit& c = m.c;
  for (std::uint8_t bi = 0; bi < c.n_blocks; ++bi) {
    const std::uint64_t count = checked_add(c.uses_in(bi, section::main), s.speculative ? c.uses_in(bi, section::draft) : 0);
    if (count == 0) continue;
    const block& b = c.blocks[bi];
    for (std::size_t si = 0; si < b.n_states; ++si) {
      const state_decl& st = b.states[si];
      if (st.kind == state_kind::paged_kv && st.split != shard::replicated && rank_units(st.split, st.heads, tp) == 0) validate(m, p);
    }
    total = checked_add(total, checked_mul(count, detail::states_of(c, rank_block(b, block_tp(b, p)), s, false).kv));
  }
  return total;
}

}  // namespace headroom
