// SPDX-License-Identifier: MIT
// headroom: checks for enum name tables. An enum with a name table also has an `all_<x>s` list
// of every value (for loops, instead of a hard-coded last enumerator); the list must hold the
// values 0, 1, ..., N-1 in declaration order (lists_values_in_order), and the name table exactly
// N names (name_in checks it when the table is looked up). enum_table holds both, checked once
// where it is built.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace headroom {
// Name tables spell their names as `sv` literals: clang 14 builds a std::string_view from a
// plain literal in constant evaluation one character at a time, about 20,000 instructions a
// character (bench/README.md, "What a check parses").
using std::string_view_literals::operator""sv;
}  // namespace headroom

namespace headroom::detail {

/// Whether `all` lists its enum's values 0, 1, ..., N-1 in declaration order, each once.
template <typename E, std::size_t N>
constexpr bool lists_values_in_order(const std::array<E, N>& all) {
  for (std::size_t i = 0; i < N; ++i) {
    if (static_cast<std::size_t>(all[i]) != i) return false;
  }
  return true;
}

/// The name of `value` in `names`, the table of every value `all` lists: a table of another
/// length does not compile.
template <typename E, std::size_t N, std::size_t M>
constexpr std::string_view name_in(const std::string_view (&names)[N], const std::array<E, M>& all, E value) {
  static_assert(N == M, "an enum's name table holds one name per value");
  (void)all;
  return names[static_cast<std::size_t>(value)];
}

/// Called only when an all-values list is out of order: not constexpr, so a table built in a
/// constant expression names the mistake in the compile error.
inline void all_values_list_is_not_0_to_n_minus_1_in_declaration_order() {}

/// An enum's all-values list (for loops) and its name table, one name per value.
template <typename E, std::size_t N>
struct enum_table {
  std::array<E, N> all;
  std::array<std::string_view, N> names;
  [[nodiscard]] constexpr std::string_view name(E value) const { return names[static_cast<std::size_t>(value)]; }
};
/// The table of `all` and `names`: a name table of another length, or a list that is not
/// 0, 1, ..., N-1 in declaration order, does not compile (in an inline constexpr table).
template <typename E, std::size_t N, std::size_t M>
constexpr enum_table<E, N> make_enum_table(const std::array<E, N>& all, const std::string_view (&names)[M]) {
  static_assert(N == M, "an enum's name table holds one name per value");
  if (!lists_values_in_order(all)) all_values_list_is_not_0_to_n_minus_1_in_declaration_order();
  enum_table<E, N> t{all, {}};
  for (std::size_t i = 0; i < N; ++i) t.names[i] = names[i];
  return t;
}

}  // namespace headroom::detail
