// SPDX-License-Identifier: MIT
// headroom: how each family's dims read a Hugging Face `config.json` -- one profile per
// model_type. Nothing here is evaluated by a model header: only the importer
// (tools/import/) reads these tables, and it pairs them with the dims members by name
// through Boost.Hana (tools/import/headroom/import/reflect.hpp), so one generic importer serves every
// family. config_key_types.hpp says how a table reads; detail/config_keys_*.hpp hold the tables.
#pragma once

#include <headroom/models/config_keys/types.hpp>
#include <headroom/models/config_keys/cohere.hpp>
#include <headroom/models/config_keys/deepseek.hpp>
#include <headroom/models/config_keys/deepseek_v4.hpp>
#include <headroom/models/config_keys/ernie4_5_moe.hpp>
#include <headroom/models/config_keys/gemma3.hpp>
#include <headroom/models/config_keys/gemma4.hpp>
#include <headroom/models/config_keys/glm4_moe.hpp>
#include <headroom/models/config_keys/gqa.hpp>
#include <headroom/models/config_keys/granite_hybrid.hpp>
#include <headroom/models/config_keys/hybrid.hpp>
#include <headroom/models/config_keys/kimi_k25.hpp>
#include <headroom/models/config_keys/llama4.hpp>
#include <headroom/models/config_keys/llama_like.hpp>
#include <headroom/models/config_keys/mimo.hpp>
#include <headroom/models/config_keys/mimo_v2_flash.hpp>
#include <headroom/models/config_keys/minimax_m2.hpp>
#include <headroom/models/config_keys/mistral3.hpp>
#include <headroom/models/config_keys/nemotron_nas.hpp>
#include <headroom/models/config_keys/phi3.hpp>
#include <headroom/models/config_keys/phimoe.hpp>
#include <headroom/models/config_keys/qwen2_moe.hpp>
#include <headroom/models/config_keys/qwen3_5.hpp>
#include <headroom/models/config_keys/qwen3_vl.hpp>
#include <headroom/models/config_keys/starcoder2.hpp>

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
     nemo::nemotron_h_ignored, nullptr, "mamba_ssm_cache_dtype"},
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
    // Kimi-K2.5 (and NVIDIA's K2.5 / K2.6 / K2.7 NVFP4 exports): Kimi-K2's text model, a MoonViT tower.
    {"kimi_k25", "KimiK25ForConditionalGeneration", "mla_moe", kimi_k25::bindings, kimi_k25::checks,
     kimi_k25::ignored_keys, &kimi_k25::multimodal},
    {"deepseek_v4", "DeepseekV4ForCausalLM", "deepseek_v4", dsv4::deepseek_v4, dsv4::deepseek_v4_checks,
     dsv4::deepseek_v4_ignored},
    // DeepSeek-V4 in the reference implementation's spelling (the sgl-project FP8 conversions):
    // the same class and keys under model_type deepseek_ref (config_keys/deepseek_v4.hpp).
    {"deepseek_ref", "DeepseekV4ForCausalLM", "deepseek_v4", dsv4::deepseek_v4, dsv4::deepseek_v4_checks,
     dsv4::deepseek_v4_ignored},
    {"gemma4", "Gemma4ForConditionalGeneration", "gemma4", gemma::gemma4, gemma::gemma4_checks, gemma::gemma4_ignored,
     &gemma::multimodal},
    {"gemma4_text", "Gemma4ForCausalLM", "gemma4", gemma::gemma4, gemma::gemma4_checks, gemma::gemma4_ignored},
    // ---- part B: the other MLA model_types (detail/config_keys_deepseek.hpp) ----
    {"deepseek_v2", "DeepseekV2ForCausalLM", "mla_moe", dsk::deepseek_v2, mla::deepseek_v3_checks, dsk::deepseek_v2_ignored},
    {"deepseek_v32", "DeepseekV32ForCausalLM", "mla_moe", dsk::deepseek_v32, mla::deepseek_v3_checks,
     mla::deepseek_v3_ignored},
    {"glm_moe_dsa", "GlmMoeDsaForCausalLM", "mla_moe", dsk::glm_moe_dsa, dsk::glm_moe_dsa_checks, dsk::glm_moe_dsa_ignored},
    // Gemma 2 and 3 (the gemma3 family).
    {"gemma2", "Gemma2ForCausalLM", "gemma3", gemma3::gemma2, gemma3::gemma2_checks, gemma3::gemma2_ignored},
    {"gemma3_text", "Gemma3ForCausalLM", "gemma3", gemma3::gemma3_text, gemma3::gemma3_checks, gemma3::gemma3_ignored},
    {"gemma3", "Gemma3ForConditionalGeneration", "gemma3", gemma3::gemma3, gemma3::gemma3_checks, gemma3::gemma3_ignored,
     &gemma3::multimodal},
    // Qwen2-MoE, Qwen3-VL.
    {"qwen2_moe", "Qwen2MoeForCausalLM", "gqa_moe", qwen2_moe::qwen2_moe, qwen2_moe::qwen2_moe_checks,
     qwen2_moe::qwen2_moe_ignored},
    {"qwen3_vl", "Qwen3VLForConditionalGeneration", "dense_gqa", qwen3_vl::qwen3_vl, qwen3_vl::qwen3_vl_checks,
     qwen3_vl::qwen3_vl_ignored, &qwen3_vl::multimodal},
    {"qwen3_vl_moe", "Qwen3VLMoeForConditionalGeneration", "gqa_moe", qwen3_vl::qwen3_vl_moe,
     qwen3_vl::qwen3_vl_moe_checks, qwen3_vl::qwen3_vl_moe_ignored, &qwen3_vl::multimodal},
    // Phi-3 / 3.5 / 4.
    {"phi3", "Phi3ForCausalLM", "dense_gqa", phi3::phi3, phi3::phi3_checks, phi3::phi3_ignored},
    // Llama-layout decoders under their own model_types.
    {"granite", "GraniteForCausalLM", "dense_gqa", llama_like::granite, llama_like::granite_checks,
     llama_like::granite_ignored},
    {"internlm3", "InternLM3ForCausalLM", "dense_gqa", llama_like::internlm, llama_like::internlm_checks,
     llama_like::internlm_ignored},
    {"internlm2", "InternLM2ForCausalLM", "dense_gqa", llama_like::internlm, llama_like::internlm2_checks,
     llama_like::internlm_ignored},
    {"ernie4_5", "Ernie4_5_ForCausalLM", "dense_gqa", llama_like::ernie4_5, llama_like::ernie4_5_checks, {}},
    {"olmo2", "Olmo2ForCausalLM", "dense_gqa", llama_like::olmo2, llama_like::olmo2_checks, {}},
    // Mistral 3: a Mistral text model, a Pixtral tower.
    {"mistral3", "Mistral3ForConditionalGeneration", "dense_gqa", mistral3::mistral3, mistral3::mistral3_checks, {},
     &mistral3::multimodal},
    // ERNIE 4.5 MoE: the ernie4_5 decoder, dense layers then MoE with shared experts; its router F32.
    {"ernie4_5_moe", "Ernie4_5_MoeForCausalLM", "gqa_moe", ernie4_5_moe::ernie4_5_moe, ernie4_5_moe::ernie4_5_moe_checks,
     ernie4_5_moe::ernie4_5_moe_ignored, nullptr, {}, true},
    // PhiMoE (Phi-3.5-MoE): Mixtral's layer with LayerNorms and biases.
    {"phimoe", "PhiMoEForCausalLM", "gqa_moe", phimoe::phimoe, shared::swiglu_experts, phimoe::phimoe_ignored},
    // Granite 4.0's hybrids: Mamba2 and attention layers by layer_types, each with the MoE and shared MLP.
    {"granitemoehybrid", "GraniteMoeHybridForCausalLM", "granite_hybrid", granite_hybrid::bindings, granite_hybrid::checks,
     granite_hybrid::ignored_keys},
    // GLM-4.5 / 4.6: GQA, dense-then-MoE, an MTP layer.
    {"glm4_moe", "Glm4MoeForCausalLM", "glm4_moe", glm4_moe::glm4_moe, glm4_moe::glm4_moe_checks, glm4_moe::glm4_moe_ignored},
    // Command R / R+ / Aya and Command R7B / A: parallel blocks, tied lm_head.
    {"cohere", "CohereForCausalLM", "cohere", cohere::cohere, cohere::common_checks, cohere::cohere_ignored},
    {"cohere2", "Cohere2ForCausalLM", "cohere", cohere::cohere2, cohere::cohere2_checks, cohere::cohere2_ignored},
    // StarCoder2: LayerNorms and projections with biases, an ungated GELU MLP.
    {"starcoder2", "Starcoder2ForCausalLM", "starcoder2", starcoder2::starcoder2, starcoder2::starcoder2_checks,
     starcoder2::starcoder2_ignored},
    // Nemotron-NAS (Llama-3.3-Nemotron-Super-49B, Llama-3.1-Nemotron-Ultra-253B): Llama layers of
    // per-layer widths, or none, by block_configs.
    {"nemotron-nas", "DeciLMForCausalLM", "nemotron_nas", nemotron_nas::bindings, nemotron_nas::checks,
     nemotron_nas::ignored_keys},
    // Llama 4 Scout / Maverick: iRoPE attention, interleaved MoE with a shared expert, a vision tower.
    {"llama4", "Llama4ForConditionalGeneration", "llama4", llama4::bindings, llama4::checks, llama4::ignored_keys,
     &llama4::multimodal},
    // MiMo-7B: Qwen2's decoder; its MTP layers are a draft model's, not the main model's.
    {"mimo", "MiMoForCausalLM", "dense_gqa", dense::qwen2, mimo::checks, mimo::ignored_keys},
    // MiMo-V2-Flash: full and sliding-window GQA layer by layer, narrow value heads, dense then
    // routed MLPs layer by layer, three MTP layers; its router F32 (vLLM's MiMoV2MoE builds the gate
    // in moe_router_dtype, float32 when the config names none, as this one does; the checkpoint
    // stores it so: github.com/casinca/LLM-quest llm_quest/xiaomi/README.md, "FP32 for MoE router").
    {"mimo_v2_flash", "MiMoV2FlashForCausalLM", "mimo_v2_flash", mimo_v2_flash::bindings, mimo_v2_flash::checks,
     mimo_v2_flash::ignored_keys, nullptr, {}, true},
};

/// A model_type the importer knows and does not build yet: refused with its reason rather than
/// with the list of supported model_types.
struct known_refusal {
  std::string_view model_type;
  std::string_view why;
};
inline constexpr known_refusal known_refusals[] = {
    // Kimi-K3 (https://huggingface.co/moonshotai/Kimi-K3/blob/main/config.json): a text_config of
    // model_type kimi_linear, built as TensorRT-LLM tensorrt_llm/_torch/models/modeling_kimi_linear.py
    // @000a860 (KimiLinearForCausalLM) builds it: KDA and NoPE MLA layers whose inputs are mixed
    // from snapshots of earlier layers (HF modeling_kimi's _apply_attn_res), a latent MoE.
    {"kimi_k3", "Kimi-K3's text model (KimiLinearForCausalLM) mixes every sublayer's input from snapshots of "
                "earlier layers (attention residuals, attn_res_block_size) and has a full-rank KDA output gate "
                "(use_full_rank_gate), output-gated NoPE MLA and a latent MoE (routed_expert_hidden_size): "
                "no headroom block builds these yet"},
};

/// The reason a known model_type is refused, or empty.
constexpr std::string_view known_refusal_of(std::string_view model_type) {
  for (const known_refusal& k : known_refusals) {
    if (k.model_type == model_type) return k.why;
  }
  return {};
}

/// The profile of a model_type, or nullptr.
constexpr const profile* find_profile(std::string_view model_type) {
  for (const profile& p : profiles) {
    if (p.model_type == model_type) return &p;
  }
  return nullptr;
}

}  // namespace headroom::models::config_keys
