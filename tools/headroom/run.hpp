// SPDX-License-Identifier: MIT
// headroom CLI: the dispatcher as a function, so that tests and fuzz targets run it in-process
// (it never exits the process) and the executable's main() is one call.
#pragma once

#include <iostream>
#include <ostream>
#include <string>
#include <string_view>

#include "headroom/input/usage_error.hpp"

namespace headroom::cli {

struct run_io {
  std::ostream& out = std::cout;  ///< output (when capture_stdout) and --help / --version text
  std::ostream& err = std::cerr;  ///< error and warning lines
  /// true: output meant for stdout goes to `out` instead of the process's stdout.
  bool capture_stdout = false;
  /// false: `-o FILE` is refused (a fuzz target must not write files where it runs).
  bool allow_output_files = true;
};

/// Runs `headroom argv[1..]`; returns the exit code (0 done, 1 evaluation failed, 2 refused).
int run_main(int argc, char** argv, run_io& io);

// printable(), which every refusal passes through, is the input library's (headroom/input/usage_error.hpp).

}  // namespace headroom::cli
