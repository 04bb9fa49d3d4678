// SPDX-License-Identifier: MIT
// The laws every device registry entry obeys, checked over devices::all at compile time (the
// catalogue's figures against their sources: devices_test.cpp).
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>

#include <string_view>

namespace {
using namespace headroom;
using namespace headroom::devices;

// ---- Laws over every registry entry -----------------------------------------------------------

constexpr bool ids_unique() {
  for (std::size_t i = 0; i < all.size(); ++i) {
    for (std::size_t j = i + 1; j < all.size(); ++j) {
      if (all[i]->id == all[j]->id) return false;
    }
  }
  return true;
}
static_assert(ids_unique());

constexpr bool source_ids_unique() {
  for (std::size_t i = 0; i < sources.size(); ++i) {
    for (std::size_t j = i + 1; j < sources.size(); ++j) {
      if (sources[i].id == sources[j].id) return false;
    }
  }
  return true;
}
static_assert(source_ids_unique());

// Whether `list` (", "-separated) names `id` exactly.
constexpr bool cites(std::string_view list, std::string_view id) {
  while (!list.empty()) {
    const auto comma = list.find(',');
    if (list.substr(0, comma) == id) return true;
    if (comma == std::string_view::npos) break;
    list = list.substr(comma + 1);
    if (!list.empty() && list[0] == ' ') list = list.substr(1);
  }
  return false;
}
// Every source entry is cited by some device: the table holds no dead citations. Checked in
// slices of 16 sources, one static_assert each, so that each stays well inside clang's default
// constant-evaluation step limit as the tables grow (sources x devices x list parsing).
constexpr bool sources_cited(std::size_t from, std::size_t to) {
  for (std::size_t si = from; si < to && si < sources.size(); ++si) {
    bool cited = false;
    for (const device* d : all) {
      if (cites(d->sources, sources[si].id) || cites(d->link.sources, sources[si].id)) {
        cited = true;
        break;
      }
    }
    if (!cited) return false;
  }
  return true;
}
static_assert(sources_cited(0, 16));
static_assert(sources_cited(16, 32));
static_assert(sources_cited(32, 48));
static_assert(sources_cited(48, 64));
static_assert(sources_cited(64, 80));
static_assert(sources_cited(80, 96));
static_assert(sources_cited(96, 112));
static_assert(sources_cited(112, 128));
static_assert(sources.size() <= 128, "add a slice above");

// Interconnect laws: every device states its links with sources; a scale-up domain of more
// than one device has a positive link bandwidth and hop latency, one of one has none; the
// scale-out link exists and is no faster than the scale-up link; both are per device and one
// direction, so no figure exceeds NVLink 5's 900 GB/s each way (1.8 TB/s both ways).
constexpr bool link_laws(const device& d) {
  const interconnect& l = d.link;
  const bool cited = !l.sources.empty() && sources_resolve(l.sources) && !l.scale_up.empty() && !l.scale_out.empty();
  const bool domain = l.domain >= 1 && (l.domain == 1 ? l.scale_up_gbps == 0 : l.scale_up_gbps > 0 && l.scale_up_latency_us > 0);
  const bool out = l.scale_out_gbps > 0 && l.scale_out_latency_us > 0 && (l.domain == 1 || l.scale_out_gbps <= l.scale_up_gbps);
  const bool bounded = l.scale_up_gbps <= 900 && l.scale_out_gbps <= 100;
  // A derived value is named: latencies are always assumed, so `derived` is never empty.
  return cited && domain && out && bounded && !l.derived.empty();
}
constexpr bool all_links_lawful() {
  for (const device* d : all) {
    if (!link_laws(*d)) return false;
  }
  return true;
}
static_assert(all_links_lawful());
// Spot values by hand: NVLink 4 is 900 GB/s both ways = 450 each way on 8-GPU HGX boards;
// NVL72 joins 72 GPUs at 1,800 / 2 = 900; PCIe Gen5 x16 = 32 GT/s x 16 lanes x 128/130 / 8 =
// 63.0 GB/s; 400 Gb/s ConnectX-7 = 50 GB/s.
static_assert(h100_sxm.link.scale_up_gbps == 450 && h100_sxm.link.domain == 8 && h100_sxm.link.scale_out_gbps == 50);
static_assert(gb200.link.scale_up_gbps == 900 && gb200.link.domain == 72);
static_assert(rtx_5090.link.scale_up_gbps == 63 && gb10.link.domain == 1);
static_assert(cites("S1, S10, S11", "S1") && !cites("S10, S11", "S1"));

// The roofline basis carries sources and derived keys whole: it never reaches the text's capacity.
constexpr bool basis_fits(const device& d) {
  const std::size_t derived =
      d.derived.empty() ? 0 : std::string_view("; derived, not published: ").size() + d.derived.size();
  const std::size_t want = std::string_view("datasheet ceiling (sources ").size() + d.sources.size() + derived + 1;
  return datasheet_roofline(d).basis.view().size() == want && want < 320;
}

constexpr bool device_laws(const device& d) {
  const bool positive = d.memory_bytes > 0 && d.bandwidth_gbps > 0 && d.peak.bf16 > 0 && d.sms > 0;
  const bool described = !d.name.empty() && !d.vendor.empty() && !d.arch.empty() && !d.memory_marketed.empty() &&
                         !d.memory_basis.empty();
  // Native kinds <=> non-zero dense peaks, for every kind that decides an execution path.
  // A device with a matrix unit runs BF16 on it; one without (family none: gfx906) runs no MMA
  // kind, and its bf16 slot is the vector ALUs' 16-bit rate every matmul is costed at.
  const bool bf16 = d.family == mma_family::none ? d.native == 0 : d.runs(mma_kind::bf16);
  const bool fp16 = d.runs(mma_kind::fp16) == (d.peak.fp16 > 0);
  const bool fp8 = d.runs(mma_kind::fp8) == (d.peak.fp8 > 0);
  const bool fp4 = d.runs(mma_kind::fp4_block_scale) == (d.peak.nvfp4 > 0);
  const bool mx = d.runs(mma_kind::mxf8f6f4) == (d.peak.mxfp4 > 0);
  // A published INT8 rate implies the instruction (GB10, Thor, RTX PRO: instruction, rate unpublished).
  const bool int8 = d.peak.int8 == 0 || d.runs(mma_kind::int8);
  // No device has the W4A8 NVFP4-scaled instruction yet.
  const bool w4a8 = !d.runs(mma_kind::fp4_fp8_nvfp4_scaled);
  // Narrower formats are never slower than wider ones where both run.
  const bool ordered = (d.peak.fp8 == 0 || d.peak.fp8 >= d.peak.bf16) &&
                       (d.peak.nvfp4 == 0 || d.peak.nvfp4 >= d.peak.fp8) &&
                       (d.peak.mxfp4 == 0 || d.peak.mxfp4 >= d.peak.fp8);
  const bool cited = !d.sources.empty() && sources_resolve(d.sources);
  return positive && described && bf16 && fp16 && fp8 && fp4 && mx && int8 && w4a8 && ordered && cited &&
         basis_fits(d);
}
constexpr bool all_devices_lawful() {
  for (const device* d : all) {
    if (!device_laws(*d)) return false;
  }
  return true;
}
static_assert(all_devices_lawful());

// Execution paths follow from the kinds: FP4 without an FP4 MMA takes the exact FP8 path where
// FP8 runs, else has no path; the datasheet NVFP4 slot is then that path's peak.
constexpr bool fallback_law(const device& d) {
  const exec x = fp4_fallback(d);
  const auto r = datasheet_roofline(d).r;
  if (d.runs(mma_kind::fp4_block_scale)) return x.path == exec_path::native && r.nvfp4_tflops == d.peak.nvfp4;
  if (d.runs(mma_kind::fp8)) return x.path == exec_path::exact_fp8_emulation && r.nvfp4_tflops == d.peak.fp8;
  return x.path == exec_path::no_path && r.nvfp4_tflops == d.peak.bf16 && r.fp8_tflops == d.peak.bf16;
}
constexpr bool all_fallbacks_lawful() {
  for (const device* d : all) {
    if (!fallback_law(*d)) return false;
  }
  return true;
}
static_assert(all_fallbacks_lawful());

}  // namespace
