// SPDX-License-Identifier: MIT
// headroom: the interconnects the devices of devices/google_tpu.hpp name: each link once, with its
// sources (ids of sources.hpp) and what is derived or assumed. A device header includes only the
// links it names, so that a translation unit with one device does not build every link of every
// vendor at compile time.
#pragma once

#include <headroom/device.hpp>

namespace headroom::devices::links {
using std::string_view_literals::operator""sv;

// tpu_v5e
inline constexpr interconnect ici_v5e_pod{
    .scale_up = "ICI, 4 links of 45 GB/s each way (2D torus, 256-chip pod)"sv, .scale_up_gbps = 180, .scale_up_latency_us = 1, .domain = 256,
    .scale_out = "data-centre network (assumed 200 Gb/s per chip)"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S92, S94"sv,
    .derived = "scale_up_gbps (4 x 45), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

// tpu_v6e
inline constexpr interconnect ici_v6e_pod{
    .scale_up = "ICI, 4 links of 90 GB/s each way (2D torus, 256-chip pod)"sv, .scale_up_gbps = 360, .scale_up_latency_us = 1, .domain = 256,
    .scale_out = "data-centre network (assumed 200 Gb/s per chip)"sv, .scale_out_gbps = 25, .scale_out_latency_us = 2,
    .sources = "S92, S94"sv,
    .derived = "scale_up_gbps (4 x 90), scale_out_gbps (assumed), latency per hop assumed 1 us (S94), scale-out latency per hop assumed 2 us (S94)"sv};

}  // namespace headroom::devices::links
