// SPDX-License-Identifier: MIT
// Test support for the seed system's prefill vectors (nemotron_3_test, qwen3_6_test,
// glm_5_3_flash_nvfp4_test). The seed system costs prefill as headroom does: one sequence of T
// rows, attention over max(1, T/2) tokens, every node max(bytes / bandwidth, FLOPs / peak),
// summed. What differs is the circuit, node by node. A test lists every site whose bytes differ
// (block.local: the seed's bytes and headroom's of one instance, both by hand; 0 where that
// circuit has no such node), checks that headroom's breakdown holds its side of each, and
// reaches the seed's figure from headroom's total by swapping each listed site's time for the
// seed's. Every site not listed costs the same bytes, FLOPs and peak in both.
#pragma once

#include <optional>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <headroom/model.hpp>
#include <headroom/step_estimate.hpp>
#include <headroom/tensor_format.hpp>

namespace seed_prefill {
using u64 = std::uint64_t;

/// An NVFP4 activation edge of r rows x d values: E2M1 pairs, an E4M3 scale per 16 values and
/// one F32 global scale per row.
constexpr u64 nvfp4_edge(u64 r, u64 d) { return r * d / 2 + r * d / 16 + 4 * r; }
/// Bytes as a double (exact below 2^53).
constexpr double dbl(u64 bytes) { return static_cast<double>(bytes); }

/// Expected distinct experts of E touched by t rows routed top-K under uniform routing,
/// E (1 - (1 - K/E)^t), the power by repeated squaring.
constexpr double distinct_experts(double e, double k, u64 t) {
  double miss = 1, x = 1 - k / e;
  for (; t != 0; t >>= 1u, x *= x) {
    if (t & 1u) miss *= x;
  }
  return e * (1 - miss);
}

/// One site whose bytes differ. `seed` and `hr`: bytes of one instance (0: that circuit has no
/// such node). `flops` are the seed's and headroom's alike unless `hr_flops` says headroom's
/// (negative: the same; the logits, which headroom's prefill takes at the last prompt token
/// only); `peak` (FLOP per us) is the seed's, `hr_peak` headroom's where it differs (0: the
/// same). `weight` picks one of the site's rows by weight format (null: the site has one row).
struct site {
  std::string_view block, local;
  u64 count = 0;
  double seed = 0, hr = 0;
  double flops = 0, peak = 1, hr_peak = 0;
  std::optional<headroom::tensor_format> weight{};  ///< empty: any weight format
  double hr_flops = -1;
  [[nodiscard]] constexpr double headroom_flops() const { return hr_flops < 0 ? flops : hr_flops; }
};

/// The logits at T rows in the seed (its prefill is a decode-mode cost at T rows) and at one in
/// headroom (the engines take them at the last prompt token only: circuit_kinds.hpp,
/// logits_op): the lm_head [T or 1, h] x [v, h] BF16 with BF16 logits out, and the argmax reading
/// them and writing one i32 id a row. `peak`: the BF16 matrix peak, FLOP per us.
constexpr std::array<site, 2> logits_sites(u64 t, u64 h, u64 v, double peak) {
  const u64 w = 2 * v * h;
  return {site{"head", "lm_head", 1, dbl(2 * t * h + w + 2 * t * v), dbl(2 * h + w + 2 * v), 2.0 * dbl(t * h * v), peak, 0, {},
               2.0 * dbl(h * v)},
          site{"head", "argmax", 1, dbl(2 * t * v + 4 * t), dbl(2 * v + 4)}};
}

constexpr const headroom::site_row* row_of(const headroom::step_estimate& e, const headroom::model& m, const site& s) {
  for (std::size_t i = 0; i < e.n_rows; ++i) {
    const headroom::site_row& r = e.rows[i];
    if (m.c.blocks[r.block].name == s.block && m.c.nodes[r.node].local == s.local &&
        (!s.weight || r.formats.weight == *s.weight)) {
      return &r;
    }
  }
  return nullptr;
}

/// One node's roofline time, us: bytes over bandwidth (bytes per us) or FLOPs over peak.
constexpr double node_us(double bytes, double flops, double peak, double bytes_per_us) {
  return bytes == 0 ? 0.0 : std::max(bytes / bytes_per_us, flops / peak);
}

constexpr bool near(double x, double ref) { return (x > ref ? x - ref : ref - x) <= 1e-12 * ref; }

/// headroom's breakdown holds its side of every site: the instance count, and the bytes, FLOPs
/// and time of one instance (to 1e-12: the routed experts' expected count is fractional), and
/// no row where its circuit has no such node.
template <std::size_t N>
constexpr bool rows_hold(const headroom::step_estimate& e, const headroom::model& m, const std::array<site, N>& sites,
                         double bytes_per_us) {
  for (const site& s : sites) {
    const headroom::site_row* r = row_of(e, m, s);
    if (s.hr == 0) {
      if (r != nullptr) return false;
      continue;
    }
    if (r == nullptr || r->count != s.count || !near(r->one.bytes, s.hr) || !near(r->one.flops, s.headroom_flops())) return false;
    if (!near(r->one.time_us, node_us(s.hr, s.headroom_flops(), s.hr_peak != 0 ? s.hr_peak : s.peak, bytes_per_us))) return false;
  }
  return true;
}

/// The seed's time minus headroom's over the listed sites, us.
template <std::size_t N>
constexpr double seed_minus_headroom_us(const std::array<site, N>& sites, double bytes_per_us) {
  double d = 0;
  for (const site& s : sites) {
    d += static_cast<double>(s.count) *
         (node_us(s.seed, s.flops, s.peak, bytes_per_us) -
          node_us(s.hr, s.headroom_flops(), s.hr_peak != 0 ? s.hr_peak : s.peak, bytes_per_us));
  }
  return d;
}

}  // namespace seed_prefill
