// SPDX-License-Identifier: MIT
// headroom: every shipped device table (namespace headroom::devices).
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <headroom/devices/registry.hpp>  // IWYU pragma: export
