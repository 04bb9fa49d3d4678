// SPDX-License-Identifier: MIT
// A deployment's build: a capacity guarantee that holds before a binary exists.
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>
// A checkpoint by its own header, under the folder it lives in and under the flat spelling of
// headroom 0.1 (a forwarder, CHANGELOG.md): both name the same table.
#include <headroom/models/checkpoints/qwen/qwen3_32b.hpp>
#include <headroom/models/qwen3_32b.hpp>

HEADROOM_ASSERT_FITS(headroom::models::llama_3_1_8b_instruct, headroom::devices::h100_sxm, {.seqs = 64, .context = 4096});

static_assert(headroom::models::qwen3_32b.id == "qwen3_32b");

int main() { return headroom::fits(headroom::models::llama_3_1_8b_instruct, headroom::devices::gb10, {}) ? 0 : 1; }
