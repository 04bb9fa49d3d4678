// SPDX-License-Identifier: MIT
// headroom: every engine's flags and term sources (engines/flags/<engine>.hpp), listed by engine
// in engine_kind's order: the CLI builds its flag table and its term sources from this list alone.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <array>
#include <cstddef>
#include <span>

#include <headroom/engine.hpp>
#include <headroom/engine_flag.hpp>
#include <headroom/engine_rules.hpp>
#include <headroom/engines/flags/llama_cpp.hpp>
#include <headroom/engines/flags/sglang.hpp>
#include <headroom/engines/flags/trtllm.hpp>
#include <headroom/engines/flags/vllm.hpp>

namespace headroom::engines {

/// What the CLI reads of one engine: its flags and where its memory terms come from.
struct engine_flag_list {
  engine_kind kind = engine_kind::none;
  std::span<const engine_flag> flags{};
  const engine_term_sources* sources = nullptr;  ///< null: the pure arithmetic has no terms
};

/// Every engine's flags and term sources, in engine_kind's order (engines::none has neither).
inline constexpr std::array<engine_flag_list, 5> all_flags{{{engine_kind::none, {}, nullptr},
                                                            {engine_kind::vllm, vllm_flags, &vllm_term_sources},
                                                            {engine_kind::sglang, sglang_flags, &sglang_term_sources},
                                                            {engine_kind::trtllm, trtllm_flags, &trtllm_term_sources},
                                                            {engine_kind::llama_cpp, llama_cpp_flags, &llama_cpp_term_sources}}};
static_assert([] {
  for (std::size_t i = 0; i < all_flags.size(); ++i) {
    if (all_flags[i].kind != all_engine_kinds[i]) return false;
  }
  return all_flags.size() == all_engine_kinds.size();
}(), "engines::all_flags lists every engine_kind once, in declaration order");

}  // namespace headroom::engines

namespace headroom::engines {
/// Where the memory terms of engine `k` come from (empty for the pure arithmetic).
constexpr engine_term_sources term_sources_of(engine_kind k) {
  const engine_term_sources* s = all_flags[static_cast<std::size_t>(k)].sources;
  return s != nullptr ? *s : engine_term_sources{};
}
}  // namespace headroom::engines
