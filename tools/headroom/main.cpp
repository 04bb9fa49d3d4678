// SPDX-License-Identifier: MIT
// headroom: the command line (docs/cli.md).
//
//   headroom                                   the report of qwen3_next_80b_a3b_instruct on h200_sxm
//   headroom list models|devices
//   headroom report MODEL DEVICE [--kv ...] [--ssm-h ...] [--context N] [--measured FILE]
//   headroom matrix [--models a,b] [--devices x,y]
//   headroom fit MODEL DEVICE --context N [--seqs N]
//   headroom decode MODEL DEVICE [--batch 1,8,64] [--context 4096,32768]
//   headroom prefill MODEL DEVICE [--tokens 4096,32768]
//   headroom header MODEL DEVICE --seqs N --context N [-o FILE]
//   headroom plan MODEL DEVICE --context N [--seqs N]   the smallest valid parallel plans, fastest first
//
// fit, decode, prefill, report, header and plan's settings take a parallel plan: --tp N --pp N
// --ep N --dp N --dp-attention (plan.hpp); a plan that breaks an engine rule is refused (exit 2).
//   headroom import CONFIG [--quant FILE] --id NAME [-o FILE]
//   headroom verify DIR (MODEL | --config PATH)
//
// Every command that takes MODEL also takes `--config PATH` (a config.json or a checkpoint
// folder, docs/importing.md) in its place.
//
// Every command but plot, import and verify takes --format (md | json, csv for the tables, h for
// header; --json and --csv are its aliases) and -o FILE. Exit codes: 0 done; 1 an evaluation failed (a
// headroom::error from the core, e.g. a byte count over 64 bits) or the output could not be
// written; 2 the input was refused before evaluation (usage, flag values, ids, manifests, an
// -o path refused by docs/cli.md's rules); 3 `fit` ran and the load does not fit (--exit-zero:
// 0). Errors go to stderr as one printable line; output is written only once complete. The
// dispatcher is headroom::cli::run_main (run.hpp), so that tests and fuzz targets run it
// in-process; the executable's main() is entry.cpp. This file only parses (cli_args.cpp declares
// the commands), dispatches (dispatch.cpp runs one), writes the output and maps errors to exit
// codes.
#include <CLI/CLI.hpp>

#include <exception>
#include <string>
#include <string_view>

#include <headroom/headroom.hpp>

#include "headroom/input/bounded_file.hpp"
#include "headroom/args/cli_args.hpp"
#include "headroom/args/common.hpp"
#include "headroom/io/output.hpp"
#include "headroom/run.hpp"

namespace {

using namespace headroom;
using namespace headroom::cli;

// A message echoes what the user typed (an id, a flag value, a path): an argument of 10 MB
// must not become a 10 MB error line. Every command-line argument (and the value after a
// `--flag=`) longer than the cap is shown elided wherever the message quotes it.
constexpr std::size_t echo_cap = 96;

std::string elide_arguments(std::string message, int argc, char** argv) {
  const auto elide = [&](std::string_view arg) {
    if (arg.size() <= echo_cap) return;
    const std::string shown = elided(arg, echo_cap);
    for (std::size_t at = message.find(arg); at != std::string::npos; at = message.find(arg, at + shown.size())) {
      message.replace(at, arg.size(), shown);
    }
  };
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    elide(arg);
    if (const std::size_t eq = arg.find('='); arg.starts_with("--") && eq != std::string_view::npos) {
      elide(arg.substr(eq + 1));
    }
  }
  return message;
}

int run(int argc, char** argv, run_io& io) {
  // `--version` alone is answered before the parser, as CLI11 would print it: CLI11 reports it
  // by throwing, and a statically linked executable's first exception sorts its whole unwind
  // table (some 20 million instructions, several times the rest of the run).
  if (argc == 2 && std::string_view(argv[1]) == "--version") {
    io.out << version() << "\n";
    return 0;
  }
  CLI::App app{"headroom: what an LLM deployment holds in memory, whether it fits, and its roofline ceilings.\n"
               "With no command: the report of qwen3_next_80b_a3b_instruct on h200_sxm."};
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", std::string(version()));
  cli_args a;
  declare_commands(app, a, command_filter::of_command_line(argc, argv));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::ParseError& e) {
    io.err << "headroom: error: " << printable(elide_arguments(e.what(), argc, argv)) << " (see `headroom --help`)\n";
    return 2;
  }
  check_parsed(app, a);
  if (!a.o.out.empty()) {
    if (!io.allow_output_files) throw usage_error("-o: writing files is disabled here");
    check_output_path(a.o.out);
  }
  const command_output r = dispatch(app, a);
  if (a.o.out.empty() && io.capture_stdout) {
    io.out << r.text;
  } else {
    write_output(r.text, a.o.out);
  }
  if (!r.warning.empty()) {
    io.err << printable(elide_arguments(r.warning.substr(0, r.warning.size() - 1), argc, argv)) << "\n";
  }
  return r.status;
}

}  // namespace

namespace headroom::cli {

// Every message is one printable line whatever the input echoed in it held (escaped by
// printable()); exit codes as documented in docs/cli.md.
int run_main(int argc, char** argv, run_io& io) {
  const auto shown = [&](const std::exception& e) { return printable(elide_arguments(e.what(), argc, argv)); };
  try {
    return run(argc, argv, io);
  } catch (const usage_error& e) {
    io.err << "headroom: error: " << shown(e) << "\n";
    return 2;
  } catch (const headroom::error& e) {
    io.err << "headroom: error: " << shown(e) << "\n";
    return 1;
  } catch (const std::exception& e) {
    io.err << "headroom: error: " << shown(e) << "\n";
    return 1;
  }
}

}  // namespace headroom::cli
