// SPDX-License-Identifier: MIT
// Compile-fail cases: each HEADROOM_CASE_* block must fail to build with OUR diagnostic text
// (matched by tests/CMakeLists.txt), and each has a passing twin with the input fixed.
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

namespace {
using namespace headroom;

#if defined(HEADROOM_CASE_DOES_NOT_FIT)
// The arithmetic (engines::none): 16,060,522,496 + 128 x 32768 x 131072 = 565,816,336,384 B
// needed; 76,968,728,985 B usable.
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h100_sxm,
                     {.seqs = 128, .context = 32768, .engine = {.kind = engine_kind::none}});
#elif defined(HEADROOM_CASE_DOES_NOT_FIT_TWIN)
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h100_sxm,
                     {.seqs = 8, .context = 32768, .engine = {.kind = engine_kind::none}});
#elif defined(HEADROOM_CASE_QWEN_DOES_NOT_FIT)
// vLLM (the default): 148 GiB of bf16 weights exceed 0.92 x the H200's 139.97 GiB.
HEADROOM_ASSERT_FITS(models::qwen3_next_80b_a3b_instruct, devices::h200_sxm, {.seqs = 1, .context = 4096});
#elif defined(HEADROOM_CASE_QWEN_DOES_NOT_FIT_TWIN)
HEADROOM_ASSERT_FITS(models::qwen3_next_80b_a3b_instruct, devices::b200, {.seqs = 1, .context = 4096});
#elif defined(HEADROOM_CASE_ENGINE_ONE_REQUEST)
// vLLM issue #27508: gpt-oss-120b on one H100 at --gpu-memory-utilization 0.95
// --max-num-batched-tokens 1024 refused to start: one 131,072-token request needs 4.54 GiB =
// 18 layer tensors x 32,768 B pages x (8,192 full + 73 sliding blocks) = 4,874,895,360 B.
HEADROOM_ASSERT_FITS(models::gpt_oss_120b, devices::h100_sxm,
                     {.seqs = 1, .context = 131072,
                      .engine = {.kind = engine_kind::vllm, .vllm = {.gpu_memory_utilization = {950000}, .max_num_batched_tokens = 1024}}});
#elif defined(HEADROOM_CASE_ENGINE_ONE_REQUEST_TWIN)
HEADROOM_ASSERT_FITS(models::gpt_oss_120b, devices::h100_sxm,
                     {.seqs = 1, .context = 32768,
                      .engine = {.kind = engine_kind::vllm, .vllm = {.gpu_memory_utilization = {950000}, .max_num_batched_tokens = 1024}}});
#elif defined(HEADROOM_CASE_OVERFLOW)
// 2^40 sequences x 2^40 tokens x 131,072 B overflows 64 bits: a compile error, not a wrapped number.
static_assert(need_bytes(models::llama_3_1_8b_instruct, {.seqs = 1ULL << 40, .context = 1ULL << 40}) > 0);
#elif defined(HEADROOM_CASE_OVERFLOW_TWIN)
static_assert(need_bytes(models::llama_3_1_8b_instruct, {.seqs = 1ULL << 10, .context = 1ULL << 20}) > 0);
#elif defined(HEADROOM_CASE_CONTEXT_ZERO)
static_assert(fits(models::llama_3_1_8b_instruct, devices::h100_sxm, {.seqs = 1, .context = 0}));
#elif defined(HEADROOM_CASE_CONTEXT_ZERO_TWIN)
static_assert(fits(models::llama_3_1_8b_instruct, devices::h100_sxm, {.seqs = 1, .context = 1}));
#elif defined(HEADROOM_CASE_BAD_SHAPE)
// NVFP4 groups of 16 cannot cover a row of 24 values.
static_assert(bytes(formats::nvfp4_g16, 1, 24) > 0);
#elif defined(HEADROOM_CASE_BAD_SHAPE_TWIN)
static_assert(bytes(formats::nvfp4_g16, 1, 32) > 0);
#endif
}  // namespace
