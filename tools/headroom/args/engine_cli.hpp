// SPDX-License-Identifier: MIT
// headroom CLI: the engine flags on a CLI11 command (cli_args.cpp only; the flags and their rules
// are one table in engine_flags.cpp). Spellings are the engines' own (docs/cli.md, "Engine flags").
#pragma once

#include <CLI/CLI.hpp>

#include "headroom/args/engine_flags.hpp"

namespace headroom::cli {

inline void add_engine_options(CLI::App* cmd, engine_flags& f) {
  cmd->add_option("--engine", f.engine, "serving engine: vllm | sglang | trtllm | llama.cpp | none (default vllm)");
  const auto knobs = engine_knobs();
  for (std::size_t i = 0; i < knobs.size(); ++i) {
    const engine_knob& k = knobs[i];
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
