// SPDX-License-Identifier: MIT
// headroom CLI: output is written only when complete. To a file: into a temporary file in the
// same folder, renamed over the target once every byte is written, so a reader never sees half
// a file and a failure leaves nothing behind.
#pragma once

#include <string>

namespace headroom::cli {

/// Refuses (usage_error) an -o path whose folder does not exist or that names a folder; checked
/// before anything is evaluated.
void check_output_path(const std::string& path);

/// Writes `text` to stdout (`path` empty) or atomically to `path`; std::runtime_error on failure.
void write_output(const std::string& text, const std::string& path);

}  // namespace headroom::cli
