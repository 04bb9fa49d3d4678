// SPDX-License-Identifier: MIT
// headroom: the config.json key table of GLM-4.5 / GLM-4.5-Air / GLM-4.6 (model_type glm4_moe,
// transformers models/glm4_moe/configuration_glm4_moe.py), read as the glm4_moe family.
// config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::glm4_moe {

inline constexpr binding head[] = {
    {"head_dim", "head_dim", source::quotient, 0, "Glm4MoeConfig's default when head_dim is absent", {}, "hidden_size",
     "num_attention_heads"},
};
inline constexpr binding attention_options[] = {
    {"qk_norm", "use_qk_norm", source::optional, 0, "Glm4MoeConfig's default: no q_norm / k_norm"},
    {"attn_bias", "attention_bias", source::optional, 0, "Glm4MoeConfig's default: no q / k / v biases"},
};
inline constexpr auto own = join(head, shared::deepseek_moe, attention_options);
inline constexpr auto glm4_moe = join(shared::gqa, own);
inline constexpr check glm4_moe_own_checks[] = {
    {"tie_word_embeddings", check_kind::equals, "false", "the family stores its own lm_head"},
};
inline constexpr auto glm4_moe_checks = join(glm4_moe_own_checks, shared::swiglu_mlp);
inline constexpr ignored glm4_moe_own_ignored[] = {
    {"partial_rotary_factor", "rotates part of each head: arithmetic, no tensor"},
};
inline constexpr auto glm4_moe_ignored = join(glm4_moe_own_ignored, shared::router_scaling);

}  // namespace headroom::models::config_keys::glm4_moe
