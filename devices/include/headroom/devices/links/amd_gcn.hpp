// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/amd_gcn.hpp name: each link once, with its
// sources (ids of sources.hpp) and what is derived or assumed. A device header includes only the
// links it names, so that a translation unit with one device does not build every link of every
// vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// mi50
inline constexpr interconnect infinity_fabric_mi50{
    .scale_up = "Infinity Fabric Link, 2 links per GPU (200 GB/s peer-to-peer both ways)"sv, .scale_up_gbps = 100, .scale_up_latency_us = 1, .domain = 4,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S94, S117"sv,
    .derived = "scale_up_gbps (200 / 2), domain (assumed: a hive of 4 on the bridge), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
