// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/apple_m.hpp name: each link once, with its
// sources (ids of sources.hpp) and what is derived or assumed. A device header includes only the
// links it names, so that a translation unit with one device does not build every link of every
// vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// Apple M-series: one GPU per system (llama.cpp's Metal backend has no multi-GPU split).
inline constexpr interconnect apple_standalone{
    .scale_up = "none (one GPU per system)"sv, .scale_up_gbps = 0, .scale_up_latency_us = 0, .domain = 1,
    .scale_out = "10 Gb Ethernet (assumed)"sv, .scale_out_gbps = 1.25, .scale_out_latency_us = 2,
    .sources = "S94"sv,
    .derived = "scale_out_gbps (10 Gb/s / 8, assumed), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
