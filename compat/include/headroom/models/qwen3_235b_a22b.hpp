// SPDX-License-Identifier: MIT
// Deprecated spelling, kept so that code written against headroom 0.1's flat models/ folder still
// compiles (CHANGELOG.md, "Models in folders"): include <headroom/models/checkpoints/qwen/qwen3_235b_a22b.hpp>.
#pragma once
#include <headroom/models/checkpoints/qwen/qwen3_235b_a22b.hpp>  // IWYU pragma: export
