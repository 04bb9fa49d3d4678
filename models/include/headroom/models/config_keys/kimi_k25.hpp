// SPDX-License-Identifier: MIT
// headroom: the config.json key table of Kimi-K2.5 (model_type kimi_k25,
// KimiK25ForConditionalGeneration; also NVIDIA's Kimi-K2.5 / K2.6 / K2.7 NVFP4 exports): Kimi-K2's
// DeepSeek-V3 text model under `text_config` (read as mla_moe), a MoonViT vision tower and its
// patch-merger projector under `vision_config`, counted in the vision section
// (blocks::moonvit_kimi_k25_params), e.g.
// https://huggingface.co/moonshotai/Kimi-K2.5/blob/main/config.json. The layout is vLLM's
// vllm/model_executor/models/kimi_k25.py @009dff4 (language_model = DeepseekV2Model of
// text_config, its own lm_head, the tower and projector built without the quantization config)
// and vllm/transformers_utils/configs/kimi_k25.py @61a45f5 (text_config's quantization_config
// is the model's). config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <string_view>

#include <headroom/models/config_keys/types.hpp>
#include <headroom/models/config_keys/hybrid.hpp>

namespace headroom::models::config_keys::kimi_k25 {

inline constexpr binding tower[] = {{"vision_params", {}, source::vision_tower}};
inline constexpr auto bindings = join(mla::deepseek_v3_text, tower);

/// text_config as transformers 4.56 serialises a sub-config: every PretrainedConfig attribute,
/// generation defaults included. DeepseekV3's model class reads none of them.
inline constexpr ignored serialised[] = {
    {"add_cross_attention", "an encoder-decoder setting DeepseekV3 does not read"},
    {"cross_attention_hidden_size", "an encoder-decoder setting DeepseekV3 does not read"},
    {"is_decoder", "an encoder-decoder setting DeepseekV3 does not read"},
    {"is_encoder_decoder", "an encoder-decoder setting DeepseekV3 does not read"},
    {"tie_encoder_decoder", "an encoder-decoder setting DeepseekV3 does not read"},
    {"decoder_start_token_id", "a tokenizer id, no tensor"},
    {"sep_token_id", "a tokenizer id, no tensor"},
    {"tokenizer_class", "names the tokenizer, no tensor"},
    {"bad_words_ids", "a generation default, no tensor"},
    {"begin_suppress_tokens", "a generation default, no tensor"},
    {"suppress_tokens", "a generation default, no tensor"},
    {"diversity_penalty", "a generation default, no tensor"},
    {"do_sample", "a generation default, no tensor"},
    {"early_stopping", "a generation default, no tensor"},
    {"encoder_no_repeat_ngram_size", "a generation default, no tensor"},
    {"exponential_decay_length_penalty", "a generation default, no tensor"},
    {"forced_bos_token_id", "a generation default, no tensor"},
    {"forced_eos_token_id", "a generation default, no tensor"},
    {"length_penalty", "a generation default, no tensor"},
    {"max_length", "a generation default, no tensor"},
    {"min_length", "a generation default, no tensor"},
    {"no_repeat_ngram_size", "a generation default, no tensor"},
    {"num_beam_groups", "a generation default, no tensor"},
    {"num_beams", "a generation default, no tensor"},
    {"num_return_sequences", "a generation default, no tensor"},
    {"output_scores", "a generation default, no tensor"},
    {"remove_invalid_values", "a generation default, no tensor"},
    {"repetition_penalty", "a generation default, no tensor"},
    {"return_dict_in_generate", "a generation default, no tensor"},
    {"temperature", "a generation default, no tensor"},
    {"top_k", "a generation default (not the router's num_experts_per_tok), no tensor"},
    {"top_p", "a generation default, no tensor"},
    {"typical_p", "a generation default, no tensor"},
    {"chunk_size_feed_forward", "a run-time chunking of the feed-forward, no tensor"},
    {"output_attentions", "a run-time switch, no tensor"},
    {"output_hidden_states", "a run-time switch, no tensor"},
    {"return_dict", "a run-time switch, no tensor"},
    {"torchscript", "a run-time switch, no tensor"},
    {"use_bfloat16", "a legacy run-time switch, no tensor (dtype is read)"},
    {"tf_legacy_loss", "training only"},
    {"problem_type", "training only (a classification head's loss)"},
    {"finetuning_task", "training only"},
    {"id2label", "a classification head's labels; the causal LM has none"},
    {"label2id", "a classification head's labels; the causal LM has none"},
    {"prefix", "a generation prompt prefix, no tensor"},
    {"task_specific_params", "generation settings per task, no tensor"},
};
inline constexpr auto ignored_keys = join(mla::deepseek_v3_ignored, serialised);
/// pruned_heads would make PreTrainedModel.post_init prune attention heads: only none is read.
inline constexpr check text_checks[] = {
    {"pruned_heads", check_kind::equals, "{}", "no pruned attention heads"},
};
inline constexpr auto checks = join(mla::deepseek_v3_checks, text_checks);

// The keys around text_config and vision_config.
inline constexpr check outer_checks[] = {
    {"tie_word_embeddings", check_kind::equals, "false", "the wrapper stores its own lm_head"},
};
inline constexpr ignored outer_ignored[] = {
    {"ignore_index", "the loss's ignored label, training only"},
    {"media_placeholder_token_id", "a tokenizer id, no tensor"},
    {"video_placeholder", "a tokenizer string, no tensor"},
    {"use_unified_vision_chunk", "how images and video chunks are batched, no tensor"},
};
/// MoonViT's widths (moonvit_kimi_k25_params); mm_hidden_size and text_hidden_size are read to
/// check the projector's width.
inline constexpr std::string_view vision_keys[] = {
    "vt_num_hidden_layers", "vt_hidden_size",    "vt_intermediate_size", "patch_size",      "init_pos_emb_height",
    "init_pos_emb_width",   "merge_kernel_size", "mm_hidden_size",       "text_hidden_size",
};
inline constexpr check vision_checks[] = {
    {"pos_emb_type", check_kind::equals, "\"divided_fixed\"", "a learnable 2-D position table (the one vLLM builds)"},
    {"mm_projector_type", check_kind::equals, "\"patchmerger\"", "the LayerNorm and two biased linears of the projector"},
    {"merge_type", check_kind::equals, "\"sd2_tpool\"", "the patch merger vLLM builds"},
};
inline constexpr ignored vision_ignored[] = {
    {"model_type", "names the vision config class"},
    {"_attn_implementation", "an attention kernel choice"},
    {"vt_num_attention_heads", "heads split the wqkv projection; no tensor shape"},
    {"init_pos_emb_time", "the frames of the temporal sin-cos table, a buffer that is not stored"},
    {"video_attn_type", "attention over video chunks: arithmetic, no tensor"},
    {"projector_hidden_act", "an activation, no tensor"},
    {"projector_ln_eps", "a constant of the norm, no tensor"},
};
inline constexpr nested_config multimodal{outer_checks, outer_ignored, vision_keys, vision_checks, vision_ignored,
                                          tower_kind::moonvit_kimi_k25};

}  // namespace headroom::models::config_keys::kimi_k25
