// SPDX-License-Identifier: MIT
// headroom internals of engine_sglang.hpp: SGLang's Mamba / GDN state pool -- the request state
// slots it carves from the budget before the token pool, the speculative scratch beside them,
// and the cap the slots put on max_running_requests. All of it is
// KVCacheConfigurator._handle_max_mamba_cache, _calculate_mamba_ratio and resolve_max_num_reqs
// in python/sglang/srt/mem_cache/kv_cache_configurator.py
// (sgl-project/sglang @003fca8027387a3d6565b2c08e497e3020ac6211).
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/engine.hpp>

namespace headroom::detail {

/// State slots a running request holds (_calculate_mamba_ratio): 1 without the radix cache;
/// with it 3 (MAMBA_CACHE_SIZE_MAX_RUNNING_REQUESTS_RATIO), and 2 more under
/// --mamba-scheduler-strategy extra_buffer with the overlap scheduler, SGLang's default
/// (MAMBA_CACHE_V2_ADDITIONAL_RATIO_OVERLAP).
constexpr std::uint64_t sglang_mamba_ratio(const sglang_knobs& k) {
  if (k.disable_radix_cache) return 1;
  return 3 + (k.mamba_extra_buffer ? 2 : 0);
}

/// SGLang's max_running_requests when speculative decoding leaves it unset: every algorithm
/// (EAGLE / NEXTN / MTP, STANDALONE, NGRAM, DFLASH) resets it to 48 for every model, hybrid or
/// not ("Max running requests is reset to 48 for speculative decoding": _handle_eagle_family,
/// python/sglang/srt/arg_groups/speculative_hook.py @004c82e07d876f6e4a0ad6e15325706b0f478f1a;
/// ServerArgs._handle_speculative_decoding in server_args.py before the split).
inline constexpr std::uint64_t sglang_speculative_running_requests = 48;
/// --speculative-num-draft-tokens when unset: _auto_choose_speculative_params's (steps, topk,
/// draft tokens) = (3, 1, 4) for every architecture but Llama and Grok's (5, 4, 8)
/// (speculative_hook.py @004c82e07d876f6e4a0ad6e15325706b0f478f1a; older releases gave
/// (5, 4, 8) to every architecture not listed). No Llama or Grok checkpoint is a hybrid, and
/// the draft count is read only for a hybrid's intermediate states.
inline constexpr std::uint64_t sglang_default_draft_tokens = 4;

struct sglang_mamba_pool {
  std::uint64_t slots = 0;       ///< max_mamba_cache_size
  byte_count state_bytes = 0;    ///< (slots + 1) x state per request: the pool's padding slot too
  byte_count scratch_bytes = 0;  ///< speculative intermediate states: per request x (requests + 1) x draft tokens
};

/// The pool carved from `rest` (the budget after the weights) for `per_req` bytes of state per
/// request, `mrr` requested running requests (0: unset) and `draft` draft tokens (0: not
/// speculative). Three ways, in SGLang's order:
///   --max-mamba-cache-size        that many slots;
///   --disable-radix-cache + mrr   mrr slots (one per request, ratio 1);
///   otherwise                     the slots of rest x r / (1 + r) (r = mamba_full_memory_ratio),
///                                 the padding slot included: K = (budget - per_req) // per_req;
///                                 speculative, the scratch shares that budget:
///                                 (K + 1) x per_req + (K / ratio + 1) x D x per_req = budget,
///                                 K = (budget - per_req (1 + D)) // (per_req (1 + D / ratio)).
/// The scratch holds D states for each request the slots admit, min(mrr, K // ratio), and for
/// the padding slot; under the second rule for all K + 1 slots.
constexpr sglang_mamba_pool sglang_mamba_pool_of(byte_count rest, byte_count per_req, const sglang_knobs& k,
                                                 std::uint64_t mrr, std::uint64_t draft) {
  sglang_mamba_pool p{};
  if (per_req == 0) return p;
  const std::uint64_t ratio = sglang_mamba_ratio(k);
  std::uint64_t scratch_reqs = 0;  // requests the scratch is sized for, without the padding slot
  if (k.max_mamba_cache_size != 0) {
    p.slots = k.max_mamba_cache_size;
    scratch_reqs = headroom::detail::min(mrr, p.slots / ratio);
  } else if (k.disable_radix_cache && mrr != 0) {
    p.slots = mrr;
    scratch_reqs = p.slots;
  } else {
    const std::uint32_t r = k.mamba_full_memory_ratio.millionths;
    const byte_count budget = checked_mul(rest, r) / (1'000'000 + r);
    if (draft == 0) {
      p.slots = sat_sub(budget, per_req) / per_req;
    } else {
      // x // (a (1 + D / ratio)) = x ratio // (a (ratio + D)), exact in integers.
      const byte_count top = sat_sub(budget, checked_mul(per_req, 1 + draft));
      p.slots = checked_mul(top, ratio) / checked_mul(per_req, ratio + draft);
      scratch_reqs = headroom::detail::min(mrr, p.slots / ratio);
    }
  }
  p.state_bytes = checked_mul(p.slots + 1, per_req);
  if (draft != 0) p.scratch_bytes = checked_mul(checked_mul(per_req, scratch_reqs + 1), draft);
  return p;
}

/// max_running_requests per worker (resolve_max_num_reqs): the requested value, else
/// clamp(int(tokens / context x 512), 2048, 4096); at most half the token pool; for a hybrid at
/// most the state slots / ratio. `state_slots` is UINT64_MAX for a model without state.
constexpr std::uint64_t sglang_running_requests(std::uint64_t requested, std::uint64_t tokens, std::uint64_t context,
                                                std::uint64_t state_slots, std::uint64_t ratio) {
  std::uint64_t mrr = requested;
  if (mrr == 0) mrr = headroom::detail::clamp<std::uint64_t>(checked_mul(tokens, 512) / headroom::detail::max<std::uint64_t>(context, 1), 2048, 4096);
  mrr = headroom::detail::min(mrr, tokens / 2);
  if (state_slots != UINT64_MAX) mrr = headroom::detail::min(mrr, state_slots / ratio);
  return mrr;
}

}  // namespace headroom::detail
