// SPDX-License-Identifier: MIT
// libFuzzer target: the GGUF reader (parse_gguf) and the model built from a GGUF's metadata
// (import_gguf) on arbitrary bytes. The first byte chooses: even, the rest is parsed in memory
// as a whole file; odd, the rest is written to `m.gguf` and imported (the bounded reader, the
// metadata -> family mapping, the family builder). A finding is a crash or sanitizer report, or:
//   * an exception other than usage_error (import_error, file_error) escapes;
//   * a refusal is not one printable line;
//   * an accepted table whose tensors lie outside the file, overlap, or do not sum to its total.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

#include "headroom/checkpoint/gguf.hpp"
#include "headroom/checkpoint/gguf_model.hpp"
#include "headroom/run.hpp"

namespace {
namespace fs = std::filesystem;

const fs::path& folder() {
  static const fs::path dir = [] {
    std::string t = (fs::temp_directory_path() / "headroom_fuzz_gguf_XXXXXX").string();
    if (::mkdtemp(t.data()) == nullptr) std::abort();
    return fs::path(t);
  }();
  return dir;
}

void check(const headroom::cli::import::gguf_header& h) {
  std::uint64_t sum = 0;
  std::uint64_t end = 0;
  for (const auto& t : h.tensors) {
    if (t.offset < end || t.offset % h.alignment != 0) std::abort();  // in order, aligned, no overlap
    end = t.offset + t.bytes;
    if (h.data_offset + end > h.file_size) std::abort();
    sum += t.bytes;
  }
  if (sum != h.tensor_bytes) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    if ((data[0] & 1) == 0) {
      check(headroom::cli::import::parse_gguf(rest, rest.size(), "m.gguf"));
    } else {
      const fs::path file = folder() / "m.gguf";
      std::ofstream(file, std::ios::binary | std::ios::trunc).write(rest.data(), static_cast<std::streamsize>(rest.size()));
      const auto im = headroom::cli::import::import_gguf(file.string(), "m");
      if (im->m.file_weights > rest.size()) std::abort();
    }
  } catch (const headroom::cli::usage_error& e) {
    const std::string msg = e.what();
    if (msg.empty() || headroom::cli::printable(msg) != msg) std::abort();
  }
  return 0;
}
