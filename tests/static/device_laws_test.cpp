// SPDX-License-Identifier: MIT
// The laws every device registry entry obeys, checked over devices::all at compile time, each
// entry in its own evaluation; a broken entry fails naming the device and the column
// (tests/laws/law.hpp). The catalogue's figures against their sources: devices_test.cpp.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>

#include "../laws/law.hpp"

#include <string_view>

namespace headroom_static_device_laws_test {

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
// Every source entry is cited by some device: the table holds no dead citations. One constant
// evaluation per source (laws/law.hpp), so the check stays inside clang's default step limit
// however the tables grow; an uncited source fails naming its index.
enum class source_column { none, cited_by_no_device };
constexpr source_column source_laws(const decltype(sources)& table, std::size_t si) {
  for (const device* d : all) {
    if (cites(d->sources, table[si].id) || cites(d->link.sources, table[si].id)) return source_column::none;
  }
  return source_column::cited_by_no_device;
}
static_assert(laws::every_index_obeys<sources, source_laws>());

// Interconnect laws: every device states its links with sources; a scale-up domain of more
// than one device has a positive link bandwidth and hop latency, one of one has none; the
// scale-out link exists and is no faster than the scale-up link; both are per device and one
// direction, so no figure exceeds NVLink 5's 900 GB/s each way (1.8 TB/s both ways).
enum class link_column { none, sources_and_names, domain_link, scale_out_link, above_nvlink5_or_400g, derived_not_named };
constexpr link_column link_laws(const device& d) {
  const interconnect& l = d.link;
  if (l.sources.empty() || !sources_resolve(l.sources) || l.scale_up.empty() || l.scale_out.empty()) {
    return link_column::sources_and_names;
  }
  if (l.domain < 1 || (l.domain == 1 ? l.scale_up_gbps != 0 : !(l.scale_up_gbps > 0 && l.scale_up_latency_us > 0))) {
    return link_column::domain_link;
  }
  if (!(l.scale_out_gbps > 0 && l.scale_out_latency_us > 0 && (l.domain == 1 || l.scale_out_gbps <= l.scale_up_gbps))) {
    return link_column::scale_out_link;
  }
  if (l.scale_up_gbps > 900 || l.scale_out_gbps > 100) return link_column::above_nvlink5_or_400g;
  // A derived value is named: latencies are always assumed, so `derived` is never empty.
  if (l.derived.empty()) return link_column::derived_not_named;
  return link_column::none;
}
static_assert(laws::every_entry_obeys<all, link_laws>());
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

enum class device_column {
  none,
  positive_figures,
  described,
  id_found_by_lookup,
  bf16_kind,
  fp16_kind_matches_fp16_peak,
  fp8_kind_matches_fp8_peak,
  nvfp4_kind_matches_nvfp4_peak,
  mxfp4_kind_matches_mxfp4_peak,
  int8_rate_without_int8_kind,
  w4a8_kind,
  narrower_format_slower,
  sources_cited,
  basis_too_long,
  usable_share,
  measured_rates,
};
constexpr device_column device_laws(const device& d) {
  using c = device_column;
  if (!(d.memory_bytes > 0 && d.bandwidth_gbps > 0 && d.peak.bf16 > 0 && d.sms > 0)) return c::positive_figures;
  if (d.name.empty() || d.vendor.empty() || d.arch.empty() || d.memory_marketed.empty() || d.memory_basis.empty()) {
    return c::described;
  }
  // The registry's lookup finds the entry by its id (ids are unique: ids_unique above).
  if (find(d.id) != &d) return c::id_found_by_lookup;
  // Native kinds <=> non-zero dense peaks, for every kind that decides an execution path.
  // A device with a matrix unit runs BF16 on it; one without (family none: gfx906) runs no MMA
  // kind, and its bf16 slot is the vector ALUs' 16-bit rate every matmul is costed at.
  if (!(d.family == mma_family::none ? d.native == 0 : d.runs(mma_kind::bf16))) return c::bf16_kind;
  if (d.runs(mma_kind::fp16) != (d.peak.fp16 > 0)) return c::fp16_kind_matches_fp16_peak;
  if (d.runs(mma_kind::fp8) != (d.peak.fp8 > 0)) return c::fp8_kind_matches_fp8_peak;
  if (d.runs(mma_kind::fp4_block_scale) != (d.peak.nvfp4 > 0)) return c::nvfp4_kind_matches_nvfp4_peak;
  if (d.runs(mma_kind::mxf8f6f4) != (d.peak.mxfp4 > 0)) return c::mxfp4_kind_matches_mxfp4_peak;
  // A published INT8 rate implies the instruction (GB10, Thor, RTX PRO: instruction, rate unpublished).
  if (d.peak.int8 != 0 && !d.runs(mma_kind::int8)) return c::int8_rate_without_int8_kind;
  // No device has the W4A8 NVFP4-scaled instruction yet.
  if (d.runs(mma_kind::fp4_fp8_nvfp4_scaled)) return c::w4a8_kind;
  // Narrower formats are never slower than wider ones where both run.
  if (!((d.peak.fp8 == 0 || d.peak.fp8 >= d.peak.bf16) && (d.peak.nvfp4 == 0 || d.peak.nvfp4 >= d.peak.fp8) &&
        (d.peak.mxfp4 == 0 || d.peak.mxfp4 >= d.peak.fp8))) {
    return c::narrower_format_slower;
  }
  if (d.sources.empty() || !sources_resolve(d.sources)) return c::sources_cited;
  if (!basis_fits(d)) return c::basis_too_long;
  // engines::none's share of it is lawful (validate.hpp).
  if (!check_usable(d, usable_share_of(d, engines::usable)).ok()) return c::usable_share;
  if (d.has_measured && !(d.measured.dram_gbps > 0 && d.measured.bf16_tflops > 0 && d.measured.fp8_tflops > 0 &&
                          d.measured.nvfp4_tflops > 0)) {
    return c::measured_rates;
  }
  return c::none;
}
static_assert(laws::every_entry_obeys<all, device_laws>());

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
}  // namespace headroom_static_device_laws_test
