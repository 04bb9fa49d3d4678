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
    // Lengths first, through a pointer taken once: every shipped table records its keys when it
    // is compiled, and g++ 12 charges each std::array subscript about as much as a function call
    // (a small saving: six keys 4.3 -> 4.0 M compiler instructions; most is the writes).
    config_value* it = items.data();
    const std::size_t length = key.size();
    for (std::size_t i = 0; i < n; ++i) {
      if (it[i].key.size() == length && it[i].key == key) {
        it[i] = {key, value, boolean};
        return;
      }
    }
    if (n >= max_config_values) detail::require_table(false, "too many config values");
    it[n++] = {key, value, boolean};
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

/// One `{key}` / `{=key}` placeholder of a provenance text (next_placeholder).
struct placeholder {
  std::size_t open = std::string_view::npos;  ///< index of its '{'; npos: no placeholder left
  std::size_t close = std::string_view::npos; ///< index of its '}'
  std::string_view key;
  bool bare = false;         ///< `{=key}`: the value alone
  bool well_formed = false;  ///< false: a stray '}', an unclosed '{', an empty key or a nested '{'
};

/// The first placeholder of `text` at or after `from` (open == npos when there is none).
constexpr placeholder next_placeholder(std::string_view text, std::size_t from) {
  placeholder p;
  p.open = text.find_first_of("{}", from);
  if (p.open == std::string_view::npos || text[p.open] == '}') return p;
  p.close = text.find('}', p.open);
  if (p.close == std::string_view::npos) return p;
  p.key = text.substr(p.open + 1, p.close - p.open - 1);
  p.bare = !p.key.empty() && p.key.front() == '=';
  if (p.bare) p.key.remove_prefix(1);
  p.well_formed = !p.key.empty() && p.key.find('{') == std::string_view::npos;
  return p;
}

/// Whether every placeholder of `text` is well formed and names a recorded value: the check a
/// table and the CLI apply before rendering.
constexpr bool placeholders_resolve(std::string_view text, const config_values& v) {
  for (placeholder p = next_placeholder(text, 0); p.open != std::string_view::npos;
       p = next_placeholder(text, p.close + 1)) {
    if (!p.well_formed || !v.has(p.key)) return false;
  }
  return true;
}

}  // namespace headroom
