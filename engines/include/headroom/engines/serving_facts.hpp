// SPDX-License-Identifier: MIT
// headroom: each engine's fixed cost per forward pass (scheduling, sampling, launch or CUDA-graph
// replay), the part of a step no kernel measurement holds (docs/serving.md#step-overhead).
#pragma once

#include <headroom/engine.hpp>
#include <headroom/serve.hpp>

namespace headroom::engines {

// No public measurement isolates a step's host-side cost from its kernels for these engines
// (each runs its decode steps as CUDA graphs and overlaps scheduling with the GPU: vLLM's async
// scheduling, SGLang's overlap scheduler, TensorRT-LLM's overlap scheduler), so none is added
// beyond the kernels' own launch latencies, which the prediction holds (prediction.hpp).
inline constexpr std::string_view overlapped =
    "none beyond the kernels: the engine overlaps scheduling with CUDA-graph replay of its decode steps";
inline constexpr serving_facts vllm_serving{0, overlapped};
inline constexpr serving_facts sglang_serving{0, overlapped};
inline constexpr serving_facts trtllm_serving{0, overlapped};

/// The fixed step cost of an engine; engines::none and llama.cpp: none (the kernels alone).
constexpr const serving_facts& serving_facts_of(engine_kind k) {
  switch (k) {
    case engine_kind::vllm: return vllm_serving;
    case engine_kind::sglang: return sglang_serving;
    case engine_kind::trtllm: return trtllm_serving;
    case engine_kind::none:
    case engine_kind::llama_cpp: return no_serving_facts;
  }
  return no_serving_facts;
}

}  // namespace headroom::engines
