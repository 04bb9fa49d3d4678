// SPDX-License-Identifier: MIT
// The essential subset headers stand alone: a deployment check with only them compiles.
#include <headroom/devices/essential.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/essential.hpp>

namespace headroom_static_essential_test {

namespace {
using namespace headroom;
// 61,064,245,248 + 16 x 8192 x 98,304 = 73.95e9 <= 81,559 MiB x 0.9 = 76.97e9.
HEADROOM_ASSERT_FITS(models::qwen3_30b_a3b, devices::h100_sxm, {.seqs = 8, .context = 8192});
// 13,761,264,768 + 32 x 32768 x 49,152 = 65.30e9 <= 81,920 MiB x 0.9 = 77.31e9.
HEADROOM_ASSERT_FITS(models::gpt_oss_20b, devices::a100_sxm_80gb, {.seqs = 32, .context = 32768});
}  // namespace
}  // namespace headroom_static_essential_test
