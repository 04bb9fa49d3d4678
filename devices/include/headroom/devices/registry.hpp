// SPDX-License-Identifier: MIT
// headroom: every shipped device, in registry order (the order "which other devices hold it" uses).
#pragma once

#include <array>
#include <string_view>

#include <headroom/device.hpp>
#include <headroom/devices/amd_cdna.hpp>
#include <headroom/devices/amd_gcn.hpp>
#include <headroom/devices/google_tpu.hpp>
#include <headroom/devices/intel_gaudi.hpp>
#include <headroom/devices/nvidia_ada.hpp>
#include <headroom/devices/nvidia_ampere.hpp>
#include <headroom/devices/nvidia_blackwell.hpp>
#include <headroom/devices/nvidia_hopper.hpp>
#include <headroom/devices/nvidia_jetson.hpp>
#include <headroom/devices/sources.hpp>

namespace headroom::devices {

// NVIDIA datacentre by generation, NVIDIA workstation / GeForce / edge, then AMD, Intel, Google.
inline constexpr std::array<const device*, 39> all{
    &a100_sxm_80gb, &a100_pcie_40gb, &a100_pcie_80gb, &h100_sxm, &h100_pcie, &h100_nvl, &h200_sxm, &h200_nvl, &h20,
    &gh200, &b200, &b300, &gb200, &gb300, &rtx_pro_6000_workstation, &rtx_pro_6000_server, &rtx_5090, &rtx_4090,
    &rtx_3090_ti, &rtx_3090, &rtx_3080, &rtx_a6000, &l40s, &l4, &l20, &a10, &a10g, &gb10, &jetson_agx_thor,
    &jetson_agx_orin_64gb, &jetson_orin_nano_8gb, &mi50, &mi250x, &mi300x, &mi325x, &mi355x, &gaudi3, &tpu_v5e, &tpu_v6e};

/// The registry entry with this id, or nullptr.
constexpr const device* find(std::string_view id) {
  for (const device* d : all) {
    if (d->id == id) return d;
  }
  return nullptr;
}

}  // namespace headroom::devices
