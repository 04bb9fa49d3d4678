// SPDX-License-Identifier: MIT
// headroom: every shipped serving-engine profile (one header each under headroom/engines/).
#pragma once

#include <headroom/engines/registry.hpp>  // IWYU pragma: export
