// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/nvidia_hopper.hpp name: each link once, with
// its sources (ids of sources.hpp) and what is derived or assumed. A device header includes only
// the links it names, so that a translation unit with one device does not build every link of every
// vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// h100_sxm, h200_sxm, h20
inline constexpr interconnect nvlink4_hgx{
    .scale_up = "NVLink 4 via NVSwitch (18 links, 900 GB/s both ways)"sv, .scale_up_gbps = 450, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "ConnectX-7 400 Gb/s per GPU"sv, .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S85, S86, S94"sv,
    .derived = "scale_up_gbps (900 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

// h800_sxm: the HGX board of the H100's, its NVLink cut to 400 GB/s both ways (S135, S136), 8 GPUs
// on NVSwitch (S137). DeepSeek quotes about 160 GB/s for it (S137, S138), below the printed 200
// each way as reached rates are; the link is costed at the printed figure, as every other link is.
inline constexpr interconnect nvlink4_hgx_h800{
    .scale_up = "NVLink 4 via NVSwitch, H800 (400 GB/s both ways)"sv, .scale_up_gbps = 200, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "ConnectX-7 400 Gb/s per GPU"sv, .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S94, S135, S136, S137, S138"sv,
    .derived = "scale_up_gbps (400 / 2; about 160 reached, S137, S138), scale_out_gbps (400 Gb/s / 8, the CX7 per GPU of S138), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

// h200_nvl
inline constexpr interconnect nvlink_bridge_h200_nvl{
    .scale_up = "NVLink bridge, 2- or 4-way (900 GB/s both ways)"sv, .scale_up_gbps = 450, .scale_up_latency_us = 0.5, .domain = 4,
    .scale_out = "200 Gb/s NIC per GPU (assumed)"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S2, S85, S94"sv,
    .derived = "scale_up_gbps (900 / 2), scale_out_gbps (assumed), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

// gh200
inline constexpr interconnect nvlink4_nvl2_gh200{
    .scale_up = "NVLink 4, NVL2 pair (900 GB/s both ways)"sv, .scale_up_gbps = 450, .scale_up_latency_us = 0.5, .domain = 2,
    .scale_out = "ConnectX-7 400 Gb/s per GPU"sv, .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S48, S85, S94"sv,
    .derived = "scale_up_gbps (900 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
