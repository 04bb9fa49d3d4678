// SPDX-License-Identifier: MIT
// headroom CLI: the CLI11 classes the command-line headers name by pointer or reference only.
// CLI11 is header-only and large; the files that declare or read options include <CLI/CLI.hpp>
// themselves, so the commands, renderers and I/O files of the CLI library do not parse it.
#pragma once

namespace CLI {
class App;
class Option;
}  // namespace CLI
