// SPDX-License-Identifier: MIT
// headroom: readable compile-time capacity checks: a failed check names the model, the device
// and both byte counts in the compiler's error (README, "Ten lines").
//
//   HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h100_sxm, {.seqs = 64, .context = 4096});
//
// On failure g++ 12 and clang 14 both print the undefined template below with its arguments:
//   headroom::detail::model_does_not_fit_on_device<models::llama_3_1_8b_instruct,
//       devices::h100_sxm, 84779999232, 76968728985>
// i.e. the model and device table entries, the bytes needed and the bytes usable.
#pragma once

#include <cstdint>

#include <headroom/device.hpp>
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
}  // namespace detail

namespace detail {
template <const model& Model, const device& Device, deployment Dep>
consteval bool fits_or_name_the_numbers() {
  constexpr std::uint64_t need = need_bytes(Model, Dep);
  constexpr std::uint64_t usable = usable_bytes(Device);
  constexpr bool weights_plus_kv_and_state_must_fit_in_usable_device_memory = need <= usable;
  if constexpr (!weights_plus_kv_and_state_must_fit_in_usable_device_memory) {
    return sizeof(detail::model_does_not_fit_on_device<Model, Device, need, usable>) != 0;
  } else {
    return true;
  }
}
}  // namespace detail

/// True when `Dep` fits; otherwise a compile error naming the entries and both byte counts
/// (or, for a table that breaks a law, the entry and the rule).
template <const model& Model, const device& Device, deployment Dep>
consteval bool assert_fits() {
  // A broken table is named with its rule before any byte is counted.
  constexpr table_rule model_rule = check_model(Model).rule;
  constexpr table_rule device_rule = check_device(Device).rule;
  if constexpr (model_rule != table_rule::ok) {
    return sizeof(detail::table_breaks_a_rule<Model, model_rule>) != 0;
  } else if constexpr (device_rule != table_rule::ok) {
    return sizeof(detail::table_breaks_a_rule<Device, device_rule>) != 0;
  } else {
    return detail::fits_or_name_the_numbers<Model, Device, Dep>();
  }
}

}  // namespace headroom

/// static_assert that a deployment fits; the braces are a `headroom::deployment` initializer.
#define HEADROOM_ASSERT_FITS(model_entry, device_entry, ...)                                          \
  static_assert(::headroom::assert_fits<model_entry, device_entry, ::headroom::deployment __VA_ARGS__>(), \
                "headroom: " #model_entry " must fit on " #device_entry)
