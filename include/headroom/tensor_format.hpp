// SPDX-License-Identifier: MIT
// headroom: tensor formats (detail/tensor_format_core.hpp: the type, the named formats, the
// byte laws) and what reads a spelling or asks a law without throwing: std::optional answers.
// The library's own headers include the core alone: a translation unit that never parses a
// spelling does not instantiate std::optional for one (bench/README.md, "What a check parses").
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <headroom/detail/fixed_text.hpp>
#include <headroom/detail/tensor_format_core.hpp>  // IWYU pragma: export
#include <headroom/error.hpp>

namespace headroom {

namespace detail {
// `<prefix><n>` with n a canonical positive number; nullopt otherwise.
constexpr std::optional<std::uint32_t> parse_group(std::string_view s, std::string_view prefix) {
  if (s.substr(0, prefix.size()) != prefix) return std::nullopt;
  const auto g = parse_positive(s.substr(prefix.size()));
  if (g == 0 || g > 0xffffffffULL) return std::nullopt;
  return static_cast<std::uint32_t>(g);
}
}  // namespace detail

/// Strict parse: lowercase canonical spellings only, no whitespace. nullopt when refused.
constexpr std::optional<tensor_format> try_parse_format(std::string_view s) {
  using detail::parse_positive;
  if (s == "bf16") return formats::bf16;
  if (s == "f32") return formats::f32;
  if (s == "i32") return formats::i32;
  if (s == "mxfp4/g32") return formats::mxfp4;
  if (const auto g = detail::parse_group(s, "nvfp4/g")) return formats::nvfp4(*g);
  if (s == "int8/channel") return formats::int8_channel;
  if (s == "int8/token") return formats::int8_token;
  if (const auto g = detail::parse_group(s, "awq/g")) return formats::awq(*g);
  if (const auto g = detail::parse_group(s, "gptq/g")) return formats::gptq(*g);
  if (s.size() > 3 && s.substr(s.size() - 3) == "/zp") {
    if (const auto g = detail::parse_group(s.substr(0, s.size() - 3), "int4/g")) return formats::int4(*g, true);
    return std::nullopt;
  }
  if (const auto g = detail::parse_group(s, "int4/g")) return formats::int4(*g);
  if (s.substr(0, 4) != "fp8/") return std::nullopt;
  const auto rest = s.substr(4);
  if (rest == "tensor") return formats::fp8_tensor;
  if (rest == "token") return formats::fp8_token;
  if (rest == "channel") return formats::fp8_channel;
  if (const auto g = detail::parse_group(rest, "g")) return formats::fp8_group(*g);
  if (rest.substr(0, 5) == "block") {
    auto body = rest.substr(5);
    const bool ue8m0 = body.size() > 6 && body.substr(body.size() - 6) == "/ue8m0";
    if (ue8m0) body = body.substr(0, body.size() - 6);
    const auto x = body.find('x');
    if (x == std::string_view::npos) return std::nullopt;
    const auto r = parse_positive(body.substr(0, x));
    const auto c = parse_positive(body.substr(x + 1));
    if (r == 0 || c == 0) return std::nullopt;
    return formats::fp8_block(static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(c), ue8m0);
  }
  return std::nullopt;
}

/// Parse or throw headroom::error naming the spelling and listing the valid ones.
inline tensor_format parse_format(std::string_view s) {
  if (auto f = try_parse_format(s)) return *f;
  detail::fail(error_kind::bad_format, "unknown format `" + std::string(s) + "` (expected " +
                                           std::string(format_spellings) + ")");
}

/// Bytes of a rows x d activation or state tensor; nullopt when the shape has no byte size.
constexpr std::optional<std::uint64_t> try_bytes(const tensor_format& f, std::uint64_t rows, std::uint64_t d) {
  std::uint64_t b = 0;
  if (!detail::law_bytes(f, rows, d, false, b)) return std::nullopt;
  return b;
}

/// Bytes of an [n (out), k (in)] weight with its scale tensors; nullopt when it has no size.
constexpr std::optional<std::uint64_t> try_weight_bytes(const tensor_format& f, std::uint64_t n, std::uint64_t k) {
  std::uint64_t b = 0;
  if (!detail::law_bytes(f, n, k, true, b)) return std::nullopt;
  return b;
}

}  // namespace headroom
