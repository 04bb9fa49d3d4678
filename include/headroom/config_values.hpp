// SPDX-License-Identifier: MIT
// headroom: the config.json values a family read its dims from, under their config.json keys
// (docs/model.md#provenance). A family records them as it builds the circuit, so a checkpoint's
// provenance can name the keys it was read from -- `{hidden_size}` -- and a report print
// "hidden_size 4096" without the checkpoint typing any number twice.
//
// Placeholders in provenance text: `{key}` renders as "key value", `{=key}` as the value alone
// (for a key a sentence names in its own words). A placeholder whose key the family did not
// record is a table error (tests check every shipped model; the CLI refuses one at run time).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include <headroom/error.hpp>

namespace headroom {

/// One config.json value: an unsigned integer, or a boolean (rendered false / true).
struct config_value {
  std::string_view key;
  std::uint64_t value = 0;
  bool boolean = false;
};

inline constexpr std::size_t max_config_values = 32;  // GLM-5.3-Flash: 24 keys

struct config_values {
  std::array<config_value, max_config_values> items{};
  std::uint8_t n = 0;

  /// Records `key` (a key recorded twice keeps the last value).
  constexpr void put(std::string_view key, std::uint64_t value, bool boolean = false) {
    for (std::size_t i = 0; i < n; ++i) {
      if (items[i].key == key) {
        items[i] = {key, value, boolean};
        return;
      }
    }
    detail::require_table(n < max_config_values, "too many config values");
    items[n++] = {key, value, boolean};
  }
  constexpr void put_flag(std::string_view key, bool value) { put(key, value ? 1 : 0, true); }
  /// Records each of `values` in order (a family's list of keys and dims).
  constexpr void put(std::initializer_list<config_value> values) {
    for (const config_value& v : values) put(v.key, v.value, v.boolean);
  }

  /// The index of `key` in `items`, or `n` when it is not recorded. (An index, not a pointer:
  /// g++ under -fsanitize=undefined does not constant-evaluate a pointer compared with null.)
  [[nodiscard]] constexpr std::size_t index_of(std::string_view key) const {
    for (std::size_t i = 0; i < n; ++i) {
      if (items[i].key == key) return i;
    }
    return n;
  }
  [[nodiscard]] constexpr bool has(std::string_view key) const { return index_of(key) < n; }
  /// The value recorded under `key` (which must be recorded).
  [[nodiscard]] constexpr const config_value& at(std::string_view key) const {
    const std::size_t i = index_of(key);
    detail::require_table(i < n, "no config value under that key");
    return items[i];
  }
};

/// Whether every `{key}` / `{=key}` placeholder of `text` names a recorded value and every brace
/// is closed: the check a table and the CLI apply before rendering.
constexpr bool placeholders_resolve(std::string_view text, const config_values& v) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '}') return false;
    if (text[i] != '{') continue;
    const std::size_t close = text.find('}', i);
    if (close == std::string_view::npos) return false;
    std::string_view key = text.substr(i + 1, close - i - 1);
    if (!key.empty() && key.front() == '=') key.remove_prefix(1);
    if (key.empty() || key.find('{') != std::string_view::npos || !v.has(key)) return false;
    i = close;
  }
  return true;
}

}  // namespace headroom
