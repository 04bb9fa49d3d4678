// SPDX-License-Identifier: MIT
#include "headroom/io/calibration_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace headroom::cli {

struct loaded_calibration::storage {
  std::string device, engine, version, source;
  std::vector<std::vector<double>> axes_and_values;  // xs, ys, values of grid i at 3i, 3i+1, 3i+2
  std::vector<calib_grid> grids;
  calibration table{};
};

loaded_calibration::loaded_calibration(std::unique_ptr<storage> s) : s_(std::move(s)) {}
loaded_calibration::loaded_calibration(loaded_calibration&&) noexcept = default;
loaded_calibration& loaded_calibration::operator=(loaded_calibration&&) noexcept = default;
loaded_calibration::~loaded_calibration() = default;
const calibration& loaded_calibration::table() const { return s_->table; }

namespace {

using json = nlohmann::json;

[[noreturn]] void refuse(std::string_view path, std::string_view key, const std::string& what) {
  // One line: a key or message with a line break in it is shown escaped.
  std::string line = key.empty() ? fmt::format("{}: {}", path, what) : fmt::format("{}: key `{}`: {}", path, key, what);
  for (char& c : line) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  throw error(error_kind::bad_input, line);
}

// Every key of `known` is required; `optional` may be present too.
template <std::size_t N>
void only_keys(const json& o, std::string_view path, const std::string& at, const std::array<std::string_view, N>& known,
               std::string_view optional = {}) {
  for (const auto& [k, v] : o.items()) {
    bool ok = !optional.empty() && k == optional;
    for (std::string_view name : known) ok = ok || k == name;
    if (!ok) refuse(path, at.empty() ? k : at + "." + k, "unknown key");
  }
  for (std::string_view name : known) {
    if (!o.contains(name)) refuse(path, at.empty() ? std::string(name) : at + "." + std::string(name), "missing");
  }
}

std::string text_of(const json& o, std::string_view path, const std::string& key, std::string_view name) {
  const json& v = o.at(name);
  if (!v.is_string()) refuse(path, key, "expected a string");
  return v.get<std::string>();
}

std::vector<double> numbers(const json& v, std::string_view path, const std::string& key) {
  if (!v.is_array()) refuse(path, key, "expected an array of numbers");
  std::vector<double> out;
  out.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_number()) refuse(path, fmt::format("{}[{}]", key, i), "expected a number");
    out.push_back(v[i].get<double>());
  }
  return out;
}

template <typename E, std::size_t N>
E enum_of(const json& o, std::string_view path, const std::string& key, std::string_view name, const std::array<E, N>& all) {
  const std::string s = text_of(o, path, key, name);
  std::string known;
  for (E e : all) {
    if (name_of(e) == s) return e;
    known += fmt::format("{}{}", known.empty() ? "" : ", ", name_of(e));
  }
  refuse(path, key, fmt::format("unknown value \"{}\" (one of {})", s, known));
}

constexpr std::array all_classes{kernel_class::gemm,          kernel_class::moe_gemm,   kernel_class::gqa_decode,
                                 kernel_class::prefill_attention, kernel_class::mla_decode, kernel_class::mla_prefill,
                                 kernel_class::all_reduce,    kernel_class::all_to_all, kernel_class::gdn_decode,
                                 kernel_class::gdn_prefill,   kernel_class::conv1d_decode, kernel_class::conv1d_prefill,
                                 kernel_class::mla_bmm};
constexpr std::array all_formats{calib_format::bf16, calib_format::fp8, calib_format::fp4, calib_format::int4_weight_only,
                                  calib_format::fp8_block, calib_format::mxfp4_weight_only, calib_format::mxfp4_marlin,
                                  calib_format::fp8_static};

}  // namespace

loaded_calibration parse_calibration(std::string_view text, std::string_view path) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    std::string what = e.what();
    const std::size_t bracket = what.find("] ");
    refuse(path, "", "malformed JSON: " + (bracket == std::string::npos ? what : what.substr(bracket + 2)));
  }
  if (!doc.is_object()) refuse(path, "", "expected a JSON object at the top level");
  only_keys(doc, path, "", std::array<std::string_view, 5>{"device", "engine", "version", "source", "grids"});
  auto s = std::make_unique<loaded_calibration::storage>();
  s->device = text_of(doc, path, "device", "device");
  s->engine = text_of(doc, path, "engine", "engine");
  s->version = text_of(doc, path, "version", "version");
  s->source = text_of(doc, path, "source", "source");
  const json& grids = doc.at("grids");
  if (!grids.is_array()) refuse(path, "grids", "expected an array of grids");
  for (std::size_t g = 0; g < grids.size(); ++g) {
    const std::string at = fmt::format("grids[{}]", g);
    const json& o = grids[g];
    if (!o.is_object()) refuse(path, at, "expected an object");
    only_keys(o, path, at, std::array<std::string_view, 6>{"class", "format", "absolute_us", "xs", "ys", "values"}, "floor_us");
    calib_grid gr{};
    // Decode attention was read by context tokens until 2026-12-05; its grids are now by the KV
    // elements one sequence reads, under a new name, so a table of the old axis is refused, not
    // misread.
    if (o.contains("class") && o.at("class").is_string() && o.at("class").get<std::string>() == "decode_attention") {
      refuse(path, at + ".class",
             "\"decode_attention\" is now \"gqa_decode\", whose ys are the KV elements one sequence reads "
             "(tokens x 2 x kv_heads x head_dim), not its context tokens; convert the grid's ys and rename it");
    }
    gr.cls = enum_of(o, path, at + ".class", "class", all_classes);
    gr.fmt = enum_of(o, path, at + ".format", "format", all_formats);
    if (!o.at("absolute_us").is_boolean()) refuse(path, at + ".absolute_us", "expected true or false");
    gr.absolute_us = o.at("absolute_us").get<bool>();
    if (o.contains("floor_us")) {
      if (!o.at("floor_us").is_number()) refuse(path, at + ".floor_us", "expected a number");
      gr.floor_us = o.at("floor_us").get<double>();
    }
    std::vector<double> xs = numbers(o.at("xs"), path, at + ".xs");
    std::vector<double> ys = numbers(o.at("ys"), path, at + ".ys");
    std::vector<double> values = numbers(o.at("values"), path, at + ".values");
    if (xs.empty() || xs.size() > 255) refuse(path, at + ".xs", fmt::format("expected 1 to 255 points, got {}", xs.size()));
    if (ys.empty() || ys.size() > 255) refuse(path, at + ".ys", fmt::format("expected 1 to 255 points, got {}", ys.size()));
    if (values.size() != xs.size() * ys.size()) {
      refuse(path, at + ".values", fmt::format("expected {} x {} = {} numbers, got {}", xs.size(), ys.size(), xs.size() * ys.size(), values.size()));
    }
    gr.nx = static_cast<std::uint8_t>(xs.size());
    gr.ny = static_cast<std::uint8_t>(ys.size());
    s->axes_and_values.push_back(std::move(xs));
    s->axes_and_values.push_back(std::move(ys));
    s->axes_and_values.push_back(std::move(values));
    s->grids.push_back(gr);
  }
  // Pointers are set once every vector is in place (push_back moves the outer vector's items,
  // not their heap arrays, but set them last all the same).
  for (std::size_t g = 0; g < s->grids.size(); ++g) {
    s->grids[g].xs = s->axes_and_values[3 * g].data();
    s->grids[g].ys = s->axes_and_values[3 * g + 1].data();
    s->grids[g].values = s->axes_and_values[3 * g + 2].data();
  }
  s->table = calibration{s->device, s->engine, s->version, s->source, s->grids.data(), s->grids.size()};
  const calib_finding f = check_calibration(s->table);
  if (!f.ok()) {
    const std::string key = f.grid < s->grids.size() ? fmt::format("grids[{}]", f.grid) : std::string("device");
    refuse(path, key, std::string(describe(f.rule)));
  }
  return loaded_calibration(std::move(s));
}

loaded_calibration load_calibration(const std::string& path) {
  if (path.empty()) throw error(error_kind::bad_input, "--calibration: expected a file name, got an empty string");
  // O_NONBLOCK: opening a FIFO must not wait for a writer; the type check below refuses it.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) refuse(path, "", fmt::format("cannot read the calibration file ({})", std::strerror(errno)));
  struct closer {
    int fd;
    ~closer() { ::close(fd); }
  } const close_at_exit{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) refuse(path, "", fmt::format("cannot read the calibration file ({})", std::strerror(errno)));
  if (!S_ISREG(st.st_mode)) refuse(path, "", "the calibration file must be a regular file (not a folder, device, FIFO or socket)");
  if (st.st_size < 0 || static_cast<std::uint64_t>(st.st_size) > max_calibration_bytes) {
    refuse(path, "", fmt::format("the file is {} bytes, more than the {} a calibration file may have", st.st_size, max_calibration_bytes));
  }
  // Read at most one byte past the cap: a file that grew after fstat is refused, not read whole.
  std::string text(max_calibration_bytes + 1, '\0');
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      refuse(path, "", fmt::format("cannot read the calibration file ({})", std::strerror(errno)));
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  if (done > max_calibration_bytes) refuse(path, "", fmt::format("the file is more than the {} bytes a calibration file may have", max_calibration_bytes));
  text.resize(done);
  return parse_calibration(text, path);
}

}  // namespace headroom::cli
