// SPDX-License-Identifier: MIT
// headroom: the Qwen3.5 hybrid family with a routed MoE per layer, `qwen3_6_moe`
// (Qwen3_5MoeForConditionalGeneration: Qwen3.6-35B-A3B; model_type qwen3_5_moe): the Qwen3
// hybrid stack of qwen3_next.hpp with Qwen3.5's split Gated DeltaNet input projections
// (qwen3_5.hpp) and the routed MoE with a sigmoid-gated shared expert in every layer and in the
// MTP layer, stored per expert in the quantized releases.
// (Qwen3.5-35B-A3B, registered before this family, keeps the qwen3_next circuit: its one
// difference is the split in_proj tensors, which change no BF16 byte.)
#pragma once

#include <headroom/circuit.hpp>
#include <headroom/models/qwen3_next.hpp>

namespace headroom::models::family {

constexpr void qwen3_6_moe(circuit& c, const qwen3_hybrid_dims& d) { detail::qwen3_hybrid(c, d, gdn_in_proj::split); }
constexpr circuit qwen3_6_moe(const qwen3_hybrid_dims& d) { return circuit_of(qwen3_6_moe, d); }

/// Qwen/Qwen3.6-35B-A3B's decoder, as its config.json's text_config gives it (verbatim in
/// tests/data/configs/qwen3_6_35b_a3b), with the stored vision tower of its vision_config; every
/// quantized release of that base model starts from these dims.
inline constexpr qwen3_hybrid_dims qwen3_6_35b_a3b_dims = with_vision_tower(
    {.gqa = {.hidden = 2048, .vocab = 248320, .layers = 40, .q_heads = 16, .kv_heads = 2, .head_dim = 256},
     .full_attention_interval = 4, .lin_k_heads = 16, .lin_v_heads = 32, .lin_k_dim = 128, .lin_v_dim = 128,
     .conv_kernel = 4, .experts = 256, .top_k = 8, .moe_inter = 512, .shared_inter = 512, .mtp_layers = 1},
    qwen3_5_vision_tower);

}  // namespace headroom::models::family
