// SPDX-License-Identifier: MIT
// headroom: NVIDIA Ampere datacentre parts (sm_80, mma.sync): BF16/FP16/INT8 MMA, no FP8 and no
// FP4 MMA, so FP8 and NVFP4 activations have no path and are costed at the BF16 peak.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices {

inline constexpr std::uint16_t ampere_native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::int8);

inline constexpr device a100_sxm_80gb{
    .id = "a100_sxm_80gb",
    .name = "NVIDIA A100 SXM4 80GB",
    .vendor = "NVIDIA",
    .arch = "sm_80",
    .memory_marketed = "80 GB HBM2e",
    .memory_bytes = 81'920ULL * mib,  // 85,899,345,920 B
    .memory_basis = "nvidia-smi total 81,920 MiB (S38)",
    .usable_permille = 900,
    .usable_why = "the gpu-memory-utilization serving engines default to on datacentre HBM",
    .bandwidth_gbps = 2039,  // the datasheet's figure; some tables round it to 2.0 TB/s
    .peak = {.bf16 = 312, .fp16 = 312, .int8 = 624},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 108,
    .sources = "S10, S11, S36, S37, S38",
    .derived = "",
};

inline constexpr device a100_pcie_40gb{
    .id = "a100_pcie_40gb",
    .name = "NVIDIA A100 PCIe 40GB",
    .vendor = "NVIDIA",
    .arch = "sm_80",
    .memory_marketed = "40 GB HBM2",
    .memory_bytes = 40'960ULL * mib,  // 42,949,672,960 B
    .memory_basis = "nvidia-smi total 40,960 MiB (S39)",
    .usable_permille = 900,
    .usable_why = "the gpu-memory-utilization serving engines default to on datacentre HBM",
    .bandwidth_gbps = 1555,  // the datasheet's figure; one estimator uses 1,600
    .peak = {.bf16 = 312, .fp16 = 312, .int8 = 624},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 108,
    .sources = "S10, S11, S36, S39",
    .derived = "",
};

}  // namespace headroom::devices
