// SPDX-License-Identifier: MIT
// headroom: the llama4 family (Llama 4 Scout and Maverick, model_type `llama4`): GQA attention,
// rotary and chunked local on three layers in four and global without rotary embedding on the
// fourth (iRoPE), every interleave_moe_layer_step-th layer's MLP a routed MoE with one shared
// expert (top-1, sigmoid router), the others a dense SwiGLU MLP, and the stored vision tower.
// Only existing blocks: gqa_attention, routed_moe, swiglu_mlp.
//
// Stored tensors per layer (transformers models/llama4/modeling_llama4.py at
// https://github.com/huggingface/transformers/blob/b17cfe48c5a9631dcf9f57f3865a055903800f81/src/transformers/models/llama4/
// -- Llama4TextDecoderLayer, Llama4TextAttention, Llama4TextMoe, Llama4TextExperts,
// Llama4Router, Llama4TextMLP -- and vLLM vllm/model_executor/models/llama4.py at
// https://github.com/vllm-project/vllm/blob/0303cbd848954bcc83204522e8ceab4503f3f4b9/vllm/model_executor/models/llama4.py):
// input_layernorm, post_attention_layernorm [hidden]; self_attn.q_proj [q_heads x head_dim,
// hidden], k_proj, v_proj [kv_heads x head_dim, hidden], o_proj [hidden, q_heads x head_dim], no
// biases. use_qk_norm is an L2 norm per head without weights (vLLM: RMSNorm(head_dim,
// has_weight=False)), on the rotary layers only (`use_qk_norm and not nope`). A MoE layer:
// feed_forward.router [experts, hidden] (no bias); experts.gate_up_proj [experts, hidden, 2 x
// inter] and experts.down_proj [experts, inter, hidden], stored fused (the same elements as
// per-expert gate, up and down); shared_expert.{gate,up}_proj [inter, hidden], down_proj [hidden,
// inter] (`intermediate_size` for both). A dense layer: feed_forward.{gate,up}_proj
// [intermediate_size_mlp, hidden], down_proj [hidden, intermediate_size_mlp]. Top: embed_tokens
// [vocab, hidden], norm [hidden], lm_head [vocab, hidden] (untied).
// Layer l is MoE when (l + 1) % interleave_moe_layer_step == 0 (vLLM's Llama4DecoderLayer; the
// default moe_layers of transformers' Llama4TextConfig); rotary and chunked when no_rope_layers[l]
// is 1, by default every layer but each no_rope_layer_interval-th.
//
// Chunked local attention (attention_chunk_size) is held as a sliding window of the chunk: a token
// attends only within its chunk, so a rotary layer keeps at most the chunk's KV. vLLM's
// ChunkedLocalAttentionSpec (vllm/v1/kv_cache_interface.py) keeps chunk + max_num_batched_tokens
// tokens, its SlidingWindowSpec window - 1 + max_num_batched_tokens: one token a sequence and
// rotary layer apart, which the window here does not model. attn_temperature_tuning scales the
// NoPE layers' queries: arithmetic, no tensor.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/blocks/stack.hpp>
#include <headroom/models/gqa_decoder.hpp>

namespace headroom::models::family {

struct llama4_dims {
  gqa_decoder_dims gqa;
  std::uint64_t experts = 0;        ///< num_local_experts
  std::uint64_t top_k = 0;          ///< num_experts_per_tok
  std::uint64_t moe_inter = 0;      ///< intermediate_size: each expert's and the shared expert's width
  std::uint64_t inter = 0;          ///< intermediate_size_mlp: the dense layers' width
  std::uint64_t moe_step = 1;       ///< interleave_moe_layer_step: layer l is MoE when (l + 1) % moe_step == 0
  std::uint64_t chunk = 0;          ///< attention_chunk_size on the rotary layers, 0 = none
  std::uint64_t pattern = 4;        ///< no_rope_layer_interval: layer l is global NoPE when (l + 1) % pattern == 0
  bool qk_norm = true;              ///< use_qk_norm: a weightless L2 norm of q and k on the rotary layers
  std::uint64_t vision_params = 0;  ///< the stored vision tower and projector (0 = none)
};

constexpr void llama4(circuit& c, const llama4_dims& d) {
  ::headroom::detail::require_table(d.moe_step >= 1 && d.pattern >= 1, "llama4: interleave_moe_layer_step and no_rope_layer_interval must be positive");
  require_empty(c);
  const gqa_decoder_dims& g = d.gqa;
  blocks::gqa_dims rotary = g.attention();
  rotary.qk_norm = d.qk_norm;
  rotary.qk_norm_weightless = true;
  rotary.window = d.chunk;
  blocks::gqa_dims global = g.attention();
  global.rope = false;
  const auto embed = blocks::embed(c, "embed", g.vocab, g.hidden);
  const auto local_attn = blocks::gqa_attention(c, "chunked_attn", rotary);
  const auto global_attn = blocks::gqa_attention(c, "global_attn", global);
  const auto moe = blocks::routed_moe(c, "moe", {.hidden = g.hidden, .experts = d.experts, .top_k = d.top_k,
                                                 .moe_inter = d.moe_inter, .shared_inter = d.moe_inter});
  // Scout (moe_step 1) has no dense layer: its block is added only when a layer uses it.
  const auto dense = d.moe_step > 1 ? blocks::swiglu_mlp(c, "dense_mlp", g.hidden, d.inter) : moe;
  const auto head = blocks::head(c, "head", g.vocab, g.hidden);
  const layer_kind local_kind = d.chunk != 0 ? layer_kind::sliding_attention : layer_kind::full_attention;
  const auto local_moe = blocks::layer(local_kind, {local_attn, moe});
  const auto local_dense = blocks::layer(local_kind, {local_attn, dense});
  const auto global_moe = blocks::layer(layer_kind::full_attention, {global_attn, moe});
  const auto global_dense = blocks::layer(layer_kind::full_attention, {global_attn, dense});
  blocks::decoder(c, embed, g.layers, [&](std::uint64_t l) -> const auto& {
    const bool is_moe = (l + 1) % d.moe_step == 0;
    if ((l + 1) % d.pattern == 0) return is_moe ? global_moe : global_dense;
    return is_moe ? local_moe : local_dense;
  }, head);
  add_vision_tower(c, d.vision_params);
  g.record(c.config);
  c.config.put({{"num_local_experts", d.experts}, {"num_experts_per_tok", d.top_k}, {"intermediate_size", d.moe_inter},
                {"intermediate_size_mlp", d.inter}, {"interleave_moe_layer_step", d.moe_step},
                {"attention_chunk_size", d.chunk}, {"no_rope_layer_interval", d.pattern}});
  c.config.put_flag("use_qk_norm", d.qk_norm);
  c.config.put_flag("tie_word_embeddings", false);
}

constexpr circuit llama4(const llama4_dims& d) { return circuit_of(llama4, d); }

}  // namespace headroom::models::family
