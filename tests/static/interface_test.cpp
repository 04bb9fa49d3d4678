// SPDX-License-Identifier: MIT
// The compile-time interface exactly as users write it (README, "Ten lines"). Building this file
// is the test.
#include <headroom/headroom.hpp>  // core
#include <headroom/models.hpp>    // every shipped model
#include <headroom/devices.hpp>   // every shipped device

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
}  // namespace
