// SPDX-License-Identifier: MIT
// headroom: the glm5_next family (GLM-5.3-Flash): Kimi Delta Attention layers with one DeepSeek
// sparse attention layer in every four (a NoPE latent cache read over the tokens a pooled-key
// indexer selects), the first `first_dense` layers a dense SwiGLU MLP and the rest a routed MoE
// with a shared expert, every sublayer inside `hc` hyper-connection streams, and one MTP layer
// (sparse attention + MoE, no hyper-connections) as the draft section.
//
// Layout and tensors: llama.cpp src/models/glm5-next.cpp @2220411 (load_arch_tensors: hc_*
// tensors only for the main layers; the NextN layer's eh_proj [hidden, 2 * hidden], enorm,
// hnorm, attention, MoE and shared_head) and the checkpoint's config.json (layer_types,
// mlp_layer_types, linear_attn_config).
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks.hpp>
#include <headroom/models/moe_stack_dims.hpp>

namespace headroom::models::family {

struct glm5_next_dims {
  std::uint64_t hidden = 0;
  std::uint64_t vocab = 0;
  std::uint64_t layers = 0;
  std::uint64_t dsa_period = 0;  ///< layer l is sparse attention when l % period == period - 1
  std::uint64_t hc = 0;          ///< hc_mult
  std::uint64_t kda_heads = 0;
  std::uint64_t kda_head_dim = 0;
  std::uint64_t conv_kernel = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t q_lora = 0;
  std::uint64_t kv_lora = 0;
  std::uint64_t qk_head = 0;
  std::uint64_t v_head = 0;
  std::uint64_t index_heads = 0;
  std::uint64_t index_head_dim = 0;
  std::uint64_t index_kpool = 0;
  std::uint64_t index_topk = 0;
  moe_stack_dims moe;
};

constexpr void glm5_next(circuit& c, const glm5_next_dims& d) {
  require_empty(c);
  const std::uint64_t h = d.hidden;
  const moe_stack_dims& s = d.moe;
  const auto embed = blocks::hc_embed(c, "embed", d.vocab, h, d.hc);
  const auto kda = blocks::kimi_delta_attention(
      c, "kda", {.hidden = h, .heads = d.kda_heads, .head_dim = d.kda_head_dim, .conv_kernel = d.conv_kernel, .hc = d.hc});
  blocks::dsa_dims dsa_d{.hidden = h,
                         .q_heads = d.q_heads,
                         .q_lora = d.q_lora,
                         .kv_lora = d.kv_lora,
                         .qk_head = d.qk_head,
                         .v_head = d.v_head,
                         .index_heads = d.index_heads,
                         .index_head_dim = d.index_head_dim,
                         .index_kpool = d.index_kpool,
                         .index_topk = d.index_topk,
                         .hc = d.hc};
  const auto dsa = blocks::sparse_latent_attention(c, "dsa", dsa_d);
  const auto dense = blocks::hc_swiglu_mlp(c, "dense_mlp", h, s.inter, d.hc);
  const blocks::moe_dims moe_d{.hidden = h,
                               .experts = s.experts,
                               .top_k = s.top_k,
                               .moe_inter = s.moe_inter,
                               .shared_inter = s.shared_inter(),
                               .router_aux = s.experts,
                               .router_aux_format = formats::f32,
                               .groups = s.routing_groups(),
                               .top_groups = s.routing_top_groups()};
  const auto moe = blocks::hc_routed_moe(c, "moe", {.moe = moe_d, .hc = d.hc});
  const auto head = blocks::hc_head(c, "head", d.vocab, h, d.hc);
  blocks::decoder(c, embed, d.layers, [&](std::uint64_t l) {
    const bool sparse = l % d.dsa_period == d.dsa_period - 1;
    return blocks::layer(sparse ? layer_kind::full_attention : layer_kind::linear_attention,
                         {sparse ? dsa : kda, l < s.first_dense ? dense : moe});
  }, head);

  if (s.mtp_layers > 0) {
    // The NextN layer reads the main embedding; its shared_head.head is stored (the seed
    // system's fixture counts it, as DeepSeek-V3's checkpoint stores its copy).
    const auto mtp_in = blocks::mtp_in(
        c, "mtp_in", {.hidden = h, .vocab = d.vocab, .stored_embed = false, .embed_norm = "enorm", .hidden_norm = "hnorm", .fc = "eh_proj"});
    dsa_d.hc = 0;
    const auto mtp_dsa = blocks::sparse_latent_attention(c, "mtp_dsa", dsa_d);
    const auto mtp_moe = blocks::routed_moe(c, "mtp_moe", moe_d);
    const auto mtp_out = blocks::mtp_out(c, "mtp_out", d.vocab, h, true);
    blocks::stack(c, s.mtp_layers, [&](std::uint64_t) {
      return blocks::layer_spec{}
          .then(mtp_in, layer_kind::none)
          .then(mtp_dsa, layer_kind::full_attention)
          .then(mtp_moe, layer_kind::full_attention)
          .then(mtp_out, layer_kind::none);
    }, section::draft, d.layers);
  }
  // GLM-5.3-Flash's text_config keys (linear_attn_config is a nested object).
  c.config.put({{"hidden_size", h}, {"vocab_size", d.vocab}, {"num_hidden_layers", d.layers}, {"hc_mult", d.hc},
                {"linear_attn_config.num_heads", d.kda_heads}, {"linear_attn_config.head_dim", d.kda_head_dim},
                {"linear_attn_config.short_conv_kernel_size", d.conv_kernel}, {"num_attention_heads", d.q_heads},
                {"q_lora_rank", d.q_lora}, {"kv_lora_rank", d.kv_lora}, {"qk_nope_head_dim", d.qk_head},
                {"v_head_dim", d.v_head}, {"index_n_heads", d.index_heads}, {"index_head_dim", d.index_head_dim},
                {"index_kpool", d.index_kpool}, {"index_topk", d.index_topk}, {"tie_word_embeddings", 0, true}});
  s.record(c.config);
}

constexpr circuit glm5_next(const glm5_next_dims& d) { return circuit_of(glm5_next, d); }

}  // namespace headroom::models::family
