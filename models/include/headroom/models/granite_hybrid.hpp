// SPDX-License-Identifier: MIT
// headroom: the Granite 4.0 hybrid family (model_type granitemoehybrid: Granite-4.0-H-Small,
// -Tiny, -1B, -350M): `layer_types` gives each layer one mixer -- `M` Mamba2, `*` attention (GQA,
// no biases, RoPE only under position_embedding_type "rope") -- and every layer then the same
// MLP: a routed MoE of SwiGLU experts beside one ungated shared SwiGLU MLP, or, with no experts
// (num_local_experts 0, the dense H-1B / H-350M), the shared MLP alone.
//
// Stored tensors (transformers models/granitemoehybrid/modeling_granitemoehybrid.py):
// model.embed_tokens [vocab, hidden]; per layer input_layernorm [hidden] and its mixer: mamba
// (in_proj [2 d_inner + 2 n_groups ssm_state + heads, hidden], conv1d [conv_dim, 1, kernel] and
// its bias, dt_bias, A_log, D [heads], norm [d_inner], out_proj [hidden, d_inner]: the tensors
// of blocks/mamba2.hpp) or self_attn (q, k, v, o_proj); post_attention_layernorm [hidden];
// block_sparse_moe.router.layer [experts, hidden], input_linear [experts, 2 moe_inter, hidden],
// output_linear [experts, hidden, moe_inter] when experts > 0; shared_mlp.input_linear
// [2 shared_inter, hidden], output_linear [hidden, shared_inter]; model.norm [hidden]; lm_head
// unless tied. States (vLLM granitemoehybrid.py, get_mamba_state_shape_from_config:
// MambaStateShapeCalculator.mamba2_state_shape, as Nemotron-H's): h [heads, head_dim,
// ssm_state] and the conv window [conv_dim, kernel - 1] per Mamba layer; K and V per attention
// layer.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/circuit.hpp>
#include <headroom/error.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mamba2.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/blocks/stack.hpp>

namespace headroom::models::family {

struct granite_hybrid_dims {
  std::uint64_t hidden = 0;
  std::uint64_t vocab = 0;
  std::string_view pattern;  ///< layer_types, one character per layer: M mamba, * attention
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;  ///< hidden_size / num_attention_heads
  bool rope = false;           ///< position_embedding_type "rope"
  std::uint64_t mamba_heads = 0;     ///< mamba_n_heads
  std::uint64_t mamba_head_dim = 0;  ///< mamba_d_head
  std::uint64_t ssm_state = 0;       ///< mamba_d_state
  std::uint64_t n_groups = 0;        ///< mamba_n_groups
  std::uint64_t conv_kernel = 0;     ///< mamba_d_conv
  std::uint64_t experts = 0;       ///< num_local_experts, 0: the shared MLP alone
  std::uint64_t top_k = 0;         ///< num_experts_per_tok
  std::uint64_t moe_inter = 0;     ///< intermediate_size (the experts' width)
  std::uint64_t shared_inter = 0;  ///< shared_intermediate_size
  bool tie = false;                ///< tie_word_embeddings
};

constexpr void granite_hybrid(circuit& c, const granite_hybrid_dims& d) {
  require_empty(c);
  const std::uint64_t h = d.hidden;
  const auto uses = [&](char ch) { return d.pattern.find(ch) != std::string_view::npos; };
  const auto embed = blocks::embed(c, "embed", d.vocab, h);
  // A block only for a mixer the pattern uses (an unused one would have zero-width edges).
  const auto mamba = uses('M') ? blocks::mamba2(c, "mamba", {.hidden = h,
                                                             .heads = d.mamba_heads,
                                                             .head_dim = d.mamba_head_dim,
                                                             .ssm_state = d.ssm_state,
                                                             .n_groups = d.n_groups,
                                                             .conv_kernel = d.conv_kernel})
                               : std::uint8_t{0};
  const auto attn = uses('*') ? blocks::gqa_attention(
                                    c, "attn",
                                    {.hidden = h, .q_heads = d.q_heads, .kv_heads = d.kv_heads, .head_dim = d.head_dim, .rope = d.rope})
                              : std::uint8_t{0};
  const auto mlp = d.experts != 0
                       ? blocks::routed_moe(c, "moe", {.hidden = h, .experts = d.experts, .top_k = d.top_k,
                                                       .moe_inter = d.moe_inter, .shared_inter = d.shared_inter})
                       : blocks::swiglu_mlp(c, "shared_mlp", h, d.shared_inter);
  const auto head = blocks::head(c, "head", d.vocab, h, !d.tie);
  const auto mamba_layer = blocks::layer(layer_kind::mamba, {mamba, mlp});
  const auto attn_layer = blocks::layer(layer_kind::full_attention, {attn, mlp});
  const auto layer_of = [&](char x) -> const blocks::layer_spec& {
    ::headroom::detail::require_table(x == 'M' || x == '*', "layer_types has a layer other than mamba or attention");
    return x == 'M' ? mamba_layer : attn_layer;
  };
  blocks::decoder(c, embed, d.pattern.size(), [&](std::uint64_t l) -> const auto& { return layer_of(d.pattern[l]); }, head);
  c.config.put({{"hidden_size", h}, {"vocab_size", d.vocab}, {"num_hidden_layers", d.pattern.size()},
                {"num_attention_heads", d.q_heads}, {"num_key_value_heads", d.kv_heads}, {"mamba_n_heads", d.mamba_heads},
                {"mamba_d_head", d.mamba_head_dim}, {"mamba_d_state", d.ssm_state}, {"mamba_n_groups", d.n_groups},
                {"mamba_d_conv", d.conv_kernel}, {"num_local_experts", d.experts}, {"num_experts_per_tok", d.top_k},
                {"intermediate_size", d.moe_inter}, {"shared_intermediate_size", d.shared_inter}});
  c.config.put_flag("tie_word_embeddings", d.tie);
}

constexpr circuit granite_hybrid(const granite_hybrid_dims& d) { return circuit_of(granite_hybrid, d); }

}  // namespace headroom::models::family
