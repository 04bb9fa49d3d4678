// SPDX-License-Identifier: MIT
// headroom: calibration tables (docs/calibration.md). A roofline ceiling is a bound; a deployment
// runs slower. A calibration table holds, per kernel class and format, the measured time of that
// kernel over headroom's own ceiling for it (node_cost on the device's datasheet constants), or
// for collectives and linear attention the measured microseconds, on a small 2-D grid; `lookup`
// interpolates it.
//
// Laws (check_calibration): device and engine named; every grid non-empty, its axes positive,
// finite and strictly ascending, its values positive and finite, a ratio at least 1 (the ceiling
// is a lower bound), collectives and linear attention absolute and other kernels ratios, one grid
// per (class, format).
// validate() turns the first broken law into a compile error naming it (constant evaluation:
// a call to detail::calibration_<rule>) or a headroom::error (bad_input) at run time.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include <headroom/error.hpp>

namespace headroom {

/// The kernel classes a prediction costs.
enum class kernel_class : std::uint8_t {
  gemm,               // dense GEMM: x = M (token rows), y = N*K (weight elements)
  moe_gemm,           // grouped routed-expert GEMMs of one MoE layer: x = token rows, y = experts' weight elements of one expert (3*hidden*inter for gate_up+down)
  gqa_decode,         // paged GQA/MHA decode: x = batch (sequences), y = KV elements one sequence reads (tokens x 2 x kv_heads x head_dim)
  prefill_attention,  // causal prefill attention: x = tokens of a sequence, y = sequences x the rank's query width (heads x head_dim)
  mla_decode,         // absorbed MLA decode: x = batch, y = context
  mla_prefill,        // MLA prefill: x = tokens of a sequence, y = sequences x the rank's heads
  all_reduce,         // x = message bytes, y = ranks; value is absolute microseconds
  all_to_all,         // x = message bytes, y = ranks; absolute microseconds (if data exists)
  // Linear attention (Gated DeltaNet layers and their causal conv): measured microseconds of one
  // launch, not ratios -- the engines' chunked scan does several times the FLOPs of the
  // recurrence headroom's ceiling counts, so no ratio to that ceiling carries across shapes.
  gdn_decode,         // the gated delta rule's one-token state update: x = batch (sequences), y = state elements a sequence holds on the rank (v_heads x k_dim x v_dim)
  gdn_prefill,        // the chunked gated delta rule over a prompt: x = prompt tokens, y = as gdn_decode
  conv1d_decode,      // the causal conv's one-token update: x = batch, y = conv window elements a sequence holds on the rank (channels x (kernel - 1))
  conv1d_prefill,     // the causal conv over a prompt: x = prompt tokens, y = as conv1d_decode
  // An MLA decode step runs kv_b_proj absorbed as two batched GEMMs over the heads, the query's
  // nope half into the latent before the attention and the output back after it: one ratio for
  // the pair over the kv_b node's ceiling.
  mla_bmm,            // absorbed MLA's two BMMs of a decode step: x = token rows, y = kv_b_proj's weight elements on the rank (kv_lora x heads x (qk_nope + v_head))
  // Until 2026-12-05 decode attention was read by context tokens (y); a table of that axis read
  // by KV elements would be misread, so the old spelling warns (an error under -Werror) and
  // names the new one.
  decode_attention [[deprecated("kernel_class::decode_attention is now kernel_class::gqa_decode, whose y axis is the "
                                "KV elements one sequence reads (tokens x 2 x kv_heads x head_dim), not its context; "
                                "convert the grid's ys")]] = gqa_decode,
};
/// `fp8`: per-tensor (or per-channel) scaled FP8; `fp8_block`: block-scaled FP8 weights
/// (128 x 128, DeepSeek-V3 style) with per-token-group activations -- other kernels. A table
/// that measured one of the two stands in for the other (prediction.hpp). `int4_weight_only`
/// and `mxfp4_weight_only`: W4A16 kernels that widen 4-bit weights (INT4 in groups of 128;
/// MXFP4, E2M1 with an E8M0 scale per 32) to the BF16 MMA -- the INT4 rows are Marlin's, the
/// MXFP4 ones the kernel an engine runs MXFP4 with by default (OpenAI's Triton kernel under
/// vLLM on Hopper); `mxfp4_marlin`: MXFP4 weights on Marlin's W4A16 kernel, where a kernel fact
/// says Marlin runs them (kernels.hpp). Each W4A16 grid stands in for the others
/// (prediction.hpp, grid_for).
/// `fp8_static`: per-tensor FP8 whose activation scale the checkpoint stores (ModelOpt's
/// input_scale): the `fp8` kernels less the measured cost of computing that scale per call.
enum class calib_format : std::uint8_t { bf16, fp8, fp4, int4_weight_only, fp8_block, mxfp4_weight_only, mxfp4_marlin, fp8_static };

/// Spellings (JSON keys of the run-time format, messages).
constexpr std::string_view name_of(kernel_class c) {
  switch (c) {
    case kernel_class::gemm: return "gemm";
    case kernel_class::moe_gemm: return "moe_gemm";
    case kernel_class::gqa_decode: return "gqa_decode";
    case kernel_class::prefill_attention: return "prefill_attention";
    case kernel_class::mla_decode: return "mla_decode";
    case kernel_class::mla_prefill: return "mla_prefill";
    case kernel_class::all_reduce: return "all_reduce";
    case kernel_class::all_to_all: return "all_to_all";
    case kernel_class::gdn_decode: return "gdn_decode";
    case kernel_class::gdn_prefill: return "gdn_prefill";
    case kernel_class::conv1d_decode: return "conv1d_decode";
    case kernel_class::conv1d_prefill: return "conv1d_prefill";
    case kernel_class::mla_bmm: return "mla_bmm";
  }
  return "?";
}
constexpr std::string_view name_of(calib_format f) {
  switch (f) {
    case calib_format::bf16: return "bf16";
    case calib_format::fp8: return "fp8";
    case calib_format::fp4: return "fp4";
    case calib_format::int4_weight_only: return "int4_weight_only";
    case calib_format::fp8_block: return "fp8_block";
    case calib_format::mxfp4_weight_only: return "mxfp4_weight_only";
    case calib_format::mxfp4_marlin: return "mxfp4_marlin";
    case calib_format::fp8_static: return "fp8_static";
  }
  return "?";
}
/// Collectives carry measured microseconds; every other class a ratio over the ceiling.
constexpr bool is_collective(kernel_class c) { return c == kernel_class::all_reduce || c == kernel_class::all_to_all; }
/// The linear-attention kernels (kernel_class above): measured microseconds of one launch.
constexpr bool is_linear_attention(kernel_class c) {
  return c == kernel_class::gdn_decode || c == kernel_class::gdn_prefill || c == kernel_class::conv1d_decode ||
         c == kernel_class::conv1d_prefill;
}
/// Whether a grid of class `c` holds measured microseconds (absolute_us) rather than ratios.
constexpr bool is_absolute(kernel_class c) { return is_collective(c) || is_linear_attention(c); }

/// A 2-D table: values[ix * ny + iy] at (xs[ix], ys[iy]); xs and ys strictly ascending, > 0.
struct calib_grid {
  kernel_class cls = kernel_class::gemm;
  calib_format fmt = calib_format::bf16;
  std::uint8_t nx = 0, ny = 0;
  const double* xs = nullptr;
  const double* ys = nullptr;
  const double* values = nullptr;
  bool absolute_us = false;  // values are measured microseconds (collectives, linear attention), else measured / ceiling (>= 1)
  /// The fastest kernel of the class the table measured, any format and shape (microseconds;
  /// 0: none stated): no launch of the class is predicted faster. Collectives: 0.
  double floor_us = 0;
};
struct calibration {
  std::string_view device{};   // headroom device id, e.g. "h200_sxm"
  std::string_view engine{};   // "vllm", "sglang", "trtllm"
  std::string_view version{};  // the engine version measured, e.g. "0.14.0"
  std::string_view source{};   // repository, commit, path and licence of the measurements
  const calib_grid* grids = nullptr;
  std::size_t n_grids = 0;
};
inline constexpr calibration no_calibration{};  // a sentinel (g++ under UBSan cannot compare with nullptr in a constant expression)
struct calib_lookup { double value = 0; bool found = false; bool clamped = false; };

namespace detail {

/// ln x for a positive finite x, constexpr (std::log is not constexpr in C++20): x = m * 2^e read
/// off its bits (a subnormal x scaled by 2^54 first), m taken into [sqrt(1/2), sqrt(2)),
/// ln m = 2 atanh(z), z = (m - 1) / (m + 1), |z| <= 0.1716, by the atanh series' first twelve
/// terms in Horner form (the next, z^25 / 25, is below 1e-20 of z: past double precision).
constexpr double calib_ln(double x) {
  constexpr double ln2 = 0.693147180559945309417232121458176568;
  constexpr double sqrt2 = 1.41421356237309504880168872420969808;
  int e = 0;
  if (x < 2.2250738585072014e-308) {  // subnormal: no implicit leading bit to read
    x *= 18014398509481984.0;          // 2^54, exact
    e = -54;
  }
  const auto bits = std::bit_cast<std::uint64_t>(x);
  e += static_cast<int>((bits >> 52) & 0x7ffu) - 1023;
  // A power of two (the grids' axes are mostly powers of 2 and 4): z = 0 below, so the series
  // adds exactly 0 and the result is e ln 2; returned without it.
  if ((bits & 0x000fffffffffffffu) == 0) return e * ln2;
  double m = std::bit_cast<double>((bits & 0x000fffffffffffffu) | 0x3ff0000000000000u);  // [1, 2)
  if (m >= sqrt2) {
    m /= 2.0;
    ++e;
  }
  const double z = (m - 1.0) / (m + 1.0);
  const double w = z * z;
  // Written out: a loop over the coefficients is neither unrolled nor folded at -O2.
  const double p =
      1.0 + w * (1.0 / 3 + w * (1.0 / 5 + w * (1.0 / 7 + w * (1.0 / 9 + w * (1.0 / 11 + w * (1.0 / 13 + w * (1.0 / 15 +
      w * (1.0 / 17 + w * (1.0 / 19 + w * (1.0 / 21 + w * (1.0 / 23)))))))))));
  return 2.0 * z * p + e * ln2;
}

/// The cell [i, i + 1] holding v (clamped into the axis) and the fraction along it in log space.
/// `from`: a cell at or below v's (axis[from] <= v), where a caller locating rising values
/// resumes the walk; the same span as from 0.
struct calib_span { std::size_t i = 0; double t = 0; bool clamped = false; };
constexpr calib_span calib_locate(const double* axis, std::size_t n, double v, std::size_t from = 0) {
  calib_span s{from};
  if (!(v >= axis[0])) return {0, 0.0, true};  // below the axis, NaN or non-positive
  if (v >= axis[n - 1]) return {n - 1, 0.0, v > axis[n - 1]};
  while (axis[s.i + 1] <= v) ++s.i;  // axis[n - 1] > v stops it
  if (v == axis[s.i]) return s;  // on a point: t = 0 exactly (the logarithms below would give 0 too)
  s.t = calib_ln(v / axis[s.i]) / calib_ln(axis[s.i + 1] / axis[s.i]);
  return s;
}

}  // namespace detail

/// The index of the grid of (cls, fmt) in `c`, or c.n_grids when the table has none (an index,
/// not a pointer: g++ under UBSan does not constant-evaluate a global's address compared with null).
constexpr std::size_t find_grid(const calibration& c, kernel_class cls, calib_format fmt) {
  for (std::size_t g = 0; g < c.n_grids; ++g) {
    const calib_grid& gr = c.grids[g];
    if (gr.cls == cls && gr.fmt == fmt && gr.nx != 0 && gr.ny != 0) return g;
  }
  return c.n_grids;
}

/// The value of grid `gr` at the located point (sx along xs, sy along ys): bilinear in (log x,
/// log y). A caller that reads one y at several x locates y once (prediction.hpp's floors).
constexpr double grid_value(const calib_grid& gr, const detail::calib_span& sx, const detail::calib_span& sy) {
  const std::size_t ny = gr.ny;
  auto at = [&](std::size_t ix, std::size_t iy) { return gr.values[ix * ny + iy]; };
  const std::size_t ix1 = sx.t > 0 ? sx.i + 1 : sx.i, iy1 = sy.t > 0 ? sy.i + 1 : sy.i;
  const double lo = at(sx.i, sy.i) + (at(sx.i, iy1) - at(sx.i, sy.i)) * sy.t;
  const double hi = at(ix1, sy.i) + (at(ix1, iy1) - at(ix1, sy.i)) * sy.t;
  return lo + (hi - lo) * sx.t;
}

/// Bilinear interpolation in (log x, log y); x or y outside the grid is clamped to the edge (clamped = true);
/// found = false when the table has no grid for (cls, fmt).
constexpr calib_lookup lookup(const calibration& c, kernel_class cls, calib_format fmt, double x, double y) {
  const std::size_t g = find_grid(c, cls, fmt);
  if (g == c.n_grids) return {};
  const calib_grid& gr = c.grids[g];
  const auto sx = detail::calib_locate(gr.xs, gr.nx, x);
  const auto sy = detail::calib_locate(gr.ys, gr.ny, y);
  return {grid_value(gr, sx, sy), true, sx.clamped || sy.clamped};
}

/// The laws a calibration table must satisfy; `ok` when it satisfies all.
enum class calib_rule : std::uint8_t {
  ok,
  device_and_engine_must_be_named,
  grid_must_have_points,
  axis_must_be_positive_finite_and_strictly_ascending,
  value_must_be_positive_and_finite,
  ratio_must_be_at_least_1,
  collectives_are_absolute_us_and_kernels_are_ratios,
  one_grid_per_class_and_format,
  floor_must_be_finite_and_not_negative,
};
constexpr std::string_view describe(calib_rule r) {
  switch (r) {
    case calib_rule::ok: return "ok";
    case calib_rule::device_and_engine_must_be_named: return "device and engine must be named";
    case calib_rule::grid_must_have_points: return "a grid needs at least one x and one y point (nx, ny >= 1) and its arrays";
    case calib_rule::axis_must_be_positive_finite_and_strictly_ascending: return "xs and ys must be positive, finite and strictly ascending";
    case calib_rule::value_must_be_positive_and_finite: return "every value must be positive and finite";
    case calib_rule::ratio_must_be_at_least_1: return "a ratio (measured / ceiling) must be at least 1: the ceiling is a lower bound";
    case calib_rule::collectives_are_absolute_us_and_kernels_are_ratios: return "all_reduce, all_to_all, gdn_decode, gdn_prefill, conv1d_decode and conv1d_prefill grids hold absolute microseconds (absolute_us), every other class a ratio";
    case calib_rule::one_grid_per_class_and_format: return "at most one grid per (class, format)";
    case calib_rule::floor_must_be_finite_and_not_negative: return "floor_us must be finite and at least 0 (0 on grids of absolute microseconds)";
  }
  return "unknown rule";
}

/// The first broken law and the grid it is in (n_grids when the table itself).
struct calib_finding {
  calib_rule rule = calib_rule::ok;
  std::size_t grid = 0;
  [[nodiscard]] constexpr bool ok() const { return rule == calib_rule::ok; }
};

namespace detail {
// Reached only during constant evaluation of a broken table: the name is the diagnostic.
inline void calibration_device_and_engine_must_be_named() {}
inline void calibration_grid_must_have_points() {}
inline void calibration_axis_must_be_positive_finite_and_strictly_ascending() {}
inline void calibration_value_must_be_positive_and_finite() {}
inline void calibration_ratio_must_be_at_least_1() {}
inline void calibration_collectives_are_absolute_us_and_kernels_are_ratios() {}
inline void calibration_one_grid_per_class_and_format() {}
inline void calibration_floor_must_be_finite_and_not_negative() {}

/// Finite by comparisons only (no arithmetic on an infinity or NaN in a constant expression).
constexpr bool calib_positive_finite(double x) { return x == x && x > 0 && x <= std::numeric_limits<double>::max(); }
constexpr bool calib_axis_ok(const double* a, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    if (!calib_positive_finite(a[i]) || (i > 0 && !(a[i] > a[i - 1]))) return false;
  }
  return true;
}
}  // namespace detail

constexpr calib_finding check_calibration(const calibration& c) {
  if (c.device.empty() || c.engine.empty()) return {calib_rule::device_and_engine_must_be_named, c.n_grids};
  for (std::size_t g = 0; g < c.n_grids; ++g) {
    const calib_grid& gr = c.grids[g];
    // Pointers are compared with null at run time only (see no_calibration); in a constant
    // expression a null array is already an error at its first read.
    if (gr.nx == 0 || gr.ny == 0 ||
        (!std::is_constant_evaluated() && (gr.xs == nullptr || gr.ys == nullptr || gr.values == nullptr))) {
      return {calib_rule::grid_must_have_points, g};
    }
    if (!detail::calib_axis_ok(gr.xs, gr.nx) || !detail::calib_axis_ok(gr.ys, gr.ny)) {
      return {calib_rule::axis_must_be_positive_finite_and_strictly_ascending, g};
    }
    if (gr.absolute_us != is_absolute(gr.cls)) return {calib_rule::collectives_are_absolute_us_and_kernels_are_ratios, g};
    if (!(gr.floor_us == 0 || (!gr.absolute_us && detail::calib_positive_finite(gr.floor_us)))) {
      return {calib_rule::floor_must_be_finite_and_not_negative, g};
    }
    for (std::size_t i = 0; i < std::size_t{gr.nx} * gr.ny; ++i) {
      if (!detail::calib_positive_finite(gr.values[i])) return {calib_rule::value_must_be_positive_and_finite, g};
      if (!gr.absolute_us && gr.values[i] < 1.0) return {calib_rule::ratio_must_be_at_least_1, g};
    }
    for (std::size_t h = 0; h < g; ++h) {
      if (c.grids[h].cls == gr.cls && c.grids[h].fmt == gr.fmt) return {calib_rule::one_grid_per_class_and_format, g};
    }
  }
  return {};
}

/// The first broken law as a compile error (constant evaluation) or a headroom::error naming the
/// table, the grid and the law (run time).
constexpr void validate(const calibration& c) {
  const calib_finding f = check_calibration(c);
  if (f.ok()) return;
  if (std::is_constant_evaluated()) {
    switch (f.rule) {
      case calib_rule::ok: break;
      case calib_rule::device_and_engine_must_be_named: detail::calibration_device_and_engine_must_be_named(); break;
      case calib_rule::grid_must_have_points: detail::calibration_grid_must_have_points(); break;
      case calib_rule::axis_must_be_positive_finite_and_strictly_ascending: detail::calibration_axis_must_be_positive_finite_and_strictly_ascending(); break;
      case calib_rule::value_must_be_positive_and_finite: detail::calibration_value_must_be_positive_and_finite(); break;
      case calib_rule::ratio_must_be_at_least_1: detail::calibration_ratio_must_be_at_least_1(); break;
      case calib_rule::collectives_are_absolute_us_and_kernels_are_ratios: detail::calibration_collectives_are_absolute_us_and_kernels_are_ratios(); break;
      case calib_rule::one_grid_per_class_and_format: detail::calibration_one_grid_per_class_and_format(); break;
      case calib_rule::floor_must_be_finite_and_not_negative: detail::calibration_floor_must_be_finite_and_not_negative(); break;
    }
  }
  std::string where = "calibration table " + std::string(c.device) + "/" + std::string(c.engine);
  if (f.grid < c.n_grids) {
    where += " grid " + std::to_string(f.grid) + " (" + std::string(name_of(c.grids[f.grid].cls)) + " " +
             std::string(name_of(c.grids[f.grid].fmt)) + ")";
  }
  detail::fail(error_kind::bad_input, where + ": " + std::string(describe(f.rule)));
}

/// true once `c` passes validate(): `static_assert(validated(table))` makes a broken table a
/// compile error naming the law.
constexpr bool validated(const calibration& c) {
  validate(c);
  return true;
}

}  // namespace headroom
