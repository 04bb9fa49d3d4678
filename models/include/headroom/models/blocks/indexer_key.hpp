// SPDX-License-Identifier: MIT
// headroom: the cached key of a lightning indexer (DeepSeek-V3.2, GLM-5, DeepSeek-V4) as the
// engines store it whatever the KV dtype: index_head_dim FP8 values and one F32 scale per block
// of 128 of them, packed as bytes (vLLM DeepseekV32IndexerCache / DeepseekV4IndexerCache, dtype
// uint8, head_dim = index_head_dim + index_head_dim // quant_block_size * 4; SGLang
// DeepSeekV4IndexerPool, the same row).
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>

namespace headroom::models::blocks {

/// The indexer quantises keys in blocks of 128 with one F32 scale each (quant_block_size).
inline constexpr std::uint64_t indexer_quant_block = 128;

/// Bytes of one cached indexer key row: 132 at index_head_dim 128.
constexpr std::uint64_t indexer_key_row_bytes(std::uint64_t index_head_dim) {
  return checked_add(index_head_dim, index_head_dim / indexer_quant_block * 4);
}

}  // namespace headroom::models::blocks
