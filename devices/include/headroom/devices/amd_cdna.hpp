// SPDX-License-Identifier: MIT
// headroom: AMD Instinct, MFMA: CDNA2 MI250X (gfx90a: BF16/FP16/INT8, no FP8), CDNA3 MI300X / MI325X (gfx942: FP8 in the FNUZ encoding, no FP4)
// and CDNA4 MI355X (gfx950: OCP FP8, MXFP4 via the scaled f8f6f4 MFMA, no NVFP4). ROCm lists
// VRAM in GiB, and AMD prints dense peaks as the headline.
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/amd_cdna.hpp>
#include <headroom/devices/with_memory.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

inline constexpr std::uint16_t cdna2_native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::int8);
inline constexpr std::uint16_t cdna3_native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::fp8) |
                                              bit(mma_kind::int8);
// MXFP4 (UE8M0 scale per 32) only: NVFP4's E4M3 scale per 16 has no MFMA, so NVFP4 activations
// take the exact E2M1 -> E4M3 path at the FP8 peak.
inline constexpr std::uint16_t cdna4_native = cdna3_native | bit(mma_kind::mxf8f6f4);

// FP8 runs at the same rate as on OCP parts but in E4M3FNUZ/E5M2FNUZ: checkpoints need conversion.
inline constexpr device mi300x{
    .id = "mi300x"sv,
    .name = "AMD Instinct MI300X (OAM)"sv,
    .vendor = "AMD"sv,
    .arch = "gfx942"sv,
    .memory_marketed = "192 GB HBM3"sv,
    .memory_bytes = 192ULL * gib,  // 206,158,430,208 B
    .memory_basis = "ROCm GPU specifications: 192 GiB (S76); no exact rocm-smi byte total in the sources"sv,
    .bandwidth_gbps = 5300,
    .peak = {.bf16 = 1307.4, .fp16 = 1307.4, .fp8 = 2614.9, .int8 = 2614.9},  // 304 CU x 2.1 GHz x 2,048 / 4,096
    .native = cdna3_native,
    .family = mma_family::mfma,
    .sms = 304,  // compute units
    .sources = "S75, S76"sv,
    .derived = ""sv,
    .link = links::infinity_fabric_mi300,
};

// MI300X compute (same peaks, 304 CUs, same Infinity Fabric) with more and faster memory.
inline constexpr device mi325x = with_memory(
    mi300x, {.id = "mi325x"sv,
             .name = "AMD Instinct MI325X (OAM)"sv,
             .memory_marketed = "256 GB HBM3E"sv,
             .memory_bytes = 256ULL * gib,  // 274,877,906,944 B
             .memory_basis = "ROCm GPU specifications: 256 GiB (S76); no exact rocm-smi byte total in the sources"sv,
             .bandwidth_gbps = 6000,
             .sources = "S76, S77, S78"sv,
             .derived = ""sv});

// MXFP6 runs at the MXFP4 rate on CDNA4 (2x FP8); the mxfp4 peak has no sparse variant.
inline constexpr device mi355x{
    .id = "mi355x"sv,
    .name = "AMD Instinct MI355X (OAM, liquid-cooled, 1400 W)"sv,
    .vendor = "AMD"sv,
    .arch = "gfx950"sv,
    .memory_marketed = "288 GB HBM3E"sv,
    .memory_bytes = 288ULL * gib,  // 309,237,645,312 B
    .memory_basis = "ROCm GPU specifications: 288 GiB (S76); no exact rocm-smi byte total in the sources"sv,
    .bandwidth_gbps = 8000,
    .peak = {.bf16 = 2516.6, .fp16 = 2516.6, .fp8 = 5033, .int8 = 5033, .mxfp4 = 10066},  // 256 CU x 2.4 GHz
    .native = cdna4_native,
    .family = mma_family::mfma,
    .sms = 256,  // compute units
    .sources = "S76, S77, S79, S80"sv,
    .derived = ""sv,
    .link = links::infinity_fabric_mi355x,
};

// Two GCDs on one OAM package; ROCm shows each GCD as its own 64 GB device. The entry is the
// package as AMD markets it (128 GB, 3.2 TB/s, 383 TFLOPS); a per-GCD view halves every figure.
inline constexpr device mi250x{
    .id = "mi250x"sv,
    .name = "AMD Instinct MI250X (OAM)"sv,
    .vendor = "AMD"sv,
    .arch = "gfx90a"sv,
    .memory_marketed = "128 GB HBM2e"sv,
    .memory_bytes = 128ULL * gib,  // 137,438,953,472 B
    .memory_basis = "marketed 128 GB, read as 128 GiB as S103 gives it (an assumption: no rocm-smi byte total in the "
                    "sources)"sv,
    .bandwidth_gbps = 3200,
    .peak = {.bf16 = 383, .fp16 = 383, .int8 = 383},  // AMD prints dense; INT8 at the FP16 rate on CDNA2
    .native = cdna2_native,
    .family = mma_family::mfma,
    .sms = 220,  // compute units (110 per GCD)
    .sources = "S102, S103"sv,
    .derived = "memory_bytes (marketed figure read as GiB, assumed)"sv,
    .link = links::infinity_fabric_mi250x,
};


// One CDNA2 GCD (104 CUs) on a PCIe card; AMD prints dense peaks, INT8 at the FP16 rate on CDNA2.
inline constexpr device mi210{
    .id = "mi210"sv,
    .name = "AMD Instinct MI210 (PCIe)"sv,
    .vendor = "AMD"sv,
    .arch = "gfx90a"sv,
    .memory_marketed = "64 GB HBM2e"sv,
    .memory_bytes = 64'000'000'000ULL,
    .memory_basis = "marketed 64 GB read as 10^9 B (an assumption: no rocm-smi byte total in the sources)"sv,
    .bandwidth_gbps = 1638.4,
    .peak = {.bf16 = 181, .fp16 = 181, .int8 = 181},
    .native = cdna2_native,
    .family = mma_family::mfma,
    .sms = 104,  // compute units
    .sources = "S127"sv,
    .derived = "memory_bytes (marketed figure, assumed)"sv,
    .link = links::infinity_fabric_mi210,
};

}  // namespace headroom::devices
