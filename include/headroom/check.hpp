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
#pragma once

#include <cstdint>
#include <type_traits>

#include <headroom/device.hpp>
#include <headroom/engine_laws.hpp>
#include <headroom/fit.hpp>
#include <headroom/model.hpp>
#include <headroom/validate.hpp>

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
template <typename Failure>
consteval std::type_identity<Failure> failed() {
  return {};
}
}  // namespace detail

/// engines::none: a compile error naming the entries and both byte counts.
template <const model& Model, const device& Device, deployment Dep>
consteval auto assert_arithmetic_fits() {
  constexpr std::uint64_t need = need_bytes(Model, Dep);
  constexpr std::uint64_t usable = usable_bytes(Device, usable_policy_of(Dep.engine));
  constexpr bool weights_plus_kv_and_state_must_fit_in_usable_device_memory = need <= usable;
  if constexpr (!weights_plus_kv_and_state_must_fit_in_usable_device_memory) {
    return detail::failed<detail::model_does_not_fit_on_device<Model, Device, need, usable>>();
  } else {
    return std::type_identity<detail::fits>{};
  }
}

/// An engine profile: a compile error whose template name is the engine term that ran out.
template <const model& Model, const device& Device, deployment Dep>
consteval auto assert_engine_fits() {
  constexpr engine_memory em = engine_memory_of(Model, Device, Dep);
  constexpr std::uint64_t seqs = rank_seqs(Dep.seqs, Dep.parallel);  // a DP-attention rank's share
  constexpr engine_term t = stopping_term(em, seqs, Dep.context);
  constexpr engine_kind k = Dep.engine.kind;
  if constexpr (t == engine_term::free_memory_below_budget) {
    return detail::failed<detail::free_memory_at_start_below_engine_budget<Model, Device, k, em.budget_bytes, em.free_at_start_bytes>>();
  } else if constexpr (t == engine_term::no_memory_for_kv_cache) {
    return detail::failed<detail::engine_budget_leaves_no_memory_for_kv_cache<Model, Device, k, em.budget_bytes + em.kv_shortfall_bytes, em.budget_bytes>>();
  } else if constexpr (t == engine_term::kv_cache_cannot_hold_one_request) {
    return detail::failed<detail::kv_cache_of_engine_cannot_hold_one_request<Model, Device, k, em.request_bytes, em.available_kv_cache_bytes>>();
  } else if constexpr (t == engine_term::context_above_max_model_len) {
    return detail::failed<detail::context_above_engine_max_model_len<Model, Device, k, Dep.context, em.max_model_len>>();
  } else if constexpr (t == engine_term::max_num_seqs_below_the_sequences) {
    return detail::failed<detail::engine_max_num_seqs_below_the_sequences<Model, Device, k, seqs, em.max_num_seqs>>();
  } else if constexpr (t == engine_term::kv_cache_cannot_hold_the_sequences) {
    return detail::failed<detail::kv_cache_of_engine_cannot_hold_the_sequences<Model, Device, k, seqs, max_seqs_at(em, Dep.context)>>();
  } else {
    return std::type_identity<detail::fits>{};
  }
}

/// detail::fits when `Dep` fits; otherwise a compile error naming the entries, the engine term that
/// ran out and its numbers (or, for a table that breaks a law, the entry and the rule).
template <const model& Model, const device& Device, deployment Dep>
consteval auto assert_fits() {
  // A broken table is named with its rule before any byte is counted.
  constexpr table_rule model_rule = check_model(Model).rule;
  constexpr table_rule device_rule = check_device(Device).rule;
  if constexpr (model_rule != table_rule::ok) {
    return detail::failed<detail::table_breaks_a_rule<Model, model_rule>>();
  } else if constexpr (device_rule != table_rule::ok) {
    return detail::failed<detail::table_breaks_a_rule<Device, device_rule>>();
  } else if constexpr (check_engine(Dep.engine).rule != engine_rule::ok) {
    return detail::failed<detail::engine_breaks_a_rule<Model, Device, check_engine(Dep.engine).rule>>();
  } else if constexpr (Dep.engine.kind != engine_kind::none) {
    return assert_engine_fits<Model, Device, Dep>();
  } else {
    // engines::none: the share its policy gives the device meets the same laws.
    constexpr table_rule usable_rule = check_usable(Device, usable_share_of(Device, usable_policy_of(Dep.engine))).rule;
    if constexpr (usable_rule != table_rule::ok) {
      return detail::failed<detail::table_breaks_a_rule<Device, usable_rule>>();
    } else {
      return assert_arithmetic_fits<Model, Device, Dep>();
    }
  }
}
}  // namespace headroom

/// static_assert that a deployment fits; the braces are a `headroom::deployment` initializer.
#define HEADROOM_ASSERT_FITS(model_entry, device_entry, ...)                                          \
  static_assert(                                                                                      \
      sizeof(typename decltype(::headroom::assert_fits<model_entry, device_entry, ::headroom::deployment __VA_ARGS__>())::type) != 0, \
      "headroom: " #model_entry " must fit on " #device_entry)
