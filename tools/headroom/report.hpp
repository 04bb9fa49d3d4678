// SPDX-License-Identifier: MIT
// headroom: the hardware report (seed-system 5.1) as deterministic Markdown.
#pragma once

#include <cstdint>
#include <string>

#include <headroom/headroom.hpp>

namespace headroom::report {

struct options {
  settings s{};
  std::uint64_t context = 4096;  ///< KV tokens each sequence attends over in the decode runs
};

/// The full report of `m` on `d` with constants `r`.
std::string hardware_report(const model& m, const device& d, const device_roofline& r, const options& o);

}  // namespace headroom::report
