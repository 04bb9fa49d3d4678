// SPDX-License-Identifier: MIT
// libFuzzer target: the config reader (bounded read, parse_json, the importer on its result) on
// arbitrary bytes written as a config.json. A finding is a crash or sanitizer report, or:
//   * an exception other than usage_error (import_error, file_error) escapes, e.g. the JSON
//     library's own or a std::out_of_range;
//   * a refusal is not one printable line starting with the file's name;
//   * an import accepted a model with no layers.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

#include "headroom/import/importer.hpp"
#include "headroom/run.hpp"

namespace {
// One folder per fuzzing process (libFuzzer runs inputs one at a time in it).
const std::string& config_path() {
  static const std::string path = [] {
    std::string t = (std::filesystem::temp_directory_path() / "headroom_fuzz_config_XXXXXX").string();
    if (::mkdtemp(t.data()) == nullptr) std::abort();
    return t + "/config.json";
  }();
  return path;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = config_path();
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data),
                                                               static_cast<std::streamsize>(size));
  try {
    const auto im = headroom::cli::import::import_config({path, "", "fuzz"});
    if (im->m.c.n_instances == 0) std::abort();
  } catch (const headroom::cli::usage_error& e) {
    const std::string msg = e.what();
    if (msg.rfind(path, 0) != 0 || headroom::cli::printable(msg) != msg) std::abort();
  }
  return 0;  // any other exception escapes: libFuzzer reports it as a crash
}
