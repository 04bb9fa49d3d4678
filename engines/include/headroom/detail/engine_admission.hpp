// SPDX-License-Identifier: MIT
// headroom internals of engine_memory.hpp: what every engine's rule shares -- the memory a rank
// sees at start-up, one request's blocks in the pool, the admission figures, and the bisection
// the inverse queries use.
#pragma once

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

/// An engine's rule for the blocks one request of `len` tokens needs in its pool.
using request_blocks_rule = std::uint64_t (*)(const engine_memory& em, std::uint64_t len);

/// The admission figures of a pool of blocks, by the engine's own `request_blocks`.
constexpr void finish_admission(engine_memory& em, request_blocks_rule request_blocks) {
  em.request_blocks = request_blocks(em, em.max_model_len);
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
constexpr std::uint64_t largest_len(const engine_memory& em, std::uint64_t hi, request_blocks_rule request_blocks) {
  auto ok = [&](std::uint64_t len) {
    return checked_mul(request_blocks(em, len), em.block_bytes) <= em.available_kv_cache_bytes;
  };
  if (hi == 0 || !ok(1)) return 0;
  return largest_true(hi, ok);
}

}  // namespace headroom::detail
