// SPDX-License-Identifier: MIT
// headroom: the config.json key table of MiniMax-M2 (model_type minimax_m2: MiniMax-M2, M2.5,
// M2.7), read as the gqa_moe family (config_key_types.hpp says how a table reads;
// config_keys.hpp lists the profiles). The keys are those of the remote-code
// configuration_minimax_m2.py the checkpoints ship (auto_map); the layers are those of its
// modeling_minimax_m2.py: q_norm / k_norm over the whole q / k projection (qk_norm_type
// per_layer), block_sparse_moe.gate with its F32 e_score_correction_bias (use_routing_bias),
// experts w1 / w3 / w2 of intermediate_size, no shared expert.
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::minimax {

inline constexpr binding minimax_m2_own[] = {
    {"head_dim", "head_dim"},
    {"moe_inter", "intermediate_size"},
    {"qk_norm", "use_qk_norm"},
    {"tie", "tie_word_embeddings"},
    {"window", {}, source::fixed, 0, "attn_type_list is checked: every layer attends over the whole context"},
    {"qk_norm_whole", {}, source::fixed, 1, "qk_norm_type is checked per_layer: one RMSNorm over all heads of q, one of k"},
    {"routing_bias", "use_routing_bias"},
};
inline constexpr auto minimax_m2 = join(shared::gqa, shared::local_experts, minimax_m2_own, shared::moe_defaults,
                                       shared::every_layer_routed, shared::rms_norms_no_o_bias);

inline constexpr ignored minimax_m2_ignored[] = {
    {"mlp_intermediate_size", "a dense MLP width: every layer's MLP is the routed MoE of intermediate_size experts"},
    {"rotary_dim", "partial RoPE: rotary frequencies are computed, not stored"},
    {"partial_rotary_factor", "partial RoPE: rotary frequencies are computed, not stored"},
    {"scoring_func", "router arithmetic (sigmoid), no tensor"},
    {"routed_scaling_factor", "router arithmetic, no tensor"},
    {"router_jitter_noise", "training only"},
    // MiniMax-M2's config.json (not M2.5's or M2.7's) still carries MiniMax-Text-01's residual
    // weights and shared-expert gate mode: arithmetic of the forward pass, no tensor.
    {"layernorm_full_attention_beta", "a residual branch's weight (1.0), arithmetic of the forward pass, no tensor"},
    {"layernorm_linear_attention_beta", "a residual branch's weight for lightning-attention layers, which attn_type_list checks absent"},
    {"layernorm_mlp_beta", "a residual branch's weight (1.0), arithmetic of the forward pass, no tensor"},
    {"shared_moe_mode", "how a shared expert's output is gated; shared_intermediate_size is checked 0: there is none"},
    {"sliding_window", "attn_type_list decides each layer's attention (checked full)"},
    {"use_mtp", "the MTP modules are not in the gqa_moe family (the shipped MiniMax-M2.7 table does not count them)"},
    {"num_mtp_modules", "the MTP modules are not in the gqa_moe family (the shipped MiniMax-M2.7 table does not count them)"},
    {"mtp_transformer_layers", "the MTP modules are not in the gqa_moe family (the shipped MiniMax-M2.7 table does not count them)"},
};

inline constexpr check minimax_m2_own_checks[] = {
    {"qk_norm_type", check_kind::equals, "\"per_layer\"", "q_norm / k_norm span the whole projection (per_head is not read yet)"},
    {"attn_type_list", check_kind::every_entry, "1", "1 is full softmax attention; 0 (lightning attention) is not in the family"},
    {"shared_intermediate_size", check_kind::equals, "0", "a shared expert is not in the gqa_moe family"},
    {"attention_bias", check_kind::equals, "false", "attention biases are not in the gqa_moe family"},
};
inline constexpr auto minimax_m2_checks = join(minimax_m2_own_checks, shared::swiglu_experts);

}  // namespace headroom::models::config_keys::minimax
