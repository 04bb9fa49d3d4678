// SPDX-License-Identifier: MIT
// headroom: SGLang's knobs under SGLang's own names and defaults (engines/sglang.hpp has the
// shipped profile, detail/engine_sglang.hpp the memory rule).
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>

#include <headroom/engines/knobs/fraction.hpp>

namespace headroom {

/// SGLang flags: python/sglang/srt/server_args.py.
struct sglang_knobs {
  fraction mem_fraction_static{0};              ///< --mem-fraction-static (0: the engine's heuristic)
  std::uint32_t page_size = 1;                  ///< --page-size
  std::uint64_t chunked_prefill_size = engine_default;   ///< --chunked-prefill-size
  std::uint64_t max_running_requests = engine_default;   ///< --max-running-requests
  std::uint64_t cuda_graph_max_bs = engine_default;      ///< --cuda-graph-max-bs
  std::uint64_t context_length = engine_default;         ///< --context-length (default: the deployment's context)
  /// --swa-full-tokens-ratio (sliding pool / full pool tokens); 0: SGLang's default, 0.1 for
  /// DeepSeek-V4 (its model override) and 0.8 for the others (engine_sglang.hpp, sglang_swa_ratio).
  fraction swa_full_tokens_ratio{0};
  fraction mamba_full_memory_ratio{900000};     ///< --mamba-full-memory-ratio (state pool / KV pool bytes)
  /// --max-mamba-cache-size: Mamba / GDN state slots (0: sized by the rule, engine_sglang_mamba.hpp).
  std::uint64_t max_mamba_cache_size = engine_default;
  /// --disable-radix-cache: no prefix cache; a hybrid then holds one state slot per request
  /// and, with --max-running-requests, that many slots.
  bool disable_radix_cache = false;
  /// --mamba-scheduler-strategy extra_buffer: two more state slots per request (the
  /// ping-pong buffers of the overlap scheduler) on top of the prefix cache's three.
  bool mamba_extra_buffer = false;
  /// --speculative-num-draft-tokens, read when settings.speculative is on (0: SGLang's
  /// auto_choose_speculative_params default, 4 for the hybrids it is read for).
  std::uint64_t speculative_num_draft_tokens = engine_default;
  /// --scheduler-recv-interval: forward passes between two polls of the scheduler for new
  /// requests (scheduler_recv_skipper.py), so a request arriving mid-run waits half the gap.
  std::uint64_t scheduler_recv_interval = 1;
  /// --enable-piecewise-cuda-graph: prefill (extend) batches replay piecewise CUDA graphs
  /// instead of running eagerly.
  bool enable_piecewise_cuda_graph = false;
  /// --enable-flashinfer-allreduce-fusion: under TP without attention DP, on Hopper and
  /// Blackwell, a decode step's residual add and RMSNorm after each TP all-reduce run inside the
  /// all-reduce kernel (serving_facts.hpp, norms_in_tp_all_reduce).
  bool enable_flashinfer_allreduce_fusion = false;
  /// --moe-dense-tp-size: the TP degree of the dense MLP layers (SGLang takes 1 or none, 0 here:
  /// the TP degree). 1 under DP attention: every block but the routed experts whole on each
  /// rank (engine_footprint.hpp, attention_dp_layout).
  std::uint64_t moe_dense_tp_size = engine_default;
  /// --enable-mixed-chunk: a new prompt's prefill chunk runs in the decode batch (serve, sla:
  /// serving_facts::prompts_ride_decode_steps); off, SGLang runs prefill batches of their own.
  bool enable_mixed_chunk = false;
  /// --disable-overlap-schedule: the scheduler runs each batch after the last, not one ahead
  /// (serve, sla: serving_facts::steps_ahead).
  bool disable_overlap_schedule = false;
  /// --disable-shared-experts-fusion: DeepSeek-V3 / R1's shared expert runs as a dense MLP of
  /// its own (on a second stream at small batches), not as one more expert of the routed
  /// experts' kernel (engines/exec_facts.hpp, sglang_shared_fusion).
  bool disable_shared_experts_fusion = false;
  friend constexpr bool operator==(const sglang_knobs&, const sglang_knobs&) = default;
};

}  // namespace headroom
