// SPDX-License-Identifier: MIT
// headroom: checks for enum name tables. An enum with a name table also has an `all_<x>s` list
// of every value (for loops, instead of a hard-coded last enumerator); the list must hold the
// values 0, 1, ..., N-1 in declaration order, and the name table exactly N names.
#pragma once

#include <array>
#include <cstddef>

namespace headroom::detail {

/// Whether `all` lists its enum's values 0, 1, ..., N-1 in declaration order, each once.
template <typename E, std::size_t N>
constexpr bool lists_values_in_order(const std::array<E, N>& all) {
  for (std::size_t i = 0; i < N; ++i) {
    if (static_cast<std::size_t>(all[i]) != i) return false;
  }
  return true;
}

}  // namespace headroom::detail
