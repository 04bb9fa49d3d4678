// SPDX-License-Identifier: MIT
// headroom: llama.cpp's parameters under its own names and defaults (engines/llama_cpp.hpp has
// the shipped profile, detail/engine_llama_cpp.hpp the memory rule).
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <array>
#include <cstdint>
#include <string_view>

#include <headroom/detail/enum_table.hpp>
#include <headroom/engines/knobs/fraction.hpp>

namespace headroom {

/// llama.cpp cache element types (ggml types of --cache-type-k / --cache-type-v).
enum class ggml_cache_type : std::uint8_t { f16, bf16, f32, q8_0, q4_0 };
/// Every cache type in declaration order, and its name as llama.cpp's --cache-type-k /
/// --cache-type-v spell it (common/arg.cpp).
inline constexpr auto ggml_cache_type_table =
    detail::make_enum_table(std::array{ggml_cache_type::f16, ggml_cache_type::bf16, ggml_cache_type::f32,
                                       ggml_cache_type::q8_0, ggml_cache_type::q4_0},
                            {"f16"sv, "bf16"sv, "f32"sv, "q8_0"sv, "q4_0"sv});
inline constexpr const auto& all_ggml_cache_types = ggml_cache_type_table.all;
constexpr std::string_view name(ggml_cache_type t) { return ggml_cache_type_table.name(t); }

/// llama.cpp (llama-server / llama-cli) parameters: common/arg.cpp, src/llama-context.cpp.
struct llama_cpp_knobs {
  std::uint64_t n_ctx = engine_default;         ///< --ctx-size (default: the deployment's seqs x context)
  std::uint32_t n_seq_max = 0;                  ///< --parallel (0: the deployment's seqs)
  std::uint32_t n_ubatch = 512;                 ///< --ubatch-size
  std::uint32_t n_batch = 2048;                 ///< --batch-size
  ggml_cache_type type_k = ggml_cache_type::f16;  ///< --cache-type-k
  ggml_cache_type type_v = ggml_cache_type::f16;  ///< --cache-type-v
  bool kv_unified = false;                      ///< --kv-unified
  bool swa_full = false;                        ///< --swa-full
  bool flash_attn = true;                       ///< --flash-attn (off: the compute buffer holds the attention scores)
  /// Cells are padded to a multiple of this: 256 since llama.cpp PR #17046 (Nov 2025); builds
  /// before PR #16812 padded to 256 with flash attention and 32 without.
  std::uint32_t n_pad = 256;
  friend constexpr bool operator==(const llama_cpp_knobs&, const llama_cpp_knobs&) = default;
};

}  // namespace headroom
