// SPDX-License-Identifier: MIT
#include "headroom/import/json_keys.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "headroom/import/importer.hpp"
#include "headroom/input/strict_json.hpp"

namespace headroom::cli::import {

[[noreturn]] void fail_key(std::string_view file, std::string_view key, std::string_view why) {
  // A key is the file's own bytes: import_error shows a control character in it escaped (the
  // config fuzz target found `audio\x7fconfig` echoed raw).
  throw import_error(fmt::format("{}: key `{}`: {}", file, key, why));
}

json read_json(const std::string& path, const file_kind& kind) {
  try {
    json j = parse_json(read_bounded(path, kind), path);
    if (!j.is_object()) throw import_error(fmt::format("{}: expected a JSON object at the top level", path));
    return j;
  } catch (const file_error& e) {
    throw import_error(e.what());
  }
}

std::uint64_t as_uint(std::string_view file, std::string_view key, const json& v) {
  if (v.is_number_unsigned()) return v.get<std::uint64_t>();
  if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(v.get<std::int64_t>());
  fail_key(file, key, fmt::format("expected a non-negative integer, got {}", shown_value(v)));
}

bool as_bool(std::string_view file, std::string_view key, const json& v) {
  if (v.is_boolean()) return v.get<bool>();
  fail_key(file, key, fmt::format("expected true or false, got {}", shown_value(v)));
}

void only_keys(std::string_view file, std::string_view prefix, const json& obj,
               std::initializer_list<std::string_view> known) {
  for (const auto& [key, value] : obj.items()) {
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      fail_key(file, fmt::format("{}{}", prefix, key), "unknown to the importer (nothing is guessed)");
    }
  }
}

std::string get_string(std::string_view file, const std::string& key, const json& obj, std::string_view field) {
  const auto it = obj.find(std::string(field));
  if (it == obj.end() || it->is_null()) fail_key(file, key, "missing");
  if (!it->is_string()) fail_key(file, key, fmt::format("expected a string, got {}", shown_value(*it)));
  return it->get<std::string>();
}

std::optional<state_dtype> read_state_dtype(std::string_view file, std::string_view scope, const json& cfg,
                                            std::string_view key) {
  if (key.empty()) return std::nullopt;
  const auto it = cfg.find(std::string(key));
  if (it == cfg.end() || it->is_null()) return std::nullopt;
  if (*it == "float32") return state_dtype::f32;
  if (*it == "bfloat16") return state_dtype::bf16;
  if (*it == "float16") return state_dtype::f16;
  fail_key(file, fmt::format("{}{}", scope, key),
           fmt::format("is {}, expected \"float32\", \"bfloat16\" or \"float16\"", shown_value(*it)));
}

}  // namespace headroom::cli::import
