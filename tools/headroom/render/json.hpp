// SPDX-License-Identifier: MIT
// headroom CLI: the JSON renderer's shared objects (docs/cli-json.md). Every command's JSON
// document starts with envelope() and is built from these objects, so a model, a device, a
// roofline, settings, a footprint or a step prints the same keys wherever it appears.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include <headroom/headroom.hpp>

#include "headroom/args/engine_flags.hpp"

namespace headroom::cli {

using ordered_json = nlohmann::ordered_json;

/// The JSON schema version every `--json` output carries (docs/cli-json.md).
inline constexpr int json_schema_version = 1;

/// {"schema_version", "headroom_version", "command"}: the start of every JSON document.
ordered_json envelope(std::string_view command);
/// JSON text as printed: two-space indent, a final newline.
std::string dump(const ordered_json& j);

ordered_json model_json(const model& m);
ordered_json device_json(const device& d);
ordered_json roofline_json(const device_roofline& r, std::string_view manifest);
ordered_json settings_json(const settings& s, const engine& e);
ordered_json footprint_json(const footprint_bytes& fp, byte_count weight_floor);
ordered_json decode_run_json(const model& m, const step_estimate& st, std::uint64_t batch, std::uint64_t context,
                             bool with_nodes);
ordered_json prefill_run_json(const step_estimate& st, std::uint64_t tokens);
/// Registry ids as a JSON array of strings.
ordered_json ids_json(const std::vector<std::string_view>& ids);
/// Adds `fits`, `stops` and `shortfall_bytes`: whether a load fits under its engine.
void add_verdict_keys(ordered_json& j, const verdict& v);

}  // namespace headroom::cli
