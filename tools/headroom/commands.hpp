// SPDX-License-Identifier: MIT
// headroom CLI: what each command computes (a typed result, one file per command: fit.cpp,
// decode.cpp, prefill.cpp, matrix.cpp) and its renderings, one file per format: markdown.cpp,
// json_commands.cpp (docs/cli-json.md), csv.cpp. Computing and rendering are apart so that
// tests can compare the JSON a command prints with the constexpr functions, number by number.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <headroom/engines/exec_facts.hpp>
#include <headroom/headroom.hpp>

#include "headroom/args/common.hpp"
#include "headroom/args/engine_flags.hpp"
#include "headroom/render/json.hpp"
#include "headroom/commands/report.hpp"

namespace headroom::cli {

// list
std::string list_models_text();
ordered_json list_models_json();
std::string list_devices_text();
ordered_json list_devices_json();

// fit
struct fit_answer {
  std::uint64_t seqs = 1;
  std::uint64_t context = 4096;
  footprint_bytes fp{};
  byte_count per_seq = 0;   ///< bytes one sequence adds at `context`
  byte_count usable = 0;
  byte_count need = 0;
  bool fits = false;
  std::uint64_t max_seqs = 0;
  parallel plan{};                  ///< the plan asked about (fp, need: its heaviest rank)
  std::optional<parallel> advice;   ///< when it does not fit: the smallest valid plan that holds it
  std::vector<std::string_view> holders;  ///< other registry devices on which one device holds the load (under the engine)
  engine e{};                             ///< the engine the answer is for
  engine_memory em{};                     ///< its memory answer (not for engines::none)
  verdict v{};                            ///< fits under the engine, and the shortfall if not
};
/// The fit of `seqs` x `context` under engine `e` (vLLM by default; engines::none: the
/// arithmetic) and plan `p` (its heaviest rank).
fit_answer compute_fit(const model& m, const device& d, const settings& s, std::uint64_t seqs, std::uint64_t context,
                       const engine& e = engine{}, const parallel& p = {});
/// The bytes of the KV pool engine `em` leaves (whole blocks; llama.cpp: the cells it allocates).
byte_count engine_pool_bytes(const engine_memory& em);
/// The pool bytes `seqs` requests of `context` tokens take (whole blocks; llama.cpp: their streams).
byte_count engine_load_bytes(const engine_memory& em, std::uint64_t seqs, std::uint64_t context);
/// The report's fit table under engine `e` (not engines::none): each cell the fit answer of that
/// load (need = weights + the load's blocks, fits = the engine's verdict), exact_max the engine's
/// maximum; usable_at[i]: weights + the pool at fit_contexts[i] (the pool depends on max_model_len).
fit_table engine_fit_table(const model& m, const device& d, const settings& s, const engine& e, const parallel& p,
                           std::array<byte_count, fit_contexts.size()>& usable_at);
/// The exit status of `fit` when the load does not fit (docs/cli.md).
inline constexpr int exit_does_not_fit = 3;
ordered_json fit_json(const fit_answer& a);
std::string fit_text(const query& q, const fit_answer& a);
ordered_json fit_command_json(const query& q, const fit_answer& a);

// decode
struct decode_run {
  std::uint64_t batch = 1;
  std::uint64_t context = 4096;
  step_estimate est{};
  verdict v{};  ///< whether `batch` sequences of `context` tokens fit under the query's engine
};
std::vector<decode_run> compute_decode(const query& q, const std::vector<std::uint64_t>& batches,
                                       const std::vector<std::uint64_t>& contexts);
std::string decode_text(const query& q, const std::vector<decode_run>& runs);
ordered_json decode_json(const query& q, const std::vector<decode_run>& runs);

// prefill
struct prefill_run {
  std::uint64_t tokens = 4096;
  step_estimate est{};
  verdict v{};  ///< whether one sequence of `tokens` tokens fits under the query's engine
};
std::vector<prefill_run> compute_prefill(const query& q, const std::vector<std::uint64_t>& tokens);
std::string prefill_text(const query& q, const std::vector<prefill_run>& runs);
ordered_json prefill_json(const query& q, const std::vector<prefill_run>& runs);

// matrix: every model x device at 4096 tokens on the device's default constants.
inline constexpr std::uint64_t matrix_context = 4096;
inline constexpr std::array<std::uint64_t, 3> matrix_batches{1, 16, 128};
/// The matrix's settings: the defaults as the default engine (vLLM) allocates them (its
/// recurrent states in the model dtype; its sliding layers: matrix_query::e, as_allocated).
settings matrix_settings();

/// What a matrix (or a fleet `fit --devices`) asks of every model x device: decode ceilings at
/// `batches` x `context`, and whether `seqs` x `context` fits under `e` (else the smallest valid
/// plan) with the decode ceiling of that load.
struct matrix_query {
  std::string title = "Roofline matrix";  ///< the Markdown heading (`fit --devices`: the fleet's)
  std::uint64_t context = matrix_context;
  std::vector<std::uint64_t> batches{matrix_batches.begin(), matrix_batches.end()};
  std::uint64_t seqs = 1;
  settings s = matrix_settings();
  /// `--ssm-h auto`: each model's state dtype is auto_state_dtype(e, model), not s.ssm_h.
  bool ssm_h_auto = true;
  bool kv_auto = true;  ///< s.kv as each model's checkpoint names it (auto_kv_dtype)
  engine e = as_allocated(engine{});
};
struct matrix_row {
  const model* m = nullptr;
  const device* d = nullptr;
  device_roofline r{};
  std::vector<double> step_us;  ///< one per matrix_query::batches
  fit_answer c1{};              ///< the load (seqs x context); c1.max_seqs is max C at the context
  /// The plan the load runs under: the single device when it fits, else the advice; none: no
  /// valid plan holds it.
  std::optional<parallel> load_plan;
  double load_step_us = 0;      ///< decode step of the load under load_plan (0: none)
};
std::vector<matrix_row> compute_matrix(const std::vector<const model*>& ms, const std::vector<const device*>& ds,
                                       const matrix_query& mq = {});
std::string matrix_text(const std::vector<matrix_row>& rows, const std::string& command, const matrix_query& mq = {});
ordered_json matrix_json(const std::vector<matrix_row>& rows, const matrix_query& mq = {});
/// One header line, then one line per row; RFC 4180 quoting where a field needs it.
std::string matrix_csv(const std::vector<matrix_row>& rows, const matrix_query& mq = {});
/// Tokens per second of a decode step of `batch` sequences (0 for a zero step).
double tokens_per_s(std::uint64_t batch, double step_us);
/// "1 device", the plan's text, or "none" when no valid plan holds the load.
std::string load_plan_text(const matrix_row& r);

// report
ordered_json report_json(const query& q, const report::options& o, const report::report_data& data);

}  // namespace headroom::cli
