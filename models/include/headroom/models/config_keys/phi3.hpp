// SPDX-License-Identifier: MIT
// headroom: the config.json key table of Phi-3 / 3.5 / 4 (model_type phi3), read as the
// dense_gqa family: transformers models/phi3/modeling_phi3.py stores q, k, v as one
// qkv_proj [(q_heads + 2 kv_heads) x head_dim, hidden] and gate, up as one gate_up_proj
// [2 inter, hidden]: the same elements as the separate tensors, so the same bytes. Partial
// rotary (partial_rotary_factor) and longrope rope_scaling change positions, not shapes.
// Key spellings as https://huggingface.co/microsoft/Phi-3-mini-4k-instruct/blob/main/config.json.
// config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::phi3 {

inline constexpr binding own[] = {
    {"inter", "intermediate_size"},
    {"head_dim", "head_dim", source::quotient, 0, "Phi3Config derives head_dim as hidden_size / num_attention_heads", {},
     "hidden_size", "num_attention_heads"},
    {"qk_norm", {}, source::fixed, 0, "Phi-3 has no q_norm / k_norm"},
    {"attn_bias", {}, source::fixed, 0, "qkv_proj has no bias (Phi3Attention)"},
    {"tie", "tie_word_embeddings", source::optional, 0, "Phi3Config's default is untied"},
};
inline constexpr auto phi3 = join(shared::gqa, own, shared::mistral_window, shared::dense_defaults);
inline constexpr check own_checks[] = {
    {"attention_bias", check_kind::equals, "false", "qkv_proj has no bias in the dense_gqa family"},
    {"lm_head_bias", check_kind::equals, "false", "an lm_head bias is not in the dense_gqa family"},
};
inline constexpr auto phi3_checks = join(own_checks, shared::swiglu_mlp);
inline constexpr ignored phi3_ignored[] = {
    {"embd_pdrop", "training only"},
    {"resid_pdrop", "training only"},
    {"original_max_position_embeddings", "longrope's base context: positions, not shapes"},
    {"partial_rotary_factor", "partial RoPE: rotary frequencies are computed, not stored"},
};

}  // namespace headroom::models::config_keys::phi3
