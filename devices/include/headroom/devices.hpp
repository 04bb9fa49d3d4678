// SPDX-License-Identifier: MIT
// headroom: every shipped device table (namespace headroom::devices).
#pragma once

#include <headroom/devices/registry.hpp>  // IWYU pragma: export
