// SPDX-License-Identifier: MIT
// headroom: the config.json key tables of gpt_oss, nemotron_h, qwen3_next and mla_moe
// (config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles).
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys {

// ---- gpt_oss ---------------------------------------------------------------------------------

namespace oss {
inline constexpr binding gpt_oss_own[] = {
    {"head_dim", "head_dim"},
    {"inter", "intermediate_size"},
    {"window", "sliding_window"},
};
inline constexpr auto gpt_oss = join(shared::gqa, shared::local_experts, gpt_oss_own);
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
    // vLLM vllm/model_executor/models/nemotron_h.py @00b08dc, NemotronHAttention: head_dim is
    // config.head_dim where set, else hidden_size // num_attention_heads. The early checkpoints
    // (Nemotron-H-56B-Base-8K) name it attention_head_dim, the key of their remote
    // configuration_nemotron_h.py (vLLM's copy, transformers_utils/configs/nemotron_h.py
    // @a59ddf7), which vLLM's attention never reads; the importer holds it equal (importer.cpp).
    {"head_dim", "head_dim", source::quotient, 0, "vLLM nemotron_h.py's NemotronHAttention when head_dim is absent", {},
     "hidden_size", "num_attention_heads"},
    {"inter", "intermediate_size"},
    {"mamba_heads", "mamba_num_heads"},
    {"mamba_head_dim", "mamba_head_dim"},
    {"ssm_state", "ssm_state_size"},
    {"n_groups", "n_groups"},
    {"conv_kernel", "conv_kernel"},
    // Nemotron-3's MoE (`E`) layers, latent MoE (Super) and MTP draft: absent in the dense releases.
    {"experts", "n_routed_experts", source::optional, 0, "no MoE layer (an E in the pattern is then refused)"},
    {"top_k", "num_experts_per_tok", source::optional, 0, "no MoE layer"},
    {"moe_inter", "moe_intermediate_size", source::optional, 0, "no MoE layer"},
    {"shared_inter", "moe_shared_expert_intermediate_size", source::optional, 0, "no shared expert"},
    {"moe_latent", "moe_latent_size", source::optional, 0, "the experts read the hidden row"},
    {"mtp_pattern", "mtp_hybrid_override_pattern", source::optional, 0, "no MTP draft"},
};
inline constexpr check nemotron_h_own_checks[] = {
    {"num_hidden_layers", check_kind::pattern_length, {}, "one pattern character per layer"},
    {"num_nextn_predict_layers", check_kind::mtp_modules, {}, "the family builds one MTP module of mtp_hybrid_override_pattern"},
    {"n_shared_experts", check_kind::equals, "1", "moe_shared_expert_intermediate_size is one shared expert's width"},
    {"use_conv_bias", check_kind::equals, "true", "the nemotron_h family stores the conv1d bias"},
    {"mlp_bias", check_kind::equals, "false", "MLP biases are not in the nemotron_h family"},
    {"use_bias", check_kind::equals, "false", "Mamba projection biases are not in the nemotron_h family"},
    {"mlp_hidden_act", check_kind::equals, "\"relu2\"", "the MLP is ungated relu2"},
};
inline constexpr auto nemotron_h_checks = join(nemotron_h_own_checks, shared::untied_unbiased);
inline constexpr ignored nemotron_h_ignored[] = {
    {"layer_norm_epsilon", "a constant of the norm, no tensor"},
    {"time_step_rank", "Mamba-1's dt_proj rank, read by no Mamba-2 mixer: dt is mamba_num_heads columns of in_proj (vLLM MambaMixer2)"},
    {"attention_head_dim", "the remote configuration_nemotron_h.py's spelling of head_dim, held equal to it (importer.cpp)"},
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
    {"norm_eps", "a constant of the norm, no tensor"},
    {"partial_rotary_factor", "rotary arithmetic; Nemotron-H's attention has no RoPE"},
    {"n_group", "router arithmetic (group-limited routing), no tensor"},
    {"topk_group", "router arithmetic (group-limited routing), no tensor"},
    {"norm_topk_prob", "router arithmetic, no tensor"},
    {"routed_scaling_factor", "router arithmetic, no tensor"},
    {"moe_shared_expert_overlap", "a scheduling choice (the shared expert overlapped with the routed ones), no tensor"},
};
}  // namespace nemo

// ---- qwen3_next ------------------------------------------------------------------------------

namespace next {
inline constexpr binding qwen3_next_own[] = {
    {"inter", {}, source::fixed, 0, "every layer's MLP is the routed MoE (decoder_sparse_step 1)"},
    {"shared_inter", "shared_expert_intermediate_size"},
    {"mtp_layers", {}, source::fixed, 1,
     "Qwen3-Next checkpoints ship one mtp.* layer though the config has no key for it (vLLM's qwen3_next_mtp.py)"},
    {"mtp_head_copy", {}, source::fixed, 0, "an engine's choice at load, not in the checkpoint"},
    {"vision_params", {}, source::fixed, 0, "Qwen3-Next is text only"},
};
inline constexpr auto qwen3_next = join(shared::gqa, shared::qwen3_hybrid, shared::qwen_experts, qwen3_next_own);
inline constexpr check qwen3_next_own_checks[] = {
    {"layer_types", check_kind::layer_types_interval, {}, "the qwen3_next family places full attention every interval"},
    {"use_sliding_window", check_kind::equals, "false", "the qwen3_next family's attention layers are full"},
};
inline constexpr auto qwen3_next_checks = join(shared::every_layer_moe, qwen3_next_own_checks, shared::untied_unbiased, shared::swiglu_experts);
inline constexpr ignored qwen3_next_own_ignored[] = {
    {"partial_rotary_factor", "rotary arithmetic, no tensor"},
    {"sliding_window", "only read when use_sliding_window is true (checked false)"},
    {"max_window_layers", "only read when use_sliding_window is true (checked false)"},
};
inline constexpr auto qwen3_next_ignored = join(shared::qwen_moe_keys, qwen3_next_own_ignored);
}  // namespace next

// ---- mla_moe ---------------------------------------------------------------------------------

namespace mla {
inline constexpr binding deepseek_v3_q[] = {{"q_lora", "q_lora_rank"}};
inline constexpr binding deepseek_v3_router[] = {
    {"noaux_tc", {}, source::fixed, 1, "DeepseekV3TopkRouter stores e_score_correction_bias [n_routed_experts]"},
};
/// DeepSeek-V3's MTP layer stores embed_tokens and shared_head.head copies of its own
/// (model.layers.61.embed_tokens / shared_head.head in deepseek-ai/DeepSeek-V3's checkpoint).
inline constexpr binding mtp_copies[] = {
    {"mtp_own_embed_and_head", {}, source::fixed, 1,
     "DeepSeek-V3's MTP layer stores its own embed_tokens and shared_head.head (model.layers.61)"},
};
inline constexpr auto deepseek_v3_own =
    join(deepseek_v3_q, shared::mla_latent, shared::deepseek_moe, deepseek_v3_router, mtp_copies);
/// DeepSeek-V2 and V3 have no sparse-attention indexer (DeepSeek-V3.2's index_* keys).
inline constexpr binding no_indexer[] = {
    {"index_heads", {}, source::fixed, 0, "plain MLA: no lightning indexer"},
    {"index_head_dim", {}, source::fixed, 0, "plain MLA: no lightning indexer"},
    {"index_topk", {}, source::fixed, 0, "plain MLA: no lightning indexer"},
    {"index_share_freq", {}, source::fixed, 1, "plain MLA: no lightning indexer"},
    {"index_share_offset", {}, source::fixed, 0, "plain MLA: no lightning indexer"},
};
/// The mla_moe models with no vision tower (all but Kimi-K2.5's wrapper, config_keys/kimi_k25.hpp).
inline constexpr binding text_only[] = {{"vision_params", {}, source::fixed, 0, "a text-only model"}};
/// DeepSeek-V3's text model, read under text_config by Kimi-K2.5.
inline constexpr auto deepseek_v3_text = join(shared::widths, deepseek_v3_own, no_indexer);
inline constexpr auto deepseek_v3 = join(deepseek_v3_text, text_only);
inline constexpr check deepseek_v3_own_checks[] = {
    {"moe_layer_freq", check_kind::equals, "1", "every layer after first_k_dense_replace must be MoE"},
};
inline constexpr auto deepseek_v3_checks = join(deepseek_v3_own_checks, shared::swiglu_mlp, shared::untied_unbiased);
inline constexpr ignored deepseek_v3_own_ignored[] = {
    {"topk_method", "router arithmetic, no tensor"},
};
inline constexpr auto deepseek_v3_ignored = join(shared::mla_kv_heads, shared::deepseek_aux_loss, shared::deepseek_grouping,
                                                 deepseek_v3_own_ignored, shared::router_scaling);
}  // namespace mla

}  // namespace headroom::models::config_keys
