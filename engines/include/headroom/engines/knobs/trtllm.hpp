// SPDX-License-Identifier: MIT
// headroom: TensorRT-LLM's options under its own names and defaults (engines/trtllm.hpp has the
// shipped profile, detail/engine_trtllm.hpp the memory rule).
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>

#include <headroom/engines/knobs/fraction.hpp>

namespace headroom {

/// TensorRT-LLM (LLM API, PyTorch backend) options: tensorrt_llm/llmapi/llm_args.py.
struct trtllm_knobs {
  fraction free_gpu_memory_fraction{900000};    ///< kv_cache_config.free_gpu_memory_fraction
  std::uint32_t tokens_per_block = 32;          ///< kv_cache_config.tokens_per_block
  std::uint64_t max_num_tokens = 8192;          ///< max_num_tokens
  std::uint64_t max_batch_size = 2048;          ///< max_batch_size
  std::uint64_t max_seq_len = engine_default;   ///< max_seq_len (default: the deployment's context)
  std::uint64_t max_tokens = engine_default;    ///< kv_cache_config.max_tokens (0: none; the smaller wins)
  bool disable_overlap_scheduler = false;       ///< disable_overlap_scheduler (serve, sla: serving_facts::steps_ahead)
  friend constexpr bool operator==(const trtllm_knobs&, const trtllm_knobs&) = default;
};

}  // namespace headroom
