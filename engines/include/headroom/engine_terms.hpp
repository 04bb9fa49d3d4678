// SPDX-License-Identifier: MIT
// headroom: what an engine's memory rule produces for one rank (engine_memory.hpp computes it):
// the constants the rules share, the term that stops a deployment, and every term, pool and
// admission figure of one rank (docs/engines.md).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/detail/enum_table.hpp>
#include <headroom/engine.hpp>

namespace headroom {

/// Constants the engines' memory rules need that neither the model nor the device gives. Each
/// is read off public startup logs (docs/engines.md, "Calibration", lists every log).
namespace engine_constants {
/// Memory the driver keeps out of cudaMemGetInfo's total (nvidia-smi's total minus what the
/// engines see as total): vLLM PR #10511 logs total_gpu_memory 79.22 GiB on an H100 whose
/// nvidia-smi total is 81,559 MiB (437.7 MiB hidden); vLLM issue #10517 logs 23.58 GiB on an
/// RTX 3090 of 24,576 MiB (430 MiB hidden).
inline constexpr byte_count driver_hidden_bytes = 438ULL * mib;
/// Device memory the CUDA context and framework runtime hold before an engine measures free
/// memory (TP 1, no communicator). LMCache issue #3430 (vLLM 0.21.0, RTX A5000 of 23.56 GiB
/// visible) passed vLLM's start-up check "free >= 0.9764 x total", so the context there held at
/// most (1 - 0.9764) x 23.56 GiB = 0.556 GiB; SGLang PR #18263 (ROCm, 288 GiB device) shows
/// 0.82 GiB (287.18 GiB free before the weights load), a larger ROCm context.
inline constexpr byte_count cuda_context_bytes = 563ULL * mib;  // 0.55 GiB
/// The non-torch memory vLLM's profiling forward adds (cuBLAS / cuDNN workspaces of the first
/// matmuls): "non_torch_memory takes 0.20GiB" (vLLM PR #14447, 23.58 GiB cards) and "0.16GiB"
/// (vLLM PR #12126, H100). Not scaled with TP: NCCL is set up before the snapshot the increase
/// is measured from, and the custom all-reduce's IPC buffers are about 16 MiB a rank at any TP
/// (docs/engines.md, "vLLM", which records why no per-TP rule is modelled).
inline constexpr byte_count vllm_non_torch_bytes = 205ULL * mib;  // 0.20 GiB
/// fp32 [num_reqs, vocab] buffers alive at the peak of vLLM's dummy sampler run with top-k and
/// top-p on, counted from the sort-based sampler (vllm/v1/sample/sampler.py
/// @00ec97818a85e1d66b7594e314594651a3ad4263, _apply_top_k_top_p at its scatter): bf16 logits
/// 0.5 + scaled fp32 logits 1 + sorted values 1 + int64 indices 2 + top-k mask 0.25 + sorted
/// softmax 1 + cumsum 1 + top-p mask 0.25 + scattered result 1 = 8. The logs whose profile is
/// sampler-bound give 10.3 (vLLM PR #10511), 9.6 to 9.7 (issues #27508 and #23278) and about 5
/// (LMCache issue #3430, vLLM 0.21.0); today's FlashInfer / Triton sampler counts 3.5
/// (docs/engines.md). 8 keeps every log within its tolerance.
inline constexpr std::uint64_t vllm_sampler_fp32_buffers = 8;
/// CUDA-graph memory vLLM >= 0.21 subtracts (VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1), per
/// captured graph: LMCache issue #3430 (vLLM 0.21.0, Qwen3-8B) logs "PIECEWISE=51 (largest=512),
/// FULL=35 (largest=256)" and "Estimated CUDA graph memory: 0.52 GiB total", 0.52 GiB / 86.
inline constexpr byte_count vllm_cudagraph_bytes_per_graph = 52ULL * gib / 100 / 86;
}  // namespace engine_constants

/// The term that stopped a deployment, for diagnostics and the CLI.
enum class engine_term : std::uint8_t {
  none,                               ///< it fits
  free_memory_below_budget,           ///< vLLM: free memory at start-up < utilization x total
  no_memory_for_kv_cache,             ///< weights + activations + graphs + non-torch >= the budget
  kv_cache_cannot_hold_one_request,   ///< the pool holds less than one request of max_model_len
  context_above_max_model_len,        ///< the deployment's context exceeds the engine's limit
  kv_cache_cannot_hold_the_sequences, ///< the pool holds fewer sequences than asked
  max_num_seqs_below_the_sequences,   ///< the scheduler's cap (max_num_seqs, ...) is lower
};
/// Every term, in declaration order.
inline constexpr std::array all_engine_terms{engine_term::none,
                                             engine_term::free_memory_below_budget,
                                             engine_term::no_memory_for_kv_cache,
                                             engine_term::kv_cache_cannot_hold_one_request,
                                             engine_term::context_above_max_model_len,
                                             engine_term::kv_cache_cannot_hold_the_sequences,
                                             engine_term::max_num_seqs_below_the_sequences};
static_assert(detail::lists_values_in_order(all_engine_terms));
constexpr std::string_view name(engine_term t) {
  constexpr std::string_view names[] = {"none"sv,
                                        "free_memory_below_budget"sv,
                                        "no_memory_for_kv_cache"sv,
                                        "kv_cache_cannot_hold_one_request"sv,
                                        "context_above_max_model_len"sv,
                                        "kv_cache_cannot_hold_the_sequences"sv,
                                        "max_num_seqs_below_the_sequences"sv};
  return detail::name_in(names, all_engine_terms, t);
}

/// One rank's memory as the engine sizes it: every term it subtracts, its KV pool in its own
/// units, and whether it starts.
/// vLLM: one shape of compressor state (DeepSeek-V4), each layer's a sliding window of `rows`
/// token slots in blocks of `block_tokens` slots, `page_bytes` a block (docs/engines.md).
struct compressor_state_pages {
  std::uint64_t rows = 0;
  std::uint64_t block_tokens = 0;
  byte_count page_bytes = 0;
  std::uint64_t layers = 0;
};

struct engine_memory {
  engine_kind kind = engine_kind::vllm;
  // The device as the driver shows it.
  byte_count total_bytes = 0;             ///< cudaMemGetInfo total
  byte_count driver_reserved_bytes = 0;   ///< CUDA context and runtime, not free at start-up
  byte_count free_at_start_bytes = 0;     ///< total - driver_reserved
  byte_count budget_bytes = 0;            ///< the engine's budget (vLLM: util x total; SGLang: fraction x free)
  fraction budget_fraction{};             ///< the fraction it used (resolved default shown)
  // Terms subtracted from the budget.
  byte_count loaded_weights_bytes_per_rank = 0;
  byte_count activation_peak_bytes = 0;   ///< the profiling forward's largest live set
  byte_count sampler_bytes = 0;           ///< logits / sampler buffers [num_reqs, vocab] fp32
  byte_count cuda_graph_bytes = 0;
  byte_count non_torch_bytes = 0;
  byte_count recurrent_state_pool_bytes = 0;  ///< SGLang: the Mamba/GDN state pool (or DeepSeek-V4's ratio-128 compressor rings) carved out first
  byte_count available_kv_cache_bytes = 0;
  byte_count kv_shortfall_bytes = 0;      ///< when the terms exceed the budget: by how much
  // The pool in the engine's units.
  std::uint64_t block_size_tokens = 0;
  std::uint64_t sliding_block_size_tokens = 0;  ///< vLLM: a sliding group's block when page unification sets it apart (0: block_size_tokens)
  byte_count block_bytes = 0;             ///< one block over every layer tensor of the rank
  std::uint64_t kv_cache_blocks = 0;
  /// The token count the engine prints for its pool (vLLM >= 0.20.2: int(max_concurrency x
  /// max_model_len); SGLang max_total_num_tokens; TensorRT-LLM blocks x tokens per block;
  /// llama.cpp cells). For a hybrid or sliding layout under vLLM it is not the pool's capacity:
  /// that is `pool_tokens_per_group`.
  std::uint64_t kv_cache_tokens = 0;
  /// The pool's capacity in tokens of one KV-cache group: vLLM (num_blocks // groups) x
  /// block_size (what vLLM printed before 0.20.2); the other engines: kv_cache_tokens.
  std::uint64_t pool_tokens_per_group = 0;
  std::uint64_t swa_kv_cache_tokens = 0;  ///< SGLang: the sliding-window pool's tokens (full x swa_full_tokens_ratio)
  std::uint64_t groups_full = 0;          ///< vLLM KV-cache groups by kind (1 each for non-hybrid)
  std::uint64_t groups_sliding = 0;
  std::uint64_t groups_state = 0;
  std::uint64_t state_pages_per_request = 1;  ///< vLLM: pages a request holds in each Mamba / GDN group (2 in "align" mode)
  std::uint64_t sliding_span = 0;         ///< tokens a sliding group keeps per request (vLLM: W - 1 + batched tokens)
  std::array<compressor_state_pages, 4> compressor_pages{};  ///< vLLM: compressor states, charged per request
  // Admission.
  std::uint64_t max_model_len = 0;
  std::uint64_t max_num_batched_tokens = 0;
  std::uint64_t max_num_seqs = 0;         ///< the scheduler's cap (resolved default)
  std::uint64_t request_blocks = 0;       ///< blocks one request of max_model_len needs
  byte_count request_bytes = 0;           ///< request_blocks x block_bytes
  std::uint64_t max_concurrency = 0;      ///< requests of max_model_len the pool holds (floor)
  std::uint64_t max_concurrency_hundredths = 0;  ///< blocks / request blocks x 100, rounded (vLLM prints %.2f)
  bool engine_starts = false;
  engine_term stops = engine_term::none;  ///< why it does not start
  std::uint64_t largest_max_model_len = 0;  ///< if it does not start: the longest max_model_len that would (0: none)
  // llama.cpp's own numbers.
  std::uint64_t n_ctx_seq = 0;
  byte_count compute_buffer_bytes = 0;

  /// vLLM: the KV-cache groups that share the pool's blocks (every kind together).
  [[nodiscard]] constexpr std::uint64_t kv_groups() const { return groups_full + groups_sliding + groups_state; }
};

}  // namespace headroom
