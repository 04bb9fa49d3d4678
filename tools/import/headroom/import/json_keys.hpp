// SPDX-License-Identifier: MIT
// The importer's JSON reading: every refusal one line naming the file, the key and why.
#pragma once

#include <nlohmann/json.hpp>

#include <headroom/settings.hpp>

#include "headroom/input/bounded_file.hpp"
#include "headroom/input/strict_json.hpp"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace headroom::cli::import {

using json = nlohmann::json;

/// Throws import_error "<file>: key `<key>`: <why>".
[[noreturn]] void fail_key(std::string_view file, std::string_view key, std::string_view why);

/// The file's JSON object, read with `kind`'s cap and parse_json's limits, or an import_error
/// (absent, not a regular file, too large, not JSON, not an object).
json read_json(const std::string& path, const file_kind& kind);

std::uint64_t as_uint(std::string_view file, std::string_view key, const json& v);
bool as_bool(std::string_view file, std::string_view key, const json& v);

/// Keys of a quantization object: each read, ignored with a reason, or refused.
void only_keys(std::string_view file, std::string_view prefix, const json& obj,
               std::initializer_list<std::string_view> known);

/// The recurrent-state dtype `cfg[key]` names in transformers' spelling ("float32", "bfloat16",
/// "float16"); absent, null or an empty `key`: none. `scope` prefixes the key in a refusal.
std::optional<state_dtype> read_state_dtype(std::string_view file, std::string_view scope, const json& cfg,
                                            std::string_view key);

/// obj[field] as a string; `key` names it in the refusal.
std::string get_string(std::string_view file, const std::string& key, const json& obj, std::string_view field);

}  // namespace headroom::cli::import
