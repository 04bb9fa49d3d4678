// SPDX-License-Identifier: MIT
// Which (model, device) pairs a whole-matrix test visits. Every pair in a build without
// AddressSanitizer (CI's optimised g++ leg); under it, where these sweeps run seven to eight
// times slower than in that leg, the pairs whose indices sum to a multiple of four: every model
// and every device still runs under the sanitizers (against a quarter of the other side), and
// the answers of every pair are checked by the optimised build.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

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

/// The `part`-th of sweep_stride sub-matrices (every pair, in one, without the sanitizers): the
/// models whose index is `part` modulo the stride, and the devices the sample pairs them with.
template <typename Models, typename Devices>
auto sweep_part(const Models& models, const Devices& devices, std::size_t part) {
  using model_ptr = std::remove_cvref_t<decltype(models[0])>;
  using device_ptr = std::remove_cvref_t<decltype(devices[0])>;
  std::pair<std::vector<model_ptr>, std::vector<device_ptr>> out;
  for (std::size_t mi = part; mi < models.size(); mi += sweep_stride) out.first.push_back(models[mi]);
  for (std::size_t di = 0; di < devices.size(); ++di) {
    if (in_sweep(part, di)) out.second.push_back(devices[di]);
  }
  return out;
}

}  // namespace headroom_test
