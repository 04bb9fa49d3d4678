// SPDX-License-Identifier: MIT
// headroom: Intel Gaudi 3 (HL-325L OAM). The MMEs run FP8 at the BF16 rate: FP8 is listed as a
// native kind with that peak, so FP8 layers report the native path they take in practice and
// cost what BF16 costs, and NVFP4 activations take the exact E2M1 -> E4M3 path at the same peak.
// No FP4. `sms` counts the 8 matrix engines (64 vector TPCs besides).
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/intel_gaudi.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

// 1,835 TFLOPS is the spec at the planned 1.75 GHz MME clock; parts ship at 1.6 GHz (1,677, S77).
// The ceiling stays the vendor's figure, as for every other device.
inline constexpr device gaudi3{
    .id = "gaudi3"sv,
    .name = "Intel Gaudi 3 (HL-325L OAM)"sv,
    .vendor = "Intel"sv,
    .arch = "Gaudi 3 (8 MME, 64 TPC)"sv,
    .memory_marketed = "128 GB HBM2e"sv,
    .memory_bytes = 128ULL * gb,
    .memory_basis = "marketed 128 GB taken as 10^9 B: no driver (hl-smi) reading published"sv,
    .bandwidth_gbps = 3670,
    .peak = {.bf16 = 1835, .fp16 = 459, .fp8 = 1835},
    .native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::fp8),
    .family = mma_family::other,
    .sms = 8,  // matrix engines
    .sources = "S77, S84"sv,
    .derived = "peak_tflops.fp16 (459 as reported by S77 from Intel's whitepaper; another table has 1,835)"sv,
    .link = links::gaudi3_roce,
};

}  // namespace headroom::devices
