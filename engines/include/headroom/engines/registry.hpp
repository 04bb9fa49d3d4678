// SPDX-License-Identifier: MIT
// headroom: the shipped engine profiles, each with its engine's defaults (docs/engines.md), one
// header per engine.
#pragma once

#include <array>
#include <cstddef>

#include <headroom/engine.hpp>
#include <headroom/engines/llama_cpp.hpp>
#include <headroom/engines/none.hpp>
#include <headroom/engines/sglang.hpp>
#include <headroom/engines/trtllm.hpp>
#include <headroom/engines/vllm.hpp>

namespace headroom::engines {

inline constexpr std::array<const engine*, 6> all{&vllm, &vllm_0_20, &sglang, &trtllm, &llama_cpp, &none};

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

}  // namespace headroom::engines
