// SPDX-License-Identifier: MIT
// The importer's multimodal configs (transformers' *ForConditionalGeneration, e.g.
// https://huggingface.co/Qwen/Qwen3.6-35B-A3B/blob/main/config.json): the text model's keys sit
// under `text_config`, the vision tower's under `vision_config`, and a few keys around them.
// Every key of the three objects is read, checked, ignored with a reason, or refused.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/models/config_key_types.hpp>

#include "headroom/import/json_keys.hpp"

namespace headroom::cli::import {

/// The parameters of a Qwen3-VL vision tower (transformers' modeling_qwen3_vl.py,
/// Qwen3VLVisionModel without deepstack mergers), from its config's widths.
struct vision_tower_dims {
  std::uint64_t depth = 0, hidden = 0, inter = 0, out_hidden = 0, patch = 0, in_channels = 0, temporal_patch = 0,
                merge = 0, positions = 0;
};
std::uint64_t vision_tower_params(const vision_tower_dims& v);

/// The text model of a multimodal config `outer` read from `file`: checks and classifies the
/// outer keys and vision_config's, sets `vision_params` to the tower's parameters, and returns
/// text_config for the profile's bindings.
json text_config_of(std::string_view file, const json& outer, const models::config_keys::nested_config& n,
                    std::uint64_t& vision_params);

}  // namespace headroom::cli::import
