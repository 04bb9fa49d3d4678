// SPDX-License-Identifier: MIT
// DeepSeek-V4-Flash's per-sequence compressor states (state_kind::compressor) under the serving
// engines, by hand. Shapes: the config's head_dim 512, index_head_dim 128, compress_ratios (21
// layers at ratio 4, 20 at 128, the seed system's counts); each compressor keeps coff x ratio
// token slots (coff = 2 at ratio 4, else 1) of state_dim = 2 x coff x head F32 (kv | score):
//   ratio-4 KV compressor   8 slots of 2 x 2 x 512 x 4 = 8,192 B
//   ratio-4 indexer's       8 slots of 2 x 2 x 128 x 4 = 2,048 B
//   ratio-128 compressor  128 slots of 2 x 1 x 512 x 4 = 4,096 B
// vLLM (vllm/model_executor/layers/deepseek_compressor.py @0de10a2, CompressorStateCache): a
// SlidingWindowMLASpec per compressor, block_size 4 at ratio 4 and 8 at ratio 128, page =
// block x slot rounded up to 576 B; a request holds cdiv(min(rows - 1 + max_num_batched_tokens,
// len), block) + 1 pages (vllm/v1/kv_cache_interface.py SlidingWindowSpec), counted in the pool's
// blocks. SGLang (python/sglang/srt/model_executor/pool_configurator.py @003fca8,
// DSV4PoolConfigurator): ratio-4 rings of 8 slots per 128-token SWA page priced per SWA token;
// ratio-128 rings of 128 slots per request slot carved before the token pool.
#include <algorithm>

#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v4_flash.hpp>

namespace headroom_static_deepseek_v4_engines_test {

namespace {
using namespace headroom;
using u64 = std::uint64_t;
constexpr const model& m = models::deepseek_v4_flash;
constexpr settings s8{.kv = kv_dtype::fp8};
constexpr u64 len = 4096;

// ---- the layout: three shapes of compressor state, the recurrent share empty ------------------
constexpr auto fp = detail::rank_footprint_of(m, s8, {}, true);
constexpr auto lay = detail::layout_of(m, fp, s8);
constexpr bool has_group(u64 rows, u64 slot, u64 layers) {
  for (std::size_t g = 0; g < lay.n_compressor; ++g) {
    if (lay.compressor[g].rows == rows && lay.compressor[g].slot_bytes == slot && lay.compressor[g].layers == layers) return true;
  }
  return false;
}
static_assert(lay.n_compressor == 3 && has_group(8, 8192, 21) && has_group(8, 2048, 21) && has_group(128, 4096, 20));
static_assert(lay.compressor_per_seq == 21 * 8 * (8192 + 2048) + 20 * 128 * 4096);  // 12,206,080 B
static_assert(lay.compressor_per_seq == 12'206'080 && lay.n_state == 0 && lay.state_per_seq == 0);

// ---- vLLM on one B300 (>= 70 GiB, not an A100: 8,192 batched tokens) --------------------------
constexpr engine_memory v = engine_memory_of(m, devices::b300, s8, engines::vllm, {}, 1, len);
static_assert(v.engine_starts && v.max_num_batched_tokens == 8192);
// Pages: 4 x 8,192 = 32,768 -> 57 x 576 = 32,832 B; 4 x 2,048 = 8,192 -> 15 x 576 = 8,640 B;
// 8 x 4,096 = 32,768 -> 32,832 B.
constexpr bool has_pages(u64 rows, u64 block, u64 page, u64 layers) {
  for (const compressor_state_pages& g : v.compressor_pages) {
    if (g.rows == rows && g.block_tokens == block && g.page_bytes == page && g.layers == layers) return true;
  }
  return false;
}
static_assert(has_pages(8, 4, 32'832, 21) && has_pages(8, 4, 8'640, 21) && has_pages(128, 8, 32'832, 20));
// At 4,096 tokens: ratio 4: cdiv(min(7 + 8192, 4096), 4) + 1 = 1,025 pages; ratio 128:
// cdiv(min(127 + 8192, 4096), 8) + 1 = 513 pages.
constexpr u64 v_state = 21ULL * 1025 * (32'832 + 8'640) + 20ULL * 513 * 32'832;
static_assert(v_state == 1'229'541'120);
static_assert(detail::vllm_compressor_bytes(v, len) == v_state);
// At one token: 1 + 1 pages each.
static_assert(detail::vllm_compressor_bytes(v, 1) == 21ULL * 2 * (32'832 + 8'640) + 20ULL * 2 * 32'832);
// The request: the attention's blocks (the same pool without the states) plus the states'
// bytes in whole blocks; max_seqs drops by exactly that.
constexpr engine_memory without_states() {
  engine_memory e = v;
  e.compressor_pages = {};
  return e;
}
constexpr engine_memory v0 = without_states();
constexpr u64 state_blocks = (v_state + v.block_bytes - 1) / v.block_bytes;
static_assert(detail::request_blocks(v, len) == detail::request_blocks(v0, len) + state_blocks);
static_assert(v.request_blocks == detail::request_blocks(v0, len) + state_blocks);
static_assert(max_seqs_at(v, len) == std::min(v.kv_cache_blocks / (detail::request_blocks(v0, len) + state_blocks), v.max_num_seqs));
static_assert(max_seqs_at(v, len) < max_seqs_at(v0, len));

// ---- SGLang on one B300, --max-running-requests 64 ------------------------------------------
// DeepSeek-V4's model override (_deepseek_v4_overrides, python/sglang/srt/arg_groups/
// model_overrides/deepseek_v4.py @01a4a991568f810ca3a10984e2881e136212c916): pages of 256 tokens
// whatever --page-size, swa_full_tokens_ratio 0.1 when it is not given.
constexpr engine sg64{.kind = engine_kind::sglang, .sglang = {.max_running_requests = 64}};
constexpr engine_memory sg = engine_memory_of(m, devices::b300, s8, sg64, {}, 1, len);
static_assert(sg.engine_starts && sg.block_size_tokens == 256);
// Ratio-128 rings: (64 + 1) slots x 128 + 128 + 1 = 8,449 rows -> 8,576 (a multiple of 128),
// x 20 layers x 4,096 B.
static_assert(sg.recurrent_state_pool_bytes == 8'576ULL * 20 * 4096);
static_assert(sg.available_kv_cache_bytes + sg.recurrent_state_pool_bytes + sg.loaded_weights_bytes_per_rank == sg.budget_bytes);
// A token's cell as SGLang prices it (_get_bytes_per_full_token): rows of 584 B whatever the KV
// dtype (448 FP8 nope + 64 BF16 rope + 8 scale bytes): 0.1 x 43 window rows = 2,511.2 B, 21 / 4
// ratio-4 rows = 3,066 B, 20 / 128 ratio-128 rows = 91.25 B; index keys 21 x 132 / 4 = 693 B; the
// ratio-4 rings 0.1 x 21 x 8 x (8,192 + 2,048) B / 128 tokens = 1,344 B: 7,705.45 B, the price
// SGLang's start-up logs print for this model ("DSV4 memory calculation:
// bytes_per_full_token=7705.45", below). A page: 7,705.45 x 256 = 1,972,595.2 B, rounded up.
static_assert(sg.block_bytes == 1'972'596);
// Tokens: the pool over the cell (x 100 / 770,545 = / 7,705.45), whole pages.
static_assert(sg.kv_cache_tokens == sg.available_kv_cache_bytes * 100 / 770'545 / 256 * 256);
// The sliding pool: 0.1 of the full pool's tokens, whole pages.
static_assert(sg.swa_kv_cache_tokens == sg.kv_cache_tokens / 10 / 256 * 256);
// A ratio given keeps its value: at 0.8 the window rows cost 0.8 x 584 x 43 = 20,089.6 B and the
// rings 10,752 B: 34,691.85 B a token, 8,881,113.6 B a page.
constexpr engine sg_r08{.kind = engine_kind::sglang, .sglang = {.max_running_requests = 64, .swa_full_tokens_ratio = {800'000}}};
static_assert(engine_memory_of(m, devices::b300, s8, sg_r08, {}, 1, len).block_bytes == 8'881'114);

// ---- SGLang's logged price of a token, "DSV4 memory calculation: bytes_per_full_token=7705.45"
// (SGLang start-up logs of a DeepSeek-V4-Flash-0731 w4a8 export, the same 43 / 21 / 20 layers and
// widths, kept in a public repository; swa_full_tokens_ratio 0.1 -- DeepSeek-V4's default there --
// F32 compressor states): the cell above, exact. The same run with bf16 states
// (SGLANG_DSV4_COMPRESS_STATE_DTYPE=bf16, not a headroom setting) logs 7,033.45: 672 B less
// rings. The cell does not depend on --kv-cache-dtype, and --page-size 1 is overridden to 256.
constexpr engine sg_r01(std::uint32_t page) {
  return {.kind = engine_kind::sglang, .sglang = {.page_size = page, .max_running_requests = 64, .swa_full_tokens_ratio = {100'000}}};
}
static_assert(engine_memory_of(m, devices::b300, s8, sg_r01(1), {}, 1, len).block_bytes == 1'972'596);
static_assert(engine_memory_of(m, devices::b300, {.kv = kv_dtype::bf16}, sg_r01(1), {}, 1, len).block_bytes == 1'972'596);
static_assert(engine_memory_of(m, devices::b300, s8, sg_r01(256), {}, 1, len).block_bytes == 1'972'596);
// With the MTP head: rings of 16 (2,688 B at 0.1), 9,049.45 B, then x (43 + 1) / 43 for the draft
// worker's pool (pool_configurator.py, "draft_layers = 1"): 9,259.902325... B (in millionths,
// 9,049,450,000 x 44 / 43 = 9,259,902,325 rounded down), a 256-token page 2,370,534.995 -> 2,370,535.
static_assert(engine_memory_of(m, devices::b300, {.kv = kv_dtype::fp8, .speculative = true}, sg_r01(1), {}, 1, len).block_bytes ==
              2'370'535);
static_assert(max_seqs_at(sg, len) == std::min<u64>(sg.kv_cache_tokens / len, 64));

// ---- SGLang on one B300 with the MTP head, --max-running-requests unset ---------------------
// Speculative decoding sets it to 48 (_handle_eagle_family, python/sglang/srt/arg_groups/
// speculative_hook.py @004c82e07d876f6e4a0ad6e15325706b0f478f1a), and the configurator reads that
// value, not its estimate (requested_max_running_requests_per_worker = max_running_requests //
// attn_dp_size, pool_configurator.py). The rings double when speculative: 256 slots a request.
// (48 + 1) x 256 + 256 + 1 = 12,801 rows -> 12,928 (101 x 128), x 20 layers x 4,096 B. The MTP
// layer's compress ratio is 0: no ring of its own.
constexpr engine_memory sg_mtp = engine_memory_of(m, devices::b300, {.kv = kv_dtype::fp8, .speculative = true}, engines::sglang, {}, 1, len);
static_assert(sg_mtp.engine_starts && sg_mtp.recurrent_state_pool_bytes == 12'928ULL * 20 * 4096);
static_assert(sg_mtp.max_num_seqs == 48);

// ---- engines::none and llama.cpp: the whole state, once per sequence --------------------------
static_assert(footprint(m, s8).per_seq(len) - footprint(m, s8).kv_per_token * len == 12'206'080);
constexpr engine_memory lc = engine_memory_of(m, devices::b300, s8, engine{.kind = engine_kind::llama_cpp}, {}, 1, len);
static_assert(lc.recurrent_state_pool_bytes == 12'206'080);  // n_seq_max 1
}  // namespace
}  // namespace headroom_static_deepseek_v4_engines_test
