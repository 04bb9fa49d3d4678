// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/nvidia_ada.hpp name: each link once, with its
// sources (ids of sources.hpp) and what is derived or assumed. A device header includes only the
// links it names, so that a translation unit with one device does not build every link of every
// vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {

// rtx_4090
inline constexpr interconnect pcie4_desktop_rtx_4090{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 2 per desktop", .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S41, S90, S94",
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// l40s
inline constexpr interconnect pcie4_server_l40s{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 8 per server", .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "200 Gb/s NIC per GPU (assumed)", .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S63, S90, S94",
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// l4
inline constexpr interconnect pcie4_server_l4{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 8 per server", .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S65, S90, S94",
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// l20
inline constexpr interconnect pcie4_server_l20{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 8 per server", .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "200 Gb/s NIC per GPU (assumed)", .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S90, S94, S106",
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// rtx_4060_ti_16gb
inline constexpr interconnect pcie4_x8_desktop{
    .scale_up = "PCIe Gen4 x8 (no NVLink), 2 per desktop", .scale_up_gbps = 15.75, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94, S122",
    .derived = "scale_up_gbps (16 GT/s x 8 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

}  // namespace headroom::devices::links
