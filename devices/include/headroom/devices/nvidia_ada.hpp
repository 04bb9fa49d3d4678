// SPDX-License-Identifier: MIT
// headroom: NVIDIA Ada Lovelace (sm_89, mma.sync): GeForce RTX 4090, L40S, L4, L20. FP8 MMA, no FP4
// MMA: NVFP4 activations take the exact E2M1 -> E4M3 path at the FP8 peak.
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/nvidia_ada.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

inline constexpr std::uint16_t ada_native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::fp8) |
                                            bit(mma_kind::int8);

// GeForce: BF16/FP16 and FP8 MMA with FP32 accumulation (what engines use) run at half the
// FP16-accumulate rate (330.3 / 660.6), so those are the rates here. INT8 is not halved.
inline constexpr device rtx_4090{
    .id = "rtx_4090"sv,
    .name = "NVIDIA GeForce RTX 4090"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_89"sv,
    .memory_marketed = "24 GB GDDR6X"sv,
    .memory_bytes = 24'564ULL * mib,  // 25,757,220,864 B
    .memory_basis = "nvidia-smi total 24,564 MiB (S62)"sv,
    .bandwidth_gbps = 1008,
    .peak = {.bf16 = 165.2, .fp16 = 165.2, .fp8 = 330.3, .int8 = 660.6},
    .native = ada_native,
    .family = mma_family::mma_sync,
    .sms = 128,
    .sources = "S10, S11, S41, S61, S62"sv,
    .derived = "peak_tflops (the Ada whitepaper's FP32-accumulate rates as reported by S61, S41; whitepaper not "
               "re-read)"sv,
    .link = links::pcie4_desktop_rtx_4090,
};

inline constexpr device l40s{
    .id = "l40s"sv,
    .name = "NVIDIA L40S"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_89"sv,
    .memory_marketed = "48 GB GDDR6 ECC"sv,
    .memory_bytes = 46'068ULL * mib,  // 48,305,799,168 B
    .memory_basis = "nvidia-smi total 46,068 MiB as recorded in aiconfigurator l40s.yaml (S64)"sv,
    .bandwidth_gbps = 864,
    .peak = {.bf16 = 362.05, .fp16 = 362.05, .fp8 = 733, .int8 = 733},  // the datasheet prints these dense
    .native = ada_native,
    .family = mma_family::mma_sync,
    .sms = 142,
    .sources = "S10, S11, S41, S63, S64"sv,
    .derived = "sm_count (142 RT cores, one per SM, S41)"sv,
    .link = links::pcie4_server_l40s,
};

inline constexpr device l4{
    .id = "l4"sv,
    .name = "NVIDIA L4"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_89"sv,
    .memory_marketed = "24 GB GDDR6"sv,
    .memory_bytes = 23'034ULL * mib,  // 24,152,899,584 B
    .memory_basis = "nvidia-smi total 23,034 MiB (S67)"sv,
    .bandwidth_gbps = 300,
    .peak = {.bf16 = 121, .fp16 = 121, .fp8 = 242.5, .int8 = 242.5},
    .native = ada_native,
    .family = mma_family::mma_sync,
    .sms = 58,
    .sources = "S10, S11, S41, S65, S66, S67"sv,
    .derived = "peak_tflops (dense = datasheet sparse / 2), sm_count (58 RT cores, one per SM, S41)"sv,
    .link = links::pcie4_server_l4,
};

// China-market AD102 board with 92 SMs: only the BF16/FP16 tensor rate is reported (119.5, R);
// FP8 and INT8 at twice it, as on the L40S (362.05 -> 733), are computed, not printed.
inline constexpr device l20{
    .id = "l20"sv,
    .name = "NVIDIA L20"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_89"sv,
    .memory_marketed = "48 GB GDDR6"sv,
    .memory_bytes = 48'000'000'000ULL,
    .memory_basis = "marketed 48 GB read as 10^9 B (an assumption: no public nvidia-smi total in the sources)"sv,
    .bandwidth_gbps = 864,
    .peak = {.bf16 = 119.5, .fp16 = 119.5, .fp8 = 239, .int8 = 239},
    .native = ada_native,
    .family = mma_family::mma_sync,
    .sms = 92,
    .sources = "S10, S11, S105, S106, S107"sv,
    .derived = "memory_bytes (marketed figure, assumed), peak_tflops (BF16/FP16 119.5 reported by S105, not a "
               "datasheet; FP8 and INT8 = 2 x 119.5, the Ada ratio of S63), sm_count (92 RT cores, one per SM, S106)"sv,
    .link = links::pcie4_server_l20,
};


// The L40S silicon (AD102, 142 SMs) at the lower clocks of the graphics board: half the L40S's
// tensor rates, the same memory and bus; the datasheet prints dense and sparse.
inline constexpr device l40{
    .id = "l40"sv,
    .name = "NVIDIA L40"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_89"sv,
    .memory_marketed = "48 GB GDDR6 ECC"sv,
    .memory_bytes = 48'000'000'000ULL,
    .memory_basis = "marketed 48 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 864,
    .peak = {.bf16 = 181.05, .fp16 = 181.05, .fp8 = 362, .int8 = 362},
    .native = ada_native,
    .family = mma_family::mma_sync,
    .sms = 142,
    .sources = "S10, S11, S41, S119"sv,
    .derived = "memory_bytes (marketed figure, assumed), sm_count (142 RT cores, one per SM, S119)"sv,
    .link = links::pcie4_server_l40s,
};

// Workstation AD102 with 142 SMs: the datasheet prints one tensor figure (FP8 sparse).
inline constexpr device rtx_6000_ada{
    .id = "rtx_6000_ada"sv,
    .name = "NVIDIA RTX 6000 Ada Generation"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_89"sv,
    .memory_marketed = "48 GB GDDR6 ECC"sv,
    .memory_bytes = 48'000'000'000ULL,
    .memory_basis = "marketed 48 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 960,
    .peak = {.bf16 = 364.25, .fp16 = 364.25, .fp8 = 728.5, .int8 = 728.5},
    .native = ada_native,
    .family = mma_family::mma_sync,
    .sms = 142,
    .sources = "S10, S11, S41, S121"sv,
    .derived = "memory_bytes (marketed figure, assumed), peak_tflops (FP8 = 1,457 sparse / 2; BF16 / FP16 = FP8 / 2 and INT8 = FP8, the Ada ratios of S119 and S63: a professional board runs FP32 accumulation at full rate)"sv,
    .link = links::pcie4_desktop_rtx_4090,
};

// GeForce Ada: the rates engines use (FP32 accumulation) from NVIDIA's one printed figure, AI TOPS.
inline constexpr device rtx_4080{
    .id = "rtx_4080"sv,
    .name = "NVIDIA GeForce RTX 4080"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_89"sv,
    .memory_marketed = "16 GB GDDR6X"sv,
    .memory_bytes = 16'000'000'000ULL,
    .memory_basis = "marketed 16 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 716.8,
    .peak = {.bf16 = 97.5, .fp16 = 97.5, .fp8 = 195, .int8 = 390},
    .native = ada_native,
    .family = mma_family::mma_sync,
    .sms = 76,
    .sources = "S10, S11, S41, S61, S122"sv,
    .derived = "memory_bytes (marketed figure, assumed), peak_tflops (780 AI TOPS, FP8 sparse, / 8, 4, 2: BF16, FP8 (FP32 acc.), INT8 as the RTX 4090, S61), sm_count (cores / 128)"sv,
    .link = links::pcie4_desktop_rtx_4090,
};

inline constexpr device rtx_4070{
    .id = "rtx_4070"sv,
    .name = "NVIDIA GeForce RTX 4070"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_89"sv,
    .memory_marketed = "12 GB GDDR6X"sv,
    .memory_bytes = 12'000'000'000ULL,
    .memory_basis = "marketed 12 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 504,
    .peak = {.bf16 = 58.25, .fp16 = 58.25, .fp8 = 116.5, .int8 = 233},
    .native = ada_native,
    .family = mma_family::mma_sync,
    .sms = 46,
    .sources = "S10, S11, S41, S61, S122"sv,
    .derived = "memory_bytes (marketed figure, assumed), peak_tflops (466 AI TOPS, FP8 sparse, / 8, 4, 2: BF16, FP8 (FP32 acc.), INT8 as the RTX 4090, S61), sm_count (cores / 128)"sv,
    .link = links::pcie4_desktop_rtx_4090,
};

inline constexpr device rtx_4060_ti_16gb{
    .id = "rtx_4060_ti_16gb"sv,
    .name = "NVIDIA GeForce RTX 4060 Ti 16GB"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_89"sv,
    .memory_marketed = "16 GB GDDR6"sv,
    .memory_bytes = 16'000'000'000ULL,
    .memory_basis = "marketed 16 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 288,
    .peak = {.bf16 = 44.125, .fp16 = 44.125, .fp8 = 88.25, .int8 = 176.5},
    .native = ada_native,
    .family = mma_family::mma_sync,
    .sms = 34,
    .sources = "S10, S11, S41, S61, S122"sv,
    .derived = "memory_bytes (marketed figure, assumed), peak_tflops (353 AI TOPS, FP8 sparse, / 8, 4, 2: BF16, FP8 (FP32 acc.), INT8 as the RTX 4090, S61), sm_count (cores / 128)"sv,
    .link = links::pcie4_x8_desktop,
};

}  // namespace headroom::devices
