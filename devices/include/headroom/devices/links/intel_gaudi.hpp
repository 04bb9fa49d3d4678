// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/intel_gaudi.hpp name: each link once, with its
// sources (ids of sources.hpp) and what is derived or assumed. A device header includes only the
// links it names, so that a translation unit with one device does not build every link of every
// vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// gaudi3
inline constexpr interconnect gaudi3_roce{
    .scale_up = "21 of 24 on-die 200 GbE RoCE ports, all-to-all in an 8-card board"sv, .scale_up_gbps = 525, .scale_up_latency_us = 1, .domain = 8,
    .scale_out = "3 of the 24 ports (3 x 200 GbE)"sv, .scale_out_gbps = 75, .scale_out_latency_us = 2,
    .sources = "S84, S95, S94"sv,
    .derived = "scale_up_gbps (21 x 200 Gb/s / 8), scale_out_gbps (3 x 200 Gb/s / 8), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
