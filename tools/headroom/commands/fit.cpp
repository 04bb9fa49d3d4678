// SPDX-License-Identifier: MIT
// `fit`: whether a load fits on one device under its engine (a fit_answer; rendered by
// markdown.cpp and json_commands.cpp). Every figure is the engine's answer: engines::none's
// arithmetic (visible x 0.9) only when the query asks for `--engine none`.
#include <headroom/devices.hpp>

#include "headroom/commands.hpp"
#include "headroom/commands/report.hpp"
#include <headroom/engines/none.hpp>

namespace headroom::cli {

byte_count engine_pool_bytes(const engine_memory& em) {
  // llama.cpp allocates its cells whole (block_bytes 0); the block engines hand out whole blocks,
  // so the bytes of the blocks, not the bytes available, bound the load.
  if (engines::rules_of(em.kind).whole_cells || em.block_bytes == 0) return em.available_kv_cache_bytes;
  return checked_mul(em.kv_cache_blocks, em.block_bytes);
}

byte_count engine_load_bytes(const engine_memory& em, std::uint64_t seqs, std::uint64_t context) {
  // llama.cpp: one stream of n_ctx_seq cells per sequence, whatever the context asked.
  if (engines::rules_of(em.kind).whole_cells || em.block_bytes == 0) return checked_mul(seqs, em.request_bytes);
  return checked_mul(checked_mul(seqs, detail::request_blocks(em, context)), em.block_bytes);
}

namespace {
// The answer without the advice and the other holders (the report's table asks it 16 times).
fit_answer size_load(const model& m, const device& d, const settings& s, std::uint64_t seqs, std::uint64_t context,
                     const engine& e, const parallel& p) {
  fit_answer a{};
  a.seqs = seqs;
  a.context = context;
  a.plan = p;
  a.e = e;
  a.fp = rank_footprint(m, s, p, e);
  const deployment dep{seqs, context, s, e, p};
  validate(d);  // as fits() does, before any byte of the device is read
  if (!is_arithmetic(e)) {
    // The rank is sized by its engine once; the verdict, and so `fits`, read that one answer.
    // usable = the weights + the KV pool the engine leaves them; need = the weights + the load's
    // whole blocks: need <= usable is the pool's own admission rule (the scheduler cap aside).
    a.em = engine_memory_of(m, d, dep);
    a.v = verdict_of(a.em, rank_seqs(seqs, p), context);
    a.per_seq = engine_load_bytes(a.em, 1, context);
    a.usable = checked_add(a.em.loaded_weights_bytes_per_rank, engine_pool_bytes(a.em));
    a.need = checked_add(a.em.loaded_weights_bytes_per_rank, engine_load_bytes(a.em, rank_seqs(seqs, p), context));
  } else {
    a.per_seq = a.fp.per_seq(context);
    a.usable = usable_bytes(d, engines::usable);
    a.need = need_bytes(m, dep);
    a.v = load_verdict(m, d, s, e, seqs, context, p);
  }
  a.fits = a.v.fits;
  // Per rank; data parallel replicas and DP-attention ranks each serve their share of the sequences.
  // llama.cpp sizes its cells by the slots asked (n_seq_max: --parallel, else the load's
  // sequences), so its maximum is read off the rank sized for the load, not for one sequence.
  const std::uint64_t per_rank = is_arithmetic(e)        ? max_seqs(a.fp, d, context, usable_policy_of(e))
                                 : engines::rules_of(e).whole_cells ? max_seqs_at(a.em, context)
                                                                    : max_seqs_at(engine_memory_of(m, d, {1, context, s, e, p}), context);
  a.max_seqs = per_rank != UINT64_MAX ? checked_mul(per_rank, seq_shares(p)) : per_rank;
  return a;
}
}  // namespace

fit_answer compute_fit(const model& m, const device& d, const settings& s, std::uint64_t seqs, std::uint64_t context,
                       const engine& e, const parallel& p) {
  fit_answer a = size_load(m, d, s, seqs, context, e, p);
  if (!a.fits) a.advice = smallest_plan(m, d, {seqs, context, s, e});
  a.holders = report::other_holders(m, d, s, e, seqs, context);
  return a;
}

fit_table engine_fit_table(const model& m, const device& d, const settings& s, const engine& e, const parallel& p,
                           std::array<byte_count, fit_contexts.size()>& usable_at) {
  fit_table t{};
  t.fp = rank_footprint(m, s, p, e);
  for (std::size_t ci = 0; ci < fit_contexts.size(); ++ci) {
    for (std::size_t bi = 0; bi < fit_batches.size(); ++bi) {
      const fit_answer a = size_load(m, d, s, fit_batches[bi], fit_contexts[ci], e, p);
      t.cells[bi][ci] = {a.need, a.fits};
      if (a.fits) t.ladder_max[ci] = fit_batches[bi];
      if (bi == 0) {
        t.exact_max[ci] = a.max_seqs;
        usable_at[ci] = a.usable;
      }
    }
  }
  t.usable = usable_at[0];
  return t;
}

}  // namespace headroom::cli
