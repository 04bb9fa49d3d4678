// SPDX-License-Identifier: MIT
// The import tests' way to the published config.json copies under tests/data/configs
// (tests/data/configs/README.md gives each one's source).
#pragma once

#include <string>
#include <string_view>

#include <headroom/headroom.hpp>

#include "headroom/import/importer.hpp"

namespace headroom::test {

/// The folder holding the published config `id` (tests/data/configs/<id>).
inline std::string config_dir(std::string_view id) {
  return std::string(HEADROOM_SOURCE_DIR) + "/tests/data/configs/" + std::string(id);
}

/// The footprint of the model `headroom import` reads from that folder.
inline footprint_bytes footprint_of(std::string_view id, const settings& s = {}) {
  const auto im = cli::import::import_config({config_dir(id), "", std::string(id)});
  return footprint(im->m, s);
}

}  // namespace headroom::test
