// SPDX-License-Identifier: MIT
// headroom: every shipped model, in one homogeneous array (registry order = listing order).
#pragma once

#include <array>
#include <string_view>

#include <headroom/model.hpp>
#include <headroom/models/aliases.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_70b_instruct.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_405b_instruct.hpp>
#include <headroom/models/checkpoints/meta/llama_3_3_70b_instruct_fp8.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_8b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_32b.hpp>
#include <headroom/models/checkpoints/mistral/mistral_7b_v0_1.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_30b_a3b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_235b_a22b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_235b_a22b_fp8.hpp>
#include <headroom/models/checkpoints/mistral/mixtral_8x7b_v0_1.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_next_80b_a3b_instruct.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_next_80b_a3b_instruct_fp8.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_5_35b_a3b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_6_35b_a3b_fp8.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_5_27b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_8_27b_nvfp4.hpp>
#include <headroom/models/checkpoints/nvidia/nvidia_nemotron_nano_9b_v2.hpp>
#include <headroom/models/checkpoints/nvidia/nemotron_h_56b_base_8k.hpp>
#include <headroom/models/checkpoints/openai/gpt_oss_20b.hpp>
#include <headroom/models/checkpoints/openai/gpt_oss_120b.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v3.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_30b_a3b_nvfp4.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v3_0324_fp4.hpp>
#include <headroom/models/checkpoints/zai/glm_5_3_flash_nvfp4.hpp>
#include <headroom/models/checkpoints/nvidia/nemotron_3_nano_30b_a3b_nvfp4.hpp>
#include <headroom/models/checkpoints/nvidia/nemotron_3_5_lightning_30b_a3b_nvfp4.hpp>
#include <headroom/models/checkpoints/nvidia/nemotron_3_super_120b_a12b_nvfp4.hpp>
#include <headroom/models/checkpoints/google/gemma_4_31b.hpp>
#include <headroom/models/checkpoints/google/gemma_4_26b_a4b.hpp>
#include <headroom/models/checkpoints/minimax/minimax_m2_7.hpp>
#include <headroom/models/checkpoints/mistral/mistral_small_4_119b.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v4_flash.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_6_35b_a3b_nvfp4.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_32b_fp8.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_30b_a3b_fp8.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_70b_instruct_fp8.hpp>
#include <headroom/models/checkpoints/moonshot/kimi_k2_instruct.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_coder_480b_a35b_instruct.hpp>
#include <headroom/models/checkpoints/minimax/minimax_m2_5.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_14b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_4b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_1_7b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_0_6b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_235b_a22b_nvfp4.hpp>
#include <headroom/models/checkpoints/mistral/mixtral_8x22b_v0_1.hpp>
#include <headroom/models/checkpoints/nvidia/nemotron_3_nano_30b_a3b_bf16.hpp>
#include <headroom/models/checkpoints/meta/llama_4_scout_17b_16e.hpp>
#include <headroom/models/checkpoints/meta/llama_4_maverick_17b_128e.hpp>
#include <headroom/models/checkpoints/nvidia/llama_3_3_nemotron_super_49b_v1.hpp>
#include <headroom/models/checkpoints/qwen2_5/qwen2_5_1_5b.hpp>
#include <headroom/models/checkpoints/qwen2_5/qwen2_5_7b.hpp>
#include <headroom/models/checkpoints/qwen2_5/qwen2_5_32b.hpp>
#include <headroom/models/checkpoints/qwen2_5/qwen2_5_72b.hpp>
#include <headroom/models/checkpoints/meta/llama_2_7b_hf.hpp>
#include <headroom/models/checkpoints/meta/llama_2_13b_hf.hpp>
#include <headroom/models/checkpoints/meta/llama_2_70b_hf.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v3_2.hpp>
#include <headroom/models/checkpoints/zai/glm_5.hpp>
#include <headroom/models/checkpoints/zai/glm_5_fp8.hpp>
#include <headroom/models/checkpoints/moonshot/kimi_k2_5.hpp>
#include <headroom/models/checkpoints/qwen3_5/qwen3_5_397b_a17b.hpp>
#include <headroom/models/checkpoints/qwen3_5/qwen3_5_122b_a10b.hpp>
#include <headroom/models/checkpoints/qwen3_5/qwen3_5_397b_a17b_nvfp4.hpp>
#include <headroom/models/checkpoints/qwen3_5/qwen3_5_122b_a10b_nvfp4.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v4_pro.hpp>
#include <headroom/models/checkpoints/zai/glm_5_1.hpp>
#include <headroom/models/checkpoints/zai/glm_5_1_fp8.hpp>
#include <headroom/models/checkpoints/nvidia/nemotron_3_super_120b_a12b_fp8.hpp>
#include <headroom/models/checkpoints/qwen3_vl/qwen3_vl_2b_instruct.hpp>
#include <headroom/models/checkpoints/qwen3_vl/qwen3_vl_4b_instruct.hpp>
#include <headroom/models/checkpoints/qwen3_vl/qwen3_vl_8b_instruct.hpp>
#include <headroom/models/checkpoints/qwen3_vl/qwen3_vl_32b_instruct.hpp>
#include <headroom/models/checkpoints/qwen3_vl/qwen3_vl_32b_thinking.hpp>
#include <headroom/models/checkpoints/qwen3_vl/qwen3_vl_30b_a3b_instruct.hpp>
#include <headroom/models/checkpoints/qwen3_vl/qwen3_vl_235b_a22b_instruct.hpp>
#include <headroom/models/checkpoints/xiaomi/mimo_7b_base.hpp>
#include <headroom/models/checkpoints/xiaomi/mimo_v2_flash.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v3_1_nvfp4.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v3_2_nvfp4.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v4_flash_nvfp4.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v4_pro_nvfp4.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v4_flash_fp8.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v4_pro_fp8.hpp>
#include <headroom/models/checkpoints/minimax/minimax_m2_5_nvfp4.hpp>
#include <headroom/models/checkpoints/minimax/minimax_m2_7_nvfp4.hpp>
#include <headroom/models/checkpoints/google/gemma_4_26b_a4b_nvfp4.hpp>
#include <headroom/models/checkpoints/google/gemma_4_31b_it_nvfp4.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_6_27b_nvfp4.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_32b_fp8_static_per_tensor.hpp>
#include <headroom/models/checkpoints/nvidia/nemotron_3_ultra_550b_a55b_bf16.hpp>
#include <headroom/models/checkpoints/nvidia/nemotron_3_ultra_550b_a55b_nvfp4.hpp>
#include <headroom/models/checkpoints/moonshot/kimi_k2_5_nvfp4.hpp>
#include <headroom/models/checkpoints/moonshot/kimi_k2_6_nvfp4.hpp>
#include <headroom/models/checkpoints/moonshot/kimi_k2_7_code_nvfp4.hpp>
#include <headroom/models/checkpoints/zai/glm_5_nvfp4.hpp>
#include <headroom/models/checkpoints/zai/glm_5_1_nvfp4.hpp>
#include <headroom/models/checkpoints/zai/glm_5_2.hpp>
#include <headroom/models/checkpoints/zai/glm_5_2_fp8.hpp>
#include <headroom/models/checkpoints/zai/glm_5_2_nvfp4.hpp>

namespace headroom::models {

// The registry's size is its list's (std::to_array): no count to keep in step.
inline constexpr auto all = std::to_array<const model*>({
    &llama_3_1_8b_instruct,
    &llama_3_1_70b_instruct,
    &llama_3_1_405b_instruct,
    &llama_3_3_70b_instruct_fp8,
    &qwen3_8b,
    &qwen3_32b,
    &mistral_7b_v0_1,
    &qwen3_30b_a3b,
    &qwen3_235b_a22b,
    &qwen3_235b_a22b_fp8,
    &mixtral_8x7b_v0_1,
    &qwen3_next_80b_a3b_instruct,
    &qwen3_next_80b_a3b_instruct_fp8,
    &qwen3_5_35b_a3b,
    &qwen3_6_35b_a3b_fp8,
    &qwen3_5_27b,
    &qwen3_8_27b_nvfp4,
    &nvidia_nemotron_nano_9b_v2,
    &nemotron_h_56b_base_8k,
    &gpt_oss_20b,
    &gpt_oss_120b,
    &deepseek_v3,
    &qwen3_30b_a3b_nvfp4,
    &deepseek_v3_0324_fp4,
    &glm_5_3_flash_nvfp4,
    &nemotron_3_nano_30b_a3b_nvfp4,
    &nemotron_3_5_lightning_30b_a3b_nvfp4,
    &nemotron_3_super_120b_a12b_nvfp4,
    &gemma_4_31b,
    &gemma_4_26b_a4b,
    &minimax_m2_7,
    &mistral_small_4_119b,
    &deepseek_v4_flash,
    &qwen3_6_35b_a3b_nvfp4,
    &qwen3_32b_fp8,
    &qwen3_30b_a3b_fp8,
    &llama_3_1_70b_instruct_fp8,
    &kimi_k2_instruct,
    &qwen3_coder_480b_a35b_instruct,
    &minimax_m2_5,
    &qwen3_14b,
    &qwen3_4b,
    &qwen3_1_7b,
    &qwen3_0_6b,
    &qwen3_235b_a22b_nvfp4,
    &mixtral_8x22b_v0_1,
    &nemotron_3_nano_30b_a3b_bf16,
    &llama_4_scout_17b_16e,
    &llama_4_maverick_17b_128e,
    &llama_3_3_nemotron_super_49b_v1,
    &qwen2_5_1_5b,
    &qwen2_5_7b,
    &qwen2_5_32b,
    &qwen2_5_72b,
    &llama_2_7b_hf,
    &llama_2_13b_hf,
    &llama_2_70b_hf,
    &deepseek_v3_2,
    &glm_5,
    &glm_5_fp8,
    &kimi_k2_5,
    &qwen3_5_397b_a17b,
    &qwen3_5_122b_a10b,
    &qwen3_5_397b_a17b_nvfp4,
    &qwen3_5_122b_a10b_nvfp4,
    &deepseek_v4_pro,
    &nemotron_3_super_120b_a12b_fp8,
    &glm_5_1,
    &glm_5_1_fp8,
    &qwen3_vl_2b_instruct,
    &qwen3_vl_4b_instruct,
    &qwen3_vl_8b_instruct,
    &qwen3_vl_32b_instruct,
    &qwen3_vl_32b_thinking,
    &qwen3_vl_30b_a3b_instruct,
    &qwen3_vl_235b_a22b_instruct,
    &mimo_7b_base,
    &mimo_v2_flash,
    &deepseek_v3_1_nvfp4,
    &deepseek_v3_2_nvfp4,
    &deepseek_v4_flash_nvfp4,
    &deepseek_v4_pro_nvfp4,
    &deepseek_v4_flash_fp8,
    &deepseek_v4_pro_fp8,
    &minimax_m2_5_nvfp4,
    &minimax_m2_7_nvfp4,
    &gemma_4_26b_a4b_nvfp4,
    &gemma_4_31b_it_nvfp4,
    &qwen3_6_27b_nvfp4,
    &qwen3_32b_fp8_static_per_tensor,
    &nemotron_3_ultra_550b_a55b_bf16,
    &nemotron_3_ultra_550b_a55b_nvfp4,
    &kimi_k2_5_nvfp4,
    &kimi_k2_6_nvfp4,
    &kimi_k2_7_code_nvfp4,
    &glm_5_nvfp4,
    &glm_5_1_nvfp4,
    &glm_5_2,
    &glm_5_2_fp8,
    &glm_5_2_nvfp4,
});

/// The registry entry with this id, or nullptr.
constexpr const model* find(std::string_view id) {
  for (const model* m : all) {
    if (m->id == id) return m;
  }
  return nullptr;
}

/// The registry entry an alias (aliases.hpp) names by its alias id, or nullptr.
constexpr const model* find_alias(std::string_view alias) {
  for (const model_alias& a : aliases) {
    if (a.alias == alias) return find(a.id);
  }
  return nullptr;
}

/// The registry entry a Hub repository names: a shipped entry's own, or an alias's; else nullptr.
constexpr const model* find_repo(std::string_view repo) {
  for (const model* m : all) {
    if (m->source.repo == repo) return m;
  }
  for (const model_alias& a : aliases) {
    if (a.repo == repo) return find(a.id);
  }
  return nullptr;
}

/// The registry entry another tool's name for a checkpoint (aliases.hpp, `tool_names`, folded:
/// `llama3_1_8b` for aiconfigurator's `LLAMA3.1_8B`) names, or nullptr.
constexpr const model* find_tool_name(std::string_view name) {
  for (const model_tool_name& t : tool_names) {
    if (t.name == name) return find_repo(t.repo);
  }
  return nullptr;
}

// Every alias names an entry, shadows no id and no entry's Hub repository, and says why. By ids,
// not by comparing find() with nullptr (g++ under -fsanitize=undefined does not constant-evaluate
// a global's address compared with null).
constexpr bool is_registry_id(std::string_view id) {
  for (const model* m : all) {
    if (m->id == id) return true;
  }
  return false;
}
static_assert([] {
  for (const model_alias& a : aliases) {
    if (!is_registry_id(a.id) || is_registry_id(a.alias) || a.repo.empty() || a.why.empty()) return false;
    for (const model* m : all) {
      if (m->source.repo == a.repo) return false;
    }
  }
  return true;
}(), "a model alias must name a registry id, be none, and be no shipped entry's Hub repository");

// Every tool name names the repository of an entry or an alias, and is no id and no alias: a name
// that is one already needs no row.
constexpr bool is_alias_id(std::string_view id) {
  for (const model_alias& a : aliases) {
    if (a.alias == id) return true;
  }
  return false;
}
constexpr bool is_repo_named(std::string_view repo) {
  for (const model* m : all) {
    if (m->source.repo == repo) return true;
  }
  for (const model_alias& a : aliases) {
    if (a.repo == repo) return true;
  }
  return false;
}
static_assert([] {
  for (const model_tool_name& t : tool_names) {
    if (!is_repo_named(t.repo) || is_registry_id(t.name) || is_alias_id(t.name) || t.spelled.empty()) return false;
  }
  return true;
}(), "a tool's model name must name the Hub repository of a registry entry or alias, and be no id or alias");

}  // namespace headroom::models
