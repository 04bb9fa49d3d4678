// SPDX-License-Identifier: MIT
// headroom: the Qwen3.5 hybrid family `qwen3_5` (Qwen3_5ForConditionalGeneration, dense:
// Qwen3.5-27B, Qwen3.8-27B): the Qwen3 hybrid stack of qwen3_next.hpp with split Gated
// DeltaNet input projections (transformers' modeling_qwen3_5.py: in_proj_qkv [2*key_dim +
// value_dim, hidden] and in_proj_z [value_dim, hidden] apart, in_proj_b / in_proj_a
// [lin_v_heads, hidden] apart: two checkpoint tensors per projection, each with its own scales
// when quantized) and a dense SwiGLU MLP of width `inter` in every layer and in the MTP layer.
#pragma once

#include <headroom/circuit.hpp>
#include <headroom/models/qwen3_next.hpp>

namespace headroom::models::family {

constexpr void qwen3_5(circuit& c, const qwen3_hybrid_dims& d) { detail::qwen3_hybrid(c, d, gdn_in_proj::split); }
constexpr circuit qwen3_5(const qwen3_hybrid_dims& d) { return circuit_of(qwen3_5, d); }

}  // namespace headroom::models::family
