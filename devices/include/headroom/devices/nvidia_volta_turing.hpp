// SPDX-License-Identifier: MIT
// headroom: NVIDIA Volta (sm_70) and Turing (sm_75), mma.sync: V100, T4. FP16 tensor cores and no
// BF16 MMA: engines run a BF16 checkpoint as FP16 on them (vLLM refuses bfloat16 below compute
// capability 8.0 and asks for --dtype half, S126), so `bf16` holds the FP16 tensor rate and the
// bf16 kind is listed native for that cast; no FP8 or FP4 path.
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/nvidia_volta_turing.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

inline constexpr std::uint16_t volta_turing_native = bit(mma_kind::bf16) | bit(mma_kind::fp16);

// Volta tensor cores multiply FP16 only; INT8 runs on the CUDA cores (dp4a), not an MMA.
inline constexpr device v100_sxm2_32gb{
    .id = "v100_sxm2_32gb"sv,
    .name = "NVIDIA Tesla V100 SXM2 32GB"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_70"sv,
    .memory_marketed = "32 GB HBM2"sv,
    .memory_bytes = 32'000'000'000ULL,
    .memory_basis = "marketed 32 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 900,
    .peak = {.bf16 = 125, .fp16 = 125},
    .native = volta_turing_native,
    .family = mma_family::mma_sync,
    .sms = 80,
    .sources = "S10, S11, S125, S126"sv,
    .derived = "memory_bytes (marketed figure, assumed), peak_tflops (bf16 = the FP16 tensor rate: BF16 runs as FP16, S126), sm_count (5,120 CUDA cores / 64)"sv,
    .link = links::nvlink2_hgx_v100,
};

// Turing adds INT8 (and INT4) tensor MMA; the datasheet prints 320+ GB/s, read as 320.
inline constexpr device t4{
    .id = "t4"sv,
    .name = "NVIDIA T4"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_75"sv,
    .memory_marketed = "16 GB GDDR6"sv,
    .memory_bytes = 16'000'000'000ULL,
    .memory_basis = "marketed 16 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 320,
    .peak = {.bf16 = 65, .fp16 = 65, .int8 = 130},
    .native = volta_turing_native | bit(mma_kind::int8),
    .family = mma_family::mma_sync,
    .sms = 40,
    .sources = "S10, S11, S124, S126"sv,
    .derived = "memory_bytes (marketed figure, assumed), peak_tflops (bf16 = the FP16 tensor rate: BF16 runs as FP16, S126), sm_count (2,560 CUDA cores / 64)"sv,
    .link = links::pcie3_server_t4,
};

}  // namespace headroom::devices
