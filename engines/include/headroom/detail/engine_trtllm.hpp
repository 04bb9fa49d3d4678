// SPDX-License-Identifier: MIT
// headroom internals of engine_memory.hpp: TensorRT-LLM's memory rule -- a fraction of what is
// free after the estimation run, in blocks of tokens_per_block.
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/detail/engine_admission.hpp>
#include <headroom/detail/engine_layout.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/device.hpp>
#include <headroom/engine.hpp>
#include <headroom/engine_terms.hpp>
#include <headroom/footprint.hpp>
#include <headroom/model.hpp>

namespace headroom::detail {

/// TensorRT-LLM: _util.py's cdiv(len + 1 generated token, tokens_per_block).
constexpr std::uint64_t trtllm_request_blocks(const engine_memory& em, std::uint64_t len) {
  return ceil_div(checked_add(len, 1), em.block_size_tokens);
}

constexpr engine_memory trtllm_memory(const model& m, const device& d, const trtllm_knobs& k, const footprint_bytes& fp,
                                      const kv_layout& l, std::uint64_t context) {
  engine_memory em = memory_at_start(engine_kind::trtllm, d);
  em.budget_fraction = k.free_gpu_memory_fraction;
  em.loaded_weights_bytes_per_rank = fp.loaded_weights;
  em.max_num_batched_tokens = k.max_num_tokens;
  em.max_num_seqs = k.max_batch_size;
  em.max_model_len = k.max_seq_len != 0 ? k.max_seq_len : context;
  em.activation_peak_bytes = forward_peak_bytes(m, k.max_num_tokens, l.hidden);
  // extra_cost: everything non-torch after the estimation run (CUDA context, NCCL).
  em.non_torch_bytes = engine_constants::cuda_context_bytes;
  const byte_count peak = checked_add(checked_add(em.loaded_weights_bytes_per_rank, em.activation_peak_bytes), em.non_torch_bytes);
  const byte_count free_after = sat_sub(em.total_bytes, peak);
  em.budget_bytes = free_after;
  em.kv_shortfall_bytes = sat_sub(peak, em.total_bytes);
  em.available_kv_cache_bytes = scale(free_after, k.free_gpu_memory_fraction);
  // TensorRT-LLM sizes one token of every attention layer (sliding layers included).
  const byte_count per_token = checked_add(l.full_per_token, l.swa_per_token);
  em.block_size_tokens = k.tokens_per_block;
  em.block_bytes = checked_mul(per_token, k.tokens_per_block);
  std::uint64_t tokens = per_token == 0 ? 0 : em.available_kv_cache_bytes / per_token;
  // Both free_gpu_memory_fraction and max_tokens set: "The smaller value will be used."
  if (k.max_tokens != 0) tokens = headroom::detail::min(tokens, k.max_tokens);
  // blocks_in_primary_pool = ceil(max_tokens / tokens_per_block); the log's token count is blocks x tpb.
  em.kv_cache_blocks = ceil_div(tokens, k.tokens_per_block);
  em.kv_cache_tokens = em.kv_cache_blocks * k.tokens_per_block;
  em.pool_tokens_per_group = em.kv_cache_tokens;
  finish_admission(em, trtllm_request_blocks);
  if (em.kv_cache_blocks == 0) em.stops = engine_term::no_memory_for_kv_cache;
  em.engine_starts = em.stops == engine_term::none;
  return em;
}

}  // namespace headroom::detail
