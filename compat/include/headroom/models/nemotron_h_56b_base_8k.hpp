// SPDX-License-Identifier: MIT
// Deprecated spelling, kept so that code written against headroom 0.1's flat models/ folder still
// compiles (CHANGELOG.md, "Models in folders"): include <headroom/models/checkpoints/nvidia/nemotron_h_56b_base_8k.hpp>.
#pragma once
#include <headroom/models/checkpoints/nvidia/nemotron_h_56b_base_8k.hpp>  // IWYU pragma: export
