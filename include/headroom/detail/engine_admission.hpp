// SPDX-License-Identifier: MIT
// headroom internals of engine_memory.hpp: what every engine's rule shares -- the memory a rank
// sees at start-up, one request's blocks in the pool, the admission figures, and the bisection
// the inverse queries use.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/device.hpp>
#include <headroom/engine.hpp>
#include <headroom/engine_terms.hpp>

namespace headroom::detail {

constexpr std::uint64_t pad_to(std::uint64_t x, std::uint64_t a) { return ceil_div(x, a) * a; }

constexpr bool contains(std::string_view s, std::string_view what) { return s.find(what) != std::string_view::npos; }

/// The total cudaMemGetInfo reports: the device's memory less what the driver keeps.
constexpr byte_count visible_total(const device& d) { return sat_sub(d.memory_bytes, engine_constants::driver_hidden_bytes); }

/// One rank's memory before the engine's own rule: the total cudaMemGetInfo shows, the CUDA
/// context and runtime it holds, and what is free at start-up.
constexpr engine_memory memory_at_start(engine_kind kind, const device& d) {
  engine_memory em{};
  em.kind = kind;
  em.total_bytes = visible_total(d);
  em.driver_reserved_bytes = engine_constants::cuda_context_bytes;
  em.free_at_start_bytes = sat_sub(em.total_bytes, em.driver_reserved_bytes);
  return em;
}

/// vLLM: the bytes one request of `len` tokens holds in compressor-state pages (DeepSeek-V4).
/// Each is a SlidingWindowMLASpec (vllm/model_executor/layers/deepseek_compressor.py @0de10a2,
/// CompressorStateCache.get_kv_cache_spec) whose request holds, like any sliding window,
/// cdiv(min(rows - 1 + max_num_batched_tokens, len), block) + 1 pages
/// (vllm/v1/kv_cache_interface.py SlidingWindowSpec.max_memory_usage_bytes): every scheduled
/// token of a prefill chunk writes its own state slot (_save_partial_states_kernel).
constexpr byte_count vllm_compressor_bytes(const engine_memory& em, std::uint64_t len) {
  byte_count b = 0;
  for (const compressor_state_pages& g : em.compressor_pages) {
    if (g.layers == 0) continue;
    const std::uint64_t span = std::min(checked_add(g.rows - 1, em.max_num_batched_tokens), len);
    const std::uint64_t pages = ceil_div(span, g.block_tokens) + 1;
    b = checked_add(b, checked_mul(checked_mul(g.layers, pages), g.page_bytes));
  }
  return b;
}

/// Blocks one request of `len` tokens needs in the pool of `em` (the engine's own rule).
constexpr std::uint64_t request_blocks(const engine_memory& em, std::uint64_t len) {
  switch (em.kind) {
    case engine_kind::vllm: {
      // vllm/v1/kv_cache_interface.py max_memory_usage_bytes, per group: full attention
      // cdiv(L, bs); sliding (cdiv(min(W - 1 + batched, L), bs) + 1); Mamba 1 page
      // (mamba_cache_mode "none"), 2 in "align" mode.
      std::uint64_t b = checked_mul(em.groups_full, ceil_div(len, em.block_size_tokens));
      if (em.groups_sliding != 0) {
        const std::uint64_t sbs = em.sliding_block_size_tokens != 0 ? em.sliding_block_size_tokens : em.block_size_tokens;
        b = checked_add(b, checked_mul(em.groups_sliding, ceil_div(std::min(em.sliding_span, len), sbs) + 1));
      }
      // Compressor-state pages share the KV tensors' memory (deepseek_compressor.py: "compressor
      // states share the same physical tensor as KV blocks"): their bytes in whole blocks.
      if (em.block_bytes != 0) b = checked_add(b, ceil_div(vllm_compressor_bytes(em, len), em.block_bytes));
      return checked_add(b, checked_mul(em.groups_state, em.state_pages_per_request));
    }
    case engine_kind::sglang: return ceil_div(len, em.block_size_tokens);  // a token pool, page-aligned
    case engine_kind::trtllm:
      // _util.py: cdiv(len + 1 generated token, tokens_per_block).
      return ceil_div(checked_add(len, 1), em.block_size_tokens);
    case engine_kind::llama_cpp: return len <= em.n_ctx_seq ? 1 : UINT64_MAX;  // one stream per sequence
    case engine_kind::none: break;
  }
  return 1;
}

constexpr void finish_admission(engine_memory& em) {
  em.request_blocks = request_blocks(em, em.max_model_len);
  if (em.kind == engine_kind::llama_cpp) return;  // set by the llama.cpp rule
  em.request_bytes = checked_mul(em.request_blocks, em.block_bytes);
  em.max_concurrency = em.request_blocks == 0 ? 0 : em.kv_cache_blocks / em.request_blocks;
  em.max_concurrency_hundredths =
      em.request_blocks == 0 ? 0 : (checked_mul(em.kv_cache_blocks, 200) + em.request_blocks) / (2 * em.request_blocks);
}

/// The largest x in [1, hi] with ok(x), given ok(1) and ok monotone (true then false): the one
/// bisection both the admission search and the inverse queries use.
template <typename Ok>
constexpr std::uint64_t largest_true(std::uint64_t hi, Ok ok) {
  if (ok(hi)) return hi;
  std::uint64_t good = 1;
  std::uint64_t bad = hi;
  while (bad - good > 1) {
    const std::uint64_t mid = good + (bad - good) / 2;
    (ok(mid) ? good : bad) = mid;
  }
  return good;
}

/// The largest len in [1, hi] with request_blocks(len) x block_bytes <= available (0: none),
/// by bisection over a monotone need (vLLM's _estimate_max_model_len_from_groups).
constexpr std::uint64_t largest_len(const engine_memory& em, std::uint64_t hi) {
  auto ok = [&](std::uint64_t len) {
    return checked_mul(request_blocks(em, len), em.block_bytes) <= em.available_kv_cache_bytes;
  };
  if (hi == 0 || !ok(1)) return 0;
  return largest_true(hi, ok);
}

}  // namespace headroom::detail
