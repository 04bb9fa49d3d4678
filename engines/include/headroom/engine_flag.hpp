// SPDX-License-Identifier: MIT
// headroom: an engine's flag as data -- its spelling, its help, how its value is written and the
// knob it sets. Each engine lists its own (engines/flags/<engine>.hpp, engines::all_flags); the CLI
// declares, parses, refuses and writes back every flag from those lists, so a flag is spelt once,
// beside the knob it stands for.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

#include <headroom/engine.hpp>

namespace headroom {

/// How a flag's value is written on a command line.
enum class knob_text : std::uint8_t {
  fraction,   ///< 0.92
  count,      ///< 4096, 32k (= 32000), 32K (= 32768)
  count32,    ///< a count that fits 32 bits
  bytes,      ///< 20GiB, 21474836480
  on_switch,  ///< the flag alone
  on_off,     ///< on | off
  choice,     ///< one of `choices`, as spelt
  choice_any_case,  ///< one of `choices`, in any case
};

/// One flag of an engine. A knob is read and written as one 64-bit word: a fraction as its
/// millionths, a switch as 0 / 1, a choice as its index in `choices`.
struct engine_flag {
  std::string_view flag;  ///< the engine's own spelling, e.g. "--gpu-memory-utilization"
  std::string_view help;  ///< --help text
  knob_text text = knob_text::count;
  /// The knob it sets; both null for a flag the caller reads itself (--kv-cache-dtype, which
  /// sets the KV dtype of the settings, not a knob).
  std::uint64_t (*get)(const engine& e) = nullptr;
  void (*set)(engine& e, std::uint64_t word) = nullptr;
  std::span<const std::string_view> choices{};
  /// What a choice names, for the refusal ("cache type"); empty: "expected a or b".
  std::string_view noun{};
};

namespace detail {
template <typename T>
constexpr std::uint64_t knob_word(const T& v) {
  if constexpr (std::is_same_v<T, fraction>) {
    return v.millionths;
  } else if constexpr (std::is_enum_v<T>) {
    return static_cast<std::uint64_t>(v);
  } else {
    return static_cast<std::uint64_t>(v);
  }
}
template <typename T>
constexpr T from_knob_word(std::uint64_t w) {
  if constexpr (std::is_same_v<T, fraction>) {
    return {static_cast<std::uint32_t>(w)};
  } else if constexpr (std::is_same_v<T, bool>) {
    return w != 0;
  } else if constexpr (std::is_enum_v<T>) {
    return static_cast<T>(w);
  } else {
    return static_cast<T>(w);
  }
}
template <auto Knobs, auto Member>
constexpr std::uint64_t get_knob(const engine& e) {
  return knob_word((e.*Knobs).*Member);
}
template <auto Knobs, auto Member>
constexpr void set_knob(engine& e, std::uint64_t w) {
  auto& k = (e.*Knobs).*Member;
  k = from_knob_word<std::remove_cvref_t<decltype(k)>>(w);
}
}  // namespace detail

/// The flag `flag` for the knob `Member` of the engine's knobs `Knobs` (e.g. &engine::vllm,
/// &vllm_knobs::max_num_seqs).
template <auto Knobs, auto Member>
constexpr engine_flag knob_flag(std::string_view flag, std::string_view help, knob_text text,
                                std::span<const std::string_view> choices = {}, std::string_view noun = {}) {
  return {flag, help, text, &detail::get_knob<Knobs, Member>, &detail::set_knob<Knobs, Member>, choices, noun};
}

/// --kv-cache-dtype, which vLLM, SGLang and TensorRT-LLM spell alike: it sets the settings' KV
/// dtype (the caller reads it), no knob.
inline constexpr engine_flag kv_cache_dtype_flag{"--kv-cache-dtype", "auto | bf16 | fp8 | fp8_e4m3 | fp8_e5m2",
                                                 knob_text::choice};

}  // namespace headroom
