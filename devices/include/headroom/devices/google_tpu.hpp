// SPDX-License-Identifier: MIT
// headroom: Google Cloud TPU v5e and v6e (Trillium), per chip. The MXUs take BF16 and INT8; there
// is no FP8 path faster than BF16 and no FP4, so FP8 and NVFP4 activations have no path and are
// costed at the BF16 peak (v6e's reported FP8 rate equals its BF16 rate anyway). `sms` counts
// TensorCores (one per chip). Google publishes no runtime reading of HBM capacity.
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/google_tpu.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

inline constexpr std::uint16_t tpu_native = bit(mma_kind::bf16) | bit(mma_kind::int8);

inline constexpr device tpu_v5e{
    .id = "tpu_v5e"sv,
    .name = "Google Cloud TPU v5e (per chip)"sv,
    .vendor = "Google"sv,
    .arch = "TPU v5e (4 MXU 128x128)"sv,
    .memory_marketed = "16 GB HBM2"sv,
    .memory_bytes = 16ULL * gb,
    .memory_basis = "marketed 16 GB taken as 10^9 B: no runtime reading published (the scaling book's 16 GiB "
                    "would be 7 % more)"sv,
    .bandwidth_gbps = 819,  // the current documentation; an older revision said 800 GiB/s
    .peak = {.bf16 = 197, .int8 = 394},
    .native = tpu_native,
    .family = mma_family::other,
    .sms = 1,  // TensorCores
    .sources = "S81, S82"sv,
    .derived = ""sv,
    .link = links::ici_v5e_pod,
};

inline constexpr device tpu_v6e{
    .id = "tpu_v6e"sv,
    .name = "Google Cloud TPU v6e Trillium (per chip)"sv,
    .vendor = "Google"sv,
    .arch = "TPU v6e (2 MXU 256x256)"sv,
    .memory_marketed = "32 GB HBM"sv,
    .memory_bytes = 32ULL * gb,
    .memory_basis = "marketed 32 GB taken as 10^9 B: no runtime reading published"sv,
    .bandwidth_gbps = 1638,  // often quoted as 1,640
    .peak = {.bf16 = 918, .int8 = 1836},
    .native = tpu_native,
    .family = mma_family::other,
    .sms = 1,  // TensorCores
    .sources = "S77, S82, S83"sv,
    .derived = ""sv,
    .link = links::ici_v6e_pod,
};

}  // namespace headroom::devices
