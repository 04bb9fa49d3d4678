// SPDX-License-Identifier: MIT
// headroom: a device entry derived from another on the same silicon (same arch, peaks, MMA
// kinds, SM count, and link unless with_link says otherwise) that differs in its memory: the
// entry states only what differs, so a shared figure is written once.
#pragma once

#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/device.hpp>

namespace headroom::devices {

/// What a board on the same silicon states about itself: its name, its memory and the
/// documents those come from (every field replaces the base entry's).
struct memory_variant {
  std::string_view id;
  std::string_view name;
  std::string_view memory_marketed;
  byte_count memory_bytes = 0;
  std::string_view memory_basis;
  double bandwidth_gbps = 0;
  std::string_view sources;
  std::string_view derived;
};

/// `base` with `v`'s name, memory, bandwidth and citations; everything else is `base`'s.
constexpr device with_memory(device base, const memory_variant& v) {
  base.id = v.id;
  base.name = v.name;
  base.memory_marketed = v.memory_marketed;
  base.memory_bytes = v.memory_bytes;
  base.memory_basis = v.memory_basis;
  base.bandwidth_gbps = v.bandwidth_gbps;
  base.sources = v.sources;
  base.derived = v.derived;
  return base;
}

/// `d` on another board or bridge.
constexpr device with_link(device d, const interconnect& link) {
  d.link = link;
  return d;
}

}  // namespace headroom::devices
