// SPDX-License-Identifier: MIT
// headroom: what a caller asks of an engine without naming it -- the one profile interface the
// CLI and the reports read. Each engine fills one `engine_rules` in its own header
// (engines/<engine>.hpp); engines::rules_of(kind) is the only place that lists them.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>
#include <string_view>

#include <headroom/engine.hpp>
#include <headroom/engine_law_list.hpp>
#include <headroom/engine_terms.hpp>
#include <headroom/detail/settings_core.hpp>

namespace headroom {

struct model;
struct device;
struct parallel;
struct footprint_bytes;
namespace detail {
struct kv_layout;
}  // namespace detail

/// What an engine's memory rule reads: the model, the device, the settings and the profile, the
/// plan, one rank's footprint (sliding layers apart) and its layer layout, and the load.
struct engine_inputs {
  const model& m;
  const device& d;
  const settings& s;
  const engine& e;
  const parallel& p;
  const footprint_bytes& fp;
  const detail::kv_layout& l;
  std::uint64_t seqs = 0;
  std::uint64_t context = 0;
};

/// Where an engine's memory terms come from in its own source (file @ commit), one per row of
/// the engine-memory table reports print (docs/engines.md cites each at length). Kept with the
/// engine's flags (engines/flags/<engine>.hpp): long strings cost every check that compiles the
/// rules a constant evaluation each.
struct engine_term_sources {
  std::string_view budget, weights, activation, sampler, graphs, non_torch, pool;
};

/// One engine as callers see it: its name as people write it, how it lays out data parallel and
/// its pool, which of the checkpoint's dtype keys it reads, the length its own flag sets, and
/// whether a profile holds its defaults. What only the CLI reads (its flags, where its terms
/// come from) is engines::all_flags (engines/flags.hpp).
struct engine_rules {
  engine_kind kind = engine_kind::none;
  std::string_view display_name{};
  /// Another spelling of its name that people write (`tensorrt-llm`, `llama_cpp`); empty if none.
  std::string_view alias{};
  /// The pure arithmetic (engines::none): no memory rule, need = weights + KV + state against a
  /// usable share of the device.
  bool arithmetic = false;
  /// No blocks: the cache is allocated whole and split into one slot per sequence (llama.cpp).
  bool whole_cells = false;
  /// Data parallel as independent whole replicas of the tp x pp plan (else vLLM's layout, whose
  /// MoE layers span all dp x tp ranks).
  bool dp_replicas = false;
  /// Whether the engine reads the checkpoint's KV dtype key and its recurrent-state dtype key.
  bool reads_config_kv_dtype = false;
  bool reads_config_state_dtype = false;
  /// The recurrent-state dtype it allocates when told "auto" and the checkpoint names none.
  state_dtype auto_state = state_dtype::f32;
  /// Whether it has a serving-time model (calibrated step tables: `serve`, `sla`).
  bool serving_time = false;
  /// The device vendors it runs on (`device::vendor` spellings, ", "-separated); empty: any.
  /// `serve` and `sla` answer nothing for a device it does not run on (engines::runs_on).
  std::string_view vendors{};
  /// Whether it fits max_model_len to the pool itself when told "auto" (vLLM's auto-fit).
  bool auto_fit_length = false;
  /// Its memory rule: one rank as it sizes it (null for the pure arithmetic).
  engine_memory (*memory)(const engine_inputs& in) = nullptr;
  /// Blocks one request of `len` tokens holds in its pool.
  std::uint64_t (*request_blocks)(const engine_memory& em, std::uint64_t len) = nullptr;
  /// Whether its pool keeps one block apart that no request holds (vLLM's null block 0).
  bool null_block = false;
  /// The first law its knobs on `e` break (engine_law_list.hpp).
  engine_finding (*check)(const engine& e) = nullptr;
  /// The knob that says how many tokens a speculative step drafts, where the memory rule reads
  /// one (null: none).
  std::uint64_t* (*speculative_tokens)(engine& e) = nullptr;
  /// The length its own flag sets on `e` (0: not set).
  std::uint64_t (*length)(const engine& e) = nullptr;
  /// Whether `e`'s knobs are this engine's defaults.
  bool (*at_defaults)(const engine& e) = nullptr;
  /// Whether attention DP takes the dense blocks along on `e`: every block but the routed
  /// experts runs data parallel, whole on each rank on its own sequences (MLPs, shared experts,
  /// embedding, LM head), the experts spanning the ranks (engine_footprint.hpp,
  /// attention_dp_layout). Null: never.
  bool (*attention_dp_dense_dp)(const engine& e) = nullptr;
};

}  // namespace headroom
