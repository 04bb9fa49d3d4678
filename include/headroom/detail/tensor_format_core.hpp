// SPDX-License-Identifier: MIT
// IWYU pragma: private, include <headroom/tensor_format.hpp>
// headroom: tensor formats and their byte laws (docs/model.md#formats-and-byte-laws), every
// scale byte counted.
//
// Laws, for a tensor of rows x d elements (E = rows * d):
//   bf16 2E; f32, i32 4E;
//   fp8/tensor E + 4; fp8/token E + 4*rows; fp8/channel E + 4*rows (one F32 scale per output
//   channel: for a weight [out, in] that is `out` scales, compressed-tensors' [out, 1]);
//   fp8/g<g> E + 4*rows*(d/g); fp8/block<r>x<c> E + 4*ceil(rows/r)*ceil(d/c);
//   fp8/block<r>x<c>/ue8m0 E + ceil(rows/r)*ceil(d/c) (one F8_E8M0 byte per block: DeepSeek-V4's
//   scale_fmt ue8m0 checkpoints store weight_scale_inv as F8_E8M0);
//   mxfp4/g32 E/2 + E/32 (E2M1 pairs + one E8M0 byte per 32);
//   nvfp4/g<g> E/2 + E/g + 4*rows for an activation (F32 global per row) and
//   E/2 + E/g + 4 for a weight (one F32 global per tensor, the checkpoint's weight_scale_2);
//   int8/token E + 4*rows (an F32 scale per token, computed at run time);
// and, for an [n (out), k (in)] weight with G = k/g groups per output channel (weight-only
// layouts, each as the code that writes the checkpoint lays it out):
//   int8/channel n*k + 2*n: I8 weight, compressed-tensors' weight_scale [n, 1] in the model's
//     16-bit dtype (initialize.py: scale_dtype = module.weight.dtype);
//   awq/g<g>  n*k/2 + n*G/2 + 2*n*G: AutoAWQ WQLinear_GEMM's qweight I32 [k, n/8], qzeros I32
//     [G, n/8], scales F16 [G, n] (awq/modules/linear/gemm.py);
//   gptq/g<g> n*k/2 + n*G/2 + 2*n*G + 4*k: AutoGPTQ's qweight I32 [k/8, n], qzeros I32 [G, n/8],
//     scales F16 [G, n], g_idx I32 [k] (auto_gptq/nn_modules/qlinear/qlinear_cuda_old.py);
//   int4/g<g> n*k/2 + 2*n*G + 16: compressed-tensors pack-quantized weight_packed I32 [n, k/8],
//     weight_scale [n, G] in the model's 16-bit dtype, weight_shape I64 [2];
//   int4/g<g>/zp the same + 4*ceil(n/8)*G: the asymmetric scheme's weight_zero_point, packed
//     eight to an I32 along the output dimension [ceil(n/8), G].
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/detail/fixed_text.hpp>
#include <headroom/error.hpp>

namespace headroom {

enum class format_kind : std::uint8_t { bf16, f32, i32, fp8, mxfp4, nvfp4, int8, awq4, gptq4, int4 };
enum class scale_kind : std::uint8_t { none, tensor, token, channel, group, block };

/// A tensor's storage format. Build with the named constants or `fp8_group(n)` etc.; parse a
/// spelling with `parse_format`.
struct tensor_format {
  format_kind kind = format_kind::bf16;
  scale_kind scale = scale_kind::none;
  std::uint32_t group = 0;    ///< g<n> of fp8/g<n>, nvfp4/g<n>, mxfp4/g32
  std::uint32_t block_r = 0;  ///< r of fp8/block<r>x<c>
  std::uint32_t block_c = 0;  ///< c of fp8/block<r>x<c>
  bool zero_point = false;    ///< int4/g<n>/zp: asymmetric, with stored zero points
  bool ue8m0 = false;         ///< fp8/block<r>x<c>/ue8m0: one-byte UE8M0 block scales, not F32

  friend constexpr bool operator==(const tensor_format&, const tensor_format&) = default;
};

namespace formats {
inline constexpr tensor_format bf16{format_kind::bf16};
inline constexpr tensor_format f32{format_kind::f32};
inline constexpr tensor_format i32{format_kind::i32};
inline constexpr tensor_format fp8_tensor{format_kind::fp8, scale_kind::tensor};
inline constexpr tensor_format fp8_token{format_kind::fp8, scale_kind::token};
inline constexpr tensor_format fp8_channel{format_kind::fp8, scale_kind::channel};
inline constexpr tensor_format mxfp4{format_kind::mxfp4, scale_kind::group, 32};
inline constexpr tensor_format nvfp4_g16{format_kind::nvfp4, scale_kind::group, 16};
constexpr tensor_format fp8_group(std::uint32_t g) { return {format_kind::fp8, scale_kind::group, g}; }
constexpr tensor_format fp8_block(std::uint32_t r, std::uint32_t c, bool ue8m0 = false) {
  return {format_kind::fp8, scale_kind::block, 0, r, c, false, ue8m0};
}
constexpr tensor_format nvfp4(std::uint32_t g) { return {format_kind::nvfp4, scale_kind::group, g}; }
inline constexpr tensor_format int8_channel{format_kind::int8, scale_kind::channel};
inline constexpr tensor_format int8_token{format_kind::int8, scale_kind::token};
constexpr tensor_format awq(std::uint32_t g) { return {format_kind::awq4, scale_kind::group, g}; }
constexpr tensor_format gptq(std::uint32_t g) { return {format_kind::gptq4, scale_kind::group, g}; }
constexpr tensor_format int4(std::uint32_t g, bool zero_point = false) {
  return {format_kind::int4, scale_kind::group, g, 0, 0, zero_point};
}
}  // namespace formats

/// The valid spellings, as every parse error lists them.
inline constexpr std::string_view format_spellings =
    "bf16, f32, i32, fp8/<token|tensor|channel|g<n>|block<r>x<c>[/ue8m0]>, nvfp4/g<n>, mxfp4/g32, int8/<token|channel>, "
    "awq/g<n>, gptq/g<n> or int4/g<n>[/zp]";

/// The canonical spelling: name(parse(s)) == s for every accepted s.
constexpr detail::fixed_text<32> name(const tensor_format& f) {
  detail::fixed_text<32> t;
  switch (f.kind) {
    case format_kind::bf16: return t.append("bf16");
    case format_kind::f32: return t.append("f32");
    case format_kind::i32: return t.append("i32");
    case format_kind::mxfp4: return t.append("mxfp4/g32");
    case format_kind::nvfp4: return t.append("nvfp4/g").append(f.group);
    case format_kind::int8: return t.append(f.scale == scale_kind::token ? "int8/token" : "int8/channel");
    case format_kind::awq4: return t.append("awq/g").append(f.group);
    case format_kind::gptq4: return t.append("gptq/g").append(f.group);
    case format_kind::int4: return f.zero_point ? t.append("int4/g").append(f.group).append("/zp") : t.append("int4/g").append(f.group);
    case format_kind::fp8:
      t.append("fp8/");
      switch (f.scale) {
        case scale_kind::tensor: return t.append("tensor");
        case scale_kind::token: return t.append("token");
        case scale_kind::channel: return t.append("channel");
        case scale_kind::group: return t.append("g").append(f.group);
        case scale_kind::block:
          t.append("block").append(f.block_r).append("x").append(f.block_c);
          return f.ue8m0 ? t.append("/ue8m0") : t;
        case scale_kind::none: break;
      }
      return t.append("?");
  }
  return t.append("?");
}

/// May appear on an activation edge: not fp8/channel, fp8/block, int8/channel, awq, gptq, int4
/// (weight-only layouts) and not mxfp4 (storage-only until an E8M0 activation quantizer exists).
constexpr bool is_edge_format(const tensor_format& f) {
  if (f.kind == format_kind::mxfp4 || f.kind == format_kind::awq4 || f.kind == format_kind::gptq4 ||
      f.kind == format_kind::int4)
    return false;
  if (f.kind == format_kind::int8) return f.scale == scale_kind::token;
  if (f.kind == format_kind::fp8) return f.scale == scale_kind::tensor || f.scale == scale_kind::token || f.scale == scale_kind::group;
  return true;
}

/// Bits per stored element, for the W<bits>A<bits> pair name.
constexpr unsigned element_bits(const tensor_format& f) {
  switch (f.kind) {
    case format_kind::mxfp4:
    case format_kind::nvfp4:
    case format_kind::awq4:
    case format_kind::gptq4:
    case format_kind::int4: return 4;
    case format_kind::fp8:
    case format_kind::int8: return 8;
    default: return 16;
  }
}

namespace detail {
constexpr bool is_plain(const tensor_format& f) {
  return f.kind == format_kind::bf16 || f.kind == format_kind::f32 || f.kind == format_kind::i32;
}
// The plain formats' law, 2 or 4 bytes an element; false on overflow. Most edges take it, so
// bytes() calls it without going through std::optional.
constexpr bool plain_bytes(const tensor_format& f, std::uint64_t rows, std::uint64_t d, std::uint64_t& out) {
  std::uint64_t e = 0;
  return !__builtin_mul_overflow(rows, d, &e) && !__builtin_mul_overflow(e, f.kind == format_kind::bf16 ? 2u : 4u, &out);
}

// a / b and a % b for b > 0, by a shift and a mask when b is a power of two (every group and
// block size the shipped formats use): a 64-bit division is tens of cycles.
constexpr std::uint64_t div_by(std::uint64_t a, std::uint64_t b) {
  return (b & (b - 1)) == 0 ? a >> static_cast<unsigned>(std::countr_zero(b)) : a / b;
}
constexpr std::uint64_t mod_by(std::uint64_t a, std::uint64_t b) { return (b & (b - 1)) == 0 ? a & (b - 1) : a % b; }
constexpr std::uint64_t ceil_div_by(std::uint64_t a, std::uint64_t b) { return div_by(a, b) + (mod_by(a, b) != 0); }

// The three INT4 layouts of an [n = rows, k = d] weight (the header comment gives each tensor);
// false when the shape has none.
constexpr bool int4_bytes(const tensor_format& f, std::uint64_t n, std::uint64_t k, std::uint64_t& out) {
  if (f.group == 0 || k % f.group != 0) return false;
  const bool packs_k = f.kind != format_kind::awq4;  // AWQ packs eight output channels, the others eight inputs
  if (packs_k ? k % 8 != 0 : n % 8 != 0) return false;
  if (f.kind != format_kind::int4 && n % 8 != 0) return false;  // qzeros pack n by eight
  std::uint64_t e = 0, scales = 0, total = 0;
  if (__builtin_mul_overflow(n, k, &e) || __builtin_mul_overflow(n, k / f.group, &scales)) return false;
  total = e / 2;  // the packed INT4 values
  std::uint64_t extra = 0;
  if (__builtin_mul_overflow(scales, 2, &extra) || __builtin_add_overflow(total, extra, &total)) return false;
  if (f.kind == format_kind::int4) {
    extra = 16;  // weight_shape I64 [2]
    if (f.zero_point && __builtin_mul_overflow(ceil_div(n, 8) * 4, k / f.group, &extra)) return false;
    if (f.zero_point && __builtin_add_overflow(extra, 16, &extra)) return false;
  } else {
    extra = scales / 2;  // qzeros: G x n INT4 values in I32s
    if (f.kind == format_kind::gptq4 && __builtin_add_overflow(extra, 4 * k, &extra)) return false;  // g_idx
  }
  return !__builtin_add_overflow(total, extra, &out);
}

// Every law in one place; `weight` selects the per-tensor NVFP4 global scale. False when the
// shape has no byte size (not a multiple of the format's group, or over 64 bits). A bool and an
// out-parameter, not std::optional: an optional comes back through the stack with its flag
// written a byte at a time and read back eight at once, which stalls every call.
constexpr bool law_bytes(const tensor_format& f, std::uint64_t rows, std::uint64_t d, bool weight, std::uint64_t& out) {
  if (is_plain(f)) return plain_bytes(f, rows, d, out);
  std::uint64_t e = 0;
  if (__builtin_mul_overflow(rows, d, &e)) return false;
  // e + a * b, checked.
  auto plus_product = [&](std::uint64_t a, std::uint64_t b) {
    std::uint64_t p = 0;
    return !__builtin_mul_overflow(a, b, &p) && !__builtin_add_overflow(e, p, &out);
  };
  switch (f.kind) {
    case format_kind::bf16:
    case format_kind::f32:
    case format_kind::i32: return plain_bytes(f, rows, d, out);
    case format_kind::mxfp4:
      if (d % 32 != 0) return false;
      return !__builtin_add_overflow(e / 2, e / 32, &out);
    case format_kind::nvfp4: {
      if (f.group == 0 || mod_by(d, f.group) != 0 || e % 2 != 0) return false;
      std::uint64_t packed = 0, global = 4;
      if (__builtin_add_overflow(e / 2, div_by(e, f.group), &packed)) return false;
      if (!weight && __builtin_mul_overflow(rows, 4, &global)) return false;
      return !__builtin_add_overflow(packed, global, &out);
    }
    case format_kind::int8:
      // A weight's scales are 16-bit per output channel; an activation's F32 per token.
      return plus_product(rows, f.scale == scale_kind::token ? 4 : 2);
    case format_kind::awq4:
    case format_kind::gptq4:
    case format_kind::int4: return int4_bytes(f, rows, d, out);
    case format_kind::fp8:
      switch (f.scale) {
        case scale_kind::tensor: return !__builtin_add_overflow(e, 4, &out);
        case scale_kind::token:
        case scale_kind::channel: return plus_product(rows, 4);
        case scale_kind::group: {
          if (f.group == 0 || mod_by(d, f.group) != 0) return false;
          // Every factor of the scale term is checked: fp8/g1 on 2^62 elements must refuse.
          std::uint64_t per_row = 0;
          return !__builtin_mul_overflow(div_by(d, f.group), 4, &per_row) && plus_product(rows, per_row);
        }
        case scale_kind::block: {
          if (f.block_r == 0 || f.block_c == 0) return false;
          std::uint64_t per_band = 0;
          return !__builtin_mul_overflow(ceil_div_by(d, f.block_c), f.ue8m0 ? 1 : 4, &per_band) &&
                 plus_product(ceil_div_by(rows, f.block_r), per_band);
        }
        case scale_kind::none: return false;
      }
  }
  return false;
}

// Whether an activation's bytes at rows x d (law_bytes, weight = false) are a x rows + b for
// every rows: its scales are per token, per group along a row or one for the tensor, and a row
// packs into whole bytes. Then the law at 1 and 2 rows gives a and b (node_cost.hpp). Block
// scales over several rows and the int4 layouts are not.
constexpr bool bytes_affine_in_rows(const tensor_format& f, std::uint64_t d) {
  switch (f.kind) {
    case format_kind::bf16:
    case format_kind::f32:
    case format_kind::i32:
    case format_kind::mxfp4:
    case format_kind::int8: return true;
    case format_kind::nvfp4: return d % 2 == 0;
    case format_kind::fp8: return f.scale != scale_kind::block || f.block_r == 1;
    default: return false;
  }
}
}  // namespace detail

namespace detail {
[[noreturn]] inline void no_size_at_run_time(const tensor_format& f, std::uint64_t rows, std::uint64_t d) {
  fail(error_kind::bad_format, std::string("format ") + std::string(name(f).view()) + " has no byte size for " +
                                   std::to_string(rows) + " x " + std::to_string(d) +
                                   " (not a multiple of its group, or over 64 bits)");
}
}  // namespace detail

/// Bytes of a rows x d tensor, or an error (compile error in constant evaluation).
constexpr std::uint64_t bytes(const tensor_format& f, std::uint64_t rows, std::uint64_t d) {
  std::uint64_t b = 0;
  if (detail::is_plain(f) ? detail::plain_bytes(f, rows, d, b) : detail::law_bytes(f, rows, d, false, b)) return b;
  if (std::is_constant_evaluated()) detail::format_has_no_byte_size_for_this_shape();
  detail::no_size_at_run_time(f, rows, d);
}

/// Bytes of an [n, k] weight, or an error.
constexpr std::uint64_t weight_bytes(const tensor_format& f, std::uint64_t n, std::uint64_t k) {
  std::uint64_t b = 0;
  if (detail::is_plain(f) ? detail::plain_bytes(f, n, k, b) : detail::law_bytes(f, n, k, true, b)) return b;
  if (std::is_constant_evaluated()) detail::format_has_no_byte_size_for_this_shape();
  detail::no_size_at_run_time(f, n, k);
}

}  // namespace headroom
