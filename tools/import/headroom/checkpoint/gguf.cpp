// SPDX-License-Identifier: MIT
// The GGUF reader (gguf.hpp). Format: ggml's docs/gguf.md; the rules are those of the
// reference loader, ggml/src/gguf.cpp (gguf_init_from_reader) at ggml-org/ggml
// d99724f2b141fed9e1a9f402213506c081433465, so a file llama.cpp refuses is refused here.
#include "headroom/checkpoint/gguf.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>

#include "headroom/input/bounded_file.hpp"
#include "headroom/import/importer.hpp"

namespace headroom::cli::import {

namespace {

// ggml's type_traits (src/ggml.c) and block structs (src/ggml-common.h) at ggml-org/ggml
// d99724f2b141fed9e1a9f402213506c081433465: blck_size and sizeof(block_*). QK_K = 256;
// e.g. block_q4_K = 2 ggml_half + 12 scale bytes + 128 nibble bytes = 144.
const std::vector<ggml_type_info> types{
    {0, "F32", 1, 4},         {1, "F16", 1, 2},         {2, "Q4_0", 32, 18},     {3, "Q4_1", 32, 20},
    {6, "Q5_0", 32, 22},      {7, "Q5_1", 32, 24},      {8, "Q8_0", 32, 34},     {9, "Q8_1", 32, 36},
    {10, "Q2_K", 256, 84},    {11, "Q3_K", 256, 110},   {12, "Q4_K", 256, 144},  {13, "Q5_K", 256, 176},
    {14, "Q6_K", 256, 210},   {15, "Q8_K", 256, 292},   {16, "IQ2_XXS", 256, 66}, {17, "IQ2_XS", 256, 74},
    {18, "IQ3_XXS", 256, 98}, {19, "IQ1_S", 256, 50},   {20, "IQ4_NL", 32, 18},  {21, "IQ3_S", 256, 110},
    {22, "IQ2_S", 256, 82},   {23, "IQ4_XS", 256, 136}, {24, "I8", 1, 1},        {25, "I16", 1, 2},
    {26, "I32", 1, 4},        {27, "I64", 1, 8},        {28, "F64", 1, 8},       {29, "IQ1_M", 256, 56},
    {30, "BF16", 1, 2},       {34, "TQ1_0", 256, 54},   {35, "TQ2_0", 256, 66},  {39, "MXFP4", 32, 17},
    {40, "NVFP4", 64, 36},    {41, "Q1_0", 128, 18},    {42, "Q2_0", 64, 18},
};

// GGUF value types (gguf.h: GGUF_TYPE_UINT8 = 0 ... GGUF_TYPE_FLOAT64 = 12) and their sizes
// (0: a string, an array).
constexpr std::array<std::uint64_t, 13> value_size{1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};
constexpr std::array<std::string_view, 13> value_name{"u8",  "i8",  "u16", "i16", "u32", "i32", "f32",
                                                      "bool", "str", "arr", "u64", "i64", "f64"};
constexpr std::uint32_t type_string = 8;
constexpr std::uint32_t type_array = 9;
constexpr std::uint64_t max_name = 64;  // ggml.h GGML_MAX_NAME: a tensor name is shorter
constexpr std::uint64_t max_dims = 4;   // ggml.h GGML_MAX_DIMS

// The bytes read so far, and where: every read checks the bytes left first.
class cursor {
 public:
  cursor(std::string_view bytes, std::uint64_t file_size, const std::string& file)
      : b_(bytes), size_(file_size), file_(file) {}

  [[nodiscard]] std::uint64_t at() const { return at_; }
  [[nodiscard]] std::uint64_t left() const { return b_.size() - at_; }

  [[noreturn]] void fail(std::uint64_t where, std::string_view what) const {
    throw import_error(fmt::format("{}: byte {}: {}", file_, where, what));
  }
  // `n` more bytes for `what`, or the one line that says the file ends first.
  void need(std::uint64_t n, std::string_view what) const {
    if (n > left()) short_of(at_, fmt::format("{} needs {} bytes", what, n));
  }
  // The bytes left cannot hold `what`: the file is truncated, or its header passes the cap.
  [[noreturn]] void short_of(std::uint64_t where, std::string_view what) const {
    if (b_.size() < size_) {
      fail(where, fmt::format("{}: the header reaches past the first {} bytes ({} MiB), the most a {} may have", what,
                              gguf_header_file.cap, gguf_header_file.cap >> 20, gguf_header_file.noun));
    }
    fail(where, fmt::format("{}, the file ends {} bytes on (truncated)", what, left()));
  }
  std::uint64_t u(std::size_t width, std::string_view what) {
    need(width, what);
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < width; ++i) v |= std::uint64_t{static_cast<unsigned char>(b_[at_ + i])} << (8 * i);
    at_ += width;
    return v;
  }
  std::string str(std::string_view what) {
    const std::uint64_t n = u(8, what);
    need(n, what);
    std::string s(b_.substr(at_, n));
    at_ += n;
    return s;
  }
  void skip(std::uint64_t n, std::string_view what) {
    need(n, what);
    at_ += n;
  }

 private:
  std::string_view b_;
  std::uint64_t size_;
  const std::string& file_;
  std::uint64_t at_ = 0;
};

std::optional<std::uint64_t> mul(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > UINT64_MAX / a) return std::nullopt;
  return a * b;
}

std::string type_text(std::uint32_t t) {
  return t < value_name.size() ? std::string(value_name[t]) : fmt::format("type {}", t);
}

// One scalar of value type `t` into v (strings: their text; floats: skipped).
void read_scalar(cursor& c, std::uint32_t t, gguf_value& v, std::string_view what) {
  if (t == type_string) {
    v.text = c.str(what);
    return;
  }
  const std::uint64_t width = value_size[t];
  const std::uint64_t raw = c.u(width, what);
  switch (t) {
    case 0: case 2: case 4: case 10: v.uint = raw; break;
    case 7: v.uint = raw != 0 ? 1 : 0; break;
    case 1: case 3: case 5: case 11: {
      const std::uint64_t sign = std::uint64_t{1} << (8 * width - 1);
      if ((raw & sign) != 0) v.negative = true; else v.uint = raw;
      break;
    }
    default: break;  // f32, f64: kept as their type
  }
}

void read_kv(cursor& c, gguf_header& h) {
  const std::uint64_t at = c.at();
  std::string key = c.str("a metadata key");
  const std::string shown = elided(key);
  if (key.empty()) c.fail(at, "a metadata key is empty");
  if (h.kv.count(key) != 0) c.fail(at, fmt::format("key `{}`: stored twice", shown));
  const std::string what = fmt::format("key `{}`", shown);
  gguf_value v;
  v.at = at;
  v.type = static_cast<std::uint32_t>(c.u(4, what));
  if (v.type >= value_size.size()) c.fail(at, fmt::format("{}: unknown value type {}", what, v.type));
  if (v.type == type_array) {
    v.elem_type = static_cast<std::uint32_t>(c.u(4, what));
    if (v.elem_type >= value_size.size()) c.fail(at, fmt::format("{}: unknown array element type {}", what, v.elem_type));
    if (v.elem_type == type_array) c.fail(at, fmt::format("{}: an array of arrays (the reference loader refuses them)", what));
    v.length = c.u(8, what);
    // Each element takes at least its size (a string: its 8-byte length): checked before reading.
    const std::uint64_t least = v.elem_type == type_string ? 8 : value_size[v.elem_type];
    if (v.length > c.left() / least) c.short_of(at, fmt::format("{}: an array of {} {} cannot fit", what, v.length, type_text(v.elem_type)));
    if (v.elem_type == type_string) {
      for (std::uint64_t i = 0; i < v.length; ++i) c.skip(c.u(8, what), what);
    } else {
      c.skip(v.length * least, what);
    }
  } else {
    read_scalar(c, v.type, v, what);
  }
  h.kv.emplace(std::move(key), std::move(v));
}

void read_tensor(cursor& c, gguf_header& h, std::set<std::string>& names) {
  const std::uint64_t at = c.at();
  gguf_tensor t;
  t.name = c.str("a tensor name");
  const std::string shown = elided(t.name);
  if (t.name.size() >= max_name) {
    c.fail(at, fmt::format("tensor `{}`: a name of {} bytes (ggml's GGML_MAX_NAME allows {})", shown, t.name.size(), max_name - 1));
  }
  if (!names.insert(t.name).second) c.fail(at, fmt::format("tensor `{}`: stored twice", shown));
  const std::string what = fmt::format("tensor `{}`", shown);
  const std::uint64_t n_dims = c.u(4, what);
  if (n_dims > max_dims) c.fail(at, fmt::format("{}: {} dimensions (ggml has at most {})", what, n_dims, max_dims));
  std::uint64_t elements = 1;
  for (std::uint64_t i = 0; i < n_dims; ++i) {
    const std::uint64_t d = c.u(8, what);
    // ne is int64_t in ggml: a count of 2^63 or more reads negative there.
    if (d > static_cast<std::uint64_t>(INT64_MAX)) c.fail(at, fmt::format("{}: dimension {} is negative as ggml reads it", what, i));
    t.dims.push_back(d);
    const auto e = mul(elements, d);
    if (!e || *e > static_cast<std::uint64_t>(INT64_MAX)) c.fail(at, fmt::format("{}: more than 2^63 elements", what));
    elements = *e;
  }
  t.type = static_cast<std::uint32_t>(c.u(4, what));
  const ggml_type_info* ty = ggml_type_of(t.type);
  if (ty == nullptr) c.fail(at, fmt::format("{}: unknown ggml type id {}", what, t.type));
  const std::uint64_t row = t.dims.empty() ? 1 : t.dims[0];
  if (row % ty->block != 0) {
    c.fail(at, fmt::format("{}: a row of {} elements is not a multiple of {}'s block of {}", what, row, ty->name, ty->block));
  }
  const auto bytes = mul(elements / ty->block, ty->block_bytes);
  if (!bytes) c.fail(at, fmt::format("{}: more than 2^64 bytes", what));
  t.bytes = *bytes;
  t.offset = c.u(8, what);
  h.tensors.push_back(std::move(t));
}

std::uint64_t pad(std::uint64_t x, std::uint64_t a) { return x % a == 0 ? x : x + (a - x % a); }

// The reference loader's layout: in table order, each tensor at the running total of the ones
// before, each padded to the alignment; every tensor's data inside the file.
void check_layout(const cursor& c, gguf_header& h) {
  std::uint64_t expected = 0;
  for (const gguf_tensor& t : h.tensors) {
    const std::string shown = elided(t.name);
    if (t.offset % h.alignment != 0) {
      c.fail(h.data_offset, fmt::format("tensor `{}`: offset {} is not a multiple of general.alignment {}", shown, t.offset, h.alignment));
    }
    if (t.offset != expected) {
      c.fail(h.data_offset, fmt::format("tensor `{}`: offset {}, the tensors before it end at {} ({})", shown, t.offset,
                                        expected, t.offset < expected ? "they overlap" : "a gap"));
    }
    // data_offset <= file_size (checked before); the sums are compared without overflowing.
    if (t.offset > h.file_size - h.data_offset || t.bytes > h.file_size - h.data_offset - t.offset) {
      const bool wraps = t.offset > UINT64_MAX - h.data_offset || t.bytes > UINT64_MAX - h.data_offset - t.offset;
      c.fail(h.data_offset, fmt::format("tensor `{}`: its data ends at byte {}, the file has {} bytes (truncated)", shown,
                                        wraps ? std::string("2^64 or more") : fmt::format("{}", h.data_offset + t.offset + t.bytes),
                                        h.file_size));
    }
    if (pad(t.bytes, h.alignment) < t.bytes || UINT64_MAX - expected < pad(t.bytes, h.alignment)) {
      c.fail(h.data_offset, fmt::format("tensor `{}`: the data section passes 2^64 bytes", shown));
    }
    expected += pad(t.bytes, h.alignment);
    h.tensor_bytes += t.bytes;  // at most `expected`, which is checked above
  }
}

}  // namespace

const std::vector<ggml_type_info>& ggml_types() { return types; }

const ggml_type_info* ggml_type_of(std::uint32_t id) {
  const auto it = std::find_if(types.begin(), types.end(), [&](const ggml_type_info& t) { return t.id == id; });
  return it == types.end() ? nullptr : &*it;
}

gguf_header parse_gguf(std::string_view bytes, std::uint64_t file_size, const std::string& file) {
  cursor c(bytes, file_size, file);
  gguf_header h;
  h.file_size = file_size;
  if (bytes.size() < 4 || bytes.substr(0, 4) != "GGUF") c.fail(0, "not a GGUF file (no `GGUF` magic)");
  c.skip(4, "the magic");
  h.version = static_cast<std::uint32_t>(c.u(4, "the version"));
  // A big-endian file's version 3 reads 0x03000000 here (gguf.cpp: the low 16 bits are zero).
  if (h.version != 0 && (h.version & 0xFFFFu) == 0) c.fail(4, "a big-endian GGUF file (only little-endian files are read)");
  if (h.version == 1) c.fail(4, "GGUF v1 (its counts are 32-bit; only v2 and v3 are read)");
  if (h.version != 2 && h.version != 3) c.fail(4, fmt::format("GGUF version {} (only v2 and v3 are read)", h.version));
  const std::uint64_t n_tensors = c.u(8, "the tensor count");
  const std::uint64_t n_kv = c.u(8, "the metadata count");
  // The least a key/value takes is 8 + 1 + 4 + 1 bytes, a tensor's info 8 + 1 + 4 + 4 + 8.
  if (n_kv > c.left() / 14) c.short_of(16, fmt::format("{} metadata key/values cannot fit", n_kv));
  if (n_tensors > c.left() / 25) c.short_of(8, fmt::format("{} tensors cannot fit", n_tensors));
  for (std::uint64_t i = 0; i < n_kv; ++i) read_kv(c, h);
  if (const auto it = h.kv.find("general.alignment"); it != h.kv.end()) {
    const gguf_value& a = it->second;
    if (a.type != 4) c.fail(a.at, fmt::format("key `general.alignment`: expected u32, got {}", type_text(a.type)));
    if (*a.uint == 0 || (*a.uint & (*a.uint - 1)) != 0) {
      c.fail(a.at, fmt::format("key `general.alignment`: {} is not a power of 2", *a.uint));
    }
    h.alignment = *a.uint;
  }
  std::set<std::string> names;
  for (std::uint64_t i = 0; i < n_tensors; ++i) read_tensor(c, h, names);
  h.data_offset = n_tensors == 0 ? c.at() : pad(c.at(), h.alignment);
  if (h.data_offset > file_size) c.fail(c.at(), fmt::format("the data section would begin at byte {}, past the end of the file (truncated)", h.data_offset));
  check_layout(c, h);
  return h;
}

gguf_header read_gguf(const std::string& path) {
  try {
    const bounded_file f(path, gguf_header_file);
    const std::string head = f.read_at(0, std::min(f.size(), gguf_header_file.cap));
    if (head.size() != std::min(f.size(), gguf_header_file.cap)) {
      throw import_error(fmt::format("{}: the GGUF file changed while it was read", path));
    }
    return parse_gguf(head, f.size(), path);
  } catch (const file_error& e) {
    throw import_error(e.what());
  }
}

}  // namespace headroom::cli::import
