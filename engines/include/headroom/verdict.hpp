// SPDX-License-Identifier: MIT
// headroom: the verdict on one rank an engine has sized -- whether the load fits, the engine term
// that stops it, and the numbers that disagree (what the term needed and what there was; the
// bytes the rank lacks). HEADROOM_ASSERT_FITS names these numbers in its compile error, fits()
// reads `fits`, and the CLI prints them (fit, report, header): one computation for all three.
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/engine_memory.hpp>
#include <headroom/engine_terms.hpp>

namespace headroom {

/// Whether a load fits and, if not, the term that stops it, with its two numbers and the
/// shortfall. Structural: HEADROOM_ASSERT_FITS passes it as a template argument.
struct verdict {
  bool fits = true;
  engine_term term = engine_term::none;
  byte_count shortfall_bytes = 0;  ///< bytes the rank lacks for the load (0 when it fits)
  /// What `term` compares (0 when it fits): bytes, tokens or sequences needed, and what there
  /// was -- free_memory_below_budget: the budget and the free memory at start-up;
  /// no_memory_for_kv_cache: the terms and the budget; kv_cache_cannot_hold_one_request: one
  /// request's bytes and the pool; context_above_max_model_len: the context and max_model_len;
  /// max_num_seqs_below_the_sequences: the sequences and the cap;
  /// kv_cache_cannot_hold_the_sequences: the sequences and those the pool holds. engines::none:
  /// the bytes needed and the usable bytes, whatever the term.
  std::uint64_t needed = 0;
  std::uint64_t there = 0;
  friend constexpr bool operator==(const verdict&, const verdict&) = default;
};

/// The verdict on one rank `em` already sized by its engine (not engines::none) for `seqs`
/// requests (that rank's share) of `context` tokens.
constexpr verdict verdict_of(const engine_memory& em, std::uint64_t seqs, std::uint64_t context) {
  verdict v{};
  v.term = stopping_term(em, seqs, context);
  v.fits = v.term == engine_term::none;
  if (v.fits) return v;
  switch (v.term) {
    case engine_term::free_memory_below_budget: v.needed = em.budget_bytes, v.there = em.free_at_start_bytes; break;
    case engine_term::no_memory_for_kv_cache:
      v.needed = checked_add(em.budget_bytes, em.kv_shortfall_bytes), v.there = em.budget_bytes;
      break;
    case engine_term::kv_cache_cannot_hold_one_request:
      v.needed = em.request_bytes, v.there = em.available_kv_cache_bytes;
      break;
    case engine_term::context_above_max_model_len: v.needed = context, v.there = em.max_model_len; break;
    case engine_term::max_num_seqs_below_the_sequences: v.needed = seqs, v.there = em.max_num_seqs; break;
    case engine_term::kv_cache_cannot_hold_the_sequences: v.needed = seqs, v.there = max_seqs_at(em, context); break;
    case engine_term::none: break;
  }
  if (v.term == engine_term::context_above_max_model_len) {
    return v;  // a length stops it, not bytes: no shortfall
  }
  if (v.term == engine_term::free_memory_below_budget) {
    v.shortfall_bytes = em.budget_bytes - em.free_at_start_bytes;
  } else if (engines::rules_of(em.kind).whole_cells) {
    v.shortfall_bytes = em.kv_shortfall_bytes;  // cells are allocated whole: the overdraft is the shortfall
  } else {
    // What the pool lacks for `seqs` requests of `context`, plus what the terms already overdraw.
    const std::uint64_t per = detail::request_blocks(em, headroom::detail::min(context, em.max_model_len));
    const byte_count need_kv = checked_mul(checked_mul(seqs, per), em.block_bytes);
    const byte_count pool = checked_mul(em.kv_cache_blocks, em.block_bytes);
    v.shortfall_bytes = checked_add(em.kv_shortfall_bytes, need_kv > pool ? need_kv - pool : 0);
  }
  return v;
}

}  // namespace headroom
