// SPDX-License-Identifier: MIT
// headroom: the config.json key tables of Cohere's decoders, read as the cohere family: `cohere`
// (Command R / R+, Aya; transformers models/cohere/configuration_cohere.py) and `cohere2`
// (Command R7B, Command A; models/cohere2/configuration_cohere2.py). config_key_types.hpp says
// how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::cohere {

inline constexpr binding common[] = {
    {"head_dim", "head_dim", source::quotient, 0, "the config classes derive head_dim as hidden_size / num_attention_heads", {},
     "hidden_size", "num_attention_heads"},
    {"inter", "intermediate_size"},
    {"attn_bias", "attention_bias", source::optional, 0, "the config classes' default: no biases on q, k, v, o"},
    {"tie", "tie_word_embeddings", source::optional, 1, "the config classes' default: lm_head reads embed_tokens"},
};
inline constexpr check common_checks[] = {
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLP is SwiGLU"},
};
inline constexpr ignored cohere_ignored[] = {
    {"logit_scale", "multiplies the logits: arithmetic, no tensor"},
    {"layer_norm_eps", "a constant of the norm, no tensor"},
    {"model_max_length", "a tokenizer limit, not a shape"},
};

// ---- cohere ----
inline constexpr binding cohere_own[] = {
    {"qk_norm", "use_qk_norm", source::optional, 0, "CohereConfig's default: no q_norm / k_norm"},
    {"window", {}, source::fixed, 0, "every layer attends over the whole context"},
    {"pattern", {}, source::fixed, 0, "no sliding layers"},
};
inline constexpr auto cohere = join(shared::gqa, common, cohere_own);

// ---- cohere2 ----
inline constexpr binding cohere2_own[] = {
    {"qk_norm", {}, source::fixed, 0, "Cohere2Attention has no q_norm / k_norm"},
    {"window", "sliding_window"},
    {"pattern", "sliding_window_pattern", source::optional, 4,
     "Cohere2Config's default: three sliding layers, then one full-attention layer"},
};
inline constexpr auto cohere2 = join(shared::gqa, common, cohere2_own);
inline constexpr check cohere2_own_checks[] = {
    {"layer_types", check_kind::layer_types_every, {}, "the family makes every pattern-th layer full attention, the others sliding"},
    {"use_qk_norm", check_kind::equals, "false", "Cohere2Attention has no q_norm / k_norm"},
    // Keys of the original Command R7B release that transformers' Cohere2Config does not read:
    // each must state the graph Cohere2ForCausalLM always builds.
    {"order_of_interleaved_layers", check_kind::equals, "\"local_attn_first\"", "sliding layers come first in each group"},
    {"use_parallel_block", check_kind::equals, "true", "attention and MLP read one input norm (the family's parallel block)"},
    {"use_gated_activation", check_kind::equals, "true", "the MLP is SwiGLU"},
    {"use_embedding_sharing", check_kind::equals, "true", "lm_head reads embed_tokens"},
};
inline constexpr auto cohere2_checks = join(cohere2_own_checks, common_checks);
inline constexpr ignored cohere2_own_ignored[] = {
    {"layer_switch", "the original release's name for sliding_window_pattern (read)"},
    {"position_embedding_type", "rotary layout (GPT-J interleaved): positions, not shapes"},
    {"rotary_pct", "the rotated part of each head: arithmetic, no tensor"},
    {"use_parallel_embedding", "how a trainer shards the embedding, no tensor"},
    {"cache_implementation", "a transformers run-time switch"},
};
inline constexpr auto cohere2_ignored = join(cohere2_own_ignored, cohere_ignored);

}  // namespace headroom::models::config_keys::cohere
