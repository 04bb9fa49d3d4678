// SPDX-License-Identifier: MIT
// The compile-time interface exactly as users write it (README, "Ten lines"). Building this file
// is the test.
#include <headroom/headroom.hpp>  // core
#include <headroom/models.hpp>    // every shipped model
#include <headroom/devices.hpp>   // every shipped device
#include <headroom/engines.hpp>   // every engine profile

namespace headroom_static_interface_test {

namespace {
using namespace headroom;
constexpr settings s{.kv = kv_dtype::bf16, .ssm_h = state_dtype::f32};
constexpr auto fp = footprint(models::llama_3_1_8b_instruct, s);  // .weights .kv_per_token .state_per_seq, bytes
static_assert(fp.weights == 16'060'522'496);                     // the checkpoint's published total_size
static_assert(fp.kv_per_token == 131'072);
static_assert(weight_floor_bytes(models::llama_3_1_8b_instruct) > 0);
static_assert(fits(models::llama_3_1_8b_instruct, devices::h100_sxm, {.seqs = 64, .context = 4096, .settings = s}));
static_assert(!fits(models::llama_3_1_8b_instruct, devices::h100_sxm, {.seqs = 128, .context = 32768, .settings = s}));
static_assert(max_seqs(models::llama_3_1_8b_instruct, devices::h100_sxm, 4096, s) >= 64);

// The readable form: passes here; tests/compile_fail shows its failure text.
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h100_sxm, {.seqs = 64, .context = 4096, .settings = s});

// README's "Ten lines", under the default engine (vLLM with its defaults).
static_assert(max_seqs(models::llama_3_1_8b_instruct, devices::h100_sxm, 4096, {}) == 106);
static_assert(fits(models::llama_3_1_8b_instruct, devices::h100_sxm, {.seqs = 8, .context = 32768}));
// Its failing line, checked term by term (the build error's two numbers).
constexpr engine_memory gpt_oss = engine_memory_of(models::gpt_oss_120b, devices::h100_sxm, {.seqs = 1, .context = 131072});
static_assert(gpt_oss.stops == engine_term::kv_cache_cannot_hold_one_request);
// The available bytes fell from 36,534,216 by the Marlin path's padded expert biases (vLLM's
// w13_bias holds 2 x 2,944 rows, w2_bias 3,072, BF16): 36 layers x 128 experts x
// ((2 x (2,944 - 2,880) + (3,072 - 2,880)) x 2 B) = 2,949,120 B.
static_assert(gpt_oss.request_bytes == 5'139'136'512 && gpt_oss.available_kv_cache_bytes == 36'534'216 - 2'949'120);
// README, "Ten lines": a deployment names its engine and its plan, and the knobs take the
// engine's own names. Qwen3-Next-80B FP8 at TP=2 on H200 holds 64 x 32k under vLLM (each rank:
// half of its weights, one of its 2 KV heads per layer in fp8).
static_assert(fits(models::qwen3_next_80b_a3b_instruct_fp8, devices::h200_sxm,
                   {.seqs = 64, .context = 32768, .settings = {.kv = kv_dtype::fp8},
                    .engine = engines::vllm, .parallel = {.tp = 2}}));
static_assert(fits(models::llama_3_1_8b_instruct, devices::h100_sxm,
                   {.seqs = 8, .context = 32768,
                    .engine = {.kind = engine_kind::vllm, .vllm = {.gpu_memory_utilization = frac(0.85), .max_model_len = 32768}}}));
}  // namespace
}  // namespace headroom_static_interface_test
