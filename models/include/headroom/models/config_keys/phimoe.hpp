// SPDX-License-Identifier: MIT
// headroom: the config.json key table of PhiMoE (model_type phimoe: microsoft/Phi-3.5-MoE-instruct),
// read as the gqa_moe family: Mixtral's layer (num_local_experts experts of intermediate_size,
// top num_experts_per_tok) with LayerNorms (weight and bias) for every norm, attention_bias on
// q, k, v and o, and lm_head_bias (transformers models/phimoe/modular_phimoe.py:
// PhimoeDecoderLayer's nn.LayerNorm, PhimoeAttention as LlamaAttention, PhimoeForCausalLM's
// lm_head). config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::phimoe {

inline constexpr binding own[] = {
    {"head_dim", "head_dim", source::quotient, 0, "PhimoeConfig derives head_dim as hidden_size / num_attention_heads", {},
     "hidden_size", "num_attention_heads"},
    {"moe_inter", "intermediate_size"},
    {"qk_norm", {}, source::fixed, 0, "PhiMoE has no q_norm / k_norm"},
    {"tie", "tie_word_embeddings", source::optional, 0, "PhimoeConfig's default is untied"},
    {"qk_norm_whole", {}, source::fixed, 0, "PhiMoE has no q_norm / k_norm"},
    {"routing_bias", {}, source::fixed, 0, "PhiMoE's router (block_sparse_moe.gate) is a plain Linear"},
    {"attn_bias", "attention_bias", source::optional, 0, "PhimoeConfig's default is false"},
    {"shared_inter", {}, source::fixed, 0, "no shared expert"},
    {"shared_gate", {}, source::fixed, 0, "no shared expert"},
    {"vision_params", {}, source::fixed, 0, "a text-only model"},
    {"layer_norm", {}, source::fixed, 1, "PhiMoE's norms are nn.LayerNorm with weight and bias"},
    {"o_bias", "attention_bias", source::optional, 0, "PhimoeConfig's default is false (LlamaAttention's o_proj takes it too)"},
    {"lm_head_bias", "lm_head_bias", source::optional, 0, "PhimoeConfig's default is false"},
};
inline constexpr auto phimoe =
    join(shared::gqa, shared::local_experts, own, shared::mistral_window, shared::every_layer_routed);
inline constexpr ignored phimoe_ignored[] = {
    {"router_jitter_noise", "training only (SparseMixer's jitter)"},
    {"input_jitter_noise", "training only"},
    {"hidden_dropout", "training only"},
    {"original_max_position_embeddings", "the longrope switch point: positions, not shapes"},
};

}  // namespace headroom::models::config_keys::phimoe
