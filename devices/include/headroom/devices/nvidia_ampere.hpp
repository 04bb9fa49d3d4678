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
    .link = {.scale_up = "NVLink 3 via NVSwitch (12 links, 600 GB/s both ways)",
             .scale_up_gbps = 300,
             .scale_up_latency_us = 0.5,
             .domain = 8,
             .scale_out = "ConnectX-6 200 Gb/s HDR per GPU",
             .scale_out_gbps = 25,
             .scale_out_latency_us = 2,
             .sources = "S85, S87, S94",
             .derived = "scale_up_gbps (600 / 2), scale_out_gbps (200 Gb/s / 8), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"},
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
    .link = {.scale_up = "NVLink bridge, pairs (600 GB/s both ways)",
             .scale_up_gbps = 300,
             .scale_up_latency_us = 0.5,
             .domain = 2,
             .scale_out = "200 Gb/s NIC per GPU (assumed)",
             .scale_out_gbps = 25,
             .scale_out_latency_us = 2,
             .sources = "S85, S94",
             .derived = "scale_up_gbps (600 / 2), scale_out_gbps (assumed), latency per hop assumed 0.5 us (NCCL small-message regime, S94), scale-out latency per hop assumed 2 us (S94)"},
};

}  // namespace headroom::devices
