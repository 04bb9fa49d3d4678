// SPDX-License-Identifier: MIT
// headroom: NVIDIA Hopper (sm_90a): FP8 MMA, no FP4 MMA.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices {

inline constexpr std::uint16_t hopper_native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::fp8) |
                                               bit(mma_kind::int8);

inline constexpr device h100_sxm{
    .id = "h100_sxm",
    .name = "NVIDIA H100 SXM5 80GB",
    .vendor = "NVIDIA",
    .arch = "sm_90a",
    .memory_marketed = "80 GB HBM3",
    .memory_bytes = 81'559ULL * mib,  // 85,520,809,984 B
    .memory_basis = "nvidia-smi total 81,559 MiB (S26)",
    .usable_permille = 900,
    .usable_why = "the gpu-memory-utilization serving engines default to on datacentre HBM",
    .bandwidth_gbps = 3350,
    .peak = {.bf16 = 989.5, .fp16 = 989.5, .fp8 = 1979, .int8 = 1979},
    .native = hopper_native,
    .family = mma_family::wgmma,
    .sms = 132,
    .sources = "S1, S3, S4, S26",
    .derived = "peak_tflops (dense = product-page sparse / 2; the whitepaper prints 989.4 BF16)",
};

inline constexpr device h200_sxm{
    .id = "h200_sxm",
    .name = "NVIDIA H200 SXM 141GB",
    .vendor = "NVIDIA",
    .arch = "sm_90a",
    .memory_marketed = "141 GB HBM3e",
    .memory_bytes = 143'771ULL * mib,  // 150,754,820,096 B
    .memory_basis = "nvidia-smi total 143,771 MiB (S26)",
    .usable_permille = 900,
    .usable_why = "the gpu-memory-utilization serving engines default to on datacentre HBM",
    .bandwidth_gbps = 4800,
    .peak = {.bf16 = 989.5, .fp16 = 989.5, .fp8 = 1979, .int8 = 1979},
    .native = hopper_native,
    .family = mma_family::wgmma,
    .sms = 132,
    .sources = "S2, S4, S26",
    .derived = "peak_tflops (dense = product-page sparse / 2), sm_count (same GH100 configuration as H100 SXM)",
};

}  // namespace headroom::devices
