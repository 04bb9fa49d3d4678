// SPDX-License-Identifier: MIT
// headroom: the interconnects that devices of more than one generation header name (a bridge or a
// desktop slot several boards share): each link once, with its sources (ids of sources.hpp) and
// what is derived or assumed. A device header includes only the links it names, so that a
// translation unit with one device does not build every link of every vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// a100_pcie_40gb, a100_pcie_80gb, h100_pcie, h100_nvl
inline constexpr interconnect nvlink_bridge_pair{
    .scale_up = "NVLink bridge, pairs (600 GB/s both ways)"sv, .scale_up_gbps = 300, .scale_up_latency_us = 0.5, .domain = 2,
    .scale_out = "200 Gb/s NIC per GPU (assumed)"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S85, S94"sv,
    .derived = "scale_up_gbps (600 / 2), scale_out_gbps (assumed), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

// rtx_5060_ti_16gb, arc_pro_b60
inline constexpr interconnect pcie5_x8_desktop{
    .scale_up = "PCIe Gen5 x8 (no NVLink), 2 per desktop"sv, .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94, S123, S128"sv,
    .derived = "scale_up_gbps (32 GT/s x 8 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
