// SPDX-License-Identifier: MIT
// Llama-3.1-8B-Instruct: exact bytes against the checkpoint's published figures and hand
// arithmetic on its config.json (hidden 4096, intermediate 14336, vocab 128256, 32 layers,
// 32 query heads, 8 KV heads, head_dim 128, untied, BF16).
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>

#include <string_view>

namespace headroom_static_llama_3_1_8b_instruct_test {

namespace {
using namespace headroom;
constexpr const model& m = models::llama_3_1_8b_instruct;
constexpr settings bf16_kv{.kv = kv_dtype::bf16};
constexpr settings fp8_kv{.kv = kv_dtype::fp8};
constexpr auto fp = footprint(m, bf16_kv);

// model.safetensors.index.json: "total_size": 16060522496; the Hub's safetensors metadata:
// 8,030,261,248 parameters, all BF16 (2 x 8,030,261,248 = 16,060,522,496).
static_assert(fp.weights == 16'060'522'496);
static_assert(parameter_count(m) == 8'030'261'248);
static_assert(fp.loaded_weights == fp.weights && fp.draft_weights == 0);

// Hand sum of tensor shapes: per layer q 4096x4096, k and v 1024x4096, o 4096x4096,
// gate/up 14336x4096, down 4096x14336, two norms of 4096; embed and lm_head 128256x4096; norm.
constexpr std::uint64_t per_layer = 2 * 4096ULL * 4096 + 2 * 1024ULL * 4096 + 3 * 14336ULL * 4096 + 2 * 4096;
static_assert(per_layer == 218'112'000);
static_assert(32 * per_layer + 2 * 128256ULL * 4096 + 4096 == 8'030'261'248);

// KV per token: 32 layers x 2 (K, V) x 8 heads x 128 x element size. Not 4x that (a formula
// on 2 x hidden over-counts Llama-3-8B 4x: vllm-project/vllm PR #29736 review), never zero heads.
static_assert(fp.kv_per_token == 32 * 2 * 8 * 128 * 2);
static_assert(fp.kv_per_token == 131'072);
static_assert(footprint(m, fp8_kv).kv_per_token == 65'536);
static_assert(fp.state_per_seq == 0 && fp.conv_per_seq == 0 && fp.swa_window == 0);

// Weight floor: everything a C=1 step reads = all stored bytes but the embedding table
// (a row gather): 16,060,522,496 - 128256 x 4096 x 2.
static_assert(weight_floor_bytes(m) == 16'060'522'496 - 128256ULL * 4096 * 2);

// Fit on H100 SXM: usable = 81,559 MiB x 0.9, rounded down.
static_assert(usable_bytes(devices::h100_sxm, engines::usable) == 81'559ULL * 1048576 * 9 / 10);
// C=64 at 4k: 16.06e9 + 64 x 4096 x 131072 = 50.42e9 fits; C=128: 84.78e9 does not.
static_assert(need_bytes(m, {.seqs = 64, .context = 4096}) == 16'060'522'496 + 64ULL * 4096 * 131072);
// The pure arithmetic (engines::none): usable x 0.9 against weights + KV.
constexpr engine arithmetic = engines::none;
static_assert(fits(m, devices::h100_sxm, {.seqs = 64, .context = 4096, .engine = arithmetic}));
static_assert(!fits(m, devices::h100_sxm, {.seqs = 128, .context = 4096, .engine = arithmetic}));
static_assert(fits(m, devices::h100_sxm, {.seqs = 8, .context = 32768, .engine = arithmetic}));
static_assert(!fits(m, devices::h100_sxm, {.seqs = 16, .context = 32768, .engine = arithmetic}));
// The exact maximum: floor((76,968,728,985 - 16,060,522,496) / 536,870,912) = 113.
static_assert(max_seqs(m, devices::h100_sxm, 4096, bf16_kv, arithmetic) == (81'559ULL * 1048576 * 9 / 10 - 16'060'522'496) / 536'870'912);
static_assert(max_seqs(m, devices::h100_sxm, 4096, bf16_kv, arithmetic) == 113);
// The fit table's 8-value batch ladder (fit_batches): max C @4k = 64, @32k = 8.
constexpr auto table = make_fit_table(m, devices::h100_sxm, bf16_kv, engines::usable);
static_assert(table.ladder_max[0] == 64 && table.ladder_max[1] == 8);
// Advice for C=128 at 4k: the smallest valid plan is TP=2 (32 query / 8 KV heads, vocab
// 128,256 = 2,004 x 64 all split in two): per rank 8,030,527,488 B of weights (half of
// 16,060,522,496 plus a second copy of the 65 norm vectors, 65 x 4,096 x 2 / 2 = 266,240 B)
// + 128 x 4,096 x 65,536 B of KV (4 of 8 KV heads) = 42,390,265,856 B <= 76,968,728,985.
static_assert(need_bytes(m, {.seqs = 128, .context = 4096, .parallel = {.tp = 2}}) ==
              8'030'527'488ULL + 128ULL * 4096 * 65'536);
static_assert(smallest_plan(m, devices::h100_sxm, {.seqs = 128, .context = 4096, .engine = arithmetic}) == parallel{.tp = 2});
constexpr auto hold = holders(need_bytes(m, {.seqs = 128, .context = 4096}), devices::all, engines::usable);
constexpr bool holds(std::string_view id) {
  for (std::size_t i = 0; i < devices::all.size(); ++i) {
    if (devices::all[i]->id == id) return hold[i];
  }
  return false;
}
static_assert(!holds("h100_sxm") && holds("h200_sxm") && holds("b200") && holds("gb10"));

// Datasheet ceiling on H100 SXM: C=1 is memory-bound, nothing computes faster than it reads.
constexpr auto h100 = default_roofline(devices::h100_sxm);
static_assert(!h100.measured);
static_assert(decode_step(m, devices::h100_sxm, h100, 1, 4096, bf16_kv).compute_bound_us == 0);
// Floor time alone: 15,009,849,344 B / 3350 GB/s = 4480.55 us; the step adds KV and edges.
static_assert(decode_step_us(m, devices::h100_sxm, {.seqs = 1}) > 15'009'849'344 / 3350e3);
}  // namespace
}  // namespace headroom_static_llama_3_1_8b_instruct_test
