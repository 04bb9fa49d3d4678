// SPDX-License-Identifier: MIT
// headroom internals of engine_memory.hpp: vLLM V1's memory rule -- budget, profiled terms, the
// page and KV-cache groups, blocks, and its start-up checks (docs/engines.md cites each term).
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
#include <headroom/kernels.hpp>
#include <headroom/model.hpp>

namespace headroom::detail {

/// vLLM's batch defaults for `vllm serve` (vllm/engine/arg_utils.py get_batch_defaults,
/// @99d7eb5d6a512cfcc5a2b104f24ebf2d6cda772b): a device with >= 70 GiB that is not an A100 gets
/// 8192 batched tokens and 1024 sequences, any other 2048 and 256.
constexpr bool vllm_large_device(const device& d) { return d.memory_bytes >= 70ULL * gib && !contains(d.id, "a100"); }

/// Whether `n` is on vLLM's capture-size grid (1, 2, 4, 8..248 step 8, 256.. step 16).
constexpr bool vllm_on_capture_grid(std::uint64_t n) {
  return n == 1 || n == 2 || n == 4 || (n >= 8 && n < 256 && n % 8 == 0) || (n >= 256 && (n - 256) % 16 == 0);
}

/// The ceiling of vLLM's capture sizes: --max-cudagraph-capture-size where given (0: not), else
/// min(2 x max_num_seqs x q, 512), q = 1 + K the tokens a sequence's decode step carries when K
/// tokens are drafted a step (`decode_query_len`; VllmConfig._set_cudagraph_sizes, vllm/config/vllm.py
/// @000fc94b754f66aeb60ef5acf1ea2e94cdc65164, which raises the 512 to 1024 on capability 10.x
/// since vllm-project/vllm PR #49390 (2026-07): releases before it, which the public logs and
/// measurements here ran, keep 512 there too; --max-cudagraph-capture-size 1024 gives the newer).
constexpr std::uint64_t vllm_capture_ceiling(std::uint64_t max_num_seqs, std::uint64_t max_capture_size,
                                             std::uint64_t decode_query_len = 1) {
  return max_capture_size != 0 ? max_capture_size
                               : headroom::detail::min<std::uint64_t>(checked_mul(checked_mul(2, max_num_seqs), decode_query_len), 512);
}

/// The grid's largest size not above `x` (0: none).
constexpr std::uint64_t vllm_grid_last(std::uint64_t x) {
  if (x >= 256) return 256 + (x - 256) / 16 * 16;
  if (x >= 8) return headroom::detail::min<std::uint64_t>(x, 248) / 8 * 8;
  return x >= 4 ? 4 : x >= 2 ? 2 : x;
}

/// The grid's sizes up to `bound` rounded up to multiples of `r`: how many distinct values, and
/// the largest over r (ceil(s / r) of the last size; 0: none). In closed form, so that any flag
/// value costs the same: within a run of the grid of step d, the values rise at every size when
/// d >= r and step through every multiple between the first's and the last's when d < r, and
/// a run's first value can only repeat the run before's last.
struct vllm_rounded {
  std::uint64_t count = 0;
  std::uint64_t last = 0;
};
constexpr vllm_rounded vllm_grid_rounded(std::uint64_t bound, std::uint64_t r) {
  vllm_rounded out{};
  const auto run = [&](std::uint64_t first, std::uint64_t step, std::uint64_t last) {
    if (first > last) return;
    const std::uint64_t m0 = ceil_div(first, r), m1 = ceil_div(last, r);
    out.count += (step >= r ? (last - first) / step + 1 : m1 - m0 + 1) - (m0 == out.last ? 1 : 0);
    out.last = m1;
  };
  if (bound >= 1) run(1, 1, 1);
  if (bound >= 2) run(2, 1, 2);
  if (bound >= 4) run(4, 1, 4);
  if (bound >= 8) run(8, 8, headroom::detail::min<std::uint64_t>(bound, 248) / 8 * 8);
  if (bound >= 256) run(256, 16, vllm_grid_last(bound));
  return out;
}

/// vLLM's CUDA-graph capture sizes not above `cap`: 1, 2, 4, then 8..248 by 8, then 256.. by 16.
constexpr std::uint64_t vllm_capture_sizes_up_to(std::uint64_t cap) { return vllm_grid_rounded(cap, 1).count; }

/// The sizes vLLM captures, counted: `sizes` of every routine's list, `decode` of them the
/// separate FULL decode routine keeps (FULL_AND_PIECEWISE, FULL_DECODE_ONLY; 0 in other modes),
/// `largest` the largest (0: none).
struct vllm_captures {
  std::uint64_t sizes = 0;
  std::uint64_t decode = 0;
  std::uint64_t largest = 0;
};
/// The list: the grid up to cap = min(ceiling, max_num_batched_tokens), and max_num_batched_tokens
/// itself when it is below the ceiling and off the grid (VllmConfig._set_cudagraph_sizes, @000fc94b
/// above). Speculating (q > 1) under a mode with a FULL decode routine, vLLM rounds each size up to
/// a multiple of q, drops those that pass the list's largest and keeps one of each
/// (CompilationConfig.adjust_cudagraph_sizes_for_spec_decode, vllm/config/compilation.py
/// @002284db4c87420647c6bc2cafe923942bcea307; it raises an error where none is left, q above the
/// list's largest: no graph here): a uniform decode batch is a whole number of q-token sequences.
/// The FULL decode graphs are the sizes from q to q x max_num_seqs
/// (CudagraphDispatcher.initialize_cudagraph_keys, vllm/v1/cudagraph_dispatcher.py
/// @009eec3b2b00e1b8afb4bcafb58e9403b2aa1ada). (Releases from 000fc94b also append q x n for n on
/// the grid up to max_num_seqs, multiples of q the rounded grid mostly holds already: not added.)
constexpr vllm_captures vllm_capture_list(vllm_cudagraph_mode mode, std::uint64_t max_num_seqs,
                                          std::uint64_t max_num_batched_tokens, std::uint64_t max_capture_size = 0,
                                          std::uint64_t decode_query_len = 1) {
  vllm_captures out{};
  if (mode == vllm_cudagraph_mode::none) return out;
  const std::uint64_t q = decode_query_len == 0 ? 1 : decode_query_len;
  const std::uint64_t ceiling = vllm_capture_ceiling(max_num_seqs, max_capture_size, q);
  const std::uint64_t cap = headroom::detail::min(ceiling, max_num_batched_tokens);
  // max_num_batched_tokens joins off the grid below the ceiling: it is then the cap, above every
  // grid size, and the list's largest.
  const bool extra = max_num_batched_tokens <= ceiling && !vllm_on_capture_grid(max_num_batched_tokens);
  const std::uint64_t last = extra ? max_num_batched_tokens : vllm_grid_last(cap);
  const std::uint64_t r = q > 1 && mode != vllm_cudagraph_mode::piecewise ? q : 1;
  // A size stays when its rounded value does not pass `last`: sizes up to floor(last / r) x r.
  const std::uint64_t kept = last / r * r;
  const auto up_to = [&](std::uint64_t bound) {
    vllm_rounded v = vllm_grid_rounded(headroom::detail::min(bound, cap), r);
    if (extra && max_num_batched_tokens <= bound && ceil_div(max_num_batched_tokens, r) != v.last) {
      ++v.count;
      v.last = ceil_div(max_num_batched_tokens, r);
    }
    return v;
  };
  const vllm_rounded all = up_to(kept);
  out.sizes = all.count;
  out.largest = all.last * r;
  const bool decode_routine = mode == vllm_cudagraph_mode::full_and_piecewise || mode == vllm_cudagraph_mode::full_decode_only;
  if (decode_routine) out.decode = up_to(headroom::detail::min(kept, checked_mul(q, max_num_seqs))).count;
  return out;
}

/// The largest pass, in tokens, vLLM replays from a CUDA graph: the largest capture size
/// (vllm_capture_list). A pass of more tokens has no graph to replay and runs eagerly:
/// CudagraphDispatcher.dispatch returns CUDAGraphMode.NONE when no key holds the batch
/// ("If the dispatching key does not exist, default to return NONE mode for eager execution",
/// vLLM's docs/design/cuda_graphs.md @0045689bdb239a1c53951f3847b9475098f36ef7).
constexpr std::uint64_t vllm_largest_capture_size(std::uint64_t max_num_seqs, std::uint64_t max_num_batched_tokens,
                                                  std::uint64_t max_capture_size = 0, std::uint64_t decode_query_len = 1,
                                                  vllm_cudagraph_mode mode = vllm_cudagraph_mode::full_and_piecewise) {
  return vllm_capture_list(mode, max_num_seqs, max_num_batched_tokens, max_capture_size, decode_query_len).largest;
}

/// The CUDA graphs vLLM captures in `mode` (engine.hpp, vllm_cudagraph_mode): per size of the
/// list (vllm_capture_list) a graph of the mode's mixed routine (PIECEWISE, or FULL in FULL
/// mode); where the mode has a separate decode routine of FULL graphs (FULL_AND_PIECEWISE,
/// FULL_DECODE_ONLY), a FULL graph for each of its decode sizes.
constexpr std::uint64_t vllm_graphs_captured(vllm_cudagraph_mode mode, std::uint64_t max_num_seqs,
                                             std::uint64_t max_num_batched_tokens, std::uint64_t max_capture_size = 0,
                                             std::uint64_t decode_query_len = 1) {
  const vllm_captures c = vllm_capture_list(mode, max_num_seqs, max_num_batched_tokens, max_capture_size, decode_query_len);
  switch (mode) {
    case vllm_cudagraph_mode::full_and_piecewise: return checked_add(c.sizes, c.decode);
    case vllm_cudagraph_mode::piecewise:
    case vllm_cudagraph_mode::full: return c.sizes;
    case vllm_cudagraph_mode::full_decode_only: return c.decode;
    case vllm_cudagraph_mode::none: break;
  }
  return 0;
}

/// Speculative tokens a step drafts: the knob, else vLLM's default, the head's n_predict, its
/// MTP layers (SpeculativeConfig.__post_init__, vllm/config/speculative.py
/// @002e77c1f0ef9b19cff8b9e21cfbd6feb3d6b443: "Default to max value defined in draft model config").
constexpr std::uint64_t vllm_speculative_tokens(const model& m, const vllm_knobs& k, bool speculative) {
  if (!speculative) return 0;
  return k.num_speculative_tokens != 0 ? k.num_speculative_tokens : m.c.layers_in(section::draft);
}

/// The layout vLLM pages when `spec` tokens are drafted a step: each conv window keeps
/// kernel - 1 + num_spec past inputs a channel (MambaStateShapeCalculator.gated_delta_net_state_shape,
/// mamba2_state_shape and kda_state_shape: `conv_kernel_size - 1 + num_spec`,
/// vllm/model_executor/layers/mamba/mamba_utils.py @02d710837549a368073552333f66d714477415d2),
/// so the state page, and the attention block raised to hold it, grow with the drafted tokens.
constexpr kv_layout vllm_spec_layout(kv_layout l, std::uint64_t spec) {
  if (spec == 0 || l.conv_columns == 0 || l.conv_per_seq == 0) return l;
  const byte_count extra = checked_mul(l.conv_per_seq / l.conv_columns, spec);
  l.state_per_seq = checked_add(l.state_per_seq, extra);
  l.conv_per_seq = checked_add(l.conv_per_seq, extra);
  l.conv_columns = checked_add(l.conv_columns, spec);
  return l;
}

/// vLLM: the bytes one request of `len` tokens holds in compressor-state pages (DeepSeek-V4).
/// Each is a SlidingWindowMLASpec (vllm/model_executor/layers/deepseek_compressor.py @0de10a2,
/// CompressorStateCache.get_kv_cache_spec) whose request holds, like any sliding window,
/// cdiv(min(rows - 1 + max_num_batched_tokens, len), block) + 1 pages
/// (vllm/v1/kv_cache_interface.py SlidingWindowSpec.max_memory_usage_bytes): every scheduled
/// token of a prefill chunk writes its own state slot (_save_partial_states_kernel).
constexpr byte_count vllm_compressor_bytes(const engine_memory& em, std::uint64_t len) {
  byte_count b = 0;
  for (const compressor_state_pages& g : em.compressor_pages) {
    if (g.layers == 0) continue;
    const std::uint64_t span = headroom::detail::min(checked_add(g.rows - 1, em.max_num_batched_tokens), len);
    const std::uint64_t pages = ceil_div(span, g.block_tokens) + 1;
    b = checked_add(b, checked_mul(checked_mul(g.layers, pages), g.page_bytes));
  }
  return b;
}

/// vLLM: blocks one request of `len` tokens needs, summed over its KV-cache groups
/// (vllm/v1/kv_cache_interface.py max_memory_usage_bytes, per group: full attention cdiv(L, bs);
/// sliding (cdiv(min(W - 1 + batched, L), bs) + 1); Mamba 1 page (mamba_cache_mode "none"), 2 in
/// "align" mode).
constexpr std::uint64_t vllm_request_blocks(const engine_memory& em, std::uint64_t len) {
  std::uint64_t b = checked_mul(em.groups_full, ceil_div(len, em.block_size_tokens));
  if (em.groups_sliding != 0) {
    const std::uint64_t sbs = em.sliding_block_size_tokens != 0 ? em.sliding_block_size_tokens : em.block_size_tokens;
    b = checked_add(b, checked_mul(em.groups_sliding, ceil_div(headroom::detail::min(em.sliding_span, len), sbs) + 1));
  }
  // Compressor-state pages share the KV tensors' memory (deepseek_compressor.py: "compressor
  // states share the same physical tensor as KV blocks"): their bytes in whole blocks.
  if (em.block_bytes != 0) b = checked_add(b, ceil_div(vllm_compressor_bytes(em, len), em.block_bytes));
  return checked_add(b, checked_mul(em.groups_state, em.state_pages_per_request));
}

/// How vLLM lays out MXFP4 routed experts on device `d` (mxfp4_padding, engine_layout.hpp). The kernel
/// select_mxfp4_moe_backend picks decides, then mxfp4_round_up_hidden_size_and_intermediate_size
/// pads for it (vllm/model_executor/layers/fused_moe/oracle/mxfp4.py
/// @045335ce635d2cb8968d4a8362b0473f49b36dd3):
/// - VLLM_MXFP4_USE_MARLIN (read first), and below capability 9.0: Marlin, which needs
///   n % 256 == 0 and k % 128 == 0: the intermediate share padded to 128, the hidden size to 256;
/// - capability 10.x (is_device_capability_family(100)): FlashInfer's TRT-LLM MXFP4 x BF16 MoE,
///   both padded to 256;
/// - from 9.0 up otherwise: Triton (triton_kernels), the share padded to 64. Hopper is kept
///   at Marlin's 128 / 256 here: vLLM issue #23278 (Marlin) logs 65.9651 GiB loaded for
///   gpt-oss-120b on an H100 and issue #33155 (v0.14.1, "Using Triton backend") 64.38 GiB, while
///   Triton's padding alone would give the checkpoint's 60.77 GiB: the Triton path holds 3.6 GiB
///   its padding does not explain, and Marlin's is the closer account of both logs (65.90 GiB);
/// - ROCm (get_padding_alignment, vllm/model_executor/layers/quantization/utils/mxfp4_utils.py
///   @01b817dbbd2ea53707c68d39b470e65990d1e6ee): both padded to 256 on gfx950, 128 elsewhere;
/// - any other device: Marlin's where it has no MXFP4 MMA, none where it has.
constexpr mxfp4_padding vllm_mxfp4_padding(const device& d, const vllm_knobs& k) {
  const std::uint16_t sm = sm_of(d.arch);
  if (sm != 0) {
    if (k.mxfp4_use_marlin || sm < 100) return {128, 256};  // Marlin; Hopper kept there (above)
    if (sm < 110) return {256, 256};
    return {};  // Triton: the 64-aligned share
  }
  if (d.arch.starts_with("gfx")) return d.arch == "gfx950" ? mxfp4_padding{256, 256} : mxfp4_padding{128, 128};
  return d.runs(mma_kind::mxf8f6f4) ? mxfp4_padding{} : mxfp4_padding{128, 256};
}

/// vLLM V1.
constexpr engine_memory vllm_memory(const model& m, const device& d, const vllm_knobs& k, const parallel& p,
                                    const footprint_bytes& fp, const kv_layout& given, std::uint64_t context,
                                    bool speculative = false) {
  const std::uint64_t drafted = vllm_speculative_tokens(m, k, speculative);
  const kv_layout l = vllm_spec_layout(given, drafted);
  engine_memory em = memory_at_start(engine_kind::vllm, d);
  em.budget_fraction = k.gpu_memory_utilization;
  em.budget_bytes = scale(em.total_bytes, k.gpu_memory_utilization);
  em.loaded_weights_bytes_per_rank = mxfp4_loaded_weights(m, p, vllm_mxfp4_padding(d, k), fp.loaded_weights);
  em.max_model_len = k.max_model_len != 0 ? k.max_model_len : context;

  const bool large = vllm_large_device(d);
  em.max_num_batched_tokens = k.max_num_batched_tokens != 0 ? k.max_num_batched_tokens : (large ? 8192 : 2048);
  em.max_num_seqs = headroom::detail::min<std::uint64_t>(k.max_num_seqs != 0 ? k.max_num_seqs : (large ? 1024 : 256), em.max_num_batched_tokens);

  // The profiling forward: max_num_batched_tokens tokens, then the sampler on
  // min(max_num_seqs, max_num_batched_tokens) requests (gpu_model_runner.py profile_run).
  em.activation_peak_bytes = forward_peak_bytes(m, em.max_num_batched_tokens, l.hidden);
  em.sampler_bytes = checked_mul(checked_mul(checked_mul(em.max_num_seqs, l.vocab), 4), engine_constants::vllm_sampler_fp32_buffers);
  em.non_torch_bytes = engine_constants::vllm_non_torch_bytes;
  if (!k.enforce_eager && k.cudagraph_memory_profiling) {
    // Speculating, a decode step carries 1 + K tokens a sequence, and the capture sizes follow.
    const std::uint64_t decode_query_len = 1 + drafted;
    em.cuda_graph_bytes = checked_mul(vllm_graphs_captured(k.cudagraph_mode, em.max_num_seqs, em.max_num_batched_tokens,
                                                           k.max_cudagraph_capture_size, decode_query_len),
                                      engine_constants::vllm_cudagraph_bytes_per_graph);
  }

  // The page: block_size tokens of one layer; MLA backends use 64-token blocks (FlashMLA).
  std::uint64_t bs = k.block_size;
  if (l.latent && bs < 64) bs = 64;
  const byte_count attn_1tok = l.n_full != 0 ? l.full_layer_token() : l.swa_layer_token();
  const bool attention = l.n_full + l.n_swa != 0;
  if (l.n_state != 0 && attention && attn_1tok != 0) {
    // HybridAttentionMambaModelConfig.verify_and_update_config (vllm/model_executor/models/
    // config.py @1936cf3841edb9781b06c50fc4daf4bac9d3b23e): the attention block is raised so one
    // page holds a layer's whole recurrent state; alignment 16, or 32 for head size 256 on SM100.
    const std::uint64_t align = (contains(d.arch, "sm_100") && l.head_dim == 256) ? 32 : 16;
    bs = headroom::detail::max<std::uint64_t>(bs, align * ceil_div(l.state_layer_seq(), align * attn_1tok));
  }
  em.block_size_tokens = bs;
  em.sliding_block_size_tokens = bs;

  const std::uint64_t counts[3] = {l.n_full, l.n_swa, l.n_state};
  std::uint64_t types = 0;
  std::uint64_t lo = UINT64_MAX;
  std::uint64_t hi = 0;
  for (std::uint64_t c : counts) {
    if (c == 0) continue;
    ++types;
    lo = headroom::detail::min(lo, c);
    hi = headroom::detail::max(hi, c);
  }
  if (types <= 1) {
    // One kind of layer: one group (UniformTypeKVCacheSpecs when shapes differ): a block spans
    // every layer, blocks = available // sum of pages.
    em.block_bytes = l.n_state != 0 && !attention ? l.state_per_seq : checked_mul(bs, checked_add(l.full_per_token, l.swa_per_token));
    em.groups_full = l.n_full != 0 ? 1 : 0;
    em.groups_sliding = l.n_swa != 0 ? 1 : 0;
    em.groups_state = l.n_state != 0 && !attention ? 1 : 0;
  } else {
    // Hybrid: layers of each kind cut into groups of `group_size` (min count, or max when
    // max < 1.5 min); one tensor of page x num_blocks per group slot
    // (kv_cache_utils.py _get_kv_cache_groups_uniform_page_size).
    const std::uint64_t group_size = 2 * hi < 3 * lo ? hi : lo;
    byte_count page = checked_mul(bs, attn_1tok);
    const byte_count full_page = checked_mul(bs, l.full_layer_token());
    const byte_count swa_page = checked_mul(bs, l.swa_layer_token());
    if (l.n_full != 0 && l.n_swa != 0 && full_page != swa_page && headroom::detail::max(full_page, swa_page) % headroom::detail::min(full_page, swa_page) == 0) {
      // unify_kv_cache_spec_page_size (kv_cache_utils.py @001cabc): every group's page is the
      // largest layer page; the kind with the smaller page gets a block of bs x ratio tokens
      // (Gemma 4: sliding 16 x 256-wide heads, full 32 x 512-wide ones). A ratio that is not
      // whole is refused there, and such a layout (DeepSeek-V4's) keeps the full page here.
      page = headroom::detail::max(full_page, swa_page);
      if (full_page < page) em.block_size_tokens = checked_mul(bs, page / full_page);
      if (swa_page < page) em.sliding_block_size_tokens = checked_mul(bs, page / swa_page);
    }
    em.block_bytes = checked_mul(page, group_size);
    em.groups_full = ceil_div(l.n_full, group_size);
    em.groups_sliding = ceil_div(l.n_swa, group_size);
    em.groups_state = ceil_div(l.n_state, group_size);
  }
  em.sliding_span = l.window == 0 ? 0 : l.window - 1 + em.max_num_batched_tokens;
  // MambaSpec.max_memory_usage_bytes (vllm/v1/kv_cache_interface.py @001cabc1be16a59a70d720ed61a13b678c060a18):
  // a request holds (1 + num_speculative_blocks) pages of each Mamba / GDN group, 2 + in "align"
  // mode; num_speculative_blocks = num_speculative_tokens (MambaBase.get_kv_cache_spec,
  // vllm/model_executor/layers/mamba/abstract.py @00b08dc44519a82cbdd9061d92d1226985094622): the
  // state after each drafted token, kept until verification picks one.
  em.state_pages_per_request = checked_add(k.mamba_cache_align ? 2 : 1, drafted);
  // DeepSeek-V4's compressor states, one SlidingWindowMLASpec per layer and compressor
  // (deepseek_compressor.py @0de10a2, CompressorStateCache): block_size 4 at ratio 4 (8 rows),
  // 8 at ratio 128 (128 rows); a page of block x state_dim F32 rounded up to the 576 B alignment
  // (state_cache_alignment, vllm/v1/kv_cache_interface.py _apply_alignment_padding).
  for (std::size_t g = 0; g < l.n_compressor; ++g) {
    const compressor_group& cg = l.compressor[g];
    require_table(cg.rows == 8 || cg.rows == 128, "vLLM pages compressor states of ratio 4 (8 rows) or 128 (128 rows) only");
    const std::uint64_t bt = cg.rows == 8 ? 4 : 8;
    em.compressor_pages[g] = {cg.rows, bt, pad_to(checked_mul(bt, cg.slot_bytes), 576), cg.layers};
  }

  const byte_count non_kv = checked_add(checked_add(em.loaded_weights_bytes_per_rank, headroom::detail::max(em.activation_peak_bytes, em.sampler_bytes)),
                                        checked_add(em.non_torch_bytes, em.cuda_graph_bytes));
  if (k.kv_cache_memory_bytes != 0) {
    em.available_kv_cache_bytes = k.kv_cache_memory_bytes;  // gpu_memory_utilization ignored (PR #21489)
  } else {
    em.available_kv_cache_bytes = sat_sub(em.budget_bytes, non_kv);
    em.kv_shortfall_bytes = sat_sub(non_kv, em.budget_bytes);
  }
  em.kv_cache_blocks = em.block_bytes == 0 ? 0 : em.available_kv_cache_bytes / em.block_bytes;
  const std::uint64_t groups = em.kv_groups();
  em.pool_tokens_per_group = groups == 0 ? 0 : (em.kv_cache_blocks / groups) * bs;
  finish_admission(em, vllm_request_blocks);
  // "GPU KV cache size: N tokens" (_report_kv_cache_config, vllm/v1/core/kv_cache_utils.py
  // @bbf906a88ba1a39104884c88c9811a4f968e4659): int(max_concurrency x max_model_len) with
  // max_concurrency = num_blocks / blocks per request as a Python float; the same two IEEE
  // double operations here give the same truncated count.
  em.kv_cache_tokens = em.request_blocks == 0 ? 0
                                               : static_cast<std::uint64_t>(static_cast<double>(em.kv_cache_blocks) /
                                                                            static_cast<double>(em.request_blocks) *
                                                                            static_cast<double>(em.max_model_len));

  // gpu_worker.py init_device, then kv_cache_utils.py _check_enough_kv_cache_memory.
  if (k.kv_cache_memory_bytes == 0 && em.free_at_start_bytes < em.budget_bytes) {
    em.stops = engine_term::free_memory_below_budget;
  } else if (em.available_kv_cache_bytes == 0) {
    em.stops = engine_term::no_memory_for_kv_cache;
  } else if (em.request_bytes > em.available_kv_cache_bytes) {
    em.stops = engine_term::kv_cache_cannot_hold_one_request;
    em.largest_max_model_len = largest_len(em, em.max_model_len, vllm_request_blocks);
  }
  em.engine_starts = em.stops == engine_term::none;
  return em;
}

}  // namespace headroom::detail
