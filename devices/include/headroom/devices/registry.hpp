// SPDX-License-Identifier: MIT
// headroom: every shipped device, in registry order (the order "which other devices hold it" uses).
#pragma once

#include <array>
#include <string_view>

#include <headroom/device.hpp>
#include <headroom/devices/aliases.hpp>
#include <headroom/devices/amd_cdna.hpp>
#include <headroom/devices/apple_m.hpp>
#include <headroom/devices/amd_gcn.hpp>
#include <headroom/devices/google_tpu.hpp>
#include <headroom/devices/intel_arc.hpp>
#include <headroom/devices/intel_gaudi.hpp>
#include <headroom/devices/nvidia_ada.hpp>
#include <headroom/devices/nvidia_ampere.hpp>
#include <headroom/devices/nvidia_blackwell.hpp>
#include <headroom/devices/nvidia_hopper.hpp>
#include <headroom/devices/nvidia_jetson.hpp>
#include <headroom/devices/nvidia_volta_turing.hpp>
#include <headroom/devices/sources.hpp>

namespace headroom::devices {

// NVIDIA datacentre by generation, NVIDIA workstation / GeForce / edge, then AMD, Intel, Google, Apple.
// The count follows the list (no number to keep in step).
inline constexpr std::array all{
    &v100_sxm2_32gb, &t4, &a100_sxm_80gb, &a800_sxm_80gb, &a100_pcie_40gb, &a100_pcie_80gb, &a30, &h100_sxm, &h800_sxm,
    &h100_pcie, &h100_nvl, &h200_sxm, &h200_nvl, &h20, &h20_141gb, &gh200, &b200, &b300, &gb200, &gb300,
    &rtx_pro_6000_workstation, &rtx_pro_6000_server, &rtx_6000_ada, &rtx_5090, &rtx_5080, &rtx_5070_ti,
    &rtx_5060_ti_16gb, &rtx_4090, &rtx_4080, &rtx_4070, &rtx_4060_ti_16gb, &rtx_3090_ti, &rtx_3090, &rtx_3080,
    &rtx_a6000, &a40, &l40s, &l40, &l4, &l20, &a10, &a10g, &gb10, &jetson_agx_thor, &jetson_agx_orin_64gb,
    &jetson_orin_nano_8gb, &mi50, &mi210, &mi250x, &mi300x, &mi325x, &mi355x, &gaudi3, &arc_pro_b60, &tpu_v5e, &tpu_v6e,
    &m2_ultra, &m3_max, &m4_max, &m4_pro};

/// The registry entry with this id, or nullptr.
constexpr const device* find(std::string_view id) {
  for (const device* d : all) {
    if (d->id == id) return d;
  }
  return nullptr;
}

/// The registry entry an alias (aliases.hpp) names, or nullptr.
constexpr const device* find_alias(std::string_view alias) {
  for (const device_alias& a : aliases) {
    if (a.alias == alias) return find(a.id);
  }
  return nullptr;
}

// Every alias names an entry, and none shadows an id. By ids, not by comparing find() with
// nullptr: g++ under -fsanitize=undefined does not constant-evaluate a global's address compared
// with null.
constexpr bool is_registry_id(std::string_view id) {
  for (const device* d : all) {
    if (d->id == id) return true;
  }
  return false;
}
static_assert([] {
  for (const device_alias& a : aliases) {
    if (!is_registry_id(a.id) || is_registry_id(a.alias)) return false;
  }
  return true;
}(), "a device alias must name a registry id and must not be one");

}  // namespace headroom::devices
