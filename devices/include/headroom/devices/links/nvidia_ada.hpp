// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/nvidia_ada.hpp name: each link once, with its
// sources (ids of sources.hpp) and what is derived or assumed. A device header includes only the
// links it names, so that a translation unit with one device does not build every link of every
// vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// rtx_4090
inline constexpr interconnect pcie4_desktop_rtx_4090{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 2 per desktop"sv, .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S41, S90, S94"sv,
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// l40s
inline constexpr interconnect pcie4_server_l40s{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 8 per server"sv, .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "200 Gb/s NIC per GPU (assumed)"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S63, S90, S94"sv,
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// l4
inline constexpr interconnect pcie4_server_l4{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 8 per server"sv, .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S65, S90, S94"sv,
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// l20
inline constexpr interconnect pcie4_server_l20{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 8 per server"sv, .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "200 Gb/s NIC per GPU (assumed)"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S90, S94, S106"sv,
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// rtx_4060_ti_16gb
inline constexpr interconnect pcie4_x8_desktop{
    .scale_up = "PCIe Gen4 x8 (no NVLink), 2 per desktop"sv, .scale_up_gbps = 15.75, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94, S122"sv,
    .derived = "scale_up_gbps (16 GT/s x 8 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
