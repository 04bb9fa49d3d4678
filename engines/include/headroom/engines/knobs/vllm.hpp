// SPDX-License-Identifier: MIT
// headroom: vLLM's knobs under vLLM's own names and defaults (engines/vllm.hpp has the shipped
// profiles, detail/engine_vllm.hpp the memory rule).
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <array>
#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/detail/enum_table.hpp>
#include <headroom/engines/knobs/fraction.hpp>

namespace headroom {

/// vLLM's CUDA-graph modes (CUDAGraphMode, vllm/config/compilation.py
/// @002284db4c87420647c6bc2cafe923942bcea307); FULL_AND_PIECEWISE is the default. The graphs each
/// captures are detail::vllm_graphs_captured's (docs/engines.md, "vLLM").
enum class vllm_cudagraph_mode : std::uint8_t { full_and_piecewise, piecewise, full, full_decode_only, none };
/// Every mode in declaration order, and its name as vLLM spells it
/// (`--compilation-config '{"cudagraph_mode": "PIECEWISE"}'`, `-O.cudagraph_mode=PIECEWISE`).
inline constexpr auto vllm_cudagraph_mode_table = detail::make_enum_table(
    std::array{vllm_cudagraph_mode::full_and_piecewise, vllm_cudagraph_mode::piecewise, vllm_cudagraph_mode::full,
               vllm_cudagraph_mode::full_decode_only, vllm_cudagraph_mode::none},
    {"FULL_AND_PIECEWISE"sv, "PIECEWISE"sv, "FULL"sv, "FULL_DECODE_ONLY"sv, "NONE"sv});
inline constexpr const auto& all_vllm_cudagraph_modes = vllm_cudagraph_mode_table.all;
constexpr std::string_view name(vllm_cudagraph_mode m) { return vllm_cudagraph_mode_table.name(m); }

/// vLLM (V1 engine) flags: vllm/config/cache.py, vllm/config/scheduler.py, vllm/engine/arg_utils.py.
struct vllm_knobs {
  fraction gpu_memory_utilization{920000};      ///< --gpu-memory-utilization (0.92 since v0.21; 0.90 before)
  std::uint64_t max_model_len = engine_default; ///< --max-model-len (default: the deployment's context)
  std::uint64_t max_num_seqs = engine_default;  ///< --max-num-seqs
  std::uint64_t max_num_batched_tokens = engine_default;  ///< --max-num-batched-tokens
  std::uint32_t block_size = 16;                ///< --block-size (raised for hybrid models)
  byte_count kv_cache_memory_bytes = 0;         ///< --kv-cache-memory-bytes (0: profile instead)
  bool enforce_eager = false;                   ///< --enforce-eager: no CUDA graphs
  /// VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS: CUDA-graph memory subtracted from the KV budget
  /// (on by default since v0.21.0, PR #38284; earlier releases behave as `false`).
  bool cudagraph_memory_profiling = true;
  /// --mamba-cache-mode align: each Mamba / GDN group holds 2 pages per request instead of 1
  /// (MambaSpec.max_memory_usage_bytes, vllm/v1/kv_cache_interface.py
  /// @bc8282e61df21719b12b391c3a976b1c900dfbb4). Prefix caching on a hybrid model selects it
  /// where the model refuses "all" (Qwen3.5 / Qwen3.6); off ("none") is prefix caching off.
  bool mamba_cache_align = false;
  /// --compilation-config's cudagraph_mode: which CUDA graphs are captured (and so profiled)
  /// per capture size. Last, so aggregate initialisers written before it still compile.
  vllm_cudagraph_mode cudagraph_mode = vllm_cudagraph_mode::full_and_piecewise;
  /// --speculative-config's num_speculative_tokens, read when the deployment speculates with
  /// the checkpoint's MTP head (settings::speculative); 0: vLLM's default, the head's n_predict
  /// (its MTP layers). Each Mamba / GDN group then holds that many more pages per request.
  std::uint64_t num_speculative_tokens = engine_default;
  /// VLLM_MXFP4_USE_MARLIN: MXFP4 MoE experts (gpt-oss) on Marlin's W4A16 kernel instead of the
  /// default (vllm/model_executor/layers/fused_moe/oracle/mxfp4.py, select_mxfp4_moe_backend
  /// reads it before its defaults, on any capability); the kernel facts
  /// engines::vllm_mxfp4_marlin_exec, and Marlin's padding in memory (detail::vllm_mxfp4_padding).
  bool mxfp4_use_marlin = false;
  /// --no-async-scheduling: the scheduler plans each step after the one before has run, not
  /// one step ahead (async scheduling, on by default: serving_facts::steps_ahead).
  bool no_async_scheduling = false;
  /// --max-cudagraph-capture-size: the largest pass, in tokens, vLLM captures a CUDA graph for
  /// (engine_default: min(2 x max_num_seqs x (1 + K), 512), K the tokens drafted a step, 0 when not
  /// speculating); a larger pass runs eagerly, and every size
  /// up to it is a graph in memory (detail::vllm_graphs_captured).
  std::uint64_t max_cudagraph_capture_size = engine_default;
  /// --no-enable-prefix-caching: no prefix cache (enable_prefix_caching defaults to True,
  /// vllm/config/cache.py @002f10e5cfa1373a19a0d2756598a34b700d20e5), so a load whose prompts
  /// begin with a cached prefix (load::prefix) is refused (serving_facts::prefix_cache_off).
  bool no_enable_prefix_caching = false;
  friend constexpr bool operator==(const vllm_knobs&, const vllm_knobs&) = default;
};

}  // namespace headroom
