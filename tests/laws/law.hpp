// SPDX-License-Identifier: MIT
// Laws over registries that name the offender. A law is a constexpr function from one entry to
// the first column it breaks (an enumerator of the law's own column enum; the enum's value-
// initialised enumerator, listed first, means "none"). `every_entry_obeys<registry, law>()`
// applies it to every entry, each entry in its own constant evaluation (so no registry grows a
// law past the compilers' step limits), and an entry that breaks it fails the build with ONE
// error whose template names the entry and the column, under g++ 12 and clang 14 alike:
//
//   breaks_law<headroom::devices::h100_sxm, device_column::fp8_kind_matches_fp8_peak>
//
// Registries of pointers (devices::all, models::all) name the entry by its variable;
// registries of values (devices::sources) by their index: breaks_law_at<devices::sources, 17, ...>.
// No law counts a registry's entries: adding an entry subjects it to every law, nothing more.
#pragma once

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>

namespace headroom::laws {

// Instantiated only for an offender: the static_assert below is its one error, and the
// template's arguments in the compiler's "in instantiation of" line are the entry and the column.
// `value` is true so that the law's own static_assert adds no second error.
template <const auto& Entry, auto Column>
struct breaks_law {
  static_assert(Column == decltype(Column){}, "a registry entry breaks a law: the template arguments name the entry and the column");
  static constexpr bool value = true;
};
template <const auto& Registry, std::size_t Index, auto Column>
struct breaks_law_at {
  static_assert(Column == decltype(Column){}, "a registry entry breaks a law: the template arguments name the registry, the index and the column");
  static constexpr bool value = true;
};

namespace detail {
template <const auto& Entry, auto Law>
consteval bool entry_obeys() {
  constexpr auto broken = Law(Entry);
  if constexpr (broken == decltype(broken){}) {
    return true;
  } else {
    return breaks_law<Entry, broken>::value;  // its static_assert is the one error
  }
}
template <const auto& Registry, std::size_t Index, auto Law>
consteval bool index_obeys() {
  constexpr auto broken = Law(Registry, Index);
  if constexpr (broken == decltype(broken){}) {
    return true;
  } else {
    return breaks_law_at<Registry, Index, broken>::value;
  }
}
}  // namespace detail

/// Every entry of a registry of pointers obeys `Law(const Entry&) -> column enum`.
template <const auto& Registry, auto Law>
consteval bool every_entry_obeys() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return (detail::entry_obeys<*Registry[I], Law>() && ...);
  }(std::make_index_sequence<std::size(Registry)>{});
}

/// Every index of a registry of values obeys `Law(registry, index) -> column enum`.
template <const auto& Registry, auto Law>
consteval bool every_index_obeys() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return (detail::index_obeys<Registry, I, Law>() && ...);
  }(std::make_index_sequence<std::size(Registry)>{});
}

}  // namespace headroom::laws
