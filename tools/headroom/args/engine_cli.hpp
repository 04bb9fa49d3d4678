// SPDX-License-Identifier: MIT
// headroom CLI: the engine flags on a CLI11 command (cli_args.cpp only; the flags and their rules
// are one table in engine_flags.cpp). Spellings are the engines' own (docs/cli.md, "Engine flags").
#pragma once

#include <CLI/CLI.hpp>

#include "headroom/args/cli_args.hpp"
#include "headroom/args/engine_flags.hpp"

namespace headroom::cli {

// The engine flags `which` wants declared (cli_args.hpp, command_filter::wants_flag); --engine always.
inline void add_engine_options(CLI::App* cmd, engine_flags& f, const command_filter& which) {
  cmd->add_option("--engine", f.engine, "serving engine: vllm | sglang | trtllm | llama.cpp | none (default vllm)");
  const auto knobs = engine_knobs();
  for (std::size_t i = 0; i < knobs.size(); ++i) {
    const engine_knob& k = knobs[i];
    if (!which.wants_flag(k.flag)) continue;
    const std::string flag(k.flag);
    const std::string help = owners_text(k) + ": " + std::string(k.help);
    if (k.is_switch()) {
      cmd->add_flag(flag, f.on[i], help);
    } else {
      cmd->add_option(flag, f.text[i], help);
    }
  }
}

}  // namespace headroom::cli
