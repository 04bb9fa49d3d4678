// SPDX-License-Identifier: MIT
// headroom: the config.json key table of StarCoder2 (model_type starcoder2, transformers
// models/starcoder2/configuration_starcoder2.py), read as the starcoder2 family.
// config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::starcoder2 {

inline constexpr binding own[] = {
    {"head_dim", "head_dim", source::quotient, 0, "Starcoder2Config derives head_dim as hidden_size / num_attention_heads", {},
     "hidden_size", "num_attention_heads"},
    {"inter", "intermediate_size"},
    {"bias", "use_bias", source::optional, 1, "Starcoder2Config's default: biases on every projection"},
    {"tie", "tie_word_embeddings", source::optional, 1, "Starcoder2Config's default: lm_head reads embed_tokens"},
    {"window", "sliding_window", source::optional, 0, "null: every layer attends over the whole context"},
};
inline constexpr auto starcoder2 = join(shared::gqa, own);
inline constexpr check starcoder2_checks[] = {
    {"hidden_act", check_kind::equals, "\"gelu_pytorch_tanh\"", "the MLP is the tanh GELU of c_fc"},
    {"mlp_type", check_kind::equals, "\"default\"", "the MLP is c_fc, GELU, c_proj"},
};
inline constexpr ignored starcoder2_ignored[] = {
    {"norm_epsilon", "a constant of the norm, no tensor"},
    {"residual_dropout", "training only"},
    {"embedding_dropout", "training only"},
};

}  // namespace headroom::models::config_keys::starcoder2
