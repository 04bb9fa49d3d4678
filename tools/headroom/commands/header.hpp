// SPDX-License-Identifier: MIT
// headroom CLI: generated headers for firmware-style deployers (docs/cli.md#generated-headers).
//
// `headroom header MODEL DEVICE --seqs N --context N` writes one self-contained header: a
// banner (headroom version, every input, "do not edit"), `#define` constants with a prefix
// derived from the ids (HEADROOM_<MODEL>_<DEVICE>_...), `constexpr` copies in a namespace under
// C++, and a static assertion that the asked load fits (`_Static_assert` in C11, a negative array
// size in C99). It includes nothing; it compiles as C99, C11 and C++11; its bytes depend only on
// the inputs.
#pragma once

#include <cstdint>
#include <string>

#include <headroom/footprint.hpp>

#include "headroom/commands.hpp"
#include "headroom/args/common.hpp"

namespace headroom::cli {

/// The constants a generated header carries. The byte constants are the footprint's own fields
/// under its description's names (reflect_results.hpp), less the parts of weights_bytes the
/// header does not name apart (reflect::header_left_out).
struct header_values {
  std::uint64_t seqs = 0;
  std::uint64_t context_tokens = 0;
  footprint_bytes footprint{};  ///< the plan's heaviest rank
  std::uint64_t usable_bytes = 0;
  std::uint64_t needed_bytes = 0;
  std::uint64_t max_seqs = 0;
  std::uint64_t weight_floor_bytes = 0;
  std::uint64_t decode_step_ns = 0;  ///< one decode step of `seqs` sequences at `context_tokens`
  std::uint64_t prefill_ns = 0;      ///< prefill of `context_tokens` prompt tokens of one sequence
  bool fits = false;
};

/// Microseconds to whole nanoseconds, rounded to the nearest (halves up); beyond 64 bits is an
/// evaluation error.
constexpr std::uint64_t to_ns(double us) {
  const double ns = us * 1000.0 + 0.5;
  if (!(ns < 18446744073709551616.0)) detail::fail(error_kind::overflow, "a time in nanoseconds overflows 64 bits");
  return static_cast<std::uint64_t>(ns);
}

header_values compute_header(const query& q, std::uint64_t seqs, std::uint64_t context);

/// `HEADROOM_<MODEL>_<DEVICE>_`: ids upper-cased, every other character `_`.
std::string macro_prefix(const model& m, const device& d);

/// The prefix of every macro: `requested` (from --macro-prefix) with a `_` appended when it
/// lacks one, so that C code reading `APP_LLM_MAX_SEQS` keeps compiling when the model or the
/// device changes; empty: macro_prefix(m, d). A requested prefix must be a C identifier that
/// does not start with `_` (reserved), or usage_error.
std::string resolve_macro_prefix(const model& m, const device& d, std::string_view requested);

/// The header text. `command`: the command line that regenerates it (named in the banner);
/// `prefix`: resolve_macro_prefix's result.
std::string generate_header(const query& q, const header_values& v, const std::string& command, const std::string& prefix);

/// The same constants as JSON (`headroom header ... --json`).
ordered_json header_json(const query& q, const header_values& v, const std::string& prefix);

}  // namespace headroom::cli
