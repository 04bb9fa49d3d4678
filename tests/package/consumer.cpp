// SPDX-License-Identifier: MIT
// A deployment's build: a capacity guarantee that holds before a binary exists.
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

HEADROOM_ASSERT_FITS(headroom::models::llama_3_1_8b_instruct, headroom::devices::h100_sxm, {.seqs = 64, .context = 4096});

int main() { return headroom::fits(headroom::models::llama_3_1_8b_instruct, headroom::devices::gb10, {}) ? 0 : 1; }
