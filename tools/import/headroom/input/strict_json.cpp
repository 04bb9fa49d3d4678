// SPDX-License-Identifier: MIT
#include "headroom/input/strict_json.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <map>
#include <vector>

#include "headroom/input/bounded_file.hpp"
#include "headroom/input/text_position.hpp"
#include "headroom/input/usage_error.hpp"

namespace headroom::cli {

namespace {

using json = nlohmann::json;

// One open object or array: where its value goes, and for an object the key being read and
// where each key sat (for the duplicate's message).
struct frame {
  json* value = nullptr;
  std::string key;
  std::map<std::string, std::size_t, std::less<>> keys;
  std::size_t index = 0;  ///< arrays: the next element's index
};

class parser {
 public:
  parser(std::string_view text, std::string_view file, const json_limits& limits)
      : t_(text), file_(file), limits_(limits) {}

  json run() {
    if (const std::size_t nul = t_.find('\0'); nul != std::string_view::npos) fail(nul, "a NUL byte (JSON text has none)");
    json root;
    skip_ws();
    value_into(root);
    while (!stack_.empty()) {
      frame& f = stack_.back();
      skip_ws();
      const bool is_object = f.value->is_object();
      const char close = is_object ? '}' : ']';
      if (at_end()) fail(i_, fmt::format("the document ends inside an {}", is_object ? "object" : "array"));
      const bool first = is_object ? f.keys.empty() : f.index == 0;
      if (t_[i_] == close) {
        ++i_;
        stack_.pop_back();
        continue;
      }
      if (!first) {
        expect(',', is_object ? "`,` or `}` after an object member" : "`,` or `]` after an array element");
        skip_ws();
      }
      if (is_object) {
        const std::size_t key_at = i_;
        if (at_end() || t_[i_] != '"') fail(i_, "expected a string key");
        std::string key = string_token();
        if (const auto it = f.keys.find(key); it != f.keys.end()) {
          const text_position p = position_of(t_, it->second);
          fail(key_at, fmt::format("duplicate key `{}` (first at line {}, column {})", elided(path_with(key)), p.line,
                                   p.column));
        }
        f.keys.emplace(key, key_at);
        skip_ws();
        expect(':', "`:` after an object key");
        skip_ws();
        f.key = std::move(key);
        value_into((*f.value)[f.key]);
      } else {
        f.value->push_back(json());
        ++f.index;
        value_into(f.value->back());
      }
    }
    skip_ws();
    if (!at_end()) fail(i_, "content after the JSON document");
    return root;
  }

 private:
  [[noreturn]] void fail(std::size_t at, const std::string& why) const {
    const text_position p = position_of(t_, at);
    throw file_error(printable(fmt::format("{}:{}:{}: {}", file_, p.line, p.column, why)));
  }
  [[nodiscard]] bool at_end() const { return i_ >= t_.size(); }
  void skip_ws() {
    while (!at_end() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r')) ++i_;
  }
  void expect(char c, std::string_view what) {
    if (at_end() || t_[i_] != c) fail(i_, fmt::format("expected {}", what));
    ++i_;
  }
  // "a.b[2].c": where the value being read sits, for messages.
  [[nodiscard]] std::string path_with(std::string_view last) const {
    std::string p;
    for (const frame& f : stack_) {
      if (&f == &stack_.back()) break;
      if (f.value->is_object()) {
        p += (p.empty() ? "" : ".") + f.key;
      } else {
        p += fmt::format("[{}]", f.index - 1);
      }
    }
    if (!stack_.empty() && !stack_.back().value->is_object()) return p + fmt::format("[{}]", stack_.back().index - 1);
    return p.empty() ? std::string(last) : p + "." + std::string(last);
  }
  [[nodiscard]] std::string where() const {
    if (stack_.empty()) return "the document";
    return fmt::format("key `{}`", elided(path_with(stack_.back().key)));
  }

  void count_value() {
    if (++values_ > limits_.max_values) fail(i_, fmt::format("more than {} values", limits_.max_values));
  }

  // A value into `out`: scalars whole, containers opened (their members are read by run()).
  void value_into(json& out) {
    count_value();
    if (at_end()) fail(i_, "expected a value");
    const char c = t_[i_];
    if (c == '{' || c == '[') {
      if (stack_.size() >= limits_.max_depth) fail(i_, fmt::format("nested deeper than {} levels", limits_.max_depth));
      ++i_;
      out = c == '{' ? json::object() : json::array();
      stack_.push_back(frame{&out, {}, {}, 0});
      return;
    }
    if (c == '"') {
      out = string_token();
      return;
    }
    if (word("true")) {
      out = true;
    } else if (word("false")) {
      out = false;
    } else if (word("null")) {
      out = nullptr;
    } else if (word("NaN")) {
      out = std::numeric_limits<double>::quiet_NaN();
    } else if (word("Infinity")) {
      out = std::numeric_limits<double>::infinity();
    } else if (word("-Infinity")) {
      out = -std::numeric_limits<double>::infinity();
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      out = number();
    } else {
      fail(i_, "expected a value (an object, array, string, number, true, false or null)");
    }
  }
  bool word(std::string_view w) {
    if (t_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }

  json number() {
    const std::size_t start = i_;
    auto digits = [&] {
      const std::size_t from = i_;
      while (!at_end() && t_[i_] >= '0' && t_[i_] <= '9') ++i_;
      return i_ - from;
    };
    if (t_[i_] == '-') ++i_;
    const std::size_t int_at = i_;
    if (digits() == 0) fail(start, "a number needs a digit after `-`");
    if (t_[int_at] == '0' && i_ - int_at > 1) fail(int_at, "a number must not start with 0");
    bool integral = true;
    if (!at_end() && t_[i_] == '.') {
      ++i_;
      integral = false;
      if (digits() == 0) fail(i_, "expected a digit after the decimal point");
    }
    if (!at_end() && (t_[i_] == 'e' || t_[i_] == 'E')) {
      ++i_;
      integral = false;
      if (!at_end() && (t_[i_] == '+' || t_[i_] == '-')) ++i_;
      if (digits() == 0) fail(i_, "expected a digit in the exponent");
    }
    const std::string_view lit = t_.substr(start, i_ - start);
    if (integral) {
      // As nlohmann reads them: unsigned when not negative, signed when negative, a double
      // when beyond 64 bits.
      if (lit[0] != '-') {
        std::uint64_t u = 0;
        if (std::from_chars(lit.data(), lit.data() + lit.size(), u).ec == std::errc()) return json(u);
      } else {
        std::int64_t s = 0;
        if (std::from_chars(lit.data(), lit.data() + lit.size(), s).ec == std::errc()) return json(s);
      }
    }
    const std::string copy(lit);
    const double d = std::strtod(copy.c_str(), nullptr);
    if (!std::isfinite(d)) {
      fail(start, fmt::format("{}: the number `{}` is beyond the range of a double", where(), elided(lit)));
    }
    return json(d);
  }

  // A string token (at its opening quote), unescaped and checked.
  std::string string_token() {
    const std::size_t start = i_++;
    std::string out;
    for (;;) {
      if (at_end()) fail(start, "a string is not closed");
      const auto c = static_cast<unsigned char>(t_[i_]);
      if (c == '"') {
        ++i_;
        break;
      }
      if (c < 0x20) fail(i_, "a raw control character in a string (write it as \\u00XX)");
      if (c == '\\') {
        escape(out);
      } else if (c < 0x80) {
        out += static_cast<char>(c);
        ++i_;
      } else {
        utf8(out);
      }
      if (out.size() > limits_.max_string) fail(start, fmt::format("a string longer than {} bytes", limits_.max_string));
    }
    return out;
  }
  void escape(std::string& out) {
    const std::size_t at = i_++;
    if (at_end()) fail(at, "a string is not closed");
    const char e = t_[i_++];
    switch (e) {
      case '"': out += '"'; return;
      case '\\': out += '\\'; return;
      case '/': out += '/'; return;
      case 'b': out += '\b'; return;
      case 'f': out += '\f'; return;
      case 'n': out += '\n'; return;
      case 'r': out += '\r'; return;
      case 't': out += '\t'; return;
      case 'u': break;
      default: fail(at, "an invalid escape in a string");
    }
    std::uint32_t cp = hex4(at);
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      if (t_.substr(i_, 2) != "\\u") fail(at, "a high surrogate without its low surrogate");
      i_ += 2;
      const std::uint32_t lo = hex4(at);
      if (lo < 0xDC00 || lo > 0xDFFF) fail(at, "a high surrogate without its low surrogate");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      fail(at, "a low surrogate without its high surrogate");
    }
    append_utf8(out, cp);
  }
  std::uint32_t hex4(std::size_t at) {
    std::uint32_t v = 0;
    for (int k = 0; k < 4; ++k, ++i_) {
      if (at_end()) fail(at, "an invalid \\u escape");
      const char h = t_[i_];
      v <<= 4;
      if (h >= '0' && h <= '9') {
        v |= static_cast<std::uint32_t>(h - '0');
      } else if (h >= 'a' && h <= 'f') {
        v |= static_cast<std::uint32_t>(h - 'a' + 10);
      } else if (h >= 'A' && h <= 'F') {
        v |= static_cast<std::uint32_t>(h - 'A' + 10);
      } else {
        fail(at, "an invalid \\u escape");
      }
    }
    return v;
  }
  static void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  // One UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF).
  void utf8(std::string& out) {
    const std::size_t at = i_;
    const auto b0 = static_cast<unsigned char>(t_[i_]);
    const std::size_t n = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC2 ? 2 : 0;
    if (n == 0 || b0 > 0xF4 || i_ + n > t_.size()) fail(at, "invalid UTF-8");
    std::uint32_t cp = b0 & (0x7Fu >> n);
    for (std::size_t k = 1; k < n; ++k) {
      const auto b = static_cast<unsigned char>(t_[i_ + k]);
      if ((b & 0xC0) != 0x80) fail(at, "invalid UTF-8");
      cp = (cp << 6) | (b & 0x3F);
    }
    if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF))) {
      fail(at, "invalid UTF-8");
    }
    out.append(t_.substr(i_, n));
    i_ += n;
  }

  std::string_view t_;
  std::string_view file_;
  json_limits limits_;
  std::size_t i_ = 0;
  std::size_t values_ = 0;
  std::vector<frame> stack_;
};

}  // namespace

json parse_json(std::string_view text, std::string_view file, const json_limits& limits) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return parser(text, file, limits).run();
}

std::string shown_value(const json& v) {
  if (v.is_number_float() && !std::isfinite(v.get<double>())) {
    const double d = v.get<double>();
    return std::isnan(d) ? "NaN" : (d > 0 ? "Infinity" : "-Infinity");
  }
  return elided(v.dump(-1, ' ', false, json::error_handler_t::replace));
}

}  // namespace headroom::cli
