// SPDX-License-Identifier: MIT
// headroom: the hardware report (docs/cli.md, `report`) as deterministic Markdown, and the numbers
// behind it (computed once, rendered as Markdown here and as JSON by the CLI).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <headroom/headroom.hpp>

#include "headroom/args/engine_flags.hpp"

namespace headroom::report {

struct options {
  settings s{};
  std::uint64_t context = 4096;          ///< KV tokens each sequence attends over in the decode runs
  std::string measured;                  ///< the --measured manifest path; empty: none
  std::uint64_t context_default = 4096;  ///< the context the constants state (--context is shown when it differs)
  parallel p{};                          ///< the plan: per-rank bytes and per-rank step times
  engine e{};                            ///< the serving engine whose memory answer the report shows (vLLM)
  std::string config;                    ///< --config path the model was imported from; empty: a registry id
};

/// Declared formats of the main section's weight nodes, grouped by (pair, weight, activation,
/// execution), in sorted order.
struct format_group {
  std::string pair;
  std::string weight;
  std::string activation;
  std::string execution;
  std::uint64_t nodes = 0;
};

/// A ladder load that does not fit: what it needs, the TP on this device, who else holds it.
struct fit_advice {
  std::uint64_t seqs = 0;
  std::uint64_t context = 0;
  byte_count need = 0;
  std::optional<parallel> plan;           ///< the smallest valid plan that holds it
  std::vector<std::string_view> holders;  ///< other registry devices on which one device holds it (under the engine)
  double tokens_per_s = 0;                ///< the decode ceiling of the load under `plan` (0: none)
};

inline constexpr std::array<std::uint64_t, 3> decode_batches{1, 16, 128};
inline constexpr std::array<std::uint64_t, 2> prefill_tokens{4096, 32768};

struct report_data {
  std::array<step_estimate, decode_batches.size()> decode{};
  std::array<step_estimate, prefill_tokens.size()> prefill{};
  byte_count weight_floor = 0;
  fit_table fit{};                 ///< under the engine (engine_fit_table); engines::none: the arithmetic
  std::array<byte_count, fit_contexts.size()> usable_at{};  ///< fit's usable at each fit context
  std::vector<format_group> formats;
  std::vector<fit_advice> advice;  ///< C=1 and C=128 at 4k, when they do not fit
  std::string fp4_costing;
  engine_memory em{};              ///< one rank under the engine at the report's context (not for engines::none)
  cli::verdict c1{};               ///< whether one sequence of the report's context fits under the engine
  std::array<cli::verdict, decode_batches.size()> decode_fit{};   ///< each decode run's load under the engine
  std::array<cli::verdict, prefill_tokens.size()> prefill_fit{};  ///< each prefill's one sequence under the engine
};

/// Every number of the report of `m` on `d` with constants `r`.
report_data compute(const model& m, const device& d, const device_roofline& r, const options& o);

/// The ids of the registry devices other than `d` on which one device holds `seqs` x `context`
/// tokens of `m`: under the engine, its own verdict (the answer `fit` gives on that device); under
/// engines::none, the usable-fraction arithmetic.
std::vector<std::string_view> other_holders(const model& m, const device& d, const settings& s, const engine& e,
                                            std::uint64_t seqs, std::uint64_t context);

/// The command that regenerates the report: `headroom report M D [flags]`.
std::string command_line(const model& m, const device& d, const options& o);

/// The full report of `m` on `d` with constants `r`.
std::string hardware_report(const model& m, const device& d, const device_roofline& r, const options& o);

/// Report text of a site (block.local) and of a node's op (linear:<role> for linears).
std::string site_name(const model& m, const site_row& r);
std::string op_name(const node& n);

/// The rows of a step, slowest first (ties by site name): the breakdown order.
std::vector<const site_row*> sorted_rows(const model& m, const step_estimate& st);

}  // namespace headroom::report
