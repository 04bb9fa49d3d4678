// SPDX-License-Identifier: MIT
// headroom: NVIDIA Blackwell: B200 (sm_100a, tcgen05) and GB10 / DGX Spark (sm_121, mma.sync);
// both run NVFP4 and MXFP4 natively.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices {

inline constexpr std::uint16_t blackwell_native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::fp8) |
                                                  bit(mma_kind::int8) | bit(mma_kind::fp4_block_scale) |
                                                  bit(mma_kind::mxf8f6f4);

inline constexpr device b200{
    .id = "b200",
    .name = "NVIDIA B200 (HGX B200, 1000 W)",
    .vendor = "NVIDIA",
    .arch = "sm_100a",
    .memory_marketed = "180 GB HBM3e",
    .memory_bytes = 183'359ULL * mib,  // 192,265,846,784 B
    .memory_basis = "nvidia-smi total 183,359 MiB (S27)",
    .usable_permille = 900,
    .usable_why = "the gpu-memory-utilization serving engines default to on datacentre HBM",
    .bandwidth_gbps = 7700,
    .peak = {.bf16 = 2250, .fp16 = 2250, .fp8 = 4500, .int8 = 4500, .nvfp4 = 9000, .mxfp4 = 9000},
    .native = blackwell_native,
    .family = mma_family::tcgen05,
    .sms = 148,
    .sources = "S5, S9, S11, S12, S17, S27",
    .derived = "peak_tflops.bf16, peak_tflops.fp16, peak_tflops.fp8, peak_tflops.int8, peak_tflops.mxfp4 "
               "(dense = datasheet sparse / 2)",
};

inline constexpr device gb10{
    .id = "gb10",
    .name = "NVIDIA GB10 (DGX Spark)",
    .vendor = "NVIDIA",
    .arch = "sm_121",
    .memory_marketed = "128 GB LPDDR5X (unified with the CPU)",
    .memory_bytes = 130'663'886'848ULL,
    .memory_basis = "cudaMemGetInfo total 130,663,886,848 B (S32)",
    .usable_permille = 850,
    .usable_why = "gpu-memory-utilization above 0.85 froze a GB10 and needed a power cycle; fp8 KV is the "
                  "headroom lever instead",
    .bandwidth_gbps = 273,
    .peak = {.bf16 = 125, .fp16 = 125, .fp8 = 250, .nvfp4 = 500, .mxfp4 = 500},
    .native = blackwell_native,
    .family = mma_family::mma_sync,
    .sms = 48,
    .sources = "S10, S11, S13, S15, S16, S32",
    .derived = "peak_tflops.bf16, peak_tflops.fp16 (48 SMs x 1024 FLOP/clk x 2.543 GHz), peak_tflops.fp8, "
               "peak_tflops.nvfp4 (1 PFLOP sparse / 2)",
    .has_measured = true,
    .measured = {.source = "devices/measured/gb10.json: the seed system's kernels/gb10/common/KERNEL_FAMILIES.toml [roofline], S32",
                 .dram_gbps = 249.0,
                 .bf16_tflops = 123.7,
                 .fp8_tflops = 243.6,
                 .nvfp4_tflops = 490.8,
                 .context_tokens = 4096},
};

}  // namespace headroom::devices
