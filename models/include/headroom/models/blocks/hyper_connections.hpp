// SPDX-License-Identifier: MIT
// headroom: manifold-constrained hyper-connections (mHC; hyper-connections: Zhu et al.,
// arXiv:2409.19606) and the feed-forward blocks that sit inside them (GLM-5.3-Flash). The
// residual is `hc` streams of `hidden` values, n x (hc * hidden) per row. Around every sublayer
// (the mixer, then the MLP) a mix projection reads the flattened streams and gives hc pre
// weights (collapse the streams into the sublayer's input), hc post weights (where its output
// lands) and an hc x hc stream mix; hc_pre and hc_post apply them, so a hyper-connected block has
// no residual add. Edges are bf16 unless stated, rows n unless stated.
//
// Stored tensors per site (llama.cpp src/models/glm5-next.cpp @2220411, load_arch_tensors:
// hc_attn_fn / hc_ffn_fn [(2 + hc) * hc, hc * hidden], hc_*_base [(2 + hc) * hc], hc_*_scale [3]),
// kept in F32 (NeMo AutoModel's glm5_next layers, Glm5NextHyperConnectionFp32Params).
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/models/blocks/moe.hpp>

namespace headroom::models::blocks {

namespace hyper {
/// (2 + hc) * hc mix coefficients per row: hc pre, hc post, hc x hc stream mix.
constexpr std::uint64_t mix_width(std::uint64_t hc) { return checked_mul(checked_add(2, hc), hc); }

/// The mix projection [mix, hc * hidden] (role hc_mix, its precision rule says F32) with its
/// base [mix] and 3 scales as F32 small parameters; its coefficients leave as F32.
constexpr node mix(std::uint64_t hidden, std::uint64_t hc) {
  const std::uint64_t m = mix_width(hc);
  return with_aux(nd("hc_mix", op::linear, {e(checked_mul(hc, hidden))}, {e(m, formats::f32)}, linear_role::hc_mix),
                  m + 3, formats::f32);
}
/// Collapses the streams into the sublayer's input with the pre weights (the Sinkhorn
/// normalisation of the coefficients is per row, hc x hc: hidden under the edges).
constexpr node pre(std::uint64_t hidden, std::uint64_t hc) {
  return nd("hc_pre", op::hc_pre, {e(checked_mul(hc, hidden)), e(mix_width(hc), formats::f32)}, {e(hidden)});
}
/// Streams' next state: post weights x the sublayer's output + the mixed streams.
constexpr node post(std::uint64_t hidden, std::uint64_t hc) {
  const std::uint64_t w = checked_mul(hc, hidden);
  return nd("hc_post", op::hc_post, {e(hidden), e(w), e(mix_width(hc), formats::f32)}, {e(w)});
}
}  // namespace hyper

/// Token embedding [vocab, hidden], broadcast into hc streams.
constexpr std::uint8_t hc_embed(circuit& c, std::string_view block_name, std::uint64_t vocab, std::uint64_t hidden,
                                std::uint64_t hc) {
  node emb = sharded(nd("embed", op::embed, {e(1, formats::i32)}, {e(hidden)}), shard::vocab, vocab);
  emb.table_rows = vocab;
  return c.add_block(block_name, {emb, nd("hc_expand", op::hc_expand, {e(hidden)}, {e(checked_mul(hc, hidden))})});
}

/// The streams' mean back to one row, final norm [hidden], lm_head [vocab, hidden], argmax.
constexpr std::uint8_t hc_head(circuit& c, std::string_view block_name, std::uint64_t vocab, std::uint64_t hidden,
                               std::uint64_t hc) {
  return c.add_block(block_name,
                     {nd("hc_contract", op::hc_contract, {e(checked_mul(hc, hidden))}, {e(hidden)}),
                      with_aux(nd("final_norm", op::final_norm, {e(hidden)}, {e(hidden)}), hidden),
                      sharded(nd("lm_head", op::lm_head, {e(hidden)}, {e(vocab)}), shard::vocab, vocab),
                      nd("argmax", op::argmax, {e(vocab)}, {e(1, formats::i32)})});
}

/// DeepSeek-V4's head: a mix projection hc_head_fn [hc, hc * hidden] (role hc_mix) with its
/// base [hc] and scale [1] F32 gives one sigmoid weight per stream, hc_contract sums the streams
/// so weighted, then the final norm [hidden], lm_head [vocab, hidden], argmax (vLLM
/// vllm/model_executor/models/deepseek_v4.py @f1b76c1, DeepseekV4Model: hc_head_op, then norm).
/// `stored_head` false: the lm_head is another head's (an MTP layer reading the main one).
constexpr std::uint8_t hc_mixed_head(circuit& c, std::string_view block_name, std::uint64_t vocab, std::uint64_t hidden,
                                     std::uint64_t hc, bool stored_head = true) {
  const std::uint64_t w = checked_mul(hc, hidden);
  node lm = sharded(nd("lm_head", op::lm_head, {e(hidden)}, {e(vocab)}), shard::vocab, vocab);
  lm.stores_weight = stored_head;
  return c.add_block(block_name,
                     {with_aux(nd("hc_head_mix", op::linear, {e(w)}, {e(hc, formats::f32)}, linear_role::hc_mix), hc + 1, formats::f32),
                      nd("hc_contract", op::hc_contract, {e(w), e(hc, formats::f32)}, {e(hidden)}),
                      with_aux(nd("final_norm", op::final_norm, {e(hidden)}, {e(hidden)}), hidden), lm,
                      nd("argmax", op::argmax, {e(vocab)}, {e(1, formats::i32)})});
}

/// DeepSeek-V4's MTP input (vLLM vllm/model_executor/models/deepseek_v4_mtp.py @023da1f,
/// DeepSeekV4MultiTokenPredictorLayer): the token's embedding (the main table, not stored
/// here) RMS-normed by enorm [hidden] and projected by e_proj [hidden, hidden]; the main
/// model's streams before its head (hc rows of hidden) RMS-normed by hnorm [hidden] and each
/// projected by h_proj [hidden, hidden]; the projected embedding added to every stream.
constexpr std::uint8_t hc_mtp_in(circuit& c, std::string_view block_name, std::uint64_t vocab, std::uint64_t hidden,
                                 std::uint64_t hc) {
  node emb = sharded(nd("embed", op::embed, {e(1, formats::i32)}, {e(hidden)}), shard::vocab, vocab);
  emb.table_rows = vocab;
  emb.stores_weight = false;
  return c.add_block(block_name, {emb, with_aux(nd("enorm", op::rms_norm, {e(hidden)}, {e(hidden)}), hidden),
                                  with_aux(nd("hnorm", op::rms_norm, {e_rows(hc, hidden)}, {e_rows(hc, hidden)}), hidden),
                                  nd("e_proj", op::linear, {e(hidden)}, {e(hidden)}, linear_role::mtp_fc),
                                  nd("h_proj", op::linear, {e_rows(hc, hidden)}, {e_rows(hc, hidden)}, linear_role::mtp_fc),
                                  nd("add", op::residual_add, {e_rows(hc, hidden), e(hidden)}, {e_rows(hc, hidden)})});
}

/// Inside hc streams: mix, pre, the layer's ffn norm, gate|up (two tensors), silu_mul, down, post.
constexpr std::uint8_t hc_swiglu_mlp(circuit& c, std::string_view block_name, std::uint64_t hidden,
                                     std::uint64_t inter, std::uint64_t hc) {
  node gate_up = sharded(nd("gate_up", op::linear, {e(hidden)}, {e(2 * inter)}, linear_role::gate_up), shard::columns, inter);
  gate_up.weight_tensors = 2;
  return c.add_block(block_name, {hyper::mix(hidden, hc), hyper::pre(hidden, hc),
                                  with_aux(nd("post_norm", op::rms_norm, {e(hidden)}, {e(hidden)}), hidden), gate_up,
                                  sharded(nd("act", op::silu_mul, {e(2 * inter)}, {e(inter)}), shard::columns, inter),
                                  sharded(nd("down", op::linear, {e(inter)}, {e(hidden)}, linear_role::down), shard::rows, inter),
                                  hyper::post(hidden, hc)});
}

/// A routed MoE inside hc streams: the plain block's dims (blocks::moe_dims: hidden, experts,
/// top_k, moe_inter, shared_inter, and router_aux, the router's F32 correction bias [experts])
/// and what the streams add. The plain block's other options (a shared-expert gate, fused
/// gate|up, biases) have no hyper-connected user and are refused.
struct hc_moe_dims {
  moe_dims moe;
  std::uint64_t hc = 0;
  bool swiglu_limit = false;  ///< gate and up clamped in the SwiGLU (swiglu_clamp; DeepSeek-V4)
  /// Hash routing (DeepSeek-V4's first num_hash_layers): the experts come from a table
  /// tid2eid [vocab, top_k] indexed by the token id (vocab rows), not from the correction bias
  /// over the router's scores; 0: the router's moe.router_aux. The checkpoint stores it I64:
  /// counted as two I32 words per entry (bytes exact; parameter_count counts each entry twice).
  std::uint64_t hash_vocab = 0;
};

/// Inside hc streams: mix, pre, the layer's ffn norm, the sigmoid router [experts, hidden] with
/// its correction bias (or a hash table, above), top_k, routed experts' gate|up and down (gate
/// and up stored apart), the shared expert, blend, post.
constexpr std::uint8_t hc_routed_moe(circuit& c, std::string_view block_name, const hc_moe_dims& d) {
  const moe_dims& m = d.moe;
  ::headroom::detail::require_table(!m.shared_gate && !m.fused_gate_up && !m.expert_bias && !m.router_bias,
                                    "a hyper-connected MoE with a shared-expert gate, fused gate|up or biases");
  const std::uint64_t h = m.hidden;
  const std::uint64_t K = m.top_k;
  node gate_up = sharded(nd("gate_up", op::expert_gate_up, {e_rows(K, h), e(K, formats::i32)}, {e_rows(K, 2 * m.moe_inter)}),
                         shard::experts, m.moe_inter);
  gate_up.experts = m.experts;
  gate_up.top_k = K;
  gate_up.weight_tensors = 2;
  node down = sharded(nd("down", op::expert_down, {e_rows(K, m.moe_inter)}, {e_rows(K, h)}), shard::experts, m.moe_inter);
  down.experts = m.experts;
  down.top_k = K;
  node shared_gate_up = sharded(nd("shared_gate_up", op::linear, {e(h)}, {e(2 * m.shared_inter)}, linear_role::shared_gate_up),
                                shard::columns, m.shared_inter);
  shared_gate_up.weight_tensors = 2;
  node router = nd("router", op::router, {e(h)}, {e(m.experts)});
  if (d.hash_vocab != 0) {
    router = with_aux(router, checked_mul(checked_mul(2, d.hash_vocab), K), formats::i32);
  } else if (m.router_aux != 0) {
    router = with_aux(router, m.router_aux, m.router_aux_format);
  }
  return c.add_block(
      block_name,
      {hyper::mix(h, d.hc), hyper::pre(h, d.hc), with_aux(nd("post_norm", op::rms_norm, {e(h)}, {e(h)}), h), router,
       nd("top_k", op::top_k, {e(m.experts)}, {e(K, formats::f32), e(K, formats::i32)}), gate_up,
       sharded(nd("act", d.swiglu_limit ? op::swiglu_clamp : op::silu_mul, {e_rows(K, 2 * m.moe_inter)}, {e_rows(K, m.moe_inter)}),
               shard::experts, m.moe_inter),
       down, shared_gate_up,
       sharded(nd("shared_act", d.swiglu_limit ? op::swiglu_clamp : op::silu_mul, {e(2 * m.shared_inter)}, {e(m.shared_inter)}),
               shard::columns, m.shared_inter),
       sharded(nd("shared_down", op::linear, {e(m.shared_inter)}, {e(h)}, linear_role::shared_down), shard::rows, m.shared_inter),
       nd("blend", op::blend, {e_rows(K, h), e(K, formats::f32), e(h)}, {e(h)}), hyper::post(h, d.hc)});
}

}  // namespace headroom::models::blocks
