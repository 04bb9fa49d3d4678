// SPDX-License-Identifier: MIT
// headroom internals: min, max and clamp with <algorithm>'s comparisons (so the same answers,
// NaN included), without <algorithm>. That header (the C++20 ranges algorithms come with it)
// cost every translation unit including headroom about a tenth of its compile time, for three
// one-line functions; the library's headers include this one instead.
#pragma once

#include <initializer_list>

namespace headroom::detail {

// std::min: b if b < a, else a (the first of equals).
template <typename T>
constexpr T min(const T& a, const T& b) {
  return b < a ? b : a;
}
// std::max: b if a < b, else a (the first of equals).
template <typename T>
constexpr T max(const T& a, const T& b) {
  return a < b ? b : a;
}
// std::min over a list: the first smallest.
template <typename T>
constexpr T min(std::initializer_list<T> values) {
  const T* best = values.begin();
  for (const T* v = values.begin() + 1; v < values.end(); ++v) {
    if (*v < *best) best = v;
  }
  return *best;
}
// std::clamp: lo if v < lo, hi if hi < v, else v.
template <typename T>
constexpr T clamp(const T& v, const T& lo, const T& hi) {
  return v < lo ? lo : hi < v ? hi : v;
}

}  // namespace headroom::detail
