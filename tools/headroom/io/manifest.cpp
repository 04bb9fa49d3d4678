// SPDX-License-Identifier: MIT
#include "headroom/io/manifest.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <iterator>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <headroom/devices.hpp>

#include "headroom/input/bounded_file.hpp"
#include "headroom/io/detail/json_scan.hpp"
#include "headroom/render/reflect_results.hpp"
#include "headroom/run.hpp"

namespace headroom::cli {

namespace {

using json = nlohmann::json;
using json_scan::member;
using json_scan::scan_object;
using json_scan::scanned;
using json_scan::syntax_pass;

// The keys of schema_version 1, in the order they are checked and documented.
// The rates are the roofline's members, under the names its JSON object prints
// (reflect_results.hpp); out.r takes them in that order.
constexpr auto rate_keys = reflect::keys<roofline>();
static_assert(rate_keys.size() == 4 && rate_keys[0] == "dram_gbps", "the rate ranges below assume dram_gbps first");
constexpr auto known_keys = [] {
  std::array<std::string_view, 5 + rate_keys.size()> k{"schema_version", "device", "source"};
  for (std::size_t i = 0; i < rate_keys.size(); ++i) k[3 + i] = rate_keys[i];
  k[3 + rate_keys.size()] = "context_tokens";
  k[4 + rate_keys.size()] = "notes";
  return k;
}();

std::string type_name(const json& v) {
  if (v.is_object()) return "an object";
  if (v.is_array()) return "an array";
  if (v.is_string()) return "a string";
  if (v.is_boolean()) return "a boolean";
  if (v.is_null()) return "null";
  return "a number";
}

class loader {
 public:
  loader(std::string_view text, std::string_view path) : text_(text), path_(path) {}

  [[noreturn]] void fail_at(std::size_t offset, const std::string& what) const {
    const text_position p = position_of(text_, offset);
    // Messages echo the file's bytes (a key, a literal, the JSON library's "last read"):
    // escaped here, so a manifest_error is one printable line wherever it is shown.
    throw manifest_error(printable(fmt::format("{}:{}:{}: {}", path_, p.line, p.column, what)));
  }
  [[noreturn]] void fail_value(const member& m, const std::string& what) const {
    fail_at(m.value_at, fmt::format("key `{}`: {}", m.key, what));
  }
  // The value as written in the file, for messages ("got `-249`").
  [[nodiscard]] std::string literal(const member& m) const {
    std::string_view v = text_.substr(m.value_at, m.value_end - m.value_at);
    if (v.size() > 40) return std::string(v.substr(0, 37)) + "...";
    return std::string(v);
  }

  manifest run(const device* expected) {
    // JSON text has no NUL (nlohmann stops at one, so a valid manifest followed by a NUL and
    // anything was accepted) and one byte order mark at most (a second read as garbage).
    if (const std::size_t nul = text_.find('\0'); nul != std::string_view::npos) fail_at(nul, "a NUL byte (JSON text has none)");
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") fail_at(0, "a second byte order mark (U+FEFF); a file has one at most");
    std::string blanked(text_);
    for (int overflows = 0;; ++overflows) {
      syntax_pass syntax{};
      const bool well_formed = json::sax_parse(blanked, &syntax, json::input_format_t::json, true);
      if (syntax.failed && syntax.overflow && overflows < 16 && syntax.token_size != 0 &&
          syntax.token_size <= syntax.token_end && syntax.token_end <= blanked.size()) {
        // Same length, so every later position is unchanged; the DOM pass below still sees it.
        blanked.replace(syntax.token_end - syntax.token_size, syntax.token_size,
                        "0" + std::string(syntax.token_size - 1, ' '));
        continue;
      }
      if (syntax.failed && !(syntax.overflow && overflows > 0)) {
        fail_at(syntax.at, "malformed JSON: " + parse_error_detail(syntax.what));
      }
      if (!well_formed && !syntax.failed) {
        fail_at(0, fmt::format("malformed JSON: nested deeper than {} levels", syntax_pass::max_depth));
      }
      break;
    }
    json doc;
    try {
      doc = json::parse(text_);
    } catch (const json::parse_error& e) {
      // e.byte: 1-based index of the character the parser stopped at.
      fail_at(e.byte == 0 ? 0 : e.byte - 1, "malformed JSON: " + parse_error_detail(e.what()));
    } catch (const json::out_of_range& e) {
      // A number literal beyond a double's range (e.g. 1e999): nlohmann refuses it as a
      // whole, without a position; find the member that holds it.
      const scanned s = scan_object(text_);
      for (const member& m : s.members) {
        const std::string lit(text_.substr(m.value_at, m.value_end - m.value_at));
        if (!lit.empty() && (lit[0] == '-' || (lit[0] >= '0' && lit[0] <= '9')) && !std::isfinite(std::strtod(lit.c_str(), nullptr))) {
          fail_value(m, fmt::format("must be a positive, finite number, got `{}`", literal(m)));
        }
      }
      fail_at(s.object_at, "a number is beyond the range of a double");
    }
    const scanned s = scan_object(text_);
    if (!doc.is_object()) fail_at(s.object_at, "the manifest must be a JSON object, got " + type_name(doc));

    // Keys first: a duplicate or a typo is reported before any value is read.
    for (std::size_t i = 0; i < s.members.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        if (s.members[j].key == s.members[i].key) fail_at(s.members[i].key_at, fmt::format("duplicate key `{}`", s.members[i].key));
      }
      if (std::find(known_keys.begin(), known_keys.end(), s.members[i].key) == known_keys.end()) {
        fail_at(s.members[i].key_at, unknown_key_message(s.members[i].key));
      }
    }
    auto find = [&](std::string_view key) -> const member* {
      for (const member& m : s.members) {
        if (m.key == key) return &m;
      }
      return nullptr;
    };

    // The schema version decides how the rest is read: checked before anything else.
    const member* version = find("schema_version");
    if (version == nullptr) fail_at(s.object_at, "missing key `schema_version`");
    const json& v = doc.at("schema_version");
    if (!v.is_number_integer()) fail_value(*version, fmt::format("expected an integer, got `{}`", literal(*version)));
    if (v.get<std::int64_t>() != manifest_schema_version) {
      fail_value(*version, fmt::format("unsupported schema version {} (this headroom reads {})", literal(*version),
                                       manifest_schema_version));
    }

    std::string missing;
    std::size_t n_missing = 0;
    for (std::string_view key : known_keys) {
      if (key == "notes" || find(key) != nullptr) continue;
      missing += fmt::format("{}`{}`", missing.empty() ? "" : ", ", key);
      ++n_missing;
    }
    if (n_missing != 0) fail_at(s.object_at, fmt::format("missing key{} {}", n_missing > 1 ? "s" : "", missing));

    manifest out{};
    out.path = std::string(path_);

    const member& dev = *find("device");
    const std::string device_id = string_value(doc, dev);
    out.d = devices::find(device_id);
    if (out.d == nullptr) fail_value(dev, unknown_device_message(device_id));
    if (expected != nullptr && out.d != expected) {
      fail_value(dev, fmt::format("the manifest measures `{}`, the command asks for `{}`", out.d->id, expected->id));
    }

    const member& src = *find("source");
    out.source = string_value(doc, src);
    if (out.source.empty()) fail_value(src, "must not be empty");

    std::array<double, rate_keys.size()> rates{};
    for (std::size_t i = 0; i < rate_keys.size(); ++i) {
      const member& m = *find(rate_keys[i]);
      const json& x = doc.at(m.key);
      if (!x.is_number()) fail_value(m, fmt::format("expected a number, got `{}`", literal(m)));
      rates[i] = x.get<double>();
      if (!std::isfinite(rates[i]) || !(rates[i] > 0)) {
        fail_value(m, fmt::format("must be a positive, finite number, got `{}`", literal(m)));
      }
      const rate_range range = i == 0 ? dram_range : tflops_range;
      if (rates[i] < range.lo || rates[i] > range.hi) {
        fail_value(m, fmt::format("`{}` is outside the physical range {} to {} {}", literal(m), num(range.lo),
                                  num(range.hi), range.unit));
      }
    }
    out.r = roofline{rates[0], rates[1], rates[2], rates[3]};

    const member& ctx = *find("context_tokens");
    const json& c = doc.at("context_tokens");
    if (!c.is_number_integer()) fail_value(ctx, fmt::format("expected a positive integer, got `{}`", literal(ctx)));
    if (!c.is_number_unsigned() || c.get<std::uint64_t>() == 0) {
      fail_value(ctx, fmt::format("must be at least 1, got `{}`", literal(ctx)));
    }
    out.context_tokens = c.get<std::uint64_t>();

    if (const member* notes = find("notes")) out.notes = string_value(doc, *notes);

    // The constants go through the library's own function; its basis text has a fixed
    // capacity, so a source too long to fit is refused rather than cut.
    const std::string basis_source = out.path + ": " + out.source;
    out.constants = measured_roofline(out.r, basis_source);
    const std::string expected_basis = "measured achievable (" + basis_source + ")";
    if (out.constants.basis.view() != expected_basis) {
      const std::size_t capacity = std::tuple_size_v<decltype(out.constants.basis.data)>;
      fail_value(src, fmt::format("too long: `<file>: <source>` is {} characters, the basis text holds {}",
                                  basis_source.size(), capacity - (expected_basis.size() - basis_source.size())));
    }
    return out;
  }

 private:
  std::string string_value(const json& doc, const member& m) const {
    const json& x = doc.at(m.key);
    if (!x.is_string()) fail_value(m, fmt::format("expected a string, got `{}`", literal(m)));
    std::string v = x.get<std::string>();
    // Strings reach reports and generated headers: a NUL, a newline or an escape sequence
    // (written as \u0000, \n, \u001b in JSON) would break or spoof them.
    if (printable(v) != v) fail_value(m, "must not contain control characters (NUL, newline, escape, ...)");
    return v;
  }

  static std::string unknown_key_message(const std::string& key) {
    std::vector<std::string_view> keys(known_keys.begin(), known_keys.end());
    const auto near = nearest(key, keys);
    if (!near.empty()) return fmt::format("unknown key `{}` (did you mean `{}`?)", key, near.front());
    std::string all;
    for (std::string_view k : known_keys) all += fmt::format("{}{}", all.empty() ? "" : ", ", k);
    return fmt::format("unknown key `{}` (schema_version 1 keys: {})", key, all);
  }

  // nlohmann's text is "[json.exception.parse_error.101] parse error at line 1, column 9:
  // syntax error while ..."; the position is ours, the description is kept.
  static std::string parse_error_detail(std::string_view what) {
    const std::size_t col = what.find("column ");
    if (col != std::string_view::npos) {
      const std::size_t colon = what.find(": ", col);
      if (colon != std::string_view::npos) return std::string(what.substr(colon + 2));
    }
    const std::size_t bracket = what.find("] ");
    return std::string(bracket == std::string_view::npos ? what : what.substr(bracket + 2));
  }

  std::string_view text_;
  std::string_view path_;
};

}  // namespace

manifest parse_manifest(std::string_view text, std::string_view path, const device* expected) {
  // A UTF-8 byte order mark (editors on Windows write one) is skipped; lines and columns count
  // from the character after it, as an editor shows them.
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return loader(text, path).run(expected);
}

manifest load_manifest(const std::string& path, const device* expected) {
  if (path.empty()) throw manifest_error("--measured: expected a file name, got an empty string");
  std::string text;
  try {
    text = read_bounded(path, manifest_file);
  } catch (const file_error& e) {
    throw manifest_error(e.what());
  }
  return parse_manifest(text, path, expected);
}

}  // namespace headroom::cli
