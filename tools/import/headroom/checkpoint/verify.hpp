// SPDX-License-Identifier: MIT
// headroom verify: a checkpoint folder's safetensors headers against a model's tensor inventory.
// Only the JSON headers are read (8-byte little-endian length, then the header; format:
// https://huggingface.co/docs/safetensors/index#format), never the tensor data, so a folder of
// shards the size of the model is checked in milliseconds.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <headroom/model.hpp>

namespace headroom::cli::import {

/// One stored tensor: its name, safetensors dtype (BF16, F32, F8_E4M3, U8, ...), shape and bytes.
struct tensor_info {
  std::string name;
  std::string dtype;
  std::vector<std::uint64_t> shape;
  std::uint64_t bytes = 0;
};

/// Every tensor a checkpoint of `m` stores, by its Hugging Face name, sorted by name.
/// `model_type` selects the spelling where a family has two (Mixtral's block_sparse_moe.*);
/// empty: the family's default. Families and formats without a known naming are refused with
/// "not supported yet" (import_error).
std::vector<tensor_info> inventory(const model& m, std::string_view model_type);

/// The tensors the folder's safetensors headers declare: those of the shards that
/// model.safetensors.index.json names, or else of every *.safetensors file; sorted by name.
/// A malformed file is an import_error naming it.
std::vector<tensor_info> read_safetensors_headers(const std::string& dir);

/// "[2048, 64]": a shape as the reports print it.
std::string shape_text(const std::vector<std::uint64_t>& s);

struct verify_result {
  bool agree = false;
  std::string text;  ///< the differences and both totals, Markdown
};

/// Compares tensor by tensor (name, dtype, shape) and the byte totals.
verify_result verify(const model& m, std::string_view model_type, const std::string& dir);

}  // namespace headroom::cli::import
