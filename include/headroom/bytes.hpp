// SPDX-License-Identifier: MIT
// headroom: exact byte arithmetic. Bytes are std::uint64_t; every product and sum that forms a
// byte count goes through checked_mul / checked_add, so an overflow is a compile error in
// constant evaluation and a headroom::error at run time, never a wrapped number.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include <headroom/error.hpp>

namespace headroom {

using byte_count = std::uint64_t;

/// Decimal and binary units are different units; reports always say which.
inline constexpr byte_count gb = 1'000'000'000ULL;        ///< 10^9 bytes
inline constexpr byte_count gib = 1ULL << 30;             ///< 2^30 bytes
inline constexpr byte_count mib = 1ULL << 20;             ///< 2^20 bytes

namespace detail {
[[noreturn]] inline void overflow_at_run_time(const char* op, std::uint64_t a, std::uint64_t b) {
  fail(error_kind::overflow, std::string("byte count overflows 64 bits: ") + std::to_string(a) +
                                 " " + op + " " + std::to_string(b));
}
/// a - b, or 0 when b is larger: what is left of a budget after a charge (the shortfall is the
/// same call with the operands swapped).
constexpr std::uint64_t sat_sub(std::uint64_t a, std::uint64_t b) { return a > b ? a - b : 0; }
}  // namespace detail

/// a * b, exactly, or an error.
constexpr std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) {
    if (std::is_constant_evaluated()) detail::byte_count_overflows_64_bits();
    detail::overflow_at_run_time("x", a, b);
  }
  return r;
}

/// a + b, exactly, or an error.
constexpr std::uint64_t checked_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) {
    if (std::is_constant_evaluated()) detail::byte_count_overflows_64_bits();
    detail::overflow_at_run_time("+", a, b);
  }
  return r;
}

/// ceil(a / b) for b > 0.
constexpr std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return a / b + (a % b != 0); }

/// Bytes as decimal gigabytes (10^9), for printing only.
constexpr double to_gb(byte_count b) { return static_cast<double>(b) / 1e9; }
/// Bytes as binary gibibytes (2^30), for printing only.
constexpr double to_gib(byte_count b) { return static_cast<double>(b) / static_cast<double>(gib); }

}  // namespace headroom
