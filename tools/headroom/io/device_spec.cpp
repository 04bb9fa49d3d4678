// SPDX-License-Identifier: MIT
#include "headroom/io/device_spec.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <optional>

#include <headroom/devices.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "headroom/args/common.hpp"
#include "headroom/io/detail/json_scan.hpp"
#include "headroom/io/manifest.hpp"
#include "headroom/run.hpp"

namespace headroom::cli {

void owned_device::bind() {
  d.id = id;
  d.name = name;
  d.vendor = vendor;
  d.arch = arch;
  d.memory_marketed = memory_marketed;
  d.memory_basis = memory_basis;
  d.sources = sources;
  d.derived = derived;
  d.link.scale_up = scale_up;
  d.link.scale_out = scale_out;
}

namespace {

using json = nlohmann::json;
using json_scan::member;

// Every key of schema_version 1, in the order they are documented (docs/cli.md).
constexpr std::array<std::string_view, 24> spec_keys{
    "schema_version", "id", "name", "base", "vendor", "arch", "family", "memory_bytes", "bandwidth_gbps",
    "bf16_tflops", "fp16_tflops", "fp8_tflops", "int8_tops", "nvfp4_tflops", "mxfp4_tflops", "scale_up",
    "scale_up_gbps", "scale_up_latency_us", "domain", "scale_out", "scale_out_gbps", "scale_out_latency_us",
    "source", "notes"};

constexpr std::size_t max_spec_bytes = 1u << 20;
constexpr std::size_t max_source_chars = 200;

class spec_loader {
 public:
  spec_loader(std::string_view text, std::string_view path) : text_(text), path_(path) {}

  [[noreturn]] void fail_at(std::size_t offset, const std::string& what) const {
    const text_position p = position_of(text_, offset);
    throw usage_error(printable(fmt::format("{}:{}:{}: {}", path_, p.line, p.column, what)));
  }
  [[noreturn]] void fail_value(const member& m, const std::string& what) const {
    fail_at(m.value_at, fmt::format("key `{}`: {}", m.key, what));
  }
  std::string literal(const member& m) const {
    std::string_view v = text_.substr(m.value_at, m.value_end - m.value_at);
    return v.size() > 40 ? std::string(v.substr(0, 37)) + "..." : std::string(v);
  }

  owned_device run() {
    json_scan::syntax_pass syntax{};
    const bool well_formed = json::sax_parse(text_, &syntax, json::input_format_t::json, true);
    if (syntax.failed) fail_at(syntax.at, "malformed JSON: " + std::string(detail_of(syntax.what)));
    if (!well_formed) fail_at(0, fmt::format("malformed JSON: nested deeper than {} levels", json_scan::syntax_pass::max_depth));
    try {
      doc_ = json::parse(text_);
    } catch (const json::exception& e) {
      fail_at(0, "malformed JSON: " + std::string(detail_of(e.what())));
    }
    scan_ = json_scan::scan_object(text_);
    if (!doc_.is_object()) fail_at(scan_.object_at, "a device spec must be a JSON object");
    for (std::size_t i = 0; i < scan_.members.size(); ++i) {
      const member& m = scan_.members[i];
      for (std::size_t j = 0; j < i; ++j) {
        if (scan_.members[j].key == m.key) fail_at(m.key_at, fmt::format("duplicate key `{}`", m.key));
      }
      if (std::find(spec_keys.begin(), spec_keys.end(), m.key) == spec_keys.end()) {
        const std::vector<std::string_view> keys(spec_keys.begin(), spec_keys.end());
        const auto near = nearest(m.key, keys);
        fail_at(m.key_at, near.empty() ? fmt::format("unknown key `{}` (docs/cli.md lists the device spec keys)", m.key)
                                       : fmt::format("unknown key `{}` (did you mean `{}`?)", m.key, near.front()));
      }
    }
    const member* version = find("schema_version");
    if (version == nullptr) fail_at(scan_.object_at, "missing key `schema_version`");
    const json& v = doc_.at("schema_version");
    if (!v.is_number_integer() || v.get<std::int64_t>() != device_spec_schema_version) {
      fail_value(*version, fmt::format("unsupported schema version `{}` (this headroom reads {})", literal(*version),
                                       device_spec_schema_version));
    }

    owned_device o;
    const member* base = find("base");
    if (base != nullptr) {
      const std::string base_id = text("base");
      const device* b = devices::find(normalize_id(base_id));
      if (b == nullptr) fail_value(*base, unknown_device_message(base_id));
      o.d = *b;
      o.name = std::string(b->name);
      o.vendor = std::string(b->vendor);
      o.arch = std::string(b->arch);
      o.memory_marketed = std::string(b->memory_marketed);
      o.memory_basis = std::string(b->memory_basis);
      o.scale_up = std::string(b->link.scale_up);
      o.scale_out = std::string(b->link.scale_out);
      o.derived = fmt::format("the spec's keys over {}", b->id);
    } else {
      for (std::string_view k : {"name", "memory_bytes", "bandwidth_gbps", "bf16_tflops"}) {
        if (find(k) == nullptr) fail_at(scan_.object_at, fmt::format("missing key `{}` (required without `base`)", k));
      }
      o.vendor = "custom";
      o.arch = "custom";
      o.scale_up = "none";
      o.scale_out = "none";
      o.d.family = mma_family::other;
      o.d.link.domain = 1;
    }
    if (find("id") == nullptr) fail_at(scan_.object_at, "missing key `id`");
    if (find("source") == nullptr) fail_at(scan_.object_at, "missing key `source` (the datasheet the numbers come from)");
    o.id = text("id");
    const bool id_ok = !o.id.empty() && std::all_of(o.id.begin(), o.id.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
    if (!id_ok) fail_value(*find("id"), "expected a snake_case id (a-z, 0-9, _)");
    if (devices::find(o.id) != nullptr) fail_value(*find("id"), fmt::format("`{}` is a shipped device's id: choose another", o.id));
    o.sources = text("source");
    if (o.sources.empty()) fail_value(*find("source"), "must not be empty");
    // The roofline's basis text (a fixed capacity) carries the source whole.
    if (o.sources.size() > max_source_chars) {
      fail_value(*find("source"), fmt::format("too long: {} characters, at most {}", o.sources.size(), max_source_chars));
    }
    if (find("name")) o.name = text("name");
    if (find("vendor")) o.vendor = text("vendor");
    if (find("arch")) o.arch = text("arch");
    if (find("scale_up")) o.scale_up = text("scale_up");
    if (find("scale_out")) o.scale_out = text("scale_out");
    if (find("notes")) (void)text("notes");
    if (const member* f = find("family")) {
      const std::string fam = text("family");
      const auto it = std::find_if(all_mma_families.begin(), all_mma_families.end(), [&](mma_family x) { return name(x) == fam; });
      if (it == all_mma_families.end()) fail_value(*f, "expected mma_sync, wgmma, tcgen05, mfma, other or none");
      o.d.family = *it;
    }
    if (const member* m = find("memory_bytes")) {
      const json& x = doc_.at("memory_bytes");
      if (!x.is_number_unsigned() || x.get<std::uint64_t>() == 0) {
        fail_value(*m, fmt::format("expected a positive whole number of bytes, got `{}`", literal(*m)));
      }
      o.d.memory_bytes = x.get<std::uint64_t>();
      o.memory_marketed = fmt::format("{} B (device spec)", o.d.memory_bytes);
      o.memory_basis = fmt::format("memory_bytes of {}", path_);
    }
    if (find("bandwidth_gbps")) o.d.bandwidth_gbps = rate("bandwidth_gbps", dram_range.lo, dram_range.hi);
    const bool bf16_given = find("bf16_tflops") != nullptr;
    if (bf16_given) o.d.peak.bf16 = rate("bf16_tflops", tflops_range.lo, tflops_range.hi);
    if (find("fp16_tflops")) {
      o.d.peak.fp16 = peak("fp16_tflops", o.d.native, mma_kind::fp16);
    } else if (bf16_given) {
      o.d.peak.fp16 = o.d.peak.bf16;  // every device in the registry runs FP16 at its BF16 rate
      o.d.native |= bit(mma_kind::fp16);
    }
    if (bf16_given) o.d.native |= bit(mma_kind::bf16);
    if (find("fp8_tflops")) o.d.peak.fp8 = peak("fp8_tflops", o.d.native, mma_kind::fp8);
    if (find("int8_tops")) o.d.peak.int8 = peak("int8_tops", o.d.native, mma_kind::int8);
    if (find("nvfp4_tflops")) o.d.peak.nvfp4 = peak("nvfp4_tflops", o.d.native, mma_kind::fp4_block_scale);
    if (find("mxfp4_tflops")) o.d.peak.mxfp4 = peak("mxfp4_tflops", o.d.native, mma_kind::mxf8f6f4);
    if (find("scale_up_gbps")) o.d.link.scale_up_gbps = rate("scale_up_gbps", 0, dram_range.hi);
    if (find("scale_out_gbps")) o.d.link.scale_out_gbps = rate("scale_out_gbps", 0, dram_range.hi);
    if (find("scale_up_latency_us")) o.d.link.scale_up_latency_us = rate("scale_up_latency_us", 0, 1e6);
    if (find("scale_out_latency_us")) o.d.link.scale_out_latency_us = rate("scale_out_latency_us", 0, 1e6);
    if (const member* m = find("domain")) {
      const json& x = doc_.at("domain");
      if (!x.is_number_unsigned() || x.get<std::uint64_t>() == 0 || x.get<std::uint64_t>() > 1'000'000) {
        fail_value(*m, fmt::format("expected a device count from 1 to 1000000, got `{}`", literal(*m)));
      }
      o.d.link.domain = static_cast<std::uint32_t>(x.get<std::uint64_t>());
    }
    // Measured constants belong to the shipped silicon: a spec's rates replace them.
    o.d.has_measured = false;
    o.d.measured = {};
    o.bind();
    const table_finding f = check_device(o.d);
    if (!f.ok()) fail_at(scan_.object_at, fmt::format("device `{}`: {} ({}; include/headroom/validate.hpp)", o.id, describe(f.rule), f.item));
    return o;
  }

 private:
  const member* find(std::string_view key) const {
    for (const member& m : scan_.members) {
      if (m.key == key) return &m;
    }
    return nullptr;
  }
  std::string text(std::string_view key) const {
    const member& m = *find(key);
    const json& x = doc_.at(m.key);
    if (!x.is_string()) fail_value(m, fmt::format("expected a string, got `{}`", literal(m)));
    std::string v = x.get<std::string>();
    if (printable(v) != v) fail_value(m, "must not contain control characters (NUL, newline, escape, ...)");
    return v;
  }
  // A number in [lo, hi]; lo == 0 allows zero (a link that is absent).
  double rate(std::string_view key, double lo, double hi) const {
    const member& m = *find(key);
    const json& x = doc_.at(m.key);
    if (!x.is_number()) fail_value(m, fmt::format("expected a number, got `{}`", literal(m)));
    const double v = x.get<double>();
    if (!std::isfinite(v) || v < lo || v > hi || (lo > 0 && !(v > 0))) {
      fail_value(m, fmt::format("`{}` is outside the physical range {} to {}", literal(m), num(lo), num(hi)));
    }
    return v;
  }
  // A peak: 0 means no matrix path for that kind (its native bit is cleared), else positive.
  double peak(std::string_view key, std::uint16_t& native, mma_kind k) const {
    const double v = rate(key, 0, tflops_range.hi);
    if (v > 0 && v < tflops_range.lo) fail_value(*find(key), fmt::format("`{}` is below 0.01 TFLOPS (write 0 for no path)", literal(*find(key))));
    native = v > 0 ? static_cast<std::uint16_t>(native | bit(k)) : static_cast<std::uint16_t>(native & ~bit(k));
    return v;
  }
  // nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 9: syntax error
  // ..." without its own position (ours is printed instead).
  static std::string_view detail_of(std::string_view what) {
    const std::size_t col = what.find("column ");
    if (col != std::string_view::npos) {
      const std::size_t colon = what.find(": ", col);
      if (colon != std::string_view::npos) return what.substr(colon + 2);
    }
    const std::size_t bracket = what.find("] ");
    return bracket == std::string_view::npos ? what : what.substr(bracket + 2);
  }

  std::string_view text_;
  std::string_view path_;
  json doc_;
  json_scan::scanned scan_;
};

}  // namespace

owned_device parse_device_spec(std::string_view text, std::string_view path) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return spec_loader(text, path).run();
}

owned_device load_device_spec(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) throw usage_error(printable(fmt::format("{}: cannot read the device spec ({})", path, std::strerror(errno))));
  struct closer {
    int fd;
    ~closer() { ::close(fd); }
  } const close_at_exit{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    throw usage_error(printable(fmt::format("{}: the device spec must be a regular file", path)));
  }
  std::string text(max_spec_bytes + 1, '\0');
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw usage_error(printable(fmt::format("{}: cannot read the device spec ({})", path, std::strerror(errno))));
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  if (done > max_spec_bytes) throw usage_error(printable(fmt::format("{}: more than the {} bytes a device spec may have", path, max_spec_bytes)));
  text.resize(done);
  return parse_device_spec(text, path);
}

}  // namespace headroom::cli
