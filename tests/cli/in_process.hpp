// SPDX-License-Identifier: MIT
// What the CLI's in-process tests share: running `headroom` through run_main with its output
// captured, and a scratch folder removed at the end of the test.
#pragma once

#include <doctest/doctest.h>

#include <stdlib.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "headroom/run.hpp"

namespace headroom::cli::testing {

struct result {
  int code = 0;
  std::string out;
  std::string err;
};

/// `headroom ARGS...` in-process: exit code, stdout, stderr.
inline result run(std::vector<std::string> args) {
  args.insert(args.begin(), "headroom");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::ostringstream out;
  std::ostringstream err;
  run_io io{out, err, true, true};
  result r;
  r.code = run_main(static_cast<int>(args.size()), argv.data(), io);
  r.out = out.str();
  r.err = err.str();
  return r;
}

/// A fresh folder under the system's temporary folder, removed at the end of the test.
struct scratch {
  std::filesystem::path dir;
  explicit scratch(const char* prefix = "headroom_test") {
    std::string t = (std::filesystem::temp_directory_path() / (std::string(prefix) + "_XXXXXX")).string();
    REQUIRE(::mkdtemp(t.data()) != nullptr);
    dir = t;
  }
  scratch(const scratch&) = delete;
  scratch& operator=(const scratch&) = delete;
  ~scratch() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  [[nodiscard]] std::string path(const std::string& name) const { return (dir / name).string(); }
  [[nodiscard]] std::string file(const char* name) const { return (dir / name).string(); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
    return path(name);
  }
  [[nodiscard]] std::size_t entries() const {
    return static_cast<std::size_t>(
        std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()));
  }
};

}  // namespace headroom::cli::testing
