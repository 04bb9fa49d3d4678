// SPDX-License-Identifier: MIT
// headroom CLI: the engine flags on a CLI11 command (cli_args.cpp only; the flags and their rules
// are one table in engine_flags.cpp). Spellings are the engines' own (docs/cli.md, "Engine flags").
#pragma once

#include <CLI/CLI.hpp>

#include "headroom/args/engine_flags.hpp"

namespace headroom::cli {

inline void add_engine_options(CLI::App* cmd, engine_flags& f) {
  cmd->add_option("--engine", f.engine, "serving engine: vllm | sglang | trtllm | llama.cpp | none (default vllm)");
  for (const engine_knob& k : engine_knobs()) {
    const std::string flag(k.flag);
    const std::string help = owners_text(k) + ": " + std::string(k.help);
    if (k.on != nullptr) {
      cmd->add_flag(flag, f.*k.on, help);
    } else {
      cmd->add_option(flag, f.*k.text, help);
    }
  }
}

}  // namespace headroom::cli
