// SPDX-License-Identifier: MIT
// headroom: how each family's dims read a Hugging Face `config.json` -- plain data, one table per
// model_type, next to the family templates. Nothing here is evaluated by a model header: only
// the importer (tools/headroom/import/) reads these tables, and it pairs them with the dims
// members by name through Boost.Hana (tools/headroom/import/reflect.hpp), so one generic
// importer serves every family.
//
// Every dims member of a family has exactly one binding per model_type (a test checks it):
//   required  the key must be present with a value of the member's type;
//   optional  absent or null gives `fallback`, for the reason in `why`;
//   fixed     no key: the model_type fixes the value (`why` says where it comes from);
//   quotient  absent gives num / den of two other keys (transformers' own default).
// `gate` names a boolean key: when it is false the value is `fallback` whatever the key says
// (Qwen's `sliding_window` only counts under `use_sliding_window`).
// Every other key of a config is either a check (its value must be the one stated, or the
// family cannot represent the checkpoint), ignored with a reason, or refused as unknown.
//
// Key spellings follow transformers' configuration classes, e.g.
// https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/blob/main/config.json and
// https://huggingface.co/Qwen/Qwen3-30B-A3B/blob/main/config.json.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace headroom::models::config_keys {

enum class source : std::uint8_t { required, optional, fixed, quotient };

struct binding {
  std::string_view member;       ///< the dims member (its name in the family's dims struct)
  std::string_view key;          ///< the config key; empty for `fixed`
  source how = source::required;
  std::uint64_t fallback = 0;    ///< optional / fixed / gated value (bools: 0 or 1)
  std::string_view why = {};     ///< why the fallback or the fixed value is right
  std::string_view gate = {};    ///< a boolean key that must be true for `key` to count
  std::string_view num = {};     ///< quotient: numerator key
  std::string_view den = {};     ///< quotient: denominator key
};

/// A key whose value must be exactly `expected` (JSON text), or the checkpoint is refused.
enum class check_kind : std::uint8_t {
  equals,            ///< the key, if present, equals `expected`
  layer_types_alternate,  ///< gpt-oss: sliding_attention, full_attention, ... (even layers sliding)
  layer_types_interval,   ///< Qwen3 hybrids: every full_attention_interval-th layer full attention
  pattern_length,    ///< Nemotron-H: num_hidden_layers == the pattern's length
};
struct check {
  std::string_view key;
  check_kind kind = check_kind::equals;
  std::string_view expected = {};  ///< JSON text for `equals`
  std::string_view why = {};
};

struct ignored {
  std::string_view key;
  std::string_view why;
};

/// One model_type: the family it builds, and how each key of its config is read.
struct profile {
  std::string_view model_type;
  std::string_view architecture;  ///< the `architectures` entry it must name
  std::string_view family;
  std::span<const binding> bindings;
  std::span<const check> checks;
  std::span<const ignored> ignored_keys;  ///< beyond `common_ignored`
};

/// Keys no family reads: they change no stored tensor and no state.
inline constexpr ignored common_ignored[] = {
    {"_name_or_path", "the producer's local path"},
    {"architectures", "read to confirm the model_type's class, not a dimension"},
    {"model_type", "selects the family"},
    {"torch_dtype", "checked against the precision recipe: BF16 unless quantization_config says otherwise"},
    {"dtype", "checked against the precision recipe: BF16 unless quantization_config says otherwise"},
    {"transformers_version", "the producer's version"},
    {"bos_token_id", "a tokenizer id, no tensor"},
    {"eos_token_id", "a tokenizer id, no tensor"},
    {"pad_token_id", "a tokenizer id, no tensor"},
    {"rope_theta", "rotary frequencies are computed, not stored"},
    {"rope_scaling", "rotary scaling changes positions, not shapes"},
    {"rope_parameters", "rotary scaling changes positions, not shapes"},
    {"max_position_embeddings", "the longest trained context: a limit on --context, not a shape"},
    {"rms_norm_eps", "a constant of the norm, no tensor"},
    {"initializer_range", "training only"},
    {"attention_dropout", "training only"},
    {"use_cache", "a transformers run-time switch"},
    {"pretraining_tp", "training only"},
    {"output_router_logits", "training only (the router's auxiliary loss)"},
    {"router_aux_loss_coef", "training only (the router's auxiliary loss)"},
    {"quantization_config", "read by the quantization importer"},
};

// ---- dense_gqa ---------------------------------------------------------------------------------

namespace dense {
inline constexpr binding llama[] = {
    {"hidden", "hidden_size"},
    {"inter", "intermediate_size"},
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"q_heads", "num_attention_heads"},
    {"kv_heads", "num_key_value_heads"},
    {"head_dim", "head_dim", source::quotient, 0, "LlamaConfig's default when head_dim is absent", {}, "hidden_size",
     "num_attention_heads"},
    {"qk_norm", {}, source::fixed, 0, "Llama has no q_norm / k_norm"},
    {"attn_bias", {}, source::fixed, 0, "attention_bias is checked false below"},
    {"tie", "tie_word_embeddings", source::optional, 0, "LlamaConfig's default is untied"},
    {"window", {}, source::fixed, 0, "Llama attends over the whole context"},
};
inline constexpr check llama_checks[] = {
    {"attention_bias", check_kind::equals, "false", "biases on q, k, v and o are not in the dense_gqa family"},
    {"mlp_bias", check_kind::equals, "false", "MLP biases are not in the dense_gqa family"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLP is SwiGLU"},
};

inline constexpr binding mistral[] = {
    {"hidden", "hidden_size"},
    {"inter", "intermediate_size"},
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"q_heads", "num_attention_heads"},
    {"kv_heads", "num_key_value_heads"},
    {"head_dim", "head_dim", source::quotient, 0, "MistralConfig's default when head_dim is absent or null", {},
     "hidden_size", "num_attention_heads"},
    {"qk_norm", {}, source::fixed, 0, "Mistral has no q_norm / k_norm"},
    {"attn_bias", {}, source::fixed, 0, "Mistral's projections have no biases"},
    {"tie", "tie_word_embeddings", source::optional, 0, "MistralConfig's default is untied"},
    {"window", "sliding_window", source::optional, 0, "null: every layer attends over the whole context"},
};
inline constexpr check mistral_checks[] = {
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLP is SwiGLU"},
};

inline constexpr binding qwen3[] = {
    {"hidden", "hidden_size"},
    {"inter", "intermediate_size"},
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"q_heads", "num_attention_heads"},
    {"kv_heads", "num_key_value_heads"},
    {"head_dim", "head_dim"},
    {"qk_norm", {}, source::fixed, 1, "Qwen3 normalises q and k per head (modeling_qwen3.py)"},
    {"attn_bias", {}, source::fixed, 0, "attention_bias is checked false below"},
    {"tie", "tie_word_embeddings", source::optional, 0, "Qwen3Config's default is untied"},
    {"window", "sliding_window", source::optional, 0, "null, or use_sliding_window false: full attention",
     "use_sliding_window"},
};
inline constexpr check qwen3_checks[] = {
    {"attention_bias", check_kind::equals, "false", "q, k, v biases are not in Qwen3's dense_gqa layout"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLP is SwiGLU"},
};
inline constexpr ignored qwen_ignored[] = {
    {"max_window_layers", "only read when use_sliding_window is true"},
    {"use_sliding_window", "the gate of sliding_window"},
    {"use_mrope", "multimodal rotary positions, no tensor"},
};

inline constexpr binding qwen2[] = {
    {"hidden", "hidden_size"},
    {"inter", "intermediate_size"},
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"q_heads", "num_attention_heads"},
    {"kv_heads", "num_key_value_heads"},
    {"head_dim", "head_dim", source::quotient, 0, "Qwen2Config derives head_dim as hidden_size / num_attention_heads",
     {}, "hidden_size", "num_attention_heads"},
    {"qk_norm", {}, source::fixed, 0, "Qwen2 has no q_norm / k_norm"},
    {"attn_bias", {}, source::fixed, 1, "Qwen2 stores biases on q, k and v (modeling_qwen2.py)"},
    {"tie", "tie_word_embeddings", source::optional, 0, "Qwen2Config's default is untied"},
    {"window", "sliding_window", source::optional, 0, "null, or use_sliding_window false: full attention",
     "use_sliding_window"},
};
inline constexpr check qwen2_checks[] = {
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLP is SwiGLU"},
};
}  // namespace dense

// ---- gqa_moe ---------------------------------------------------------------------------------

namespace moe {
inline constexpr binding qwen3_moe[] = {
    {"hidden", "hidden_size"},
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"q_heads", "num_attention_heads"},
    {"kv_heads", "num_key_value_heads"},
    {"head_dim", "head_dim"},
    {"experts", "num_experts"},
    {"top_k", "num_experts_per_tok"},
    {"moe_inter", "moe_intermediate_size"},
    {"qk_norm", {}, source::fixed, 1, "Qwen3 MoE normalises q and k per head (modeling_qwen3_moe.py)"},
    {"tie", "tie_word_embeddings", source::optional, 0, "Qwen3MoeConfig's default is untied"},
    {"window", "sliding_window", source::optional, 0, "null, or use_sliding_window false: full attention",
     "use_sliding_window"},
};
inline constexpr check qwen3_moe_checks[] = {
    {"decoder_sparse_step", check_kind::equals, "1", "every layer's MLP must be the routed MoE"},
    {"mlp_only_layers", check_kind::equals, "[]", "dense MLP layers are not in the gqa_moe family"},
    {"attention_bias", check_kind::equals, "false", "q, k, v biases are not in the gqa_moe family"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the experts are SwiGLU"},
};
inline constexpr ignored qwen3_moe_ignored[] = {
    {"intermediate_size", "the dense MLP width, unused when every layer is MoE (decoder_sparse_step 1)"},
    {"norm_topk_prob", "router arithmetic, no tensor"},
    {"max_window_layers", "only read when use_sliding_window is true"},
    {"use_sliding_window", "the gate of sliding_window"},
};

inline constexpr binding mixtral[] = {
    {"hidden", "hidden_size"},
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"q_heads", "num_attention_heads"},
    {"kv_heads", "num_key_value_heads"},
    {"head_dim", "head_dim", source::quotient, 0, "MixtralConfig's default when head_dim is absent or null", {},
     "hidden_size", "num_attention_heads"},
    {"experts", "num_local_experts"},
    {"top_k", "num_experts_per_tok"},
    {"moe_inter", "intermediate_size"},
    {"qk_norm", {}, source::fixed, 0, "Mixtral has no q_norm / k_norm"},
    {"tie", "tie_word_embeddings", source::optional, 0, "MixtralConfig's default is untied"},
    {"window", "sliding_window", source::optional, 0, "null: every layer attends over the whole context"},
};
inline constexpr check mixtral_checks[] = {
    {"hidden_act", check_kind::equals, "\"silu\"", "the experts are SwiGLU"},
};
inline constexpr ignored mixtral_ignored[] = {
    {"router_jitter_noise", "training only"},
};
}  // namespace moe

// ---- gpt_oss ---------------------------------------------------------------------------------

namespace oss {
inline constexpr binding gpt_oss[] = {
    {"hidden", "hidden_size"},
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"q_heads", "num_attention_heads"},
    {"kv_heads", "num_key_value_heads"},
    {"head_dim", "head_dim"},
    {"experts", "num_local_experts"},
    {"top_k", "num_experts_per_tok"},
    {"inter", "intermediate_size"},
    {"window", "sliding_window"},
};
inline constexpr check gpt_oss_checks[] = {
    {"layer_types", check_kind::layer_types_alternate, {}, "the gpt_oss family alternates sliding and full layers"},
    {"tie_word_embeddings", check_kind::equals, "false", "the gpt_oss family stores its own lm_head"},
    {"attention_bias", check_kind::equals, "true", "the gpt_oss family has q, k, v, o biases"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the experts are gated SiLU"},
};
inline constexpr ignored gpt_oss_ignored[] = {
    {"experts_per_token", "a duplicate of num_experts_per_tok"},
    {"initial_context_length", "the pre-YaRN context: positions, not shapes"},
    {"swiglu_limit", "an activation clamp, no tensor"},
    {"router_aux_loss_coef", "training only"},
};
}  // namespace oss

// ---- nemotron_h ------------------------------------------------------------------------------

namespace nemo {
inline constexpr binding nemotron_h[] = {
    {"hidden", "hidden_size"},
    {"vocab", "vocab_size"},
    {"pattern", "hybrid_override_pattern"},
    {"q_heads", "num_attention_heads"},
    {"kv_heads", "num_key_value_heads"},
    {"head_dim", "head_dim"},
    {"inter", "intermediate_size"},
    {"mamba_heads", "mamba_num_heads"},
    {"mamba_head_dim", "mamba_head_dim"},
    {"ssm_state", "ssm_state_size"},
    {"n_groups", "n_groups"},
    {"conv_kernel", "conv_kernel"},
};
inline constexpr check nemotron_h_checks[] = {
    {"num_hidden_layers", check_kind::pattern_length, {}, "one pattern character per layer"},
    {"tie_word_embeddings", check_kind::equals, "false", "the nemotron_h family stores its own lm_head"},
    {"use_conv_bias", check_kind::equals, "true", "the nemotron_h family stores the conv1d bias"},
    {"attention_bias", check_kind::equals, "false", "attention biases are not in the nemotron_h family"},
    {"mlp_bias", check_kind::equals, "false", "MLP biases are not in the nemotron_h family"},
    {"use_bias", check_kind::equals, "false", "Mamba projection biases are not in the nemotron_h family"},
    {"mlp_hidden_act", check_kind::equals, "\"relu2\"", "the MLP is ungated relu2"},
};
inline constexpr ignored nemotron_h_ignored[] = {
    {"auto_map", "where transformers finds the remote code"},
    {"layer_norm_epsilon", "a constant of the norm, no tensor"},
    {"mamba_hidden_act", "an activation, no tensor"},
    {"time_step_min", "initialisation only"},
    {"time_step_max", "initialisation only"},
    {"time_step_floor", "initialisation only"},
    {"time_step_limit", "a clamp, no tensor"},
    {"mamba_proj_bias", "checked through use_bias"},
    {"chunk_size", "a kernel tiling choice"},
    {"residual_in_fp32", "arithmetic precision, no tensor"},
    {"rescale_prenorm_residual", "initialisation only"},
    {"sliding_window", "unused by Nemotron-H's attention (no RoPE, full context)"},
    {"hidden_dropout", "training only"},
    {"num_logits_to_keep", "a generation setting"},
    {"use_mamba_kernels", "a kernel choice"},
    {"expand", "the Mamba inner width is mamba_num_heads x mamba_head_dim in the stored tensors"},
};
}  // namespace nemo

// ---- qwen3_next ------------------------------------------------------------------------------

namespace next {
inline constexpr binding qwen3_next[] = {
    {"hidden", "hidden_size"},
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"full_attention_interval", "full_attention_interval"},
    {"q_heads", "num_attention_heads"},
    {"kv_heads", "num_key_value_heads"},
    {"head_dim", "head_dim"},
    {"lin_k_heads", "linear_num_key_heads"},
    {"lin_v_heads", "linear_num_value_heads"},
    {"lin_k_dim", "linear_key_head_dim"},
    {"lin_v_dim", "linear_value_head_dim"},
    {"conv_kernel", "linear_conv_kernel_dim"},
    {"experts", "num_experts"},
    {"top_k", "num_experts_per_tok"},
    {"moe_inter", "moe_intermediate_size"},
    {"shared_inter", "shared_expert_intermediate_size"},
    {"mtp_layers", {}, source::fixed, 1,
     "Qwen3-Next checkpoints ship one mtp.* layer though the config has no key for it (vLLM's qwen3_next_mtp.py)"},
    {"vision_params", {}, source::fixed, 0, "Qwen3-Next is text only"},
};
inline constexpr check qwen3_next_checks[] = {
    {"layer_types", check_kind::layer_types_interval, {}, "the qwen3_next family places full attention every interval"},
    {"decoder_sparse_step", check_kind::equals, "1", "every layer's MLP must be the routed MoE"},
    {"mlp_only_layers", check_kind::equals, "[]", "dense MLP layers are not in the qwen3_next family"},
    {"tie_word_embeddings", check_kind::equals, "false", "the qwen3_next family stores its own lm_head"},
    {"attention_bias", check_kind::equals, "false", "attention biases are not in the qwen3_next family"},
    {"use_sliding_window", check_kind::equals, "false", "the qwen3_next family's attention layers are full"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the experts are SwiGLU"},
};
inline constexpr ignored qwen3_next_ignored[] = {
    {"intermediate_size", "the dense MLP width, unused when every layer is MoE (decoder_sparse_step 1)"},
    {"norm_topk_prob", "router arithmetic, no tensor"},
    {"partial_rotary_factor", "rotary arithmetic, no tensor"},
    {"sliding_window", "only read when use_sliding_window is true (checked false)"},
    {"max_window_layers", "only read when use_sliding_window is true (checked false)"},
};
}  // namespace next

// ---- mla_moe ---------------------------------------------------------------------------------

namespace mla {
inline constexpr binding deepseek_v3[] = {
    {"hidden", "hidden_size"},
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"q_heads", "num_attention_heads"},
    {"q_lora", "q_lora_rank"},
    {"kv_lora", "kv_lora_rank"},
    {"qk_nope", "qk_nope_head_dim"},
    {"qk_rope", "qk_rope_head_dim"},
    {"v_head", "v_head_dim"},
    {"inter", "intermediate_size"},
    {"first_dense", "first_k_dense_replace"},
    {"experts", "n_routed_experts"},
    {"top_k", "num_experts_per_tok"},
    {"moe_inter", "moe_intermediate_size"},
    {"shared_experts", "n_shared_experts"},
    {"mtp_layers", "num_nextn_predict_layers", source::optional, 0, "absent: the checkpoint ships no MTP layer"},
};
inline constexpr check deepseek_v3_checks[] = {
    {"moe_layer_freq", check_kind::equals, "1", "every layer after first_k_dense_replace must be MoE"},
    {"tie_word_embeddings", check_kind::equals, "false", "the mla_moe family stores its own lm_head"},
    {"attention_bias", check_kind::equals, "false", "attention biases are not in the mla_moe family"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLPs are SwiGLU"},
};
inline constexpr ignored deepseek_v3_ignored[] = {
    {"auto_map", "where transformers finds the remote code"},
    {"num_key_value_heads", "MLA caches one latent row per token, not per KV head"},
    {"aux_loss_alpha", "training only"},
    {"seq_aux", "training only"},
    {"ep_size", "a training parallelism setting"},
    {"n_group", "router arithmetic (group-limited routing), no tensor"},
    {"topk_group", "router arithmetic (group-limited routing), no tensor"},
    {"topk_method", "router arithmetic, no tensor"},
    {"scoring_func", "router arithmetic, no tensor"},
    {"norm_topk_prob", "router arithmetic, no tensor"},
    {"routed_scaling_factor", "router arithmetic, no tensor"},
};
}  // namespace mla

inline constexpr profile profiles[] = {
    {"llama", "LlamaForCausalLM", "dense_gqa", dense::llama, dense::llama_checks, {}},
    {"mistral", "MistralForCausalLM", "dense_gqa", dense::mistral, dense::mistral_checks, {}},
    {"qwen3", "Qwen3ForCausalLM", "dense_gqa", dense::qwen3, dense::qwen3_checks, dense::qwen_ignored},
    {"qwen2", "Qwen2ForCausalLM", "dense_gqa", dense::qwen2, dense::qwen2_checks, dense::qwen_ignored},
    {"qwen3_moe", "Qwen3MoeForCausalLM", "gqa_moe", moe::qwen3_moe, moe::qwen3_moe_checks, moe::qwen3_moe_ignored},
    {"mixtral", "MixtralForCausalLM", "gqa_moe", moe::mixtral, moe::mixtral_checks, moe::mixtral_ignored},
    {"gpt_oss", "GptOssForCausalLM", "gpt_oss", oss::gpt_oss, oss::gpt_oss_checks, oss::gpt_oss_ignored},
    {"nemotron_h", "NemotronHForCausalLM", "nemotron_h", nemo::nemotron_h, nemo::nemotron_h_checks,
     nemo::nemotron_h_ignored},
    {"qwen3_next", "Qwen3NextForCausalLM", "qwen3_next", next::qwen3_next, next::qwen3_next_checks,
     next::qwen3_next_ignored},
    {"deepseek_v3", "DeepseekV3ForCausalLM", "mla_moe", mla::deepseek_v3, mla::deepseek_v3_checks,
     mla::deepseek_v3_ignored},
    // Kimi K2 (https://huggingface.co/moonshotai/Kimi-K2-Instruct/blob/main/config.json) names its
    // own model_type but the DeepSeek-V3 class and keys.
    {"kimi_k2", "DeepseekV3ForCausalLM", "mla_moe", mla::deepseek_v3, mla::deepseek_v3_checks,
     mla::deepseek_v3_ignored},
};

/// The profile of a model_type, or nullptr.
constexpr const profile* find_profile(std::string_view model_type) {
  for (const profile& p : profiles) {
    if (p.model_type == model_type) return &p;
  }
  return nullptr;
}

}  // namespace headroom::models::config_keys
