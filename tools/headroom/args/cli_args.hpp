// SPDX-License-Identifier: MIT
// headroom CLI: the command line as parsed -- every command's flags as given (strings, so that
// our strict parsers refuse bad values naming their flag), the output format, and the rules
// that turn flags into a query. cli_args.cpp declares the commands to CLI11; dispatch.cpp runs
// the one that was given; main.cpp only parses, dispatches and maps errors to exit codes.
#pragma once

#include "headroom/args/cli11_fwd.hpp"

#include <cstdint>
#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <headroom/headroom.hpp>

#include "headroom/args/common.hpp"
#include "headroom/args/device_flags.hpp"
#include "headroom/args/engine_flags.hpp"
#include "headroom/args/plan_cli.hpp"

namespace headroom::cli {

// The report `headroom` prints with no arguments.
inline constexpr std::string_view default_model = "qwen3_next_80b_a3b_instruct";
inline constexpr std::string_view default_device = "h200_sxm";

/// Flags shared by the commands that evaluate one model on one device.
struct target_flags {
  std::string model;   ///< empty: not given (the report's default, or an error)
  std::string device;
  std::string config;  ///< --config PATH in place of MODEL
  std::string gguf;    ///< --gguf FILE in place of MODEL (docs/gguf.md)
  device_flags dev;    ///< --device-spec / --gpu-memory ...: in place of DEVICE, or changing it
  std::string kv;               ///< empty: bf16 (or --kv-cache-dtype)
  std::string ssm_h = "auto";   ///< auto: as the engine allocates it (auto_state_dtype)
  bool speculative = false;
  bool evict_sliding = false;
  std::string measured;
  plan_flags plan;
  engine_flags engine;
};

/// The renderers: Markdown (md), JSON (docs/cli-json.md), CSV (the table commands), the C
/// header (`header`). `plot` renders SVG only and takes no --format.
enum class output_format : std::uint8_t { md, json, csv, h };
std::string_view format_name(output_format f);

/// Each command's formats, its default first.
inline constexpr std::array text_formats{output_format::md, output_format::json};
inline constexpr std::array table_formats{output_format::md, output_format::json, output_format::csv};
inline constexpr std::array header_formats{output_format::h, output_format::json};

struct output_flags {
  std::string format;  ///< --format as given; empty: the command's default (its first format)
  bool json = false;   ///< --json: --format json
  bool csv = false;    ///< --csv: --format csv
  std::string out;
};

/// The format asked for by --format or its aliases --json / --csv, among the command's
/// `formats` (the first is its default); usage_error (exit 2) for an unknown format, one the
/// command has not, or an alias that contradicts --format.
output_format resolve_format(const output_flags& o, std::string_view command, std::span<const output_format> formats);

/// Every command's flags, and the CLI11 subcommand that holds them (null: not declared).
struct cli_args {
  target_flags t;
  output_flags o;
  CLI::App* list = nullptr;
  std::string what;
  CLI::App* report = nullptr;
  std::string report_context;
  CLI::App* matrix = nullptr;
  std::string matrix_models, matrix_devices, sweep_context, sweep_batch, sweep_seqs;
  CLI::App* fit = nullptr;
  std::string fit_context, fit_seqs = "1", fit_devices;
  bool fit_exit_zero = false;
  CLI::App* decode = nullptr;
  std::string decode_batch = "1,16,128", decode_context;
  CLI::App* prefill = nullptr;
  std::string prefill_tokens = "4096,32768";
  CLI::App* plan = nullptr;
  std::string plan_seqs = "1", plan_context, plan_gpus;
  CLI::App* header = nullptr;
  std::string header_seqs, header_context, header_prefix;
  CLI::Option* header_prefix_option = nullptr;
  CLI::App* plot = nullptr;
  std::string plot_kind;
  std::vector<std::string> plot_devices;
  std::string plot_seqs = "1", plot_context, plot_batch = "1,2,4,8,16,32,64,128,256", plot_tokens = "4096";
  CLI::App* serve = nullptr;
  std::string serve_isl, serve_osl, serve_prefix, serve_concurrency = "1", prefill_workers, prefill_tp = "1", decode_workers,
      decode_tp = "1", prefill_ep = "1", decode_ep = "1", prefill_redundant_experts = "0",
      decode_redundant_experts = "0", prefill_batch_tokens, speculative_tokens, acceptance_length, draft_model,
      requests_per_client = "10", request_rate;
  std::string calibration;
  bool disagg = false, prefill_dp_attention = false, decode_dp_attention = false;
  bool serve_breakdown = false;  ///< serve --breakdown: where a decode step at each run's batch goes
  bool shared_prefix = false;    ///< --shared-prefix: the --prefix is one every request shares
  CLI::App* sla = nullptr;
  std::string sla_devices = "all", sla_ttft, sla_tpot, sla_gpus = "8", sla_concurrency;
  std::string usd_per_gpu_hour;  ///< --usd-per-gpu-hour: PRICE, or (sla, plot pareto) DEVICE=PRICE[,DEVICE=PRICE...]
  CLI::App* import = nullptr;
  std::string import_config, import_quant, import_id, import_gguf;
  CLI::App* verify = nullptr;
  std::string verify_dir, verify_model, verify_config, verify_gguf;
};

/// Which commands get their flags declared. CLI11 builds every option up front (a few hundred
/// objects over the commands, most of them the engine flags), which was most of what `headroom
/// --version` cost; a command line can only enter a command it names, so the executable declares
/// only those (help and errors are unchanged: CLI11 shows a command's flags only inside it).
struct command_filter {
  bool all = true;                     ///< every command (tests, the default)
  std::vector<std::string_view> named; ///< else: the commands among these words
  bool help = false;                   ///< a help flag among the words: every flag is declared, as --help lists them
  [[nodiscard]] bool wants(std::string_view name) const;
  /// Whether to declare the engine flag `flag` ("--name"): for every command or a help request,
  /// else only when a word is the flag or starts with "flag=". An engine flag not given is never
  /// read, so leaving it undeclared parses every command line alike, without CLI11 comparing
  /// each of some forty more options with every other as it declares them.
  [[nodiscard]] bool wants_flag(std::string_view flag) const;
  /// The words of argv[1..argc-1]: a superset of the one command the parser can enter.
  static command_filter of_command_line(int argc, char** argv);
};

/// Declares every command on `app`, with the flags of those `which` wants, bound to `a`.
void declare_commands(CLI::App& app, cli_args& a, const command_filter& which = {});

/// The checks after parsing that CLI11 cannot express: no option given an empty value, and
/// `report` with both ids or neither; --gguf alone, with llama.cpp the engine unless --engine says.
void check_parsed(const CLI::App& app, cli_args& a);

/// What a command prints: `text` to stdout or -o FILE, then `warning` (one line) to stderr;
/// `status` is the exit code (0, or 1 / 3 as docs/cli.md says).
struct command_output {
  std::string text;
  std::string warning;
  int status = 0;
};

/// Runs the command `app` parsed into `a` (no command: the report on the defaults).
command_output dispatch(const CLI::App& app, cli_args& a);

/// The settings and engine a command evaluates under, from the shared flags (make_query's rules).
void settings_and_engine(const target_flags& t, settings& s, engine& e);
/// Whether the KV dtype is left to the checkpoint (`--kv auto` or `--kv-cache-dtype auto`, or
/// neither given): auto_kv_dtype resolves it per model.
bool kv_auto(const target_flags& t);

/// MODEL and DEVICE as positionals, or --config PATH and DEVICE (then the one positional is
/// the device); `defaults`: the report's default model and device when absent.
void resolve_ids(target_flags& t, std::string_view command, bool defaults);

/// Ids, flag values, the manifest: every check that can refuse the input, before evaluation.
query make_query(const target_flags& t);

/// The flags that change a result, in canonical spelling, for regenerate lines.
std::string settings_flags(const query& q);

}  // namespace headroom::cli
