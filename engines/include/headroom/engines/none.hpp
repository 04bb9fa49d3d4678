// SPDX-License-Identifier: MIT
// headroom: engines::none, the pure arithmetic (docs/model.md#fit), and its usable-memory
// policy: usable = visible bytes x a share of them, need = weights + KV + state, nothing else.
// The share is this policy's allowance, not a device fact and not an engine's own budget (each
// engine sizes its memory with its own knobs, engine_memory.hpp): 0.9 on every device except
// those listed (memory unified with the CPU and the OS, where less of it is the GPU's to take).
#pragma once

#include <array>

#include <headroom/engine.hpp>
#include <headroom/engine_rules.hpp>

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

namespace detail {
// The rules below, as named functions (cheaper to compile than closures).
constexpr std::uint64_t none_request_blocks_rule(const engine_memory&, std::uint64_t) { return 1; }

constexpr engine_finding none_check_rule(const engine&) { return {}; }

constexpr std::uint64_t none_length_rule(const engine&) { return 0; }

constexpr bool none_at_defaults_rule(const engine&) { return true; }
}  // namespace detail

/// The pure arithmetic as callers see it (engine_rules.hpp): no memory rule of an engine.
inline constexpr engine_rules none_rules{
    .kind = engine_kind::none,
    .display_name = "none",
    .arithmetic = true,
    .request_blocks = &detail::none_request_blocks_rule,
    .check = &detail::none_check_rule,  // its usable-memory policy has its own law (validate.hpp)
    .length = &detail::none_length_rule,
    .at_defaults = &detail::none_at_defaults_rule,
};

}  // namespace headroom::engines
