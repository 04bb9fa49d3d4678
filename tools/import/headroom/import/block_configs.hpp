// SPDX-License-Identifier: MIT
// The importer's reading of Nemotron-NAS's `block_configs` (model_type nemotron-nas): one entry
// per layer, its attention and its FFN, each a layer width or a no_op.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "headroom/import/json_keys.hpp"

namespace headroom::cli::import {

/// Each layer's KV heads: q_heads / attention.n_heads_in_group, 0 for an attention no_op.
std::array<std::uint16_t, 256> block_kv_heads(std::string_view file, std::string_view key, const json& v,
                                              std::uint64_t q_heads);

/// Each layer's FFN width / 256, 0 for an FFN no_op: DeciLM's _ffn_mult_to_intermediate_size
/// (vllm-project/vllm vllm/model_executor/models/nemotron_nas.py at
/// 00bd1493b3e82d6c13c68ee8a0e1c5a96707e190): int(2 * ffn_mult * hidden / 3), rounded up to a
/// multiple of 256.
std::array<std::uint16_t, 256> block_ffn_units(std::string_view file, std::string_view key, const json& v,
                                               std::uint64_t hidden);

/// DeciLM's _ffn_mult_to_intermediate_size, in Python's float arithmetic (IEEE doubles, the
/// same operation order), then truncated and rounded up to a multiple of 256; 0 when the
/// product is not a finite non-negative width.
std::uint64_t ffn_mult_to_intermediate_size(double ffn_mult, std::uint64_t hidden);

}  // namespace headroom::cli::import
