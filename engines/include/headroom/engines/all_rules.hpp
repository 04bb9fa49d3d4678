// SPDX-License-Identifier: MIT
// headroom: every engine's rules (engine_rules.hpp), the only list of the engines callers dispatch
// through. Apart from registry.hpp (the shipped profiles), so that the core of the engines layer
// (engine_memory, the laws, the verdict) compiles the rules and nothing else.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <array>
#include <cstddef>
#include <string_view>

#include <headroom/engine.hpp>
#include <headroom/engine_rules.hpp>
#include <headroom/engines/llama_cpp.hpp>
#include <headroom/engines/none_rules.hpp>
#include <headroom/engines/sglang.hpp>
#include <headroom/engines/trtllm.hpp>
#include <headroom/engines/vllm.hpp>

namespace headroom::engines {

/// Every engine's rules, in engine_kind's order: the one list of the engines callers dispatch
/// through (a new engine adds its row here and its enumerator in engine.hpp).
inline constexpr std::array<const engine_rules*, 5> all_rules{&none_rules, &vllm_rules, &sglang_rules, &trtllm_rules,
                                                                &llama_cpp_rules};
static_assert([] {
  for (std::size_t i = 0; i < all_rules.size(); ++i) {
    if (all_rules[i]->kind != all_engine_kinds[i]) return false;
  }
  return all_rules.size() == all_engine_kinds.size();
}(), "engines::all_rules lists every engine_kind once, in declaration order");

/// The rules of the engine `k`.
constexpr const engine_rules& rules_of(engine_kind k) { return *all_rules[static_cast<std::size_t>(k)]; }
/// The rules of the engine profile `e` runs.
constexpr const engine_rules& rules_of(const engine& e) { return rules_of(e.kind); }

/// Whether the engine `k` runs on devices of `vendor` (a device's `vendor`): its rules name no
/// vendor, or name this one. An unnamed vendor (a datasheet given as JSON without one) passes.
constexpr bool runs_on(engine_kind k, std::string_view vendor) {
  const std::string_view list = rules_of(k).vendors;
  if (list.empty() || vendor.empty()) return true;
  for (std::size_t at = 0; at <= list.size();) {
    std::size_t end = list.find(", ", at);
    if (end == std::string_view::npos) end = list.size();
    if (list.substr(at, end - at) == vendor) return true;
    at = end + 2;
  }
  return false;
}

}  // namespace headroom::engines
