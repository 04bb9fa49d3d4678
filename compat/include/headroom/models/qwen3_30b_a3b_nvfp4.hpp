// SPDX-License-Identifier: MIT
// Deprecated spelling, kept so that code written against headroom 0.1's flat models/ folder still
// compiles (CHANGELOG.md, "Models in folders"): include <headroom/models/checkpoints/qwen/qwen3_30b_a3b_nvfp4.hpp>.
#pragma once
#include <headroom/models/checkpoints/qwen/qwen3_30b_a3b_nvfp4.hpp>  // IWYU pragma: export
