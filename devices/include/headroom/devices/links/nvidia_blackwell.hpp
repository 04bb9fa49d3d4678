// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/nvidia_blackwell.hpp name: each link once,
// with its sources (ids of sources.hpp) and what is derived or assumed. A device header includes
// only the links it names, so that a translation unit with one device does not build every link of
// every vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// b200
inline constexpr interconnect nvlink5_hgx_b200{
    .scale_up = "NVLink 5 via NVSwitch (18 links, 1.8 TB/s both ways)"sv, .scale_up_gbps = 900, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "ConnectX-7 400 Gb/s per GPU"sv, .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S5, S85, S88, S94"sv,
    .derived = "scale_up_gbps (1,800 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

// gb10
inline constexpr interconnect gb10_pairing{
    .scale_up = "none (one GPU per system)"sv, .scale_up_gbps = 0, .scale_up_latency_us = 0, .domain = 1,
    .scale_out = "ConnectX-7 200 GbE (two-unit pairing)"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S13, S94"sv,
    .derived = "scale_out_gbps (200 Gb/s / 8), scale-out latency per hop assumed 2 us (S94)"sv};

// b300
inline constexpr interconnect nvlink5_hgx_b300{
    .scale_up = "NVLink 5 via NVSwitch (18 links, 1.8 TB/s both ways)"sv, .scale_up_gbps = 900, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "ConnectX-8 800 Gb/s per GPU"sv, .scale_out_gbps = 100, .scale_out_latency_us = 2,
    .sources = "S6, S85, S88, S94"sv,
    .derived = "scale_up_gbps (1,800 / 2), scale_out_gbps (800 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

// gb200
inline constexpr interconnect nvlink5_nvl72_gb200{
    .scale_up = "NVLink 5, NVL72 rack (1.8 TB/s both ways)"sv, .scale_up_gbps = 900, .scale_up_latency_us = 0.5, .domain = 72,
    .scale_out = "ConnectX-7 400 Gb/s per GPU"sv, .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S85, S89, S94"sv,
    .derived = "scale_up_gbps (1,800 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

// gb300
inline constexpr interconnect nvlink5_nvl72_gb300{
    .scale_up = "NVLink 5, NVL72 rack (1.8 TB/s both ways)"sv, .scale_up_gbps = 900, .scale_up_latency_us = 0.5, .domain = 72,
    .scale_out = "ConnectX-8 800 Gb/s per GPU"sv, .scale_out_gbps = 100, .scale_out_latency_us = 2,
    .sources = "S85, S89, S94"sv,
    .derived = "scale_up_gbps (1,800 / 2), scale_out_gbps (800 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

// rtx_pro_6000_workstation
inline constexpr interconnect pcie5_workstation_rtx_pro{
    .scale_up = "PCIe Gen5 x16 (no NVLink), up to 4 per workstation"sv, .scale_up_gbps = 63, .scale_up_latency_us = 1, .domain = 4,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S53, S90, S94"sv,
    .derived = "scale_up_gbps (32 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// rtx_pro_6000_server
inline constexpr interconnect pcie5_server_rtx_pro{
    .scale_up = "PCIe Gen5 x16 (no NVLink), 8 per server"sv, .scale_up_gbps = 63, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "200 Gb/s NIC per GPU (assumed)"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S56, S90, S94"sv,
    .derived = "scale_up_gbps (32 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// rtx_5090
inline constexpr interconnect pcie5_desktop_rtx_5090{
    .scale_up = "PCIe Gen5 x16 (no NVLink), 2 per desktop"sv, .scale_up_gbps = 63, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S41, S90, S94"sv,
    .derived = "scale_up_gbps (32 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
