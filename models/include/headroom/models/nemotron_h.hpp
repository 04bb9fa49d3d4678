// SPDX-License-Identifier: MIT
// headroom: the Nemotron-H family: `hybrid_override_pattern` gives each layer one mixer --
// `M` Mamba2, `*` attention (GQA, no RoPE, no biases), `-` MLP (ungated up, relu2, down) --
// each behind the layer's own RMSNorm.
//
// Stored tensors (HF modeling_nemotron_h.py): backbone.embeddings [vocab, hidden];
// backbone.layers.i.norm [hidden] and the layer's mixer: Mamba2 (blocks/mamba2.hpp), attention
// (q_proj, k_proj, v_proj, o_proj) or MLP (up_proj [inter, hidden], down_proj [hidden, inter]);
// backbone.norm_f [hidden]; lm_head [vocab, hidden].
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/circuit.hpp>
#include <headroom/error.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mamba2.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/stack.hpp>

namespace headroom::models::family {

struct nemotron_h_dims {
  std::uint64_t hidden = 0;
  std::uint64_t vocab = 0;
  std::string_view pattern;  ///< hybrid_override_pattern, one character per layer
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;
  std::uint64_t inter = 0;   ///< MLP intermediate_size
  std::uint64_t mamba_heads = 0;
  std::uint64_t mamba_head_dim = 0;
  std::uint64_t ssm_state = 0;
  std::uint64_t n_groups = 0;
  std::uint64_t conv_kernel = 0;
};

constexpr circuit nemotron_h(const nemotron_h_dims& d) {
  circuit c{};
  const std::uint64_t h = d.hidden;
  const auto embed = blocks::embed(c, "embed", d.vocab, h);
  const auto mamba = blocks::mamba2(c, "mamba", {.hidden = h,
                                                 .heads = d.mamba_heads,
                                                 .head_dim = d.mamba_head_dim,
                                                 .ssm_state = d.ssm_state,
                                                 .n_groups = d.n_groups,
                                                 .conv_kernel = d.conv_kernel});
  const auto attn = blocks::gqa_attention(
      c, "attn", {.hidden = h, .q_heads = d.q_heads, .kv_heads = d.kv_heads, .head_dim = d.head_dim, .rope = false});
  const auto mlp = blocks::relu2_mlp(c, "mlp", h, d.inter);
  const auto head = blocks::head(c, "head", d.vocab, h);
  const auto mamba_layer = blocks::layer(layer_kind::mamba, {mamba});
  const auto attn_layer = blocks::layer(layer_kind::full_attention, {attn});
  const auto mlp_layer = blocks::layer(layer_kind::mlp, {mlp});
  blocks::decoder(c, embed, d.pattern.size(), [&](std::uint64_t l) -> const auto& {
    const char x = d.pattern[l];
    ::headroom::detail::require_table(x == 'M' || x == '*' || x == '-', "hybrid_override_pattern has a character other than M, * or -");
    return x == 'M' ? mamba_layer : x == '*' ? attn_layer : mlp_layer;
  }, head);
  return c;
}

}  // namespace headroom::models::family
