// SPDX-License-Identifier: MIT
// Deprecated spelling, kept so that code written against headroom 0.1's flat models/ folder still
// compiles (CHANGELOG.md, "Models in folders"): include <headroom/models/config_keys/types.hpp>.
#pragma once
#include <headroom/models/config_keys/types.hpp>  // IWYU pragma: export
