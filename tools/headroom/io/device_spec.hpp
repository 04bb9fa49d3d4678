// SPDX-License-Identifier: MIT
// headroom CLI: a device datasheet as a JSON file (--device-spec FILE.json), loaded strictly:
//
//   {
//     "schema_version": 1,
//     "id": "rtx_a4000", "name": "NVIDIA RTX A4000",
//     "memory_bytes": 16000000000, "bandwidth_gbps": 448, "bf16_tflops": 76.7,
//     "source": "NVIDIA RTX A4000 datasheet: 16 GB, 448 GB/s, tensor 153.4 sparse"
//   }
//
// Optional: "base" (a registry id: every key not given is the base's), "vendor", "arch",
// "family", "fp16_tflops" (default: bf16_tflops), "fp8_tflops", "int8_tops", "nvfp4_tflops",
// "mxfp4_tflops", the link ("scale_up", "scale_up_gbps", "scale_up_latency_us", "domain",
// "scale_out", "scale_out_gbps", "scale_out_latency_us") and "notes". Without "base", "name",
// "memory_bytes", "bandwidth_gbps" and "bf16_tflops" are required. Every refusal is one
// usage_error line `<file>:<line>:<column>: ...` naming the key; the device then meets the laws
// of include/headroom/validate.hpp (a broken one names its rule).
#pragma once

#include <string>
#include <string_view>

#include <headroom/headroom.hpp>

namespace headroom::cli {

/// A device with the text its string_views point into.
struct owned_device {
  device d{};
  std::string id, name, vendor, arch, memory_marketed, memory_basis, sources, derived, scale_up, scale_out;
  /// Points d's string_views at the strings above (after a copy or a change).
  void bind();
};

/// The schema_version this build reads.
inline constexpr int device_spec_schema_version = 1;

/// Parses spec `text`; `path` names it in every message.
owned_device parse_device_spec(std::string_view text, std::string_view path);

/// Reads (a regular file of at most 1 MiB) and parses the spec at `path`.
owned_device load_device_spec(const std::string& path);

}  // namespace headroom::cli
