// SPDX-License-Identifier: MIT
// headroom: the types of the config.json key tables (config_keys.hpp) -- how each family's dims
// read a Hugging Face `config.json`: plain data, one table per model_type, next to the family templates. Nothing here is evaluated by a model header: only
// the importer (tools/import/) reads these tables, and it pairs them with the dims
// members by name through Boost.Hana (tools/import/headroom/import/reflect.hpp), so one generic
// importer serves every family.
//
// Every dims member of a family has exactly one binding per model_type (a test checks it):
//   required  the key must be present with a value of the member's type;
//   optional  absent or null gives `fallback`, for the reason in `why`;
//   fixed     no key: the model_type fixes the value (`why` says where it comes from);
//   quotient  absent gives num / den of two other keys (transformers' own default);
//   period    1 + the index of the first "full_attention" in the key's array (Gemma-4's
//             layer_types; a check then reads the whole array).
//   (a member that is an array of ratios reads a JSON array of unsigned integers: DeepSeek-V4's
//   compress_ratios; a check of its kind then reads its length and values)
//   vision_tower  no key: the parameters of the vision tower `vision_config` describes
//             (multimodal configs, nested_config below).
//   is_text   a boolean member: true when the key's string equals `num` (DeepSeek's topk_method
//             "noaux_tc" stores the router's correction bias); absent or null gives `fallback`.
//   layer_kinds  a pattern member (one character per layer) from an array of layer names:
//             "mamba" M, "attention" * (Granite 4.0's layer_types); any other name is refused.
//   block_attention  Nemotron-NAS's block_configs: each layer's KV heads, `num` (the query heads)
//             / attention.n_heads_in_group, 0 for an attention no_op.
//   block_ffn  the same list: each layer's FFN width / 256 (DeciLM's _ffn_mult_to_intermediate_size
//             of ffn.ffn_mult and `num`, the hidden size), 0 for an FFN no_op.
// `gate` names a boolean key: when it is false the value is `fallback` whatever the key says
// (Qwen's `sliding_window` only counts under `use_sliding_window`).
// Every other key of a config is either a check (its value must be the one stated, or the
// family cannot represent the checkpoint), ignored with a reason, or refused as unknown.
//
// Key spellings follow transformers' configuration classes, e.g.
// https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/blob/main/config.json and
// https://huggingface.co/Qwen/Qwen3-30B-A3B/blob/main/config.json.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

namespace headroom::models::config_keys {

enum class source : std::uint8_t {
  required, optional, fixed, quotient, period, vision_tower, is_text, layer_kinds, block_attention, block_ffn
};

struct binding {
  std::string_view member;       ///< the dims member (its name in the family's dims struct)
  std::string_view key;          ///< the config key; empty for `fixed`
  source how = source::required;
  std::uint64_t fallback = 0;    ///< optional / fixed / gated value (bools: 0 or 1)
  std::string_view why = {};     ///< why the fallback or the fixed value is right
  std::string_view gate = {};    ///< a boolean key that must be true for `key` to count
  std::string_view num = {};     ///< quotient: numerator key; is_text: the string that means true
  std::string_view den = {};     ///< quotient: denominator key
};

/// A key whose value must be exactly `expected` (JSON text), or the checkpoint is refused.
enum class check_kind : std::uint8_t {
  equals,            ///< the key, if present, equals `expected`
  // The layer_types_* kinds say which layout the family builds; the importer holds the array
  // against the circuit the family built from the dims (layer by layer), so no pattern is coded
  // twice. layer_types_chunked names a windowed layer "chunked_attention", the others
  // "sliding_attention".
  layer_types_alternate,  ///< gpt-oss: sliding_attention, full_attention, ... (even layers sliding)
  layer_types_interval,   ///< Qwen3 hybrids: every full_attention_interval-th layer full attention
  pattern_length,    ///< Nemotron-H: num_hidden_layers == the pattern's length
  mtp_modules,       ///< Nemotron-3: 1 with an mtp_hybrid_override_pattern, 0 (or absent) without
  layer_types_period,     ///< Gemma-4: full_attention every period-th layer and on the last, else sliding_attention
  every_entry,       ///< an array of num_hidden_layers entries, each equal to `expected` (MiniMax-M2's attn_type_list)
  compress_ratios,   ///< DeepSeek-V4: num_hidden_layers + num_nextn_predict_layers entries, each 0, 4 or 128
  dense_then_sparse, ///< GLM-5's mlp_layer_types: "dense" for the first first_k_dense_replace layers, then "sparse"
  layer_types_every, ///< Gemma 2 / 3: full_attention every period-th layer, else sliding_attention (no last-layer rule)
  last_layer_index,  ///< an integer that must be -1 or num_hidden_layers - 1 (ERNIE 4.5's moe_layer_end_index: MoE up to the last layer)
  block_count,       ///< an array of num_hidden_layers entries (Nemotron-NAS's block_configs)
  no_rope_every,     ///< Llama 4's no_rope_layers: empty (the class's default), or num_hidden_layers entries, 0 every interval-th layer, else 1
  moe_every,         ///< Llama 4's moe_layers: the indexes l with (l + 1) % interleave_moe_layer_step == 0, in order
  layer_types_chunked,  ///< Llama 4 (newer transformers): full_attention every interval-th layer, else chunked_attention
  positive,          ///< an integer of at least 1 where the config class would accept 0 (Llama 4's interleave_moe_layer_step)
  equals_key,        ///< the key, if present, equals the value of the key named by `expected` (an alias the config class re-routes)
  indexer_schedule,  ///< GLM-5.2's indexer_types: num_hidden_layers entries, "full" where the built layer has an indexer, else "shared"
  layer_flags,       ///< num_hidden_layers entries, each 0 or 1 (MiMo-V2-Flash's hybrid_layer_pattern, moe_layer_freq)
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

/// A multimodal config (transformers' *ForConditionalGeneration): the text model's keys under
/// `text_config` (read by the profile's bindings, checks and ignored keys), the vision tower's
/// under `vision_config`, and the outer keys around them. A profile that lists `vision_config`
/// in `outer_ignored` counts no tower (Gemma-4: the text decoder only): its keys are not read.
/// The law that counts a vision tower's parameters (<headroom/models/blocks/vision_tower.hpp>).
enum class tower_kind : std::uint8_t {
  qwen3_vl,       ///< Qwen3-VL's tower (vision_tower_params), deepstack mergers when vision_keys lists deepstack_visual_indexes
  siglip_gemma3,  ///< SigLIP and Gemma 3's projector (siglip_gemma3_params); text_config.hidden_size is the projector's width
  pixtral_mistral3,  ///< Pixtral and Mistral 3's projector (pixtral_mistral3_params); the wrapper's spatial_merge_size
  llama4,            ///< Llama 4's vision model and projector (llama4_vision_params); text_config.hidden_size is the projector's width
  moonvit_kimi_k25,  ///< Kimi-K2.5's MoonViT and patch-merger projector (moonvit_kimi_k25_params); text_config.hidden_size is the projector's width
};
struct nested_config {
  std::span<const check> outer_checks;
  std::span<const ignored> outer_ignored;  ///< beyond `common_ignored`
  std::span<const std::string_view> vision_keys;  ///< read to count the tower's parameters
  std::span<const check> vision_checks;
  std::span<const ignored> vision_ignored;
  tower_kind tower = tower_kind::qwen3_vl;
};

/// One model_type: the family it builds, and how each key of its config is read.
struct profile {
  std::string_view model_type;
  std::string_view architecture;  ///< the `architectures` entry it must name
  std::string_view family;
  std::span<const binding> bindings;
  std::span<const check> checks;
  std::span<const ignored> ignored_keys;  ///< beyond `common_ignored`
  const nested_config* nested = nullptr;  ///< multimodal: where the text and vision keys are
  /// The key naming the recurrent state's dtype (Qwen3.5's mamba_ssm_dtype), read into
  /// model::config_state_dtype; empty: the family's configs name none.
  std::string_view state_dtype_key = {};
  /// The router's weight is held in F32 whatever the checkpoint's dtype (ERNIE 4.5 MoE:
  /// transformers' `_keep_in_fp32_modules_strict = ["gate", ...]`, vLLM's gate built with
  /// params_dtype float32): a rule ahead of the recipe's.
  bool router_f32 = false;
};

/// Keys no family reads: they change no stored tensor and no state.
inline constexpr ignored common_ignored[] = {
    {"_name_or_path", "the producer's local path"},
    {"architectures", "read to confirm the model_type's class, not a dimension"},
    {"model_type", "selects the family"},
    {"auto_map", "where transformers finds a remote-code checkpoint's classes"},
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

namespace detail {
template <typename Part>
inline constexpr std::size_t entries_of = std::extent_v<Part>;  // a C array
template <typename T, std::size_t N>
inline constexpr std::size_t entries_of<std::array<T, N>> = N;  // a joined table
}  // namespace detail

/// One table from several (C arrays or joined tables): the entries model_types share are
/// written once and joined.
template <typename First, typename... Rest>
constexpr auto join(const First& first, const Rest&... rest) {
  std::array<std::remove_cvref_t<decltype(first[0])>, (detail::entries_of<First> + ... + detail::entries_of<Rest>)> out{};
  std::size_t at = 0;
  const auto put = [&](const auto& part) {
    for (const auto& x : part) out[at++] = x;
  };
  put(first);
  (put(rest), ...);
  return out;
}

/// Entries several model_types share.
namespace shared {
/// The embedding width, vocabulary, depth and query heads every family but nemotron_h reads
/// under the same keys.
inline constexpr binding widths[] = {
    {"hidden", "hidden_size"},
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"q_heads", "num_attention_heads"},
};
inline constexpr binding kv_heads[] = {{"kv_heads", "num_key_value_heads"}};
/// The attention and embedding widths every GQA family reads under the same keys.
inline constexpr auto gqa = join(widths, kv_heads);
/// The Qwen3 hybrids' attention and Gated DeltaNet widths (qwen3_next, qwen3_5, qwen3_5_moe).
inline constexpr binding qwen3_hybrid[] = {
    {"full_attention_interval", "full_attention_interval"},
    {"head_dim", "head_dim"},
    {"lin_k_heads", "linear_num_key_heads"},
    {"lin_v_heads", "linear_num_value_heads"},
    {"lin_k_dim", "linear_key_head_dim"},
    {"lin_v_dim", "linear_value_head_dim"},
    {"conv_kernel", "linear_conv_kernel_dim"},
};
/// DeepSeek-V2/V3's latent attention widths (DeepSeek-V2, V3, V3.2, Kimi-K2, GLM-5).
inline constexpr binding mla_latent[] = {
    {"kv_lora", "kv_lora_rank"},
    {"qk_nope", "qk_nope_head_dim"},
    {"qk_rope", "qk_rope_head_dim"},
    {"v_head", "v_head_dim"},
};
/// DeepSeek's MoE stack under DeepSeek's keys (DeepSeek-V2/V3 and the families that took them:
/// GLM-4.5 MoE, GLM-5): dense layers first, routed and shared experts, the MTP layers.
inline constexpr binding deepseek_moe[] = {
    {"inter", "intermediate_size"},
    {"first_dense", "first_k_dense_replace"},
    {"experts", "n_routed_experts"},
    {"top_k", "num_experts_per_tok"},
    {"moe_inter", "moe_intermediate_size"},
    {"shared_experts", "n_shared_experts"},
    {"mtp_layers", "num_nextn_predict_layers", source::optional, 0, "absent: the checkpoint ships no MTP layer"},
    // Group-limited routing: which experts a token may reach, so how unevenly expert-parallel
    // ranks load (node_cost.hpp, ep_busiest_share); no tensor of its own.
    {"groups", "n_group", source::optional, 0, "absent: routing over every expert"},
    {"top_groups", "topk_group", source::optional, 0, "absent: routing over every expert"},
};
/// Qwen's sliding window counts only under use_sliding_window.
inline constexpr binding qwen_window[] = {
    {"window", "sliding_window", source::optional, 0, "null, or use_sliding_window false: full attention",
     "use_sliding_window"},
};
/// The routed experts as Qwen's MoE configs name them (Qwen3MoeConfig, Qwen3NextConfig).
inline constexpr binding qwen_experts[] = {
    {"experts", "num_experts"},
    {"top_k", "num_experts_per_tok"},
    {"moe_inter", "moe_intermediate_size"},
};
/// The routed experts as MixtralConfig, GptOssConfig and MiniMax-M2's config name them.
inline constexpr binding local_experts[] = {
    {"experts", "num_local_experts"},
    {"top_k", "num_experts_per_tok"},
};
/// Mistral's and Mixtral's sliding window: null when every layer attends over the whole context.
inline constexpr binding mistral_window[] = {
    {"window", "sliding_window", source::optional, 0, "null: every layer attends over the whole context"},
};
inline constexpr check swiglu_mlp[] = {{"hidden_act", check_kind::equals, "\"silu\"", "the MLP is SwiGLU"}};
inline constexpr check swiglu_experts[] = {{"hidden_act", check_kind::equals, "\"silu\"", "the experts are SwiGLU"}};
/// Families that store their own lm_head and no attention biases.
inline constexpr check untied_unbiased[] = {
    {"tie_word_embeddings", check_kind::equals, "false", "the family stores its own lm_head"},
    {"attention_bias", check_kind::equals, "false", "attention biases are not in the family"},
};
/// Qwen's MoE families: every layer's MLP is the routed MoE.
inline constexpr check every_layer_moe[] = {
    {"decoder_sparse_step", check_kind::equals, "1", "every layer's MLP must be the routed MoE"},
    {"mlp_only_layers", check_kind::equals, "[]", "dense MLP layers are not in the family"},
};
/// Qwen's MoE keys that no tensor reads when every layer is MoE.
inline constexpr ignored qwen_moe_keys[] = {
    {"intermediate_size", "the dense MLP width, unused when every layer is MoE (decoder_sparse_step 1)"},
    {"norm_topk_prob", "router arithmetic, no tensor"},
};
/// Multi-head latent attention's KV-head count: MLA caches one latent row per token.
inline constexpr ignored mla_kv_heads[] = {
    {"num_key_value_heads", "MLA caches one latent row per token, not per KV head"},
};
/// DeepSeek's training parallelism (its expert grouping, n_group / topk_group, is read:
/// deepseek_moe).
inline constexpr ignored deepseek_grouping[] = {
    {"ep_size", "a training parallelism setting"},
};
/// DeepSeek-V2 / V3's auxiliary-loss keys.
inline constexpr ignored deepseek_aux_loss[] = {
    {"aux_loss_alpha", "training only"},
    {"seq_aux", "training only"},
};
/// DeepSeek's router keys: they scale and normalise the routing weights (arithmetic on scores
/// the gate computes), so no tensor depends on them.
inline constexpr ignored router_scaling[] = {
    {"scoring_func", "router arithmetic, no tensor"},
    {"norm_topk_prob", "router arithmetic, no tensor"},
    {"routed_scaling_factor", "router arithmetic, no tensor"},
};
/// dense_gqa members only OLMo 2 (qk_norm_whole) and Qwen3-VL (vision_params) set.
inline constexpr binding dense_defaults[] = {
    {"qk_norm_whole", {}, source::fixed, 0, "q_norm / k_norm, where present, are per head"},
    {"vision_params", {}, source::fixed, 0, "a text-only model"},
};
/// gqa_moe members only Qwen2-MoE (q/k/v biases, gated shared expert) and Qwen3-VL-MoE set.
inline constexpr binding moe_defaults[] = {
    {"attn_bias", {}, source::fixed, 0, "no q / k / v biases"},
    {"shared_inter", {}, source::fixed, 0, "no shared expert"},
    {"shared_gate", {}, source::fixed, 0, "no shared expert"},
    {"vision_params", {}, source::fixed, 0, "a text-only model"},
};
/// gqa_moe members only ERNIE 4.5 MoE sets: every layer's MLP is the routed MoE, with no
/// expert-wide shared experts.
inline constexpr binding every_layer_routed[] = {
    {"first_dense", {}, source::fixed, 0, "every layer's MLP is the routed MoE"},
    {"inter", {}, source::fixed, 0, "no dense MLP layer"},
    {"shared_experts", {}, source::fixed, 0, "no expert-wide shared experts"},
};
/// gqa_moe members only PhiMoE sets: RMSNorms, no o_proj or lm_head bias.
inline constexpr binding rms_norms_no_o_bias[] = {
    {"layer_norm", {}, source::fixed, 0, "the norms are RMSNorms"},
    {"o_bias", {}, source::fixed, 0, "o_proj has no bias"},
    {"lm_head_bias", {}, source::fixed, 0, "lm_head has no bias"},
};
inline constexpr ignored qwen_window_keys[] = {
    {"max_window_layers", "only read when use_sliding_window is true"},
    {"use_sliding_window", "the gate of sliding_window"},
};
}  // namespace shared

}  // namespace headroom::models::config_keys
