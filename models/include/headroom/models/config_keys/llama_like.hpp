// SPDX-License-Identifier: MIT
// headroom: the config.json key tables of the Llama-layout decoders read as the dense_gqa
// family under their own model_types: Granite 3 (`granite`, transformers
// models/granite/modeling_granite.py: Llama's tensors, its multipliers scale activations),
// InternLM3 (`internlm3`, remote code modeling_internlm3.py), ERNIE 4.5 dense (`ernie4_5`, the
// remote-code Ernie4_5_ForCausalLM of baidu/ERNIE-4.5-0.3B-PT, Llama's tensors) and OLMo 2 (`olmo2`, models/olmo2/modeling_olmo2.py:
// norms after attention and MLP instead of before, the same two per layer, and q_norm / k_norm
// over the whole projection). config_key_types.hpp says how a table reads; config_keys.hpp
// lists the profiles.
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::llama_like {

/// head_dim absent: hidden_size / num_attention_heads (each config class's default).
inline constexpr binding head_dim_quotient[] = {
    {"head_dim", "head_dim", source::quotient, 0, "the config class's default when head_dim is absent", {}, "hidden_size",
     "num_attention_heads"},
};
inline constexpr binding plain[] = {
    {"inter", "intermediate_size"},
    {"qk_norm", {}, source::fixed, 0, "no q_norm / k_norm"},
    {"attn_bias", {}, source::fixed, 0, "no q / k / v biases (checked below)"},
    {"window", {}, source::fixed, 0, "every layer attends over the whole context"},
    {"qk_norm_whole", {}, source::fixed, 0, "no q_norm / k_norm"},
    {"vision_params", {}, source::fixed, 0, "a text-only model"},
};
inline constexpr binding untied[] = {{"tie", "tie_word_embeddings", source::optional, 0, "the config class's default is untied"}};
inline constexpr binding tied[] = {{"tie", "tie_word_embeddings", source::optional, 1, "the config class's default is tied"}};

// ---- granite ----
inline constexpr auto granite = join(shared::gqa, head_dim_quotient, plain, tied);
inline constexpr check granite_checks[] = {
    {"attention_bias", check_kind::equals, "false", "q, k, v, o biases are not in the dense_gqa family"},
    {"mlp_bias", check_kind::equals, "false", "MLP biases are not in the dense_gqa family"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLP is SwiGLU"},
};
inline constexpr ignored granite_ignored[] = {
    {"attention_multiplier", "scales attention scores, no tensor"},
    {"embedding_multiplier", "scales the embedding output, no tensor"},
    {"residual_multiplier", "scales each residual branch, no tensor"},
    {"logits_scaling", "divides the logits, no tensor"},
};

// ---- internlm3 ----
inline constexpr auto internlm = join(shared::gqa, head_dim_quotient, plain, untied);
inline constexpr check internlm_checks[] = {
    {"bias", check_kind::equals, "false", "biases on the attention and MLP projections are not in the dense_gqa family"},
    {"qkv_bias", check_kind::equals, "false", "q, k, v biases are not in the dense_gqa family"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLP is SwiGLU"},
};
inline constexpr ignored internlm_ignored[] = {
    {"attn_implementation", "a transformers kernel choice, no tensor"},
};

// ---- internlm2 ----
// InternLM2 / 2.5 (remote code modeling_internlm2.py): attention.wqkv fuses q, k and v
// ([(q_heads + 2 kv_heads) x head_dim, hidden], the elements of Llama's three), attention.wo,
// feed_forward.w1 / w3 / w2, attention_norm, ffn_norm, tok_embeddings, norm, output: Llama's bytes.
inline constexpr check internlm2_checks[] = {
    {"bias", check_kind::equals, "false", "biases on the attention and MLP projections are not in the dense_gqa family"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLP is SwiGLU"},
};

// ---- ernie4_5 ----
inline constexpr auto ernie4_5 = join(shared::gqa, head_dim_quotient, plain, tied);
inline constexpr check ernie4_5_checks[] = {
    {"use_bias", check_kind::equals, "false", "biases on the projections are not in the dense_gqa family"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLP is SwiGLU"},
};

// ---- olmo2 ----
inline constexpr binding olmo2_own[] = {
    {"inter", "intermediate_size"},
    {"qk_norm", {}, source::fixed, 1, "OLMo 2 normalises q and k (Olmo2Attention q_norm / k_norm)"},
    {"attn_bias", {}, source::fixed, 0, "attention_bias is checked false below"},
    {"window", {}, source::fixed, 0, "every layer attends over the whole context"},
    {"qk_norm_whole", {}, source::fixed, 1, "q_norm [q_heads x head_dim], k_norm [kv_heads x head_dim]: over the whole projection"},
    {"vision_params", {}, source::fixed, 0, "a text-only model"},
};
inline constexpr auto olmo2 = join(shared::gqa, head_dim_quotient, olmo2_own, untied);
inline constexpr check olmo2_checks[] = {
    {"attention_bias", check_kind::equals, "false", "q, k, v, o biases are not in the dense_gqa family"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLP is SwiGLU"},
};

}  // namespace headroom::models::config_keys::llama_like
