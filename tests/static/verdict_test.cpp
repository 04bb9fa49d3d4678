// SPDX-License-Identifier: MIT
// The verdict (engines/include/headroom/verdict.hpp): the term, its two numbers and the shortfall
// that fits(), HEADROOM_ASSERT_FITS and the CLI read. Building this file is the test.
#include <headroom/check.hpp>
#include <headroom/devices/nvidia_hopper.hpp>
#include <headroom/engines/none.hpp>
#include <headroom/models/checkpoints/openai/gpt_oss_120b.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>

namespace headroom_static_verdict_test {

namespace {
using namespace headroom;

// engines::none, Llama-3.1-8B, 128 sequences of 32,768 tokens on one H100 SXM (the compile-fail
// case DOES_NOT_FIT): need = 16,060,522,496 B of weights (the checkpoint's published total_size)
// + 128 x 32,768 x 131,072 B of KV (32 layers x 8 KV heads x 128 x 2 (K, V) x 2 B = 131,072 B a
// token) = 565,816,336,384 B; usable = 0.9 x 85,520,809,984 B (the nvidia-smi total of 81,559
// MiB) = 76,968,728,985 B, rounded down. The weights fit, so the term is the sequences'.
constexpr deployment arithmetic{.seqs = 128, .context = 32768, .engine = engines::none};
constexpr verdict none_v = verdict_of(models::llama_3_1_8b_instruct, devices::h100_sxm, arithmetic);
static_assert(!none_v.fits);
static_assert(none_v.term == engine_term::kv_cache_cannot_hold_the_sequences);
static_assert(none_v.needed == 16'060'522'496ULL + 128ULL * 32'768 * 131'072);
static_assert(none_v.needed == 565'816'336'384ULL);
static_assert(none_v.there == 81'559ULL * 1'048'576 * 9 / 10);
static_assert(none_v.there == 76'968'728'985ULL);
static_assert(none_v.shortfall_bytes == 565'816'336'384ULL - 76'968'728'985ULL);
static_assert(fits(models::llama_3_1_8b_instruct, devices::h100_sxm, arithmetic) == none_v.fits);
static_assert(stopping_term(models::llama_3_1_8b_instruct, devices::h100_sxm, arithmetic) == none_v.term);

// vLLM, gpt-oss-120b on one H100 at --gpu-memory-utilization 0.95 --max-num-batched-tokens 1024
// (vLLM issue #27508, which refused to start): one 131,072-token request needs 18 layer tensors
// x 32,768 B pages x (8,192 full + 73 sliding blocks) = 4,874,895,360 B. The shortfall is that
// request less the whole blocks of 18 x 32,768 = 589,824 B the pool holds.
constexpr deployment refused{.seqs = 1, .context = 131072,
                             .engine = {.kind = engine_kind::vllm,
                                        .vllm = {.gpu_memory_utilization = {950000}, .max_num_batched_tokens = 1024}}};
constexpr verdict vllm_v = verdict_of(models::gpt_oss_120b, devices::h100_sxm, refused);
static_assert(!vllm_v.fits);
static_assert(vllm_v.term == engine_term::kv_cache_cannot_hold_one_request);
static_assert(vllm_v.needed == 18ULL * 32'768 * (8'192 + 73));
static_assert(vllm_v.shortfall_bytes == vllm_v.needed - vllm_v.there / 589'824 * 589'824);
// The same request at 32,768 tokens starts (the compile-fail case's twin): no term, no numbers.
constexpr deployment shorter{.seqs = 1, .context = 32768, .engine = refused.engine};
static_assert(verdict_of(models::gpt_oss_120b, devices::h100_sxm, shorter) == verdict{});

// HEADROOM_ASSERT_FITS carries that verdict in its fit_check: what the error names.
constexpr fit_check c = check_fit(models::gpt_oss_120b, devices::h100_sxm, refused);
static_assert(c.table == table_rule::ok && c.engine_law == engine_rule::ok && c.engine == engine_kind::vllm);
static_assert(c.verdict == vllm_v);
// A profile that breaks a law is named before any byte is counted.
constexpr fit_check broken = check_fit(models::gpt_oss_120b, devices::h100_sxm,
                                       {.engine = {.kind = engine_kind::vllm, .vllm = {.block_size = 0}}});
static_assert(broken.engine_law == engine_rule::vllm_block_size_must_be_positive && broken.verdict == verdict{});
HEADROOM_ASSERT_FITS(models::gpt_oss_120b, devices::h100_sxm, {.seqs = 1, .context = 32768, .engine = refused.engine});
}  // namespace
}  // namespace headroom_static_verdict_test
