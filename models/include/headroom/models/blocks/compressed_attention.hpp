// SPDX-License-Identifier: MIT
// headroom: DeepSeek-V4's attention inside hyper-connection streams: one KV head of head_dim
// values (K = V) over a sliding window of the latest tokens in every layer and, per the layer's
// compress ratio, none more (SWA), one compressed row per 4 tokens that an indexer selects from
// (CSA), or one compressed row per 128 tokens read whole (HCA). Adds one block template to a
// circuit and returns its index; edges are bf16 unless stated, rows n unless stated.
//
// Tensors and flow: vLLM vllm/model_executor/models/deepseek_v4.py @f1b76c1 (DeepseekV4Attention)
// and vllm/model_executor/layers/deepseek_v4_attention.py @0a291a2 (the wrapper, the indexer),
// vllm/model_executor/layers/deepseek_compressor.py @0de10a2 (DeepseekCompressor). Per layer:
// attn_norm [hidden]; wq_a [q_lora, hidden] and wkv [head_dim, hidden] (one fused GEMM,
// fused_wqa_wkv), q_norm [q_lora], kv_norm [head_dim]; wq_b [heads * head_dim, q_lora]; a
// weightless per-head RMSNorm of q; attn_sink [heads] F32; wo_a [o_groups * o_lora,
// heads * head_dim / o_groups] (grouped: group g reads heads g*H/G .. of the attention output),
// wo_b [hidden, o_groups * o_lora]. A compressor (ratio > 1): wkv and wgate
// [coff * head_dim, hidden] each (coff = 2 when the ratio is 4: overlapping windows, else 1),
// ape [ratio, coff * head_dim] F32, norm [head_dim]. The indexer (ratio 4): wq_b
// [index_heads * index_head_dim, q_lora], weights_proj [index_heads, hidden], and its own
// compressor of index_head_dim (wkv, wgate [2 * index_head_dim, hidden], ape, norm).
//
// States, each a replicated row at kv_cache_dtype (one KV head): the window row, head_dim per
// token, read over min(context, window) tokens; the compressed row, head_dim / ratio per token
// (one row of head_dim per ratio tokens). The indexer's key is stored as both engines store it
// whatever the KV dtype: index_head_dim FP8 values and one F32 scale per 128 of them, 132 B a
// row at index_head_dim 128, so 33 B a token at ratio 4 (vLLM deepseek_v4_attention.py
// @b92a330e057db9b8c2895ba862de2a03589adce8, DeepseekV4Indexer: k_cache_head_dim = head_dim +
// head_dim // quant_block_size * 4, uint8; SGLang mem_cache/deepseek_v4_memory_pool.py
// @418025512e121a27285e814c54562d00c9c871a5, DeepSeekV4IndexerPool: page_size x
// (index_head_dim + index_head_dim / 128 x 4) bytes). The window and compressed rows' own cache
// layout is larger by its scales (fp8_ds_mla: 448 FP8 NoPE values, 64 BF16 RoPE values, 8 B of
// scales = 584 B for head_dim 512): an engine layout, not counted here (they count at
// kv_cache_dtype). Each compressor keeps a per-sequence state, counted:
// vLLM's CompressorStateCache (deepseek_compressor.py @0de10a2) holds, per sequence, the last
// coff * ratio tokens (its sliding_window) of kv_state | score_state, state_dim = 2 * coff * row
// F32 values each, replicated; the pooling node reads and writes it once per step. Declared
// state_kind::compressor with rows = coff x ratio: engines page it as a sliding window of that
// many token slots (docs/engines.md), not as a Mamba-like recurrent state.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/models/blocks/hyper_connections.hpp>
#include <headroom/models/blocks/indexer_key.hpp>

namespace headroom::models::blocks {

struct compressed_attention_dims {
  std::uint64_t hidden = 0;
  std::uint64_t hc = 0;  ///< hyper-connection streams
  std::uint64_t q_heads = 0;
  std::uint64_t head_dim = 0;  ///< K = V, one KV head (its last qk_rope_head_dim values rotary)
  std::uint64_t q_lora = 0;
  std::uint64_t o_groups = 0;
  std::uint64_t o_lora = 0;
  std::uint64_t window = 0;  ///< sliding_window
  std::uint64_t ratio = 0;   ///< compress_ratios[layer]: 0 (window only), 4 (CSA) or 128 (HCA)
  std::uint64_t index_heads = 0;
  std::uint64_t index_head_dim = 0;
  std::uint64_t index_topk = 0;  ///< compressed rows the indexer selects
};

namespace detail {
/// vLLM's compressor overlaps its windows, and an indexer selects rows, at ratio 4 only
/// (DeepseekCompressor.overlap = compress_ratio == 4; DeepseekV4Attention: "Only C4A uses
/// sparse attention and hence has indexer").
constexpr bool sparse_ratio(std::uint64_t ratio) { return ratio == 4; }

/// wkv | wgate [2 * width, hidden] (two checkpoint tensors, F32 scores out); the pooling of
/// `ratio` tokens with ape [ratio, width] F32 into one row; the row's RMSNorm [row], RoPE,
/// quantization and cache write, one fused kernel in vLLM (_fused_kv_compress_norm_rope_insert_*),
/// one node here carrying the norm weight.
struct compressor_nodes {
  node proj, pool, write;
  state_decl state;
};
/// `state_bit`: the block's state index of the compressor's per-sequence state.
constexpr compressor_nodes compressor(std::uint64_t hidden, std::uint64_t row, std::uint64_t ratio, bool indexer,
                                      std::uint8_t state_bit) {
  const std::uint64_t coff = sparse_ratio(ratio) ? 2 : 1;
  const std::uint64_t w = checked_mul(coff, row);
  node proj = nd(indexer ? "index_compress" : "compress", op::linear, {e(hidden)}, {e(w, formats::f32), e(w, formats::f32)},
                 linear_role::compress);
  proj.weight_tensors = 2;
  return {proj,
          with_states(with_aux(nd(indexer ? "index_compress_pool" : "compress_pool", op::kpool_compress,
                                  {e(w, formats::f32), e(w, formats::f32)}, {e(row)}),
                               checked_mul(ratio, w), formats::f32),
                      0, static_cast<std::uint8_t>(1u << state_bit)),
          with_aux(nd(indexer ? "index_compress_write" : "compress_write", op::kv_write, {e(row)}, {}), row),
          {indexer ? "index_compress_state" : "compress_state", state_kind::compressor, dtype_key::fixed_f32,
           checked_mul(checked_mul(coff, ratio), checked_mul(2, w)), shard::replicated, 0, checked_mul(coff, ratio)}};
}
}  // namespace detail

constexpr std::uint8_t compressed_attention(circuit& c, std::string_view block_name, const compressed_attention_dims& d) {
  const std::uint64_t h = d.hidden;
  const std::uint64_t H = d.q_heads;
  const std::uint64_t hd = d.head_dim;
  const std::uint64_t qw = checked_mul(H, hd);
  const std::uint64_t o_mid = checked_mul(d.o_groups, d.o_lora);
  ::headroom::detail::require_table(d.hc != 0 && d.window != 0, "DeepSeek-V4 attention without streams or a window");
  ::headroom::detail::require_table(d.ratio == 0 || d.ratio == 4 || d.ratio == 128, "a compress ratio other than 0, 4 or 128");
  const bool sparse = detail::sparse_ratio(d.ratio);
  ::headroom::detail::require_table(d.ratio == 0 || (hd % d.ratio == 0 && (!sparse || indexer_key_row_bytes(d.index_head_dim) % d.ratio == 0)),
                                    "a compressed row that does not split into whole values per token");
  ::headroom::detail::require_table(!sparse || d.index_head_dim % indexer_quant_block == 0,
                                    "an indexer key of index_head_dim in whole blocks of 128 (one F32 scale each)");
  // vLLM: fused_wqa_wkv, the norms, the compressors and the indexer are replicated; wq_b and the
  // attention split by heads, wo_a by groups of heads (n_local_groups = o_groups / tp), wo_b row
  // parallel; the cached rows are whole on every rank (one KV head).
  const node mix = hyper::mix(h, d.hc);
  const node pre = hyper::pre(h, d.hc);
  const node norm = with_aux(nd("attn_norm", op::rms_norm, {e(h)}, {e(h)}), h);
  // wq_a and wkv fused: both multiples of 128 rows, so their 128 x 128 block scales are the
  // fused weight's; one activation quantizer serves both.
  const node q_a = nd("wq_a_wkv", op::linear, {e(h)}, {e(d.q_lora), e(hd)}, linear_role::mla_q_a);
  const node qkv_norm = with_aux(nd("q_kv_norm", op::rms_norm, {e(d.q_lora), e(hd)}, {e(d.q_lora), e(hd)}), d.q_lora + hd);
  const node q_b = sharded(nd("wq_b", op::linear, {e(d.q_lora)}, {e(qw)}, linear_role::mla_q_b), shard::heads, H);
  // The weightless per-head RMSNorm of q, RoPE of q and of the KV row, the row's quantization
  // and cache write: vLLM's fused_deepseek_v4_qnorm_rope_kv_rope_quant_insert, here the rope
  // node (q and the row) and the write.
  const node rope = sharded(nd("q_norm_rope", op::rope, {e(qw), e(hd)}, {e(qw)}), shard::heads, H);
  const node kv_write = nd("kv_write", op::kv_write, {e(hd)}, {});
  node window = sharded(with_states(with_aux(nd("attend_window", op::paged_attention, {e(qw)}, {e(qw)}), H, formats::f32), 0b001),
                        shard::heads, H, true);
  window.window = d.window;
  const node wo_a = grouped(sharded(nd("wo_a", op::linear, {e(qw)}, {e(o_mid)}, linear_role::o_group), shard::heads, d.o_groups),
                            static_cast<std::uint16_t>(d.o_groups));
  const node wo_b = sharded(nd("wo_b", op::linear, {e(o_mid)}, {e(h)}, linear_role::o), shard::rows, d.o_groups);
  const node post = hyper::post(h, d.hc);
  const state_decl window_row{"window", state_kind::paged_kv, dtype_key::kv_cache, hd, shard::replicated, 0};
  if (d.ratio == 0) {
    return c.add_block(block_name, {mix, pre, norm, q_a, qkv_norm, q_b, rope, kv_write, window, wo_a, wo_b, post},
                       {window_row});
  }
  // States: the window row 0, the compressed row 1, then (CSA) the index key 2; the
  // compressors' per-sequence states after them.
  const detail::compressor_nodes kv_c = detail::compressor(h, hd, d.ratio, false, sparse ? 3 : 2);
  const state_decl compressed_row{"compressed", state_kind::paged_kv, dtype_key::kv_cache, hd / d.ratio, shard::replicated, 0};
  if (!sparse) {
    const node attend = sharded(with_states(compressed(nd("attend_compressed", op::paged_attention, {e(qw)}, {e(qw)}), d.ratio), 0b010),
                                shard::heads, H);
    return c.add_block(block_name,
                       {mix, pre, norm, q_a, qkv_norm, q_b, rope, kv_write, window, kv_c.proj, kv_c.pool, kv_c.write,
                        attend, wo_a, wo_b, post},
                       {window_row, compressed_row, kv_c.state});
  }
  const std::uint64_t iw = checked_mul(d.index_heads, d.index_head_dim);
  const detail::compressor_nodes ix_c = detail::compressor(h, d.index_head_dim, d.ratio, true, 4);
  const node index_q = nd("index_q", op::linear, {e(d.q_lora)}, {e(iw)}, linear_role::index_q);
  const node index_weights = nd("index_weights", op::linear, {e(h)}, {e(d.index_heads)}, linear_role::index_weights);
  const node select = with_states(
      pooled(nd("index_select", op::index_select, {e(iw), e(d.index_heads)}, {e(d.index_topk, formats::i32)}), d.ratio), 0b100);
  const node attend = sharded(
      with_states(compressed(nd("attend_compressed", op::paged_attention, {e(qw), e(d.index_topk, formats::i32)}, {e(qw)}), d.ratio,
                             checked_mul(d.index_topk, d.ratio)),
                  0b010),
      shard::heads, H);
  const state_decl index_key{"index", state_kind::paged_kv, dtype_key::fixed_u8, indexer_key_row_bytes(d.index_head_dim) / d.ratio,
                             shard::replicated, 0};
  return c.add_block(block_name,
                     {mix, pre, norm, q_a, qkv_norm, q_b, rope, kv_write, window, kv_c.proj, kv_c.pool,
                      kv_c.write, index_q, index_weights, ix_c.proj, ix_c.pool, ix_c.write, select, attend, wo_a, wo_b, post},
                     {window_row, compressed_row, index_key, kv_c.state, ix_c.state});
}

}  // namespace headroom::models::blocks
