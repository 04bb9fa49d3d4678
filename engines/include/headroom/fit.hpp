// SPDX-License-Identifier: MIT
// headroom: does it fit (docs/model.md#fit). With an engine profile (the default, vLLM): the
// engine starts on every rank and its KV pool holds `seqs` requests of `context` tokens under
// its scheduler's cap (engine_memory.hpp, docs/engines.md). With engines::none, the pure
// arithmetic: usable = visible bytes x the share its usable_policy gives the device (exact);
// need = footprint.bytes(seqs,
// context); fits <=> need <= usable. Max sequences at a context is solved exactly, not read off
// a ladder. What to do when it does not fit: plan.hpp (the smallest valid parallel plan).
#pragma once

#include <array>
#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/device.hpp>
#include <headroom/engine.hpp>
#include <headroom/engine_memory.hpp>
#include <headroom/footprint.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/parallel_rules.hpp>
#include <headroom/rank_footprint.hpp>
#include <headroom/detail/settings_core.hpp>
#include <headroom/validate.hpp>
#include <headroom/verdict.hpp>

namespace headroom {

/// Speculative decoding (serve.hpp): `tokens` draft tokens a round (K, the engine's
/// num_speculative_tokens) and the mean tokens a verify step emits, A = acceptance_milli / 1000
/// (1 <= A <= K + 1; no default: a published figure for the model and data says it). The
/// draft is the checkpoint's MTP head, whose weights and KV the engine then holds
/// (settings::speculative).
struct speculation {
  std::uint32_t tokens = 0;
  std::uint32_t acceptance_milli = 1000;
  friend constexpr bool operator==(const speculation&, const speculation&) = default;
};

/// A deployment to check: `seqs` concurrent sequences of `context` tokens each, served by
/// `engine` (vLLM with its defaults unless stated) under the parallel plan `parallel`.
struct deployment {
  std::uint64_t seqs = 1;
  std::uint64_t context = 4096;
  ::headroom::settings settings{};
  ::headroom::engine engine{};
  ::headroom::parallel parallel{};
  ::headroom::speculation speculation{};
};

namespace detail {
[[noreturn]] inline void bad_deployment_at_run_time(const char* what) { fail(error_kind::bad_input, what); }
constexpr void validate(const deployment& dep) {
  if (dep.seqs == 0) {
    if (std::is_constant_evaluated()) seqs_must_be_positive();
    bad_deployment_at_run_time("deployment: seqs must be at least 1");
  }
  if (dep.context == 0) {
    if (std::is_constant_evaluated()) context_must_be_positive();
    bad_deployment_at_run_time("deployment: context must be at least 1 token");
  }
}
}  // namespace detail

/// Bytes the deployment needs on one device -- under a plan, on its heaviest rank, which
/// serves every sequence (or its share of them under DP attention). Overflow of seqs x
/// context x bytes is an error; a plan that breaks a rule is one too (parallel_rules.hpp).
constexpr byte_count need_bytes(const model& m, const deployment& dep) {
  detail::validate(dep);
  return rank_footprint(m, dep.settings, dep.parallel, dep.engine).bytes(rank_seqs(dep.seqs, dep.parallel), dep.context);
}

/// One rank of the deployment as its engine sizes it (not for engines::none).
constexpr engine_memory engine_memory_of(const model& m, const device& d, const deployment& dep) {
  detail::validate(dep);
  return engine_memory_of(m, d, dep.settings, dep.engine, dep.parallel, rank_seqs(dep.seqs, dep.parallel), dep.context);
}

/// engines::none's term: the weights alone at or above the usable bytes leave nothing for the KV
/// cache (no_memory_for_kv_cache, the term that names the weights), else the sequences' KV and
/// state do not fit beside them.
constexpr engine_term none_stopping_term(const model& m, const device& d, const deployment& dep) {
  const byte_count usable = usable_bytes(d, usable_policy_of(dep.engine));
  if (need_bytes(m, dep) <= usable) return engine_term::none;
  return rank_footprint(m, dep.settings, dep.parallel, dep.engine).loaded_weights >= usable ? engine_term::no_memory_for_kv_cache
                                                                                              : engine_term::kv_cache_cannot_hold_the_sequences;
}

/// The verdict on the deployment (verdict.hpp): under an engine, on its rank as the engine sizes
/// it (a DP-attention rank serves its share of the sequences); under engines::none, the bytes
/// needed against the usable bytes.
constexpr verdict verdict_of(const model& m, const device& d, const deployment& dep) {
  validate(d);
  if (!is_arithmetic(dep.engine)) {
    return verdict_of(engine_memory_of(m, d, dep), rank_seqs(dep.seqs, dep.parallel), dep.context);
  }
  verdict v{};
  v.needed = need_bytes(m, dep);
  v.there = usable_bytes(d, usable_policy_of(dep.engine));
  v.fits = v.needed <= v.there;
  if (v.fits) return v;
  v.term = none_stopping_term(m, d, dep);
  v.shortfall_bytes = v.needed - v.there;
  return v;
}

/// Why the deployment does not fit under its engine (engine_term::none when it does).
constexpr engine_term stopping_term(const model& m, const device& d, const deployment& dep) {
  return verdict_of(m, d, dep).term;
}

constexpr bool fits(const model& m, const device& d, const deployment& dep) { return verdict_of(m, d, dep).fits; }
/// The same check on a footprint computed once (planners reuse it across devices), under the
/// usable-memory policy `u` (engines::usable for the shipped one).
constexpr bool fits(const footprint_bytes& fp, const device& d, std::uint64_t seqs, std::uint64_t context,
                    const usable_policy& u) {
  detail::validate({seqs, context, {}});
  validate(d);
  return fp.bytes(seqs, context) <= usable_bytes(d, u);
}

/// The largest number of sequences of `context` tokens that fits; 0 if even the weights do not.
constexpr std::uint64_t max_seqs(const footprint_bytes& fp, const device& d, std::uint64_t context,
                                 const usable_policy& u) {
  detail::validate({1, context, {}});
  validate(d);
  const byte_count usable = usable_bytes(d, u);
  if (fp.loaded_weights > usable) return 0;
  const byte_count per = fp.per_seq(context);
  if (per == 0) return UINT64_MAX;  // nothing grows with sequences
  return (usable - fp.loaded_weights) / per;
}
/// The largest number of sequences of `context` tokens the engine holds (engines::none: the
/// arithmetic above); 0 if it does not start.
constexpr std::uint64_t max_seqs(const model& m, const device& d, std::uint64_t context, const settings& s,
                                 const engine& e = engine{}) {
  detail::validate({1, context, s});
  if (is_arithmetic(e)) return max_seqs(footprint(m, s, e), d, context, usable_policy_of(e));
  return max_seqs_at(engine_memory_of(m, d, s, e, parallel{}, 1, context), context);
}

/// The batch ladder and contexts of the fit table.
inline constexpr std::array<std::uint64_t, 8> fit_batches{1, 2, 4, 8, 16, 32, 64, 128};
inline constexpr std::array<std::uint64_t, 2> fit_contexts{4096, 32768};

struct fit_cell {
  byte_count need = 0;
  bool fits = false;
};
struct fit_table {
  byte_count usable = 0;
  footprint_bytes fp{};
  std::array<std::array<fit_cell, fit_contexts.size()>, fit_batches.size()> cells{};
  /// Largest ladder batch that fits at each context (0 = none).
  std::array<std::uint64_t, fit_contexts.size()> ladder_max{};
  /// Exact largest batch at each context.
  std::array<std::uint64_t, fit_contexts.size()> exact_max{};
};

/// The fit table of engines::none's arithmetic under `e` (kind none): its usable-memory policy
/// and its sliding-window policy (evict_sliding).
constexpr fit_table make_fit_table(const model& m, const device& d, const settings& s, const engine& e) {
  const usable_policy& u = usable_policy_of(e);
  fit_table t{};
  t.usable = usable_bytes(d, u);
  t.fp = footprint(m, s, e);
  for (std::size_t bi = 0; bi < fit_batches.size(); ++bi) {
    for (std::size_t ci = 0; ci < fit_contexts.size(); ++ci) {
      const byte_count need = t.fp.bytes(fit_batches[bi], fit_contexts[ci]);
      t.cells[bi][ci] = {need, need <= t.usable};
      if (need <= t.usable) t.ladder_max[ci] = fit_batches[bi];
    }
  }
  for (std::size_t ci = 0; ci < fit_contexts.size(); ++ci) t.exact_max[ci] = max_seqs(t.fp, d, fit_contexts[ci], u);
  return t;
}
/// The same under the usable-memory policy `u`, every token of a sliding layer counted.
constexpr fit_table make_fit_table(const model& m, const device& d, const settings& s, const usable_policy& u) {
  return make_fit_table(m, d, s, arithmetic_of(engine{}, u));
}

/// For each registry device, whether its usable bytes under the policy `u` alone hold `need`.
template <std::size_t N>
constexpr std::array<bool, N> holders(byte_count need, const std::array<const device*, N>& registry, const usable_policy& u) {
  std::array<bool, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = usable_bytes(*registry[i], u) >= need;
  return out;
}

}  // namespace headroom
