// SPDX-License-Identifier: MIT
// headroom: readable compile-time capacity checks: a failed check names the model, the device
// and both byte counts in the compiler's error (README, "Ten lines").
//
//   HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h100_sxm, {.seqs = 64, .context = 4096});
//
// On failure g++ 12 and clang 14 both print an undefined template whose name is the engine term
// that ran out, with the model, the device, the engine and the two numbers that disagree, e.g.
//   headroom::detail::kv_cache_of_engine_cannot_hold_one_request<models::gpt_oss_120b,
//       devices::h100_sxm, headroom::engine_kind::vllm, NeedBytes, AvailableBytes>
// With engines::none (the pure arithmetic) it is
//   headroom::detail::model_does_not_fit_on_device<Model, Device, NeedBytes, UsableBytes>.
// The deployment reaches that template as a fit_check (the laws, the engine and the core's
// verdict, verdict.hpp), not as itself: the error prints one term and its numbers, not the knobs
// of every engine.
#pragma once

#include <cstdint>
#include <type_traits>

#include <headroom/device.hpp>
#include <headroom/engine_laws.hpp>
#include <headroom/fit.hpp>
#include <headroom/model.hpp>
#include <headroom/validate.hpp>
#include <headroom/verdict.hpp>

namespace headroom {
namespace detail {
// Named in a build error: the deployment needs NeedBytes but the device has UsableBytes
// usable. Lower seqs or context, use an fp8 KV cache, or pick a device with more memory
// (`headroom report MODEL DEVICE` prints the TP needed and the devices that hold it).
template <const model& Model, const device& Device, std::uint64_t NeedBytes, std::uint64_t UsableBytes>
struct model_does_not_fit_on_device;

// The engine terms (engine_memory.hpp), one undefined template each, named in the build error.
// Arguments: the entries, the engine, then what was needed and what there was (the macro's
// last two arguments name them).
#define HEADROOM_DETAIL_ENGINE_TERM(term, Needed, There)                                                   \
  template <const model& Model, const device& Device, engine_kind Engine, std::uint64_t Needed, std::uint64_t There> \
  struct term
// vLLM: the free memory at start-up is below gpu_memory_utilization x total.
HEADROOM_DETAIL_ENGINE_TERM(free_memory_at_start_below_engine_budget, BudgetBytes, FreeBytes);
// Weights + activation peak + non-torch + CUDA graphs leave nothing of the budget for KV.
HEADROOM_DETAIL_ENGINE_TERM(engine_budget_leaves_no_memory_for_kv_cache, NonKvBytes, BudgetBytes);
// The pool is smaller than one request of max_model_len (vLLM refuses to start).
HEADROOM_DETAIL_ENGINE_TERM(kv_cache_of_engine_cannot_hold_one_request, NeedBytes, AvailableBytes);
// The deployment's context exceeds the engine's max_model_len.
HEADROOM_DETAIL_ENGINE_TERM(context_above_engine_max_model_len, Context, MaxModelLen);
// The scheduler's cap (max_num_seqs / max_running_requests / max_batch_size / n_seq_max).
HEADROOM_DETAIL_ENGINE_TERM(engine_max_num_seqs_below_the_sequences, Seqs, MaxNumSeqs);
// The pool holds MaxSeqs requests of the context, fewer than Seqs.
HEADROOM_DETAIL_ENGINE_TERM(kv_cache_of_engine_cannot_hold_the_sequences, Seqs, MaxSeqs);
#undef HEADROOM_DETAIL_ENGINE_TERM
}  // namespace detail
namespace detail {
// A check answers with a type: `fits` (complete), or the incomplete template that names the
// failure. HEADROOM_ASSERT_FITS takes its sizeof, so the failure is the build's one error (a
// `return sizeof(Failure) != 0` inside the consteval check left g++ 12 a second error, "'constexpr'
// call flows off the end of the function", and clang 14 "not an integral constant expression").
struct fits {};
/// A check's answer: `type` is `fits` or the failure. It also converts to true where the check
/// passed, so `static_assert(assert_fits<M, D, Dep>())` (the spelling before the answer was a
/// type) keeps working; there a failure names the same template, through sizeof.
template <typename T>
struct answer {
  using type = T;
  consteval explicit operator bool() const { return sizeof(T) != 0; }
};
template <typename Failure>
consteval answer<Failure> failed() {
  return {};
}
consteval answer<fits> passed() { return {}; }
}  // namespace detail

/// What HEADROOM_ASSERT_FITS checks, computed once in a constant expression and passed on as a
/// template argument in place of the deployment: the first law a table or the engine profile
/// breaks, the engine, and the core's verdict (verdict.hpp). It is all the error names, so a
/// failed check prints the entries, one engine's term and its two numbers, not every knob.
struct fit_check {
  table_rule table = table_rule::ok;     ///< the first law the model or the device breaks
  bool device_breaks = false;            ///< whether `table` is the device's (else the model's)
  engine_rule engine_law = engine_rule::ok;  ///< the first law the engine profile breaks
  engine_kind engine = ::headroom::engine{}.kind;
  ::headroom::verdict verdict{};
};

/// The check of `dep` on `m` and `d`: a broken table is named with its rule before any byte is
/// counted; then the engine profile's laws; then the verdict.
constexpr fit_check check_fit(const model& m, const device& d, const deployment& dep) {
  fit_check c{.engine = dep.engine.kind};
  if ((c.table = check_model(m).rule) != table_rule::ok) return c;
  c.device_breaks = true;
  if ((c.table = check_device(d).rule) != table_rule::ok) return c;
  // engines::none: the share its policy gives the device meets the same laws.
  if (is_arithmetic(dep.engine) &&
      (c.table = check_usable(d, usable_share_of(d, usable_policy_of(dep.engine))).rule) != table_rule::ok) {
    return c;
  }
  if ((c.engine_law = check_engine(dep.engine).rule) != engine_rule::ok) return c;
  c.verdict = verdict_of(m, d, dep);
  return c;
}

/// detail::fits when the check passed; otherwise the incomplete template whose name is the law or
/// the engine term, with the entries and the two numbers (HEADROOM_ASSERT_FITS takes its sizeof).
template <const model& Model, const device& Device, fit_check C>
consteval auto assert_checked_fit() {
  constexpr verdict v = C.verdict;
  constexpr engine_kind k = C.engine;
  if constexpr (C.table != table_rule::ok && !C.device_breaks) {
    return detail::failed<detail::table_breaks_a_rule<Model, C.table>>();
  } else if constexpr (C.table != table_rule::ok) {
    return detail::failed<detail::table_breaks_a_rule<Device, C.table>>();
  } else if constexpr (C.engine_law != engine_rule::ok) {
    return detail::failed<detail::engine_breaks_a_rule<Model, Device, C.engine_law>>();
  } else if constexpr (v.fits) {
    return detail::passed();
  } else if constexpr (engines::rules_of(k).arithmetic) {
    return detail::failed<detail::model_does_not_fit_on_device<Model, Device, v.needed, v.there>>();
  } else if constexpr (v.term == engine_term::free_memory_below_budget) {
    return detail::failed<detail::free_memory_at_start_below_engine_budget<Model, Device, k, v.needed, v.there>>();
  } else if constexpr (v.term == engine_term::no_memory_for_kv_cache) {
    return detail::failed<detail::engine_budget_leaves_no_memory_for_kv_cache<Model, Device, k, v.needed, v.there>>();
  } else if constexpr (v.term == engine_term::kv_cache_cannot_hold_one_request) {
    return detail::failed<detail::kv_cache_of_engine_cannot_hold_one_request<Model, Device, k, v.needed, v.there>>();
  } else if constexpr (v.term == engine_term::context_above_max_model_len) {
    return detail::failed<detail::context_above_engine_max_model_len<Model, Device, k, v.needed, v.there>>();
  } else if constexpr (v.term == engine_term::max_num_seqs_below_the_sequences) {
    return detail::failed<detail::engine_max_num_seqs_below_the_sequences<Model, Device, k, v.needed, v.there>>();
  } else {
    return detail::failed<detail::kv_cache_of_engine_cannot_hold_the_sequences<Model, Device, k, v.needed, v.there>>();
  }
}

/// True when `Dep` fits; otherwise a compile error naming the entries, the engine term that
/// ran out and its numbers (or, for a table that breaks a law, the entry and the rule).
template <const model& Model, const device& Device, deployment Dep>
consteval auto assert_fits() {
  return assert_checked_fit<Model, Device, check_fit(Model, Device, Dep)>();
}
}  // namespace headroom

/// static_assert that a deployment fits; the braces are a `headroom::deployment` initializer.
/// The check is a constexpr variable of its own (a unique name per use), not a template
/// argument computed in place: where computing it stops at a law (a plan that breaks a rule, an
/// overflow), both compilers then name the law's function, as they do for any constant.
#define HEADROOM_ASSERT_FITS(model_entry, device_entry, ...)                                                      \
  HEADROOM_DETAIL_ASSERT_FITS(HEADROOM_DETAIL_CAT(headroom_fit_check_, __COUNTER__), model_entry, device_entry, \
                              __VA_ARGS__)
#define HEADROOM_DETAIL_CAT2(a, b) a##b
#define HEADROOM_DETAIL_CAT(a, b) HEADROOM_DETAIL_CAT2(a, b)
#define HEADROOM_DETAIL_ASSERT_FITS(check, model_entry, device_entry, ...)                                          \
  constexpr ::headroom::fit_check check = ::headroom::check_fit(model_entry, device_entry, ::headroom::deployment __VA_ARGS__); \
  static_assert(sizeof(typename decltype(::headroom::assert_checked_fit<model_entry, device_entry, check>())::type) != 0, \
                "headroom: " #model_entry " must fit on " #device_entry)
