// SPDX-License-Identifier: MIT
// Which (model, device) pairs a whole-matrix test visits. Every pair in a build without
// AddressSanitizer (CI's optimised g++ leg); under it, where these sweeps run seven to eight
// times slower than in that leg, the pairs whose indices sum to a multiple of four: every model
// and every device still runs under the sanitizers (against a quarter of the other side), and
// the answers of every pair are checked by the optimised build.
#pragma once

#include <cstddef>

namespace headroom_test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr std::size_t sweep_stride = 4;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr std::size_t sweep_stride = 4;
#else
inline constexpr std::size_t sweep_stride = 1;
#endif
#else
inline constexpr std::size_t sweep_stride = 1;
#endif

/// Whether the pair (models::all[model_index], devices::all[device_index]) is visited.
constexpr bool in_sweep(std::size_t model_index, std::size_t device_index) {
  return (model_index + device_index) % sweep_stride == 0;
}

}  // namespace headroom_test
