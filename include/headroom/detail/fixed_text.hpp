// SPDX-License-Identifier: MIT
// IWYU pragma: private, include <headroom/tensor_format.hpp>
// A constexpr, fixed-capacity string: names of formats and basis strings are built in constant
// evaluation, where std::string cannot outlive the evaluation on g++ 12 / clang 14.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace headroom::detail {

template <std::size_t Capacity>
struct fixed_text {
  std::array<char, Capacity> data{};
  std::size_t size = 0;

  constexpr fixed_text() = default;
  constexpr fixed_text(std::string_view s) { append(s); }  // NOLINT: implicit by design

  // Text beyond the capacity is cut, never written past the end; capacities are sized for
  // the longest text the library builds (checked by tests).
  constexpr void put(char c) {
    if (size < Capacity) data[size++] = c;
  }
  constexpr fixed_text& append(std::string_view s) {
    for (char c : s) put(c);
    return *this;
  }
  constexpr fixed_text& append(std::uint64_t v) {
    char buf[20]{};
    std::size_t n = 0;
    do {
      buf[n++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v != 0);
    // Each digit is put directly, not appended as std::string_view(c, 1): a two-argument
    // string_view is overload-resolved against the iterator-pair constructor template, whose
    // constraints instantiate the iterator concepts in every TU that compiles this (about 65 M
    // g++ instructions; bench/README.md, "What a check parses").
    while (n > 0) put(buf[--n]);
    return *this;
  }
  [[nodiscard]] constexpr std::string_view view() const { return {data.data(), size}; }
  constexpr operator std::string_view() const { return view(); }  // NOLINT
  friend constexpr bool operator==(const fixed_text& a, std::string_view b) { return a.view() == b; }
};

/// Parses a positive decimal integer with no sign, no leading zero, no whitespace; 0 if `s`
/// is not one (0 itself is refused by every caller).
constexpr std::uint64_t parse_positive(std::string_view s) {
  if (s.empty() || s.size() > 9 || s[0] == '0') return 0;
  std::uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return 0;
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return v;
}

}  // namespace headroom::detail
