// SPDX-License-Identifier: MIT
// headroom's input library: the error that means "the input was refused" (the CLI prints it and
// exits 2; evaluation errors, headroom::error from the core, exit 1), and `printable`, which
// makes every refusal one line that never carries a control character or invalid UTF-8 from the
// input. The readers and the importer throw it; the CLI catches it.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace headroom::cli {

/// An input refused before any evaluation: a bad flag value, an unknown id, a bad manifest, an
/// output path in a missing folder, a config.json or a checkpoint file that cannot be read.
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// `text` as one printable line: control characters (C0, DEL, C1), line separators and bytes that
/// are not valid UTF-8 become \xNN, so an error never carries a newline, an ANSI escape or
/// invalid UTF-8 from its input; valid printable UTF-8 is kept.
std::string printable(std::string_view text);

}  // namespace headroom::cli
