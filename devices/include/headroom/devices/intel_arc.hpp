// SPDX-License-Identifier: MIT
// headroom: Intel Arc Pro (Xe2, Battlemage): the B60. XMX matrix engines (BF16, FP16, INT8; no
// FP8 or FP4 MMA), a matrix unit outside the GPU instruction families of device.hpp: `other`.
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/shared.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

inline constexpr device arc_pro_b60{
    .id = "arc_pro_b60"sv,
    .name = "Intel Arc Pro B60"sv,
    .vendor = "Intel"sv,
    .arch = "xe2_bmg_g21"sv,
    .memory_marketed = "24 GB GDDR6"sv,
    .memory_bytes = 24'000'000'000ULL,
    .memory_basis = "marketed 24 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 456,
    .peak = {.bf16 = 98.3, .fp16 = 98.3, .int8 = 196.61},
    .native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::int8),
    .family = mma_family::other,
    .sms = 20,
    .sources = "S128"sv,
    .derived = "memory_bytes (marketed figure, assumed), peak_tflops (reported by S128, not an Intel datasheet), sm_count (Xe2 cores)"sv,
    .link = links::pcie5_x8_desktop,
};

}  // namespace headroom::devices
