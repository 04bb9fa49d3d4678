// SPDX-License-Identifier: MIT
// headroom CLI: `headroom plot roofline|memory|decode MODEL DEVICE...` -- a command's results as
// charts (svg.hpp renders them).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "headroom/args/common.hpp"
#include "headroom/render/svg.hpp"

namespace headroom::cli {

enum class plot_kind : std::uint8_t { roofline, memory, decode };
plot_kind parse_plot_kind(std::string_view text);

struct plot_request {
  plot_kind kind = plot_kind::roofline;
  std::vector<query> targets;                  ///< one per device, same model and settings
  std::uint64_t seqs = 1;                      ///< memory: sequences held
  std::uint64_t context = 4096;                ///< memory: tokens each; roofline and decode: KV context
  std::vector<std::uint64_t> batches;          ///< decode: the x axis
  std::vector<std::uint64_t> prefill_tokens{4096};  ///< roofline: the prefills placed on the chart, one series each
};

/// The roofline of the first target's device with the decode (C = 1, 128) and each prefill's node rows
/// placed by arithmetic intensity, and each step as a whole.
svg::line_chart roofline_chart(const plot_request& p);
/// Memory bars per device: loaded weights, KV, recurrent state and conv windows of the load,
/// with the usable-memory mark.
svg::bar_chart memory_chart(const plot_request& p);
/// Decode tokens per second against batch, one series per device.
svg::line_chart decode_chart(const plot_request& p);

std::string plot_svg(const plot_request& p);

}  // namespace headroom::cli
