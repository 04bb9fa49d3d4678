// SPDX-License-Identifier: MIT
// headroom: the policy settings (detail/settings_core.hpp) and the parsers of their spellings.
// The library's own headers include the core alone, so a translation unit that parses no
// spelling compiles no parser (bench/README.md, "What a check parses").
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <optional>
#include <string_view>

#include <headroom/detail/settings_core.hpp>  // IWYU pragma: export

namespace headroom {

constexpr std::optional<kv_dtype> try_parse_kv_dtype(std::string_view s) {
  if (s == "bf16") return kv_dtype::bf16;
  if (s == "fp8") return kv_dtype::fp8;
  return std::nullopt;
}
constexpr std::optional<state_dtype> try_parse_state_dtype(std::string_view s) {
  if (s == "f32") return state_dtype::f32;
  if (s == "bf16") return state_dtype::bf16;
  if (s == "f16") return state_dtype::f16;
  return std::nullopt;
}

}  // namespace headroom
