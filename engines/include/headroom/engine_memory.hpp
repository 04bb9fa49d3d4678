// SPDX-License-Identifier: MIT
// headroom: engine-true memory -- how a serving engine turns one rank's device memory into a KV
// pool, term by term, as the engine's own source computes it (docs/engines.md cites each).
//
//   vLLM (V1)    available_kv = total x gpu_memory_utilization
//                               - (weights + activation peak + non-torch increase + CUDA graphs)
//                vllm/v1/worker/gpu_worker.py determine_available_memory (vllm-project/vllm
//                @35d5cda123ec28581759b6d34cde8052314fb1e6), graphs since v0.21.0 (PR #38284);
//                blocks = available // (page x group size), vllm/v1/core/kv_cache_utils.py
//                @001cabc1be16a59a70d720ed61a13b678c060a18.
//   SGLang       kv = mem_fraction_static x free_before_load - (free_before_load - free_after_load)
//                python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py
//                profile_max_num_token (sgl-project/sglang @226149ac457bd1a1b5d450f55c01f72f604320d6).
//   TensorRT-LLM available_kv = (total - (weights + activation peak + non-torch)) x free_gpu_memory_fraction
//                tensorrt_llm/_torch/pyexecutor/_util.py KvCacheCreator._cal_max_tokens
//                (NVIDIA/TensorRT-LLM @d8ae02caed59708512e5aa578a09bb09f365bfed).
//   llama.cpp    no budget: KV = cells x row bytes, allocated whole; it starts when weights + KV +
//                compute buffer fit (src/llama-kv-cache.cpp @3514e9f6e795d3b3cd88d6614f6c07e7ce6f916f).
//
// Everything is per rank: the bytes come from rank_footprint(model, settings, parallel).
// The result types and constants are in engine_terms.hpp; each engine's rule is internal, in
// detail/engine_vllm.hpp, engine_sglang.hpp, engine_trtllm.hpp and engine_llama_cpp.hpp, over
// the shared admission pieces of detail/engine_admission.hpp and the rank's layer layout of
// detail/engine_layout.hpp.
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/detail/engine_admission.hpp>
#include <headroom/detail/engine_layout.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/device.hpp>
#include <headroom/engine.hpp>
#include <headroom/engine_footprint.hpp>
#include <headroom/engine_laws.hpp>
#include <headroom/engine_rules.hpp>
#include <headroom/engine_terms.hpp>
#include <headroom/footprint.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/rank_footprint.hpp>
#include <headroom/detail/settings_core.hpp>
#include <headroom/engines/all_rules.hpp>

namespace headroom {

/// One rank of `m` on `d` as engine `e` sizes it, for `seqs` sequences of `context` tokens
/// (context is max_model_len unless the engine's knob sets it).
/// `memo`: where a search keeps the footprints it has worked out (footprint_memo; null: none).
constexpr engine_memory engine_memory_of(const model& m, const device& d, const settings& s, const engine& e,
                                         const parallel& p, std::uint64_t seqs, std::uint64_t context,
                                         footprint_memo* memo = nullptr) {
  validate(e), validate(d);  // the profile's knobs and the device, once per evaluation
  // Every engine's KV manager keeps sliding layers apart from full ones and decides itself what
  // they hold (the rules below), so the footprint keeps them apart whatever e.evict_sliding says.
  const footprint_bytes fp = rank_footprint_of(memo, m, s, dp_layout(p, e), true);
  const detail::kv_layout l = detail::layout_of(m, fp, s);
  const engine_rules& rules = engines::rules_of(e);
  if (rules.memory == nullptr) {
    detail::require_table(false, "engine_memory_of: the `none` engine has no engine memory (use footprint)");
    return {};
  }
  return rules.memory({m, d, s, e, p, fp, l, seqs, context});
}

namespace detail {
/// Blocks one request of `len` tokens needs in the pool of `em`, by its engine's own rule.
constexpr std::uint64_t request_blocks(const engine_memory& em, std::uint64_t len) {
  return engines::rules_of(em.kind).request_blocks(em, len);
}
/// The longest request the pool of `em` holds one of, up to `hi` (0: none).
constexpr std::uint64_t largest_len(const engine_memory& em, std::uint64_t hi) {
  return largest_len(em, hi, engines::rules_of(em.kind).request_blocks);
}
}  // namespace detail

/// Requests of `context` tokens the engine holds at once: the pool divided by one request's
/// blocks, capped by the scheduler (max_num_seqs / max_running_requests / max_batch_size /
/// n_seq_max); 0 if it does not start or `context` exceeds max_model_len.
constexpr std::uint64_t max_seqs_at(const engine_memory& em, std::uint64_t context) {
  if (!em.engine_starts || context > em.max_model_len) return 0;
  if (engines::rules_of(em.kind).whole_cells) return context <= em.n_ctx_seq ? em.max_num_seqs : 0;
  const std::uint64_t per = detail::request_blocks(em, context);
  return headroom::detail::min(per == 0 ? UINT64_MAX : em.kv_cache_blocks / per, em.max_num_seqs);
}

/// The same when every request begins with the same `shared` tokens that the engine's prefix
/// cache holds once (a system prompt): the prefix's whole blocks (whole block_size_tokens; the
/// engines share full blocks, a partial one is each request's own) are in the pool once, and each
/// request holds the blocks of the rest, those of a request of context - shared tokens (its
/// states, its own window). llama.cpp's per-slot cells share nothing: max_seqs_at.
constexpr std::uint64_t max_seqs_sharing(const engine_memory& em, std::uint64_t context, std::uint64_t shared) {
  if (!em.engine_starts || context > em.max_model_len) return 0;
  const std::uint64_t bs = em.block_size_tokens == 0 ? 1 : em.block_size_tokens;
  const std::uint64_t whole = shared < context ? shared - shared % bs : 0;
  if (whole == 0 || engines::rules_of(em.kind).whole_cells) return max_seqs_at(em, context);
  const std::uint64_t own = detail::request_blocks(em, context - whole);
  const std::uint64_t all = detail::request_blocks(em, context);
  const std::uint64_t once = all > own ? all - own : 0;
  if (all > em.kv_cache_blocks) return 0;  // not one request (its prefix with it)
  return headroom::detail::min(own == 0 ? UINT64_MAX : (em.kv_cache_blocks - once) / own, em.max_num_seqs);
}

/// Why `seqs` x `context` does not fit (engine_term::none when it does).
constexpr engine_term stopping_term(const engine_memory& em, std::uint64_t seqs, std::uint64_t context) {
  if (!em.engine_starts) return em.stops;
  if (context > em.max_model_len) return engine_term::context_above_max_model_len;
  if (seqs > em.max_num_seqs) return engine_term::max_num_seqs_below_the_sequences;
  if (seqs > max_seqs_at(em, context)) return engine_term::kv_cache_cannot_hold_the_sequences;
  return engine_term::none;
}

/// Blocks `seqs` requests of `tokens` tokens hold in a pool with a null block (vLLM's) while each
/// decodes its next token, plus that block: seqs x request_blocks(tokens + 1) + 1 -- with full
/// attention seqs x (floor(tokens / block_size) + 1) + 1 (vllm/v1/core/block_pool.py reserves
/// block 0 as the null block; a request's next token takes a new block when its blocks are full).
/// Other engines: seqs x request_blocks(tokens).
constexpr std::uint64_t kv_blocks_for(const engine_memory& em, std::uint64_t seqs, std::uint64_t tokens) {
  if (engines::rules_of(em.kind).null_block) return checked_add(checked_mul(seqs, detail::request_blocks(em, checked_add(tokens, 1))), 1);
  return checked_mul(seqs, detail::request_blocks(em, tokens));
}

/// Inverse query: the largest concurrency whose requests of input + output tokens all fit under
/// the block admission rule above (exact; 0 if none), capped by the scheduler and max_model_len.
constexpr std::uint64_t max_concurrency_at(const engine_memory& em, std::uint64_t input, std::uint64_t output) {
  const std::uint64_t tokens = checked_add(input, output);
  if (!em.engine_starts || tokens > em.max_model_len) return 0;
  const engine_rules& rules = engines::rules_of(em.kind);
  if (rules.whole_cells) return tokens <= em.n_ctx_seq ? em.max_num_seqs : 0;
  const std::uint64_t per = kv_blocks_for(em, 1, tokens) - (rules.null_block ? 1 : 0);
  const std::uint64_t pool = rules.null_block ? (em.kv_cache_blocks == 0 ? 0 : em.kv_cache_blocks - 1) : em.kv_cache_blocks;
  return headroom::detail::min(per == 0 ? UINT64_MAX : pool / per, em.max_num_seqs);
}

/// Inverse query: the longest input such that `concurrency` requests of input + output tokens
/// fit under the same rule (0: none), by bisection over the monotone block need.
constexpr std::uint64_t longest_input_at(const engine_memory& em, std::uint64_t concurrency, std::uint64_t output) {
  if (!em.engine_starts || concurrency == 0 || concurrency > em.max_num_seqs || output >= em.max_model_len) return 0;
  auto ok = [&](std::uint64_t input) { return max_concurrency_at(em, input, output) >= concurrency; };
  std::uint64_t hi = em.max_model_len - output;
  if (!ok(1)) return 0;
  return detail::largest_true(hi, ok);
}

}  // namespace headroom
