// SPDX-License-Identifier: MIT
// headroom: DeepSeek Sparse Attention as DeepSeek-V3.2 and GLM-5 (`glm_moe_dsa`) run it: MLA
// with RoPE, absorbed, over the index_topk tokens a lightning indexer selects per query. One
// block template; edges are bf16 unless stated, rows n unless stated.
//
// Stored tensors (vLLM vllm/model_executor/models/deepseek_v2.py, classes DeepseekV2MLAAttention
// and Indexer, as DeepseekV32ForCausalLM and GlmMoeDsaForCausalLM build them): MLA's as
// blocks::mla_attention (q_a_proj, q_a_layernorm, q_b_proj, kv_a_proj_with_mqa, kv_a_layernorm,
// kv_b_proj, o_proj), and self_attn.indexer.{wq_b [index_n_heads * index_head_dim, q_lora_rank],
// wk [index_head_dim, hidden], k_norm (a LayerNorm: weight and bias [index_head_dim]),
// weights_proj [index_n_heads, hidden]}. wq_b and wk are ReplicatedLinear with the model's
// quantization config; weights_proj is built with quant_config=None (BF16 in every release).
//
// States per token and layer: MLA's latent row (kv_lora + qk_rope values at kv_cache_dtype,
// replicated), and the indexer's key cache, which vLLM allocates in FP8 whatever the KV dtype:
// DeepseekV32IndexerCache(head_dim = index_head_dim + index_head_dim / 128 * 4, dtype uint8),
// 128 FP8 values and one F32 scale per 128 (132 bytes at index_head_dim 128), declared as bytes
// (dtype_key::fixed_u8; blocks/indexer_key.hpp).
//
// Decode: the indexer reads every cached index key of the sequence (2 * index_n_heads *
// index_head_dim FLOPs a key and query row) and the attention reads min(context, index_topk)
// latent rows (vLLM's FlashMLA sparse path: topk_indices_buffer of index_topk entries).
// vLLM's FP8 MLA cache for this layer (fp8_ds_mla: 656 bytes a token) is an engine layout,
// not modelled here: under --kv fp8 the latent row counts one byte per value.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/indexer_key.hpp>

namespace headroom::models::blocks {

struct mla_indexer_dims {
  std::uint64_t heads = 0;     ///< index_n_heads
  std::uint64_t head_dim = 0;  ///< index_head_dim
  std::uint64_t topk = 0;      ///< index_topk
};

constexpr std::uint8_t indexed_mla_attention(circuit& c, std::string_view block_name, const mla_dims& d,
                                             const mla_indexer_dims& x) {
  ::headroom::detail::require_table(d.q_lora != 0, "an indexed MLA layer needs q_lora_rank (the indexer's wq_b reads the q_a row)");
  ::headroom::detail::require_table(x.head_dim % indexer_quant_block == 0 && x.heads != 0 && x.topk != 0,
                        "an indexer needs heads, a top-k and an index_head_dim in whole blocks of 128");
  const std::uint64_t h = d.hidden;
  const detail::mla_parts p = detail::mla_parts_of(d);
  const std::uint64_t iq = checked_mul(x.heads, x.head_dim);
  // The attention reads the selected rows (the selection is the second input, i32 indices).
  const node attend = sharded(with_states(compressed(nd("attend", op::paged_attention, {e(p.attend_in), e(x.topk, formats::i32)},
                                                        {e(p.attend_out)}),
                                                     1, x.topk),
                                          0b01),
                              shard::heads, d.q_heads);
  const node select = with_states(pooled(nd("index_select", op::index_select, {e(iq), e(x.heads)}, {e(x.topk, formats::i32)}), 1),
                                  0b10);
  return c.add_block(
      block_name,
      {p.input_norm, p.q_a, p.q_a_norm, p.q_b, p.kv_a, p.kv_a_norm, p.rope, p.kv_write,
       // The indexer, replicated on every rank (ReplicatedLinear): its query from the q_a row,
       // its key from the hidden row (LayerNorm, weight and bias), one weight per index head.
       nd("index_q", op::linear, {e(d.q_lora)}, {e(iq)}, linear_role::index_q),
       nd("index_k", op::linear, {e(h)}, {e(x.head_dim)}, linear_role::index_k),
       with_aux(nd("index_k_norm", op::layer_norm, {e(x.head_dim)}, {e(x.head_dim)}), checked_mul(2, x.head_dim)),
       nd("index_weights", op::linear, {e(h)}, {e(x.heads)}, linear_role::index_weights),
       select, p.kv_b, attend, p.o, p.add},
      {p.latent, {"index", state_kind::paged_kv, dtype_key::fixed_u8, indexer_key_row_bytes(x.head_dim), shard::replicated, 0}});
}

/// A layer of GLM-5.2's IndexShare schedule marked "shared" in `indexer_types`: the same MLA,
/// attending over the index_topk rows the nearest preceding "full" layer selected, with no
/// indexer of its own -- no indexer tensors and no indexer key cache. Sources:
/// transformers src/transformers/models/glm_moe_dsa/configuration_glm_moe_dsa.py at 008e5743
/// ("shared" reuses the previous full layer's top-k); ROCm/ATOM#1260 and vllm-project/
/// vllm-ascend#11363 (merged: a "shared" layer builds no Indexer, the checkpoint carries none,
/// 21 full of 78 in GLM-5.2; MTP layers keep theirs); ml-explore/mlx-lm#1410 and #1463 (the
/// cache of a shared layer holds the latent only, no indexer KVCache).
constexpr std::uint8_t shared_index_mla_attention(circuit& c, std::string_view block_name, const mla_dims& d,
                                                  std::uint64_t topk) {
  ::headroom::detail::require_table(d.q_lora != 0 && topk != 0, "a shared-selection MLA layer needs q_lora_rank and index_topk");
  const detail::mla_parts p = detail::mla_parts_of(d);
  // The selection (i32 indices) comes from the last full layer, as the attention's second input.
  const node attend = sharded(with_states(compressed(nd("attend", op::paged_attention, {e(p.attend_in), e(topk, formats::i32)},
                                                        {e(p.attend_out)}),
                                                     1, topk),
                                          0b1),
                              shard::heads, d.q_heads);
  return c.add_block(block_name,
                     {p.input_norm, p.q_a, p.q_a_norm, p.q_b, p.kv_a, p.kv_a_norm, p.rope, p.kv_write, p.kv_b, attend, p.o, p.add},
                     {p.latent});
}

}  // namespace headroom::models::blocks
