// SPDX-License-Identifier: MIT
// `headroom ARGS... --json` in-process (in_process.hpp), its output parsed: the tests that read
// a command's JSON share it.
#pragma once

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "in_process.hpp"

namespace headroom::cli::testing {

/// The command's JSON; the test fails with the command's message where it exits non-zero.
inline nlohmann::json run_json(std::vector<std::string> args) {
  args.push_back("--json");
  const result r = run(args);
  REQUIRE_MESSAGE(r.code == 0, r.err);
  return nlohmann::json::parse(r.out);
}

}  // namespace headroom::cli::testing
