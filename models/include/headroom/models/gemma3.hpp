// SPDX-License-Identifier: MIT
// headroom: the Gemma 2 / Gemma 3 family (transformers models/gemma2/modeling_gemma2.py,
// models/gemma3/modeling_gemma3.py; vLLM model_executor/models/gemma2.py, gemma3.py). Layer l
// attends over a sliding window unless (l + 1) is a multiple of `pattern`: Gemma 2 alternates
// (Gemma2Config: even layers sliding, pattern 2), Gemma 3 repeats five sliding layers and one
// global layer (Gemma3TextConfig.sliding_window_pattern 6); both kinds share one KV geometry.
// Embeddings scaled by sqrt(hidden); Gemma 2 soft-caps the logits (the cap is arithmetic, no
// tensor), Gemma 3 normalises q and k per head. Attention soft-capping (Gemma 2) and
// query_pre_attn_scalar change arithmetic, not bytes.
//
// Stored tensors per layer: input_layernorm, post_attention_layernorm,
// pre_feedforward_layernorm, post_feedforward_layernorm [hidden]; self_attn.q_proj [q_heads x
// head_dim, hidden], k_proj, v_proj [kv_heads x head_dim, hidden], o_proj [hidden, q_heads x
// head_dim]; with qk_norm q_norm, k_norm [head_dim]; mlp.gate_proj, up_proj [inter, hidden],
// down_proj [hidden, inter]. Top: embed_tokens [vocab, hidden], norm [hidden]; lm_head tied to
// embed_tokens. A multimodal Gemma 3 (Gemma3ForConditionalGeneration) also stores its SigLIP
// vision tower and projector: one aggregate of parameters in the vision section.
#pragma once

#include <cstdint>

#include <headroom/circuit.hpp>
#include <headroom/error.hpp>
#include <headroom/models/blocks/gemma.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/stack.hpp>
#include <headroom/models/gqa_decoder.hpp>

namespace headroom::models::family {

struct gemma3_dims {
  gqa_decoder_dims gqa;
  std::uint64_t inter = 0;          // intermediate_size
  std::uint64_t window = 0;         // sliding_window
  std::uint64_t pattern = 0;        // sliding_window_pattern: layer l is global when (l + 1) % pattern == 0
  bool qk_norm = false;             // q_norm / k_norm per head (Gemma 3)
  bool softcap = false;             // final_logit_softcapping set (Gemma 2)
  bool tie = true;                  // tie_word_embeddings
  std::uint64_t vision_params = 0;  // parameters of the stored vision tower and projector (0 = none)
};

constexpr void gemma3(circuit& c, const gemma3_dims& d) {
  ::headroom::detail::require_table(d.pattern >= 1 && d.window != 0, "gemma3: sliding_window and its pattern must be set");
  const gqa_decoder_dims& g = d.gqa;
  require_empty(c);
  const auto embed = blocks::scaled_embed(c, "embed", g.vocab, g.hidden);
  const blocks::gemma_attention_dims a{.hidden = g.hidden, .q_heads = g.q_heads, .kv_heads = g.kv_heads,
                                       .head_dim = g.head_dim, .qk_norm = d.qk_norm, .v_norm = false};
  blocks::gemma_attention_dims sa = a;
  sa.window = d.window;
  const auto sliding = blocks::gemma_attention(c, "sliding", sa);
  const auto global = blocks::gemma_attention(c, "global", a);
  const auto ffn = blocks::gemma_ffn(c, "ffn", {.hidden = g.hidden, .inter = d.inter, .layer_scalar = false});
  const auto head = d.softcap ? blocks::softcapped_head(c, "head", g.vocab, g.hidden, !d.tie)
                              : blocks::head(c, "head", g.vocab, g.hidden, !d.tie);
  const auto sliding_layer = blocks::layer(layer_kind::sliding_attention, {sliding, ffn});
  const auto global_layer = blocks::layer(layer_kind::full_attention, {global, ffn});
  blocks::decoder(c, embed, g.layers, [&](std::uint64_t l) -> const auto& {
    return (l + 1) % d.pattern == 0 ? global_layer : sliding_layer;
  }, head);
  add_vision_tower(c, d.vision_params);
  g.record(c.config);
  c.config.put({{"intermediate_size", d.inter}, {"sliding_window", d.window}});
  c.config.put_flag("tie_word_embeddings", d.tie);
}

constexpr circuit gemma3(const gemma3_dims& d) { return circuit_of(gemma3, d); }

}  // namespace headroom::models::family
