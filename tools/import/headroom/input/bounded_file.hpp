// SPDX-License-Identifier: MIT
// headroom CLI: the one way an input file is read (manifests, config.json, quantization
// configs, shard indexes, safetensors headers; docs/hardening.md).
//
// - Regular files only: a folder, FIFO, socket or device is refused before a byte is read (a
//   FIFO would block forever, /dev/zero would be read until memory runs out).
// - A size cap per kind of file, checked before reading and again while reading (a file that
//   grows after the check is refused, never read whole); the cap is in the message.
// - confined_path: a path a file names (a shard of an index) is resolved, symbolic links
//   included, and refused unless it stays inside the folder the user named.
// - Messages name the file and never echo the bytes read.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "headroom/input/usage_error.hpp"

namespace headroom::cli {

/// A file refused by the reader: not readable, not a regular file, over its cap, outside its
/// folder. The CLI exits 2; callers that have their own error type rethrow it as that.
class file_error : public usage_error {
 public:
  using usage_error::usage_error;
};

/// What a file is, for messages and its cap: `noun` reads "manifest" in "the manifest is ...".
struct file_kind {
  std::string_view noun;
  std::uint64_t cap;  ///< bytes
};

// The caps. A schema-1 manifest is a few hundred bytes and most config.json files a few tens of
// kilobytes (qwen3_235b_a22b_fp8's 12,321 bytes), but a ModelOpt export lists every excluded
// module by name in config.json and hf_quant_config.json: nvidia/MiniMax-M3-NVFP4's are
// 3,087,083 and 3,081,956 bytes (ai-dynamo/aiconfigurator src/aiconfigurator/model_configs at
// 095f58a5), so configs and quantization configs get 8 MiB, over twice that; the JSON reader's
// depth, value and string limits (strict_json.hpp) bound what such a file can cost. A shard
// index has one entry of about 100 bytes per tensor: 64 MiB holds over 600,000. safetensors
// headers: the format allows 100 MB (safetensors/src/tensor.rs, MAX_HEADER_SIZE), whose DOM
// took 7.3 GB; 64 MiB at about 150 bytes a tensor still holds over 400,000 tensors.
inline constexpr file_kind manifest_file{"manifest", std::uint64_t{1} << 20};
inline constexpr file_kind config_file{"config", std::uint64_t{8} << 20};
inline constexpr file_kind quant_file{"quantization config", std::uint64_t{8} << 20};
inline constexpr file_kind index_file{"shard index", std::uint64_t{64} << 20};
inline constexpr file_kind header_file{"safetensors header", std::uint64_t{64} << 20};
// A GGUF file is read up to its tensor data: header, metadata (the tokenizer's vocabulary and
// merges are the bulk: Llama-3's 128,256 tokens and 280,147 merges take about 8 MB) and the
// tensor-info table. 64 MiB holds eight times that; the tensor data is never read.
inline constexpr file_kind gguf_header_file{"GGUF header", std::uint64_t{64} << 20};

/// The whole file at `path`, at most `kind.cap` bytes, or file_error.
std::string read_bounded(const std::string& path, const file_kind& kind);

/// An open regular file: its size, and reads of ranges of it (the safetensors reader reads
/// the 8-byte length, then the header, never the tensor data).
class bounded_file {
 public:
  bounded_file(const std::string& path, const file_kind& kind);
  bounded_file(const bounded_file&) = delete;
  bounded_file& operator=(const bounded_file&) = delete;
  ~bounded_file();

  [[nodiscard]] std::uint64_t size() const { return size_; }
  /// `n` bytes at `offset`; file_error when the file ends first or `n` is over the cap.
  [[nodiscard]] std::string read_at(std::uint64_t offset, std::uint64_t n) const;

 private:
  std::string path_;
  file_kind kind_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

/// `entry` (a relative path a file inside `root` names) resolved inside `root`: absolute
/// paths, `..` that leave the folder and symbolic links that point out of it are refused with
/// file_error "<named_in>: `<entry>` leads outside the folder <root>". Returns root / entry
/// (lexically normal, as the user would spell it); a missing file is returned too (reading it
/// then says it is missing).
std::filesystem::path confined_path(const std::filesystem::path& root, std::string_view entry,
                                    std::string_view named_in);

/// `text` for a message: at most `keep` bytes, then "... (N bytes elided)".
std::string elided(std::string_view text, std::size_t keep = 64);

}  // namespace headroom::cli
