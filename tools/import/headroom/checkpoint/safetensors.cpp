// SPDX-License-Identifier: MIT
// Reading a checkpoint folder's safetensors headers (verify.hpp): the 8-byte little-endian
// length, then the JSON header; never the tensor data.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <optional>
#include <set>
#include <tuple>

#include "headroom/import/importer.hpp"
#include "headroom/checkpoint/hub_id.hpp"
#include "headroom/checkpoint/verify.hpp"
#include "headroom/input/bounded_file.hpp"
#include "headroom/input/usage_error.hpp"
#include "headroom/input/strict_json.hpp"

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

// The data offsets of one file, for the layout check after all its tensors are read.
struct span {
  std::uint64_t begin;
  std::uint64_t end;
  std::string name;
};

// a * b, or nullopt when it overflows 64 bits.
std::optional<std::uint64_t> times(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > UINT64_MAX / a) return std::nullopt;
  return a * b;
}

// The rules of the reference loader (huggingface/safetensors, safetensors/src/tensor.rs at
// 000a16f45cff0d4169ca15b67ea002895234d671: Metadata::validate and read_metadata): sorted by
// offset, the tensors start at 0, each begins where the previous ended (no gap, no overlap),
// each spans dtype size x shape bytes (overflow refused), and the last ends where the file
// does. A file the reference loader refuses is refused here, so `verify` never agrees with it.
void check_layout(const std::string& file, std::vector<span>& spans, std::uint64_t data_bytes) {
  std::sort(spans.begin(), spans.end(), [](const span& a, const span& b) {
    return std::tie(a.begin, a.end, a.name) < std::tie(b.begin, b.end, b.name);  // ties: by name, deterministic
  });
  std::uint64_t at = 0;
  for (const span& s : spans) {
    if (s.begin != at) {
      throw import_error(fmt::format("{}: tensor `{}`: data_offsets begin at {}, the previous tensor ends at {} ({})",
                                     file, elided(s.name), s.begin, at, s.begin < at ? "they overlap" : "a gap"));
    }
    at = s.end;
  }
  if (at != data_bytes) {
    throw import_error(fmt::format("{}: the tensors' data ends at byte {} of the data, the file holds {} bytes of data "
                                   "after its header ({})",
                                   file, at, data_bytes, at > data_bytes ? "truncated" : "trailing bytes"));
  }
}

void read_one(const fs::path& path, std::vector<tensor_info>& out) {
  const std::string file = path.string();
  try {
    const bounded_file in(file, header_file);
    const std::uint64_t size = in.size();
    const std::string len = size < 8 ? std::string() : in.read_at(0, 8);
    if (len.size() != 8) {
      throw import_error(fmt::format("{}: not a safetensors file (shorter than its 8-byte header length)", file));
    }
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < 8; ++i) n |= static_cast<std::uint64_t>(static_cast<unsigned char>(len[i])) << (8 * i);
    // The length's value is not printed: bytes read from a file never reach a message.
    if (n > size - 8) {
      throw import_error(fmt::format("{}: not a safetensors file (its header length is beyond the file's {} bytes)", file, size));
    }
    if (n > header_file.cap) {
      throw import_error(fmt::format("{}: the safetensors header is more than the {} bytes ({} MiB) a header may have",
                                     file, header_file.cap, header_file.cap >> 20));
    }
    const json h = parse_json(in.read_at(8, n), file + " (header)");
    if (!h.is_object()) throw import_error(fmt::format("{}: the safetensors header is not a JSON object", file));
    std::vector<span> spans;
    for (const auto& item : h.items()) {
      // Named copies: clang 14 cannot capture structured bindings in a lambda.
      const std::string name = item.key();
      const json& t = item.value();
      if (name == "__metadata__") continue;
      auto bad = [&](std::string_view why) {
        throw import_error(printable(fmt::format("{}: tensor `{}`: {}", file, elided(name), why)));
      };
      if (!t.is_object() || !t.contains("dtype") || !t["dtype"].is_string() || !t.contains("shape") ||
          !t["shape"].is_array() || !t.contains("data_offsets") || !t["data_offsets"].is_array() ||
          t["data_offsets"].size() != 2) {
        bad("expected {\"dtype\": string, \"shape\": [...], \"data_offsets\": [begin, end]}");
      }
      tensor_info ti{name, t["dtype"].get<std::string>(), {}, 0};
      const std::uint64_t es = dtype_size(ti.dtype);
      if (es == 0) bad(fmt::format("unknown dtype `{}`", elided(ti.dtype)));
      std::optional<std::uint64_t> bytes = es;
      for (const json& d : t["shape"]) {
        if (!d.is_number_unsigned()) bad("a dimension is not a non-negative integer");
        ti.shape.push_back(d.get<std::uint64_t>());
        if (bytes) bytes = times(*bytes, ti.shape.back());
      }
      if (!bytes) bad(fmt::format("{} {} is more than 2^64 bytes", ti.dtype, elided(shape_text(ti.shape))));
      const json& off = t["data_offsets"];
      if (!off[0].is_number_unsigned() || !off[1].is_number_unsigned() ||
          off[1].get<std::uint64_t>() < off[0].get<std::uint64_t>()) {
        bad("data_offsets are not [begin, end] with begin <= end");
      }
      const std::uint64_t begin = off[0].get<std::uint64_t>();
      const std::uint64_t end = off[1].get<std::uint64_t>();
      ti.bytes = end - begin;
      if (*bytes != ti.bytes) {
        bad(fmt::format("{} {} is {} bytes, its data_offsets span {}", ti.dtype, elided(shape_text(ti.shape)), *bytes,
                        ti.bytes));
      }
      spans.push_back({begin, end, name});
      out.push_back(std::move(ti));
    }
    check_layout(file, spans, size - 8 - n);
  } catch (const file_error& e) {
    throw import_error(e.what());
  }
}

}  // namespace

std::vector<tensor_info> read_safetensors_headers(const std::string& dir) {
  std::error_code ec;
  refuse_hub_id("verify", dir);
  if (!fs::is_directory(dir, ec)) throw import_error(fmt::format("{}: not a folder", dir));
  std::set<fs::path> files;
  const fs::path index = fs::path(dir) / "model.safetensors.index.json";
  if (fs::exists(index, ec) || fs::is_symlink(index, ec)) {
    const std::string where = index.string();
    try {
      const json j = parse_json(read_bounded(confined_path(dir, "model.safetensors.index.json", dir).string(), index_file),
                                where);
      if (!j.is_object() || !j.contains("weight_map") || !j["weight_map"].is_object()) {
        throw import_error(fmt::format("{}: key `weight_map`: missing, or not an object", where));
      }
      for (const auto& [name, shard] : j["weight_map"].items()) {
        if (!shard.is_string()) {
          throw import_error(printable(fmt::format("{}: key `weight_map.{}`: expected a file name", where, elided(name))));
        }
        // A shard named `../x` or `/etc/x`, or linked out of the folder, is refused unread.
        files.insert(confined_path(dir, shard.get<std::string>(), fmt::format("{}: key `weight_map.{}`", where, elided(name))));
      }
    } catch (const file_error& e) {
      throw import_error(e.what());
    }
  } else {
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      if (e.path().extension() != ".safetensors") continue;
      try {
        files.insert(confined_path(dir, e.path().filename().string(), dir));  // a link out of the folder: refused
      } catch (const file_error& err) {
        throw import_error(err.what());
      }
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
