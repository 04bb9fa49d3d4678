// SPDX-License-Identifier: MIT
// headroom: the Nemotron-H family: `hybrid_override_pattern` gives each layer one mixer --
// `M` Mamba2, `*` attention (GQA, no RoPE, no biases), `-` MLP (ungated up, relu2, down), `E`
// MoE (Nemotron-3: blocks/moe_relu2.hpp, with Super's latent projection when moe_latent_size
// is set) -- each behind the layer's own RMSNorm. Nemotron-3 Super / 3.5 Lightning also ship
// an MTP draft (`mtp_hybrid_override_pattern`, e.g. "*E": mtp.layers.0 attention, .1 MoE).
//
// Stored tensors (HF modeling_nemotron_h.py): backbone.embeddings [vocab, hidden];
// backbone.layers.i.norm [hidden] and the layer's mixer: Mamba2 (blocks/mamba2.hpp), attention
// (q_proj, k_proj, v_proj, o_proj), MLP (up_proj [inter, hidden], down_proj [hidden, inter]) or
// MoE (blocks/moe_relu2.hpp); backbone.norm_f [hidden]; lm_head [vocab, hidden]. MTP (vLLM
// nemotron_h_mtp.py; the checkpoints' mtp.* tensors): mtp.layers.0.{enorm, hnorm} [hidden],
// eh_proj [hidden, 2 * hidden], then one block per mtp pattern character (norm + mixer), the
// last with final_layernorm [hidden]; it reads the main embedding and lm_head.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/circuit.hpp>
#include <headroom/error.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mamba2.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/moe_relu2.hpp>
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
  // Nemotron-3 MoE layers (`E`) and MTP draft; zero / empty when the checkpoint has none.
  std::uint64_t experts = 0;       ///< n_routed_experts
  std::uint64_t top_k = 0;         ///< num_experts_per_tok
  std::uint64_t moe_inter = 0;     ///< moe_intermediate_size
  std::uint64_t shared_inter = 0;  ///< moe_shared_expert_intermediate_size (n_shared_experts 1)
  std::uint64_t moe_latent = 0;    ///< moe_latent_size (Super); 0: experts read the hidden row
  std::string_view mtp_pattern = {};  ///< mtp_hybrid_override_pattern; empty: no MTP draft
};

constexpr void nemotron_h(circuit& c, const nemotron_h_dims& d) {
  require_empty(c);
  const std::uint64_t h = d.hidden;
  const auto uses = [&](char ch) {
    return d.pattern.find(ch) != std::string_view::npos || d.mtp_pattern.find(ch) != std::string_view::npos;
  };
  const auto embed = blocks::embed(c, "embed", d.vocab, h);
  const auto mamba = blocks::mamba2(c, "mamba", {.hidden = h,
                                                 .heads = d.mamba_heads,
                                                 .head_dim = d.mamba_head_dim,
                                                 .ssm_state = d.ssm_state,
                                                 .n_groups = d.n_groups,
                                                 .conv_kernel = d.conv_kernel});
  const auto attn = blocks::gqa_attention(
      c, "attn", {.hidden = h, .q_heads = d.q_heads, .kv_heads = d.kv_heads, .head_dim = d.head_dim, .rope = false});
  // A block only for a mixer the patterns use (an unused one would have zero-width edges).
  const auto mlp = uses('-') ? blocks::relu2_mlp(c, "mlp", h, d.inter) : std::uint8_t{0};
  const auto head = blocks::head(c, "head", d.vocab, h);
  const auto moe = uses('E') ? blocks::relu2_moe(c, "moe",
                                                 {.hidden = h, .experts = d.experts, .top_k = d.top_k,
                                                  .moe_inter = d.moe_inter, .shared_inter = d.shared_inter},
                                                 d.moe_latent)
                             : std::uint8_t{0};
  // One spec per kind of layer, built once; each pattern character names one.
  const auto mamba_layer = blocks::layer(layer_kind::mamba, {mamba});
  const auto attn_layer = blocks::layer(layer_kind::full_attention, {attn});
  const auto mlp_layer = blocks::layer(layer_kind::mlp, {mlp});
  const auto moe_layer = blocks::layer(layer_kind::mlp, {moe});
  const auto layer_of = [&](char x) -> const blocks::layer_spec& {
    ::headroom::detail::require_table(x == 'M' || x == '*' || x == '-' || x == 'E',
                                      "hybrid_override_pattern has a character other than M, *, - or E");
    return x == 'M' ? mamba_layer : x == '*' ? attn_layer : x == '-' ? mlp_layer : moe_layer;
  };
  blocks::decoder(c, embed, d.pattern.size(), [&](std::uint64_t l) -> const auto& { return layer_of(d.pattern[l]); }, head);

  if (!d.mtp_pattern.empty()) {
    // The draft reads backbone.embeddings and the main lm_head; its blocks are numbered from 0,
    // its output block with the last (whose final_layernorm it holds).
    const auto mtp_in = blocks::mtp_in(
        c, "mtp_in", {.hidden = h, .vocab = d.vocab, .embed_norm = "enorm", .hidden_norm = "hnorm", .fc = "eh_proj"});
    const auto mtp_out = blocks::mtp_out(c, "mtp_out", d.vocab, h, false);
    c.add(mtp_in, 0, section::draft, layer_kind::none);
    blocks::stack(c, d.mtp_pattern.size(), [&](std::uint64_t l) -> const auto& { return layer_of(d.mtp_pattern[l]); },
                  section::draft);
    c.add(mtp_out, static_cast<std::uint16_t>(d.mtp_pattern.size() - 1), section::draft, layer_kind::none);
  }
  c.config.put({{"hidden_size", h}, {"vocab_size", d.vocab}, {"num_hidden_layers", d.pattern.size()},
                {"num_attention_heads", d.q_heads}, {"num_key_value_heads", d.kv_heads}, {"head_dim", d.head_dim},
                {"mamba_num_heads", d.mamba_heads}, {"mamba_head_dim", d.mamba_head_dim}, {"ssm_state_size", d.ssm_state},
                {"n_groups", d.n_groups}, {"conv_kernel", d.conv_kernel}, {"tie_word_embeddings", 0, true}});
  if (d.inter > 0) c.config.put("intermediate_size", d.inter);
  if (d.experts > 0) {
    c.config.put({{"n_routed_experts", d.experts}, {"num_experts_per_tok", d.top_k},
                  {"moe_intermediate_size", d.moe_inter}, {"moe_shared_expert_intermediate_size", d.shared_inter}});
  }
  if (d.moe_latent > 0) c.config.put("moe_latent_size", d.moe_latent);
}

constexpr circuit nemotron_h(const nemotron_h_dims& d) { return circuit_of(nemotron_h, d); }

}  // namespace headroom::models::family
