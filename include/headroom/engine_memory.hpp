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
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/detail/engine_layout.hpp>
#include <headroom/device.hpp>
#include <headroom/engine.hpp>
#include <headroom/footprint.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/rank_footprint.hpp>
#include <headroom/settings.hpp>

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
/// (vLLM PR #12126, H100).
inline constexpr byte_count vllm_non_torch_bytes = 205ULL * mib;  // 0.20 GiB
/// fp32 [num_reqs, vocab] buffers alive at the peak of vLLM's dummy sampler run (logits, the
/// scaled copy, the top-k/top-p sort's values and int64 indices, probabilities, the sampled
/// noise): _dummy_sampler_run turns top-k and top-p on. The logs whose profile is sampler-bound
/// give 10.3 (vLLM PR #10511: Meta-Llama-3-8B, 256 requests, a 1.26 GiB peak at TP 1 and TP 2
/// alike), 9.6 to 9.7 (vLLM issues #27508 and #23278: gpt-oss-120b, 1,024 requests) and about 5
/// (LMCache issue #3430, vLLM 0.21.0, whose sampler avoids the full sort); 8 keeps every one of
/// them within its log's tolerance (docs/engines.md).
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
constexpr std::string_view name(engine_term t) {
  constexpr std::string_view names[] = {"none",
                                        "free_memory_below_budget",
                                        "no_memory_for_kv_cache",
                                        "kv_cache_cannot_hold_one_request",
                                        "context_above_max_model_len",
                                        "kv_cache_cannot_hold_the_sequences",
                                        "max_num_seqs_below_the_sequences"};
  return names[static_cast<std::size_t>(t)];
}

/// One rank's memory as the engine sizes it: every term it subtracts, its KV pool in its own
/// units, and whether it starts.
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
  byte_count recurrent_state_pool_bytes = 0;  ///< SGLang: the Mamba/GDN state pool carved out first
  byte_count available_kv_cache_bytes = 0;
  byte_count kv_shortfall_bytes = 0;      ///< when the terms exceed the budget: by how much
  // The pool in the engine's units.
  std::uint64_t block_size_tokens = 0;
  byte_count block_bytes = 0;             ///< one block over every layer tensor of the rank
  std::uint64_t kv_cache_blocks = 0;
  std::uint64_t kv_cache_tokens = 0;
  std::uint64_t swa_kv_cache_tokens = 0;  ///< SGLang: the sliding-window pool's tokens (full x swa_full_tokens_ratio)
  std::uint64_t groups_full = 0;          ///< vLLM KV-cache groups by kind (1 each for non-hybrid)
  std::uint64_t groups_sliding = 0;
  std::uint64_t groups_state = 0;
  std::uint64_t sliding_span = 0;         ///< tokens a sliding group keeps per request (vLLM: W - 1 + batched tokens)
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
};

namespace detail {

constexpr std::uint64_t pad_to(std::uint64_t x, std::uint64_t a) { return ceil_div(x, a) * a; }
constexpr byte_count sat_sub(byte_count a, byte_count b) { return a > b ? a - b : 0; }

constexpr bool contains(std::string_view s, std::string_view what) { return s.find(what) != std::string_view::npos; }

/// The total cudaMemGetInfo reports: the device's memory less what the driver keeps.
constexpr byte_count visible_total(const device& d) { return sat_sub(d.memory_bytes, engine_constants::driver_hidden_bytes); }

/// vLLM's batch defaults for `vllm serve` (vllm/engine/arg_utils.py get_batch_defaults,
/// @99d7eb5d6a512cfcc5a2b104f24ebf2d6cda772b): a device with >= 70 GiB that is not an A100 gets
/// 8192 batched tokens and 1024 sequences, any other 2048 and 256.
constexpr bool vllm_large_device(const device& d) { return d.memory_bytes >= 70ULL * gib && !contains(d.id, "a100"); }

/// vLLM's CUDA-graph capture sizes not above `cap`: 1, 2, 4, then 8..248 by 8, then 256.. by 16.
constexpr std::uint64_t vllm_capture_sizes_up_to(std::uint64_t cap) {
  std::uint64_t n = std::min<std::uint64_t>(cap, 2) + (cap >= 4 ? 1 : 0);
  if (cap >= 8) n += std::min<std::uint64_t>(cap, 248) / 8;
  if (cap >= 256) n += (cap - 256) / 16 + 1;
  return n;
}

/// Blocks one request of `len` tokens needs in the pool of `em` (the engine's own rule).
constexpr std::uint64_t request_blocks(const engine_memory& em, std::uint64_t len) {
  switch (em.kind) {
    case engine_kind::vllm: {
      // vllm/v1/kv_cache_interface.py max_memory_usage_bytes, per group: full attention
      // cdiv(L, bs); sliding (cdiv(min(W - 1 + batched, L), bs) + 1); Mamba 1 page
      // (mamba_cache_mode "none").
      std::uint64_t b = checked_mul(em.groups_full, ceil_div(len, em.block_size_tokens));
      if (em.groups_sliding != 0) {
        b = checked_add(b, checked_mul(em.groups_sliding, ceil_div(std::min(em.sliding_span, len), em.block_size_tokens) + 1));
      }
      return checked_add(b, em.groups_state);
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

/// vLLM V1.
constexpr engine_memory vllm_memory(const model& m, const device& d, const vllm_knobs& k,
                                    const footprint_bytes& fp, const kv_layout& l, std::uint64_t context) {
  engine_memory em{};
  em.kind = engine_kind::vllm;
  em.total_bytes = visible_total(d);
  em.driver_reserved_bytes = engine_constants::cuda_context_bytes;
  em.free_at_start_bytes = sat_sub(em.total_bytes, em.driver_reserved_bytes);
  em.budget_fraction = k.gpu_memory_utilization;
  em.budget_bytes = scale(em.total_bytes, k.gpu_memory_utilization);
  em.loaded_weights_bytes_per_rank = fp.loaded_weights;
  if (!d.runs(mma_kind::mxf8f6f4)) em.loaded_weights_bytes_per_rank = checked_add(em.loaded_weights_bytes_per_rank, mxfp4_marlin_padding_bytes(m));
  em.max_model_len = k.max_model_len != 0 ? k.max_model_len : context;

  const bool large = vllm_large_device(d);
  em.max_num_batched_tokens = k.max_num_batched_tokens != 0 ? k.max_num_batched_tokens : (large ? 8192 : 2048);
  em.max_num_seqs = std::min<std::uint64_t>(k.max_num_seqs != 0 ? k.max_num_seqs : (large ? 1024 : 256), em.max_num_batched_tokens);

  // The profiling forward: max_num_batched_tokens tokens, then the sampler on
  // min(max_num_seqs, max_num_batched_tokens) requests (gpu_model_runner.py profile_run).
  em.activation_peak_bytes = forward_peak_bytes(m, em.max_num_batched_tokens, l.hidden);
  em.sampler_bytes = checked_mul(checked_mul(checked_mul(em.max_num_seqs, l.vocab), 4), engine_constants::vllm_sampler_fp32_buffers);
  em.non_torch_bytes = engine_constants::vllm_non_torch_bytes;
  if (!k.enforce_eager && k.cudagraph_memory_profiling) {
    // Capture sizes 1, 2, 4, 8..248 step 8, 256..512 step 16, up to min(2 x max_num_seqs, 512)
    // (vllm/config/vllm.py _set_cudagraph_sizes); PIECEWISE graphs for every size, FULL
    // graphs (FULL_AND_PIECEWISE, the default mode) for sizes up to max_num_seqs.
    const std::uint64_t cap = std::min<std::uint64_t>(2 * em.max_num_seqs, 512);
    const std::uint64_t graphs = checked_add(vllm_capture_sizes_up_to(cap), vllm_capture_sizes_up_to(std::min(cap, em.max_num_seqs)));
    em.cuda_graph_bytes = checked_mul(graphs, engine_constants::vllm_cudagraph_bytes_per_graph);
  }

  // The page: block_size tokens of one layer; MLA backends use 64-token blocks (FlashMLA).
  std::uint64_t bs = k.block_size;
  if (l.latent && bs < 64) bs = 64;
  const byte_count attn_1tok = l.n_full != 0 ? l.full_layer_token() : l.swa_layer_token();
  const bool attention = l.n_full + l.n_swa != 0;
  if (l.n_state != 0 && attention && attn_1tok != 0) {
    // HybridAttentionMambaModelConfig.verify_and_update_config (vllm/model_executor/models/
    // config.py @1936cf3841edb9781b06c50fc4daf4bac9d3b23e): the attention block is raised so one
    // page holds a layer's whole recurrent state; alignment 16, or 32 for head size 256 on SM100.
    const std::uint64_t align = (contains(d.arch, "sm_100") && l.head_dim == 256) ? 32 : 16;
    bs = std::max<std::uint64_t>(bs, align * ceil_div(l.state_layer_seq(), align * attn_1tok));
  }
  em.block_size_tokens = bs;

  const std::uint64_t counts[3] = {l.n_full, l.n_swa, l.n_state};
  std::uint64_t types = 0;
  std::uint64_t lo = UINT64_MAX;
  std::uint64_t hi = 0;
  for (std::uint64_t c : counts) {
    if (c == 0) continue;
    ++types;
    lo = std::min(lo, c);
    hi = std::max(hi, c);
  }
  if (types <= 1) {
    // One kind of layer: one group (UniformTypeKVCacheSpecs when shapes differ): a block spans
    // every layer, blocks = available // sum of pages.
    em.block_bytes = l.n_state != 0 && !attention ? l.state_per_seq : checked_mul(bs, checked_add(l.full_per_token, l.swa_per_token));
    em.groups_full = l.n_full != 0 ? 1 : 0;
    em.groups_sliding = l.n_swa != 0 ? 1 : 0;
    em.groups_state = l.n_state != 0 && !attention ? 1 : 0;
  } else {
    // Hybrid: layers of each kind cut into groups of `group_size` (min count, or max when
    // max < 1.5 min); one tensor of page x num_blocks per group slot
    // (kv_cache_utils.py _get_kv_cache_groups_uniform_page_size).
    const std::uint64_t group_size = 2 * hi < 3 * lo ? hi : lo;
    const byte_count page = checked_mul(bs, attn_1tok);
    em.block_bytes = checked_mul(page, group_size);
    em.groups_full = ceil_div(l.n_full, group_size);
    em.groups_sliding = ceil_div(l.n_swa, group_size);
    em.groups_state = ceil_div(l.n_state, group_size);
  }
  em.sliding_span = l.window == 0 ? 0 : l.window - 1 + em.max_num_batched_tokens;

  const byte_count non_kv = checked_add(checked_add(em.loaded_weights_bytes_per_rank, std::max(em.activation_peak_bytes, em.sampler_bytes)),
                                        checked_add(em.non_torch_bytes, em.cuda_graph_bytes));
  if (k.kv_cache_memory_bytes != 0) {
    em.available_kv_cache_bytes = k.kv_cache_memory_bytes;  // gpu_memory_utilization ignored (PR #21489)
  } else {
    em.available_kv_cache_bytes = sat_sub(em.budget_bytes, non_kv);
    em.kv_shortfall_bytes = sat_sub(non_kv, em.budget_bytes);
  }
  em.kv_cache_blocks = em.block_bytes == 0 ? 0 : em.available_kv_cache_bytes / em.block_bytes;
  const std::uint64_t groups = em.groups_full + em.groups_sliding + em.groups_state;
  em.kv_cache_tokens = groups == 0 ? 0 : (em.kv_cache_blocks / groups) * bs;  // _report_kv_cache_config
  finish_admission(em);

  // gpu_worker.py init_device, then kv_cache_utils.py _check_enough_kv_cache_memory.
  if (k.kv_cache_memory_bytes == 0 && em.free_at_start_bytes < em.budget_bytes) {
    em.stops = engine_term::free_memory_below_budget;
  } else if (em.available_kv_cache_bytes == 0) {
    em.stops = engine_term::no_memory_for_kv_cache;
  } else if (em.request_bytes > em.available_kv_cache_bytes) {
    em.stops = engine_term::kv_cache_cannot_hold_one_request;
    em.largest_max_model_len = largest_len(em, em.max_model_len);
  }
  em.engine_starts = em.stops == engine_term::none;
  return em;
}

/// SGLang's default mem_fraction_static (server_args.py _handle_gpu_memory_settings), in
/// millionths, rounded to 3 decimals as the engine rounds it.
constexpr fraction sglang_default_fraction(byte_count total, std::uint64_t tp, std::uint64_t& chunked, std::uint64_t& graph_bs) {
  const std::uint64_t mem_mib = total / mib;
  const std::uint64_t gib_ = total / gib;
  std::uint64_t cps = 0;
  std::uint64_t bs = 0;
  if (gib_ < 20) { cps = 2048; bs = 8; }
  else if (gib_ < 35) { cps = 2048; bs = tp < 4 ? 24 : 80; }
  else if (gib_ < 60) { cps = 4096; bs = tp < 4 ? 32 : 160; }
  else if (gib_ < 160) { cps = 8192; bs = tp < 4 ? 256 : 512; }
  else { cps = 16384; bs = 512; }
  if (chunked == 0) chunked = cps;
  if (graph_bs == 0) graph_bs = bs;
  // reserved MiB = 512 + max(chunked, 2048) x 1.5 + cuda_graph_max_bs x 2 + tp / 8 x 1024
  std::uint64_t reserved = 512 + std::max<std::uint64_t>(chunked, 2048) * 3 / 2 + graph_bs * 2 + tp * 1024 / 8;
  if (mem_mib > 60 * 1024) reserved = std::max<std::uint64_t>(reserved, 10 * 1024);
  if (reserved >= mem_mib) return {0};
  const std::uint64_t thousandths = ((mem_mib - reserved) * 2000 / mem_mib + 1) / 2;  // round(x, 3)
  return {static_cast<std::uint32_t>(thousandths * 1000)};
}

constexpr engine_memory sglang_memory(const model& m, const device& d, const sglang_knobs& k, const parallel& p,
                                      const footprint_bytes& fp, const kv_layout& l, std::uint64_t context) {
  engine_memory em{};
  em.kind = engine_kind::sglang;
  em.total_bytes = visible_total(d);
  em.driver_reserved_bytes = engine_constants::cuda_context_bytes;
  em.free_at_start_bytes = sat_sub(em.total_bytes, em.driver_reserved_bytes);
  std::uint64_t chunked = k.chunked_prefill_size;
  std::uint64_t graph_bs = k.cuda_graph_max_bs;
  const fraction dflt = sglang_default_fraction(em.total_bytes, p.tp, chunked, graph_bs);
  em.budget_fraction = k.mem_fraction_static.millionths != 0 ? k.mem_fraction_static : dflt;
  // The fraction is of the free memory before the weights load (profile_max_num_token).
  em.budget_bytes = scale(em.free_at_start_bytes, em.budget_fraction);
  em.loaded_weights_bytes_per_rank = fp.loaded_weights;
  em.max_num_batched_tokens = chunked;
  em.max_model_len = k.context_length != 0 ? k.context_length : context;
  // Activations and graphs live in the (1 - fraction) reserve: shown, not subtracted.
  em.activation_peak_bytes = forward_peak_bytes(m, chunked, l.hidden);
  byte_count rest = sat_sub(em.budget_bytes, em.loaded_weights_bytes_per_rank);
  em.kv_shortfall_bytes = sat_sub(em.loaded_weights_bytes_per_rank, em.budget_bytes);
  std::uint64_t state_slots = UINT64_MAX;
  if (l.n_state != 0 && l.state_per_seq != 0) {
    // handle_max_mamba_cache: mamba / full KV = mamba_full_memory_ratio (0.9).
    const byte_count mamba_mem = checked_mul(rest, k.mamba_full_memory_ratio.millionths) / (1'000'000 + k.mamba_full_memory_ratio.millionths);
    state_slots = mamba_mem / l.state_per_seq;
    em.recurrent_state_pool_bytes = checked_mul(state_slots, l.state_per_seq);
    rest -= em.recurrent_state_pool_bytes;
  }
  em.available_kv_cache_bytes = rest;
  // Bytes per token: full layers, plus the sliding pool at swa_full_tokens_ratio (HybridSWAPoolConfigurator).
  const byte_count cell = checked_add(checked_mul(l.full_per_token, 1'000'000),
                                      checked_mul(l.swa_per_token, k.swa_full_tokens_ratio.millionths));
  const std::uint64_t page = k.page_size == 0 ? 1 : k.page_size;
  em.block_size_tokens = page;
  const std::uint64_t tokens = cell == 0 ? 0 : (rest / cell * 1'000'000 + (rest % cell) * 1'000'000 / cell);
  em.kv_cache_tokens = tokens / page * page;
  em.kv_cache_blocks = em.kv_cache_tokens / page;
  if (l.swa_per_token != 0) {
    em.swa_kv_cache_tokens = em.kv_cache_tokens / 1'000'000 * k.swa_full_tokens_ratio.millionths +
                             em.kv_cache_tokens % 1'000'000 * k.swa_full_tokens_ratio.millionths / 1'000'000;
    em.swa_kv_cache_tokens = em.swa_kv_cache_tokens / page * page;
  }
  em.block_bytes = ceil_div(checked_mul(cell, page), 1'000'000);
  // Default max_running_requests: min(max(tokens / context_len x 512, 2048), 4096); Mamba
  // hybrids at most state slots / 3 (MAMBA_CACHE_SIZE_MAX_RUNNING_REQUESTS_RATIO).
  std::uint64_t mrr = k.max_running_requests;
  if (mrr == 0) mrr = std::min<std::uint64_t>(std::max<std::uint64_t>(em.kv_cache_tokens / std::max<std::uint64_t>(em.max_model_len, 1) * 512, 2048), 4096);
  if (state_slots != UINT64_MAX) mrr = std::min(mrr, state_slots / 3);
  em.max_num_seqs = mrr;
  finish_admission(em);
  if (em.kv_cache_tokens == 0) em.stops = engine_term::no_memory_for_kv_cache;  // "Not enough memory"
  em.engine_starts = em.stops == engine_term::none;
  return em;
}

constexpr engine_memory trtllm_memory(const model& m, const device& d, const trtllm_knobs& k, const footprint_bytes& fp,
                                      const kv_layout& l, std::uint64_t context) {
  engine_memory em{};
  em.kind = engine_kind::trtllm;
  em.total_bytes = visible_total(d);
  em.driver_reserved_bytes = engine_constants::cuda_context_bytes;
  em.free_at_start_bytes = sat_sub(em.total_bytes, em.driver_reserved_bytes);
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
  if (k.max_tokens != 0) tokens = std::min(tokens, k.max_tokens);
  // blocks_in_primary_pool = ceil(max_tokens / tokens_per_block); the log's token count is blocks x tpb.
  em.kv_cache_blocks = ceil_div(tokens, k.tokens_per_block);
  em.kv_cache_tokens = em.kv_cache_blocks * k.tokens_per_block;
  finish_admission(em);
  if (em.kv_cache_blocks == 0) em.stops = engine_term::no_memory_for_kv_cache;
  em.engine_starts = em.stops == engine_term::none;
  return em;
}

/// ggml row bytes of `elements` values of a cache type (block types: 32 values per block).
constexpr byte_count ggml_bytes(ggml_cache_type t, std::uint64_t elements) {
  switch (t) {
    case ggml_cache_type::f32: return checked_mul(elements, 4);
    case ggml_cache_type::f16:
    case ggml_cache_type::bf16: return checked_mul(elements, 2);
    case ggml_cache_type::q8_0: return checked_mul(ceil_div(elements, 32), 34);
    case ggml_cache_type::q4_0: return checked_mul(ceil_div(elements, 32), 18);
  }
  return 0;
}

constexpr engine_memory llama_cpp_memory(const model& m, const device& d, const settings& s, const llama_cpp_knobs& k,
                                         const footprint_bytes& fp, const kv_layout& l, std::uint64_t seqs,
                                         std::uint64_t context) {
  engine_memory em{};
  em.kind = engine_kind::llama_cpp;
  em.total_bytes = visible_total(d);
  em.driver_reserved_bytes = engine_constants::cuda_context_bytes;
  em.free_at_start_bytes = sat_sub(em.total_bytes, em.driver_reserved_bytes);
  em.budget_bytes = em.free_at_start_bytes;
  em.budget_fraction = {1'000'000};
  em.loaded_weights_bytes_per_rank = fp.loaded_weights;
  const std::uint64_t n_seq = k.n_seq_max != 0 ? k.n_seq_max : seqs;
  std::uint64_t n_ctx = k.n_ctx != 0 ? k.n_ctx : checked_mul(seqs, context);
  // llama-context.cpp after PR #17046: n_ctx padded to 256; per-sequence streams unless unified.
  const std::uint64_t pad = k.n_pad == 0 ? 1 : k.n_pad;
  n_ctx = pad_to(n_ctx, pad);
  std::uint64_t n_ctx_seq = n_ctx;
  if (!k.kv_unified) {
    n_ctx_seq = pad_to(n_ctx / n_seq, pad);
    n_ctx = checked_mul(n_ctx_seq, n_seq);
  }
  const std::uint64_t n_stream = k.kv_unified ? 1 : n_seq;
  em.n_ctx_seq = k.kv_unified ? n_ctx / n_seq : n_ctx_seq;
  em.max_model_len = em.n_ctx_seq;
  em.max_num_seqs = n_seq;
  em.max_num_batched_tokens = k.n_ubatch;
  // Elements per token: the footprint's bytes at the settings' KV element size; K and V halves.
  const std::uint64_t kv_elem = element_bytes(s.kv);
  const std::uint64_t full_elems = l.full_per_token / kv_elem;
  const std::uint64_t swa_elems = l.swa_per_token / kv_elem;
  // MLA keeps one latent row per token (the K cache; llama.cpp forks with MLA store no V).
  auto row = [&](std::uint64_t elems) -> byte_count {
    if (l.latent) return ggml_bytes(k.type_k, elems);
    return checked_add(ggml_bytes(k.type_k, elems / 2), ggml_bytes(k.type_v, elems - elems / 2));
  };
  // llama-kv-cache-iswa.cpp: SWA layers hold pad(min(size, n_swa x (unified ? n_seq : 1) + n_ubatch), 256) cells.
  const std::uint64_t cells = k.kv_unified ? n_ctx : n_ctx_seq;
  std::uint64_t swa_cells = cells;
  if (!k.swa_full && l.window != 0) {
    swa_cells = pad_to(std::min(cells, l.window * (k.kv_unified ? n_seq : 1) + k.n_ubatch), pad);
    swa_cells = std::min(swa_cells, cells);
  }
  byte_count kv = checked_mul(checked_mul(row(full_elems), cells), n_stream);
  kv = checked_add(kv, checked_mul(checked_mul(row(swa_elems), swa_cells), n_stream));
  // Recurrent layers: max(1, n_seq_max) cells of F32 state (llama_model::create_memory).
  em.recurrent_state_pool_bytes = checked_mul(n_seq, l.state_per_seq);
  em.available_kv_cache_bytes = kv;
  em.block_size_tokens = 1;  // a cell is one token
  em.kv_cache_tokens = cells;
  em.kv_cache_blocks = cells;
  em.block_bytes = 0;
  // The compute buffer: one ubatch forward plus its logits [n_ubatch, vocab] f32.
  em.activation_peak_bytes = forward_peak_bytes(m, k.n_ubatch, l.hidden);
  em.sampler_bytes = checked_mul(checked_mul(k.n_ubatch, l.vocab), 4);
  em.compute_buffer_bytes = checked_add(em.activation_peak_bytes, em.sampler_bytes);
  if (!k.flash_attn) {
    // Without flash attention the graph materialises the scores [cells, n_ubatch, heads] in f32.
    em.compute_buffer_bytes = checked_add(em.compute_buffer_bytes, checked_mul(checked_mul(checked_mul(cells, k.n_ubatch), l.q_heads), 4));
  }
  em.request_blocks = 1;
  em.request_bytes = n_stream == 0 ? 0 : kv / n_stream;
  em.max_concurrency = n_seq;
  em.max_concurrency_hundredths = checked_mul(n_seq, 100);
  const byte_count need = checked_add(checked_add(em.loaded_weights_bytes_per_rank, kv),
                                      checked_add(em.recurrent_state_pool_bytes, em.compute_buffer_bytes));
  em.kv_shortfall_bytes = sat_sub(need, em.budget_bytes);
  if (need > em.budget_bytes) em.stops = engine_term::no_memory_for_kv_cache;  // cudaMalloc fails
  em.engine_starts = em.stops == engine_term::none;
  return em;
}

}  // namespace detail

/// Settings as `e` allocates them: vLLM keeps Mamba / GDN states in the model dtype
/// (mamba_ssm_cache_dtype "auto", vllm/config/cache.py @002f10e5cfa1373a19a0d2756598a34b700d20e5)
/// when the caller asks for the engine default; every engine other than `none` keeps only a
/// sliding layer's window (vLLM's sliding-window spec, SGLang's SWA pool, llama.cpp's iSWA
/// cache, TensorRT-LLM's per-window pools).
constexpr settings engine_settings(settings s, const engine& e) {
  if (e.kind != engine_kind::none) s.evict_sliding = true;
  return s;
}

/// One rank of `m` on `d` as engine `e` sizes it, for `seqs` sequences of `context` tokens
/// (context is max_model_len unless the engine's knob sets it).
constexpr engine_memory engine_memory_of(const model& m, const device& d, const settings& s, const engine& e,
                                         const parallel& p, std::uint64_t seqs, std::uint64_t context) {
  settings rs = engine_settings(s, e);
  rs.evict_sliding = true;  // sliding layers apart from full ones in the layout
  const footprint_bytes fp = rank_footprint(m, rs, p);
  const detail::kv_layout l = detail::layout_of(m, fp, rs);
  switch (e.kind) {
    case engine_kind::vllm: return detail::vllm_memory(m, d, e.vllm, fp, l, context);
    case engine_kind::sglang: return detail::sglang_memory(m, d, e.sglang, p, fp, l, context);
    case engine_kind::trtllm: return detail::trtllm_memory(m, d, e.trtllm, fp, l, context);
    case engine_kind::llama_cpp: return detail::llama_cpp_memory(m, d, rs, e.llama_cpp, fp, l, seqs, context);
    case engine_kind::none: break;
  }
  detail::require_table(false, "engine_memory_of: the `none` engine has no engine memory (use footprint)");
  return {};
}

/// Requests of `context` tokens the engine holds at once: the pool divided by one request's
/// blocks, capped by the scheduler (max_num_seqs / max_running_requests / max_batch_size /
/// n_seq_max); 0 if it does not start or `context` exceeds max_model_len.
constexpr std::uint64_t max_seqs_at(const engine_memory& em, std::uint64_t context) {
  if (!em.engine_starts || context > em.max_model_len) return 0;
  if (em.kind == engine_kind::llama_cpp) return context <= em.n_ctx_seq ? em.max_num_seqs : 0;
  const std::uint64_t per = detail::request_blocks(em, context);
  return std::min(per == 0 ? UINT64_MAX : em.kv_cache_blocks / per, em.max_num_seqs);
}

/// Why `seqs` x `context` does not fit (engine_term::none when it does).
constexpr engine_term stopping_term(const engine_memory& em, std::uint64_t seqs, std::uint64_t context) {
  if (!em.engine_starts) return em.stops;
  if (context > em.max_model_len) return engine_term::context_above_max_model_len;
  if (seqs > em.max_num_seqs) return engine_term::max_num_seqs_below_the_sequences;
  if (seqs > max_seqs_at(em, context)) return engine_term::kv_cache_cannot_hold_the_sequences;
  return engine_term::none;
}

/// Blocks `seqs` requests of `tokens` tokens hold in a vLLM pool while each decodes its next
/// token, plus the pool's null block: seqs x request_blocks(tokens + 1) + 1 -- with full
/// attention seqs x (floor(tokens / block_size) + 1) + 1 (vllm/v1/core/block_pool.py reserves
/// block 0 as the null block; a request's next token takes a new block when its blocks are full).
/// Other engines: seqs x request_blocks(tokens).
constexpr std::uint64_t kv_blocks_for(const engine_memory& em, std::uint64_t seqs, std::uint64_t tokens) {
  if (em.kind == engine_kind::vllm) return checked_add(checked_mul(seqs, detail::request_blocks(em, checked_add(tokens, 1))), 1);
  return checked_mul(seqs, detail::request_blocks(em, tokens));
}

/// Inverse query: the largest concurrency whose requests of input + output tokens all fit under
/// the block admission rule above (exact; 0 if none), capped by the scheduler and max_model_len.
constexpr std::uint64_t max_concurrency_at(const engine_memory& em, std::uint64_t input, std::uint64_t output) {
  const std::uint64_t tokens = checked_add(input, output);
  if (!em.engine_starts || tokens > em.max_model_len) return 0;
  if (em.kind == engine_kind::llama_cpp) return tokens <= em.n_ctx_seq ? em.max_num_seqs : 0;
  const std::uint64_t per = kv_blocks_for(em, 1, tokens) - (em.kind == engine_kind::vllm ? 1 : 0);
  const std::uint64_t pool = em.kind == engine_kind::vllm ? (em.kv_cache_blocks == 0 ? 0 : em.kv_cache_blocks - 1) : em.kv_cache_blocks;
  return std::min(per == 0 ? UINT64_MAX : pool / per, em.max_num_seqs);
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
