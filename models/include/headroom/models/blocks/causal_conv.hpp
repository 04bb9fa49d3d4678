// SPDX-License-Identifier: MIT
// headroom: the short causal conv of the recurrent mixers (Gated DeltaNet, Mamba2, Kimi Delta
// Attention): a depthwise conv1d of `kernel` taps on each of `channels` channels, and the conv
// window state it keeps. One definition, so the three blocks cannot drift apart on how the
// conv's weight, its window or its TP split are counted.
//
// Stored: conv1d.weight [channels, 1, kernel], plus conv1d.bias [channels] where the
// checkpoint has one (Mamba2). The window keeps kernel - 1 past inputs of each channel at the
// conv dtype (what vLLM allocates, mamba_utils.py @2afe1e8); under TP the channels, their weight
// and their window split by `groups` (key-head groups, Mamba groups or heads).
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>

namespace headroom::models::blocks {

struct causal_conv_dims {
  std::uint64_t channels = 0;
  std::uint64_t kernel = 0;
  std::uint64_t groups = 0;  ///< what TP splits the channels by
  bool bias = false;         ///< a conv1d.bias [channels] is stored
  tensor_format out = formats::bf16;
  std::uint8_t window_state = 0b10;  ///< the block's state bit of conv_window(d)
};

/// The conv node: reads `channels` wide, updates the conv window (state bit `window_state`).
constexpr node causal_conv(const causal_conv_dims& d) {
  const std::uint64_t params = checked_add(checked_mul(d.channels, d.kernel), d.bias ? d.channels : 0);
  return sharded(with_states(with_aux(nd("conv", op::conv1d_update, {e(d.channels)}, {e(d.channels, d.out)}), params), 0,
                             d.window_state),
                 shard::heads, d.groups, true);
}

/// The conv window state the conv node updates: kernel - 1 past inputs a channel.
constexpr state_decl conv_window(const causal_conv_dims& d) {
  return {"conv", state_kind::conv_window, dtype_key::conv, checked_mul(d.channels, d.kernel - 1), shard::heads, d.groups};
}

}  // namespace headroom::models::blocks
