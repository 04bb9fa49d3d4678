// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/amd_cdna.hpp name: each link once, with its
// sources (ids of sources.hpp) and what is derived or assumed. A device header includes only the
// links it names, so that a translation unit with one device does not build every link of every
// vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// mi300x, mi325x
inline constexpr interconnect infinity_fabric_mi300{
    .scale_up = "Infinity Fabric, 7 links x 128 GB/s to 7 peers"sv, .scale_up_gbps = 448, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "400 Gb/s NIC per GPU"sv, .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S91, S94"sv,
    .derived = "scale_up_gbps (896 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// mi355x
inline constexpr interconnect infinity_fabric_mi355x{
    .scale_up = "Infinity Fabric, 7 links x 153.6 GB/s to 7 peers"sv, .scale_up_gbps = 537.6, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "400 Gb/s NIC per GPU"sv, .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S91, S94"sv,
    .derived = "scale_up_gbps (7 x 153.6 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// mi250x
inline constexpr interconnect infinity_fabric_mi250x{
    .scale_up = "Infinity Fabric (xGMI), up to 8 per node"sv, .scale_up_gbps = 400, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "200 Gb/s NIC per GPU (assumed)"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S94, S104"sv,
    .derived = "scale_up_gbps (800 / 2), domain (S104), scale_out_gbps (assumed), latency per hop assumed 0.5 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// mi210
inline constexpr interconnect infinity_fabric_mi210{
    .scale_up = "Infinity Fabric Link bridge, up to 4 GPUs (3 links x 100 GB/s both ways)"sv, .scale_up_gbps = 150, .scale_up_latency_us = 1, .domain = 4,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S94, S127"sv,
    .derived = "scale_up_gbps (3 x 100 / 2), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
