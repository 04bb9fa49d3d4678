// SPDX-License-Identifier: MIT
// headroom: the config.json key table of Nemotron-NAS (model_type nemotron-nas,
// DeciLMForCausalLM: nvidia/Llama-3_3-Nemotron-Super-49B-v1 and -v1_5,
// nvidia/Llama-3_1-Nemotron-Ultra-253B-v1), read as the nemotron_nas family: Llama's widths, and
// `block_configs`, one entry per layer, giving each layer's attention (n_heads_in_group, or
// no_op) and FFN (ffn_mult, or no_op) (vllm-project/vllm
// vllm/model_executor/models/nemotron_nas.py at 00bd1493b3e82d6c13c68ee8a0e1c5a96707e190).
// config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::nemotron_nas {

inline constexpr binding bindings[] = {
    {"hidden", "hidden_size"},
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"q_heads", "num_attention_heads"},
    {"head_dim", "head_dim", source::quotient, 0, "DeciLMAttention (LlamaAttention) uses hidden_size / num_attention_heads", {},
     "hidden_size", "num_attention_heads"},
    {"kv_heads", "block_configs", source::block_attention, 0, {}, {}, "num_attention_heads"},
    {"ffn_units", "block_configs", source::block_ffn, 0, {}, {}, "hidden_size"},
    {"tie", "tie_word_embeddings", source::optional, 0, "DeciLMConfig's default (LlamaConfig's) is untied"},
};
inline constexpr check checks[] = {
    {"block_configs", check_kind::block_count, {}, "one block_configs entry per layer"},
    {"attention_bias", check_kind::equals, "false", "attention biases are not in the nemotron_nas family"},
    {"mlp_bias", check_kind::equals, "false", "MLP biases are not in the nemotron_nas family"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the FFNs are SwiGLU"},
};
inline constexpr ignored ignored_keys[] = {
    {"intermediate_size", "null: each layer's width comes from its block_configs ffn_mult"},
    {"num_key_value_heads", "null: each layer's KV heads come from its block_configs n_heads_in_group"},
};

}  // namespace headroom::models::config_keys::nemotron_nas
