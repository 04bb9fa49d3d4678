// SPDX-License-Identifier: MIT
// A GGUF file written by the tests themselves (format: ggml's docs/gguf.md): the magic, version,
// counts, metadata key/values and tensor infos, little-endian, then the data section (zeros,
// written sparse). The tests state each tensor's bytes by hand; the writer only lays them out,
// each at the running offset padded to the alignment, as llama.cpp's writer does. Hostile
// files are made by editing the bytes `header()` returns.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace headroom::cli::testing {

struct gguf_writer {
  // GGUF value types (gguf.h).
  static constexpr std::uint32_t t_u32 = 4, t_f32 = 6, t_string = 8, t_array = 9, t_u64 = 10;

  std::uint32_t version = 3;
  std::uint64_t alignment = 32;  ///< where tensors are placed; general.alignment is a key like any other
  std::uint64_t n_kv = 0;
  std::string kv;

  struct tensor {
    std::string name;
    std::vector<std::uint64_t> dims;
    std::uint32_t type;
    std::uint64_t bytes;  ///< by hand, in the test
    std::uint64_t offset;
  };
  std::vector<tensor> tensors;
  std::uint64_t data_bytes = 0;  ///< the data section, each tensor padded

  static void put(std::string& s, std::uint64_t v, int width) {
    for (int i = 0; i < width; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  }
  static void put_str(std::string& s, const std::string& v) {
    put(s, v.size(), 8);
    s += v;
  }
  void key(const std::string& k, std::uint32_t type) {
    ++n_kv;
    put_str(kv, k);
    put(kv, type, 4);
  }
  gguf_writer& u32(const std::string& k, std::uint32_t v) {
    key(k, t_u32);
    put(kv, v, 4);
    return *this;
  }
  gguf_writer& u64(const std::string& k, std::uint64_t v) {
    key(k, t_u64);
    put(kv, v, 8);
    return *this;
  }
  gguf_writer& f32(const std::string& k, std::uint32_t bits) {
    key(k, t_f32);
    put(kv, bits, 4);
    return *this;
  }
  gguf_writer& str(const std::string& k, const std::string& v) {
    key(k, t_string);
    put_str(kv, v);
    return *this;
  }
  gguf_writer& strings(const std::string& k, const std::vector<std::string>& v) {
    key(k, t_array);
    put(kv, t_string, 4);
    put(kv, v.size(), 8);
    for (const std::string& s : v) put_str(kv, s);
    return *this;
  }
  gguf_writer& add(const std::string& name, std::vector<std::uint64_t> dims, std::uint32_t type, std::uint64_t bytes) {
    tensors.push_back({name, std::move(dims), type, bytes, data_bytes});
    data_bytes += (bytes + alignment - 1) / alignment * alignment;
    return *this;
  }

  /// Everything before the data section, padded to the alignment.
  [[nodiscard]] std::string header() const {
    std::string s = "GGUF";
    put(s, version, 4);
    put(s, tensors.size(), 8);
    put(s, n_kv, 8);
    s += kv;
    for (const tensor& t : tensors) {
      put_str(s, t.name);
      put(s, t.dims.size(), 4);
      for (const std::uint64_t d : t.dims) put(s, d, 8);
      put(s, t.type, 4);
      put(s, t.offset, 8);
    }
    if (!tensors.empty()) s.append((alignment - s.size() % alignment) % alignment, '\0');
    return s;
  }

  /// `head` (header() or an edit of it) followed by `data` bytes of zeros (sparse).
  static std::string write(const std::filesystem::path& file, const std::string& head, std::uint64_t data) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << head;
    std::filesystem::resize_file(file, head.size() + data);
    return file.string();
  }
  [[nodiscard]] std::string write(const std::filesystem::path& file) const { return write(file, header(), data_bytes); }
};

}  // namespace headroom::cli::testing
