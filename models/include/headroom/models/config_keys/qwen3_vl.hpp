// SPDX-License-Identifier: MIT
// headroom: the config.json key tables of Qwen3-VL, model_types `qwen3_vl` (dense_gqa: the
// Qwen3 text decoder) and `qwen3_vl_moe` (gqa_moe: the Qwen3-MoE text decoder, its experts
// stored fused, the same bytes): multimodal configs whose text model sits under `text_config`
// and whose vision tower (transformers models/qwen3_vl/modeling_qwen3_vl.py, Qwen3VLVisionModel,
// with one deepstack merger per deepstack_visual_indexes entry) under `vision_config`, e.g.
// https://huggingface.co/Qwen/Qwen3-VL-8B-Instruct/blob/main/config.json.
// config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <string_view>

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::qwen3_vl {

inline constexpr binding tower[] = {{"vision_params", {}, source::vision_tower}};
inline constexpr binding dense_own[] = {
    {"inter", "intermediate_size"},
    {"head_dim", "head_dim"},
    {"qk_norm", {}, source::fixed, 1, "Qwen3-VL normalises q and k per head (Qwen3VLTextAttention)"},
    {"attn_bias", {}, source::fixed, 0, "attention_bias is checked false below"},
    {"tie", "tie_word_embeddings", source::optional, 0, "Qwen3VLTextConfig's default is untied"},
    {"window", {}, source::fixed, 0, "Qwen3-VL attends over the whole context"},
    {"qk_norm_whole", {}, source::fixed, 0, "q_norm / k_norm are per head [head_dim]"},
};
inline constexpr auto qwen3_vl = join(shared::gqa, dense_own, tower);
inline constexpr binding moe_own[] = {
    {"head_dim", "head_dim"},
    {"qk_norm", {}, source::fixed, 1, "Qwen3-VL-MoE normalises q and k per head"},
    {"tie", "tie_word_embeddings", source::optional, 0, "Qwen3VLMoeTextConfig's default is untied"},
    {"window", {}, source::fixed, 0, "Qwen3-VL attends over the whole context"},
    {"qk_norm_whole", {}, source::fixed, 0, "q_norm / k_norm are per head [head_dim]"},
    {"routing_bias", {}, source::fixed, 0, "the router (mlp.gate) is a plain Linear"},
    {"attn_bias", {}, source::fixed, 0, "attention_bias is checked false below"},
    {"shared_inter", {}, source::fixed, 0, "no shared expert"},
    {"shared_gate", {}, source::fixed, 0, "no shared expert"},
};
inline constexpr auto qwen3_vl_moe = join(shared::gqa, moe_own, shared::qwen_experts, tower, shared::every_layer_routed, shared::rms_norms_no_o_bias);

inline constexpr check unbiased[] = {
    {"attention_bias", check_kind::equals, "false", "q, k, v biases are not in Qwen3-VL's text decoder"}};
inline constexpr check dense_text[] = {
    {"model_type", check_kind::equals, "\"qwen3_vl_text\"", "text_config of model_type qwen3_vl"}};
inline constexpr check moe_text[] = {
    {"model_type", check_kind::equals, "\"qwen3_vl_moe_text\"", "text_config of model_type qwen3_vl_moe"}};
inline constexpr auto qwen3_vl_checks = join(dense_text, unbiased, shared::swiglu_mlp);
inline constexpr auto qwen3_vl_moe_checks = join(moe_text, unbiased, shared::every_layer_moe, shared::swiglu_experts);
inline constexpr ignored qwen3_vl_ignored[] = {{"use_mrope", "multimodal rotary positions, no tensor"}};
inline constexpr auto qwen3_vl_moe_ignored = join(shared::qwen_moe_keys, qwen3_vl_ignored);

// The keys around text_config and vision_config.
inline constexpr ignored outer_ignored[] = {
    {"image_token_id", "a tokenizer id, no tensor"},
    {"video_token_id", "a tokenizer id, no tensor"},
    {"vision_start_token_id", "a tokenizer id, no tensor"},
    {"vision_end_token_id", "a tokenizer id, no tensor"},
    {"tie_word_embeddings", "text_config's tie_word_embeddings is read"},
};
/// The Qwen3-VL vision tower and its deepstack mergers.
inline constexpr std::string_view vision_keys[] = {
    "depth",       "hidden_size",         "intermediate_size",  "out_hidden_size",         "patch_size",
    "in_channels", "temporal_patch_size", "spatial_merge_size", "num_position_embeddings", "deepstack_visual_indexes",
};
inline constexpr ignored vision_ignored[] = {
    {"model_type", "names the vision config class"},
    {"hidden_act", "an activation, no tensor"},
    {"num_heads", "heads split the qkv projection; no tensor shape"},
    {"initializer_range", "training only"},
};
inline constexpr nested_config multimodal{{}, outer_ignored, vision_keys, {}, vision_ignored};

}  // namespace headroom::models::config_keys::qwen3_vl
