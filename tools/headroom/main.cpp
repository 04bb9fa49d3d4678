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
//
// Every command takes --json and -o FILE. Exit codes: 0 done; 1 an evaluation failed (a
// headroom::error from the core, e.g. a byte count over 64 bits) or the output could not be
// written; 2 the input was refused before evaluation (usage, flag values, ids, manifests, an
// -o folder that does not exist); 3 `fit` ran and the load does not fit (--exit-zero: 0).
// Errors go to stderr; output is written only once complete.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <exception>
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
#include "headroom/manifest.hpp"
#include "headroom/output.hpp"
#include "headroom/report.hpp"

namespace {

using namespace headroom;
using namespace headroom::cli;

// The report `headroom` prints with no arguments.
constexpr std::string_view default_model = "qwen3_next_80b_a3b_instruct";
constexpr std::string_view default_device = "h200_sxm";

// Flags shared by the commands that evaluate one model on one device.
struct target_flags {
  std::string model{default_model};
  std::string device{default_device};
  std::string kv;               ///< empty: bf16 (or --kv-cache-dtype)
  std::string ssm_h = "auto";   ///< auto: as the engine allocates it (vLLM bf16, others f32)
  bool speculative = false;
  bool evict_sliding = false;
  std::string measured;
  engine_flags engine;
};
struct output_flags {
  bool json = false;
  std::string out;
};

void add_target(CLI::App* cmd, target_flags& t, bool optional_ids, bool with_measured) {
  auto* m = cmd->add_option("model", t.model, "model id or its kebab spelling (headroom list models)");
  auto* d = cmd->add_option("device", t.device, "device id or its kebab spelling (headroom list devices)");
  if (!optional_ids) {
    m->required();
    d->required();
  }
  cmd->add_option("--kv", t.kv, "KV cache dtype: bf16 | fp8 (default bf16)");
  cmd->add_option("--ssm-h", t.ssm_h, "recurrent state dtype: auto | f32 | bf16 | f16 (default auto: the engine's)");
  add_engine_options(cmd, t.engine);
  cmd->add_flag("--speculative", t.speculative, "load the MTP draft head and count its KV");
  cmd->add_flag("--evict-sliding", t.evict_sliding, "sliding-window layers hold only their window's KV");
  if (with_measured) cmd->add_option("--measured", t.measured, "measured roofline manifest (JSON, docs/cli.md)");
}

void add_output(CLI::App* cmd, output_flags& o) {
  cmd->add_flag("--json", o.json, "print JSON (docs/cli-json.md) instead of Markdown");
  cmd->add_option("-o,--output", o.out, "write to FILE (atomically) instead of stdout");
}

// Ids, flag values, the manifest: every check that can refuse the input, before evaluation.
query make_query(const target_flags& t) {
  query q{};
  q.m = &resolve_model(t.model);
  q.d = &resolve_device(t.device);
  q.s.kv = t.kv.empty() ? kv_dtype::bf16 : parse_kv(t.kv);
  q.e = resolve_engine(t.engine, q.s.kv, !t.kv.empty());
  q.s.ssm_h = t.ssm_h == "auto" ? auto_state_dtype(q.e) : parse_state("--ssm-h", t.ssm_h);
  q.s.speculative = t.speculative;
  // Fit and time use one model: sliding layers as the engine stores them (only their window
  // under every engine; all tokens under engines::none unless --evict-sliding).
  q.s.evict_sliding = t.evict_sliding;
  q.s = engine_settings(q.s, q.e);
  if (!t.measured.empty()) {
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
  return s;
}

int run(int argc, char** argv) {
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

  auto* matrix = app.add_subcommand("matrix", "every model x device: tok/s at C=1/16/128, fit and max C at 4k");
  std::string matrix_models;
  std::string matrix_devices;
  matrix->add_option("--models", matrix_models, "comma-separated model ids (default: all)");
  matrix->add_option("--devices", matrix_devices, "comma-separated device ids (default: all)");
  add_output(matrix, o);

  auto* fit = app.add_subcommand("fit", "does SEQS x CONTEXT fit on DEVICE under the engine; max sequences; TP");
  std::string fit_context;
  std::string fit_seqs = "1";
  bool fit_exit_zero = false;
  add_target(fit, t, false, false);
  fit->add_option("--context", fit_context, "tokens of context per sequence (32k = 32000, 32K = 32768)")->required();
  fit->add_option("--seqs", fit_seqs, "concurrent sequences (default 1)");
  fit->add_flag("--exit-zero", fit_exit_zero, "exit 0 even when the load does not fit (default: exit 3)");
  add_output(fit, o);

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

  auto* header = app.add_subcommand("header", "a self-contained C/C++ header of the deployment's constants");
  std::string header_seqs;
  std::string header_context;
  add_target(header, t, false, true);
  header->add_option("--seqs", header_seqs, "concurrent sequences")->required();
  header->add_option("--context", header_context, "tokens of context per sequence")->required();
  add_output(header, o);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "headroom: error: " << e.what() << " (see `headroom --help`)\n";
    return 2;
  }

  if (!o.out.empty()) check_output_path(o.out);

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
    if (!matrix_devices.empty()) {
      std::string ids;
      for (const std::string& id : parse_id_list("--devices", matrix_devices)) {
        ds.push_back(&resolve_device(id));
        ids += fmt::format("{}{}", ids.empty() ? "" : ",", ds.back()->id);
      }
      cmd += " --devices " + ids;
    } else {
      ds.assign(devices::all.begin(), devices::all.end());
    }
    const auto rows = compute_matrix(ms, ds);
    text = o.json ? dump(matrix_json(rows)) : matrix_text(rows, cmd);
  } else if (*fit) {
    const query q = make_query(t);
    const std::uint64_t context = parse_count("--context", fit_context);
    const std::uint64_t seqs = parse_count("--seqs", fit_seqs);
    const fit_answer a = compute_fit(*q.m, *q.d, q.s, seqs, context, q.e);
    text = o.json ? dump(fit_command_json(q, a)) : fit_text(q, a);
    if (!a.fits && !fit_exit_zero) {
      status = exit_does_not_fit;
      warning = fmt::format("headroom: {} x {} tokens of {} do not fit on {} under {} ({}); exit {} (--exit-zero: 0)\n", seqs,
                            context, q.m->id, q.d->id, name(q.e.kind), name(a.v.term), exit_does_not_fit);
    }
  } else if (*decode) {
    const query q = make_query(t);
    const auto batches = parse_positive_list("--batch", decode_batch);
    const auto contexts = decode_context.empty() ? std::vector<std::uint64_t>{q.context_default}
                                                 : parse_positive_list("--context", decode_context);
    const auto runs = compute_decode(q, batches, contexts);
    text = o.json ? dump(decode_json(q, runs)) : decode_text(q, runs);
  } else if (*pre) {
    const query q = make_query(t);
    const auto runs = compute_prefill(q, parse_positive_list("--tokens", prefill_tokens));
    text = o.json ? dump(prefill_json(q, runs)) : prefill_text(q, runs);
  } else if (*header) {
    const query q = make_query(t);
    const std::uint64_t seqs = parse_positive("--seqs", header_seqs);
    const std::uint64_t context = parse_positive("--context", header_context);
    const header_values v = compute_header(q, seqs, context);
    const std::string cmd =
        fmt::format("headroom header {} {} --seqs {} --context {}{}", q.m->id, q.d->id, seqs, context, settings_flags(q));
    text = o.json ? dump(header_json(q, v)) : generate_header(q, v, cmd);
    if (!v.fits) {
      warning = fmt::format(
          "headroom: warning: {} x {} tokens of {} needs {} bytes, {} has {} usable: the header's static assertion "
          "fails every build that includes it\n",
          seqs, context, q.m->id, v.needed_bytes, q.d->id, v.usable_bytes);
    }
  } else {  // `report`, or no command at all: the report on the defaults
    const query q = make_query(t);
    headroom::report::options ro;
    ro.s = q.s;
    ro.e = q.e;
    ro.context_default = q.context_default;
    ro.context = report_context.empty() ? q.context_default : parse_positive("--context", report_context);
    ro.measured = q.manifest;
    if (o.json) {
      text = dump(report_json(q, ro, headroom::report::compute(*q.m, *q.d, q.r, ro)));
    } else {
      text = headroom::report::hardware_report(*q.m, *q.d, q.r, ro);
    }
  }
  write_output(text, o.out);
  if (!warning.empty()) std::cerr << warning;
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const usage_error& e) {
    std::cerr << "headroom: error: " << e.what() << "\n";
    return 2;
  } catch (const headroom::error& e) {
    std::cerr << "headroom: error: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "headroom: error: " << e.what() << "\n";
    return 1;
  }
}
