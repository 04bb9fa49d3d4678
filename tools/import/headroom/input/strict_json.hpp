// SPDX-License-Identifier: MIT
// headroom CLI: the JSON reader of config.json, quantization configs, shard indexes and
// safetensors headers (docs/hardening.md). nlohmann's parser accepts duplicate keys (the last
// one wins), cannot say where a value sits and builds a DOM whose copies and printing recurse
// once per level (a config nested 200,000 levels deep overflowed the stack); this one is
// iterative and refuses, with the line and column:
// - nesting deeper than json_limits::max_depth, more values than max_values, a string or key
//   longer than max_string;
// - a duplicate key (both positions named), a NUL byte, anything after the document, invalid
//   UTF-8, raw control characters in a string;
// - a number beyond a double's range (`1e999`), naming its key.
// `NaN`, `Infinity` and `-Infinity` are read as Python's json module writes them (NVIDIA
// Nemotron-H configs carry "time_step_limit": [0.0, Infinity]); a reader that needs a finite
// value refuses them with its key (shown_value prints them as written).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace headroom::cli {

// The defaults fit the largest caps (bounded_file.hpp): a safetensors header spends about 150
// bytes and 7 values on a tensor, so its 64 MiB cap holds about 3 million values.
struct json_limits {
  std::size_t max_depth = 64;          ///< objects and arrays open at once
  std::size_t max_values = 8'000'000;  ///< values in the document (members, elements, scalars)
  std::size_t max_string = 65'536;     ///< bytes of one string or key, after unescaping
};

/// The document `text` (a leading UTF-8 byte order mark skipped), or file_error
/// "<file>:<line>:<column>: <why>".
nlohmann::json parse_json(std::string_view text, std::string_view file, const json_limits& limits = {});

/// `v` as a message shows it: JSON, with NaN / Infinity as written and long values elided.
std::string shown_value(const nlohmann::json& v);

}  // namespace headroom::cli
