// SPDX-License-Identifier: MIT
// headroom: the most deployed accelerators (Ampere, Hopper, Blackwell datacentre parts and
// GB10) without the rest of the registry. Device tables are plain aggregates and cheap to
// include; the full registry is <headroom/devices.hpp>.
#pragma once

#include <headroom/devices/nvidia_ampere.hpp>     // IWYU pragma: export
#include <headroom/devices/nvidia_blackwell.hpp>  // IWYU pragma: export
#include <headroom/devices/nvidia_hopper.hpp>     // IWYU pragma: export
