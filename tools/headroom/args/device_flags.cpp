// SPDX-License-Identifier: MIT
#include "headroom/args/device_flags.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cmath>
#include <deque>
#include <map>
#include <optional>

#include <headroom/devices.hpp>

#include "headroom/args/common.hpp"
#include "headroom/io/device_spec.hpp"
#include "headroom/io/manifest.hpp"

namespace headroom::cli {

namespace {

// Devices made by flags, and the words that make each again; they live until exit (queries
// keep pointers). A deque: growing it moves no element, so every pointer stays valid.
std::deque<owned_device>& made() {
  static std::deque<owned_device> d;
  return d;
}
std::map<const device*, std::string>& made_by() {
  static std::map<const device*, std::string> m;
  return m;
}

std::optional<double> decimal(std::string_view text) {
  if (text.empty() || text.size() > 32) return std::nullopt;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || c == '.')) return std::nullopt;  // no sign, exponent, inf, nan
  }
  const std::string s(text);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace

bool device_flags::any() const {
  return !spec.empty() || !memory.empty() || !bandwidth.empty() || !bf16.empty() || !fp8.empty() || !fp4.empty();
}

std::string device_flags::text() const {
  std::string s;
  if (!spec.empty()) s += " --device-spec " + spec;
  if (!memory.empty()) s += " --gpu-memory " + memory;
  if (!bandwidth.empty()) s += " --bandwidth " + bandwidth;
  if (!bf16.empty()) s += " --bf16-tflops " + bf16;
  if (!fp8.empty()) s += " --fp8-tflops " + fp8;
  if (!fp4.empty()) s += " --fp4-tflops " + fp4;
  return s;
}

void add_device_options(CLI::App* cmd, device_flags& f) {
  cmd->add_option("--device-spec", f.spec, "a device datasheet as JSON, in place of DEVICE (docs/cli.md)");
  cmd->add_option("--gpu-memory", f.memory, "device memory (24GiB, 80GB): replaces DEVICE's, or makes a device with the flags below");
  cmd->add_option("--bandwidth", f.bandwidth, "memory bandwidth, decimal (936GB/s, 3.35TB/s)");
  cmd->add_option("--bf16-tflops", f.bf16, "dense BF16 (and FP16) matrix TFLOPS");
  cmd->add_option("--fp8-tflops", f.fp8, "dense FP8 matrix TFLOPS (0: no FP8 path)");
  cmd->add_option("--fp4-tflops", f.fp4, "dense FP4 (NVFP4 and MXFP4) matrix TFLOPS (0: no FP4 path)");
}

double parse_gbps(std::string_view flag, std::string_view text) {
  double scale = 0;
  std::string_view n = text;
  for (const auto& [suffix, s] : {std::pair<std::string_view, double>{"GB/s", 1}, {"TB/s", 1000}}) {
    if (text.size() > suffix.size() && text.substr(text.size() - suffix.size()) == suffix) {
      scale = s;
      n = text.substr(0, text.size() - suffix.size());
    }
  }
  const auto v = decimal(n);
  if (scale == 0 || !v) throw usage_error(fmt::format("{}: `{}` is not a bandwidth (e.g. 936GB/s, 3.35TB/s; decimal GB)", flag, text));
  const double gbps = *v * scale;
  if (!(gbps >= dram_range.lo) || gbps > dram_range.hi) {
    throw usage_error(fmt::format("{}: `{}` is outside the physical range 1GB/s to 100TB/s", flag, text));
  }
  return gbps;
}

double parse_tflops(std::string_view flag, std::string_view text) {
  const auto v = decimal(text);
  if (!v) throw usage_error(fmt::format("{}: `{}` is not a number of TFLOPS (e.g. 71, 989.5)", flag, text));
  if (*v != 0 && (*v < tflops_range.lo || *v > tflops_range.hi)) {
    throw usage_error(fmt::format("{}: `{}` is outside the physical range 0.01 to 100000 TFLOPS (0: no path)", flag, text));
  }
  return *v;
}

const device& resolve_target_device(const device_flags& f, std::string_view id) {
  if (!f.any()) return resolve_device(id);
  owned_device o;
  std::string words;
  if (!f.spec.empty()) {
    if (!id.empty()) throw usage_error(fmt::format("--device-spec takes the place of DEVICE: drop `{}`", id));
    o = load_device_spec(f.spec);
  } else if (!id.empty()) {
    const device& b = resolve_device(id);
    o.d = b;
    o.id = fmt::format("{}_custom", b.id);
    o.name = fmt::format("{} ({})", b.name, f.text().substr(1));
    o.vendor = std::string(b.vendor);
    o.arch = std::string(b.arch);
    o.memory_marketed = std::string(b.memory_marketed);
    o.memory_basis = std::string(b.memory_basis);
    o.sources = std::string(b.sources);
    o.derived = std::string(b.derived);
    o.scale_up = std::string(b.link.scale_up);
    o.scale_out = std::string(b.link.scale_out);
    words = std::string(b.id);
  } else {
    for (const auto& [flag, value] : {std::pair<std::string_view, const std::string*>{"--gpu-memory", &f.memory},
                                      {"--bandwidth", &f.bandwidth}, {"--bf16-tflops", &f.bf16}}) {
      if (value->empty()) {
        throw usage_error(fmt::format("{} is required for a device made by flags (or name a DEVICE to change, or --device-spec FILE)", flag));
      }
    }
    o.id = "custom";
    o.name = fmt::format("custom device ({})", f.text().substr(1));
    o.vendor = "custom";
    o.arch = "custom";
    o.sources = "command line";
    o.scale_up = "none";
    o.scale_out = "none";
    o.d.link.domain = 1;
    o.d.native = bit(mma_kind::bf16) | bit(mma_kind::fp16);
  }
  if (!f.memory.empty()) {
    o.d.memory_bytes = parse_bytes("--gpu-memory", f.memory);
    o.memory_marketed = fmt::format("{} (--gpu-memory)", f.memory);
    o.memory_basis = fmt::format("--gpu-memory {} = {} B, as given", f.memory, o.d.memory_bytes);
  }
  if (!f.bandwidth.empty()) o.d.bandwidth_gbps = parse_gbps("--bandwidth", f.bandwidth);
  if (!f.bf16.empty()) {
    o.d.peak.bf16 = o.d.peak.fp16 = parse_tflops("--bf16-tflops", f.bf16);
    if (o.d.peak.bf16 == 0) throw usage_error("--bf16-tflops: must be positive (every device has a BF16 rate: its matrix or vector units')");
  }
  const auto set = [&](double& peak, double v, std::uint16_t bits) {
    peak = v;
    o.d.native = v > 0 ? static_cast<std::uint16_t>(o.d.native | bits) : static_cast<std::uint16_t>(o.d.native & ~bits);
  };
  if (!f.fp8.empty()) set(o.d.peak.fp8, parse_tflops("--fp8-tflops", f.fp8), bit(mma_kind::fp8));
  if (!f.fp4.empty()) {
    const double v = parse_tflops("--fp4-tflops", f.fp4);
    set(o.d.peak.nvfp4, v, bit(mma_kind::fp4_block_scale));
    set(o.d.peak.mxfp4, v, bit(mma_kind::mxf8f6f4));
  }
  // Measured constants are the shipped silicon's: a changed rate or memory makes them stale.
  if (!f.bandwidth.empty() || !f.bf16.empty() || !f.fp8.empty() || !f.fp4.empty() || !f.memory.empty()) {
    o.d.has_measured = false;
    o.d.measured = {};
  }
  o.bind();
  const table_finding broken = check_device(o.d);
  if (!broken.ok()) {
    throw usage_error(fmt::format("{}: the device breaks a law: {} ({}; include/headroom/validate.hpp)", f.text().substr(1),
                                  describe(broken.rule), broken.item));
  }
  made().push_back(std::move(o));
  made().back().bind();  // the strings moved with the element
  const device* d = &made().back().d;
  made_by()[d] = words.empty() ? f.text().substr(1) : words + f.text();
  return *d;
}

std::string device_arg(const device& d) {
  const auto it = made_by().find(&d);
  return it == made_by().end() ? std::string(d.id) : it->second;
}

std::vector<const device*> with_flag_device(std::vector<const device*> ds, const device_flags& f) {
  if (f.any()) ds.push_back(&resolve_target_device(f, ""));
  return ds;
}

}  // namespace headroom::cli
