// SPDX-License-Identifier: MIT
// Golden generated headers next to the library: every constant a header carries equals the
// library's own value for the same inputs, computed by the compiler. Building this file is
// passing it. (The over-committed golden header is not included: it fails to compile, which
// cli.header_* checks.)
#include <cstdint>

#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "header--llama_3_1_8b_instruct--gb10--measured.h"
#include "header--llama_3_1_8b_instruct--h100_sxm.h"
#include "header--qwen3_next_80b_a3b_instruct--b200--fp8kv.h"

namespace {
using namespace headroom;
// Generated headers carry the default engine's answer (vLLM); their settings are the CLI's,
// resolved for it (recurrent states in the model dtype), and so is the sliding-window policy
// (as_allocated: sliding layers keep their window).
constexpr engine allocated = as_allocated(engine{});

// Under an engine (vLLM here, the CLI's default) the header carries `headroom fit`'s answer:
// usable = the weights + the pool's whole blocks, needed = the weights + the load's blocks.
constexpr std::uint64_t pool_usable(const model& m, const device& d, const settings& s, std::uint64_t context) {
  const engine_memory em = engine_memory_of(m, d, s, allocated, parallel{}, 1, context);
  return em.loaded_weights_bytes_per_rank + em.kv_cache_blocks * em.block_bytes;
}
constexpr std::uint64_t pool_needed(const model& m, const device& d, const settings& s, std::uint64_t seqs, std::uint64_t context) {
  const engine_memory em = engine_memory_of(m, d, s, allocated, parallel{}, seqs, context);
  return em.loaded_weights_bytes_per_rank + seqs * detail::request_blocks(em, context) * em.block_bytes;
}

// The header's rule for times (docs/cli.md): microseconds to nanoseconds, rounded to the nearest.
constexpr std::uint64_t ns_nearest(double us) { return static_cast<std::uint64_t>(us * 1000.0 + 0.5); }

// Checks the macro and the C++ constant of one name against the library's value. (A macro:
// the generated names differ per header, and clang 14 re-evaluates constexpr calls inside a
// function template's body on instantiation.)
#define HEADROOM_TEST_CONSTANT(PREFIX, NS, NAME, UPPER, VALUE)                  \
  static_assert(PREFIX##UPPER == (VALUE), #PREFIX #UPPER " equals the library"); \
  static_assert(headroom_generated::NS::NAME == (VALUE), #NS "::" #NAME " equals the library")

#define HEADROOM_TEST_HEADER(PREFIX, NS, M, D, R, S, N_SEQS, N_CONTEXT)                                                  \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, seqs, SEQS, N_SEQS);                                                              \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, context_tokens, CONTEXT_TOKENS, N_CONTEXT);                                       \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, weights_bytes, WEIGHTS_BYTES, footprint(M, S, allocated).weights);                         \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, loaded_weights_bytes, LOADED_WEIGHTS_BYTES, footprint(M, S, allocated).loaded_weights);    \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, kv_bytes_per_token, KV_BYTES_PER_TOKEN, footprint(M, S, allocated).kv_per_token);          \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, swa_kv_bytes_per_token, SWA_KV_BYTES_PER_TOKEN, footprint(M, S, allocated).swa_kv_per_token); \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, swa_window_tokens, SWA_WINDOW_TOKENS, footprint(M, S, allocated).swa_window);              \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, state_bytes_per_seq, STATE_BYTES_PER_SEQ, footprint(M, S, allocated).state_per_seq);       \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, conv_bytes_per_seq, CONV_BYTES_PER_SEQ, footprint(M, S, allocated).conv_per_seq);          \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, usable_bytes, USABLE_BYTES, pool_usable(M, D, S, N_CONTEXT));                               \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, needed_bytes, NEEDED_BYTES, pool_needed(M, D, S, N_SEQS, N_CONTEXT));                       \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, max_seqs, MAX_SEQS, max_seqs(M, D, N_CONTEXT, S, allocated));                                 \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, weight_floor_bytes, WEIGHT_FLOOR_BYTES, weight_floor_bytes(M));                 \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, decode_step_ns, DECODE_STEP_NS, ns_nearest(decode_step(M, D, R, N_SEQS, N_CONTEXT, S).total_us)); \
  HEADROOM_TEST_CONSTANT(PREFIX, NS, prefill_ns, PREFILL_NS, ns_nearest(prefill(M, D, R, N_CONTEXT, S).total_us));     \
  static_assert(PREFIX##FITS == 1 && headroom_generated::NS::fits == fits(M, D, {N_SEQS, N_CONTEXT, S, allocated}), "fits")

// headroom header llama_3_1_8b_instruct h100_sxm --seqs 64 --context 4096
HEADROOM_TEST_HEADER(HEADROOM_LLAMA_3_1_8B_INSTRUCT_H100_SXM_, llama_3_1_8b_instruct_h100_sxm,
                     models::llama_3_1_8b_instruct, devices::h100_sxm, default_roofline(devices::h100_sxm),
                     (settings{.ssm_h = state_dtype::bf16}), 64, 4096);

// headroom header qwen3-next-80b-a3b-instruct b200 --seqs 16 --context 32768 --kv fp8
HEADROOM_TEST_HEADER(HEADROOM_QWEN3_NEXT_80B_A3B_INSTRUCT_B200_, qwen3_next_80b_a3b_instruct_b200,
                     models::qwen3_next_80b_a3b_instruct, devices::b200, default_roofline(devices::b200),
                     (settings{.kv = kv_dtype::fp8, .ssm_h = state_dtype::bf16}), 16, 32768);

// headroom header llama_3_1_8b_instruct gb10 --seqs 8 --context 32768 --measured devices/measured/gb10.json
// The manifest's constants are the GB10 table's shipped measurement (manifest_test.cpp), so
// the library's value for these inputs is the one on default_roofline(gb10).
HEADROOM_TEST_HEADER(HEADROOM_LLAMA_3_1_8B_INSTRUCT_GB10_, llama_3_1_8b_instruct_gb10, models::llama_3_1_8b_instruct,
                     devices::gb10, default_roofline(devices::gb10), (settings{.ssm_h = state_dtype::bf16}), 8, 32768);

// A header's values are usable where a deployer needs them: array bounds, template arguments.
[[maybe_unused]] const char kv_page[headroom_generated::llama_3_1_8b_instruct_h100_sxm::kv_bytes_per_token / 1024] = {};

}  // namespace
