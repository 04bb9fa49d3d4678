// SPDX-License-Identifier: MIT
// headroom CLI: calibration tables read at run time (--calibration FILE; docs/calibration.md).
// The format is the JSON the converter writes beside each shipped header
// (engines/calibration/<device>_<engine>.json):
//
//   {
//     "device": "h200_sxm", "engine": "vllm", "version": "0.24.0", "source": "...",
//     "grids": [
//       {"class": "gemm", "format": "bf16", "absolute_us": false,
//        "xs": [1, 2, ...], "ys": [1048576, ...], "values": [nx * ny numbers, x-major]}
//     ]
//   }
//
// Loaded strictly: a file that is not a regular file or is over 4 MiB, malformed JSON, a missing,
// unknown or mistyped key, an unknown class or format, a length that does not match, or a table
// that breaks a law of include/headroom/calibration.hpp is a headroom::error (bad_input) whose one
// line names the file and the key. Nothing is half-loaded.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include <headroom/calibration.hpp>

namespace headroom::cli {

/// The largest calibration file read (the shipped ones are under 64 kB).
inline constexpr std::size_t max_calibration_bytes = std::size_t{4} << 20;

/// A table loaded from a file; it owns the arrays `table()` points into (moving it keeps them).
class loaded_calibration {
 public:
  struct storage;
  explicit loaded_calibration(std::unique_ptr<storage> s);
  loaded_calibration(loaded_calibration&&) noexcept;
  loaded_calibration& operator=(loaded_calibration&&) noexcept;
  ~loaded_calibration();
  [[nodiscard]] const calibration& table() const;

 private:
  std::unique_ptr<storage> s_;
};

/// Parses `text`; `path` names it in every message.
loaded_calibration parse_calibration(std::string_view text, std::string_view path);

/// Reads and parses the file at `path`.
loaded_calibration load_calibration(const std::string& path);

}  // namespace headroom::cli
