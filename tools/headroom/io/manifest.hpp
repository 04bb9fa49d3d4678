// SPDX-License-Identifier: MIT
// headroom CLI: measured roofline manifests (docs/cli.md#measured-rooflines), loaded strictly.
//
//   {
//     "schema_version": 1,
//     "device": "gb10",
//     "source": "who measured, how, when",
//     "dram_gbps": 249.0, "bf16_tflops": 123.7, "fp8_tflops": 243.6, "nvfp4_tflops": 490.8,
//     "context_tokens": 4096,
//     "notes": "optional free text"
//   }
//
// Every refusal is a manifest_error whose message starts `<file>:<line>:<column>: ` and names
// the key: malformed JSON, a top level that is not an object, a duplicate, unknown or missing
// key, a wrong type, a non-positive or non-finite rate, an unknown device id, a device other
// than the command's, an unsupported schema_version. Nothing is half-loaded: the result exists
// only when every check passed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <headroom/headroom.hpp>

#include "headroom/input/text_position.hpp"
#include "headroom/args/common.hpp"

namespace headroom::cli {

class manifest_error : public usage_error {
 public:
  using usage_error::usage_error;
};

/// Physical ranges of a rate, for a measured manifest, a device spec file and the short device
/// flags alike. Below them a rate is a typo or a unit slip (5e-324 GB/s made every time infinite
/// and every percentage NaN); above them no device is near: the registry spans 102 GB/s (Jetson
/// Orin Nano) to 8 TB/s (B300 HBM3e) and about 10 to 15,000 dense TFLOPS, so the ranges leave a
/// factor of ten or more on each side.
struct rate_range {
  double lo;
  double hi;
  std::string_view unit;
};
inline constexpr rate_range dram_range{1, 100'000, "GB/s"};        // 1 GB/s to 100 TB/s
inline constexpr rate_range tflops_range{0.01, 100'000, "TFLOPS"};  // 10 GFLOPS to 100 PFLOPS

/// The schema_version this build reads.
inline constexpr std::int64_t manifest_schema_version = 1;

struct manifest {
  std::string path;              ///< as given on the command line
  const device* d = nullptr;     ///< the registry entry of `device`
  std::string source;
  std::string notes;             ///< empty when absent
  roofline r{};
  std::uint64_t context_tokens = 0;
  /// headroom::measured_roofline(r, "<path>: <source>"): the basis names the file and the source.
  device_roofline constants{};
};

/// Parses manifest `text`; `path` names it in every message. `expected`: the device the
/// command evaluates (nullptr: any registry device).
manifest parse_manifest(std::string_view text, std::string_view path, const device* expected = nullptr);

/// Reads and parses the file at `path`.
manifest load_manifest(const std::string& path, const device* expected = nullptr);

}  // namespace headroom::cli
