// SPDX-License-Identifier: MIT
// headroom: the pure arithmetic (engines::none) as callers see it, kept apart from its usable-
// memory policy (none.hpp) so that code dispatching on engines does not compile the policy.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>

#include <headroom/engine.hpp>
#include <headroom/engine_rules.hpp>

namespace headroom::engines {

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
