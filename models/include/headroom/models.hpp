// SPDX-License-Identifier: MIT
// headroom: every shipped model table (namespace headroom::models).
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <headroom/models/registry.hpp>  // IWYU pragma: export
