// SPDX-License-Identifier: MIT
// headroom: the config.json key table of Mistral 3 (model_type mistral3,
// Mistral3ForConditionalGeneration: Mistral-Small-3.1 / 3.2): a Mistral text model under
// `text_config` (model_type mistral, read as dense_gqa), a Pixtral vision tower under
// `vision_config` and Mistral 3's projector, counted in the vision section
// (blocks::pixtral_mistral3_params), e.g.
// https://huggingface.co/mistralai/Mistral-Small-3.1-24B-Instruct-2503/blob/main/config.json.
// config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <string_view>

#include <headroom/models/config_keys/types.hpp>
#include <headroom/models/config_keys/gqa.hpp>

namespace headroom::models::config_keys::mistral3 {

inline constexpr binding own[] = {
    {"qk_norm_whole", {}, source::fixed, 0, "Mistral has no q_norm / k_norm"},
    {"vision_params", {}, source::vision_tower},
};
inline constexpr auto mistral3 = join(shared::gqa, dense::mistral_own, shared::mistral_window, own);
inline constexpr check text_checks[] = {
    {"model_type", check_kind::equals, "\"mistral\"", "text_config of model_type mistral3 read as Mistral"}};
inline constexpr auto mistral3_checks = join(text_checks, shared::swiglu_mlp);

inline constexpr check outer_checks[] = {
    {"multimodal_projector_bias", check_kind::equals, "false", "the projector's linear_1 / linear_2 biases are not counted"},
    {"vision_feature_layer", check_kind::equals, "-1", "one feature layer: linear_1 reads vision hidden_size"},
};
inline constexpr ignored outer_ignored[] = {
    {"image_token_index", "a tokenizer id, no tensor"},
    {"projector_hidden_act", "an activation, no tensor"},
    {"spatial_merge_size", "read with vision_config: the patch merger's width (default 2)"},
    {"tie_word_embeddings", "text_config's tie_word_embeddings is read"},
};
/// Pixtral's widths (pixtral_mistral3_params).
inline constexpr std::string_view vision_keys[] = {"num_hidden_layers", "hidden_size", "intermediate_size", "patch_size",
                                                   "num_channels"};
inline constexpr ignored vision_ignored[] = {
    {"model_type", "names the vision config class"},
    {"head_dim", "heads split the q/k/v projections; no tensor shape"},
    {"num_attention_heads", "heads split the q/k/v projections; no tensor shape"},
    {"hidden_act", "an activation, no tensor"},
    {"image_size", "the largest image: it bounds tokens, no tensor (2-D RoPE, no position table)"},
    {"rope_theta", "rotary frequencies are computed, not stored"},
    {"initializer_range", "training only"},
    {"attention_dropout", "training only"},
};
inline constexpr nested_config multimodal{outer_checks, outer_ignored, vision_keys, {}, vision_ignored,
                                          tower_kind::pixtral_mistral3};

}  // namespace headroom::models::config_keys::mistral3
