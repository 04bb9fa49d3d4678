// SPDX-License-Identifier: MIT
// headroom: a model table defined as a constant, its laws checked once, when it is compiled:
//
//   inline constexpr model my_model = checked_table(detail::fill_my_model, my_model);
//
// (`detail::fill_my_model(model& m)` writes the table into `m`; a function that returns the
// model, `checked_table(detail::make_my_model(), my_model)`, works too and costs a copy.)
//
// A table that breaks a law is then a compile error naming the rule (validate.hpp), and every
// run-time entry point (decode_step, footprint, fits, ...) skips the check it would make on
// each call: the constant cannot change. For the same reason an estimate keeps, per thread, what
// depends on such a table alone (its verdict on the latest plan, parallel_rules.hpp; its layers
// grouped by the precision rules they hold, detail/step_sum.hpp; the rows a step of one pass,
// plan and set of firing loop sites folds into, detail/kept_rows.hpp). A copy of it, or any table
// built at run time (an imported checkpoint, a table a program reads), is still checked and
// worked out on every call.
#pragma once

#include <type_traits>

#include <headroom/error.hpp>
#include <headroom/model.hpp>
#include <headroom/validate.hpp>

namespace headroom {

namespace detail {
[[noreturn]] inline void checked_table_at_run_time() {
  fail(error_kind::bad_model, "checked_table() marks a constant: it initialises an `inline constexpr model` only");
}
}  // namespace detail

/// `m`, checked, recorded as the constant `at` it initialises (pass the variable itself).
/// constexpr rather than consteval: clang 14 takes longer over an immediate call's model-sized
/// result, and every shipped table is one. Refused at run time, where the variable would not
/// be a constant that cannot change.
constexpr model checked_table(model m, const model& at) {
  if (!std::is_constant_evaluated()) detail::checked_table_at_run_time();
  validate(m);
  m.checked_as = &at;
  return m;
}

/// The same for the table `fill` writes into a fresh model (`checked_table(detail::fill_my_model,
/// my_model)`, as every shipped table is written through detail::shipped_table): the table is
/// built where it is returned, where `checked_table(make(), at)` hands a finished model in by
/// value and returns that parameter, a copy of the whole table that clang 14 evaluates member by
/// member (about a tenth of what the table costs it to compile).
constexpr model checked_table(void (*fill)(model&), const model& at) {
  if (!std::is_constant_evaluated()) detail::checked_table_at_run_time();
  model m{};
  fill(m);
  validate(m);
  m.checked_as = &at;
  return m;
}

namespace detail {
/// A table the project ships (models/include/headroom/models/checkpoints/), built as
/// `checked_table(fill, at)` builds it, its laws checked once, by the project's own build: every
/// entry of `models::all` meets `check_model` in tests/static/registry_laws_test.cpp, a compile
/// error naming the table and the rule. Not again in each translation unit that includes it,
/// where the check was about 8 % of what including every shipped table cost g++ 12 (343 M of
/// 4,406 M instructions, bench/README.md). A compile-time estimate on the table still checks
/// it (validate() always checks in constant evaluation), and at run time it is a constant
/// checked by that build. Not for a user's own table: that is `checked_table`, whose check
/// nothing else makes.
// checked_table(fill, at)'s body without the check, written out rather than shared: a helper
// returning the model to both costs g++ 12 a copy of every table it evaluates (include-all:
// 4,064 -> 4,181 M instructions, tried).
constexpr model shipped_table(void (*fill)(model&), const model& at) {
  if (!std::is_constant_evaluated()) checked_table_at_run_time();
  model m{};
  fill(m);
  m.checked_as = &at;
  return m;
}
}  // namespace detail

}  // namespace headroom
