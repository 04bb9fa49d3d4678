// SPDX-License-Identifier: MIT
// headroom: the config.json key tables of the other mla_moe model_types: DeepSeek-V2 / V2-Lite /
// V2.5 (`deepseek_v2`), DeepSeek-V3.2 (`deepseek_v32`) and GLM-5 (`glm_moe_dsa`), beside
// DeepSeek-V3's in config_keys_hybrid.hpp (config_key_types.hpp says how a table reads).
#pragma once

#include <headroom/models/config_keys/types.hpp>
#include <headroom/models/config_keys/hybrid.hpp>

namespace headroom::models::config_keys::dsk {

// ---- deepseek_v2 ----------------------------------------------------------------------------
// https://huggingface.co/deepseek-ai/DeepSeek-V2-Lite/blob/main/config.json (q_lora_rank null,
// topk_method greedy), DeepSeek-V2 / V2.5 (q_lora_rank 1536, group_limited_greedy).
inline constexpr binding deepseek_v2_q[] = {
    {"q_lora", "q_lora_rank", source::optional, 0, "null: the query is one q_proj (DeepSeek-V2-Lite)"},
};
inline constexpr binding deepseek_v2_router[] = {
    // vLLM deepseek_v2.py (DeepseekV2MoE): `if config.topk_method == "noaux_tc": self.gate.
    // e_score_correction_bias = nn.Parameter(torch.empty(config.n_routed_experts))`.
    {"noaux_tc", "topk_method", source::is_text, 0,
     "absent: DeepseekV2Config's greedy routing, no e_score_correction_bias", {}, "noaux_tc"},
};
inline constexpr auto deepseek_v2_own =
    join(deepseek_v2_q, shared::mla_latent, shared::deepseek_moe, deepseek_v2_router);
inline constexpr auto deepseek_v2 =
    join(shared::widths, deepseek_v2_own, mla::no_indexer, mla::mtp_copies, mla::text_only);
inline constexpr auto deepseek_v2_ignored =
    join(shared::mla_kv_heads, shared::deepseek_aux_loss, shared::deepseek_grouping, shared::router_scaling);

// ---- deepseek_v32 ---------------------------------------------------------------------------
// https://huggingface.co/deepseek-ai/DeepSeek-V3.2-Exp/blob/main/config.json: DeepSeek-V3.1's
// keys and the lightning indexer's three.
inline constexpr binding indexer[] = {
    {"index_heads", "index_n_heads"},
    {"index_head_dim", "index_head_dim"},
    {"index_topk", "index_topk"},
};
/// DeepSeek-V3.2 runs the indexer on every layer (its config names no sharing schedule).
inline constexpr binding indexer_every_layer[] = {
    {"index_share_freq", {}, source::fixed, 1, "every DeepSeek-V3.2 layer runs its own indexer"},
    {"index_share_offset", {}, source::fixed, 0, "every DeepSeek-V3.2 layer runs its own indexer"},
};
inline constexpr auto deepseek_v32 = join(shared::widths, mla::deepseek_v3_own, indexer, indexer_every_layer, mla::text_only);

// ---- glm_moe_dsa ----------------------------------------------------------------------------
// GLM-5 (https://huggingface.co/zai-org/GLM-5/blob/main/config.json): DeepSeek-V3.2's layer
// (vLLM: GlmMoeDsaForCausalLM subclasses DeepseekV2ForCausalLM with the V3.2 indexer).
// GLM-5's keys are DeepSeek-V2's (topk_method noaux_tc in its releases) and the indexer's.
// GLM-5.2 adds IndexShare: transformers' GlmMoeDsaConfig (configuration_glm_moe_dsa.py at
// 008e574391258935f3ecc3035c882e73bbcac419) derives `indexer_types` from index_topk_freq
// (default 1: every layer "full") and index_skip_topk_offset (default 2) when the list is
// absent; the list the config carries is held against the layers the family built.
inline constexpr binding indexer_share[] = {
    {"index_share_freq", "index_topk_freq", source::optional, 1, "GlmMoeDsaConfig's default: every layer runs its own indexer"},
    {"index_share_offset", "index_skip_topk_offset", source::optional, 2, "GlmMoeDsaConfig's default"},
};
/// GLM-5's MTP layer (model.layers.78) stores no embed_tokens or shared_head.head: the draft reads
/// the main model's. vllm-ascend's GLM-5 guide (docs/source/tutorials/models/GLM5.md @011f97fc)
/// copies model.embed_tokens and lm_head into model.layers.78 before serving MTP from the BF16
/// weights; vllm-project/vllm#34385 shares lm_head with shared_head.head because GLM-5-FP8's
/// checkpoint omits it; GLM-5-FP8's modules_to_not_convert names every other BF16 module of
/// layer 78 (eh_proj, enorm, hnorm, shared_head.norm) but not these.
inline constexpr binding glm_mtp_reads_main[] = {
    {"mtp_own_embed_and_head", {}, source::fixed, 0,
     "GLM-5's MTP layer stores no embed_tokens or shared_head.head: it reads the main model's"},
};
inline constexpr auto glm_moe_dsa =
    join(shared::widths, deepseek_v2_own, indexer, indexer_share, glm_mtp_reads_main, mla::text_only);
inline constexpr check glm_moe_dsa_own_checks[] = {
    {"moe_layer_freq", check_kind::equals, "1", "every layer after first_k_dense_replace must be MoE"},
    {"mlp_layer_types", check_kind::dense_then_sparse, {}, "the mla_moe family's layers are dense, then MoE"},
    {"indexer_types", check_kind::indexer_schedule, {},
     "\"full\" where max(layer - index_skip_topk_offset + 1, 0) % index_topk_freq == 0, else \"shared\""},
    // GlmMoeDsaConfig: `layer_types` defaults to "deepseek_sparse_attention" on every layer (the
    // cache-class dispatch); `num_experts` is re-routed to n_routed_experts (backward compatibility).
    {"layer_types", check_kind::every_entry, "\"deepseek_sparse_attention\"", "every glm_moe_dsa layer is DSA"},
    {"num_experts", check_kind::equals_key, "n_routed_experts", "GlmMoeDsaConfig reads num_experts as n_routed_experts"},
    {"mlp_bias", check_kind::equals, "false", "MLP biases are not in the mla_moe family"},
    {"index_topk_pattern", check_kind::equals, "null",
     "the importer reads the schedule from indexer_types, index_topk_freq and index_skip_topk_offset"},
};
inline constexpr auto glm_moe_dsa_checks = join(glm_moe_dsa_own_checks, shared::swiglu_mlp, shared::untied_unbiased);
inline constexpr ignored glm_moe_dsa_own_ignored[] = {
    {"head_dim", "the rotary width transformers' attention interface reads; the tensors follow qk_*_head_dim"},
    {"qk_head_dim", "the sum qk_nope_head_dim + qk_rope_head_dim, read from the two"},
    {"rope_interleave", "rotary arithmetic, no tensor"},
    {"indexer_rope_interleave", "rotary arithmetic, no tensor"},
    {"index_share_for_mtp_iteration", "an MTP draft step reuses the indexer's selection: arithmetic, no tensor"},
    // vLLM deepseek_v2.py's _get_moe_router_dtype: float32 router logits for glm_moe_dsa; GateLinear
    // keeps the gate weight in the model dtype (vllm-project/vllm#47410, #55378).
    {"moe_router_dtype", "the precision of the router's logits: arithmetic, the gate weight keeps the model dtype"},
};
inline constexpr auto glm_moe_dsa_ignored =
    join(shared::mla_kv_heads, glm_moe_dsa_own_ignored, shared::deepseek_grouping, shared::router_scaling);

}  // namespace headroom::models::config_keys::dsk
