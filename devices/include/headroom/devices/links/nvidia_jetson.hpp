// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/nvidia_jetson.hpp name: each link once, with
// its sources (ids of sources.hpp) and what is derived or assumed. A device header includes only
// the links it names, so that a translation unit with one device does not build every link of every
// vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// jetson_agx_thor
inline constexpr interconnect jetson_thor_ethernet{
    .scale_up = "none (one GPU per module)"sv, .scale_up_gbps = 0, .scale_up_latency_us = 0, .domain = 1,
    .scale_out = "4 x 25 GbE"sv, .scale_out_gbps = 12.5, .scale_out_latency_us = 2,
    .sources = "S93, S94"sv,
    .derived = "scale_out_gbps (100 Gb/s / 8), scale-out latency per hop assumed 2 us (S94)"sv};

// jetson_agx_orin_64gb
inline constexpr interconnect jetson_orin_10gbe{
    .scale_up = "none (one GPU per module)"sv, .scale_up_gbps = 0, .scale_up_latency_us = 0, .domain = 1,
    .scale_out = "10 GbE"sv, .scale_out_gbps = 1.25, .scale_out_latency_us = 2,
    .sources = "S93, S94"sv,
    .derived = "scale_out_gbps (10 Gb/s / 8), scale-out latency per hop assumed 2 us (S94)"sv};

// jetson_orin_nano_8gb
inline constexpr interconnect jetson_orin_nano_1gbe{
    .scale_up = "none (one GPU per module)"sv, .scale_up_gbps = 0, .scale_up_latency_us = 0, .domain = 1,
    .scale_out = "1 GbE"sv, .scale_out_gbps = 0.125, .scale_out_latency_us = 2,
    .sources = "S93, S94"sv,
    .derived = "scale_out_gbps (1 Gb/s / 8), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
