// SPDX-License-Identifier: MIT
// Deprecated spelling, kept so that code written against headroom 0.1's flat models/ folder still
// compiles (CHANGELOG.md, "Models in folders"): include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>.
#pragma once
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>  // IWYU pragma: export
