// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/nvidia_volta_turing.hpp name: each link once,
// with its sources (ids of sources.hpp) and what is derived or assumed. A device header includes
// only the links it names, so that a translation unit with one device does not build every link of
// every vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// t4
inline constexpr interconnect pcie3_server_t4{
    .scale_up = "PCIe Gen3 x16 (no NVLink), 8 per server"sv, .scale_up_gbps = 15.75, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94, S124"sv,
    .derived = "scale_up_gbps (8 GT/s x 16 x 128/130 / 8, PCIe Gen3 as S124 names it), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// v100_sxm2_32gb
inline constexpr interconnect nvlink2_hgx_v100{
    .scale_up = "NVLink 2, 6 links (300 GB/s both ways), 8 GPUs in a hybrid cube-mesh"sv, .scale_up_gbps = 150, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "100 Gb/s NIC per GPU (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S94, S125"sv,
    .derived = "scale_up_gbps (300 / 2), domain (an 8-GPU board, assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
