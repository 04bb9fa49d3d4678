// SPDX-License-Identifier: MIT
// headroom: the config.json key tables of the GQA families, dense_gqa and gqa_moe
// (config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles).
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys {

// ---- dense_gqa ---------------------------------------------------------------------------------

namespace dense {
inline constexpr binding llama_own[] = {
    {"inter", "intermediate_size"},
    {"head_dim", "head_dim", source::quotient, 0, "LlamaConfig's default when head_dim is absent", {}, "hidden_size",
     "num_attention_heads"},
    {"qk_norm", {}, source::fixed, 0, "Llama has no q_norm / k_norm"},
    {"attn_bias", {}, source::fixed, 0, "attention_bias is checked false below"},
    {"tie", "tie_word_embeddings", source::optional, 0, "LlamaConfig's default is untied"},
    {"window", {}, source::fixed, 0, "Llama attends over the whole context"},
};
inline constexpr auto llama = join(shared::gqa, llama_own, shared::dense_defaults);
inline constexpr check llama_own_checks[] = {
    {"attention_bias", check_kind::equals, "false", "biases on q, k, v and o are not in the dense_gqa family"},
    {"mlp_bias", check_kind::equals, "false", "MLP biases are not in the dense_gqa family"},
};
inline constexpr auto llama_checks = join(llama_own_checks, shared::swiglu_mlp);

inline constexpr binding mistral_own[] = {
    {"inter", "intermediate_size"},
    {"head_dim", "head_dim", source::quotient, 0, "MistralConfig's default when head_dim is absent or null", {},
     "hidden_size", "num_attention_heads"},
    {"qk_norm", {}, source::fixed, 0, "Mistral has no q_norm / k_norm"},
    {"attn_bias", {}, source::fixed, 0, "Mistral's projections have no biases"},
    {"tie", "tie_word_embeddings", source::optional, 0, "MistralConfig's default is untied"},
};
inline constexpr auto mistral = join(shared::gqa, mistral_own, shared::mistral_window, shared::dense_defaults);

inline constexpr binding qwen3_own[] = {
    {"inter", "intermediate_size"},
    {"head_dim", "head_dim"},
    {"qk_norm", {}, source::fixed, 1, "Qwen3 normalises q and k per head (modeling_qwen3.py)"},
    {"attn_bias", {}, source::fixed, 0, "attention_bias is checked false below"},
    {"tie", "tie_word_embeddings", source::optional, 0, "Qwen3Config's default is untied"},
};
inline constexpr auto qwen3 = join(shared::gqa, qwen3_own, shared::qwen_window, shared::dense_defaults);
inline constexpr check qwen3_own_checks[] = {
    {"attention_bias", check_kind::equals, "false", "q, k, v biases are not in Qwen3's dense_gqa layout"},
};
inline constexpr auto qwen3_checks = join(qwen3_own_checks, shared::swiglu_mlp);
inline constexpr ignored qwen_mrope[] = {
    {"use_mrope", "multimodal rotary positions, no tensor"},
};
inline constexpr auto qwen_ignored = join(shared::qwen_window_keys, qwen_mrope);

inline constexpr binding qwen2_own[] = {
    {"inter", "intermediate_size"},
    {"head_dim", "head_dim", source::quotient, 0, "Qwen2Config derives head_dim as hidden_size / num_attention_heads",
     {}, "hidden_size", "num_attention_heads"},
    {"qk_norm", {}, source::fixed, 0, "Qwen2 has no q_norm / k_norm"},
    {"attn_bias", {}, source::fixed, 1, "Qwen2 stores biases on q, k and v (modeling_qwen2.py)"},
    {"tie", "tie_word_embeddings", source::optional, 0, "Qwen2Config's default is untied"},
};
inline constexpr auto qwen2 = join(shared::gqa, qwen2_own, shared::qwen_window, shared::dense_defaults);
}  // namespace dense

// ---- gqa_moe ---------------------------------------------------------------------------------

namespace moe {
inline constexpr binding qwen3_moe_own[] = {
    {"head_dim", "head_dim"},
    {"qk_norm", {}, source::fixed, 1, "Qwen3 MoE normalises q and k per head (modeling_qwen3_moe.py)"},
    {"tie", "tie_word_embeddings", source::optional, 0, "Qwen3MoeConfig's default is untied"},
    {"qk_norm_whole", {}, source::fixed, 0, "Qwen3 MoE's q_norm / k_norm are per head [head_dim]"},
    {"routing_bias", {}, source::fixed, 0, "Qwen3 MoE's router (mlp.gate) is a plain Linear"},
};
inline constexpr auto qwen3_moe = join(shared::gqa, qwen3_moe_own, shared::qwen_experts, shared::qwen_window, shared::moe_defaults,
                                    shared::every_layer_routed, shared::rms_norms_no_o_bias);
inline constexpr check qwen3_moe_own_checks[] = {
    {"attention_bias", check_kind::equals, "false", "q, k, v biases are not in the gqa_moe family"},
    // Qwen3MoeConfig reads no such key; Qwen3-Coder-480B-A35B's config.json states it true, which
    // is what Qwen3MoeAttention stores (q_norm / k_norm on every layer).
    {"use_qk_norm", check_kind::equals, "true", "Qwen3-MoE's attention stores q_norm / k_norm on every layer"},
};
inline constexpr auto qwen3_moe_checks = join(shared::every_layer_moe, qwen3_moe_own_checks, shared::swiglu_experts);
inline constexpr auto qwen3_moe_ignored = join(shared::qwen_moe_keys, shared::qwen_window_keys);

inline constexpr binding mixtral_own[] = {
    {"head_dim", "head_dim", source::quotient, 0, "MixtralConfig's default when head_dim is absent or null", {},
     "hidden_size", "num_attention_heads"},
    {"moe_inter", "intermediate_size"},
    {"qk_norm", {}, source::fixed, 0, "Mixtral has no q_norm / k_norm"},
    {"tie", "tie_word_embeddings", source::optional, 0, "MixtralConfig's default is untied"},
    {"qk_norm_whole", {}, source::fixed, 0, "Mixtral has no q_norm / k_norm"},
    {"routing_bias", {}, source::fixed, 0, "Mixtral's router (block_sparse_moe.gate) is a plain Linear"},
};
inline constexpr auto mixtral = join(shared::gqa, shared::local_experts, mixtral_own, shared::mistral_window, shared::moe_defaults,
                                  shared::every_layer_routed, shared::rms_norms_no_o_bias);
inline constexpr ignored mixtral_ignored[] = {
    {"router_jitter_noise", "training only"},
};
}  // namespace moe

}  // namespace headroom::models::config_keys
