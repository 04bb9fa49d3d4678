// SPDX-License-Identifier: MIT
// headroom: the TensorRT-LLM (LLM API, PyTorch backend) profile. Knobs: trtllm_knobs
// (include/headroom/engine.hpp); rule: docs/engines.md, "TensorRT-LLM".
//
// Defaults (tensorrt_llm/llmapi/llm_args.py, KvCacheConfig and the LLM arguments):
// free_gpu_memory_fraction 0.9, tokens_per_block 32, max_tokens unset, max_num_tokens 8192,
// max_batch_size 2048.
#pragma once

#include <headroom/engine.hpp>

namespace headroom::engines {

inline constexpr engine trtllm{.kind = engine_kind::trtllm};

}  // namespace headroom::engines
