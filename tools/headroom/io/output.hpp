// SPDX-License-Identifier: MIT
// headroom CLI: output is written only when complete. To a file: into a temporary file in the
// same folder, renamed over the target once every byte is written, so a reader never sees half
// a file and a failure leaves nothing behind. Only a new name or an existing regular file is
// written (a device, FIFO, socket, folder or symbolic link is refused); a replaced file keeps
// its mode; the temporary file is removed on errors, SIGINT / SIGTERM / SIGHUP and a file-size
// limit (SIGXFSZ is ignored while writing, so write() fails with EFBIG).
#pragma once

#include <string>

namespace headroom::cli {

/// Refuses (usage_error) an empty -o path, one whose folder does not exist, and one that names
/// anything but a regular file (a symbolic link included); checked before anything is
/// evaluated, and again by write_output.
void check_output_path(const std::string& path);

/// Writes `text` to stdout (`path` empty) or atomically to `path`; usage_error if the path is
/// refused, std::runtime_error if the write fails.
void write_output(const std::string& text, const std::string& path);

}  // namespace headroom::cli
