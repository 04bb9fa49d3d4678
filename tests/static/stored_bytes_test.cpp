// SPDX-License-Identifier: MIT
// The stored-byte laws (stored_bytes.hpp) on their own: the header compiles alone, and the scale
// elements it reads off tensor_format's weight law match the counts written out by hand (the
// byte examples of docs/model.md, "Tensor formats", divided by each scale's element size).
#include <headroom/stored_bytes.hpp>

#include <headroom/models/checkpoints/openai/gpt_oss_120b.hpp>
#include <headroom/rank_footprint.hpp>

namespace headroom_static_stored_bytes_test {

namespace {
using namespace headroom;
using detail::weight_scale_elements;

// Plain formats store no scales.
static_assert(weight_scale_elements(formats::bf16, 4096, 4096) == 0);
static_assert(weight_scale_elements(formats::f32, 16, 16) == 0);
// fp8: F32 scales, one per tensor / per output row / per group of a row / per block.
static_assert(weight_scale_elements(formats::fp8_tensor, 4096, 4096) == 1);
static_assert(weight_scale_elements(formats::fp8_channel, 4096, 1024) == 4096);
static_assert(weight_scale_elements(formats::fp8_group(128), 256, 1024) == 256 * (1024 / 128));
// docs/model.md: fp8/block128x128 [7168, 2048] stores 4 x 56 x 16 scale bytes.
static_assert(weight_scale_elements(formats::fp8_block(128, 128), 7168, 2048) == 56 * 16);
// A ragged edge still takes a whole block: ceil(100 / 128) x ceil(200 / 128) = 1 x 2.
static_assert(weight_scale_elements(formats::fp8_block(128, 128), 100, 200) == 2);
// docs/model.md: mxfp4 [2880, 2880] stores 259,200 one-byte E8M0 scales (one per 32 values).
static_assert(weight_scale_elements(formats::mxfp4, 2880, 2880) == 2880 * 2880 / 32);
// docs/model.md: nvfp4/g16 [8, 5120]: 8 x 320 one-byte E4M3 scales and one F32 global.
static_assert(weight_scale_elements(formats::nvfp4_g16, 8, 5120) == 8 * 320 + 1);

// KV per token per rank counts every token of a sliding layer (the footprint's law without an
// engine that evicts; kv_per_token_per_rank takes none). gpt-oss-120b (config.json: 36 layers, 8 KV heads of head_dim 64):
// 36 x 8 x 64 x 2 (K, V) x 2 B = 73,728 B at TP 1; each of 8 ranks keeps one KV head: 9,216 B.
static_assert(kv_per_token_per_rank(models::gpt_oss_120b, {}, 1) == 36 * 8 * 64 * 2 * 2);
static_assert(kv_per_token_per_rank(models::gpt_oss_120b, {}, 8) == 36 * 1 * 64 * 2 * 2);
}  // namespace
}  // namespace headroom_static_stored_bytes_test
