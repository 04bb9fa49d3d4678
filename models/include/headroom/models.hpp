// SPDX-License-Identifier: MIT
// headroom: every shipped model table (namespace headroom::models).
#pragma once

#include <headroom/models/registry.hpp>  // IWYU pragma: export
