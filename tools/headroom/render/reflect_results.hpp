// SPDX-License-Identifier: MIT
// headroom CLI: each result struct described once (Boost.Hana), under the names the CLI prints.
// The JSON keys (docs/cli-json.md), the generated header's macro names and the measured
// manifest's rate keys are read from these descriptions instead of being spelled again at each
// place that prints or reads them.
//
// Why here and not beside the core structs: the names are the CLI's interface, not the core's.
// Several JSON keys state a unit the core field name leaves out (footprint_bytes::weights is
// `weights_bytes`, settings::kv is `kv_cache_dtype`), so a description of the core structs
// under their own names would not give the keys; and the core headers stay free of Hana, so a
// build that checks one model on one device never parses it. Only CLI translation units
// include this header.
#pragma once

#include <boost/hana/accessors.hpp>
#include <boost/hana/adapt_adt.hpp>
#include <boost/hana/adapt_struct.hpp>
#include <boost/hana/first.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/second.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/unpack.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

#include <headroom/headroom.hpp>

#include "headroom/commands.hpp"
#include "headroom/commands/header.hpp"
#include "headroom/render/json.hpp"
#include "headroom/args/plan_cli.hpp"

// The rates of a roofline: the keys of the JSON `roofline` object and of a measured manifest.
BOOST_HANA_ADAPT_STRUCT(headroom::roofline, dram_gbps, bf16_tflops, fp8_tflops, nvfp4_tflops);

// What one rank (or one device) holds: the JSON `footprint` object, and the generated header's
// byte constants of the same names.
BOOST_HANA_ADAPT_ADT(headroom::footprint_bytes,
                     (weights_bytes, [](const headroom::footprint_bytes& f) { return f.weights; }),
                     (draft_weights_bytes, [](const headroom::footprint_bytes& f) { return f.draft_weights; }),
                     (vision_weights_bytes, [](const headroom::footprint_bytes& f) { return f.vision_weights; }),
                     (loaded_weights_bytes, [](const headroom::footprint_bytes& f) { return f.loaded_weights; }),
                     (kv_bytes_per_token, [](const headroom::footprint_bytes& f) { return f.kv_per_token; }),
                     (swa_kv_bytes_per_token, [](const headroom::footprint_bytes& f) { return f.swa_kv_per_token; }),
                     (swa_window_tokens, [](const headroom::footprint_bytes& f) { return f.swa_window; }),
                     (state_bytes_per_seq, [](const headroom::footprint_bytes& f) { return f.state_per_seq; }),
                     (conv_bytes_per_seq, [](const headroom::footprint_bytes& f) { return f.conv_per_seq; }));

// The settings a result is computed under: the JSON `settings` object (settings_json adds the
// engine's `evict_sliding` after these).
BOOST_HANA_ADAPT_ADT(headroom::settings,
                     (kv_cache_dtype, [](const headroom::settings& s) { return std::string(name(s.kv)); }),
                     (ssm_h_dtype, [](const headroom::settings& s) { return std::string(name(s.ssm_h)); }),
                     (conv_dtype, [](const headroom::settings& s) { return std::string(name(s.conv)); }),
                     (speculative, [](const headroom::settings& s) { return s.speculative; }));

// Whether a load fits (`fit`, and each row of a matrix): the JSON `fit` object up to its
// per-rank keys (plan_cli.hpp) and its engine answer.
BOOST_HANA_ADAPT_ADT(headroom::cli::fit_answer,
                     (seqs, [](const headroom::cli::fit_answer& a) { return a.seqs; }),
                     (context_tokens, [](const headroom::cli::fit_answer& a) { return a.context; }),
                     (bytes_per_seq, [](const headroom::cli::fit_answer& a) { return a.per_seq; }),
                     (needed_bytes, [](const headroom::cli::fit_answer& a) { return a.need; }),
                     (usable_bytes, [](const headroom::cli::fit_answer& a) { return a.usable; }),
                     (fits, [](const headroom::cli::fit_answer& a) { return a.fits; }),
                     (stops, [](const headroom::cli::fit_answer& a) { return std::string(name(a.v.term)); }),
                     (shortfall_bytes, [](const headroom::cli::fit_answer& a) { return a.v.shortfall_bytes; }),
                     (max_seqs, [](const headroom::cli::fit_answer& a) { return a.max_seqs; }),
                     (advice_plan, [](const headroom::cli::fit_answer& a) { return headroom::cli::plan_json(a.advice); }),
                     (holders, [](const headroom::cli::fit_answer& a) { return headroom::cli::ids_json(a.holders); }));

// The constants of a generated header: its macros (every integer constant, upper-cased after the
// prefix, and FITS) and the JSON `constants` object. `footprint` stands for the footprint's
// fields under the names above (reflect::for_each_constant walks into it).
BOOST_HANA_ADAPT_STRUCT(headroom::cli::header_values, seqs, context_tokens, footprint, usable_bytes, needed_bytes,
                        max_seqs, weight_floor_bytes, decode_step_ns, prefill_ns, fits);

namespace headroom::cli::reflect {

/// The names of T's description, in its order.
template <typename T>
constexpr auto keys() {
  return boost::hana::unpack(boost::hana::accessors<T>(), [](auto... field) {
    return std::array<std::string_view, sizeof...(field)>{
        std::string_view(boost::hana::to<const char*>(boost::hana::first(field)))...};
  });
}

/// Calls f(name, value) for each member of T's description, in its order.
template <typename T, typename F>
constexpr void for_each_field(const T& x, F&& f) {
  boost::hana::for_each(boost::hana::accessors<T>(), [&](auto field) {
    f(std::string_view(boost::hana::to<const char*>(boost::hana::first(field))), boost::hana::second(field)(x));
  });
}

/// Adds the members of `x` to `j` under the names of its description, in its order.
template <typename T>
void add_fields(ordered_json& j, const T& x) {
  for_each_field(x, [&j](std::string_view key, const auto& value) { j[std::string(key)] = value; });
}

/// The footprint fields a generated header leaves out: the draft's and the vision tower's parts
/// of weights_bytes (the header carries weights_bytes and loaded_weights_bytes whole).
inline constexpr std::array<std::string_view, 2> header_left_out{"draft_weights_bytes", "vision_weights_bytes"};

/// Calls f(name, value) for each constant of a generated header, in its order: the members of
/// header_values's description, its footprint replaced by the footprint's fields (less
/// header_left_out) under the footprint's names.
template <typename F>
constexpr void for_each_constant(const header_values& v, F&& f) {
  for_each_field(v, [&](std::string_view key, const auto& value) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(value)>, footprint_bytes>) {
      for_each_field(value, [&](std::string_view field, const auto& bytes) {
        if (std::find(header_left_out.begin(), header_left_out.end(), field) == header_left_out.end()) f(field, bytes);
      });
    } else {
      f(key, value);
    }
  });
}

/// The names for_each_constant gives, in its order.
constexpr auto header_constant_names() {
  constexpr std::size_t n = [] {
    std::size_t count = 0;
    for_each_constant(header_values{}, [&](std::string_view, const auto&) { ++count; });
    return count;
  }();
  std::array<std::string_view, n> out{};
  std::size_t i = 0;
  for_each_constant(header_values{}, [&](std::string_view key, const auto&) { out[i++] = key; });
  return out;
}

/// Adds the constants of a generated header to `j`, in for_each_constant's order.
inline void add_constants(ordered_json& j, const header_values& v) {
  for_each_constant(v, [&j](std::string_view key, const auto& value) { j[std::string(key)] = value; });
}

}  // namespace headroom::cli::reflect
