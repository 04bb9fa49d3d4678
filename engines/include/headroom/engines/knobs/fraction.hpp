// SPDX-License-Identifier: MIT
// headroom: the number types engine knobs are written in -- a fraction in millionths (exact and
// structural: clang 14 has no floating-point template arguments) and the "engine's own default" zero.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>

#include <headroom/bytes.hpp>

namespace headroom {

/// A fraction in [0, 1] in millionths (0.92 = 920000), exact and structural.
struct fraction {
  std::uint32_t millionths = 0;
  friend constexpr bool operator==(const fraction&, const fraction&) = default;
  [[nodiscard]] constexpr double value() const { return static_cast<double>(millionths) / 1e6; }
};
/// `x` rounded to the nearest millionth (the CLI parses `0.85`; tables write frac(0.85)).
constexpr fraction frac(double x) {
  const double scaled = x * 1e6 + 0.5;
  return {scaled <= 0 ? 0u : static_cast<std::uint32_t>(scaled)};
}
/// b x f, rounded down, exact: the engines compute `total * fraction` in floating point and
/// truncate to bytes; a millionth of 192 GB is 192 kB, far below any reported rounding.
constexpr byte_count scale(byte_count b, fraction f) {
  return b / 1'000'000 * f.millionths + (b % 1'000'000) * f.millionths / 1'000'000;
}

/// "0" in a knob below means "the engine's own default", which for these knobs depends on the
/// device or the model (vLLM's batch defaults depend on device memory, SGLang's fraction on
/// memory and TP); the resolved value is reported with every answer.
inline constexpr std::uint64_t engine_default = 0;

}  // namespace headroom
