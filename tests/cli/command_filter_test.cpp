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

TEST_CASE("a named command gets every flag it gets when all are declared, the others only their help flag") {
  declared all{command_filter{}};
  declared fit_only{named({"fit"})};
  const auto every = [](CLI::App*) { return true; };
  constexpr std::array commands{"list", "report", "matrix", "fit", "decode", "prefill", "plan", "serve",
                                "sla", "header", "plot", "import", "verify"};
  REQUIRE(all.app.get_subcommands(every).size() == commands.size());
  REQUIRE(fit_only.app.get_subcommands(every).size() == commands.size());
  for (const char* name : commands) {
    INFO(name);
    const CLI::App* full = all.app.get_subcommand(name);
    const CLI::App* lazy = fit_only.app.get_subcommand(name);
    if (std::string_view(name) == "fit") {
      CHECK(flags_of(*lazy) == flags_of(*full));
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
  for (const char* name : {"list", "report", "matrix", "fit", "decode", "prefill", "plan", "header", "plot", "import", "verify"}) {
    INFO(name);
    declared one{named({name})};
    const std::string lazy = one.app.get_subcommand(name)->help();
    CHECK(lazy == all.app.get_subcommand(name)->help());
    CHECK(lazy.find("--help") != std::string::npos);
  }
  // The header command's --macro-prefix is found only when header is declared.
  CHECK(none.a.header_prefix_option == nullptr);
  declared header{named({"header"})};
  CHECK(header.a.header_prefix_option != nullptr);
}
