// SPDX-License-Identifier: MIT
// headroom CLI: the text helpers every Markdown renderer shares (commands, report, plan), so a
// number prints the same way in every output.
#pragma once

#include <fmt/format.h>

#include <iterator>
#include <string>
#include <utility>

#include <headroom/bytes.hpp>

namespace headroom::cli::text {

/// Appends formatted text; format strings are checked at compile time.
struct writer {
  std::string out;
  template <typename... T>
  void operator()(fmt::format_string<T...> f, T&&... args) {
    fmt::format_to(std::back_inserter(out), f, std::forward<T>(args)...);
  }
};

/// Bytes as decimal GB (10^9) with two decimals, the unit every Markdown table states.
inline std::string gb2(byte_count b) { return fmt::format("{:.2f}", to_gb(b)); }

/// A share as a percentage with one decimal ("42.0%"); never "-0.0%".
inline std::string pct(double x) {
  const double p = 100.0 * x;
  return fmt::format("{:.1f}%", p == 0.0 ? 0.0 : p);
}

}  // namespace headroom::cli::text
