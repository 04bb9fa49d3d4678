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

constexpr circuit qwen3_6_moe(const qwen3_hybrid_dims& d) { return detail::qwen3_hybrid(d, gdn_in_proj::split); }

}  // namespace headroom::models::family
