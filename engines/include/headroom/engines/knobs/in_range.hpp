// SPDX-License-Identifier: MIT
// headroom: the range tests the engines' knob laws share (engines/<engine>.hpp, check).
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>

#include <headroom/engines/knobs/fraction.hpp>

namespace headroom::detail {

/// 1.0 in millionths.
inline constexpr std::uint32_t knob_one = 1'000'000;
/// Whether `f` is above 0 and at most 1, as the engines require of their memory fractions.
constexpr bool knob_in_0_to_1(fraction f) { return f.millionths > 0 && f.millionths <= knob_one; }

}  // namespace headroom::detail
