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
// --ep N --dp-attention (plan.hpp); a plan that breaks an engine rule is refused (exit 2).
//   headroom import CONFIG [--quant FILE] --id NAME [-o FILE]
//   headroom verify DIR (MODEL | --config PATH)
//
// Every command that takes MODEL also takes `--config PATH` (a config.json or a checkpoint
// folder, docs/importing.md) in its place.
//
// Every command takes --json and -o FILE. Exit codes: 0 done; 1 an evaluation failed (a
// headroom::error from the core, e.g. a byte count over 64 bits) or the output could not be
// written; 2 the input was refused before evaluation (usage, flag values, ids, manifests, an
// -o path refused by docs/cli.md's rules); 3 `fit` ran and the load does not fit (--exit-zero:
// 0). Errors go to stderr as one printable line; output is written only once complete. The
// dispatcher is headroom::cli::run_main (run.hpp), so that tests and fuzz targets run it
// in-process; the executable's main() is entry.cpp.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "headroom/commands.hpp"
#include "headroom/common.hpp"
#include "headroom/engine_cli.hpp"
#include "headroom/engine_flags.hpp"
#include "headroom/header.hpp"
#include "headroom/import/importer.hpp"
#include "headroom/import/verify.hpp"
#include "headroom/manifest.hpp"
#include "headroom/output.hpp"
#include "headroom/plot.hpp"
#include "headroom/plan_cli.hpp"
#include "headroom/report.hpp"
#include "headroom/run.hpp"

namespace {

using namespace headroom;
using namespace headroom::cli;

// The report `headroom` prints with no arguments.
constexpr std::string_view default_model = "qwen3_next_80b_a3b_instruct";
constexpr std::string_view default_device = "h200_sxm";

// Flags shared by the commands that evaluate one model on one device.
struct target_flags {
  std::string model;   // empty: not given (the report's default, or an error)
  std::string device;
  std::string config;  // --config PATH in place of MODEL
  std::string kv;               ///< empty: bf16 (or --kv-cache-dtype)
  std::string ssm_h = "auto";   ///< auto: as the engine allocates it (vLLM bf16, others f32)
  bool speculative = false;
  bool evict_sliding = false;
  std::string measured;
  plan_flags plan;
  engine_flags engine;
};
struct output_flags {
  bool json = false;
  bool csv = false;
  std::string out;
};

// The parallel plan: degrees as strings so that bad values name their flag (plan.hpp).
void add_plan(CLI::App* cmd, plan_flags& p) {
  cmd->add_option("--tp", p.tp, "tensor-parallel degree (default 1)");
  cmd->add_option("--pp", p.pp, "pipeline-parallel degree (default 1)");
  cmd->add_option("--ep", p.ep, "expert-parallel degree, dividing --tp (default 1)");
  cmd->add_flag("--dp-attention", p.dp_attention, "attention data parallel over the tp ranks (SGLang --enable-dp-attention)");
}

void add_target(CLI::App* cmd, target_flags& t, bool optional_ids, bool with_measured) {
  cmd->add_option("model", t.model, "model id or its kebab spelling (headroom list models)");
  cmd->add_option("device", t.device, "device id or its kebab spelling (headroom list devices)");
  cmd->add_option("--config", t.config, "a checkpoint's config.json or folder, in place of MODEL (docs/importing.md)");
  // Required unless --config takes MODEL's place: checked by resolve_ids after parsing.
  (void)optional_ids;
  cmd->add_option("--kv", t.kv, "KV cache dtype: bf16 | fp8 (default bf16)");
  cmd->add_option("--ssm-h", t.ssm_h, "recurrent state dtype: auto | f32 | bf16 | f16 (default auto: the engine's)");
  add_engine_options(cmd, t.engine);
  cmd->add_flag("--speculative", t.speculative, "load the MTP draft head and count its KV");
  cmd->add_flag("--evict-sliding", t.evict_sliding, "sliding-window layers hold only their window's KV");
  if (with_measured) cmd->add_option("--measured", t.measured, "measured roofline manifest (JSON, docs/cli.md)");
  add_plan(cmd, t.plan);
}

void add_output(CLI::App* cmd, output_flags& o) {
  cmd->add_flag("--json", o.json, "print JSON (docs/cli-json.md) instead of Markdown");
  cmd->add_option("-o,--output", o.out, "write to FILE (atomically) instead of stdout");
}
// The table commands (matrix, fit --devices) also print CSV, one row per model x device.
void add_csv(CLI::App* cmd, output_flags& o) {
  cmd->add_flag("--csv", o.csv, "print CSV (one header line, one line per model x device) instead of Markdown");
}

// The settings and engine a command evaluates under, from the shared flags (make_query's rules).
void settings_and_engine(const target_flags& t, settings& s, engine& e) {
  s.kv = t.kv.empty() ? kv_dtype::bf16 : parse_kv(t.kv);
  e = resolve_engine(t.engine, s.kv, !t.kv.empty());
  s.ssm_h = t.ssm_h == "auto" ? auto_state_dtype(e) : parse_state("--ssm-h", t.ssm_h);
  s.speculative = t.speculative;
  s.evict_sliding = t.evict_sliding;
  s = engine_settings(s, e);
}

// A matrix of `ms` x `ds` under the sweep flags, in the output format asked for.
std::string render_matrix(const std::vector<const model*>& ms, const std::vector<const device*>& ds, const matrix_query& mq,
                          const output_flags& o, const std::string& command) {
  if (o.json && o.csv) throw usage_error("--json and --csv: choose one output format");
  const auto rows = compute_matrix(ms, ds, mq);
  if (o.json) return dump(matrix_json(rows, mq));
  if (o.csv) return matrix_csv(rows, mq);
  return matrix_text(rows, command, mq);
}

// The sweep flags in canonical spelling, for the matrix's "Generated by" line.
std::string sweep_flags(const matrix_query& mq, const matrix_query& defaults) {
  std::string s;
  if (mq.context != defaults.context) s += fmt::format(" --context {}", mq.context);
  if (mq.batches != defaults.batches) {
    s += " --batch ";
    for (std::size_t i = 0; i < mq.batches.size(); ++i) s += fmt::format("{}{}", i == 0 ? "" : ",", mq.batches[i]);
  }
  if (mq.seqs != defaults.seqs) s += fmt::format(" --seqs {}", mq.seqs);
  if (mq.s.kv != defaults.s.kv) s += fmt::format(" --kv {}", name(mq.s.kv));
  return s + engine_flags_text(mq.e);
}

// MODEL and DEVICE as positionals, or --config PATH and DEVICE (then the one positional is
// the device); `defaults`: the report's qwen3_next_80b_a3b_instruct on h200_sxm when absent.
void resolve_ids(target_flags& t, std::string_view command, bool defaults) {
  if (!t.config.empty()) {
    if (!t.model.empty() && !t.device.empty()) {
      throw usage_error(fmt::format("{}: --config takes the place of MODEL: give DEVICE alone", command));
    }
    if (t.device.empty()) t.device = t.model;
    t.model.clear();
    if (t.device.empty() && defaults) t.device = default_device;
    if (t.device.empty()) throw usage_error(fmt::format("{}: DEVICE is required", command));
    return;
  }
  if (defaults) {
    if (t.model.empty()) t.model = default_model;
    if (t.device.empty()) t.device = default_device;
  }
  if (t.model.empty() || t.device.empty()) {
    throw usage_error(fmt::format("{}: MODEL and DEVICE are required (or --config PATH and DEVICE)", command));
  }
}

// Ids, flag values, the manifest: every check that can refuse the input, before evaluation.
query make_query(const target_flags& t) {
  query q{};
  if (!t.config.empty()) {
    std::shared_ptr<const import::imported> im = import::import_config({t.config, "", ""});
    q.m = &im->m;
    q.owner = im;
    q.config = t.config;
  } else {
    q.m = &resolve_model(t.model);
  }
  q.d = &resolve_device(t.device);
  q.s.kv = t.kv.empty() ? kv_dtype::bf16 : parse_kv(t.kv);
  q.e = resolve_engine(t.engine, q.s.kv, !t.kv.empty());
  q.s.ssm_h = t.ssm_h == "auto" ? auto_state_dtype(q.e) : parse_state("--ssm-h", t.ssm_h);
  q.s.speculative = t.speculative;
  // Fit and time use one model: sliding layers as the engine stores them (only their window
  // under every engine; all tokens under engines::none unless --evict-sliding).
  q.s.evict_sliding = t.evict_sliding;
  q.p = parse_plan(*q.m, t.plan);
  q.s = engine_settings(q.s, q.e);
  if (!t.measured.empty()) {
    // The path is echoed into reports, JSON and generated headers: it must print as itself.
    if (printable(t.measured) != t.measured) {
      throw usage_error(fmt::format("--measured: the path `{}` holds control characters or invalid UTF-8", t.measured));
    }
    const manifest mf = load_manifest(t.measured, q.d);
    q.r = mf.constants;
    q.manifest = t.measured;
    q.context_default = mf.context_tokens;
  } else {
    q.r = default_roofline(*q.d);
    q.context_default = q.d->has_measured ? q.d->measured.context_tokens : 4096;
  }
  return q;
}

// The flags that change a result, in canonical spelling, for regenerate lines.
std::string settings_flags(const query& q) {
  const settings defaults{};
  std::string s;
  if (q.s.kv != defaults.kv) s += fmt::format(" --kv {}", name(q.s.kv));
  if (q.s.ssm_h != auto_state_dtype(q.e)) s += fmt::format(" --ssm-h {}", name(q.s.ssm_h));
  if (q.s.speculative) s += " --speculative";
  if (q.s.evict_sliding && q.e.kind == engine_kind::none) s += " --evict-sliding";
  if (!q.manifest.empty()) s += fmt::format(" --measured {}", q.manifest);
  s += engine_flags_text(q.e);
  return s + plan_cli_flags(q.p);
}

// ---- Input hardening (issue 13): nothing is given a silent default --------------------------

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
  if (cmd.get_option("--config")->count() != 0) return;  // then the one positional is the device (resolve_ids)
  const bool model_given = cmd.get_option("model")->count() != 0;
  const bool device_given = cmd.get_option("device")->count() != 0;
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
      {"model", "MODEL"}, {"device", "DEVICE"}, {"devices", "DEVICE..."}, {"chart", "roofline|memory|decode"},
      {"what", "models|devices"}, {"config", "PATH"}, {"dir", "DIR"}, {"quant", "FILE"}, {"id", "NAME"},
      {"output", "FILE"}, {"measured", "FILE"}, {"kv", "DTYPE"}, {"ssm-h", "DTYPE"}, {"kv-cache-dtype", "DTYPE"},
      {"engine", "ENGINE"}, {"context", "TOKENS"}, {"seqs", "N"}, {"batch", "N[,N...]"}, {"tokens", "TOKENS[,TOKENS...]"},
      {"tp", "N"}, {"pp", "N"}, {"ep", "N"}, {"models", "IDS"}, {"macro-prefix", "NAME"},
      {"gpu-memory-utilization", "FRACTION"}, {"mem-fraction-static", "FRACTION"}, {"free-gpu-memory-fraction", "FRACTION"},
      {"max-model-len", "TOKENS"}, {"max-num-seqs", "N"}, {"max-num-batched-tokens", "TOKENS"}, {"block-size", "TOKENS"},
      {"kv-cache-memory-bytes", "BYTES"}, {"page-size", "TOKENS"}, {"chunked-prefill-size", "TOKENS"},
      {"max-running-requests", "N"}, {"cuda-graph-max-bs", "N"}, {"context-length", "TOKENS"}, {"tokens-per-block", "TOKENS"},
      {"max-num-tokens", "TOKENS"}, {"max-batch-size", "N"}, {"max-seq-len", "TOKENS"}, {"max-tokens", "TOKENS"},
      {"ctx-size", "TOKENS"}, {"parallel", "N"}, {"ubatch-size", "TOKENS"}, {"cache-type-k", "TYPE"},
      {"cache-type-v", "TYPE"}, {"flash-attn", "on|off"}};
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

int run(int argc, char** argv, run_io& io) {
  CLI::App app{"headroom: what an LLM deployment holds in memory, whether it fits, and its roofline ceilings.\n"
               "With no command: the report of qwen3_next_80b_a3b_instruct on h200_sxm."};
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", std::string(version()));

  target_flags t;
  output_flags o;

  auto* list = app.add_subcommand("list", "list the shipped models or devices");
  std::string what;
  list->add_option("what", what, "models | devices")->required();
  add_output(list, o);

  auto* report = app.add_subcommand("report", "the hardware report of MODEL on DEVICE (Markdown)");
  std::string report_context;
  add_target(report, t, true, true);
  report->add_option("--context", report_context, "KV tokens per sequence in the decode runs (default: the constants' context, 4096)");
  add_output(report, o);

  auto* matrix = app.add_subcommand("matrix", "every model x device: tok/s over batches, fit of a load, max C, the plan when one device is not enough");
  std::string matrix_models;
  std::string matrix_devices;
  std::string sweep_context;
  std::string sweep_batch;
  std::string sweep_seqs;
  matrix->add_option("--models", matrix_models, "comma-separated model ids (default: all)");
  matrix->add_option("--devices", matrix_devices, "comma-separated device ids, or all (default: all)");
  matrix->add_option("--context", sweep_context, "tokens of context per sequence (default 4096; 32k = 32000, 32K = 32768)");
  matrix->add_option("--batch", sweep_batch, "comma-separated decode batches (default 1,16,128)");
  matrix->add_option("--seqs", sweep_seqs, "sequences of the load whose fit is asked (default 1)");
  matrix->add_option("--kv", t.kv, "KV cache dtype: bf16 | fp8 (default bf16)");
  add_engine_options(matrix, t.engine);
  add_output(matrix, o);
  add_csv(matrix, o);

  auto* fit = app.add_subcommand("fit", "does SEQS x CONTEXT fit on DEVICE under the engine; max sequences; the smallest plan that holds it");
  std::string fit_context;
  std::string fit_seqs = "1";
  bool fit_exit_zero = false;
  add_target(fit, t, false, false);
  fit->add_option("--context", fit_context, "tokens of context per sequence (32k = 32000, 32K = 32768)")->required();
  fit->add_option("--seqs", fit_seqs, "concurrent sequences (default 1)");
  fit->add_flag("--exit-zero", fit_exit_zero, "exit 0 even when the load does not fit (default: exit 3)");
  std::string fit_devices;
  fit->add_option("--devices", fit_devices,
                  "a fleet answer instead of DEVICE: all, or comma-separated ids (one table: fits, max sequences, the plan, tok/s)");
  add_output(fit, o);
  add_csv(fit, o);

  auto* decode = app.add_subcommand("decode", "decode-step ceilings over batches x contexts");
  std::string decode_batch = "1,16,128";
  std::string decode_context;
  add_target(decode, t, false, true);
  decode->add_option("--batch", decode_batch, "comma-separated batch sizes (default 1,16,128)");
  decode->add_option("--context", decode_context, "comma-separated contexts (default: the constants' context, 4096)");
  add_output(decode, o);

  auto* pre = app.add_subcommand("prefill", "prefill ceilings of one sequence of T prompt tokens");
  std::string prefill_tokens = "4096,32768";
  add_target(pre, t, false, true);
  pre->add_option("--tokens", prefill_tokens, "comma-separated prompt lengths (default 4096,32768)");
  add_output(pre, o);

  auto* plan = app.add_subcommand("plan", "the smallest valid TP / PP / EP plans that hold SEQS x CONTEXT, fastest first");
  std::string plan_seqs = "1";
  std::string plan_context;
  add_target(plan, t, false, true);
  plan->add_option("--seqs", plan_seqs, "concurrent sequences (default 1)");
  plan->add_option("--context", plan_context, "tokens of context per sequence")->required();
  add_output(plan, o);

  auto* header = app.add_subcommand("header", "a self-contained C/C++ header of the deployment's constants");
  std::string header_seqs;
  std::string header_context;
  add_target(header, t, false, true);
  header->add_option("--seqs", header_seqs, "concurrent sequences")->required();
  header->add_option("--context", header_context, "tokens of context per sequence")->required();
  std::string header_prefix;
  auto* header_prefix_option = header->add_option("--macro-prefix", header_prefix,
                     "prefix of every macro, e.g. APP_LLM (default HEADROOM_<MODEL>_<DEVICE>): names that stay when the model or device changes");
  add_output(header, o);

  auto* plot = app.add_subcommand("plot", "SVG charts: the roofline, memory bars per device, decode tok/s against batch");
  std::string plot_kind_text;
  std::vector<std::string> plot_devices;
  std::string plot_seqs = "1";
  std::string plot_context;
  std::string plot_batch = "1,2,4,8,16,32,64,128,256";
  std::string plot_tokens = "4096";
  plot->add_option("chart", plot_kind_text, "roofline | memory | decode")->required();
  plot->add_option("model", t.model, "model id, display name or Hub id (headroom list models)")->required();
  plot->add_option("devices", plot_devices, "one device (roofline) or several (memory, decode)");
  plot->add_option("--config", t.config, "a checkpoint's config.json or folder, in place of MODEL (docs/importing.md)");
  plot->add_option("--kv", t.kv, "KV cache dtype: bf16 | fp8 (default bf16)");
  plot->add_option("--ssm-h", t.ssm_h, "recurrent state dtype: auto | f32 | bf16 | f16 (default auto: the engine's)");
  plot->add_flag("--speculative", t.speculative, "load the MTP draft head and count its KV");
  plot->add_flag("--evict-sliding", t.evict_sliding, "sliding-window layers hold only their window's KV");
  plot->add_option("--measured", t.measured, "measured roofline manifest of the (one) device");
  plot->add_option("--seqs", plot_seqs, "memory: sequences held (default 1)");
  plot->add_option("--context", plot_context, "tokens of context per sequence (default: the constants' context, 4096)");
  plot->add_option("--batch", plot_batch, "decode: comma-separated batch sizes (default 1,2,...,256)");
  plot->add_option("--tokens", plot_tokens, "roofline: prompt tokens of the prefill placed on the chart (default 4096)");
  plot->add_option("-o,--output", o.out, "write the SVG to FILE (atomically) instead of stdout");

  auto* imp = app.add_subcommand("import", "a constexpr model header from a checkpoint's config.json (docs/importing.md)");
  std::string import_config_path;
  std::string import_quant;
  std::string import_id;
  imp->add_option("config", import_config_path, "config.json, or a checkpoint folder")->required();
  imp->add_option("--quant", import_quant, "hf_quant_config.json (NVIDIA ModelOpt)");
  imp->add_option("--id", import_id, "the model's id, snake_case (the header's variable name)")->required();
  imp->add_option("-o,--output", o.out, "write the header to FILE (atomically) instead of stdout");

  auto* ver = app.add_subcommand("verify", "a checkpoint folder's safetensors headers against the model, tensor by tensor");
  std::string verify_dir;
  std::string verify_model;
  std::string verify_config;
  ver->add_option("dir", verify_dir, "the checkpoint folder (its *.safetensors, or model.safetensors.index.json + shards)")->required();
  ver->add_option("model", verify_model, "model id (default: the folder's own config.json, as --config DIR)");
  ver->add_option("--config", verify_config, "a config.json or folder, in place of MODEL");
  ver->add_option("-o,--output", o.out, "write the report to FILE (atomically) instead of stdout");

  name_value_types(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::ParseError& e) {
    io.err << "headroom: error: " << printable(e.what()) << " (see `headroom --help`)\n";
    return 2;
  }

  for (const CLI::App* sub : app.get_subcommands()) refuse_empty_values(*sub);
  if (*report) require_both_ids(*report);
  if (!o.out.empty()) {
    if (!io.allow_output_files) throw usage_error("-o: writing files is disabled here");
    check_output_path(o.out);
  }

  std::string text;
  std::string warning;
  int status = 0;
  if (*list) {
    if (what == "models") {
      text = o.json ? dump(list_models_json()) : list_models_text();
    } else if (what == "devices") {
      text = o.json ? dump(list_devices_json()) : list_devices_text();
    } else {
      throw usage_error(fmt::format("list: expected `models` or `devices`, got `{}`", what));
    }
  } else if (*matrix) {
    std::vector<const model*> ms;
    std::vector<const device*> ds;
    std::string cmd = "headroom matrix";
    if (!matrix_models.empty()) {
      std::string ids;
      for (const std::string& id : parse_id_list("--models", matrix_models)) {
        ms.push_back(&resolve_model(id));
        ids += fmt::format("{}{}", ids.empty() ? "" : ",", ms.back()->id);
      }
      cmd += " --models " + ids;
    } else {
      ms.assign(models::all.begin(), models::all.end());
    }
    if (!matrix_devices.empty() && matrix_devices != "all") {
      std::string ids;
      for (const std::string& id : parse_id_list("--devices", matrix_devices)) {
        ds.push_back(&resolve_device(id));
        ids += fmt::format("{}{}", ids.empty() ? "" : ",", ds.back()->id);
      }
      cmd += " --devices " + ids;
    } else {
      ds.assign(devices::all.begin(), devices::all.end());
    }
    matrix_query mq{};
    settings_and_engine(t, mq.s, mq.e);
    if (!sweep_context.empty()) mq.context = parse_count("--context", sweep_context);
    if (!sweep_batch.empty()) mq.batches = parse_positive_list("--batch", sweep_batch);
    if (!sweep_seqs.empty()) mq.seqs = parse_count("--seqs", sweep_seqs);
    text = render_matrix(ms, ds, mq, o, cmd + sweep_flags(mq, matrix_query{}));
  } else if (*imp) {
    const auto im = import::import_config({import_config_path, import_quant, import_id});
    std::string cmd = fmt::format("headroom import {}", import_config_path);
    if (!import_quant.empty()) cmd += " --quant " + import_quant;
    cmd += " --id " + import_id;
    text = import::emit_header(*im, cmd);
  } else if (*ver) {
    // Exit 1 when the files and the model disagree: the report says where.
    if (!verify_model.empty() && !verify_config.empty()) throw usage_error("verify: --config takes the place of MODEL: give one");
    std::error_code ec;
    if (!std::filesystem::is_directory(verify_dir, ec)) throw usage_error(fmt::format("verify: `{}` is not a folder", verify_dir));
    if (verify_model.empty() && verify_config.empty()) verify_config = verify_dir;
    std::shared_ptr<const import::imported> im;
    const model* m = nullptr;
    if (!verify_config.empty()) {
      im = import::import_config({verify_config, "", ""});
      m = &im->m;
    } else {
      m = &resolve_model(verify_model);
    }
    // Mixtral spells its MoE tensors block_sparse_moe.*: the importer knows the model_type; a
    // shipped table is recognised by its id.
    const std::string model_type = im ? im->model_type : (m->id.substr(0, 7) == "mixtral" ? "mixtral" : "");
    const import::verify_result r = import::verify(*m, model_type, verify_dir);
    text = r.text;
    status = r.agree ? 0 : 1;
  } else if (*plot) {
    if (!t.config.empty()) {  // the first positional was a device
      plot_devices.insert(plot_devices.begin(), t.model);
      t.model.clear();
    }
    if (plot_devices.empty()) throw usage_error("plot: DEVICES are required");
    plot_request p;
    p.kind = parse_plot_kind(plot_kind_text);
    if (!t.measured.empty() && plot_devices.size() != 1) throw usage_error("plot: --measured takes one device");
    for (const std::string& id : plot_devices) {
      target_flags one = t;
      one.device = id;
      p.targets.push_back(make_query(one));
    }
    p.seqs = parse_positive("--seqs", plot_seqs);
    p.context = plot_context.empty() ? p.targets.front().context_default : parse_positive("--context", plot_context);
    p.batches = parse_positive_list("--batch", plot_batch);
    p.prefill_tokens = parse_positive("--tokens", plot_tokens);
    text = plot_svg(p);
  } else if (*fit && !fit_devices.empty()) {
    // The fleet answer: one model on every named device, one table.
    if (t.config.empty() ? !t.device.empty() : !t.model.empty()) {
      throw usage_error("fit: give DEVICE or --devices, not both");
    }
    if (t.plan.tp != "1" || t.plan.pp != "1" || t.plan.ep != "1" || t.plan.dp_attention) {
      throw usage_error("fit --devices: the plan is chosen per device; --tp, --pp, --ep and --dp-attention apply to one DEVICE");
    }
    std::vector<const device*> ds;
    std::string ids;
    if (fit_devices == "all") {
      ds.assign(devices::all.begin(), devices::all.end());
      ids = "all";
    } else {
      for (const std::string& id : parse_id_list("--devices", fit_devices)) {
        ds.push_back(&resolve_device(id));
        ids += fmt::format("{}{}", ids.empty() ? "" : ",", ds.back()->id);
      }
    }
    target_flags one = t;
    if (one.config.empty() && one.model.empty()) throw usage_error("fit: MODEL is required (or --config PATH)");
    one.device = std::string(ds.front()->id);
    const query q = make_query(one);
    matrix_query mq{};
    mq.title = fmt::format("Fleet: {} x {} tokens of {}", parse_count("--seqs", fit_seqs), parse_count("--context", fit_context),
                           q.m->name);
    mq.s = q.s;
    mq.e = q.e;
    mq.context = parse_count("--context", fit_context);
    mq.seqs = parse_count("--seqs", fit_seqs);
    mq.batches = {mq.seqs};
    text = render_matrix({q.m}, ds, mq, o,
                         fmt::format("headroom fit {} --devices {} --seqs {} --context {}{}", q.config.empty() ? std::string(q.m->id) : "--config " + q.config,
                                     ids, mq.seqs, mq.context, settings_flags(q)));
  } else if (*fit) {
    if (o.csv) throw usage_error("fit: --csv needs --devices (a table of devices)");
    resolve_ids(t, "fit", false);
    const query q = make_query(t);
    const std::uint64_t context = parse_count("--context", fit_context);
    const std::uint64_t seqs = parse_count("--seqs", fit_seqs);
    const fit_answer a = compute_fit(*q.m, *q.d, q.s, seqs, context, q.e, q.p);
    text = o.json ? dump(fit_command_json(q, a)) : fit_text(q, a);
    if (!a.fits && !fit_exit_zero) {
      status = exit_does_not_fit;
      warning = fmt::format("headroom: {} x {} tokens of {} do not fit on {} under {} ({}); exit {} (--exit-zero: 0)\n", seqs,
                            context, q.m->id, q.d->id, name(q.e.kind), name(a.v.term), exit_does_not_fit);
    }
  } else if (*decode) {
    resolve_ids(t, "decode", false);
    const query q = make_query(t);
    const auto batches = parse_positive_list("--batch", decode_batch);
    const auto contexts = decode_context.empty() ? std::vector<std::uint64_t>{q.context_default}
                                                 : parse_positive_list("--context", decode_context);
    const auto runs = compute_decode(q, batches, contexts);
    text = o.json ? dump(decode_json(q, runs)) : decode_text(q, runs);
  } else if (*pre) {
    resolve_ids(t, "prefill", false);
    const query q = make_query(t);
    const auto runs = compute_prefill(q, parse_positive_list("--tokens", prefill_tokens));
    text = o.json ? dump(prefill_json(q, runs)) : prefill_text(q, runs);
  } else if (*plan) {
    resolve_ids(t, "plan", false);
    const query q = make_query(t);
    const plan_answer a = compute_plans(q, parse_positive("--seqs", plan_seqs), parse_positive("--context", plan_context));
    text = o.json ? dump(plan_command_json(q, a)) : plan_command_text(q, a);
  } else if (*header) {
    resolve_ids(t, "header", false);
    const query q = make_query(t);
    const std::uint64_t seqs = parse_positive("--seqs", header_seqs);
    const std::uint64_t context = parse_positive("--context", header_context);
    const header_values v = compute_header(q, seqs, context);
    if (header_prefix_option->count() > 0 && header_prefix.empty()) throw usage_error("--macro-prefix: empty; omit it for the default");
    const std::string prefix = resolve_macro_prefix(*q.m, *q.d, header_prefix);
    const std::string model_arg = q.config.empty() ? std::string(q.m->id) : "--config " + q.config;
    const std::string cmd = fmt::format("headroom header {} {} --seqs {} --context {}{}{}", model_arg, q.d->id, seqs, context,
                                        settings_flags(q), header_prefix.empty() ? "" : " --macro-prefix " + header_prefix);
    text = o.json ? dump(header_json(q, v, prefix)) : generate_header(q, v, cmd, prefix);
    if (!v.fits) {
      warning = fmt::format(
          "headroom: warning: {} x {} tokens of {} needs {} bytes, {} has {} usable: the header's static assertion "
          "fails every build that includes it\n",
          seqs, context, q.m->id, v.needed_bytes, q.d->id, v.usable_bytes);
    }
  } else {  // `report`, or no command at all: the report on the defaults
    resolve_ids(t, "report", true);
    query q = make_query(t);
    // The main command (no arguments) shows a deployment that runs: when one sequence of the
    // default context does not fit one device under the engine, the smallest valid plan that
    // holds it, whose report then shows what limits it (the engine's KV pool per rank).
    if (app.get_subcommands().empty() &&
        !fits(*q.m, *q.d, {1, q.context_default, q.s, q.e, q.p})) {
      if (const auto plan = smallest_plan(*q.m, *q.d, {1, q.context_default, q.s, q.e})) q.p = *plan;
    }
    headroom::report::options ro;
    ro.s = q.s;
    ro.e = q.e;
    ro.context_default = q.context_default;
    ro.context = report_context.empty() ? q.context_default : parse_positive("--context", report_context);
    ro.measured = q.manifest;
    ro.p = q.p;
    ro.config = q.config;
    if (o.json) {
      text = dump(report_json(q, ro, headroom::report::compute(*q.m, *q.d, q.r, ro)));
    } else {
      text = headroom::report::hardware_report(*q.m, *q.d, q.r, ro);
    }
  }
  if (o.out.empty() && io.capture_stdout) {
    io.out << text;
  } else {
    write_output(text, o.out);
  }
  if (!warning.empty()) io.err << printable(warning.substr(0, warning.size() - 1)) << "\n";
  return status;
}

}  // namespace

namespace headroom::cli {

// Every message is one printable line whatever the input echoed in it held (escaped by
// printable()); exit codes as documented in docs/cli.md.
int run_main(int argc, char** argv, run_io& io) {
  try {
    return run(argc, argv, io);
  } catch (const usage_error& e) {
    io.err << "headroom: error: " << printable(e.what()) << "\n";
    return 2;
  } catch (const headroom::error& e) {
    io.err << "headroom: error: " << printable(e.what()) << "\n";
    return 1;
  } catch (const std::exception& e) {
    io.err << "headroom: error: " << printable(e.what()) << "\n";
    return 1;
  }
}

}  // namespace headroom::cli
