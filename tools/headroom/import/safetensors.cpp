// SPDX-License-Identifier: MIT
// Reading a checkpoint folder's safetensors headers (verify.hpp): the 8-byte little-endian
// length, then the JSON header; never the tensor data.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "headroom/import/importer.hpp"
#include "headroom/import/hub_id.hpp"
#include "headroom/import/verify.hpp"

namespace headroom::cli::import {

namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

std::uint64_t dtype_size(std::string_view d) {
  static constexpr std::array<std::pair<std::string_view, std::uint64_t>, 16> sizes{{
      {"BOOL", 1}, {"U8", 1}, {"I8", 1}, {"F8_E4M3", 1}, {"F8_E5M2", 1}, {"F8_E8M0", 1}, {"I16", 2}, {"U16", 2},
      {"F16", 2}, {"BF16", 2}, {"I32", 4}, {"U32", 4}, {"F32", 4}, {"I64", 8}, {"U64", 8}, {"F64", 8}}};
  for (const auto& [n, s] : sizes) {
    if (n == d) return s;
  }
  return 0;
}

// The longest header accepted: the safetensors reference implementation refuses headers over
// 100 MB (safetensors/src/tensor.rs, MAX_HEADER_SIZE).
constexpr std::uint64_t max_header = 100'000'000;

void read_one(const fs::path& path, std::vector<tensor_info>& out) {
  const std::string file = path.string();
  std::ifstream in(path, std::ios::binary);
  if (!in) throw import_error(fmt::format("{}: cannot open the file", file));
  std::error_code ec;
  const std::uint64_t size = fs::file_size(path, ec);
  std::array<unsigned char, 8> len{};
  if (ec || size < 8 || !in.read(reinterpret_cast<char*>(len.data()), 8)) {
    throw import_error(fmt::format("{}: not a safetensors file (shorter than its 8-byte header length)", file));
  }
  std::uint64_t n = 0;
  for (std::size_t i = 0; i < 8; ++i) n |= static_cast<std::uint64_t>(len[i]) << (8 * i);  // little-endian
  if (n > max_header || n > size - 8) {
    throw import_error(fmt::format("{}: not a safetensors file (header length {} exceeds the file's {} bytes or 100 MB)",
                                   file, n, size));
  }
  std::string text(static_cast<std::size_t>(n), '\0');
  in.read(text.data(), static_cast<std::streamsize>(n));
  json h;
  try {
    h = json::parse(text);
  } catch (const json::parse_error& e) {
    throw import_error(fmt::format("{}: the safetensors header is not valid JSON (at byte {})", file, e.byte));
  }
  if (!h.is_object()) throw import_error(fmt::format("{}: the safetensors header is not a JSON object", file));
  for (const auto& item : h.items()) {
    // Named copies: clang 14 cannot capture structured bindings in a lambda.
    const std::string name = item.key();
    const json& t = item.value();
    if (name == "__metadata__") continue;
    auto bad = [&](std::string_view why) {
      throw import_error(fmt::format("{}: tensor `{}`: {}", file, name, why));
    };
    if (!t.is_object() || !t.contains("dtype") || !t["dtype"].is_string() || !t.contains("shape") ||
        !t["shape"].is_array() || !t.contains("data_offsets") || !t["data_offsets"].is_array() ||
        t["data_offsets"].size() != 2) {
      bad("expected {\"dtype\": string, \"shape\": [...], \"data_offsets\": [begin, end]}");
    }
    tensor_info ti{name, t["dtype"].get<std::string>(), {}, 0};
    std::uint64_t elements = 1;
    for (const json& d : t["shape"]) {
      if (!d.is_number_unsigned()) bad("a dimension is not a non-negative integer");
      ti.shape.push_back(d.get<std::uint64_t>());
      elements = checked_mul(elements, ti.shape.back());
    }
    const json& off = t["data_offsets"];
    if (!off[0].is_number_unsigned() || !off[1].is_number_unsigned() || off[1].get<std::uint64_t>() < off[0].get<std::uint64_t>()) {
      bad("data_offsets are not [begin, end] with begin <= end");
    }
    ti.bytes = off[1].get<std::uint64_t>() - off[0].get<std::uint64_t>();
    const std::uint64_t es = dtype_size(ti.dtype);
    if (es == 0) bad(fmt::format("unknown dtype `{}`", ti.dtype));
    if (checked_mul(elements, es) != ti.bytes) {
      bad(fmt::format("{} {} is {} bytes, its data_offsets span {}", ti.dtype, shape_text(ti.shape), elements * es, ti.bytes));
    }
    out.push_back(std::move(ti));
  }
}

}  // namespace

std::vector<tensor_info> read_safetensors_headers(const std::string& dir) {
  std::error_code ec;
  refuse_hub_id("verify", dir);
  if (!fs::is_directory(dir, ec)) throw import_error(fmt::format("{}: not a folder", dir));
  std::set<fs::path> files;
  const fs::path index = fs::path(dir) / "model.safetensors.index.json";
  if (fs::exists(index, ec)) {
    std::ifstream in(index, std::ios::binary);
    json j;
    try {
      j = json::parse(in);
    } catch (const json::parse_error& e) {
      throw import_error(fmt::format("{}: not valid JSON (at byte {})", index.string(), e.byte));
    }
    if (!j.is_object() || !j.contains("weight_map") || !j["weight_map"].is_object()) {
      throw import_error(fmt::format("{}: key `weight_map`: missing, or not an object", index.string()));
    }
    for (const auto& [name, shard] : j["weight_map"].items()) {
      if (!shard.is_string()) throw import_error(fmt::format("{}: key `weight_map.{}`: expected a file name", index.string(), name));
      files.insert(fs::path(dir) / shard.get<std::string>());
    }
  } else {
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      if (e.path().extension() == ".safetensors") files.insert(e.path());
    }
  }
  if (files.empty()) throw import_error(fmt::format("{}: no .safetensors file and no model.safetensors.index.json", dir));
  std::vector<tensor_info> out;
  for (const fs::path& f : files) read_one(f, out);
  std::sort(out.begin(), out.end(), [](const tensor_info& a, const tensor_info& b) { return a.name < b.name; });
  for (std::size_t i = 1; i < out.size(); ++i) {
    if (out[i].name == out[i - 1].name) throw import_error(fmt::format("{}: tensor `{}` is stored twice", dir, out[i].name));
  }
  return out;
}

}  // namespace headroom::cli::import
