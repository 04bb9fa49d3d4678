// SPDX-License-Identifier: MIT
// headroom: the config.json key tables of the Qwen3.5 hybrids, model_types `qwen3_5` (family
// qwen3_5, dense) and `qwen3_5_moe` (family qwen3_6_moe): multimodal configs whose text model
// sits under `text_config` and whose vision tower sits under `vision_config`
// (config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles). Key
// spellings as https://huggingface.co/Qwen/Qwen3.6-35B-A3B/blob/main/config.json and
// transformers' configuration_qwen3_5.py / configuration_qwen3_5_moe.py.
#pragma once

#include <string_view>

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys {

namespace q35 {
/// The draft and the vision tower (the widths are shared::gqa's and shared::qwen3_hybrid's).
inline constexpr binding draft_vision[] = {
    {"mtp_layers", "mtp_num_hidden_layers"},
    {"mtp_head_copy", {}, source::fixed, 0, "an engine's choice at load, not in the checkpoint"},
    {"vision_params", {}, source::vision_tower},
};
inline constexpr binding dense_mlp[] = {
    {"inter", "intermediate_size"},
    {"experts", {}, source::fixed, 0, "a dense SwiGLU MLP in every layer"},
    {"top_k", {}, source::fixed, 0, "a dense SwiGLU MLP in every layer"},
    {"moe_inter", {}, source::fixed, 0, "a dense SwiGLU MLP in every layer"},
    {"shared_inter", {}, source::fixed, 0, "a dense SwiGLU MLP in every layer"},
};
inline constexpr binding moe_mlp[] = {
    {"inter", {}, source::fixed, 0, "every layer's MLP is the routed MoE"},
    {"experts", "num_experts"},
    {"top_k", "num_experts_per_tok"},
    {"moe_inter", "moe_intermediate_size"},
    {"shared_inter", "shared_expert_intermediate_size"},
};
inline constexpr auto qwen3_5 = join(shared::gqa, shared::qwen3_hybrid, draft_vision, dense_mlp);
inline constexpr auto qwen3_5_moe = join(shared::gqa, shared::qwen3_hybrid, draft_vision, moe_mlp);

inline constexpr check hybrid_checks[] = {
    {"layer_types", check_kind::layer_types_interval, {}, "the family places full attention every interval"},
    {"attn_output_gate", check_kind::equals, "true", "the family's q_proj holds the query and its output gate"},
    {"mtp_use_dedicated_embeddings", check_kind::equals, "false", "the MTP layer reads the main embed_tokens"},
};
inline constexpr check dense_text[] = {
    {"model_type", check_kind::equals, "\"qwen3_5_text\"", "text_config of model_type qwen3_5"}};
inline constexpr check moe_text[] = {
    {"model_type", check_kind::equals, "\"qwen3_5_moe_text\"", "text_config of model_type qwen3_5_moe"}};
inline constexpr auto qwen3_5_checks = join(dense_text, hybrid_checks, shared::untied_unbiased, shared::swiglu_mlp);
inline constexpr auto qwen3_5_moe_checks =
    join(moe_text, hybrid_checks, shared::every_layer_moe, shared::untied_unbiased, shared::swiglu_experts);

inline constexpr ignored hybrid_ignored[] = {
    {"partial_rotary_factor", "rotary arithmetic, no tensor"},
};
inline constexpr ignored router_ignored[] = {{"norm_topk_prob", "router arithmetic, no tensor"}};
inline constexpr auto moe_ignored = join(hybrid_ignored, router_ignored);

// The keys around text_config and vision_config.
inline constexpr check outer_checks[] = {
    {"tie_word_embeddings", check_kind::equals, "false", "the family stores its own lm_head"}};
inline constexpr ignored outer_ignored[] = {
    {"image_token_id", "a tokenizer id, no tensor"},
    {"video_token_id", "a tokenizer id, no tensor"},
    {"vision_start_token_id", "a tokenizer id, no tensor"},
    {"vision_end_token_id", "a tokenizer id, no tensor"},
};
/// The Qwen3-VL vision tower (transformers' modeling_qwen3_vl.py, Qwen3VLVisionModel).
inline constexpr std::string_view vision_keys[] = {
    "depth",       "hidden_size",         "intermediate_size",  "out_hidden_size",         "patch_size",
    "in_channels", "temporal_patch_size", "spatial_merge_size", "num_position_embeddings",
};
inline constexpr check vision_checks[] = {
    {"deepstack_visual_indexes", check_kind::equals, "[]", "deepstack mergers are not counted in the tower"}};
inline constexpr ignored vision_ignored[] = {
    {"model_type", "names the vision config class"},
    {"hidden_act", "an activation, no tensor"},
    {"num_heads", "heads split the qkv projection; no tensor shape"},
    {"initializer_range", "training only"},
};
inline constexpr nested_config multimodal{outer_checks, outer_ignored, vision_keys, vision_checks, vision_ignored};
}  // namespace q35

}  // namespace headroom::models::config_keys
