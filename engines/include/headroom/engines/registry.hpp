// SPDX-License-Identifier: MIT
// headroom: the shipped engine profiles, each with its engine's defaults (docs/engines.md).
#pragma once

#include <array>

#include <headroom/engine.hpp>

namespace headroom::engines {

inline constexpr engine none{.kind = engine_kind::none};
inline constexpr engine vllm{.kind = engine_kind::vllm};
inline constexpr engine sglang{.kind = engine_kind::sglang};
inline constexpr engine trtllm{.kind = engine_kind::trtllm};
inline constexpr engine llama_cpp{.kind = engine_kind::llama_cpp};

inline constexpr std::array<const engine*, 5> all{&vllm, &sglang, &trtllm, &llama_cpp, &none};

}  // namespace headroom::engines
