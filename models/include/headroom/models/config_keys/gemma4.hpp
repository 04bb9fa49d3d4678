// SPDX-License-Identifier: MIT
// headroom: the config.json key table of gemma4 (config_key_types.hpp says how a table reads;
// config_keys.hpp lists the profiles). Gemma-4's releases are multimodal: model_type `gemma4`
// (Gemma4ForConditionalGeneration) keeps the decoder's keys in `text_config` (model_type
// `gemma4_text`, as a bare Gemma4ForCausalLM config does at the top level), e.g.
// https://huggingface.co/google/gemma-4-31B/blob/main/config.json. Only the text decoder is
// counted, as in the shipped tables: the vision tower's keys are the wrapper's.
#pragma once

#include <string_view>

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::gemma {

/// The routed-expert keys count only under enable_moe_block (a dense Gemma-4 has none).
constexpr binding moe_block_key(std::string_view member, std::string_view key) {
  return {member, key, source::optional, 0, "null, or enable_moe_block false: no routed experts", "enable_moe_block"};
}

/// Beyond the GQA widths every GQA family reads under the same keys (shared::gqa).
inline constexpr binding gemma4_own[] = {
    {"inter", "intermediate_size"},
    {"head_dim", "head_dim"},
    {"window", "sliding_window"},
    {"g_kv_heads", "num_global_key_value_heads"},
    {"g_head_dim", "global_head_dim"},
    {"pattern", "layer_types", source::period, 0, "one full_attention layer closes each period (checked below)"},
    {"k_eq_v", "attention_k_eq_v", source::optional, 0, "Gemma4TextConfig's default: K and V projected apart"},
    moe_block_key("experts", "num_experts"),
    moe_block_key("top_k", "top_k_experts"),
    moe_block_key("moe_inter", "moe_intermediate_size"),
    {"tie", "tie_word_embeddings", source::optional, 1, "Gemma4TextConfig's default: lm_head tied"},
};
inline constexpr auto gemma4 = join(shared::gqa, gemma4_own);
inline constexpr check gemma4_checks[] = {
    {"layer_types", check_kind::layer_types_period, {}, "the gemma4 family repeats sliding layers and one full layer, the last layer full"},
    {"hidden_size_per_layer_input", check_kind::equals, "0", "per-layer input embeddings (Gemma-4 E2B / E4B) are not in the family"},
    {"num_kv_shared_layers", check_kind::equals, "0", "layers sharing another layer's KV cache are not in the family"},
    {"use_double_wide_mlp", check_kind::equals, "false", "the family's MLP is intermediate_size wide on every layer"},
    {"attention_bias", check_kind::equals, "false", "attention biases are not in the gemma4 family"},
    {"hidden_activation", check_kind::equals, "\"gelu_pytorch_tanh\"", "the MLP is GeGLU"},
    {"final_logit_softcapping", check_kind::equals, "30.0",
     "the family's head soft-caps the logits (the cap is arithmetic, no tensor; Gemma-4 releases cap at 30.0)"},
    {"expert_intermediate_size", check_kind::equals, "null", "an older spelling of moe_intermediate_size, which is read"},
    {"model_type", check_kind::equals, "\"gemma4_text\"", "text_config holds the gemma4_text decoder"},
};
inline constexpr ignored gemma4_ignored[] = {
    {"vocab_size_per_layer_input", "the per-layer input table's vocabulary, unused when hidden_size_per_layer_input is 0"},
    {"use_bidirectional_attention", "attention masking of image tokens, no tensor"},
    {"enable_moe_block", "the gate of num_experts, top_k_experts and moe_intermediate_size"},
};
/// The multimodal wrapper's own keys (model_type gemma4), beside text_config.
inline constexpr ignored wrapper_ignored[] = {
    {"vision_config", "the vision tower: not counted (the text decoder only, as the shipped tables)"},
    {"audio_config", "the audio tower (Gemma-4 E2B / E4B): not counted"},
    {"vision_soft_tokens_per_image", "an image's token budget, no tensor"},
    {"audio_token_id", "a tokenizer id, no tensor"},
    {"boa_token_id", "a tokenizer id, no tensor"},
    {"boi_token_id", "a tokenizer id, no tensor"},
    {"eoa_token_id", "a tokenizer id, no tensor"},
    {"eoa_token_index", "a tokenizer id, no tensor"},
    {"eoi_token_id", "a tokenizer id, no tensor"},
    {"image_token_id", "a tokenizer id, no tensor"},
    {"video_token_id", "a tokenizer id, no tensor"},
    {"tie_word_embeddings", "text_config's tie_word_embeddings is read"},
};
/// model_type gemma4: text_config read by the gemma4 tables (its model_type checked to be
/// gemma4_text), the wrapper's keys above; the vision tower is not counted.
inline constexpr nested_config multimodal{{}, wrapper_ignored, {}, {}, {}};

}  // namespace headroom::models::config_keys::gemma
