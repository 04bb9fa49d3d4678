// SPDX-License-Identifier: MIT
// headroom: the Gemma-4 family (transformers models/gemma4/modeling_gemma4.py, Gemma4TextModel;
// vLLM model_executor/models/gemma4.py). `layer_types` repeat `pattern - 1`
// sliding-window layers and one global layer, the last layer always global
// (Gemma4TextConfig); the two kinds have their own geometry: sliding layers num_key_value_heads
// x head_dim, global layers num_global_key_value_heads x global_head_dim, and with
// attention_k_eq_v no v_proj on global layers. Every layer a GeGLU MLP, with enable_moe_block
// also routed experts beside it; embeddings scaled by sqrt(hidden); logits soft-capped.
//
// Stored tensors per layer: input_layernorm, post_attention_layernorm,
// pre_feedforward_layernorm, post_feedforward_layernorm [hidden]; layer_scalar [1];
// self_attn.q_proj [q_heads x hd, hidden], k_proj [kv x hd, hidden], v_proj [kv x hd, hidden]
// (sliding layers, or global ones without K = V), o_proj [hidden, q_heads x hd], q_norm,
// k_norm [hd] (v_norm has no weight), with hd, kv the layer kind's; mlp.gate_proj, up_proj
// [inter, hidden], down_proj [hidden, inter]. With MoE: router.proj [experts, hidden],
// router.scale [hidden], router.per_expert_scale [experts], experts.gate_up_proj [experts,
// 2 x moe_inter, hidden], experts.down_proj [experts, hidden, moe_inter],
// post_feedforward_layernorm_1 / _2, pre_feedforward_layernorm_2 [hidden]. Top: embed_tokens
// [vocab, hidden], norm [hidden]; lm_head tied to embed_tokens (tie_word_embeddings).
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/error.hpp>
#include <headroom/models/blocks/gemma.hpp>
#include <headroom/models/blocks/stack.hpp>

namespace headroom::models::family {

struct gemma4_dims {
  std::uint64_t hidden = 0;      // hidden_size
  std::uint64_t vocab = 0;       // vocab_size
  std::uint64_t layers = 0;      // num_hidden_layers
  std::uint64_t inter = 0;       // intermediate_size
  std::uint64_t q_heads = 0;     // num_attention_heads
  std::uint64_t kv_heads = 0;    // num_key_value_heads (sliding layers)
  std::uint64_t head_dim = 0;    // head_dim (sliding layers)
  std::uint64_t window = 0;      // sliding_window
  std::uint64_t g_kv_heads = 0;  // num_global_key_value_heads
  std::uint64_t g_head_dim = 0;  // global_head_dim
  std::uint64_t pattern = 0;     // layer_types period: layer l is global when (l + 1) % pattern == 0
  bool k_eq_v = false;           // attention_k_eq_v (global layers)
  std::uint64_t experts = 0;     // num_experts (0: enable_moe_block false)
  std::uint64_t top_k = 0;       // top_k_experts
  std::uint64_t moe_inter = 0;   // moe_intermediate_size
  bool tie = false;              // tie_word_embeddings
};

constexpr void gemma4(circuit& c, const gemma4_dims& d) {
  ::headroom::detail::require_table(d.pattern >= 2 && d.window != 0, "gemma4: the layer_types period and sliding_window must be set");
  require_empty(c);
  const auto embed = blocks::scaled_embed(c, "embed", d.vocab, d.hidden);
  const auto sliding = blocks::gemma_attention(
      c, "sliding", {.hidden = d.hidden, .q_heads = d.q_heads, .kv_heads = d.kv_heads, .head_dim = d.head_dim, .window = d.window});
  const auto global = blocks::gemma_attention(
      c, "global", {.hidden = d.hidden, .q_heads = d.q_heads, .kv_heads = d.g_kv_heads, .head_dim = d.g_head_dim, .k_eq_v = d.k_eq_v});
  const auto ffn = blocks::gemma_ffn(
      c, "ffn", {.hidden = d.hidden, .inter = d.inter, .experts = d.experts, .top_k = d.top_k, .moe_inter = d.moe_inter});
  const auto head = blocks::softcapped_head(c, "head", d.vocab, d.hidden, !d.tie);
  const auto sliding_layer = blocks::layer(layer_kind::sliding_attention, {sliding, ffn});
  const auto global_layer = blocks::layer(layer_kind::full_attention, {global, ffn});
  blocks::decoder(c, embed, d.layers, [&](std::uint64_t l) -> const auto& {
    return (l + 1) % d.pattern == 0 || l + 1 == d.layers ? global_layer : sliding_layer;
  }, head);
}

constexpr circuit gemma4(const gemma4_dims& d) { return circuit_of(gemma4, d); }

}  // namespace headroom::models::family
