// SPDX-License-Identifier: MIT
// The importer's per-layer ratio lists (DeepSeek-V4's compress_ratios): a dims member that is a
// fixed array of small unsigned integers, read from a JSON array, checked against the layer
// count and printed as a braced list; the per-layer lists some families check or read (GLM-5's
// mlp_layer_types, ERNIE 4.5's moe_layer_end_index, Granite 4.0's layer_types); and any dims
// member printed as C++ (the header emitter's values).
#pragma once

#include <fmt/format.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "headroom/import/json_keys.hpp"

namespace headroom::cli::import {

/// The entries of `v` (an array of unsigned integers below 65536, at most `capacity` of them).
std::array<std::uint16_t, 256> read_ratios(std::string_view file, std::string_view key, const json& v, std::size_t capacity);

/// compress_ratios: num_hidden_layers + num_nextn_predict_layers entries, each 0, 4 or 128.
void check_compress_ratios(std::string_view file, std::string_view key, const json& v, std::uint64_t layers,
                           std::uint64_t mtp_layers, std::string_view why);

/// GLM-5's mlp_layer_types: num_hidden_layers strings, "dense" for the first `first_dense`
/// layers, "sparse" after.
void check_dense_then_sparse(std::string_view file, std::string_view key, const json& v, std::uint64_t layers,
                             std::uint64_t first_dense, std::string_view why);

/// ERNIE 4.5's moe_layer_end_index: -1 or num_hidden_layers - 1.
void check_last_layer_index(std::string_view file, std::string_view key, const json& v, std::uint64_t layers,
                            std::string_view why);

/// Llama 4's no_rope_layers: empty (Llama4TextConfig then derives it from the interval), or
/// num_hidden_layers entries, 0 on every `interval`-th layer and 1 on the others.
void check_no_rope_layers(std::string_view file, std::string_view key, const json& v, std::uint64_t layers,
                          std::uint64_t interval, std::string_view why);

/// Llama 4's moe_layers: null, or the indexes l with (l + 1) % `step` == 0, in order.
void check_moe_layers(std::string_view file, std::string_view key, const json& v, std::uint64_t layers, std::uint64_t step,
                      std::string_view why);

/// Granite 4.0's layer_types as a pattern, one character a layer: "mamba" M, "attention" *.
std::string layer_kinds_pattern(std::string_view file, std::string_view key, const json& v);

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

/// A dims member as C++ text: the header emitter's designated initialisers.
template <typename T>
std::string cxx_text(const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_same_v<T, std::uint64_t>) {
    return std::to_string(v);
  } else if constexpr (!std::is_same_v<T, std::string_view>) {
    return ratios_text(v);
  } else {
    return fmt::format("\"{}\"", v);
  }
}

}  // namespace headroom::cli::import
