// SPDX-License-Identifier: MIT
// headroom: every engine's flags (engines/flags/<engine>.hpp), listed by engine in engine_kind's
// order: the CLI builds its flag table from this list alone.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <array>
#include <cstddef>
#include <span>

#include <headroom/engine.hpp>
#include <headroom/engine_flag.hpp>
#include <headroom/engines/flags/llama_cpp.hpp>
#include <headroom/engines/flags/sglang.hpp>
#include <headroom/engines/flags/trtllm.hpp>
#include <headroom/engines/flags/vllm.hpp>

namespace headroom::engines {

/// One engine's flags.
struct engine_flag_list {
  engine_kind kind = engine_kind::none;
  std::span<const engine_flag> flags{};
};

/// Every engine's flags, in engine_kind's order (engines::none has none).
inline constexpr std::array<engine_flag_list, 5> all_flags{{{engine_kind::none, {}},
                                                            {engine_kind::vllm, vllm_flags},
                                                            {engine_kind::sglang, sglang_flags},
                                                            {engine_kind::trtllm, trtllm_flags},
                                                            {engine_kind::llama_cpp, llama_cpp_flags}}};
static_assert([] {
  for (std::size_t i = 0; i < all_flags.size(); ++i) {
    if (all_flags[i].kind != all_engine_kinds[i]) return false;
  }
  return all_flags.size() == all_engine_kinds.size();
}(), "engines::all_flags lists every engine_kind once, in declaration order");

}  // namespace headroom::engines
