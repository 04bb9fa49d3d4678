// SPDX-License-Identifier: MIT
// headroom internals of engine_memory.hpp: SGLang's memory rule -- its default
// mem_fraction_static, the Mamba / GDN state pool, the token pool with its sliding-window share.
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/detail/engine_admission.hpp>
#include <headroom/detail/engine_layout.hpp>
#include <headroom/detail/engine_sglang_mamba.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/device.hpp>
#include <headroom/engine.hpp>
#include <headroom/engine_terms.hpp>
#include <headroom/footprint.hpp>
#include <headroom/kernels.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>

namespace headroom::detail {

/// SGLang's default mem_fraction_static (server_args.py _handle_gpu_memory_settings), in
/// millionths, rounded to 3 decimals as the engine rounds it.
constexpr fraction sglang_default_fraction(byte_count total, std::uint64_t tp, std::uint64_t& chunked, std::uint64_t& graph_bs) {
  const std::uint64_t mem_mib = total / mib;
  const std::uint64_t gib_ = total / gib;
  std::uint64_t cps = 0;
  std::uint64_t bs = 0;
  if (gib_ < 20) { cps = 2048; bs = 8; }
  else if (gib_ < 35) { cps = 2048; bs = tp < 4 ? 24 : 80; }
  else if (gib_ < 60) { cps = 4096; bs = tp < 4 ? 32 : 160; }
  else if (gib_ < 160) { cps = 8192; bs = tp < 4 ? 256 : 512; }
  else { cps = 16384; bs = 512; }
  if (chunked == 0) chunked = cps;
  if (graph_bs == 0) graph_bs = bs;
  // reserved MiB = 512 + max(chunked, 2048) x 1.5 + cuda_graph_max_bs x 2 + tp / 8 x 1024
  std::uint64_t reserved = 512 + headroom::detail::max<std::uint64_t>(chunked, 2048) * 3 / 2 + graph_bs * 2 + tp * 1024 / 8;
  if (mem_mib > 60 * 1024) reserved = headroom::detail::max<std::uint64_t>(reserved, 10 * 1024);
  if (reserved >= mem_mib) return {0};
  const std::uint64_t thousandths = ((mem_mib - reserved) * 2000 / mem_mib + 1) / 2;  // round(x, 3)
  return {static_cast<std::uint32_t>(thousandths * 1000)};
}

/// The default fraction of a multimodal checkpoint (adjust_mem_fraction_for_vlm,
/// python/sglang/srt/arg_groups/memory_hook.py @031ed82d8b5ec8db9cf88cffb057c2e91c964262):
/// x 0.95 x clamp(1 - 0.1 x (L x H^2 / (24 x 1024^2) - 1), 0.8, 1.05), the vision_config's
/// num_hidden_layers L (24 when absent) and hidden_size H (1024 when absent) against ViT-L/14's.
/// SGLang keeps the product unrounded; here it is floored to millionths.
constexpr fraction sglang_vlm_fraction(fraction f, const vision_config_keys& v) {
  constexpr std::uint64_t base = 24ULL * 1024 * 1024;  // ViT-L/14: 24 x 1024^2
  const std::uint64_t layers = v.num_hidden_layers != 0 ? v.num_hidden_layers : 24;
  const std::uint64_t hidden = v.hidden_size != 0 ? v.hidden_size : 1024;
  // 2 x base x (1.1 - 0.1 x score / base) = 22 base - 2 score, clamped to [16 base, 21 base].
  const std::uint64_t score2 = checked_mul(2, checked_mul(layers, checked_mul(hidden, hidden)));
  const std::uint64_t dynamic2 = headroom::detail::clamp<std::uint64_t>(sat_sub(22 * base, score2), 16 * base, 21 * base);
  return {static_cast<std::uint32_t>(checked_mul(checked_mul(f.millionths, 95), dynamic2) / (100 * 20 * base))};
}

/// DeepSeek-V4's compressor states as SGLang holds them (python/sglang/srt/model_executor/
/// pool_configurator.py @003fca8027387a3d6565b2c08e497e3020ac6211, DSV4PoolConfigurator;
/// python/sglang/srt/mem_cache/deepseek_v4_memory_pool.py @007bddd4a95b44d3c8cd22c8a24d0ee1455955fd,
/// get_compress_state_ring_size): a ring of 8 rows at ratio 4 (16 speculative) per SWA page of
/// window_size tokens, priced per SWA token; a ring of 128 rows at ratio 128 (256 speculative)
/// per request slot, a fixed pool of ceil((slots x ring + ring + 1) / 128) x 128 rows.
struct sglang_compressor_rings {
  byte_count per_swa_page = 0;   ///< ratio-4 rings of one SWA page, all layers
  byte_count request_row = 0;    ///< one ratio-128 row, all layers
  std::uint64_t request_ring = 0;
};
constexpr sglang_compressor_rings sglang_rings(const kv_layout& l, bool speculative) {
  sglang_compressor_rings r{};
  for (std::size_t g = 0; g < l.n_compressor; ++g) {
    const compressor_group& cg = l.compressor[g];
    require_table(cg.rows == 8 || cg.rows == 128, "SGLang rings compressor states of ratio 4 (8 rows) or 128 (128 rows) only");
    const std::uint64_t ring = speculative ? 2 * cg.rows : cg.rows;
    if (cg.rows == 8) {
      r.per_swa_page = checked_add(r.per_swa_page, checked_mul(checked_mul(cg.layers, ring), cg.slot_bytes));
    } else {
      r.request_row = checked_add(r.request_row, checked_mul(cg.layers, cg.slot_bytes));
      r.request_ring = ring;
    }
  }
  return r;
}

/// A DeepSeek-V4 token as SGLang prices it (DSV4PoolConfigurator._get_bytes_per_full_token,
/// python/sglang/srt/model_executor/pool_configurator.py @003fca8027387a3d6565b2c08e497e3020ac6211),
/// in millionths of a byte, the ratio-4 rings apart (sglang_rings): every row, of the sliding
/// window and of the compressed pools, is `kv_bytes = qk_nope_head_dim + qk_rope_head_dim * 2 + 8`
/// = 584 B whatever --kv-cache-dtype (448 FP8 nope + 64 BF16 rope + 8 scale bytes, asserted
/// `448 + 64 * 2 + 8` by deepseek_v4_memory_pool.py), an index key index_head_dim + 4 B:
/// swa_ratio x 584 x layers + 584 / 4 x ratio-4 layers + 584 / 128 x ratio-128 layers +
/// (index_head_dim + 4) / 4 x ratio-4 layers, over the target's `layers` (its compress_ratios).
/// The ratio-4 layers and the index width come from the compressor states: the KV compressor's
/// slot is 2 x 2 x head_dim F32, the indexer's 2 x 2 x index_head_dim F32.
inline constexpr byte_count sglang_dsv4_row_bytes = 584;
constexpr byte_count sglang_dsv4_rows_millionths(const kv_layout& l, fraction swa_ratio, std::uint64_t layers) {
  std::uint64_t ca4 = 0, ca128 = 0, idx_layers = 0, idx_dim = 0;
  for (std::size_t g = 0; g < l.n_compressor; ++g) {
    const compressor_group& cg = l.compressor[g];
    if (cg.rows == 128) {
      ca128 += cg.layers;
    } else if (cg.slot_bytes == 16 * l.head_dim) {
      ca4 += cg.layers;
    } else {
      idx_layers += cg.layers;
      idx_dim = headroom::detail::max<std::uint64_t>(idx_dim, cg.slot_bytes / 16);
    }
  }
  byte_count m = checked_mul(checked_mul(sglang_dsv4_row_bytes, swa_ratio.millionths), layers);
  m = checked_add(m, checked_mul(sglang_dsv4_row_bytes * 250'000, ca4));             // 584 / 4 a token
  m = checked_add(m, checked_mul(sglang_dsv4_row_bytes * 1'000'000 / 128, ca128));   // 4,562,500: exact
  return checked_add(m, checked_mul(checked_mul(idx_dim + 4, 250'000), idx_layers));
}

/// DeepSeek-V4's defaults under SGLang (_deepseek_v4_overrides,
/// python/sglang/srt/arg_groups/model_overrides/deepseek_v4.py
/// @01a4a991568f810ca3a10984e2881e136212c916): swa_full_tokens_ratio 0.1 when the flag is unset,
/// and a page of 256 tokens whatever --page-size (128 on Ascend NPUs, not a headroom device).
/// Other models: 0.8 (ServerArgs' default) and --page-size.
inline constexpr std::uint64_t sglang_dsv4_page_size = 256;
constexpr fraction sglang_swa_ratio(const sglang_knobs& k, bool dsv4) {
  if (k.swa_full_tokens_ratio.millionths != 0) return k.swa_full_tokens_ratio;
  return fraction{dsv4 ? 100'000u : 800'000u};
}

/// The fixed ratio-128 ring pool for `mrr` running requests (_get_c128_state_fixed_bytes:
/// num_req_slots = max_running_requests + 1).
constexpr byte_count sglang_request_rings_bytes(const sglang_compressor_rings& r, std::uint64_t mrr) {
  if (r.request_row == 0) return 0;
  const std::uint64_t rows = pad_to(checked_add(checked_mul(mrr + 1, r.request_ring), r.request_ring + 1), 128);
  return checked_mul(rows, r.request_row);
}

/// How SGLang lays out MXFP4 routed experts on device `d` (mxfp4_padding, engine_layout.hpp):
/// Mxfp4MoEMethod.create_weights (python/sglang/srt/layers/quantization/mxfp4.py
/// @bafa16ec882f0c9b7dcfb2c2ed790acb30572c1f) pads the rank's intermediate share and the hidden
/// size to 256 under FlashInfer's MXFP4 MoE, which server_args.py picks for gpt-oss
/// (`moe_runner_backend auto`) where is_sm100_supported() (capability major 10); elsewhere the
/// share to 32, one MXFP4 block, where triton_kernels runs the experts (the other NVIDIA
/// devices), and not at all without it (ROCm). A share is counted in whole blocks there too: an
/// MXFP4 tensor is stored in them, and a share that is not (gpt-oss at TP 4 and 8: 720 and 360
/// of 2,880) has no unpadded layout whose scales hold the checkpoint's.
constexpr mxfp4_padding sglang_mxfp4_padding(const device& d) {
  const std::uint16_t sm = sm_of(d.arch);
  if (sm >= 100 && sm < 110) return {256, 256};
  return {32, 1};
}

/// SGLang: a token pool, page-aligned -- a request of `len` tokens holds cdiv(len, page) pages.
constexpr std::uint64_t sglang_request_blocks(const engine_memory& em, std::uint64_t len) {
  return ceil_div(len, em.block_size_tokens);
}

constexpr engine_memory sglang_memory(const model& m, const device& d, const sglang_knobs& k, const parallel& p,
                                      const footprint_bytes& fp, const kv_layout& l, std::uint64_t context,
                                      bool speculative = false) {
  engine_memory em = memory_at_start(engine_kind::sglang, d);
  std::uint64_t chunked = k.chunked_prefill_size;
  std::uint64_t graph_bs = k.cuda_graph_max_bs;
  fraction dflt = sglang_default_fraction(em.total_bytes, p.tp, chunked, graph_bs);
  if (m.vision_config.present) dflt = sglang_vlm_fraction(dflt, m.vision_config);
  em.budget_fraction = k.mem_fraction_static.millionths != 0 ? k.mem_fraction_static : dflt;
  // The fraction is of the free memory before the weights load (profile_max_num_token).
  em.budget_bytes = scale(em.free_at_start_bytes, em.budget_fraction);
  em.loaded_weights_bytes_per_rank = mxfp4_loaded_weights(m, p, sglang_mxfp4_padding(d), fp.loaded_weights);
  em.max_num_batched_tokens = chunked;
  em.max_model_len = k.context_length != 0 ? k.context_length : context;
  // Activations and graphs live in the (1 - fraction) reserve: shown, not subtracted.
  em.activation_peak_bytes = forward_peak_bytes(m, chunked, l.hidden);
  byte_count rest = sat_sub(em.budget_bytes, em.loaded_weights_bytes_per_rank);
  em.kv_shortfall_bytes = sat_sub(em.loaded_weights_bytes_per_rank, em.budget_bytes);
  std::uint64_t state_slots = UINT64_MAX;
  // Speculative decoding sets max_running_requests to 48 when unset, whatever the model
  // (engine_sglang_mamba.hpp, sglang_speculative_running_requests): it caps the admission below,
  // sizes a hybrid's intermediate states and DeepSeek-V4's ratio-128 rings.
  std::uint64_t requested = k.max_running_requests;
  if (speculative && requested == 0) requested = sglang_speculative_running_requests;
  const bool hybrid = l.n_state != 0 && l.state_per_seq != 0;
  if (hybrid) {
    // The state pool and, when speculative, its intermediate states come first
    // (engine_sglang_mamba.hpp).
    const std::uint64_t draft =
        !speculative ? 0 : k.speculative_num_draft_tokens != 0 ? k.speculative_num_draft_tokens : sglang_default_draft_tokens;
    const sglang_mamba_pool pool = sglang_mamba_pool_of(rest, l.state_per_seq, k, requested, draft);
    state_slots = pool.slots;
    em.recurrent_state_pool_bytes = checked_add(pool.state_bytes, pool.scratch_bytes);
    // No slot, or more state than budget: SGLang's "Not enough GPU memory for hybrid state cache".
    if (pool.slots == 0 || em.recurrent_state_pool_bytes > rest) em.stops = engine_term::no_memory_for_kv_cache;
    rest = sat_sub(rest, em.recurrent_state_pool_bytes);
  }
  // Bytes per token: full layers, plus the sliding pool at swa_full_tokens_ratio (HybridSWAPoolConfigurator);
  // DeepSeek-V4's rows at SGLang's own 584 B over the target's layers (sglang_dsv4_rows_millionths).
  const bool dsv4 = l.n_compressor != 0;
  const fraction swa = sglang_swa_ratio(k, dsv4);
  const std::uint64_t target_layers = sat_sub(l.n_swa, speculative ? m.c.layers_in(section::draft) : 0);
  byte_count cell = dsv4 ? sglang_dsv4_rows_millionths(l, swa, target_layers)
                         : checked_add(checked_mul(l.full_per_token, 1'000'000),
                                       checked_mul(l.swa_per_token, swa.millionths));
  const sglang_compressor_rings rings = sglang_rings(l, speculative);
  if (rings.per_swa_page != 0) {
    // swa_ratio x (ring / window_size) x state bytes per token (_get_bytes_per_full_token).
    require_table(l.window != 0, "a ratio-4 compressor state without a sliding window to ring it");
    cell = checked_add(cell, checked_mul(rings.per_swa_page, swa.millionths) / l.window);
  }
  // Speculative: the draft worker's pool is reserved by inflating the price by (T + 1) / T, one
  // draft layer whatever the head (DSV4PoolConfigurator.__init__, "draft_layers = 1").
  if (dsv4 && speculative && target_layers != 0) cell = checked_mul(cell, target_layers + 1) / target_layers;
  if (rings.request_row != 0 && cell != 0) {
    // The ratio-128 rings are carved before the token pool, for the requests the engine will
    // admit: max_running_requests (48 when speculative and unset), else its estimate from the
    // token capacity (_get_c128_state_fixed_bytes_for_token_capacity: min(clamp(tokens / context
    // x 512, 2048, 4096), tokens / 2)), here the capacity before the carve.
    std::uint64_t mrr = requested;
    if (mrr == 0) {
      const std::uint64_t tokens0 = rest / cell * 1'000'000 + (rest % cell) * 1'000'000 / cell;
      mrr = headroom::detail::min<std::uint64_t>(headroom::detail::clamp<std::uint64_t>(checked_mul(tokens0, 512) / headroom::detail::max<std::uint64_t>(em.max_model_len, 1), 2048, 4096),
                                    tokens0 / 2);
    }
    const byte_count carve = headroom::detail::min(rest, sglang_request_rings_bytes(rings, mrr));
    em.recurrent_state_pool_bytes = checked_add(em.recurrent_state_pool_bytes, carve);
    rest -= carve;
  }
  em.available_kv_cache_bytes = rest;
  const std::uint64_t page = dsv4 ? sglang_dsv4_page_size : k.page_size == 0 ? 1 : k.page_size;
  em.block_size_tokens = page;
  const std::uint64_t tokens = cell == 0 ? 0 : (rest / cell * 1'000'000 + (rest % cell) * 1'000'000 / cell);
  em.kv_cache_tokens = tokens / page * page;
  em.pool_tokens_per_group = em.kv_cache_tokens;
  em.kv_cache_blocks = em.kv_cache_tokens / page;
  if (l.swa_per_token != 0) {
    em.swa_kv_cache_tokens = em.kv_cache_tokens / 1'000'000 * swa.millionths +
                             em.kv_cache_tokens % 1'000'000 * swa.millionths / 1'000'000;
    em.swa_kv_cache_tokens = em.swa_kv_cache_tokens / page * page;
  }
  em.block_bytes = ceil_div(checked_mul(cell, page), 1'000'000);
  em.max_num_seqs = sglang_running_requests(requested, em.kv_cache_tokens, em.max_model_len, state_slots, sglang_mamba_ratio(k));
  finish_admission(em, sglang_request_blocks);
  if (em.kv_cache_tokens == 0) em.stops = engine_term::no_memory_for_kv_cache;  // "Not enough memory"
  em.engine_starts = em.stops == engine_term::none;
  return em;
}

}  // namespace headroom::detail
