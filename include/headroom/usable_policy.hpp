// SPDX-License-Identifier: MIT
// headroom: the usable-memory policy of the pure arithmetic (engines::none): the share of a
// device's memory a deployment may use, by device id or kind of memory.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace headroom {

/// engines::none's share of one device's visible memory: usable = visible x permille / 1000,
/// rounded down, and the reason reports print beside it.
struct usable_share {
  std::uint32_t permille = 900;  ///< in [1, 1000] (validate.hpp)
  std::string_view why{};
};
/// One rule of a usable-memory policy: a device id, or a word of the device's
/// `memory_marketed` (a kind of memory, e.g. "HBM"); an empty field matches every device.
struct usable_rule {
  std::string_view device{};
  std::string_view memory{};
  usable_share share{};
};
/// engines::none's usable-memory policy: the first rule that matches a device gives its share;
/// a device no rule matches (one a user defines, say) gets `fallback`. The shipped policy is
/// engines::usable (engines/include/headroom/engines/none.hpp); the fraction is the engine's,
/// not the device's: the real engines size memory with their own knobs (engine_memory.hpp).
struct usable_policy {
  const usable_rule* rules = nullptr;
  std::size_t n_rules = 0;
  usable_share fallback{900, "the share of device memory serving engines take by default"};
};
/// A policy without rules: 0.9 of every device (the pure arithmetic's profile that names no
/// policy gets it).
inline constexpr usable_policy default_usable_policy{};

}  // namespace headroom
