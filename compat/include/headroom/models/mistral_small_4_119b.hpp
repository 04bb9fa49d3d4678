// SPDX-License-Identifier: MIT
// Deprecated spelling, kept so that code written against headroom 0.1's flat models/ folder still
// compiles (CHANGELOG.md, "Models in folders"): include <headroom/models/checkpoints/mistral/mistral_small_4_119b.hpp>.
#pragma once
#include <headroom/models/checkpoints/mistral/mistral_small_4_119b.hpp>  // IWYU pragma: export
