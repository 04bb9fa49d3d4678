// SPDX-License-Identifier: MIT
// headroom import: config.json keys that cannot change a stored byte or a cost, accepted and
// listed once in the import's notes with the reason, where a value would otherwise be refused as
// unknown. A key is listed with the one value that has no effect (`qkv_bias: false` stores no
// bias; `true` would, and stays refused), or with any value when none can matter. Keys that
// could change bytes are still refused by the importer, naming the key and why.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace headroom::cli::import {

struct no_effect_key {
  std::string_view where;  ///< "" (the text model's keys), "outer" (around text_config) or "vision_config"
  std::string_view key;
  std::string_view value;  ///< the JSON text of the one value with no effect; empty: any value
  std::string_view why;
};

inline constexpr std::array no_effect_keys{
    no_effect_key{"", "is_llama_config", "", "a flag of the producer's conversion script; no tensor"},
    no_effect_key{"", "qkv_bias", "false", "no q/k/v bias tensors, as the family stores none"},
    no_effect_key{"", "mlp_only_layers", "[]", "no layer drops its MoE block for a dense MLP"},
    no_effect_key{"", "language_model_only", "false", "the whole checkpoint, as the family counts it"},
    no_effect_key{"outer", "language_model_only", "false", "the whole checkpoint, as the family counts it"},
    no_effect_key{"outer", "is_llama_config", "", "a flag of the producer's conversion script; no tensor"},
    no_effect_key{"vision_config", "dtype", "", "the tower's compute dtype in transformers; its tensors are counted at the checkpoint's"},
    no_effect_key{"vision_config", "torch_dtype", "", "the tower's compute dtype in transformers; its tensors are counted at the checkpoint's"},
};

/// The entry that accepts `key` = `value` at `where`, or nullptr.
inline const no_effect_key* find_no_effect(std::string_view where, std::string_view key, const nlohmann::json& value) {
  for (const no_effect_key& k : no_effect_keys) {
    if (k.where != where || k.key != key) continue;
    if (k.value.empty() || nlohmann::json::parse(k.value) == value) return &k;
  }
  return nullptr;
}

/// "key = value: why", for the notes.
inline std::string no_effect_note(std::string_view prefix, const no_effect_key& k, const nlohmann::json& value) {
  return std::string(prefix) + std::string(k.key) + " = " + value.dump() + " ignored: " + std::string(k.why);
}

}  // namespace headroom::cli::import
