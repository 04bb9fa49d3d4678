// SPDX-License-Identifier: MIT
// headroom: how each family's dims read a Hugging Face `config.json` -- one profile per
// model_type. Nothing here is evaluated by a model header: only the importer
// (tools/headroom/import/) reads these tables, and it pairs them with the dims members by name
// through Boost.Hana (tools/headroom/import/reflect.hpp), so one generic importer serves every
// family. config_key_types.hpp says how a table reads; detail/config_keys_*.hpp hold the tables.
#pragma once

#include <headroom/models/config_key_types.hpp>
#include <headroom/models/detail/config_keys_deepseek.hpp>
#include <headroom/models/detail/config_keys_deepseek_v4.hpp>
#include <headroom/models/detail/config_keys_gemma4.hpp>
#include <headroom/models/detail/config_keys_gqa.hpp>
#include <headroom/models/detail/config_keys_hybrid.hpp>
#include <headroom/models/detail/config_keys_minimax_m2.hpp>
#include <headroom/models/detail/config_keys_qwen3_5.hpp>

namespace headroom::models::config_keys {

inline constexpr profile profiles[] = {
    {"llama", "LlamaForCausalLM", "dense_gqa", dense::llama, dense::llama_checks, {}},
    {"mistral", "MistralForCausalLM", "dense_gqa", dense::mistral, shared::swiglu_mlp, {}},
    {"qwen3", "Qwen3ForCausalLM", "dense_gqa", dense::qwen3, dense::qwen3_checks, dense::qwen_ignored},
    {"qwen2", "Qwen2ForCausalLM", "dense_gqa", dense::qwen2, shared::swiglu_mlp, dense::qwen_ignored},
    {"qwen3_moe", "Qwen3MoeForCausalLM", "gqa_moe", moe::qwen3_moe, moe::qwen3_moe_checks, moe::qwen3_moe_ignored},
    {"mixtral", "MixtralForCausalLM", "gqa_moe", moe::mixtral, shared::swiglu_experts, moe::mixtral_ignored},
    {"minimax_m2", "MiniMaxM2ForCausalLM", "gqa_moe", minimax::minimax_m2, minimax::minimax_m2_checks,
     minimax::minimax_m2_ignored},
    {"gpt_oss", "GptOssForCausalLM", "gpt_oss", oss::gpt_oss, oss::gpt_oss_checks, oss::gpt_oss_ignored},
    {"nemotron_h", "NemotronHForCausalLM", "nemotron_h", nemo::nemotron_h, nemo::nemotron_h_checks,
     nemo::nemotron_h_ignored},
    {"qwen3_next", "Qwen3NextForCausalLM", "qwen3_next", next::qwen3_next, next::qwen3_next_checks,
     next::qwen3_next_ignored},
    {"qwen3_5", "Qwen3_5ForConditionalGeneration", "qwen3_5", q35::qwen3_5, q35::qwen3_5_checks, q35::hybrid_ignored,
     &q35::multimodal, "mamba_ssm_dtype"},
    {"qwen3_5_moe", "Qwen3_5MoeForConditionalGeneration", "qwen3_6_moe", q35::qwen3_5_moe, q35::qwen3_5_moe_checks,
     q35::moe_ignored, &q35::multimodal, "mamba_ssm_dtype"},
    {"deepseek_v3", "DeepseekV3ForCausalLM", "mla_moe", mla::deepseek_v3, mla::deepseek_v3_checks,
     mla::deepseek_v3_ignored},
    // Kimi K2 (https://huggingface.co/moonshotai/Kimi-K2-Instruct/blob/main/config.json) names its
    // own model_type but the DeepSeek-V3 class and keys.
    {"kimi_k2", "DeepseekV3ForCausalLM", "mla_moe", mla::deepseek_v3, mla::deepseek_v3_checks,
     mla::deepseek_v3_ignored},
    {"deepseek_v4", "DeepseekV4ForCausalLM", "deepseek_v4", dsv4::deepseek_v4, dsv4::deepseek_v4_checks,
     dsv4::deepseek_v4_ignored},
    {"gemma4", "Gemma4ForConditionalGeneration", "gemma4", gemma::gemma4, gemma::gemma4_checks, gemma::gemma4_ignored,
     &gemma::multimodal},
    {"gemma4_text", "Gemma4ForCausalLM", "gemma4", gemma::gemma4, gemma::gemma4_checks, gemma::gemma4_ignored},
    // ---- part B: the other MLA model_types (detail/config_keys_deepseek.hpp) ----
    {"deepseek_v2", "DeepseekV2ForCausalLM", "mla_moe", dsk::deepseek_v2, mla::deepseek_v3_checks, dsk::deepseek_v2_ignored},
    {"deepseek_v32", "DeepseekV32ForCausalLM", "mla_moe", dsk::deepseek_v32, mla::deepseek_v3_checks,
     mla::deepseek_v3_ignored},
    {"glm_moe_dsa", "GlmMoeDsaForCausalLM", "mla_moe", dsk::glm_moe_dsa, dsk::glm_moe_dsa_checks, dsk::glm_moe_dsa_ignored},
};

/// The profile of a model_type, or nullptr.
constexpr const profile* find_profile(std::string_view model_type) {
  for (const profile& p : profiles) {
    if (p.model_type == model_type) return &p;
  }
  return nullptr;
}

}  // namespace headroom::models::config_keys
