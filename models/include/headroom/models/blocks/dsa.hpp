// SPDX-License-Identifier: MIT
// headroom: DeepSeek sparse attention with a pooled-key indexer (GLM-5.3-Flash's
// `deepseek_sparse_attention` layers): NoPE multi-head latent attention over the tokens a
// lightning indexer selects. Adds one block template to a circuit and returns its index; edges
// are bf16 unless stated, rows n unless stated.
//
// Stored tensors (llama.cpp src/models/glm5-next.cpp @2220411, load_arch_tensors): attn_norm
// [hidden]; q_a [q_lora, hidden], q_a_norm [q_lora], q_b [heads * qk_head, q_lora]; kv_a
// [kv_lora, hidden] (no RoPE part: qk_rope_head_dim 0), kv_a_norm [kv_lora]; kv_b (k_b and v_b)
// [heads * (qk_head + v_head), kv_lora]; o [hidden, heads * v_head]. The indexer: attn_k
// [index_head_dim, hidden] with a LayerNorm (weight and bias) [index_head_dim], kpool_gate
// [index_head_dim, hidden] and kpool_ape [index_head_dim, kpool] (the learned pooling of kpool
// consecutive keys into one), proj [index_heads, hidden] (per-head weights), attn_q_b
// [index_heads * index_head_dim, q_lora].
//
// Decode: the indexer scores one pooled key per kpool tokens over the whole context and picks
// index_topk / kpool pools; with index_kpool_always_select_tail the unpooled tail (under kpool
// tokens) is attended too, so attention reads min(context, index_topk + kpool) latent rows
// (build_kpool_select appends the tail to the selection). States: the latent row [kv_lora] per
// token at kv_cache_dtype; the pooled index key, index_head_dim / kpool values per token, BF16
// (the seed system's declaration: only the pooled keys; llama.cpp's build_kpool_select caches
// key | gate | pooled rows, 3 x index_head_dim values per token, which is not what is counted here).
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/models/blocks/hyper_connections.hpp>

namespace headroom::models::blocks {

struct dsa_dims {
  std::uint64_t hidden = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t q_lora = 0;
  std::uint64_t kv_lora = 0;
  std::uint64_t qk_head = 0;  ///< qk_nope_head_dim (no RoPE part)
  std::uint64_t v_head = 0;
  std::uint64_t index_heads = 0;
  std::uint64_t index_head_dim = 0;
  std::uint64_t index_kpool = 0;
  std::uint64_t index_topk = 0;
  std::uint64_t hc = 0;  ///< hyper-connection streams; 0: a plain residual (the MTP layer)
};

constexpr std::uint8_t sparse_latent_attention(circuit& c, std::string_view block_name, const dsa_dims& d) {
  const std::uint64_t h = d.hidden;
  const std::uint64_t H = d.q_heads;
  const std::uint64_t ih = d.index_heads;
  const std::uint64_t idim = d.index_head_dim;
  const std::uint64_t q_w = checked_mul(H, d.qk_head);  // checked: hand-written dims
  const std::uint64_t o_w = checked_mul(H, d.v_head);
  const std::uint64_t kv_b_out = checked_mul(H, checked_add(d.qk_head, d.v_head));
  const std::uint64_t pools = d.index_topk / d.index_kpool;
  auto lin = [&](std::string_view local, std::uint64_t in, std::uint64_t out, linear_role role) {
    return nd(local, op::linear, {e(in)}, {e(out)}, role);
  };
  // As DeepSeek-V3's MLA under TP: q_a, kv_a and the indexer replicated, q_b and kv_b by heads,
  // o row parallel, the latent and index rows whole on every rank.
  const node norm = with_aux(nd("input_norm", op::rms_norm, {e(h)}, {e(h)}), h);
  const node q_a = lin("q_a", h, d.q_lora, linear_role::mla_q_a);
  const node q_a_norm = with_aux(nd("q_a_norm", op::rms_norm, {e(d.q_lora)}, {e(d.q_lora)}), d.q_lora);
  const node q_b = sharded(lin("q_b", d.q_lora, q_w, linear_role::mla_q_b), shard::heads, H);
  const node kv_a = lin("kv_a", h, d.kv_lora, linear_role::mla_kv_a);
  const node kv_a_norm = with_aux(nd("kv_a_norm", op::rms_norm, {e(d.kv_lora)}, {e(d.kv_lora)}), d.kv_lora);
  const node kv_write = nd("kv_write", op::kv_write, {e(d.kv_lora)}, {});
  const node index_k = lin("index_k", h, idim, linear_role::index_k);
  const node index_k_norm = with_aux(nd("index_k_norm", op::layer_norm, {e(idim)}, {e(idim)}), 2 * idim);
  const node index_gate = lin("index_gate", h, idim, linear_role::index_gate);
  const node kpool = with_aux(nd("kpool", op::kpool_compress, {e(idim), e(idim)}, {}), checked_mul(idim, d.index_kpool));
  const node index_weights = lin("index_weights", h, ih, linear_role::index_weights);
  const node index_q = lin("index_q", d.q_lora, checked_mul(ih, idim), linear_role::index_q);
  const node select = with_states(pooled(nd("index_select", op::index_select, {e(checked_mul(ih, idim)), e(ih)},
                                            {e(pools, formats::i32)}),
                                         d.index_kpool),
                                  0b10);
  const node attend = sharded(with_states(latent_attention(nd("attend", op::mla_attention, {e(q_w), e(pools, formats::i32)}, {e(o_w)}),
                                                           static_cast<std::uint32_t>(H), kv_b_out, d.kv_lora,
                                                           checked_add(d.index_topk, d.index_kpool)),
                                          0b01),
                              shard::heads, H);
  const node o = sharded(lin("o", o_w, h, linear_role::o), shard::rows, H);
  const state_decl latent{"latent", state_kind::paged_kv, dtype_key::kv_cache, d.kv_lora, shard::replicated, 0};
  const state_decl index{"index", state_kind::paged_kv, dtype_key::fixed_bf16, idim / d.index_kpool, shard::replicated, 0};
  if (d.hc == 0) {
    return c.add_block(block_name,
                       {norm, q_a, q_a_norm, q_b, kv_a, kv_a_norm, kv_write, index_k, index_k_norm, index_gate, kpool,
                        index_weights, index_q, select, attend, o, nd("add", op::residual_add, {e(h), e(h)}, {e(h)})},
                       {latent, index});
  }
  return c.add_block(block_name,
                     {hyper::mix(h, d.hc), hyper::pre(h, d.hc), norm, q_a, q_a_norm, q_b, kv_a, kv_a_norm, kv_write, index_k,
                      index_k_norm, index_gate, kpool, index_weights, index_q, select, attend, o, hyper::post(h, d.hc)},
                     {latent, index});
}

}  // namespace headroom::models::blocks
