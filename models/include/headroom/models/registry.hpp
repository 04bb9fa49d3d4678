// SPDX-License-Identifier: MIT
// headroom: every shipped model, in one homogeneous array (registry order = listing order).
#pragma once

#include <array>
#include <string_view>

#include <headroom/model.hpp>
#include <headroom/models/llama_3_1_8b_instruct.hpp>
#include <headroom/models/qwen3_next_80b_a3b_instruct.hpp>

namespace headroom::models {

inline constexpr std::array<const model*, 2> all{&llama_3_1_8b_instruct, &qwen3_next_80b_a3b_instruct};

/// The registry entry with this id, or nullptr.
constexpr const model* find(std::string_view id) {
  for (const model* m : all) {
    if (m->id == id) return m;
  }
  return nullptr;
}

}  // namespace headroom::models
