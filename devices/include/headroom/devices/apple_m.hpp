// SPDX-License-Identifier: MIT
// headroom: Apple M-series GPUs, as llama.cpp's Metal backend runs on them. Each entry is the
// chip's largest configuration (GPU cores, unified memory). The GPU has no matrix unit (Metal's
// simdgroup_matrix runs on the ALUs) and runs FP16 at its FP32 rate (S132), so as on the MI50
// the bf16 slot holds that 16-bit vector rate and nothing is native: cores x 128 ALUs x 2 FLOP
// x clock. Memory is unified with the CPU and the OS: memory_bytes is the marketed capacity
// (GB of DRAM are GiB), of which Metal lets the GPU wire only part (recommendedMaxWorkingSetSize).
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/apple_m.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

inline constexpr device m2_ultra{
    .id = "m2_ultra"sv,
    .name = "Apple M2 Ultra (76-core GPU, 192 GB)"sv,
    .vendor = "Apple"sv,
    .arch = "apple8"sv,
    .memory_marketed = "192 GB LPDDR5 (unified with the CPU)"sv,
    .memory_bytes = 192ULL * gib,
    .memory_basis = "marketed 192 GB of unified memory taken as 192 GiB (no Metal reading recorded)"sv,
    .bandwidth_gbps = 800,
    .peak = {.bf16 = 27.2},
    .native = 0,
    .family = mma_family::none,
    .sms = 76,  // GPU cores
    .sources = "S129, S132"sv,
    .derived = "peak_tflops.bf16 (Apple's 27.2 TFLOPS is the FP32 rate; FP16 runs at it, S132)"sv,
    .link = links::apple_standalone,
};

inline constexpr device m3_max{
    .id = "m3_max"sv,
    .name = "Apple M3 Max (40-core GPU, 128 GB)"sv,
    .vendor = "Apple"sv,
    .arch = "apple9"sv,
    .memory_marketed = "128 GB LPDDR5 (unified with the CPU)"sv,
    .memory_bytes = 128ULL * gib,
    .memory_basis = "marketed 128 GB of unified memory taken as 128 GiB (no Metal reading recorded)"sv,
    .bandwidth_gbps = 400,
    .peak = {.bf16 = 14.32},  // 40 x 128 x 2 x 1.398 GHz = 14.316
    .native = 0,
    .family = mma_family::none,
    .sms = 40,
    .sources = "S130, S132, S133"sv,
    .derived = "peak_tflops.bf16 (a secondary table's 14.32 FP16 = FP32 at 1,398 MHz, S133; Apple publishes none)"sv,
    .link = links::apple_standalone,
};

inline constexpr device m4_max{
    .id = "m4_max"sv,
    .name = "Apple M4 Max (40-core GPU, 128 GB)"sv,
    .vendor = "Apple"sv,
    .arch = "apple9"sv,
    .memory_marketed = "128 GB LPDDR5X (unified with the CPU)"sv,
    .memory_bytes = 128ULL * gib,
    .memory_basis = "marketed 128 GB of unified memory taken as 128 GiB (no Metal reading recorded)"sv,
    .bandwidth_gbps = 546,
    .peak = {.bf16 = 17.18},  // 40 x 128 x 2 x 1.678 GHz = 17.183
    .native = 0,
    .family = mma_family::none,
    .sms = 40,
    .sources = "S131, S132, S133"sv,
    .derived = "peak_tflops.bf16 (C: 40 cores at the 1,678 MHz a secondary table gives the 32-core M4 Max, S133; "
               "Apple publishes none)"sv,
    .link = links::apple_standalone,
};

inline constexpr device m4_pro{
    .id = "m4_pro"sv,
    .name = "Apple M4 Pro (20-core GPU, 64 GB)"sv,
    .vendor = "Apple"sv,
    .arch = "apple9"sv,
    .memory_marketed = "64 GB LPDDR5X (unified with the CPU)"sv,
    .memory_bytes = 64ULL * gib,
    .memory_basis = "marketed 64 GB of unified memory taken as 64 GiB (no Metal reading recorded)"sv,
    .bandwidth_gbps = 273,
    .peak = {.bf16 = 8.59},  // 20 x 128 x 2 x 1.678 GHz = 8.591
    .native = 0,
    .family = mma_family::none,
    .sms = 20,
    .sources = "S131, S132, S133"sv,
    .derived = "peak_tflops.bf16 (C: 20 cores at the M4 Max's 1,678 MHz, assumed; Apple publishes none)"sv,
    .link = links::apple_standalone,
};

}  // namespace headroom::devices
