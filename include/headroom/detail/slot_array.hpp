// SPDX-License-Identifier: MIT
// headroom internals: an array of N slots whose storage is not written until a slot is set.
// A step's tables (breakdown rows, per-call paths) are sized for the largest model and mostly
// left unused; zeroing them on every call costs more than filling the few slots used.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace headroom::detail {

template <typename T, std::size_t N>
class slot_array {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  struct slot {
    union {
      std::uint8_t unused;
      T value;
    };
    // Nothing written at run time; in constant evaluation `unused` becomes the active member,
    // since g++ 12 does not accept a constant whose union has none.
    constexpr slot() {
      if (std::is_constant_evaluated()) unused = 0;
    }
    constexpr explicit slot(const T& v) : value(v) {}
  };
  std::array<slot, N> slots_;

 public:
  // User-provided, so that `slot_array{}` default-initialises the slots (one byte each in
  // constant evaluation, nothing at run time) instead of zeroing the whole array first.
  constexpr slot_array() {}  // NOLINT(modernize-use-equals-default)
  constexpr T& operator[](std::size_t i) { return slots_[i].value; }
  constexpr const T& operator[](std::size_t i) const { return slots_[i].value; }
  /// Sets slot i to `v`: one copy into the slot, whose union's active member becomes the value
  /// (a trivial assignment to a union member begins its lifetime; clang 14's constant evaluator
  /// does not implement that for a class member, so there the whole slot is assigned).
  constexpr void set(std::size_t i, const T& v) {
    if (std::is_constant_evaluated()) {
      slots_[i] = slot(v);
    } else {
      slots_[i].value = v;
    }
  }
  /// Slot i to be written member by member, every member (a value-initialised T in constant
  /// evaluation; at run time the storage as it is, not zeroed first).
  constexpr T& fresh(std::size_t i) {
    if (std::is_constant_evaluated()) slots_[i] = slot(T{});
    return slots_[i].value;
  }
  /// Starts slot i afresh (a value-initialised T) and returns it.
  constexpr T& start(std::size_t i) {
    slots_[i] = slot(T{});  // the whole slot: its union's active member becomes the value
    return slots_[i].value;
  }
  [[nodiscard]] static constexpr std::size_t size() { return N; }
};

}  // namespace headroom::detail
