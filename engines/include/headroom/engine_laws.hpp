// SPDX-License-Identifier: MIT
// headroom: the laws an engine profile keeps (its knobs as the engine itself accepts them), checked
// by every entry point that reads them. A profile written in C++ gets no CLI parser in front of
// it: an SGLang memory fraction of 2.0 would let a model "fit" twice the device, a block size of 0
// would divide by zero. A broken profile is a compile error whose name is the law (in constant
// evaluation: the named function the compiler stops at; under HEADROOM_ASSERT_FITS:
// `engine_breaks_a_rule<Model, Device, Rule>`) and a headroom::error naming the engine and the knob
// at run time.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <headroom/detail/enum_table.hpp>
#include <headroom/engine.hpp>
#include <headroom/engine_law_list.hpp>
#include <headroom/engines/all_rules.hpp>
#include <headroom/error.hpp>

namespace headroom {

/// The first law the knobs of `e` break: its engine's own check (engine_rules.hpp), which
/// reads only that engine's knobs.
constexpr engine_finding check_engine(const engine& e) { return engines::rules_of(e).check(e); }

namespace detail {
// Reached in constant evaluation, these are the compile error (error.hpp's convention).
#define HEADROOM_DETAIL_ENGINE_RULE_FUNCTION(rule, sentence) \
  inline void rule() {}
HEADROOM_ENGINE_RULES(HEADROOM_DETAIL_ENGINE_RULE_FUNCTION)
#undef HEADROOM_DETAIL_ENGINE_RULE_FUNCTION

constexpr void name_engine_rule_at_compile_time(engine_rule r) {
  switch (r) {
    case engine_rule::ok: return;
#define HEADROOM_DETAIL_ENGINE_RULE_CALL(rule, sentence) \
  case engine_rule::rule: rule(); return;
    HEADROOM_ENGINE_RULES(HEADROOM_DETAIL_ENGINE_RULE_CALL)
#undef HEADROOM_DETAIL_ENGINE_RULE_CALL
  }
}

// Named in HEADROOM_ASSERT_FITS's error: the deployment's engine profile breaks `Rule`.
template <const auto& Model, const auto& Device, engine_rule Rule>
struct engine_breaks_a_rule;
}  // namespace detail

/// Every entry point that reads an engine profile calls this once.
constexpr void validate(const engine& e) {
  const engine_finding f = check_engine(e);
  if (f.ok()) return;
  if (std::is_constant_evaluated()) detail::name_engine_rule_at_compile_time(f.rule);
  detail::fail(error_kind::bad_input,
               std::string("engine ") + std::string(name(e.kind)) + ": " + std::string(f.knob) + " " + std::string(describe(f.rule)));
}

}  // namespace headroom
