// SPDX-License-Identifier: MIT
// headroom CLI: the text helpers every Markdown renderer shares (commands, report, plan), so a
// number prints the same way in every output.
#pragma once

#include <fmt/format.h>

#include <iterator>
#include <string>
#include <string_view>
#include <utility>

#include <headroom/bytes.hpp>
#include <headroom/config_values.hpp>
#include <headroom/error.hpp>

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

/// Provenance text with its placeholders rendered from the model's config values
/// (config_values.hpp): `{key}` as "key value", `{=key}` as the value. A placeholder that names
/// no recorded value, or a stray brace, is an error naming the model and the text.
inline std::string provenance(std::string_view text, const config_values& v, std::string_view model_id) {
  if (!placeholders_resolve(text, v)) {
    detail::fail(error_kind::bad_model, fmt::format("model `{}`: provenance text names a config value the family does not "
                                            "record, or has an unmatched brace: \"{}\"", model_id, text));
  }
  std::string out;
  std::size_t from = 0;
  for (placeholder p = next_placeholder(text, 0); p.open != std::string_view::npos;
       p = next_placeholder(text, from)) {
    out.append(text.substr(from, p.open - from));
    const config_value& cv = v.at(p.key);
    if (!p.bare) fmt::format_to(std::back_inserter(out), "{} ", p.key);
    if (cv.boolean) {
      out += cv.value != 0 ? "true" : "false";
    } else {
      fmt::format_to(std::back_inserter(out), "{}", cv.value);
    }
    from = p.close + 1;
  }
  out.append(text.substr(from));
  return out;
}

}  // namespace headroom::cli::text
