// SPDX-License-Identifier: MIT
// headroom: checkpoints people run that are a shipped model to headroom under another name: the
// same config.json in every key headroom reads, so the same circuit, bytes and times. Only where
// the published config files were compared; a fine-tune whose config was not (DeepSeek-R1-0528,
// DeepSeek-V3-0324) is no alias, and is read with --config. The laws below hold at compile time
// (registry.hpp).
#pragma once

#include <array>
#include <string_view>

namespace headroom::models {

struct model_alias {
  std::string_view alias;  ///< snake_case, as ids are (kebab and Hub spellings are folded before lookup)
  std::string_view repo;   ///< the Hub repository it is published as
  std::string_view id;     ///< the registry id it is read as
  std::string_view why;    ///< the published files that make it that model
};

inline constexpr std::array aliases{
    model_alias{"deepseek_r1", "deepseek-ai/DeepSeek-R1", "deepseek_v3",
                "its config.json is DeepSeek-V3's but for transformers_version (4.46.3 against 4.33.1): "
                "NVIDIA aiconfigurator (Apache-2.0) @095f58a51c4ca8e61b66ec108d86f223f8d559ce, "
                "aic-core/src/aiconfigurator_core/model_configs/deepseek-ai--DeepSeek-R1_config.json and "
                "deepseek-ai--DeepSeek-V3_config.json, copies of the two Hub repositories' files"},
};

}  // namespace headroom::models
