// SPDX-License-Identifier: MIT
// headroom CLI: every command and its flags declared to CLI11 (cli_args.hpp), the output format
// flags, and the checks after parsing.
#include "headroom/args/cli_args.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <initializer_list>
#include <string>
#include <string_view>

#include "headroom/args/engine_cli.hpp"

namespace headroom::cli {

// --kv's help, one text for every command that takes it.
constexpr const char* kv_help =
    "KV cache dtype: auto | bf16 | fp8 (default auto: the checkpoint's quantization config's under vLLM, SGLang "
    "and TensorRT-LLM, else bf16)";
// --requests-per-client's help (serve, sla).
constexpr const char* requests_help =
    "requests each client sends in the run predicted: the first arrive together, the rest as answers end (default "
    "10, as public serving benchmarks run; steady: the steady state alone)";

namespace {

using format_list = std::span<const output_format>;
constexpr std::array all_output_formats{output_format::md, output_format::json, output_format::csv, output_format::h};

// "md | json" (`sep` " | ") or "md or json", "md, json or csv" (`sep` empty): the formats a
// command renders, its default first.
std::string formats_text(format_list formats, std::string_view sep) {
  std::string s;
  for (std::size_t i = 0; i < formats.size(); ++i) {
    const std::string_view between = !sep.empty() ? sep : i + 1 == formats.size() ? " or " : ", ";
    s += fmt::format("{}{}", i == 0 ? "" : between, format_name(formats[i]));
  }
  return s;
}

// The parallel plan: degrees as strings so that bad values name their flag (plan.hpp).
void add_plan(CLI::App* cmd, plan_flags& p) {
  cmd->add_option("--tp", p.tp, "tensor-parallel degree (default 1)");
  cmd->add_option("--pp", p.pp, "pipeline-parallel degree (default 1)");
  cmd->add_option("--ep", p.ep, "expert-parallel degree, dividing --tp x --dp (default 1)");
  cmd->add_option("--dp", p.dp, "data-parallel replicas (vLLM --data-parallel-size; with --ep the MoE spans them, default 1)");
  cmd->add_flag("--dp-attention", p.dp_attention, "attention data parallel over the tp ranks (SGLang --enable-dp-attention)");
  cmd->add_option("--redundant-experts", p.redundant_experts,
                  "extra expert slots a MoE layer holds over the --ep ranks (SGLang --ep-num-redundant-experts, "
                  "TensorRT-LLM num_slots minus the experts; default 0)");
}

void add_target(CLI::App* cmd, target_flags& t, bool with_measured, const command_filter& which) {
  cmd->add_option("model", t.model, "model id or its kebab spelling (headroom list models)");
  cmd->add_option("device", t.device, "device id or its kebab spelling (headroom list devices)");
  cmd->add_option("--config", t.config, "a checkpoint's config.json or folder, in place of MODEL (docs/importing.md)");
  cmd->add_option("--gguf", t.gguf, "a llama.cpp GGUF file, in place of MODEL; engine llama.cpp unless --engine (docs/gguf.md)");
  add_device_options(cmd, t.dev);
  // Required unless --config takes MODEL's place: checked by resolve_ids after parsing.
  cmd->add_option("--kv", t.kv, kv_help);
  cmd->add_option("--ssm-h", t.ssm_h, "recurrent state dtype: auto | f32 | bf16 | f16 (default auto: the engine's)");
  add_engine_options(cmd, t.engine, which);
  cmd->add_flag("--speculative", t.speculative, "load the MTP draft head and count its KV");
  cmd->add_flag("--evict-sliding", t.evict_sliding, "sliding-window layers hold only their window's KV");
  if (with_measured) cmd->add_option("--measured", t.measured, "measured roofline manifest (JSON, docs/cli.md)");
  add_plan(cmd, t.plan);
}

// --format with its aliases: --json always, --csv for the commands that print a table.
void add_output(CLI::App* cmd, output_flags& o, format_list formats) {
  cmd->add_option("--format", o.format, fmt::format("output format: {} (default {})", formats_text(formats, " | "),
                                                    format_name(formats.front())));
  cmd->add_flag("--json", o.json, "print JSON (docs/cli-json.md): --format json");
  for (const output_format f : formats) {
    if (f == output_format::csv) {
      cmd->add_flag("--csv", o.csv, "print CSV (one header line, one line per model x device): --format csv");
    }
  }
  cmd->add_option("-o,--output", o.out, "write to FILE (atomically) instead of stdout");
}

// One option of a command's own, after its target flags: a value (`text`) or a switch (`on`).
struct own_option {
  std::string_view flag;
  std::string* text = nullptr;
  std::string_view help;
  bool required = false;
  bool* on = nullptr;
};

// A command that evaluates one model on one device: the target flags, its own options in
// order, then the output flags of its `formats`.
CLI::App* target_command(CLI::App& app, cli_args& a, const command_filter& which, std::string_view name,
                         std::string_view help, bool with_measured, std::initializer_list<own_option> own,
                         format_list formats) {
  CLI::App* cmd = app.add_subcommand(std::string(name), std::string(help));
  if (!which.wants(name)) return cmd;
  add_target(cmd, a.t, with_measured, which);
  for (const own_option& o : own) {
    if (o.on != nullptr) {
      cmd->add_flag(std::string(o.flag), *o.on, std::string(o.help));
    } else {
      cmd->add_option(std::string(o.flag), *o.text, std::string(o.help))->required(o.required);
    }
  }
  add_output(cmd, a.o, formats);
  return cmd;
}

// An option given with an empty value is refused, never read as "absent" (`--measured ''` was
// ignored, `matrix --models ''` meant all, `-o ''` wrote to stdout).
void refuse_empty_values(const CLI::App& cmd) {
  for (const CLI::Option* opt : cmd.get_options()) {
    if (opt->count() == 0 || opt->get_expected_min() == 0) continue;  // absent, or a flag
    for (const std::string& value : opt->results()) {
      if (value.empty()) throw usage_error(fmt::format("{}: expected a value, got an empty string", opt->get_name()));
    }
  }
}

// `report` takes both ids or neither (then the default report): one alone is a mistake, not a
// request for the default device.
void require_both_ids(const CLI::App& cmd) {
  // Then the one positional is the device (resolve_ids).
  if (cmd.get_option("--config")->count() != 0 || cmd.get_option("--gguf")->count() != 0) return;
  const bool model_given = cmd.get_option("model")->count() != 0;
  // A device made by flags takes the place of DEVICE.
  const bool device_given = cmd.get_option("device")->count() != 0 || cmd.get_option("--device-spec")->count() != 0 ||
                            cmd.get_option("--gpu-memory")->count() != 0 || cmd.get_option("--bandwidth")->count() != 0 ||
                            cmd.get_option("--bf16-tflops")->count() != 0;
  if (model_given != device_given) {
    throw usage_error(fmt::format("{}: expected MODEL and DEVICE, got only the {}", cmd.get_name(),
                                  model_given ? "model" : "device"));
  }
}

// `--help` shows what a value is and its unit, not CLI11's `TEXT`: every option and positional
// that takes a string is named here by what it holds (values are parsed by our own strict
// parsers, which accept the suffixes the texts name).
void name_value_types(CLI::App& app) {
  struct typed {
    std::string_view name;
    std::string_view type;
  };
  static constexpr typed types[] = {
      {"model", "MODEL"}, {"device", "DEVICE"}, {"devices", "DEVICE..."}, {"chart", "roofline|memory|decode|pareto"},
      {"what", "models|devices"}, {"config", "PATH"}, {"gguf", "FILE"}, {"dir", "DIR"}, {"quant", "FILE"}, {"id", "NAME"},
      {"output", "FILE"}, {"format", "FORMAT"}, {"measured", "FILE"}, {"kv", "DTYPE"}, {"device-spec", "FILE"}, {"gpu-memory", "SIZE"}, {"bandwidth", "GB/s"}, {"bf16-tflops", "TFLOPS"}, {"fp8-tflops", "TFLOPS"}, {"fp4-tflops", "TFLOPS"}, {"ssm-h", "DTYPE"}, {"kv-cache-dtype", "DTYPE"},
      {"engine", "ENGINE"}, {"context", "TOKENS"}, {"seqs", "N"}, {"batch", "N[,N...]"}, {"tokens", "TOKENS[,TOKENS...]"},
      {"tp", "N"}, {"pp", "N"}, {"ep", "N"}, {"dp", "N"}, {"redundant-experts", "N"},
      {"prefill-redundant-experts", "N"}, {"decode-redundant-experts", "N"}, {"models", "IDS"}, {"macro-prefix", "NAME"},
      {"gpu-memory-utilization", "FRACTION"}, {"mem-fraction-static", "FRACTION"}, {"free-gpu-memory-fraction", "FRACTION"},
      {"max-model-len", "TOKENS"}, {"max-num-seqs", "N"}, {"max-num-batched-tokens", "TOKENS"}, {"block-size", "TOKENS"},
      {"kv-cache-memory-bytes", "BYTES"}, {"cudagraph-mode", "MODE"}, {"max-cudagraph-capture-size", "TOKENS"}, {"num-speculative-tokens", "N"}, {"page-size", "TOKENS"}, {"chunked-prefill-size", "TOKENS"},
      {"max-running-requests", "N"}, {"cuda-graph-max-bs", "N"}, {"context-length", "TOKENS"}, {"max-mamba-cache-size", "N"},
      {"mamba-scheduler-strategy", "no_buffer|extra_buffer"}, {"speculative-num-draft-tokens", "N"}, {"scheduler-recv-interval", "N"}, {"requests-per-client", "N|steady"}, {"tokens-per-block", "TOKENS"},
      {"max-num-tokens", "TOKENS"}, {"max-batch-size", "N"}, {"max-seq-len", "TOKENS"}, {"max-tokens", "TOKENS"},
      {"ctx-size", "TOKENS"}, {"parallel", "N"}, {"ubatch-size", "TOKENS"}, {"cache-type-k", "TYPE"},
      {"cache-type-v", "TYPE"}, {"flash-attn", "on|off"},
      {"isl", "TOKENS"}, {"osl", "TOKENS"}, {"prefix", "TOKENS"}, {"usd-per-gpu-hour", "PRICE"}, {"concurrency", "N[,N...]"}, {"request-rate", "R[,R...]"}, {"prefill-workers", "N"}, {"prefill-tp", "N"},
      {"decode-workers", "N"}, {"decode-tp", "N"}, {"prefill-ep", "N"}, {"decode-ep", "N"}, {"prefill-batch-tokens", "TOKENS"},
      {"moe-dense-tp-size", "N"}, {"speculative-tokens", "K"}, {"acceptance-length", "A"}, {"draft-model", "ID"},
      {"ttft-ms", "MS"}, {"tpot-ms", "MS"}, {"gpus", "N"}, {"calibration", "FILE"}};
  std::vector<CLI::App*> cmds = app.get_subcommands([](CLI::App*) { return true; });
  cmds.push_back(&app);
  for (CLI::App* cmd : cmds) {
    for (CLI::Option* opt : cmd->get_options()) {
      if (opt->get_type_size() == 0) continue;  // a flag
      // A positional's name, else its first long name (`-o,--output` is `output`).
      std::string n = opt->get_lnames().empty() ? opt->get_name(true) : opt->get_lnames().front();
      for (const typed& t : types) {
        if (n == t.name) opt->type_name(std::string(t.type));
      }
    }
  }
}

}  // namespace

std::string_view format_name(output_format f) {
  switch (f) {
    case output_format::md: return "md";
    case output_format::json: return "json";
    case output_format::csv: return "csv";
    case output_format::h: return "h";
  }
  return "md";
}

output_format resolve_format(const output_flags& o, std::string_view command, format_list formats) {
  if (o.json && o.csv) throw usage_error("--json and --csv: choose one output format");
  const char* alias = o.json ? "json" : o.csv ? "csv" : nullptr;
  if (o.format.empty() && alias == nullptr) return formats.front();
  const std::string_view wanted = o.format.empty() ? std::string_view(alias) : std::string_view(o.format);
  if (alias != nullptr && wanted != alias) {
    throw usage_error(fmt::format("--format {} and --{}: choose one output format", wanted, alias));
  }
  for (const output_format f : formats) {
    if (format_name(f) == wanted) return f;
  }
  for (const output_format f : all_output_formats) {
    if (format_name(f) == wanted) {
      throw usage_error(fmt::format("{}: no {} output (expected {})", command, wanted, formats_text(formats, "")));
    }
  }
  throw usage_error(fmt::format("--format: unknown format `{}` (expected {})", wanted, formats_text(formats, "")));
}

bool command_filter::wants(std::string_view name) const {
  return all || std::find(named.begin(), named.end(), name) != named.end();
}

bool command_filter::wants_flag(std::string_view flag) const {
  if (all || help) return true;
  return std::any_of(named.begin(), named.end(), [flag](std::string_view w) {
    return w.substr(0, flag.size()) == flag && (w.size() == flag.size() || w[flag.size()] == '=');
  });
}

command_filter command_filter::of_command_line(int argc, char** argv) {
  command_filter f{.all = false, .named = {}};
  for (int i = 1; i < argc; ++i) {
    const std::string_view w = f.named.emplace_back(argv[i]);
    if (w == "-h" || w == "--help" || w == "--help-all") f.help = true;
  }
  return f;
}

void declare_commands(CLI::App& app, cli_args& a, const command_filter& which) {
  a.list = app.add_subcommand("list", "list the shipped models or devices");
  if (which.wants("list")) {
    a.list->add_option("what", a.what, "models | devices")->required();
    add_output(a.list, a.o, text_formats);
  }

  a.report = target_command(app, a, which, "report", "the hardware report of MODEL on DEVICE (Markdown)", true,
                            {{"--context", &a.report_context, "KV tokens per sequence in the decode runs (default: the constants' context, 4096)"}},
                            text_formats);

  a.matrix = app.add_subcommand("matrix", "every model x device: tok/s over batches, fit of a load, max C, the plan when one device is not enough");
  if (which.wants("matrix")) {
    a.matrix->add_option("--models", a.matrix_models, "comma-separated model ids (default: all)");
    a.matrix->add_option("--devices", a.matrix_devices, "comma-separated device ids, or all (default: all)");
    a.matrix->add_option("--context", a.sweep_context, "tokens of context per sequence (default 4096; 32k = 32000, 32K = 32768)");
    a.matrix->add_option("--batch", a.sweep_batch, "comma-separated decode batches (default 1,16,128)");
    a.matrix->add_option("--seqs", a.sweep_seqs, "sequences of the load whose fit is asked (default 1)");
    add_device_options(a.matrix, a.t.dev);
    a.matrix->add_option("--kv", a.t.kv, kv_help);
    add_engine_options(a.matrix, a.t.engine, which);
    add_output(a.matrix, a.o, table_formats);
  }

  a.fit = target_command(
      app, a, which, "fit", "does SEQS x CONTEXT fit on DEVICE under the engine; max sequences; the smallest plan that holds it", false,
      {{"--context", &a.fit_context,
        "tokens of context per sequence (32k = 32000, 32K = 32768; default: the engine's length flag when given)"},
       {"--seqs", &a.fit_seqs, "concurrent sequences (default 1)"},
       {"--exit-zero", nullptr, "exit 0 even when the load does not fit (default: exit 3)", false, &a.fit_exit_zero},
       {"--devices", &a.fit_devices,
        "a fleet answer instead of DEVICE: all, or comma-separated ids (one table: fits, max sequences, the plan, tok/s)"},
       {"--draft-model", &a.draft_model,
        "hold a separate draft checkpoint beside the model (an EAGLE-3 head: id or Hub id): its weights and its layer's KV"}},
      table_formats);

  a.decode = target_command(app, a, which, "decode", "decode-step ceilings over batches x contexts", true,
                            {{"--batch", &a.decode_batch, "comma-separated batch sizes (default 1,16,128)"},
                             {"--context", &a.decode_context, "comma-separated contexts (default: the constants' context, 4096)"}},
                            text_formats);

  a.prefill = target_command(app, a, which, "prefill", "prefill ceilings of one sequence of T prompt tokens", true,
                             {{"--tokens", &a.prefill_tokens, "comma-separated prompt lengths (default 4096,32768)"}},
                             text_formats);

  a.plan = target_command(app, a, which, "plan", "the best valid TP / PP / EP plan of each device count that holds SEQS x CONTEXT", true,
                          {{"--seqs", &a.plan_seqs, "concurrent sequences (default 1)"},
                           {"--context", &a.plan_context, "tokens of context per sequence (default: the engine's length flag when given)"},
                           {"--gpus", &a.plan_gpus, "one size: every valid plan of N devices (default: the best plan of each size)"}},
                          text_formats);

  a.header = target_command(
      app, a, which, "header", "a self-contained C/C++ header of the deployment's constants", true,
      {{"--seqs", &a.header_seqs, "concurrent sequences", true},
       {"--context", &a.header_context, "tokens of context per sequence (default: the engine's length flag when given)"},
       {"--macro-prefix", &a.header_prefix,
        "prefix of every macro, e.g. APP_LLM (default HEADROOM_<MODEL>_<DEVICE>): names that stay when the model or device changes"}},
      header_formats);
  if (which.wants("header")) a.header_prefix_option = a.header->get_option("--macro-prefix");

  a.serve = target_command(
      app, a, which, "serve", "TTFT, TPOT and tokens/s of a closed loop of clients: prediction and ceiling (docs/serving.md)", true,
      {{"--isl", &a.serve_isl, "prompt tokens of each request", true},
       {"--osl", &a.serve_osl, "answer tokens of each request", true},
       {"--usd-per-gpu-hour", &a.usd_per_gpu_hour,
        "the price of a GPU-hour in dollars: each run's $ per million output tokens (the price is yours; none ships)"},
       {"--shared-prefix", nullptr, "with --prefix: every request's prefix is the same tokens (one system prompt), which the KV pool holds once", false, &a.shared_prefix},
       {"--prefix", &a.serve_prefix, "of each prompt's --isl tokens, the first TOKENS in the engine's prefix cache (a system prompt, an earlier turn): attended over, not prefilled (default 0)"},
       {"--concurrency", &a.serve_concurrency, "comma-separated client counts (default 1)"},
       {"--requests-per-client", &a.requests_per_client, requests_help},
       {"--request-rate", &a.request_rate,
        "an open loop instead of --concurrency: comma-separated request rates, requests a second arriving at random"},
       {"--disagg", nullptr, "disaggregated serving: prefill and decode workers", false, &a.disagg},
       {"--breakdown", nullptr,
        "also where a decode step at each run's running batch goes: its kernels by cost class, the collectives and the "
        "fixed costs (docs/serving.md, \"Where a step goes\")",
        false, &a.serve_breakdown},
       {"--prefill-workers", &a.prefill_workers, "--disagg: prefill workers"},
       {"--prefill-tp", &a.prefill_tp, "--disagg: tensor-parallel degree of a prefill worker (default 1)"},
       {"--decode-workers", &a.decode_workers, "--disagg: decode workers"},
       {"--decode-tp", &a.decode_tp, "--disagg: tensor-parallel degree of a decode worker (default 1)"},
       {"--prefill-ep", &a.prefill_ep, "--disagg: expert-parallel degree of a prefill worker, dividing --prefill-tp (default 1)"},
       {"--decode-ep", &a.decode_ep, "--disagg: expert-parallel degree of a decode worker, dividing --decode-tp (default 1)"},
       {"--prefill-redundant-experts", &a.prefill_redundant_experts,
        "--disagg: extra expert slots a MoE layer of a prefill worker holds over its EP ranks (default 0)"},
       {"--decode-redundant-experts", &a.decode_redundant_experts,
        "--disagg: extra expert slots a MoE layer of a decode worker holds over its EP ranks (default 0)"},
       {"--prefill-dp-attention", nullptr, "--disagg: a prefill worker's attention data parallel over its TP ranks", false,
        &a.prefill_dp_attention},
       {"--decode-dp-attention", nullptr, "--disagg: a decode worker's attention data parallel over its TP ranks", false,
        &a.decode_dp_attention},
       {"--prefill-batch-tokens", &a.prefill_batch_tokens,
        "--disagg: prompt tokens one prefill pass of a scheduling rank holds (the prefill workers' max_num_tokens / "
        "max-prefill-tokens; default: the engine's budget)"},
       {"--speculative-tokens", &a.speculative_tokens, "draft tokens a round from the checkpoint's MTP head or --draft-model (K)"},
       {"--acceptance-length", &a.acceptance_length,
        "mean tokens a verify step emits, 1 to K + 1 (no default: take it from a published figure)"},
       {"--draft-model", &a.draft_model,
        "a separate draft checkpoint drafting the K tokens (an EAGLE-3 head: id or Hub id); its weights and its layer's KV are held too"},
       {"--calibration", &a.calibration,
        "a calibration table (JSON, docs/calibration.md) for DEVICE under the engine, in place of the shipped one"}},
      text_formats);

  a.sla = app.add_subcommand("sla", "the devices, engines, plans and concurrencies that meet TTFT and TPOT targets");
  if (which.wants("sla")) {
  a.sla->add_option("model", a.t.model, "model id, display name or Hub id (headroom list models)");
  a.sla->add_option("--config", a.t.config, "a checkpoint's config.json or folder, in place of MODEL (docs/importing.md)");
  a.sla->add_option("--devices", a.sla_devices, "all, or comma-separated device ids (default all)");
  a.sla->add_option("--isl", a.serve_isl, "prompt tokens of each request")->required();
  a.sla->add_option("--osl", a.serve_osl, "answer tokens of each request")->required();
  a.sla->add_option("--usd-per-gpu-hour", a.usd_per_gpu_hour,
                    "PRICE, or DEVICE=PRICE[,DEVICE=PRICE...]: dollars a GPU-hour, and the configurations cheapest first "
                    "(devices not named unpriced)");
  a.sla->add_flag("--shared-prefix", a.shared_prefix, "with --prefix: every request's prefix is the same tokens (one system prompt), which the KV pool holds once");
  a.sla->add_option("--prefix", a.serve_prefix, "of each prompt's --isl tokens, the first TOKENS in the engine's prefix cache (a system prompt, an earlier turn): attended over, not prefilled (default 0)");
  a.sla->add_option("--ttft-ms", a.sla_ttft, "time-to-first-token target, ms")->required();
  a.sla->add_option("--tpot-ms", a.sla_tpot, "time-per-output-token target, ms")->required();
  a.sla->add_option("--gpus", a.sla_gpus, "the most GPUs a configuration may use (default 8)");
  a.sla->add_option("--requests-per-client", a.requests_per_client, requests_help);
  a.sla->add_option("--request-rate", a.request_rate,
                    "an open loop of R requests a second arriving at random: each configuration's replicas that serve it "
                    "meeting both targets, fewest GPUs first");
  a.sla->add_option("--concurrency", a.sla_concurrency,
                    "N clients to serve (a closed loop): each configuration's copies that carry them meeting both targets, "
                    "fewest GPUs first");
  a.sla->add_option("--engine", a.t.engine.engine, "vllm | sglang | trtllm (default: all three)");
  a.sla->add_option("--kv", a.t.kv, kv_help);
  add_output(a.sla, a.o, text_formats);
  }

  a.plot = app.add_subcommand("plot", "SVG charts: the roofline, memory bars per device, decode tok/s against batch");
  if (which.wants("plot")) {
    a.plot->add_option("chart", a.plot_kind, "roofline | memory | decode | pareto")->required();
    a.plot->add_option("model", a.t.model, "model id, display name or Hub id (headroom list models)")->required();
    a.plot->add_option("devices", a.plot_devices, "one device (roofline) or several (memory, decode, pareto)");
    a.plot->add_option("--config", a.t.config, "a checkpoint's config.json or folder, in place of MODEL (docs/importing.md)");
    add_device_options(a.plot, a.t.dev);
    a.plot->add_option("--kv", a.t.kv, kv_help);
    a.plot->add_option("--ssm-h", a.t.ssm_h, "recurrent state dtype: auto | f32 | bf16 | f16 (default auto: the engine's)");
    a.plot->add_flag("--speculative", a.t.speculative, "load the MTP draft head and count its KV");
    a.plot->add_flag("--evict-sliding", a.t.evict_sliding, "sliding-window layers hold only their window's KV");
    a.plot->add_option("--measured", a.t.measured, "measured roofline manifest of the (one) device");
    a.plot->add_option("--seqs", a.plot_seqs, "memory: sequences held (default 1)");
    a.plot->add_option("--context", a.plot_context, "tokens of context per sequence (default: the constants' context, 4096)");
    a.plot->add_option("--batch", a.plot_batch, "decode: comma-separated batch sizes (default 1,2,...,256)");
    a.plot->add_option("--tokens", a.plot_tokens, "roofline: prompt tokens of the prefill placed on the chart (default 4096)");
    a.plot->add_option("--isl", a.serve_isl, "pareto: prompt tokens of each request");
    a.plot->add_option("--osl", a.serve_osl, "pareto: answer tokens of each request");
    a.plot->add_flag("--shared-prefix", a.shared_prefix, "pareto: " "with --prefix: every request's prefix is the same tokens (one system prompt), which the KV pool holds once");
    a.plot->add_option("--prefix", a.serve_prefix, "pareto: " "of each prompt's --isl tokens, the first TOKENS in the engine's prefix cache (a system prompt, an earlier turn): attended over, not prefilled (default 0)");
    a.plot->add_option("--ttft-ms", a.sla_ttft, "pareto: time-to-first-token target, ms");
    a.plot->add_option("--tpot-ms", a.sla_tpot, "pareto: time-per-output-token target, ms");
    a.plot->add_option("--gpus", a.sla_gpus, "pareto: the most GPUs a configuration may use (default 8)");
    a.plot->add_option("--request-rate", a.request_rate, "pareto: an open loop of R requests a second (as sla)");
    a.plot->add_option("--concurrency", a.sla_concurrency, "pareto: N clients to serve (as sla)");
    a.plot->add_option("--engine", a.t.engine.engine, "pareto: vllm | sglang | trtllm (default: all three)");
    a.plot->add_option("-o,--output", a.o.out, "write the SVG to FILE (atomically) instead of stdout");
    add_plan(a.plot, a.t.plan);  // roofline, memory, decode: one rank of the plan on each device
  }

  a.import = app.add_subcommand("import", "a constexpr model header from a checkpoint's config.json (docs/importing.md)");
  if (which.wants("import")) {
    // Required unless --gguf names the file instead: checked by run_import.
    a.import->add_option("config", a.import_config, "config.json, or a checkpoint folder");
    a.import->add_option("--gguf", a.import_gguf, "a llama.cpp GGUF file in place of the config (docs/gguf.md)");
    a.import->add_option("--quant", a.import_quant, "hf_quant_config.json (NVIDIA ModelOpt)");
    a.import->add_option("--id", a.import_id, "the model's id, snake_case (the header's variable name)")->required();
    a.import->add_option("-o,--output", a.o.out, "write the header to FILE (atomically) instead of stdout");
  }

  a.verify = app.add_subcommand("verify", "a checkpoint folder's safetensors headers against the model, tensor by tensor");
  if (which.wants("verify")) {
    // Required unless --gguf names the file to check instead: checked by run_verify.
    a.verify->add_option("dir", a.verify_dir, "the checkpoint folder (its *.safetensors, or model.safetensors.index.json + shards)");
    a.verify->add_option("--gguf", a.verify_gguf, "a llama.cpp GGUF file: its tensor table by type, and its layout checked (docs/gguf.md)");
    a.verify->add_option("model", a.verify_model, "model id (default: the folder's own config.json, as --config DIR)");
    a.verify->add_option("--config", a.verify_config, "a config.json or folder, in place of MODEL");
    a.verify->add_option("-o,--output", a.o.out, "write the report to FILE (atomically) instead of stdout");
  }
  name_value_types(app);
}

void check_parsed(const CLI::App& app, cli_args& a) {
  for (const CLI::App* sub : app.get_subcommands()) refuse_empty_values(*sub);
  for (const CLI::App* sub : app.get_subcommands()) {
    const CLI::Option* gguf = sub->get_option_no_throw("--gguf");
    if (gguf == nullptr || gguf->count() == 0) continue;
    if (!a.t.config.empty()) throw usage_error(fmt::format("{}: --gguf and --config both name the model: give one", sub->get_name()));
    // A GGUF file is what llama.cpp loads: its profile sizes it unless --engine names another.
    const CLI::Option* engine = sub->get_option_no_throw("--engine");
    if (engine != nullptr && engine->count() == 0) a.t.engine.engine = "llama.cpp";
  }
  if (*a.report) require_both_ids(*a.report);
}

}  // namespace headroom::cli
