// SPDX-License-Identifier: MIT
// headroom: the interconnects device entries name (device.hpp `interconnect`): each link once,
// with its sources (ids of sources.hpp) and what is derived or assumed; every device of a
// generation that sits on the same board or bridge names the same one.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {

// mi300x, mi325x
inline constexpr interconnect infinity_fabric_mi300{
    .scale_up = "Infinity Fabric, 7 links x 128 GB/s to 7 peers", .scale_up_gbps = 448, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "400 Gb/s NIC per GPU", .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S91, S94",
    .derived = "scale_up_gbps (896 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// mi355x
inline constexpr interconnect infinity_fabric_mi355x{
    .scale_up = "Infinity Fabric, 7 links x 153.6 GB/s to 7 peers", .scale_up_gbps = 537.6, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "400 Gb/s NIC per GPU", .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S91, S94",
    .derived = "scale_up_gbps (7 x 153.6 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// mi250x
inline constexpr interconnect infinity_fabric_mi250x{
    .scale_up = "Infinity Fabric (xGMI), up to 8 per node", .scale_up_gbps = 400, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "200 Gb/s NIC per GPU (assumed)", .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S94, S104",
    .derived = "scale_up_gbps (800 / 2), domain (S104), scale_out_gbps (assumed), latency per hop assumed 0.5 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// mi50
inline constexpr interconnect infinity_fabric_mi50{
    .scale_up = "Infinity Fabric Link, 2 links per GPU (200 GB/s peer-to-peer both ways)", .scale_up_gbps = 100, .scale_up_latency_us = 1, .domain = 4,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S94, S117",
    .derived = "scale_up_gbps (200 / 2), domain (assumed: a hive of 4 on the bridge), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// tpu_v5e
inline constexpr interconnect ici_v5e_pod{
    .scale_up = "ICI, 4 links of 45 GB/s each way (2D torus, 256-chip pod)", .scale_up_gbps = 180, .scale_up_latency_us = 1, .domain = 256,
    .scale_out = "data-centre network (assumed 200 Gb/s per chip)", .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S92, S94",
    .derived = "scale_up_gbps (4 x 45), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// tpu_v6e
inline constexpr interconnect ici_v6e_pod{
    .scale_up = "ICI, 4 links of 90 GB/s each way (2D torus, 256-chip pod)", .scale_up_gbps = 360, .scale_up_latency_us = 1, .domain = 256,
    .scale_out = "data-centre network (assumed 200 Gb/s per chip)", .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S92, S94",
    .derived = "scale_up_gbps (4 x 90), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// gaudi3
inline constexpr interconnect gaudi3_roce{
    .scale_up = "21 of 24 on-die 200 GbE RoCE ports, all-to-all in an 8-card board", .scale_up_gbps = 525, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "3 of the 24 ports (3 x 200 GbE)", .scale_out_gbps = 75, .scale_out_latency_us = 2,
    .sources = "S84, S95, S94",
    .derived = "scale_up_gbps (21 x 200 Gb/s / 8), scale_out_gbps (3 x 200 Gb/s / 8), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

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

// a100_sxm_80gb
inline constexpr interconnect nvlink3_hgx{
    .scale_up = "NVLink 3 via NVSwitch (12 links, 600 GB/s both ways)", .scale_up_gbps = 300, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "ConnectX-6 200 Gb/s HDR per GPU", .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S85, S87, S94",
    .derived = "scale_up_gbps (600 / 2), scale_out_gbps (200 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"};

// a100_pcie_40gb, a100_pcie_80gb, h100_pcie, h100_nvl
inline constexpr interconnect nvlink_bridge_pair{
    .scale_up = "NVLink bridge, pairs (600 GB/s both ways)", .scale_up_gbps = 300, .scale_up_latency_us = 0.5, .domain = 2,
    .scale_out = "200 Gb/s NIC per GPU (assumed)", .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S85, S94",
    .derived = "scale_up_gbps (600 / 2), scale_out_gbps (assumed), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"};

// a10
inline constexpr interconnect pcie4_server_a10{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 4 per server", .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 4,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94, S97",
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// a10g
inline constexpr interconnect pcie4_g5_a10g{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 8 per g5.48xlarge", .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "100 Gb/s per g5.48xlarge, shared by its 8 GPUs", .scale_out_gbps = 1.5625, .scale_out_latency_us = 2,
    .sources = "S90, S94, S113",
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), scale_out_gbps (100 Gb/s / 8 / 8 GPUs), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// rtx_a6000
inline constexpr interconnect nvlink3_bridge_rtx_a6000{
    .scale_up = "NVLink 3 bridge, pairs (112.5 GB/s both ways)", .scale_up_gbps = 56.25, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S94, S100",
    .derived = "scale_up_gbps (112.5 / 2), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// rtx_3090
inline constexpr interconnect nvlink3_bridge_rtx_3090{
    .scale_up = "NVLink 3 bridge, pairs (112.5 GB/s both ways)", .scale_up_gbps = 56.25, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S94, S100",
    .derived = "scale_up_gbps (112.5 / 2), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// rtx_3080
inline constexpr interconnect pcie4_desktop_rtx_3080{
    .scale_up = "PCIe Gen4 x16 (no NVLink), 2 per desktop", .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94",
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// rtx_3090_ti
inline constexpr interconnect pcie4_desktop_rtx_3090_ti{
    .scale_up = "PCIe Gen4 x16, 2 per desktop", .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94",
    .derived = "scale_up_gbps (16 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// b200
inline constexpr interconnect nvlink5_hgx_b200{
    .scale_up = "NVLink 5 via NVSwitch (18 links, 1.8 TB/s both ways)", .scale_up_gbps = 900, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "ConnectX-7 400 Gb/s per GPU", .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S5, S85, S88, S94",
    .derived = "scale_up_gbps (1,800 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"};

// Apple M-series: one GPU per system (llama.cpp's Metal backend has no multi-GPU split).
inline constexpr interconnect apple_standalone{
    .scale_up = "none (one GPU per system)", .scale_up_gbps = 0, .scale_up_latency_us = 0, .domain = 1,
    .scale_out = "10 Gb Ethernet (assumed)", .scale_out_gbps = 1.25, .scale_out_latency_us = 2,
    .sources = "S94",
    .derived = "scale_out_gbps (10 Gb/s / 8, assumed), scale-out latency per hop assumed 2 us (S94)"};

// gb10
inline constexpr interconnect gb10_pairing{
    .scale_up = "none (one GPU per system)", .scale_up_gbps = 0, .scale_up_latency_us = 0, .domain = 1,
    .scale_out = "ConnectX-7 200 GbE (two-unit pairing)", .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S13, S94",
    .derived = "scale_out_gbps (200 Gb/s / 8), scale-out latency per hop assumed 2 us (S94)"};

// b300
inline constexpr interconnect nvlink5_hgx_b300{
    .scale_up = "NVLink 5 via NVSwitch (18 links, 1.8 TB/s both ways)", .scale_up_gbps = 900, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "ConnectX-8 800 Gb/s per GPU", .scale_out_gbps = 100, .scale_out_latency_us = 2,
    .sources = "S6, S85, S88, S94",
    .derived = "scale_up_gbps (1,800 / 2), scale_out_gbps (800 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"};

// gb200
inline constexpr interconnect nvlink5_nvl72_gb200{
    .scale_up = "NVLink 5, NVL72 rack (1.8 TB/s both ways)", .scale_up_gbps = 900, .scale_up_latency_us = 0.5, .domain = 72,
    .scale_out = "ConnectX-7 400 Gb/s per GPU", .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S85, S89, S94",
    .derived = "scale_up_gbps (1,800 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"};

// gb300
inline constexpr interconnect nvlink5_nvl72_gb300{
    .scale_up = "NVLink 5, NVL72 rack (1.8 TB/s both ways)", .scale_up_gbps = 900, .scale_up_latency_us = 0.5, .domain = 72,
    .scale_out = "ConnectX-8 800 Gb/s per GPU", .scale_out_gbps = 100, .scale_out_latency_us = 2,
    .sources = "S85, S89, S94",
    .derived = "scale_up_gbps (1,800 / 2), scale_out_gbps (800 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"};

// rtx_pro_6000_workstation
inline constexpr interconnect pcie5_workstation_rtx_pro{
    .scale_up = "PCIe Gen5 x16 (no NVLink), up to 4 per workstation", .scale_up_gbps = 63, .scale_up_latency_us = 1, .domain = 4,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S53, S90, S94",
    .derived = "scale_up_gbps (32 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// rtx_pro_6000_server
inline constexpr interconnect pcie5_server_rtx_pro{
    .scale_up = "PCIe Gen5 x16 (no NVLink), 8 per server", .scale_up_gbps = 63, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "200 Gb/s NIC per GPU (assumed)", .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S56, S90, S94",
    .derived = "scale_up_gbps (32 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// rtx_5090
inline constexpr interconnect pcie5_desktop_rtx_5090{
    .scale_up = "PCIe Gen5 x16 (no NVLink), 2 per desktop", .scale_up_gbps = 63, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S41, S90, S94",
    .derived = "scale_up_gbps (32 GT/s x 16 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// h100_sxm, h200_sxm, h20
inline constexpr interconnect nvlink4_hgx{
    .scale_up = "NVLink 4 via NVSwitch (18 links, 900 GB/s both ways)", .scale_up_gbps = 450, .scale_up_latency_us = 0.5, .domain = 8,
    .scale_out = "ConnectX-7 400 Gb/s per GPU", .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S85, S86, S94",
    .derived = "scale_up_gbps (900 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"};

// h200_nvl
inline constexpr interconnect nvlink_bridge_h200_nvl{
    .scale_up = "NVLink bridge, 2- or 4-way (900 GB/s both ways)", .scale_up_gbps = 450, .scale_up_latency_us = 0.5, .domain = 4,
    .scale_out = "200 Gb/s NIC per GPU (assumed)", .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S2, S85, S94",
    .derived = "scale_up_gbps (900 / 2), scale_out_gbps (assumed), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"};

// gh200
inline constexpr interconnect nvlink4_nvl2_gh200{
    .scale_up = "NVLink 4, NVL2 pair (900 GB/s both ways)", .scale_up_gbps = 450, .scale_up_latency_us = 0.5, .domain = 2,
    .scale_out = "ConnectX-7 400 Gb/s per GPU", .scale_out_gbps = 50, .scale_out_latency_us = 2,
    .sources = "S48, S85, S94",
    .derived = "scale_up_gbps (900 / 2), scale_out_gbps (400 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"};

// jetson_agx_thor
inline constexpr interconnect jetson_thor_ethernet{
    .scale_up = "none (one GPU per module)", .scale_up_gbps = 0, .scale_up_latency_us = 0, .domain = 1,
    .scale_out = "4 x 25 GbE", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S93, S94",
    .derived = "scale_out_gbps (100 Gb/s / 8), scale-out latency per hop assumed 2 us (S94)"};

// jetson_agx_orin_64gb
inline constexpr interconnect jetson_orin_10gbe{
    .scale_up = "none (one GPU per module)", .scale_up_gbps = 0, .scale_up_latency_us = 0, .domain = 1,
    .scale_out = "10 GbE", .scale_out_gbps = 1.25, .scale_out_latency_us = 2,
    .sources = "S93, S94",
    .derived = "scale_out_gbps (10 Gb/s / 8), scale-out latency per hop assumed 2 us (S94)"};

// jetson_orin_nano_8gb
inline constexpr interconnect jetson_orin_nano_1gbe{
    .scale_up = "none (one GPU per module)", .scale_up_gbps = 0, .scale_up_latency_us = 0, .domain = 1,
    .scale_out = "1 GbE", .scale_out_gbps = 0.125, .scale_out_latency_us = 2,
    .sources = "S93, S94",
    .derived = "scale_out_gbps (1 Gb/s / 8), scale-out latency per hop assumed 2 us (S94)"};

// t4
inline constexpr interconnect pcie3_server_t4{
    .scale_up = "PCIe Gen3 x16 (no NVLink), 8 per server", .scale_up_gbps = 15.75, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94, S124",
    .derived = "scale_up_gbps (8 GT/s x 16 x 128/130 / 8, PCIe Gen3 as S124 names it), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// v100_sxm2_32gb
inline constexpr interconnect nvlink2_hgx_v100{
    .scale_up = "NVLink 2, 6 links (300 GB/s both ways), 8 GPUs in a hybrid cube-mesh", .scale_up_gbps = 150, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "100 Gb/s NIC per GPU (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S94, S125",
    .derived = "scale_up_gbps (300 / 2), domain (an 8-GPU board, assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// rtx_4060_ti_16gb
inline constexpr interconnect pcie4_x8_desktop{
    .scale_up = "PCIe Gen4 x8 (no NVLink), 2 per desktop", .scale_up_gbps = 15.75, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94, S122",
    .derived = "scale_up_gbps (16 GT/s x 8 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// rtx_5060_ti_16gb, arc_pro_b60
inline constexpr interconnect pcie5_x8_desktop{
    .scale_up = "PCIe Gen5 x8 (no NVLink), 2 per desktop", .scale_up_gbps = 31.5, .scale_up_latency_us = 1, .domain = 2,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S90, S94, S123, S128",
    .derived = "scale_up_gbps (32 GT/s x 8 x 128/130 / 8), domain (assumed), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

// mi210
inline constexpr interconnect infinity_fabric_mi210{
    .scale_up = "Infinity Fabric Link bridge, up to 4 GPUs (3 links x 100 GB/s both ways)", .scale_up_gbps = 150, .scale_up_latency_us = 1, .domain = 4,
    .scale_out = "100 GbE NIC (assumed)", .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S94, S127",
    .derived = "scale_up_gbps (3 x 100 / 2), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"};

}  // namespace headroom::devices::links
