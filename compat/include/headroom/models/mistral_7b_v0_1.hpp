// SPDX-License-Identifier: MIT
// Deprecated spelling, kept so that code written against headroom 0.1's flat models/ folder still
// compiles (CHANGELOG.md, "Models in folders"): include <headroom/models/checkpoints/mistral/mistral_7b_v0_1.hpp>.
#pragma once
#include <headroom/models/checkpoints/mistral/mistral_7b_v0_1.hpp>  // IWYU pragma: export
