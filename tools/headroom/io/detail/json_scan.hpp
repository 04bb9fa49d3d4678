// SPDX-License-Identifier: MIT
// headroom CLI (private to the manifest loader): where each member of a JSON object sits in
// its text, and a syntax-only SAX pass, so that every manifest error names a line and column.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace headroom::cli::json_scan {

// One member of the top-level object: where its key and its value sit in the text. nlohmann
// keeps no positions, so the text is scanned again; the scanner runs only on text nlohmann
// accepted as JSON (or refused for a number that overflows a double), so it need not
// diagnose syntax.
struct member {
  std::string key;
  std::size_t key_at = 0;
  std::size_t value_at = 0;
  std::size_t value_end = 0;
};

struct scanned {
  std::size_t object_at = 0;
  std::vector<member> members;
};

/// The members of the top-level object of `t` (none when it is not an object).
scanned scan_object(std::string_view t);

// A first pass over the text with nlohmann's SAX parser: it reports every syntax error with
// its byte position. A number beyond a double's range (406) is reported too; the caller
// blanks it and goes on, so that `1e999` before a later syntax error is located at that error,
// and a file whose only fault is such a number gets the key's own message.
struct syntax_pass : nlohmann::json_sax<nlohmann::json> {
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return ++depth <= max_depth; }
  bool key(string_t&) override { return true; }
  bool end_object() override { --depth; return true; }
  bool start_array(std::size_t) override { return ++depth <= max_depth; }
  bool end_array() override { --depth; return true; }
  bool parse_error(std::size_t position, const std::string& last_token, const nlohmann::detail::exception& ex) override {
    failed = true;
    at = position == 0 ? 0 : position - 1;  // position: bytes read, the offending one included
    what = ex.what();
    overflow = ex.id == 406;
    token_end = position;
    token_size = last_token.size();
    return false;
  }
  // A manifest is flat; deep nesting (in `notes`, say) is refused before it costs stack.
  static constexpr int max_depth = 64;
  int depth = 0;
  bool failed = false;
  std::size_t at = 0;
  std::string what;
  bool overflow = false;       ///< a number literal beyond a double's range
  std::size_t token_end = 0;   ///< one past its last byte
  std::size_t token_size = 0;
};

}  // namespace headroom::cli::json_scan
