// SPDX-License-Identifier: MIT
// Deprecated spelling, kept so that code written against headroom 0.1's flat models/ folder still
// compiles (CHANGELOG.md, "Models in folders"): include <headroom/models/checkpoints/meta/llama_3_3_70b_instruct_fp8.hpp>.
#pragma once
#include <headroom/models/checkpoints/meta/llama_3_3_70b_instruct_fp8.hpp>  // IWYU pragma: export
