// SPDX-License-Identifier: MIT
// headroom: NVIDIA Hopper (sm_90a, wgmma): H100 SXM / PCIe / NVL, H800 SXM, H200 SXM / NVL, H20
// and the GH200 GPU. FP8 MMA, no FP4 MMA: NVFP4 activations take the exact E2M1 -> E4M3 path at
// the FP8 peak.
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/nvidia_hopper.hpp>
#include <headroom/devices/links/shared.hpp>
#include <headroom/devices/with_memory.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

inline constexpr std::uint16_t hopper_native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::fp8) |
                                               bit(mma_kind::int8);

inline constexpr device h100_sxm{
    .id = "h100_sxm"sv,
    .name = "NVIDIA H100 SXM5 80GB"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_90a"sv,
    .memory_marketed = "80 GB HBM3"sv,
    .memory_bytes = 81'559ULL * mib,  // 85,520,809,984 B
    .memory_basis = "nvidia-smi total 81,559 MiB (S26)"sv,
    .bandwidth_gbps = 3350,
    .peak = {.bf16 = 989.5, .fp16 = 989.5, .fp8 = 1979, .int8 = 1979},
    .native = hopper_native,
    .family = mma_family::wgmma,
    .sms = 132,
    .sources = "S1, S3, S4, S26"sv,
    .derived = "peak_tflops (dense = product-page sparse / 2; the whitepaper prints 989.4 BF16)"sv,
    .link = links::nvlink4_hgx,
};

// The H100 SXM's GH100 (same peaks, 132 SMs, HGX board) with 141 GB of HBM3e.
inline constexpr device h200_sxm = with_memory(
    h100_sxm, {.id = "h200_sxm"sv,
               .name = "NVIDIA H200 SXM 141GB"sv,
               .memory_marketed = "141 GB HBM3e"sv,
               .memory_bytes = 143'771ULL * mib,  // 150,754,820,096 B
               .memory_basis = "nvidia-smi total 143,771 MiB (S26)"sv,
               .bandwidth_gbps = 4800,
               .sources = "S2, S4, S26"sv,
               .derived = "peak_tflops (dense = product-page sparse / 2), sm_count (same GH100 configuration as H100 SXM)"sv});

// The export variant of the H100 SXM: the same GH100 die and 80 GB of HBM3 on the HGX board, its
// NVLink cut to 400 GB/s (S135, S136). NVIDIA's H800 datasheet is not among the sources, so the
// peaks and SM count are the H100 SXM's: S135 reports the compute unchanged, S137 counts 132 SMs,
// and kernels measured on the H800 exceed a halved rate (FP8 GEMMs at 1,550 TFLOPS, S139, against
// 989.5; BF16 MLA decode at 660, S140, against 494.75).
inline constexpr device h800_sxm = with_link(
    with_memory(h100_sxm,
                {.id = "h800_sxm"sv,
                 .name = "NVIDIA H800 SXM5 80GB"sv,
                 .memory_marketed = "80 GB HBM3"sv,
                 .memory_bytes = 81'559ULL * mib,  // 85,520,809,984 B
                 .memory_basis = "nvidia-smi total 81,559 MiB on an 8-GPU H800 board (S141)"sv,
                 .bandwidth_gbps = 3350,
                 .sources = "S1, S3, S4, S135, S136, S137, S139, S140, S141"sv,
                 .derived = "peak_tflops, sm_count, bandwidth_gbps (the H100 SXM's, S1, S3, reported unchanged, "
                            "S135; 132 SMs, S137; FP8 1,550 and BF16 660 measured, above half, S139, S140)"sv}),
    links::nvlink4_hgx_h800);

inline constexpr device h100_pcie{
    .id = "h100_pcie"sv,
    .name = "NVIDIA H100 PCIe 80GB"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_90a"sv,
    .memory_marketed = "80 GB HBM2e"sv,
    .memory_bytes = 81'559ULL * mib,  // 85,520,809,984 B
    .memory_basis = "nvidia-smi total 81,559 MiB (S42; one host shows 81,920 MiB)"sv,
    .bandwidth_gbps = 2000,  // NVIDIA's "2 TB/s"; a third-party table says 2,048
    // Whitepaper dense 756.5 = datasheet 1,513 sparse / 2; FP8 and INT8 1,513 dense.
    .peak = {.bf16 = 756.5, .fp16 = 756.5, .fp8 = 1513, .int8 = 1513},
    .native = hopper_native,
    .family = mma_family::wgmma,
    .sms = 114,  // 114 x 4,096 FLOP/clk x 1.62 GHz = 756.4 agrees
    .sources = "S1, S3, S4, S10, S11, S40, S41, S42"sv,
    .derived = ""sv,
    .link = links::nvlink_bridge_pair,
};

inline constexpr device h100_nvl{
    .id = "h100_nvl"sv,
    .name = "NVIDIA H100 NVL 94GB (PCIe)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_90a"sv,
    .memory_marketed = "94 GB HBM3"sv,
    .memory_bytes = 95'830ULL * mib,  // 100,485,038,080 B
    .memory_basis = "nvidia-smi total 95,830 MiB (S43)"sv,
    .bandwidth_gbps = 3900,  // NVIDIA's "3.9 TB/s"; third-party copies print 3,938
    .peak = {.bf16 = 835.5, .fp16 = 835.5, .fp8 = 1670.5, .int8 = 1670.5},
    .native = hopper_native,
    .family = mma_family::wgmma,
    .sms = 132,
    .sources = "S1, S4, S10, S11, S43"sv,
    .derived = "peak_tflops (dense = product-page sparse / 2)"sv,
    .link = links::nvlink_bridge_pair,
};

// The H100 NVL's configuration (same peaks, 132 SMs) with 141 GB of HBM3e, on a 2- or 4-way bridge.
inline constexpr device h200_nvl = with_link(
    with_memory(h100_nvl,
                {.id = "h200_nvl"sv,
                 .name = "NVIDIA H200 NVL 141GB (PCIe)"sv,
                 .memory_marketed = "141 GB HBM3e"sv,
                 .memory_bytes = 143'771ULL * mib,  // 150,754,820,096 B
                 .memory_basis = "nvidia-smi total 143,771 MiB (S44)"sv,
                 .bandwidth_gbps = 4800,
                 .sources = "S2, S4, S10, S11, S44"sv,
                 .derived = "peak_tflops (dense = product-page sparse / 2; ~836 BF16 measured, S44), sm_count (same GH100 "
                            "configuration as H200 SXM)"sv}),
    links::nvlink_bridge_h200_nvl);

// NVIDIA publishes no H20 datasheet: every rate here is a secondary report.
inline constexpr device h20{
    .id = "h20"sv,
    .name = "NVIDIA H20 96GB (HGX)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_90a"sv,
    .memory_marketed = "96 GB HBM3"sv,
    .memory_bytes = 97'871ULL * mib,  // 102,625,181,696 B
    .memory_basis = "nvidia-smi total 97,871 MiB (S47)"sv,
    .bandwidth_gbps = 4000,
    .peak = {.bf16 = 148, .fp16 = 148, .fp8 = 296, .int8 = 296},
    .native = hopper_native,
    .family = mma_family::wgmma,
    .sms = 78,
    .sources = "S4, S10, S11, S45, S46, S47"sv,
    .derived = "peak_tflops, sm_count (reported by secondary sources S45, S46; no NVIDIA datasheet)"sv,
    .link = links::nvlink4_hgx,
};

// The H20's GH100 configuration (same capped peaks, 78 SMs, HGX board) with 141 GB of HBM3e
// (NVIDIA's "H20-3e"); NVIDIA publishes no datasheet for it either.
inline constexpr device h20_141gb = with_memory(
    h20, {.id = "h20_141gb"sv,
          .name = "NVIDIA H20 141GB HBM3e (H20-3e, HGX)"sv,
          .memory_marketed = "141 GB HBM3e"sv,
          .memory_bytes = 143'771ULL * mib,  // 150,754,820,096 B
          .memory_basis = "the H200's nvidia-smi total 143,771 MiB (S26), assumed for the same 141 GB of HBM3e"sv,
          .bandwidth_gbps = 4800,
          .sources = "S4, S10, S11, S26, S134"sv,
          .derived = "memory_bytes (the H200's reading), peak_tflops, sm_count (the H20's, reported by secondary "
                     "sources S45, S46, S134; no NVIDIA datasheet)"sv});

// The GPU side of the superchip, 96 GB HBM3 variant (the one with a driver reading). Grace's
// LPDDR5X, reachable over NVLink-C2C, is not counted: engines keep weights and KV in HBM.
inline constexpr device gh200{
    .id = "gh200"sv,
    .name = "NVIDIA GH200 Grace Hopper Superchip (GPU, 96 GB HBM3)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_90a"sv,
    .memory_marketed = "96 GB HBM3 (144 GB HBM3e variant at 4.9 TB/s; Grace LPDDR5X besides)"sv,
    .memory_bytes = 97'871ULL * mib,  // 102,625,181,696 B
    .memory_basis = "nvidia-smi total 97,871 MiB on a GH200 480GB (S49)"sv,
    .bandwidth_gbps = 4000,
    .peak = {.bf16 = 990, .fp16 = 990, .fp8 = 1979, .int8 = 1979},  // the datasheet prints these dense
    .native = hopper_native,
    .family = mma_family::wgmma,
    .sms = 132,
    .sources = "S4, S10, S11, S48, S49"sv,
    .derived = ""sv,
    .link = links::nvlink4_nvl2_gh200,
};

}  // namespace headroom::devices
