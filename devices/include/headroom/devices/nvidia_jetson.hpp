// SPDX-License-Identifier: MIT
// headroom: NVIDIA Jetson modules, memory unified with the CPU and the OS: AGX Thor (Blackwell,
// sm_110, NVFP4 and MXFP4 native), AGX Orin 64GB and Orin Nano 8GB (Ampere, sm_87: no FP8 and no
// FP4 MMA). No driver reading of the GPU-visible total is published for any of them, so the
// marketed GB are taken as 10^9 B (the smaller reading of "GB").
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/nvidia_jetson.hpp>
#include <headroom/devices/nvidia_ampere.hpp>
#include <headroom/devices/nvidia_blackwell.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

// Thor runs the datacentre per-SM Blackwell tensor rate (20 SMs x 65,536 sparse FP4 FLOP/clk x
// 1.57 GHz = 2,070 TFLOPS) and sm_110a is a tcgen05 target in the PTX ISA (S11). INT8 is not
// published: 0 here, the instruction exists (as on GB10).
inline constexpr device jetson_agx_thor{
    .id = "jetson_agx_thor"sv,
    .name = "NVIDIA Jetson AGX Thor (T5000)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_110"sv,
    .memory_marketed = "128 GB LPDDR5X, 256-bit (unified with the CPU)"sv,
    .memory_bytes = 128ULL * gb,
    .memory_basis = "marketed 128 GB taken as 10^9 B: no driver reading published"sv,
    .bandwidth_gbps = 273,
    .peak = {.bf16 = 258.75, .fp16 = 258.75, .fp8 = 517.5, .nvfp4 = 1035, .mxfp4 = 1035},
    .native = blackwell_native,
    .family = mma_family::tcgen05,
    .sms = 20,
    .sources = "S10, S11, S68, S69, S70, S71"sv,
    .derived = "peak_tflops (nvfp4, mxfp4 = 2,070 sparse / 2; fp8 = / 2 and bf16, fp16 = / 4 of that, the "
               "Blackwell ratio; 20 SMs x 1.57 GHz give 257 BF16)"sv,
    .link = links::jetson_thor_ethernet,
};

inline constexpr device jetson_agx_orin_64gb{
    .id = "jetson_agx_orin_64gb"sv,
    .name = "NVIDIA Jetson AGX Orin 64GB (MAXN)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_87"sv,
    .memory_marketed = "64 GB LPDDR5, 256-bit (unified with the CPU)"sv,
    .memory_bytes = 64ULL * gb,
    .memory_basis = "marketed 64 GB taken as 10^9 B: no driver reading published"sv,
    .bandwidth_gbps = 204.8,
    .peak = {.bf16 = 42.6, .fp16 = 42.6, .int8 = 85},  // the GPU only; the two DLAs are not an MMA path
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 16,
    .sources = "S10, S11, S68, S72"sv,
    .derived = "peak_tflops (bf16, fp16 = 16 SMs x 2,048 FLOP/clk x 1.3 GHz; int8 = the GPU's 170 sparse / 2)"sv,
    .link = links::jetson_orin_10gbe,
};

// Super mode (25 W, GPU at 1.02 GHz, 102 GB/s), the current JetPack default for the dev kit.
inline constexpr device jetson_orin_nano_8gb{
    .id = "jetson_orin_nano_8gb"sv,
    .name = "NVIDIA Jetson Orin Nano 8GB (Super mode, 25 W)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_87"sv,
    .memory_marketed = "8 GB LPDDR5, 128-bit (unified with the CPU)"sv,
    .memory_bytes = 8ULL * gb,
    .memory_basis = "marketed 8 GB taken as 10^9 B: no driver reading published"sv,
    .bandwidth_gbps = 102,
    .peak = {.bf16 = 16.7, .fp16 = 16.7, .int8 = 33.5},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 8,
    .sources = "S10, S11, S73, S74"sv,
    .derived = "peak_tflops (bf16, fp16 = 8 SMs x 2,048 FLOP/clk x 1.02 GHz; int8 = 67 sparse / 2)"sv,
    .link = links::jetson_orin_nano_1gbe,
};

}  // namespace headroom::devices
