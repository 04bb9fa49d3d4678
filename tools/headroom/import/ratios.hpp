// SPDX-License-Identifier: MIT
// The importer's per-layer ratio lists (DeepSeek-V4's compress_ratios): a dims member that is a
// fixed array of small unsigned integers, read from a JSON array, checked against the layer
// count and printed as a braced list.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "headroom/import/json_keys.hpp"

namespace headroom::cli::import {

/// The entries of `v` (an array of unsigned integers below 65536, at most `capacity` of them).
std::array<std::uint16_t, 256> read_ratios(std::string_view file, std::string_view key, const json& v, std::size_t capacity);

/// compress_ratios: num_hidden_layers + num_nextn_predict_layers entries, each 0, 4 or 128.
void check_compress_ratios(std::string_view file, std::string_view key, const json& v, std::uint64_t layers,
                           std::uint64_t mtp_layers, std::string_view why);

template <std::size_t N>
void assign_ratios(std::string_view file, std::string_view key, const json& v, std::array<std::uint16_t, N>& out) {
  static_assert(N <= 256);
  const std::array<std::uint16_t, 256> all = read_ratios(file, key, v, N);
  for (std::size_t i = 0; i < N; ++i) out[i] = all[i];
}

/// `{0, 0, 4, ...}`: the entries up to the last non-zero one (those after it are the default 0,
/// so the C++ means the same list).
template <std::size_t N>
std::string ratios_text(const std::array<std::uint16_t, N>& a) {
  std::size_t count = N;
  while (count > 0 && a[count - 1] == 0) --count;
  std::string s = "{";
  for (std::size_t i = 0; i < count; ++i) s += (i == 0 ? "" : ", ") + std::to_string(a[i]);
  return s + "}";
}

}  // namespace headroom::cli::import
