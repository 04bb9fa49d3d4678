// SPDX-License-Identifier: MIT
// headroom: each engine's fixed cost per forward pass (scheduling, sampling, launch or CUDA-graph
// replay), the part of a step no kernel measurement holds (docs/serving.md#step-overhead).
#pragma once

#include <headroom/engine.hpp>
#include <headroom/serve.hpp>

namespace headroom::engines {

inline constexpr serving_facts vllm_serving{0, "interim"};
inline constexpr serving_facts sglang_serving{0, "interim"};
inline constexpr serving_facts trtllm_serving{0, "interim"};

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
