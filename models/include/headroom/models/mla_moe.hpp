// SPDX-License-Identifier: MIT
// headroom: the MLA MoE family (DeepSeek-V2 / V3 / V3.2, Kimi-K2, GLM-5, Mistral-Small-4): multi-head latent attention --
// the KV cache holds one latent row of kv_lora + qk_rope values per token per layer, not per
// head --, the first `first_dense` layers a dense SwiGLU MLP, the rest a routed MoE with shared
// experts, and the checkpoint's MTP layers as the draft section.
//
// Stored tensors per layer: input_layernorm, post_attention_layernorm [hidden];
// self_attn.q_a_proj [q_lora, hidden], q_a_layernorm [q_lora], q_b_proj [heads * (qk_nope +
// qk_rope), q_lora], kv_a_proj_with_mqa [kv_lora + qk_rope, hidden], kv_a_layernorm [kv_lora],
// kv_b_proj [heads * (qk_nope + v_head), kv_lora], o_proj [hidden, heads * v_head]; dense
// layers: mlp.{gate,up}_proj [inter, hidden], down_proj [hidden, inter]; MoE layers: mlp.gate
// [experts, hidden] and, with noaux_tc, its e_score_correction_bias [experts] (F32),
// experts.E.{gate,up,down} and shared_experts.{gate,up,down} (width moe_inter * n_shared).
// MTP layer: embed_tokens, enorm, hnorm [hidden], eh_proj [hidden, 2 * hidden], a full MoE
// decoder layer, shared_head.norm and shared_head.head [vocab, hidden]. DeepSeek-V3 stores its
// own embed_tokens and shared_head.head copies in the MTP layer (model.layers.61); GLM-5 stores
// neither and the draft reads the main model's (mtp_own_embed_and_head false). A multimodal
// checkpoint's vision tower and projector (Kimi-K2.5) is one aggregate of `vision_params` in the
// vision section.
//
// With q_lora_rank null (DeepSeek-V2-Lite) the query is one q_proj [heads * (qk_nope + qk_rope),
// hidden]; with index_n_heads (DeepSeek-V3.2, GLM-5) every layer's attention is
// blocks::indexed_mla_attention (the lightning indexer's tensors and key cache there), except
// GLM-5.2's "shared" layers (IndexShare: blocks::shared_index_mla_attention, no indexer).
//
// Decode runs MLA absorbed: kv_b_proj's halves fold into the query and the output, so a step
// reads kv_b_proj once (2 * t * kv_lora * heads * (qk_nope + v_head) FLOPs) and attends over
// latent rows with a query of heads x (kv_lora + qk_rope) and an output of heads x kv_lora.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/indexed_mla.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/blocks/stack.hpp>
#include <headroom/models/gqa_decoder.hpp>
#include <headroom/models/moe_stack_dims.hpp>

namespace headroom::models::family {

struct mla_moe_dims {
  blocks::mla_dims mla;  ///< hidden_size and the attention widths
  std::uint64_t vocab = 0;
  std::uint64_t layers = 0;
  moe_stack_dims moe;
  /// topk_method noaux_tc: the router stores e_score_correction_bias [experts] (DeepSeek-V3);
  /// false: a plain router weight (Mistral-Small-4's Mistral4TopkRouter).
  bool noaux_tc = true;
  /// DeepSeek Sparse Attention (DeepSeek-V3.2, GLM-5): index_n_heads, index_head_dim and
  /// index_topk of every layer's lightning indexer; 0 heads: plain MLA (DeepSeek-V2 / V3).
  std::uint64_t index_heads = 0;
  std::uint64_t index_head_dim = 0;
  std::uint64_t index_topk = 0;
  /// GLM-5.2's IndexShare (transformers GlmMoeDsaConfig at 008e5743, index_topk_freq and
  /// index_skip_topk_offset): main layer l runs its own indexer ("full") when
  /// max(l - index_share_offset + 1, 0) % index_share_freq == 0, else ("shared") it attends over
  /// the previous full layer's selection and stores no indexer. 1: every layer full.
  std::uint64_t index_share_freq = 1;
  std::uint64_t index_share_offset = 0;
  /// The MTP layer stores its own embed_tokens and shared_head.head [vocab, hidden] (DeepSeek-V3's
  /// model.layers.61 holds both copies); false: the checkpoint stores neither and the draft reads
  /// the main model's embed_tokens and lm_head (GLM-5's model.layers.78; vLLM shares both with an
  /// MTP draft at load: vllm/v1/spec_decode/llm_base_proposer.py @00c4f22d, _maybe_share_embeddings
  /// and _maybe_share_lm_head). The draft runs its head either way: only the stored bytes differ.
  bool mtp_own_embed_and_head = true;
  /// A stored vision tower's parameters (Kimi-K2.5's MoonViT and projector), 0 = none.
  std::uint64_t vision_params = 0;
};

/// Whether main layer `l` of an indexed MLA stack runs its own indexer (see index_share_freq).
constexpr bool mla_moe_full_indexer(const mla_moe_dims& d, std::uint64_t l) {
  if (d.index_share_freq <= 1) return true;
  const std::uint64_t shifted = l + 1 >= d.index_share_offset ? l + 1 - d.index_share_offset : 0;
  return shifted % d.index_share_freq == 0;
}

constexpr void mla_moe(circuit& c, const mla_moe_dims& d) {
  require_empty(c);
  const std::uint64_t h = d.mla.hidden;
  const moe_stack_dims& s = d.moe;
  const auto embed = blocks::embed(c, "embed", d.vocab, h);
  const auto mla = d.index_heads == 0
                       ? blocks::mla_attention(c, "mla", d.mla)
                       : blocks::indexed_mla_attention(c, "mla", d.mla,
                                                       {.heads = d.index_heads, .head_dim = d.index_head_dim, .topk = d.index_topk});
  const auto dense = blocks::swiglu_mlp(c, "dense_mlp", h, s.inter);
  const auto moe = blocks::routed_moe(c, "moe", {.hidden = h,
                                                 .experts = s.experts,
                                                 .top_k = s.top_k,
                                                 .moe_inter = s.moe_inter,
                                                 .shared_inter = s.shared_inter(),
                                                 .router_aux = d.noaux_tc ? s.experts : 0,
                                                 .router_aux_format = formats::f32,
                                                 .groups = s.routing_groups(),
                                                 .top_groups = s.routing_top_groups()});
  bool any_shared = false;
  for (std::uint64_t l = 0; d.index_heads != 0 && l < d.layers; ++l) any_shared = any_shared || !mla_moe_full_indexer(d, l);
  // A block only when some layer reuses a selection, so the other checkpoints' circuits stay as they were.
  const auto shared_mla = any_shared ? blocks::shared_index_mla_attention(c, "mla_shared", d.mla, d.index_topk) : mla;
  const auto head = blocks::head(c, "head", d.vocab, h);
  const auto dense_layer = blocks::layer(layer_kind::full_attention, {mla, dense});
  const auto moe_layer = blocks::layer(layer_kind::full_attention, {mla, moe});
  const auto dense_shared = blocks::layer(layer_kind::full_attention, {shared_mla, dense});
  const auto moe_shared = blocks::layer(layer_kind::full_attention, {shared_mla, moe});
  // first_k_dense_replace dense layers, then MoE layers.
  blocks::decoder(
      c, embed, d.layers,
      [&](std::uint64_t l) -> const auto& {
        const bool full = d.index_heads == 0 || mla_moe_full_indexer(d, l);
        if (l < s.first_dense) return full ? dense_layer : dense_shared;
        return full ? moe_layer : moe_shared;
      },
      head);

  if (s.mtp_layers > 0) {
    // The MTP layer is numbered after the main layers (model.layers.61 in DeepSeek-V3); its
    // embed_tokens and shared_head.head are copies it stores, or the main model's it reads.
    const bool copies = d.mtp_own_embed_and_head;
    const auto mtp_in = blocks::mtp_in(
        c, "mtp_in", {.hidden = h, .vocab = d.vocab, .stored_embed = copies, .embed_norm = "enorm", .hidden_norm = "hnorm", .fc = "eh_proj"});
    const auto mtp_out = blocks::mtp_out(c, "mtp_out", d.vocab, h, copies);  // shared_head.norm, shared_head.head
    blocks::layer_spec mtp{};
    mtp.then(mtp_in, layer_kind::none).then(mla, layer_kind::full_attention).then(moe, layer_kind::full_attention);
    mtp.then(mtp_out, layer_kind::none);
    blocks::stack(c, s.mtp_layers, [&](std::uint64_t) -> const auto& { return mtp; }, section::draft, d.layers);
  }
  add_vision_tower(c, d.vision_params);
  // DeepSeek-V3's config.json keys (Mistral-Small-4's text_config uses the same).
  c.config.put({{"hidden_size", h}, {"vocab_size", d.vocab}, {"num_hidden_layers", d.layers},
                {"num_attention_heads", d.mla.q_heads}, {"q_lora_rank", d.mla.q_lora}, {"kv_lora_rank", d.mla.kv_lora},
                {"qk_nope_head_dim", d.mla.qk_nope}, {"qk_rope_head_dim", d.mla.qk_rope}, {"v_head_dim", d.mla.v_head},
                {"tie_word_embeddings", 0, true}});
  if (d.index_heads != 0) {
    c.config.put({{"index_n_heads", d.index_heads}, {"index_head_dim", d.index_head_dim}, {"index_topk", d.index_topk}});
    if (any_shared) c.config.put({{"index_topk_freq", d.index_share_freq}, {"index_skip_topk_offset", d.index_share_offset}});
  }
  s.record(c.config);
}

constexpr circuit mla_moe(const mla_moe_dims& d) { return circuit_of(mla_moe, d); }

}  // namespace headroom::models::family
