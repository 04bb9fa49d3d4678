// SPDX-License-Identifier: MIT
// headroom: the executable (docs/cli.md); the dispatcher is headroom::cli::run_main.
#include "headroom/run.hpp"

int main(int argc, char** argv) {
  headroom::cli::run_io io{};
  return headroom::cli::run_main(argc, argv, io);
}
