// SPDX-License-Identifier: MIT
// headroom import: Nemotron-H's layer pattern in its list spelling. Configs written by
// transformers 5 (NVIDIA-Nemotron-3-Ultra, Nemotron-3.5-Lightning) give the layers as
// `layers_block_type` (and the MTP draft's as `mtp_layers_block_type`), one name a layer, in
// place of the `hybrid_override_pattern` string, one character a layer. transformers'
// NemotronHConfig converts one into the other (models/nemotron_h/configuration_nemotron_h.py at
// commit 13923c63, `_pattern_to_list` / `_list_to_pattern`: M linear_attention, E moe,
// * full_attention, - mlp; the Hub's legacy names mamba and attention remapped by
// `remap_legacy_layer_types`): the same layers, so the importer reads the list as the string.
#pragma once

#include <string>
#include <string_view>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "headroom/import/json_keys.hpp"
#include "headroom/input/strict_json.hpp"

namespace headroom::cli::import {

/// `cfg` with `layers_block_type` / `mtp_layers_block_type` rewritten as
/// `hybrid_override_pattern` / `mtp_hybrid_override_pattern`; `note` names each rewrite.
/// `prefix` is how the messages name cfg's keys ("" or "text_config.").
inline nlohmann::json nemotron_h_patterns(std::string_view file, std::string_view prefix, nlohmann::json cfg, std::string& note) {
  static constexpr std::pair<std::string_view, std::string_view> keys[] = {
      {"layers_block_type", "hybrid_override_pattern"},
      {"mtp_layers_block_type", "mtp_hybrid_override_pattern"},
  };
  for (const auto& [list_key, pattern_key] : keys) {
    const auto it = cfg.find(std::string(list_key));
    if (it == cfg.end()) continue;
    const std::string where = std::string(prefix) + std::string(list_key);
    if (cfg.contains(std::string(pattern_key))) fail_key(file, where, fmt::format("given beside {}: give one", pattern_key));
    if (!it->is_array()) fail_key(file, where, fmt::format("expected an array of layer names, got {}", shown_value(*it)));
    std::string pattern;
    for (const nlohmann::json& name : *it) {
      const std::string n = name.is_string() ? name.get<std::string>() : std::string();
      if (n == "mamba" || n == "linear_attention") {
        pattern += 'M';
      } else if (n == "moe") {
        pattern += 'E';
      } else if (n == "attention" || n == "full_attention") {
        pattern += '*';
      } else if (n == "mlp") {
        pattern += '-';
      } else {
        fail_key(file, where, fmt::format("{} is not a layer name (mamba or linear_attention, moe, attention or "
                                          "full_attention, mlp)", shown_value(name)));
      }
    }
    note += fmt::format("{}{} read as {} \"{}\" (transformers' NemotronHConfig: the same layers)", note.empty() ? "" : "; ",
                        list_key, pattern_key, pattern);
    cfg.erase(std::string(list_key));
    cfg[std::string(pattern_key)] = pattern;
  }
  return cfg;
}

}  // namespace headroom::cli::import
