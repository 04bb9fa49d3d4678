// SPDX-License-Identifier: MIT
// IWYU pragma: private, include <headroom/settings.hpp>
// headroom: the policy settings an estimate depends on, typed (a misspelt key cannot exist).
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>
#include <string_view>

namespace headroom {

/// Element type of the paged KV cache (scales, if any, kept outside the cache).
enum class kv_dtype : std::uint8_t { bf16, fp8 };
/// Element type of a recurrent state (GDN / Mamba h, conv windows).
enum class state_dtype : std::uint8_t { f32, bf16, f16 };

struct settings {
  kv_dtype kv = kv_dtype::bf16;           ///< kv_cache_dtype
  state_dtype ssm_h = state_dtype::f32;   ///< ssm_h_dtype: GDN / Mamba recurrent state
  state_dtype conv = state_dtype::bf16;   ///< conv windows (engines keep them in the model dtype)
  /// Speculative decoding with the checkpoint's MTP draft head: its weights are loaded and its
  /// attention layers hold KV. Off: the engine skips the draft's tensors.
  bool speculative = false;
  // What a sliding-window layer holds is the engine's policy, not a setting:
  // engine::evict_sliding and as_allocated (engine.hpp).

  friend constexpr bool operator==(const settings&, const settings&) = default;
};

constexpr std::uint64_t element_bytes(kv_dtype d) { return d == kv_dtype::fp8 ? 1 : 2; }
constexpr std::uint64_t element_bytes(state_dtype d) { return d == state_dtype::f32 ? 4 : 2; }

constexpr std::string_view name(kv_dtype d) { return d == kv_dtype::fp8 ? "fp8" : "bf16"; }
constexpr std::string_view name(state_dtype d) {
  return d == state_dtype::f32 ? "f32" : (d == state_dtype::bf16 ? "bf16" : "f16");
}

}  // namespace headroom
