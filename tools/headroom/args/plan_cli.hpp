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

#include "headroom/args/common.hpp"

namespace headroom::cli {

/// The plan flags as given (strings, so that bad values are refused with the flag's name).
struct plan_flags {
  std::string tp = "1";
  std::string pp = "1";
  std::string ep = "1";
  std::string dp = "1";
  bool dp_attention = false;
  std::string redundant_experts = "0";
};

/// The plan the flags name, checked against the model's rules: usage_error (exit 2) naming the
/// rule it breaks.
parallel parse_plan(const model& m, const plan_flags& f);
/// --redundant-experts and its per-worker spellings: 0 to 4096 extra expert slots a MoE layer.
std::uint16_t parse_redundant_experts(std::string_view flag, const std::string& text);

/// "TP=4 x PP=3", "TP=8 EP=8 DP-attention", "TP=1 DP=8 EP=8", "TP=48 EP=48+32 DP-attention"
/// (EP over 48 ranks with 32 redundant experts), "1 device".
std::string plan_text(const parallel& p);
/// A disaggregated worker's plan: "TP 8", "TP 8 EP 8 DP attention", "TP 48 EP 48+32 DP attention".
std::string worker_plan_text(const parallel& p);
/// " --tp 4 --pp 3": the flags that reproduce a plan (empty for the single-device plan).
std::string plan_cli_flags(const parallel& p);
/// {"tp", "pp", "ep", "dp", "dp_attention", "redundant_experts", "ranks"}.
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

/// Devices in one node: plans list every size up to one node, then whole nodes.
inline constexpr std::uint32_t node_devices = 8;
/// The largest plan proposed (8 nodes of 8): a plan beyond it is named as a size, not proposed.
inline constexpr std::uint32_t max_proposed_devices = 64;

/// Advice when a deployment does not fit: "TP=2 on h200_sxm (342 tok/s decode ceiling at the
/// load)", that the smallest plan is beyond max_proposed_devices, or that no plan up to the
/// search's limit holds it. `tokens_per_s` 0: not given.
std::string advice_text(const std::optional<parallel>& p, const device& d, double tokens_per_s = 0);

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
  std::uint32_t gpus = 0;      ///< the one size asked (--gpus), 0: every size
  std::vector<plan_row> rows;  ///< by device count: the best plan of each size (every plan of --gpus), fastest first
  /// When no plan of up to max_proposed_devices holds the load: the smallest that does, if any.
  std::optional<parallel> beyond;
};
/// The plans people run: for each device count up to one node (1, 2, 4, 8) and the two smallest
/// whole-node counts beyond that hold the load (up to max_proposed_devices), the plan with the
/// most decode tokens/s per GPU; with `gpus` != 0, every fitting plan of that size, fastest first.
plan_answer compute_plans(const query& q, std::uint64_t seqs, std::uint64_t context, std::uint32_t gpus = 0);
std::string plan_command_text(const query& q, const plan_answer& a);
nlohmann::ordered_json plan_command_json(const query& q, const plan_answer& a);

}  // namespace headroom::cli
