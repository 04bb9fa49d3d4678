// SPDX-License-Identifier: MIT
// headroom: every shipped serving-engine profile (one header each under headroom/engines/).
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <headroom/engines/exec_facts.hpp>  // IWYU pragma: export
#include <headroom/engines/registry.hpp>  // IWYU pragma: export
