// SPDX-License-Identifier: MIT
// headroom: AMD Instinct before CDNA: the MI50 (Vega 20, gfx906, GCN 5.1). It has no matrix unit
// (MFMA came with CDNA's gfx908): no MMA kind is native, every matmul runs on the vector ALUs and
// every activation format takes the "no path" cost at the bf16 slot.
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/amd_gcn.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

// The 32 GB board (the 16 GB one has the same compute). The vector ALUs run packed FP16 at twice
// FP32 (26.5 = 2 x 13.3); gfx906 has no BF16 arithmetic and engines run 16-bit models on it in
// FP16 (S118), so the bf16 slot, the rate a 16-bit activation runs at, holds the FP16 rate. fp16
// and int8 stay 0 as on any device without a tensor path for them (the 53 TOPS INT8 figure is
// dot-product instructions, not an MMA).
inline constexpr device mi50{
    .id = "mi50"sv,
    .name = "AMD Instinct MI50 32GB"sv,
    .vendor = "AMD"sv,
    .arch = "gfx906"sv,
    .memory_marketed = "32 GB HBM2"sv,
    .memory_bytes = 32'752ULL * mib,  // 34,342,961,152 B
    .memory_basis = "rocm-smi VRAM total 34,342,961,152 B = 32,752 MiB (S116)"sv,
    .bandwidth_gbps = 1024,
    .peak = {.bf16 = 26.5},
    .native = 0,
    .family = mma_family::none,
    .sms = 60,  // compute units
    .sources = "S114, S115, S116, S118"sv,
    .derived = "peak_tflops.bf16 (the FP16 vector rate 26.5, P: no matrix unit, no BF16 arithmetic; 16-bit models run "
               "in FP16)"sv,
    .link = links::infinity_fabric_mi50,
};

}  // namespace headroom::devices
