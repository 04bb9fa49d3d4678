// SPDX-License-Identifier: MIT
// headroom internals of engine_memory.hpp: llama.cpp's memory rule -- no budget; KV cells and
// streams allocated whole, ggml row sizes, the compute buffer.
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/detail/engine_admission.hpp>
#include <headroom/detail/engine_layout.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/device.hpp>
#include <headroom/engine.hpp>
#include <headroom/engine_terms.hpp>
#include <headroom/footprint.hpp>
#include <headroom/model.hpp>
#include <headroom/detail/settings_core.hpp>

namespace headroom::detail {

/// ggml row bytes of `elements` values of a cache type (block types: 32 values per block).
constexpr byte_count ggml_bytes(ggml_cache_type t, std::uint64_t elements) {
  switch (t) {
    case ggml_cache_type::f32: return checked_mul(elements, 4);
    case ggml_cache_type::f16:
    case ggml_cache_type::bf16: return checked_mul(elements, 2);
    case ggml_cache_type::q8_0: return checked_mul(ceil_div(elements, 32), 34);
    case ggml_cache_type::q4_0: return checked_mul(ceil_div(elements, 32), 18);
  }
  return 0;
}

/// llama.cpp: no blocks -- a sequence holds one slot (its own stream) if it fits one.
constexpr std::uint64_t llama_cpp_request_blocks(const engine_memory& em, std::uint64_t len) {
  return len <= em.n_ctx_seq ? 1 : UINT64_MAX;
}

/// The cells of the whole context and of one slot, as llama-context.cpp sizes them after PR
/// #17046: n_ctx padded to n_pad (256); per-sequence streams of pad_to(n_ctx / n_seq) cells each
/// unless unified, where a slot is n_ctx / n_seq of one shared stream.
struct llama_cpp_cells {
  std::uint64_t n_ctx = 0;      ///< cells allocated
  std::uint64_t n_ctx_seq = 0;  ///< the tokens one sequence (slot) holds
};
constexpr llama_cpp_cells llama_cpp_cells_of(const llama_cpp_knobs& k, std::uint64_t n_ctx, std::uint64_t n_seq) {
  const std::uint64_t pad = k.n_pad == 0 ? 1 : k.n_pad;
  n_ctx = pad_to(n_ctx, pad);
  if (k.kv_unified) return {n_ctx, n_ctx / n_seq};
  const std::uint64_t n_ctx_seq = pad_to(n_ctx / n_seq, pad);
  return {checked_mul(n_ctx_seq, n_seq), n_ctx_seq};
}

constexpr engine_memory llama_cpp_memory(const model& m, const device& d, const settings& s, const llama_cpp_knobs& k,
                                         const footprint_bytes& fp, const kv_layout& l, std::uint64_t seqs,
                                         std::uint64_t context) {
  engine_memory em = memory_at_start(engine_kind::llama_cpp, d);
  em.budget_bytes = em.free_at_start_bytes;
  em.budget_fraction = {1'000'000};
  em.loaded_weights_bytes_per_rank = fp.loaded_weights;
  const std::uint64_t n_seq = k.n_seq_max != 0 ? k.n_seq_max : seqs;
  const llama_cpp_cells cells_of = llama_cpp_cells_of(k, k.n_ctx != 0 ? k.n_ctx : checked_mul(seqs, context), n_seq);
  const std::uint64_t n_ctx = cells_of.n_ctx;
  const std::uint64_t n_ctx_seq = cells_of.n_ctx_seq;
  const std::uint64_t n_stream = k.kv_unified ? 1 : n_seq;
  const std::uint64_t pad = k.n_pad == 0 ? 1 : k.n_pad;
  em.n_ctx_seq = n_ctx_seq;
  em.max_model_len = em.n_ctx_seq;
  em.max_num_seqs = n_seq;
  em.max_num_batched_tokens = k.n_ubatch;
  // Elements per token: the footprint's bytes at the settings' KV element size; K and V halves.
  const std::uint64_t kv_elem = element_bytes(s.kv);
  const std::uint64_t full_elems = l.full_per_token / kv_elem;
  const std::uint64_t swa_elems = l.swa_per_token / kv_elem;
  // MLA keeps one latent row per token (the K cache; llama.cpp forks with MLA store no V).
  auto row = [&](std::uint64_t elems) -> byte_count {
    if (l.latent) return ggml_bytes(k.type_k, elems);
    return checked_add(ggml_bytes(k.type_k, elems / 2), ggml_bytes(k.type_v, elems - elems / 2));
  };
  // llama-kv-cache-iswa.cpp: SWA layers hold pad(min(size, n_swa x (unified ? n_seq : 1) + n_ubatch), 256) cells.
  const std::uint64_t cells = k.kv_unified ? n_ctx : n_ctx_seq;
  std::uint64_t swa_cells = cells;
  if (!k.swa_full && l.window != 0) {
    swa_cells = pad_to(headroom::detail::min(cells, l.window * (k.kv_unified ? n_seq : 1) + k.n_ubatch), pad);
    swa_cells = headroom::detail::min(swa_cells, cells);
  }
  byte_count kv = checked_mul(checked_mul(row(full_elems), cells), n_stream);
  kv = checked_add(kv, checked_mul(checked_mul(row(swa_elems), swa_cells), n_stream));
  // Recurrent layers: max(1, n_seq_max) cells of F32 state (llama_model::create_memory); a
  // compressor's per-sequence state (DeepSeek-V4) counted the same way, per sequence.
  em.recurrent_state_pool_bytes = checked_mul(n_seq, checked_add(l.state_per_seq, l.compressor_per_seq));
  em.available_kv_cache_bytes = kv;
  em.block_size_tokens = 1;  // a cell is one token
  em.kv_cache_tokens = cells;
  em.pool_tokens_per_group = cells;
  em.kv_cache_blocks = cells;
  em.block_bytes = 0;
  // The compute buffer: one ubatch forward plus its logits [n_ubatch, vocab] f32.
  em.activation_peak_bytes = forward_peak_bytes(m, k.n_ubatch, l.hidden);
  em.sampler_bytes = checked_mul(checked_mul(k.n_ubatch, l.vocab), 4);
  em.compute_buffer_bytes = checked_add(em.activation_peak_bytes, em.sampler_bytes);
  if (!k.flash_attn) {
    // Without flash attention the graph materialises the scores [cells, n_ubatch, heads] in f32.
    em.compute_buffer_bytes = checked_add(em.compute_buffer_bytes, checked_mul(checked_mul(checked_mul(cells, k.n_ubatch), l.q_heads), 4));
  }
  em.request_blocks = 1;
  em.request_bytes = n_stream == 0 ? 0 : kv / n_stream;
  em.max_concurrency = n_seq;
  em.max_concurrency_hundredths = checked_mul(n_seq, 100);
  const byte_count need = checked_add(checked_add(em.loaded_weights_bytes_per_rank, kv),
                                      checked_add(em.recurrent_state_pool_bytes, em.compute_buffer_bytes));
  em.kv_shortfall_bytes = sat_sub(need, em.budget_bytes);
  if (need > em.budget_bytes) em.stops = engine_term::no_memory_for_kv_cache;  // cudaMalloc fails
  em.engine_starts = em.stops == engine_term::none;
  return em;
}

}  // namespace headroom::detail
