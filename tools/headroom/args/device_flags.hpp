// SPDX-License-Identifier: MIT
// headroom CLI: a device without a rebuild (docs/cli.md#devices-without-a-rebuild). Either a
// JSON datasheet (--device-spec FILE, device_spec.hpp) or the short form (--gpu-memory,
// --bandwidth, --bf16-tflops, --fp8-tflops, --fp4-tflops), which replaces the DEVICE argument
// or changes a named device ("an H100 with 64 GiB": a MIG slice, a cloud instance). The device
// they make meets the laws of include/headroom/validate.hpp, like a shipped table.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "headroom/args/cli11_fwd.hpp"

#include <headroom/headroom.hpp>

namespace headroom::cli {

/// The device flags as given (strings: our strict parsers name the flag on a bad value).
struct device_flags {
  std::string spec;       ///< --device-spec FILE.json
  std::string memory;     ///< --gpu-memory SIZE (24GiB, 80GB, ...)
  std::string bandwidth;  ///< --bandwidth RATE (936GB/s, 3.35TB/s)
  std::string bf16;       ///< --bf16-tflops X (dense; FP16 takes the same rate)
  std::string fp8;        ///< --fp8-tflops X (dense)
  std::string fp4;        ///< --fp4-tflops X (dense; NVFP4 and MXFP4)
  [[nodiscard]] bool any() const;
  /// The flags in canonical order, each ` --flag value`, for regenerate lines.
  [[nodiscard]] std::string text() const;
};

/// Declares the device flags on `cmd`, bound to `f`.
void add_device_options(CLI::App* cmd, device_flags& f);

/// The device a command evaluates: `id` from the registry when no device flag is given; else
/// the spec file or `id`'s entry (empty `id`: none, then memory, bandwidth and BF16 are
/// required) with the short flags applied. usage_error naming the flag or the file position
/// for a bad value or a device that breaks a law. The device lives until the process exits.
const device& resolve_target_device(const device_flags& f, std::string_view id);

/// The command-line words that name `d` again: its id, or for a device the flags made, the
/// DEVICE and the flags that made it ("h100_sxm --gpu-memory 64GiB").
std::string device_arg(const device& d);

/// Registry devices of a --devices list with the flags' device appended when a flag is given
/// (a list has no single base: the short form must then be complete).
std::vector<const device*> with_flag_device(std::vector<const device*> ds, const device_flags& f);

/// 936GB/s or 3.35TB/s as decimal GB/s; usage_error naming `flag` otherwise.
double parse_gbps(std::string_view flag, std::string_view text);
/// A positive, finite number of TFLOPS (71, 989.5); usage_error naming `flag` otherwise.
double parse_tflops(std::string_view flag, std::string_view text);

}  // namespace headroom::cli
