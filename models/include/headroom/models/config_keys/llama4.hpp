// SPDX-License-Identifier: MIT
// headroom: the config.json key table of Llama 4 Scout and Maverick (model_type llama4,
// Llama4ForConditionalGeneration; transformers models/llama4/configuration_llama4.py:
// Llama4TextConfig under text_config, Llama4VisionConfig under vision_config), read as the
// llama4 family. config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <string_view>

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::llama4 {

inline constexpr binding own[] = {
    // Both required: Llama4TextConfig reads an absent key as its default (head_dim 128, a chunk
    // of 8192) but null otherwise (hidden_size / num_attention_heads; no chunking), so neither
    // is guessed. The published configs state both.
    {"head_dim", "head_dim"},
    {"experts", "num_local_experts"},
    {"top_k", "num_experts_per_tok"},
    {"moe_inter", "intermediate_size"},
    {"inter", "intermediate_size_mlp"},
    {"moe_step", "interleave_moe_layer_step", source::optional, 1, "Llama4TextConfig's default: every layer's MLP is the MoE"},
    {"chunk", "attention_chunk_size"},
    {"pattern", "no_rope_layer_interval", source::optional, 4,
     "Llama4TextConfig's default: every fourth layer global without rotary embedding"},
    {"qk_norm", "use_qk_norm", source::optional, 1, "Llama4TextConfig's default: the weightless L2 norm of q and k"},
    {"vision_params", {}, source::vision_tower, 0, "the Llama 4 vision model and projector vision_config describes"},
};
inline constexpr auto bindings = join(shared::gqa, own);
inline constexpr check checks[] = {
    {"model_type", check_kind::equals, "\"llama4_text\"", "the text model of Llama4ForConditionalGeneration"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the experts and MLPs are SwiGLU"},
    {"attention_bias", check_kind::equals, "false", "Llama4TextAttention has no biases"},
    {"tie_word_embeddings", check_kind::equals, "false", "the family stores its own lm_head"},
    {"no_rope_layers", check_kind::no_rope_every, {}, "the family makes every no_rope_layer_interval-th layer global NoPE"},
    {"layer_types", check_kind::layer_types_chunked, {},
     "the family makes every no_rope_layer_interval-th layer full attention, the others chunked (newer transformers write it)"},
    {"moe_layers", check_kind::moe_every, {}, "the family makes every interleave_moe_layer_step-th layer's MLP the MoE"},
    {"interleave_moe_layer_step", check_kind::positive, {}, "vLLM reads 0 as no MoE layer at all, transformers refuses it"},
    {"no_rope_layer_interval", check_kind::positive, {}, "every interval-th layer is the global one"},
};
inline constexpr ignored ignored_keys[] = {
    {"attn_temperature_tuning", "scales the NoPE layers' queries with the position: arithmetic, no tensor"},
    {"floor_scale", "a constant of the attention temperature tuning, no tensor"},
    {"attn_scale", "a constant of the attention temperature tuning, no tensor"},
    {"router_jitter_noise", "training only"},
    {"for_llm_compressor", "how transformers lays out the experts for llm-compressor, not what the checkpoint stores"},
    {"cache_implementation", "a transformers run-time switch"},
    {"_attn_implementation_autoset", "a transformers run-time switch"},
};

// ---- the wrapper and the vision tower ----
inline constexpr check outer_checks[] = {
    {"tie_word_embeddings", check_kind::equals, "false", "the family stores its own lm_head"},
};
inline constexpr ignored outer_ignored[] = {
    {"boi_token_index", "a tokenizer id, no tensor"},
    {"eoi_token_index", "a tokenizer id, no tensor"},
    {"image_token_index", "a tokenizer id, no tensor"},
};
inline constexpr std::string_view vision_keys[] = {
    "num_hidden_layers", "hidden_size",         "intermediate_size",    "patch_size",       "image_size",
    "num_channels",      "projector_input_dim", "projector_output_dim", "vision_output_dim",
};
inline constexpr check vision_checks[] = {
    {"model_type", check_kind::equals, "\"llama4_vision_model\"", "Llama4VisionModel"},
    {"multi_modal_projector_bias", check_kind::equals, "false", "the vision adapter's linears have no biases"},
    {"vision_feature_layer", check_kind::equals, "-1", "the projector reads the last layer"},
};
inline constexpr ignored vision_ignored[] = {
    {"num_attention_heads", "splits hidden_size into heads: no tensor shape depends on it"},
    {"hidden_act", "the encoder's activation, no tensor"},
    {"norm_eps", "a constant of the norm, no tensor"},
    {"pixel_shuffle_ratio", "moves patches into channels; the adapter's widths (intermediate_size, projector_input_dim) are read"},
    {"rope_theta", "the tower's rotary frequencies are computed, not stored"},
    {"vision_feature_select_strategy", "which features the projector reads, no tensor"},
    {"projector_dropout", "training only"},
    {"attention_dropout", "training only"},
    {"initializer_range", "training only"},
    {"torch_dtype", "checked against the precision recipe with the outer config's"},
    {"_attn_implementation_autoset", "a transformers run-time switch"},
};
inline constexpr nested_config multimodal{outer_checks, outer_ignored, vision_keys, vision_checks, vision_ignored,
                                          tower_kind::llama4};

}  // namespace headroom::models::config_keys::llama4
