// SPDX-License-Identifier: MIT
// The importer's multimodal configs (transformers' *ForConditionalGeneration, e.g.
// https://huggingface.co/Qwen/Qwen3.6-35B-A3B/blob/main/config.json): the text model's keys sit
// under `text_config`, the vision tower's under `vision_config`, and a few keys around them.
// Every key of the three objects is read, checked, ignored with a reason, or refused.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/models/config_keys/types.hpp>

#include "headroom/import/json_keys.hpp"

namespace headroom::cli::import {

/// The text model of a multimodal config `outer` read from `file`: checks and classifies the
/// outer keys and vision_config's, sets `vision_params` to the tower's parameters (the law of
/// <headroom/models/blocks/vision_tower.hpp>), and returns
/// text_config for the profile's bindings. A config with no `vision_config` key at all (one
/// trimmed to its language model) sets `tower_absent`, counts no tower, and returns text_config.
json text_config_of(std::string_view file, const json& outer, const models::config_keys::nested_config& n,
                    std::uint64_t& vision_params, bool& tower_absent);

}  // namespace headroom::cli::import
