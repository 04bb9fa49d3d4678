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

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "headroom/import/json_keys.hpp"

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
    no_effect_key{"", "shared_expert_intermediate_size", "0", "no shared expert, as the family stores none"},
    no_effect_key{"", "output_gate_type", "", "the activation of the gated linear-attention norm and the output gate: arithmetic, no tensor"},
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

/// The checkpoint's torch_dtype / dtype (at the top and, `nested`, in text_config): bfloat16,
/// float16 and float32 load as 16-bit weights, the same two bytes an element. vLLM's
/// _get_and_verify_dtype (vllm/config.py) maps dtype auto on a float32 config to a 16-bit type
/// ("Following the common practice, we use float16 for float32 models"), so a served float32
/// checkpoint holds 2 bytes an element, not the 4 its files do (verify compares the files' own
/// dtypes). Returns the note naming a float16 / float32 dtype (empty for bfloat16, or float16
/// under AWQ / GPTQ, `f16_ok`); fail_key for any other dtype.
inline std::string checkpoint_dtype_note(std::string_view file, const nlohmann::json& outer, const nlohmann::json& cfg,
                                         bool nested, bool f16_ok) {
  std::string note;
  for (const nlohmann::json* level : {&outer, &cfg}) {
    for (std::string_view key : {"torch_dtype", "dtype"}) {
      const auto t = level->find(std::string(key));
      if (t == level->end() || *t == "bfloat16") continue;
      const std::string where = (level == &cfg && nested ? "text_config." : "") + std::string(key);
      if (*t == "float16" || *t == "float32") {
        if (!(f16_ok && *t == "float16") && note.empty()) {
          note = fmt::format("{} = {}: weights counted at 2 bytes an element, as the engines load a {} checkpoint in 16 bits",
                             where, t->dump(), t->get<std::string>());
        }
        continue;
      }
      fail_key(file, where, fmt::format("{} is not supported (bfloat16, float16 or float32 checkpoints, quantized or not)",
                                        t->dump()));
    }
  }
  return note;
}

}  // namespace headroom::cli::import
