// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/nvidia_ampere.hpp name: each link once, with
// its sources (ids of sources.hpp) and what is derived or assumed. A device header includes only
// the links it names, so that a translation unit with one device does not build every link of every
// vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// a100_sxm_80gb
inline constexpr interconnect nvlink3_hgx{
    .scale_up = "NVLink 3 via NVSwitch (12 links, 600 GB/s both ways)"sv, .scale_up_gbps = 300, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "ConnectX-6 200 Gb/s HDR per GPU"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S85, S87, S94"sv,
    .derived = "scale_up_gbps (600 / 2), scale_out_gbps (200 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

// a800_sxm_80gb: the HGX A100's 8-GPU NVSwitch board with NVLink cut to 400 GB/s both ways (S136,
// S142, S143). No A800 system guide is among the sources: the NIC is the DGX A100's, assumed.
inline constexpr interconnect nvlink3_hgx_a800{
    .scale_up = "NVLink 3 via NVSwitch, A800 (400 GB/s both ways)"sv, .scale_up_gbps = 200, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "ConnectX-6 200 Gb/s HDR per GPU (assumed, as DGX A100)"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S87, S94, S136, S142, S143"sv,
    .derived = "scale_up_gbps (400 / 2), scale_out_gbps (200 Gb/s / 8, the DGX A100's NIC of S87 assumed), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

// a30: a PCIe card whose NVLink bridge joins two (S136, S145).
inline constexpr interconnect nvlink3_bridge_a30{
    .scale_up = "NVLink 3 bridge, pairs (200 GB/s both ways)"sv, .scale_up_gbps = 100, .scale_up_latency_us = 0.5, .domain = 2,
    .scale_out = "200 Gb/s NIC per GPU (assumed)"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S94, S136, S145, S146"sv,
    .derived = "scale_up_gbps (200 / 2), scale_out_gbps (assumed, the 200 Gb/s fabric aiconfigurator's a30.yaml assumes, S146), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"sv};

// a10
inline constexpr interconnect pcie4_server_a10{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 4 per server"sv, .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 4,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94, S97"sv,
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// a10g
inline constexpr interconnect pcie4_g5_a10g{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 8 per g5.48xlarge"sv, .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "100 Gb/s per g5.48xlarge, shared by its 8 GPUs"sv, .scale_out_gbps = 1.5625, .scale_out_latency_us = 2,
    .sources = "S90, S94, S113"sv,
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), scale_out_gbps (100 Gb/s / 8 / 8 GPUs), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// rtx_a6000
inline constexpr interconnect nvlink3_bridge_rtx_a6000{
    .scale_up = "NVLink 3 bridge, pairs (112.5 GB/s both ways)"sv, .scale_up_gbps = 56.25, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S94, S100"sv,
    .derived = "scale_up_gbps (112.5 / 2), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// rtx_3090
inline constexpr interconnect nvlink3_bridge_rtx_3090{
    .scale_up = "NVLink 3 bridge, pairs (112.5 GB/s both ways)"sv, .scale_up_gbps = 56.25, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S94, S100"sv,
    .derived = "scale_up_gbps (112.5 / 2), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// rtx_3080
inline constexpr interconnect pcie4_desktop_rtx_3080{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 2 per desktop"sv, .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94"sv,
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// rtx_3090_ti
inline constexpr interconnect pcie4_desktop_rtx_3090_ti{
    .scale_up = "PCIe Gen4 x16, 2 per desktop"sv, .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94"sv,
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
