// SPDX-License-Identifier: MIT
// headroom CLI: which engines have measured kernel tables of a device's own, and whose tables the
// rest of its predictions read (docs/calibration.md): the `list devices` column and JSON key.
#pragma once

#include <string_view>
#include <vector>

#include <headroom/engines/calibration.hpp>
#include <headroom/engine.hpp>
#include <headroom/sla.hpp>

namespace headroom::cli {

struct kernel_tables {
  std::vector<std::string_view> own;  ///< engines with a table measured on the device itself
  std::string_view fallback;          ///< the device whose tables its missing engines and grids read
};

inline kernel_tables kernel_tables_of(const device& d) {
  kernel_tables t{{}, fallback_device(d)};
  for (const engine_kind k : all_engine_kinds) {  // those without tables of their own (llama.cpp) add none
    if (engines::calibration_of(d.id, k).n_grids != 0) t.own.push_back(engine_kind_table.name(k));
  }
  return t;
}

}  // namespace headroom::cli
