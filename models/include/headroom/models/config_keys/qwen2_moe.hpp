// SPDX-License-Identifier: MIT
// headroom: the config.json key table of Qwen2-MoE (model_type qwen2_moe: Qwen1.5-MoE-A2.7B,
// Qwen2-57B-A14B), read as the gqa_moe family with q / k / v biases and a shared expert behind
// a sigmoid gate (transformers models/qwen2_moe/modeling_qwen2_moe.py, Qwen2MoeSparseMoeBlock:
// shared_expert [shared_expert_intermediate_size] and shared_expert_gate [1, hidden]).
// config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::qwen2_moe {

inline constexpr binding own[] = {
    {"head_dim", "head_dim", source::quotient, 0, "Qwen2MoeConfig derives head_dim as hidden_size / num_attention_heads", {},
     "hidden_size", "num_attention_heads"},
    {"qk_norm", {}, source::fixed, 0, "Qwen2-MoE has no q_norm / k_norm"},
    {"tie", "tie_word_embeddings", source::optional, 0, "Qwen2MoeConfig's default is untied"},
    {"qk_norm_whole", {}, source::fixed, 0, "Qwen2-MoE has no q_norm / k_norm"},
    {"routing_bias", {}, source::fixed, 0, "Qwen2-MoE's router (mlp.gate) is a plain Linear"},
    {"attn_bias", "qkv_bias", source::optional, 1, "Qwen2-MoE stores q, k, v biases (Qwen2MoeAttention)"},
    {"shared_inter", "shared_expert_intermediate_size"},
    {"shared_gate", {}, source::fixed, 1, "Qwen2-MoE gates its shared expert (mlp.shared_expert_gate [1, hidden])"},
    {"vision_params", {}, source::fixed, 0, "a text-only model"},
};
inline constexpr auto qwen2_moe = join(shared::gqa, own, shared::qwen_experts, shared::qwen_window, shared::every_layer_routed, shared::rms_norms_no_o_bias);
inline constexpr check own_checks[] = {
    {"attention_bias", check_kind::equals, "false", "o_proj has no bias in Qwen2-MoE"},
};
inline constexpr auto qwen2_moe_checks = join(shared::every_layer_moe, own_checks, shared::swiglu_experts);
inline constexpr auto qwen2_moe_ignored = join(shared::qwen_moe_keys, shared::qwen_window_keys);

}  // namespace headroom::models::config_keys::qwen2_moe
