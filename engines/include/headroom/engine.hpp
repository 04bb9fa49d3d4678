// SPDX-License-Identifier: MIT
// headroom: a serving-engine profile -- which engine runs the deployment and the knobs it was
// started with. Each engine's knobs, under its own names and defaults, are its own header
// (engines/knobs/<engine>.hpp); its memory rule is detail/engine_<engine>.hpp, reached through
// engine_rules.hpp; the shipped profiles are engines/<engine>.hpp. The core (include/headroom)
// knows no engine: it gives the footprint and the terms, this layer sizes them as an engine does.
//
// Every field is an integer, an enum or a bool, so the profile (and the `deployment` carrying
// it) is a structural type usable as a template argument on g++ 12 and clang 14 (clang 14 has
// no floating-point template arguments): fractions are stored in millionths.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include <headroom/bytes.hpp>
#include <headroom/detail/enum_table.hpp>
#include <headroom/engines/knobs/fraction.hpp>
#include <headroom/engines/knobs/llama_cpp.hpp>
#include <headroom/engines/knobs/sglang.hpp>
#include <headroom/engines/knobs/trtllm.hpp>
#include <headroom/engines/knobs/vllm.hpp>
#include <headroom/usable_policy.hpp>

namespace headroom {

/// The engines headroom models. `none` is the pure arithmetic: usable = visible x the usable
/// share its policy gives the device (usable_policy below), need = weights + KV + state.
enum class engine_kind : std::uint8_t { none, vllm, sglang, trtllm, llama_cpp };
/// Every engine kind in declaration order (the CLI parses --engine and lists owners with it),
/// and its name.
inline constexpr auto engine_kind_table =
    detail::make_enum_table(std::array{engine_kind::none, engine_kind::vllm, engine_kind::sglang, engine_kind::trtllm,
                                       engine_kind::llama_cpp},
                            {"none"sv, "vllm"sv, "sglang"sv, "trtllm"sv, "llama.cpp"sv});
inline constexpr const auto& all_engine_kinds = engine_kind_table.all;

/// One engine and the knobs it runs with. Only the knobs of `kind` are read.
struct engine {
  engine_kind kind = engine_kind::vllm;  ///< vLLM by default: the engine most deployments run
  vllm_knobs vllm{};
  sglang_knobs sglang{};
  trtllm_knobs trtllm{};
  llama_cpp_knobs llama_cpp{};
  /// engines::none: its usable-memory policy. A pointer keeps the profile structural;
  /// engines::none points it at the shipped engines::usable. Never null by default: g++ with
  /// UBSan's null checks cannot compare a global's address with null in a constant expression.
  const usable_policy* usable = &default_usable_policy;
  /// The arithmetic's sliding-window policy (engines::none's fit, and footprint / need_bytes
  /// under this engine): true, a sliding layer holds min(context, window) tokens
  /// (`--evict-sliding`); false (default), every token, as an engine that gives all layers one
  /// page size does. An engine's own memory rule (engine_memory_of) keeps only the window
  /// whatever this says; as_allocated sets it for every engine but `none`.
  bool evict_sliding = false;
  friend constexpr bool operator==(const engine&, const engine&) = default;
};

/// `e` with the arithmetic's sliding policy as `e` allocates: every engine other than `none`
/// keeps only a sliding layer's window (vLLM's sliding-window spec, SGLang's SWA pool,
/// llama.cpp's iSWA cache, TensorRT-LLM's per-window pools), so footprints reported next to its
/// answer match what it stores; `none` keeps its own evict_sliding.
constexpr engine as_allocated(engine e) {
  if (e.kind != engine_kind::none) e.evict_sliding = true;
  return e;
}

constexpr std::string_view name(engine_kind k) { return engine_kind_table.name(k); }

/// Whether `e` is the pure arithmetic (engines::none) rather than an engine's memory rule.
constexpr bool is_arithmetic(const engine& e) { return e.kind == engine_kind::none; }
/// The pure arithmetic with `e`'s sliding-window policy, under the usable-memory policy `u`: what
/// `e`'s load needs counted without an engine's terms.
constexpr engine arithmetic_of(const engine& e, const usable_policy& u = default_usable_policy) {
  return {.kind = engine_kind::none, .usable = &u, .evict_sliding = e.evict_sliding};
}
/// The pure arithmetic with every token of every layer.
inline constexpr engine plain_arithmetic{.kind = engine_kind::none};

/// The usable-memory policy an engine profile names (engines::none's; default_usable_policy
/// unless it names another). A null pointer set by hand is a compile error in a constant
/// expression (the dereference) and falls back to the default at run time.
constexpr const usable_policy& usable_policy_of(const engine& e) {
  if (std::is_constant_evaluated()) return *e.usable;
  return e.usable != nullptr ? *e.usable : default_usable_policy;
}

}  // namespace headroom

