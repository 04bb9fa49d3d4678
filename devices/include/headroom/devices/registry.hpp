// SPDX-License-Identifier: MIT
// headroom: every shipped device, in registry order (the order "which other devices hold it" uses).
#pragma once

#include <array>
#include <string_view>

#include <headroom/device.hpp>
#include <headroom/devices/nvidia_blackwell.hpp>
#include <headroom/devices/nvidia_hopper.hpp>
#include <headroom/devices/sources.hpp>

namespace headroom::devices {

inline constexpr std::array<const device*, 4> all{&h100_sxm, &h200_sxm, &b200, &gb10};

/// The registry entry with this id, or nullptr.
constexpr const device* find(std::string_view id) {
  for (const device* d : all) {
    if (d->id == id) return d;
  }
  return nullptr;
}

}  // namespace headroom::devices
