// SPDX-License-Identifier: MIT
// headroom: the shipped engine profiles, each with its engine's defaults (docs/engines.md), one
// header per engine.
#pragma once

#include <array>

#include <headroom/engine.hpp>
#include <headroom/engines/all_rules.hpp>
#include <headroom/engines/llama_cpp.hpp>
#include <headroom/engines/none.hpp>
#include <headroom/engines/sglang.hpp>
#include <headroom/engines/trtllm.hpp>
#include <headroom/engines/vllm.hpp>

namespace headroom::engines {

inline constexpr std::array<const engine*, 6> all{&vllm, &vllm_0_20, &sglang, &trtllm, &llama_cpp, &none};

}  // namespace headroom::engines
