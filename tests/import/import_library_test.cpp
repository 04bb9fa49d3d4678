// SPDX-License-Identifier: MIT
// The input library alone: this executable links headroom::import and doctest, not the CLI's
// library, so it fails to link if the importer ever calls into the CLI. It imports a published
// config.json and weighs it against the checkpoint's published total_size, and a refusal is one
// line naming the file.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include <headroom/headroom.hpp>

#include "headroom/import/importer.hpp"

namespace {

std::string config_dir(const std::string& id) { return std::string(HEADROOM_SOURCE_DIR) + "/tests/data/configs/" + id; }

}  // namespace

TEST_CASE("headroom::import alone: Qwen3-8B's config.json weighs its published total_size") {
  // 16,381,470,720: Qwen/Qwen3-8B model.safetensors.index.json metadata.total_size
  // (tests/data/configs/README.md).
  const auto im = headroom::cli::import::import_config({config_dir("qwen3_8b"), "", "qwen3_8b"});
  CHECK(im->id == "qwen3_8b");
  CHECK(headroom::footprint(im->m, headroom::settings{}).weights == std::uint64_t{16'381'470'720});
  CHECK(headroom::cli::import::emit_header(*im, "headroom import").find("namespace headroom::models") != std::string::npos);
}

TEST_CASE("headroom::import alone: a missing config is one line naming it") {
  const std::string path = config_dir("no_such_checkpoint");
  try {
    (void)headroom::cli::import::import_config({path, "", "x"});
    FAIL("a missing config was imported");
  } catch (const headroom::cli::usage_error& e) {
    const std::string m = e.what();
    CHECK(m.find(path) != std::string::npos);
    CHECK(m.find('\n') == std::string::npos);
  }
}
