// SPDX-License-Identifier: MIT
// headroom CLI: what every command shares -- the error that means "the input was refused"
// (exit 2), id resolution with kebab spellings and nearest-id suggestions, strict number and
// list parsing, and the query a command evaluates (model, device, constants, settings).
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <headroom/headroom.hpp>

#include "headroom/input/usage_error.hpp"

namespace headroom::cli {

/// The headroom version the CLI was built from (CMake's PROJECT_VERSION).
std::string_view version();


/// Levenshtein distance (insert, delete, substitute: 1 each).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The ids of `known` close to `wanted` (a typo away, or `wanted` is a prefix), nearest first,
/// at most `most`.
std::vector<std::string_view> nearest(std::string_view wanted, const std::vector<std::string_view>& known, std::size_t most = 3);

/// `id` with the kebab spelling accepted: `h200-sxm` -> `h200_sxm`.
std::string normalize_id(std::string_view id);

/// The registry entry, or usage_error: "unknown model `x` (nearest: a, b; `headroom list models`
/// lists all; a checkpoint not shipped: --config PATH/config.json)", the nearest by id, display
/// name or Hub repository.
const model& resolve_model(std::string_view id);
const device& resolve_device(std::string_view id);
/// The message resolve_device throws, for callers that add a position (the manifest loader).
std::string unknown_device_message(std::string_view id);

/// A positive count, read by parse_count (so "32k" and "32K" work for every count flag), or
/// usage_error naming the flag: "--context: `-5` is not a positive integer (suffixes: ...)".
std::uint64_t parse_positive(std::string_view flag, std::string_view text);
/// A positive count of at most `max` (a plan's degree, a worker count), or usage_error naming the
/// flag: "--tp: `2000` is above 1024".
std::uint16_t parse_bounded(std::string_view flag, std::string_view text, std::uint16_t max);
/// A comma-separated list of positive counts ("1,8,64", "512,4k,32K").
std::vector<std::uint64_t> parse_positive_list(std::string_view flag, std::string_view text);
/// A comma-separated list of ids ("a,b"); empty items refused.
std::vector<std::string> parse_id_list(std::string_view flag, std::string_view text);

/// A positive count with an optional suffix, spelled as vLLM's --max-model-len takes it:
/// k / m / g = 10^3 / 10^6 / 10^9, K / M / G = 2^10 / 2^20 / 2^30, a decimal allowed when the
/// result is whole ("32k" = 32,000, "32K" = 32,768, "1.5k" = 1,500).
std::uint64_t parse_count(std::string_view flag, std::string_view text);
/// A positive byte size: plain bytes, or a decimal number with B, kB / KB, MB, GB, TB (10^3k)
/// or KiB, MiB, GiB, TiB (2^10k), exact ("1.5GiB" = 1,610,612,736; "80GB" = 80,000,000,000).
std::uint64_t parse_bytes(std::string_view flag, std::string_view text);
/// A fraction in (0, 1] as millionths ("0.85" = 850,000), at most 6 decimals.
fraction parse_fraction(std::string_view flag, std::string_view text);

kv_dtype parse_kv(std::string_view text);
state_dtype parse_state(std::string_view flag, std::string_view text);

/// One model on one device with the constants and settings a command evaluates.
struct query {
  const model* m = nullptr;
  const device* d = nullptr;
  device_roofline r{};
  settings s{};
  parallel p{};                         ///< the plan (--tp / --pp / --ep / --dp-attention)
  engine e{};                           ///< the serving engine (--engine, default vLLM) and its knobs
  std::string manifest;                 ///< --measured path as given; empty: none
  std::uint64_t context_default = 4096; ///< the KV context of the constants (manifest or shipped)
  std::shared_ptr<const void> owner;    ///< keeps a model imported with --config alive (m points into it)
  std::string config;                   ///< --config path as given; empty: a registry model
  std::string gguf;                     ///< --gguf path as given; empty: none
};

/// `settings` as `kv_cache_dtype=bf16, ssm_h_dtype=f32, conv_dtype=bf16, speculative=off`, then
/// the engine's sliding-window policy (`evict_sliding=on`; engine.hpp).
std::string describe(const settings& s, const engine& e);
/// The same for one model: the recurrent-state and conv dtypes only when it has recurrent layers,
/// `speculative` only when it has a draft head (a dense model prints neither).
std::string describe(const settings& s, const engine& e, const model& m);

/// Shortest round-trip text of a datasheet number (3350 -> "3350", 989.5 -> "989.5").
std::string num(double v);

}  // namespace headroom::cli
