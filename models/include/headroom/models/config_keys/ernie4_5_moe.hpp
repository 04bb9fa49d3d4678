// SPDX-License-Identifier: MIT
// headroom: the config.json key table of ERNIE 4.5 MoE (model_type ernie4_5_moe:
// baidu/ERNIE-4.5-21B-A3B-PT, ERNIE-4.5-300B-A47B-PT), read as the gqa_moe family: the dense
// `ernie4_5` decoder's attention (Llama's tensors, `use_bias` false) and, from
// moe_layer_start_index on, a routed MoE with moe_num_shared_experts shared experts of
// moe_intermediate_size each and the router's F32 e_score_correction_bias
// (transformers models/ernie4_5_moe/modular_ernie4_5_moe.py: Ernie4_5_MoeDecoderLayer picks the
// MoE when (layer + 1) % moe_layer_interval == 0 and start <= layer <= end; Ernie4_5_MoeConfig
// turns an end of -1 into num_hidden_layers - 1). config_key_types.hpp says how a table reads;
// config_keys.hpp lists the profiles.
#pragma once

#include <headroom/models/config_keys/types.hpp>
#include <headroom/models/config_keys/llama_like.hpp>

namespace headroom::models::config_keys::ernie4_5_moe {

inline constexpr binding own[] = {
    {"experts", "moe_num_experts", source::optional, 64, "Ernie4_5_MoeConfig's default"},
    {"top_k", "moe_k", source::optional, 6, "Ernie4_5_MoeConfig's default"},
    {"moe_inter", "moe_intermediate_size", source::optional, 1536, "Ernie4_5_MoeConfig's default"},
    {"qk_norm", {}, source::fixed, 0, "ERNIE 4.5 has no q_norm / k_norm"},
    {"window", {}, source::fixed, 0, "every layer attends over the whole context"},
    {"qk_norm_whole", {}, source::fixed, 0, "ERNIE 4.5 has no q_norm / k_norm"},
    {"routing_bias", "moe_use_aux_free", source::optional, 1,
     "transformers' Ernie4_5_MoeSparseMoeBlock stores moe_statics.e_score_correction_bias [1, experts] (F32) on every MoE layer"},
    {"attn_bias", {}, source::fixed, 0, "use_bias is checked false below"},
    {"shared_inter", {}, source::fixed, 0, "the shared experts' width is moe_num_shared_experts x moe_intermediate_size"},
    {"shared_gate", {}, source::fixed, 0, "ERNIE 4.5's shared experts are added ungated"},
    {"vision_params", {}, source::fixed, 0, "a text-only model"},
    {"first_dense", "moe_layer_start_index", source::optional, 1, "Ernie4_5_MoeConfig's default"},
    {"inter", "intermediate_size", source::optional, 12288, "Ernie4_5_MoeConfig's default"},
    {"shared_experts", "moe_num_shared_experts", source::optional, 2, "Ernie4_5_MoeConfig's default"},
};
inline constexpr auto ernie4_5_moe = join(shared::gqa, llama_like::head_dim_quotient, own, llama_like::tied, shared::rms_norms_no_o_bias);
inline constexpr check own_checks[] = {
    {"moe_layer_interval", check_kind::equals, "1", "every layer from moe_layer_start_index on must be the routed MoE"},
    {"moe_layer_end_index", check_kind::last_layer_index, {}, "the MoE layers must run to the last layer"},
    {"use_rmsnorm", check_kind::equals, "true", "the norms are RMSNorm"},
};
inline constexpr auto ernie4_5_moe_checks = join(own_checks, llama_like::ernie4_5_checks);
inline constexpr ignored ernie4_5_moe_ignored[] = {
    {"moe_gate", "the router's kind (top-k): router arithmetic, no tensor"},
    {"moe_capacity", "training only (the experts' token capacity)"},
    {"moe_norm_min", "router arithmetic, no tensor"},
    {"num_nextn_predict_layers",
     "the MTP layers are a separate draft model (vLLM's ernie_mtp.py); Ernie4_5_MoeForCausalLM does not load mtp.* "
     "(transformers' _keys_to_ignore_on_load_unexpected)"},
};

}  // namespace headroom::models::config_keys::ernie4_5_moe
