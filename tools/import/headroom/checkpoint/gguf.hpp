// SPDX-License-Identifier: MIT
// Reading a GGUF file (llama.cpp's checkpoint format; docs/gguf.md): its header, metadata
// key/values and tensor-info table, never the tensor data. GGUF v2 and v3, little-endian.
// Strict and bounded: every count, length and dimension is checked against the bytes left
// before anything is allocated, all arithmetic is overflow-checked, and the layout follows the
// reference loader (ggml/src/gguf.cpp, gguf_init_from_reader): tensors in table order, each at
// the running offset padded to general.alignment, inside the file.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom::cli::import {

/// One ggml tensor type: its id in the file, its name, and the byte law of ggml's
/// type_traits: `block` elements of a row are stored in `block_bytes` bytes.
struct ggml_type_info {
  std::uint32_t id = 0;
  std::string_view name;
  std::uint32_t block = 0;
  std::uint32_t block_bytes = 0;
};

/// The type of id `id`, or nullptr: ids ggml never had or has removed from GGUF files (4, 5,
/// 31-33, 36-38) and ids past the table.
const ggml_type_info* ggml_type_of(std::uint32_t id);

/// Every type the reader knows, by id.
const std::vector<ggml_type_info>& ggml_types();

/// A metadata value: integers (any width, bool as 0 / 1), strings, arrays (their element type
/// and length; their elements are checked, not kept). Floats are kept as their type only.
struct gguf_value {
  std::uint32_t type = 0;       ///< GGUF value type (0 u8 ... 12 f64; 9 array)
  std::uint32_t elem_type = 0;  ///< arrays: the elements' type
  std::uint64_t length = 0;     ///< arrays: the element count
  std::optional<std::uint64_t> uint;  ///< a non-negative integer or bool
  bool negative = false;        ///< a signed integer below 0
  std::string text;             ///< a string
  std::uint64_t at = 0;         ///< byte offset of the key, for messages
};

struct gguf_tensor {
  std::string name;
  std::uint32_t type = 0;
  std::vector<std::uint64_t> dims;  ///< ne[0] (the row) first, as the file stores them
  std::uint64_t offset = 0;         ///< from the start of the data section
  std::uint64_t bytes = 0;          ///< ne[0] / block x block_bytes x ne[1] x ne[2] x ne[3]
};

struct gguf_header {
  std::uint32_t version = 0;
  std::uint64_t alignment = 32;
  std::uint64_t data_offset = 0;  ///< where the data section begins
  std::uint64_t file_size = 0;
  std::map<std::string, gguf_value> kv;
  std::vector<gguf_tensor> tensors;  ///< in table order
  std::uint64_t tensor_bytes = 0;    ///< the sum of every tensor's bytes, exact
};

/// The GGUF file at `path`, read through the bounded reader (bounded_file.hpp, cap
/// gguf_header_file). A malformed file is an import_error: one line naming the file, the byte
/// offset, key or tensor, and why.
gguf_header read_gguf(const std::string& path);

/// The same checks on `bytes`, the first bytes of a file of `file_size` bytes named `file`
/// (`bytes` shorter than `file_size` when the file is larger than the cap). The fuzz target
/// calls this.
gguf_header parse_gguf(std::string_view bytes, std::uint64_t file_size, const std::string& file);

}  // namespace headroom::cli::import
