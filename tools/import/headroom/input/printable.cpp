// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "headroom/input/usage_error.hpp"

namespace headroom::cli {

namespace {
// Length of the valid UTF-8 sequence starting at s[i] (RFC 3629: no overlongs, no surrogates,
// nothing above U+10FFFF), or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  auto byte = [&](std::size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
  auto cont = [&](std::size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) { return byte(k) >= lo && byte(k) <= hi; };
  const unsigned c = byte(0);
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
  if (c == 0xE0) return cont(1, 0xA0) && cont(2) ? 3 : 0;
  if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) return cont(1) && cont(2) ? 3 : 0;
  if (c == 0xED) return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
  if (c == 0xF0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xF1 && c <= 0xF3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c == 0xF4) return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

// Characters a terminal acts on rather than shows: C1 controls (U+0080..U+009F, e.g. CSI) and
// the Unicode line and paragraph separators (U+2028, U+2029).
bool is_control_sequence(std::string_view seq) {
  const auto b0 = static_cast<unsigned char>(seq[0]);
  if (seq.size() == 2 && b0 == 0xC2 && static_cast<unsigned char>(seq[1]) <= 0x9F) return true;
  return seq == "\xE2\x80\xA8" || seq == "\xE2\x80\xA9";
}
}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_length(text, i);
    if (n == 0 || (n == 1 && (c < 0x20 || c == 0x7F))) {
      out += fmt::format("\\x{:02x}", c);
      ++i;
      continue;
    }
    const std::string_view seq = text.substr(i, n);
    if (n > 1 && is_control_sequence(seq)) {
      for (const char b : seq) out += fmt::format("\\x{:02x}", static_cast<unsigned char>(b));
    } else {
      out += seq;
    }
    i += n;
  }
  return out;
}

}  // namespace headroom::cli
