// SPDX-License-Identifier: MIT
// headroom: the config.json key table of Granite 4.0's hybrids (model_type granitemoehybrid:
// ibm-granite/granite-4.0-h-small, -h-tiny, -h-1b, -h-350m), read as the granite_hybrid family:
// `layer_types` names each layer's mixer, Mamba2 widths under mamba_*, the MoE and its shared MLP
// (transformers models/granitemoehybrid/configuration_granitemoehybrid.py and
// modeling_granitemoehybrid.py). config_key_types.hpp says how a table reads; config_keys.hpp
// lists the profiles.
#pragma once

#include <headroom/models/config_keys/types.hpp>
#include <headroom/models/config_keys/llama_like.hpp>

namespace headroom::models::config_keys::granite_hybrid {

inline constexpr binding bindings[] = {
    {"hidden", "hidden_size"},
    {"vocab", "vocab_size"},
    {"pattern", "layer_types", source::layer_kinds},
    {"q_heads", "num_attention_heads"},
    {"kv_heads", "num_key_value_heads"},
    {"head_dim", "head_dim", source::quotient, 0, "GraniteMoeHybridAttention's head_dim is hidden_size / num_attention_heads", {},
     "hidden_size", "num_attention_heads"},
    {"rope", "position_embedding_type", source::is_text, 0, "GraniteMoeHybridConfig's default (None) has no rotary embedding", {},
     "rope"},
    {"mamba_heads", "mamba_n_heads"},
    {"mamba_head_dim", "mamba_d_head"},
    {"ssm_state", "mamba_d_state"},
    {"n_groups", "mamba_n_groups", source::optional, 1, "GraniteMoeHybridConfig's default"},
    {"conv_kernel", "mamba_d_conv", source::optional, 4, "GraniteMoeHybridConfig's default"},
    {"experts", "num_local_experts", source::optional, 8, "GraniteMoeHybridConfig's default; 0: the shared MLP alone"},
    {"top_k", "num_experts_per_tok", source::optional, 2, "GraniteMoeHybridConfig's default"},
    {"moe_inter", "intermediate_size"},
    {"shared_inter", "shared_intermediate_size", source::optional, 1024, "GraniteMoeHybridConfig's default"},
    {"tie", "tie_word_embeddings", source::optional, 0, "GraniteMoeHybridConfig's default is untied"},
};
inline constexpr check checks[] = {
    {"num_hidden_layers", check_kind::pattern_length, {}, "one layer_types entry per layer"},
    {"attention_bias", check_kind::equals, "false", "attention biases are not in the granite_hybrid family"},
    {"mamba_conv_bias", check_kind::equals, "true", "the granite_hybrid family stores the conv1d bias"},
    {"mamba_proj_bias", check_kind::equals, "false", "in_proj / out_proj biases are not in the granite_hybrid family"},
    {"normalization_function", check_kind::equals, "\"rmsnorm\"", "the norms are RMSNorm"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the experts and the shared MLP are SwiGLU"},
};
inline constexpr ignored own_ignored[] = {
    {"mamba_expand", "GraniteMoeHybridConfig requires mamba_n_heads x mamba_d_head = mamba_expand x hidden_size"},
    {"mamba_chunk_size", "a kernel tiling choice"},
    {"init_method", "initialisation only"},
};
inline constexpr auto ignored_keys = join(own_ignored, llama_like::granite_ignored);

}  // namespace headroom::models::config_keys::granite_hybrid
