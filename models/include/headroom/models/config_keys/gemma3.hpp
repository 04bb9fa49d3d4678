// SPDX-License-Identifier: MIT
// headroom: the config.json key tables of the gemma3 family, model_types `gemma2`
// (Gemma2ForCausalLM), `gemma3_text` (Gemma3ForCausalLM) and `gemma3` (the multimodal
// Gemma3ForConditionalGeneration: the decoder's keys in `text_config`, a SigLIP tower in
// `vision_config`). config_key_types.hpp says how a table reads; config_keys.hpp lists the
// profiles. Key spellings and defaults as transformers' configuration_gemma2.py /
// configuration_gemma3.py and e.g. https://huggingface.co/google/gemma-2-2b-it/blob/main/config.json,
// https://huggingface.co/google/gemma-3-12b-it/blob/main/config.json (whose text_config leaves
// most keys at Gemma3TextConfig's defaults).
#pragma once

#include <string_view>

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::gemma3 {

// ---- gemma2 ------------------------------------------------------------------------------------

inline constexpr binding gemma2_own[] = {
    {"head_dim", "head_dim", source::optional, 256, "Gemma2Config's default"},
    {"inter", "intermediate_size"},
    {"window", "sliding_window", source::optional, 4096, "Gemma2Config's default"},
    {"pattern", {}, source::fixed, 2, "Gemma 2 alternates: even layers sliding, odd layers global (Gemma2Config.layer_types)"},
    {"qk_norm", {}, source::fixed, 0, "Gemma 2 has no q_norm / k_norm (modeling_gemma2.py)"},
    {"softcap", {}, source::fixed, 1, "Gemma 2 soft-caps the logits (final_logit_softcapping, checked below)"},
    {"tie", "tie_word_embeddings", source::optional, 1, "Gemma2Config's default: lm_head tied"},
    {"vision_params", {}, source::fixed, 0, "a text-only model"},
};
inline constexpr auto gemma2 = join(shared::gqa, gemma2_own);

/// Gemma 2 and 3 alike: GeGLU, no attention biases, the sliding pattern.
inline constexpr check common_checks[] = {
    {"layer_types", check_kind::layer_types_every, {}, "the family makes every pattern-th layer global, the others sliding"},
    {"attention_bias", check_kind::equals, "false", "attention biases are not in the gemma3 family"},
    {"hidden_activation", check_kind::equals, "\"gelu_pytorch_tanh\"", "the MLP is GeGLU"},
    {"hidden_act", check_kind::equals, "\"gelu_pytorch_tanh\"", "the MLP is GeGLU"},
};
inline constexpr check gemma2_own_checks[] = {
    {"final_logit_softcapping", check_kind::equals, "30.0",
     "the family's Gemma 2 head soft-caps the logits (arithmetic, no tensor; Gemma 2 releases cap at 30.0)"},
};
inline constexpr auto gemma2_checks = join(common_checks, gemma2_own_checks);
/// Keys that change arithmetic, not a stored tensor or the cache.
inline constexpr ignored arithmetic[] = {
    {"query_pre_attn_scalar", "the attention's score scale, no tensor"},
    {"attn_logit_softcapping", "a cap on attention scores, no tensor"},
    {"cache_implementation", "transformers' cache class; the engine's KV layout follows layer_types"},
};
inline constexpr ignored gemma2_own_ignored[] = {
    {"sliding_window_size", "an older spelling of sliding_window, which is read"},
};
inline constexpr auto gemma2_ignored = join(arithmetic, gemma2_own_ignored);

// ---- gemma3_text, gemma3 ---------------------------------------------------------------------

/// Gemma3TextConfig's defaults (configuration_gemma3.py): the released text_config files state
/// only what differs from them.
inline constexpr binding gemma3_text_own[] = {
    {"hidden", "hidden_size", source::optional, 2304, "Gemma3TextConfig's default"},
    {"vocab", "vocab_size", source::optional, 262208, "Gemma3TextConfig's default"},
    {"layers", "num_hidden_layers", source::optional, 26, "Gemma3TextConfig's default"},
    {"q_heads", "num_attention_heads", source::optional, 8, "Gemma3TextConfig's default"},
    {"kv_heads", "num_key_value_heads", source::optional, 4, "Gemma3TextConfig's default"},
    {"head_dim", "head_dim", source::optional, 256, "Gemma3TextConfig's default"},
    {"inter", "intermediate_size", source::optional, 9216, "Gemma3TextConfig's default"},
    {"window", "sliding_window", source::optional, 4096, "Gemma3TextConfig's default"},
    {"pattern", "sliding_window_pattern", source::optional, 6, "Gemma3TextConfig's default: five sliding layers, then one global"},
    {"qk_norm", {}, source::fixed, 1, "Gemma 3 normalises q and k per head (modeling_gemma3.py)"},
    {"softcap", {}, source::fixed, 0, "final_logit_softcapping is checked null below"},
    {"tie", "tie_word_embeddings", source::optional, 1, "Gemma3TextConfig's default: lm_head tied"},
};
inline constexpr binding text_only[] = {{"vision_params", {}, source::fixed, 0, "a text-only model"}};
inline constexpr binding with_tower[] = {{"vision_params", {}, source::vision_tower}};
inline constexpr auto gemma3_text = join(gemma3_text_own, text_only);
inline constexpr auto gemma3 = join(gemma3_text_own, with_tower);
inline constexpr check gemma3_own_checks[] = {
    {"final_logit_softcapping", check_kind::equals, "null", "the family's Gemma 3 head does not soft-cap"},
    {"model_type", check_kind::equals, "\"gemma3_text\"", "text_config holds the gemma3_text decoder"},
};
inline constexpr auto gemma3_checks = join(common_checks, gemma3_own_checks);
inline constexpr ignored gemma3_own_ignored[] = {
    {"rope_local_base_freq", "the sliding layers' rotary base, no tensor"},
    {"use_bidirectional_attention", "attention masking, no tensor"},
    {"_sliding_window_pattern", "transformers' private copy of sliding_window_pattern; layer_types (checked) states each layer"},
};
inline constexpr auto gemma3_ignored = join(arithmetic, gemma3_own_ignored);

/// The multimodal wrapper's own keys (model_type gemma3), beside text_config and vision_config.
inline constexpr ignored wrapper_ignored[] = {
    {"boi_token_index", "a tokenizer id, no tensor"},
    {"eoi_token_index", "a tokenizer id, no tensor"},
    {"image_token_index", "a tokenizer id, no tensor"},
    {"mm_tokens_per_image", "an image's token budget, no tensor"},
    {"tie_word_embeddings", "text_config's tie_word_embeddings is read"},
};
/// The SigLIP tower's widths (siglip_gemma3_params).
inline constexpr std::string_view vision_keys[] = {"num_hidden_layers", "hidden_size", "intermediate_size",
                                                   "patch_size",        "image_size",  "num_channels"};
inline constexpr check vision_checks[] = {
    {"vision_use_head", check_kind::equals, "false", "the pooling head is not counted in the tower (Gemma 3 has none)"}};
inline constexpr ignored vision_ignored[] = {
    {"model_type", "names the vision config class"},
    {"num_attention_heads", "heads split the q/k/v projections; no tensor shape"},
    {"layer_norm_eps", "a constant of the norm, no tensor"},
    {"hidden_act", "an activation, no tensor"},
    {"attention_dropout", "training only"},
};
inline constexpr nested_config multimodal{{}, wrapper_ignored, vision_keys, vision_checks, vision_ignored,
                                          tower_kind::siglip_gemma3};

}  // namespace headroom::models::config_keys::gemma3
