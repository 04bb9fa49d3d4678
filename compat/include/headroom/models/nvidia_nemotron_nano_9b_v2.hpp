// SPDX-License-Identifier: MIT
// Deprecated spelling, kept so that code written against headroom 0.1's flat models/ folder still
// compiles (CHANGELOG.md, "Models in folders"): include <headroom/models/checkpoints/nvidia/nvidia_nemotron_nano_9b_v2.hpp>.
#pragma once
#include <headroom/models/checkpoints/nvidia/nvidia_nemotron_nano_9b_v2.hpp>  // IWYU pragma: export
