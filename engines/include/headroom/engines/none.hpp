// SPDX-License-Identifier: MIT
// headroom: engines::none, the pure arithmetic (docs/model.md#fit), and its usable-memory
// policy: usable = visible bytes x a share of them, need = weights + KV + state, nothing else.
// The share is this policy's allowance, not a device fact and not an engine's own budget (each
// engine sizes its memory with its own knobs, engine_memory.hpp): 0.9 on every device except
// those listed (memory unified with the CPU and the OS, where less of it is the GPU's to take).
#pragma once

#include <array>

#include <headroom/engine.hpp>
#include <headroom/engines/none_rules.hpp>

namespace headroom::engines {

/// The devices whose share differs or whose reason reads differently, first match wins
/// (usable_share_of, device.hpp); a device no rule names gets usable_policy::fallback (0.9).
inline constexpr std::array usable_rules{
    usable_rule{.device = "gb10",
                .share = {850, "gpu-memory-utilization above 0.85 froze a GB10 and needed a power cycle; fp8 KV is the "
                               "headroom lever instead"}},
    usable_rule{.device = "jetson_agx_thor",
                .share = {850, "memory unified with the CPU and the OS, as on GB10: GB10's 0.85 ceiling taken over (no "
                               "Thor measurement)"}},
    usable_rule{.device = "jetson_agx_orin_64gb",
                .share = {850, "memory unified with the CPU and the OS, as on GB10: GB10's 0.85 ceiling taken over (no "
                               "Orin measurement)"}},
    usable_rule{.device = "jetson_orin_nano_8gb",
                .share = {750, "memory unified with the CPU and the OS, whose share is about fixed and weighs more on 8 "
                               "GB: 0.75 leaves 6 GB (a judgement; no measurement)"}},
    // The default share, with the reason worded for the kind of memory.
    usable_rule{.memory = "GDDR", .share = {900, "engine none's flat allowance on a discrete GPU, not an engine's own budget"}},
    usable_rule{.memory = "HBM", .share = {900, "engine none's flat allowance on datacentre HBM, not an engine's own budget"}},
};

/// engines::none's shipped usable-memory policy.
inline constexpr usable_policy usable{usable_rules.data(), usable_rules.size()};

/// The pure arithmetic under the shipped usable-memory policy.
inline constexpr engine none{.kind = engine_kind::none, .usable = &usable};

}  // namespace headroom::engines
