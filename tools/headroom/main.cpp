// SPDX-License-Identifier: MIT
// headroom: the command line. Errors go to stderr with exit code 2; output is written only
// once it is complete (nothing half-written).
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <string>

#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "headroom/report.hpp"

namespace {

std::string known_models() {
  std::string s;
  for (const auto* m : headroom::models::all) s += (s.empty() ? "" : ", ") + std::string(m->id);
  return s;
}
std::string known_devices() {
  std::string s;
  for (const auto* d : headroom::devices::all) s += (s.empty() ? "" : ", ") + std::string(d->id);
  return s;
}

const headroom::model& model_or_throw(const std::string& id) {
  if (const auto* m = headroom::models::find(id)) return *m;
  throw headroom::error(headroom::error_kind::unknown_name,
                        "unknown model `" + id + "` (known: " + known_models() + ")");
}
const headroom::device& device_or_throw(const std::string& id) {
  if (const auto* d = headroom::devices::find(id)) return *d;
  throw headroom::error(headroom::error_kind::unknown_name,
                        "unknown device `" + id + "` (known: " + known_devices() + ")");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"headroom: what an LLM deployment holds in memory, whether it fits, and its roofline ceilings"};
  app.require_subcommand(0, 1);

  std::string model_id = "llama_3_1_8b_instruct";
  std::string device_id = "h100_sxm";
  std::string kv = "bf16";
  std::string ssm_h = "f32";
  std::uint64_t context = 4096;
  bool speculative = false;

  auto* report = app.add_subcommand("report", "the hardware report of MODEL on DEVICE, as Markdown");
  report->add_option("model", model_id, "model id (headroom list models)");
  report->add_option("device", device_id, "device id (headroom list devices)");
  report->add_option("--kv", kv, "KV cache dtype: bf16 | fp8");
  report->add_option("--ssm-h", ssm_h, "recurrent state dtype: f32 | bf16 | f16");
  report->add_option("--context", context, "KV tokens each sequence attends over in the decode runs");
  report->add_flag("--speculative", speculative, "load the MTP draft head and count its KV");

  auto* list = app.add_subcommand("list", "list the shipped models or devices");
  std::string what;
  list->add_option("what", what, "models | devices")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  try {
    std::string out;
    if (*list) {
      if (what == "models") {
        for (const auto* m : headroom::models::all) out += fmt::format("{}\t{}\t{}\n", m->id, m->name, m->family);
      } else if (what == "devices") {
        for (const auto* d : headroom::devices::all) {
          out += fmt::format("{}\t{}\t{:.2f} GB usable\t{} GB/s\n", d->id, d->name, headroom::to_gb(headroom::usable_bytes(*d)),
                             d->bandwidth_gbps);
        }
      } else {
        throw headroom::error(headroom::error_kind::bad_input, "list: expected `models` or `devices`, got `" + what + "`");
      }
    } else {
      headroom::report::options o;
      const auto k = headroom::try_parse_kv_dtype(kv);
      if (!k) throw headroom::error(headroom::error_kind::bad_input, "--kv: unknown dtype `" + kv + "` (expected bf16 or fp8)");
      const auto h = headroom::try_parse_state_dtype(ssm_h);
      if (!h) {
        throw headroom::error(headroom::error_kind::bad_input,
                              "--ssm-h: unknown dtype `" + ssm_h + "` (expected f32, bf16 or f16)");
      }
      if (context == 0) throw headroom::error(headroom::error_kind::bad_input, "--context: must be at least 1 token");
      o.s = {.kv = *k, .ssm_h = *h, .speculative = speculative};
      o.context = context;
      const auto& m = model_or_throw(model_id);
      const auto& d = device_or_throw(device_id);
      out = headroom::report::hardware_report(m, d, headroom::default_roofline(d), o);
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "headroom: error: " << e.what() << "\n";
    return 2;
  }
}
