// SPDX-License-Identifier: MIT
// The executable declares the flags of the commands its command line names only
// (command_filter, cli_args.hpp); nothing a user sees may change with it. Each help text below
// is compared with the one the same app prints with every command's flags declared.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "headroom/args/cli_args.hpp"
#include "headroom/args/engine_flags.hpp"

using namespace headroom::cli;

namespace {
// The app main.cpp builds, its commands declared under `which`.
struct declared {
  CLI::App app{"headroom"};
  cli_args a;
  explicit declared(const command_filter& which) { declare_commands(app, a, which); }
};

command_filter named(std::vector<std::string_view> words) { return command_filter{.all = false, .named = std::move(words)}; }

// Options and positionals declared on `cmd`, help flag included.
std::size_t flags_of(const CLI::App& cmd) { return cmd.get_options().size(); }
}  // namespace

TEST_CASE("command_filter: the words of the command line, or every command") {
  std::array<char*, 5> argv{const_cast<char*>("headroom"), const_cast<char*>("fit"), const_cast<char*>("llama"),
                            const_cast<char*>("--context"), const_cast<char*>("4096")};
  const command_filter f = command_filter::of_command_line(static_cast<int>(argv.size()), argv.data());
  CHECK_FALSE(f.all);
  CHECK(f.wants("fit"));
  CHECK(f.wants("llama"));  // any word: a superset of the command entered
  CHECK_FALSE(f.wants("headroom"));  // argv[0] is the program, never a command
  CHECK_FALSE(f.wants("report"));
  CHECK(command_filter{}.wants("report"));
}

// The filter main.cpp builds from `words` (argv[1..]).
command_filter of_words(std::vector<const char*> words) {
  std::vector<char*> argv{const_cast<char*>("headroom")};
  for (const char* w : words) argv.push_back(const_cast<char*>(w));
  return command_filter::of_command_line(static_cast<int>(argv.size()), argv.data());
}

TEST_CASE("a named command gets every flag but the engine flags its words do not name, the others only their help flag") {
  declared all{command_filter{}};
  declared fit_only{named({"fit"})};
  declared fit_help{of_words({"fit", "--help"})};
  declared fit_knob{of_words({"fit", "--max-num-seqs", "8", "--enforce-eager", "--mem-fraction-static=0.8"})};
  const auto every = [](CLI::App*) { return true; };
  constexpr std::array commands{"list", "report", "matrix", "fit", "decode", "prefill", "plan", "serve",
                                "sla", "header", "plot", "import", "verify"};
  REQUIRE(all.app.get_subcommands(every).size() == commands.size());
  REQUIRE(fit_only.app.get_subcommands(every).size() == commands.size());
  const std::size_t knobs = engine_knobs().size();
  for (const char* name : commands) {
    INFO(name);
    const CLI::App* full = all.app.get_subcommand(name);
    const CLI::App* lazy = fit_only.app.get_subcommand(name);
    if (std::string_view(name) == "fit") {
      CHECK(flags_of(*lazy) + knobs == flags_of(*full));
      CHECK(flags_of(*fit_help.app.get_subcommand(name)) == flags_of(*full));  // --help lists them all
      CHECK(flags_of(*fit_knob.app.get_subcommand(name)) + knobs - 3 == flags_of(*full));
      CHECK(flags_of(*full) > 30);  // the target, engine, plan and output flags
    } else {
      CHECK(flags_of(*lazy) == 1);  // --help
      CHECK(flags_of(*full) > 1);
    }
  }
}

TEST_CASE("help is the same text whether every command's flags are declared or only the named one's") {
  declared all{command_filter{}};
  declared none{named({})};
  CHECK(none.app.help() == all.app.help());  // `headroom --help`: commands and their one-line help
  for (const char* name : {"list", "report", "matrix", "fit", "decode", "prefill", "plan", "serve", "sla", "header",
                           "plot", "import", "verify"}) {
    INFO(name);
    for (const char* help : {"--help", "-h"}) {
      declared one{of_words({name, help})};
      const std::string lazy = one.app.get_subcommand(name)->help();
      CHECK(lazy == all.app.get_subcommand(name)->help());
      CHECK(lazy.find("--help") != std::string::npos);
    }
  }
  // The header command's --macro-prefix is found only when header is declared.
  CHECK(none.a.header_prefix_option == nullptr);
  declared header{named({"header"})};
  CHECK(header.a.header_prefix_option != nullptr);
}

TEST_CASE("a command line parses alike whether every engine flag is declared or only the ones it names") {
  // Each line parsed twice: every flag declared, and as main.cpp declares them. The engine, every
  // engine flag's slot and the parser's error (if any) must agree.
  const std::vector<std::vector<const char*>> lines{
      {"fit", "llama_3_1_8b_instruct", "h100_sxm"},
      {"fit", "llama_3_1_8b_instruct", "h100_sxm", "--max-num-seqs", "8", "--enforce-eager"},
      {"fit", "llama_3_1_8b_instruct", "h100_sxm", "--engine=sglang", "--mem-fraction-static=0.8"},
      {"serve", "qwen3_32b", "b200", "--engine", "sglang", "--isl", "100", "--osl", "10", "--scheduler-recv-interval", "30",
       "--disable-radix-cache"},
      {"fit", "llama_3_1_8b_instruct", "h100_sxm", "--engine", "sglang", "--max-num-seqs", "4"},  // another engine's: refused later
      {"fit", "llama_3_1_8b_instruct", "h100_sxm", "--max-num-seq", "4"},                          // no such flag
      {"fit", "llama_3_1_8b_instruct", "h100_sxm", "--max-num-seqs"},                              // no value
      {"fit", "llama_3_1_8b_instruct", "h100_sxm", "--max-num-seqs", "4", "--max-num-seqs", "5"},
      {"matrix", "--models", "qwen3_8b", "--block-size", "32"},
      {"-o", "--max-num-seqs", "fit"},
  };
  for (const auto& line : lines) {
    std::string shown;
    for (const char* w : line) shown += std::string(" ") + w;
    INFO(shown);
    const auto parse = [&](declared& d) {
      std::vector<char*> argv{const_cast<char*>("headroom")};
      for (const char* w : line) argv.push_back(const_cast<char*>(w));
      try {
        d.app.parse(static_cast<int>(argv.size()), argv.data());
        return std::string("ok");
      } catch (const CLI::ParseError& e) {
        return std::string(e.what());
      }
    };
    declared all{command_filter{}};
    declared lazy{of_words(line)};
    CHECK(parse(lazy) == parse(all));
    CHECK(lazy.a.t.engine.engine == all.a.t.engine.engine);
    CHECK(lazy.a.t.engine.text == all.a.t.engine.text);
    CHECK(lazy.a.t.engine.on == all.a.t.engine.on);
  }
}
