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
inline constexpr auto deepseek_v2 = join(shared::widths, deepseek_v2_own, mla::no_indexer, mla::text_only);
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
inline constexpr auto deepseek_v32 = join(shared::widths, mla::deepseek_v3_own, indexer, mla::text_only);

// ---- glm_moe_dsa ----------------------------------------------------------------------------
// GLM-5 (https://huggingface.co/zai-org/GLM-5/blob/main/config.json): DeepSeek-V3.2's layer
// (vLLM: GlmMoeDsaForCausalLM subclasses DeepseekV2ForCausalLM with the V3.2 indexer).
// GLM-5's keys are DeepSeek-V2's (topk_method noaux_tc in its releases) and the indexer's.
inline constexpr auto glm_moe_dsa = join(shared::widths, deepseek_v2_own, indexer, mla::text_only);
inline constexpr check glm_moe_dsa_own_checks[] = {
    {"moe_layer_freq", check_kind::equals, "1", "every layer after first_k_dense_replace must be MoE"},
    {"mlp_layer_types", check_kind::dense_then_sparse, {}, "the mla_moe family's layers are dense, then MoE"},
    {"indexer_types", check_kind::every_entry, "\"full\"",
     "every layer runs its own indexer; a \"shared\" layer reusing another's selection is not supported yet"},
    {"index_topk_pattern", check_kind::equals, "null", "every layer runs its own indexer"},
};
inline constexpr auto glm_moe_dsa_checks = join(glm_moe_dsa_own_checks, shared::swiglu_mlp, shared::untied_unbiased);
inline constexpr ignored glm_moe_dsa_own_ignored[] = {
    {"head_dim", "the rotary width transformers' attention interface reads; the tensors follow qk_*_head_dim"},
    {"qk_head_dim", "the sum qk_nope_head_dim + qk_rope_head_dim, read from the two"},
    {"rope_interleave", "rotary arithmetic, no tensor"},
    {"indexer_rope_interleave", "rotary arithmetic, no tensor"},
    {"index_share_for_mtp_iteration", "an MTP draft step reuses the indexer's selection: arithmetic, no tensor"},
};
inline constexpr auto glm_moe_dsa_ignored =
    join(shared::mla_kv_heads, glm_moe_dsa_own_ignored, shared::deepseek_grouping, shared::router_scaling);

}  // namespace headroom::models::config_keys::dsk
