// SPDX-License-Identifier: MIT
// headroom: calibration tables (interim copy; the converter's branch supplies the final one).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace headroom {

enum class kernel_class : std::uint8_t {
  gemm,
  moe_gemm,
  decode_attention,
  prefill_attention,
  mla_decode,
  mla_prefill,
  all_reduce,
  all_to_all,
};
enum class calib_format : std::uint8_t { bf16, fp8, fp4, int4_weight_only };

struct calib_grid {
  kernel_class cls = kernel_class::gemm;
  calib_format fmt = calib_format::bf16;
  std::uint8_t nx = 0, ny = 0;
  const double* xs = nullptr;
  const double* ys = nullptr;
  const double* values = nullptr;
  bool absolute_us = false;
};
struct calibration {
  std::string_view device{};
  std::string_view engine{};
  std::string_view version{};
  std::string_view source{};
  const calib_grid* grids = nullptr;
  std::size_t n_grids = 0;
};
inline constexpr calibration no_calibration{};
struct calib_lookup {
  double value = 0;
  bool found = false;
  bool clamped = false;
};

namespace detail {
constexpr double calib_log(double x) {
  // natural log by range reduction and a series: constexpr (std::log is not on g++ 12 / clang 14)
  int k = 0;
  while (x > 2.0) { x /= 2.0; ++k; }
  while (x < 1.0) { x *= 2.0; --k; }
  const double y = (x - 1) / (x + 1), y2 = y * y;
  double term = y, sum = 0;
  for (int i = 1; i < 40; i += 2) { sum += term / i; term *= y2; }
  return 2 * sum + k * 0.69314718055994530942;
}
}  // namespace detail

constexpr calib_lookup lookup(const calibration& c, kernel_class k, calib_format f, double x, double y) {
  for (std::size_t gi = 0; gi < c.n_grids; ++gi) {
    const calib_grid& g = c.grids[gi];
    if (g.cls != k || g.fmt != f) continue;
    calib_lookup out{};
    out.found = true;
    auto axis = [&](const double* a, std::uint8_t n, double v, std::size_t& i0, double& t) {
      if (n <= 1 || v <= a[0]) { i0 = 0; t = 0; if (n > 1 && v < a[0]) out.clamped = true; if (n == 1 && v != a[0]) out.clamped = true; return; }
      if (v >= a[n - 1]) { i0 = n - 2u; t = 1; if (v > a[n - 1]) out.clamped = true; return; }
      std::size_t i = 0;
      while (a[i + 1] < v) ++i;
      i0 = i;
      const double l0 = detail::calib_log(a[i]), l1 = detail::calib_log(a[i + 1]);
      t = (detail::calib_log(v) - l0) / (l1 - l0);
    };
    std::size_t ix = 0, iy = 0;
    double tx = 0, ty = 0;
    axis(g.xs, g.nx, x, ix, tx);
    axis(g.ys, g.ny, y, iy, ty);
    auto at = [&](std::size_t i, std::size_t j) {
      if (i >= g.nx) i = g.nx - 1u;
      if (j >= g.ny) j = g.ny - 1u;
      return g.values[i * g.ny + j];
    };
    const double v00 = at(ix, iy), v01 = at(ix, iy + 1), v10 = at(ix + 1, iy), v11 = at(ix + 1, iy + 1);
    out.value = (1 - tx) * ((1 - ty) * v00 + ty * v01) + tx * ((1 - ty) * v10 + ty * v11);
    return out;
  }
  return {};
}

}  // namespace headroom
