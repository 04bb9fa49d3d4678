// SPDX-License-Identifier: MIT
// headroom CLI: parallel plans -- the --tp / --pp / --ep / --dp / --dp-attention flags, how a plan is
// spelled in text and JSON, the per-rank JSON keys, and the `plan` command (the smallest valid
// plans that hold a deployment, fastest decode ceiling first).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <headroom/headroom.hpp>

#include "headroom/common.hpp"

namespace headroom::cli {

/// The plan flags as given (strings, so that bad values are refused with the flag's name).
struct plan_flags {
  std::string tp = "1";
  std::string pp = "1";
  std::string ep = "1";
  std::string dp = "1";
  bool dp_attention = false;
};

/// The plan the flags name, checked against the model's rules: usage_error (exit 2) naming the
/// rule it breaks.
parallel parse_plan(const model& m, const plan_flags& f);

/// "TP=4 x PP=3", "TP=8 EP=8 DP-attention", "TP=1 DP=8 EP=8", "1 device".
std::string plan_text(const parallel& p);
/// " --tp 4 --pp 3": the flags that reproduce a plan (empty for the single-device plan).
std::string plan_cli_flags(const parallel& p);
/// {"tp", "pp", "ep", "dp", "dp_attention", "ranks"}.
nlohmann::ordered_json plan_json(const parallel& p);
/// The plan, or null.
nlohmann::ordered_json plan_json(const std::optional<parallel>& p);
/// Adds `plan`, `weights_bytes_per_rank`, `kv_bytes_per_token_per_rank` and
/// `state_bytes_per_seq_per_rank` (recurrent state + conv windows) to `j`.
void add_rank_keys(nlohmann::ordered_json& j, const footprint_bytes& rank, const parallel& p);

/// The collectives of a step under a plan, one line each (empty for the single-device plan).
std::string links_text(const step_estimate& st, const char* label);
/// {"links_us", "link_share", "links": [{"op", "scale_out", "count", "bytes_each", "each_us", "time_us"}]}.
void add_link_keys(nlohmann::ordered_json& j, const step_estimate& st);

/// Advice when a deployment does not fit: "TP=2 on h200_sxm", or that no plan up to the
/// search's limit holds it.
std::string advice_text(const std::optional<parallel>& p, const device& d);

// plan command
struct plan_row {
  parallel p{};
  footprint_bytes rank{};
  byte_count need = 0;       ///< heaviest rank
  bool scale_out = false;    ///< the plan outgrows the scale-up domain
  step_estimate decode{};    ///< a decode step of `seqs` sequences at `context`
  engine_memory em{};        ///< one rank as the engine sizes it (not for engines::none)
  std::uint64_t max_seqs = 0;  ///< sequences of `context` the plan holds (all ranks' shares under DP attention)
};
struct plan_answer {
  std::uint64_t seqs = 1;
  std::uint64_t context = 4096;
  byte_count usable = 0;
  std::vector<plan_row> rows;  ///< fitting plans of the smallest two sizes, fastest first
};
/// Plans of the two smallest device counts that fit, sorted by decode ceiling (fastest first,
/// then fewer devices, then the plan search's preference).
plan_answer compute_plans(const query& q, std::uint64_t seqs, std::uint64_t context);
std::string plan_command_text(const query& q, const plan_answer& a);
nlohmann::ordered_json plan_command_json(const query& q, const plan_answer& a);

}  // namespace headroom::cli
