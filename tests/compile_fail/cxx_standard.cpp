// SPDX-License-Identifier: MIT
// Compiled as C++17 it must fail with headroom's own message first; as C++20 it builds.
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>
#include <headroom/headroom.hpp>

int main() { return headroom::models::llama_3_1_8b_instruct.c.n_nodes > 0 ? 0 : 1; }
