// SPDX-License-Identifier: MIT
#include "headroom/checkpoint/verify.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include <headroom/footprint.hpp>

#include "headroom/import/importer.hpp"

namespace headroom::cli::import {

std::string shape_text(const std::vector<std::uint64_t>& s) {
  std::string out = "[";
  for (std::size_t i = 0; i < s.size(); ++i) out += fmt::format("{}{}", i == 0 ? "" : ", ", s[i]);
  return out + "]";
}

verify_result verify(const model& m, std::string_view model_type, const std::string& dir) {
  const std::vector<tensor_info> want = inventory(m, model_type);
  const std::vector<tensor_info> got = read_safetensors_headers(dir);
  std::map<std::string, const tensor_info*> files;
  for (const tensor_info& t : got) files[t.name] = &t;
  std::vector<std::string> missing;
  std::vector<std::string> extra;
  std::vector<std::string> differ;
  std::set<std::string> seen;
  auto describe = [](const tensor_info& t) { return fmt::format("{} {}", t.dtype, shape_text(t.shape)); };
  for (const tensor_info& t : want) {
    seen.insert(t.name);
    const auto it = files.find(t.name);
    if (it == files.end()) {
      missing.push_back(fmt::format("`{}` ({})", t.name, describe(t)));
    } else if (it->second->dtype != t.dtype || it->second->shape != t.shape) {
      differ.push_back(fmt::format("`{}`: model {}, files {}", t.name, describe(t), describe(*it->second)));
    }
  }
  for (const tensor_info& t : got) {
    if (seen.count(t.name) == 0) extra.push_back(fmt::format("`{}` ({})", t.name, describe(t)));
  }
  std::uint64_t want_bytes = 0;
  std::uint64_t got_bytes = 0;
  for (const tensor_info& t : want) want_bytes = checked_add(want_bytes, t.bytes);
  for (const tensor_info& t : got) got_bytes = checked_add(got_bytes, t.bytes);

  verify_result r;
  r.agree = missing.empty() && extra.empty() && differ.empty() && want_bytes == got_bytes;
  std::string& s = r.text;
  s += fmt::format("# Verify: {} against {}\n\n", m.id, dir);
  s += "| | tensors | bytes |\n|---|---:|---:|\n";
  s += fmt::format("| model inventory | {} | {} |\n", want.size(), want_bytes);
  s += fmt::format("| safetensors headers | {} | {} |\n\n", got.size(), got_bytes);
  auto section = [&](std::string_view title, const std::vector<std::string>& lines) {
    if (lines.empty()) return;
    s += fmt::format("{} ({}):\n", title, lines.size());
    constexpr std::size_t shown = 20;  // enough to see the pattern; the count says how many
    for (std::size_t i = 0; i < lines.size() && i < shown; ++i) s += "- " + lines[i] + "\n";
    if (lines.size() > shown) s += fmt::format("- ... and {} more\n", lines.size() - shown);
    s += "\n";
  };
  section("In the model, not in the files", missing);
  section("In the files, not in the model", extra);
  section("Different dtype or shape", differ);
  s += r.agree ? "Agree: every tensor's name, dtype and shape, and the totals.\n"
               : "Disagree.\n";
  return r;
}

}  // namespace headroom::cli::import
