// SPDX-License-Identifier: MIT
// headroom CLI: a step's DRAM bytes and FLOPs as integers, for JSON, and the check that makes
// Markdown and JSON refuse the same steps (same load, same exit code).
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

#include <headroom/headroom.hpp>

namespace headroom::cli {

/// A step's bytes and FLOPs are sums of doubles (expected distinct experts are fractional):
/// JSON carries them rounded to the nearest integer. Beyond 64 bits is an evaluation error, as
/// for every byte count; from 2^53 up a double is an integer already and is printed exactly
/// (std::llround saturated at 2^63, so three different steps printed the same 2^63 FLOPs).
inline std::uint64_t rounded(double x, const char* what) {
  if (!(x >= 0 && x < 18446744073709551616.0)) {
    throw error(error_kind::overflow, fmt::format("the step's {} ({:g}) overflow 64 bits", what, x));
  }
  if (x >= 9007199254740992.0) return static_cast<std::uint64_t>(x);  // 2^53 and up: exact
  return static_cast<std::uint64_t>(std::llround(x));
}

/// The step, once its totals are known to fit JSON's integers: every command calls it, in
/// Markdown as in JSON, so both exit 1 on the same load.
inline step_estimate checked_totals(step_estimate st) {
  (void)rounded(st.bytes, "DRAM bytes");
  (void)rounded(st.flops, "FLOPs");
  return st;
}

}  // namespace headroom::cli
