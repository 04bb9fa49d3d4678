// SPDX-License-Identifier: MIT
// libFuzzer target: the safetensors header and shard-index reader (read_safetensors_headers) on
// arbitrary bytes. The first byte chooses what the rest is: even, a model.safetensors file (its
// 8-byte length, header and data); odd, a model.safetensors.index.json naming shards, beside a
// valid one-tensor shard `a.safetensors`. A finding is a crash or sanitizer report, or:
//   * an exception other than usage_error (import_error, file_error) escapes;
//   * a refusal is not one printable line;
//   * accepted tensors whose bytes are not dtype x shape, or sum past the file.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "headroom/import/importer.hpp"
#include "headroom/checkpoint/verify.hpp"
#include "headroom/run.hpp"

namespace {
namespace fs = std::filesystem;

const fs::path& folder() {
  static const fs::path dir = [] {
    std::string t = (fs::temp_directory_path() / "headroom_fuzz_safetensors_XXXXXX").string();
    if (::mkdtemp(t.data()) == nullptr) std::abort();
    return fs::path(t);
  }();
  return dir;
}

void write(const fs::path& p, const char* data, std::size_t size) {
  std::ofstream(p, std::ios::binary | std::ios::trunc).write(data, static_cast<std::streamsize>(size));
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const fs::path& dir = folder();
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) fs::remove_all(e.path(), ec);
  const char* rest = reinterpret_cast<const char*>(data + 1);
  std::uint64_t file_bytes = size - 1;
  if ((data[0] & 1) == 0) {
    write(dir / "model.safetensors", rest, size - 1);
  } else {
    // a: U8 [2] at [0, 2), then its 2 data bytes: 8 + 60 + 2 bytes.
    const std::string header = R"({"a": {"dtype": "U8", "shape": [2], "data_offsets": [0, 2]}})";
    std::string shard(8, '\0');
    shard[0] = static_cast<char>(header.size());
    shard += header + "xy";
    write(dir / "a.safetensors", shard.data(), shard.size());
    write(dir / "model.safetensors.index.json", rest, size - 1);
    file_bytes = shard.size();
  }
  try {
    const auto tensors = headroom::cli::import::read_safetensors_headers(dir.string());
    std::uint64_t sum = 0;
    for (const auto& t : tensors) {
      sum += t.bytes;
      if (sum > file_bytes) std::abort();
    }
  } catch (const headroom::cli::usage_error& e) {
    const std::string msg = e.what();
    if (msg.empty() || headroom::cli::printable(msg) != msg) std::abort();
  }
  return 0;
}
