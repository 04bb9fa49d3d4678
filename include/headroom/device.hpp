// SPDX-License-Identifier: MIT
// headroom: the device datasheet type (docs/adding-a-device.md). Every number carries its
// unit in its name; `sources` are ids of the device source table; `derived` names the values
// that are computed from published ones rather than printed by the vendor.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/detail/enum_table.hpp>
#include <headroom/usable_policy.hpp>

namespace headroom {

/// Matrix-unit instruction kinds that decide an execution path.
enum class mma_kind : std::uint8_t {
  bf16,
  fp16,
  fp8,
  int8,
  fp4_block_scale,       ///< NVFP4: E2M1 with an E4M3 scale per 16, both operands
  mxf8f6f4,              ///< MX formats, UE8M0 scale per 32 (MXFP4 weights)
  fp4_fp8_nvfp4_scaled,  ///< W4A8 with NVFP4 scales in one instruction (no device has it yet)
};
/// Every MMA kind in declaration order (loops over kinds use this, not the last enumerator),
/// and its name.
inline constexpr auto mma_kind_table = detail::make_enum_table(
    std::array{mma_kind::bf16, mma_kind::fp16, mma_kind::fp8, mma_kind::int8, mma_kind::fp4_block_scale,
               mma_kind::mxf8f6f4, mma_kind::fp4_fp8_nvfp4_scaled},
    {"bf16"sv, "fp16"sv, "fp8"sv, "int8"sv, "fp4_block_scale"sv, "mxf8f6f4"sv, "fp4_fp8_nvfp4_scaled"sv});
inline constexpr const auto& all_mma_kinds = mma_kind_table.all;
constexpr std::uint16_t bit(mma_kind k) { return static_cast<std::uint16_t>(1u << static_cast<unsigned>(k)); }
constexpr std::string_view name(mma_kind k) { return mma_kind_table.name(k); }

/// The matrix instructions a device has. `other`: a matrix unit outside the GPU instruction
/// families (TPU MXU, Gaudi MME); `none`: no matrix unit at all (every matmul on the vector
/// ALUs, e.g. gfx906), so the device runs no MMA kind natively.
enum class mma_family : std::uint8_t { mma_sync, wgmma, tcgen05, mfma, other, none };
/// Every MMA family in declaration order, and its name.
inline constexpr auto mma_family_table = detail::make_enum_table(
    std::array{mma_family::mma_sync, mma_family::wgmma, mma_family::tcgen05, mma_family::mfma, mma_family::other,
               mma_family::none},
    {"mma_sync"sv, "wgmma"sv, "tcgen05"sv, "mfma"sv, "other"sv, "none"sv});
inline constexpr const auto& all_mma_families = mma_family_table.all;
constexpr std::string_view name(mma_family f) { return mma_family_table.name(f); }

/// Dense peaks in TFLOP/s (TOP/s for int8); 0 = no tensor path for that format.
struct peak_tflops {
  double bf16 = 0;
  double fp16 = 0;
  double fp8 = 0;
  double int8 = 0;
  double nvfp4 = 0;  ///< fp4 block-scale (NVFP4)
  double mxfp4 = 0;
};

/// Measured achievable constants shipped with a device (a manifest under devices/measured/).
struct measured_constants {
  std::string_view source;  ///< where the measurement lives
  double dram_gbps = 0;
  double bf16_tflops = 0;
  double fp8_tflops = 0;
  double nvfp4_tflops = 0;
  std::uint64_t context_tokens = 4096;
};

/// The links a device's ranks exchange activations over. Bandwidths are per device, one
/// direction, decimal GB/s (vendors print NVLink and Infinity Fabric as both directions added:
/// 900 GB/s NVLink 4 is 450 each way). The scale-up domain is the set of devices one such link
/// joins (8 on an HGX board, 72 on an NVL72 rack, 1 with no link); a plan larger than it crosses
/// the scale-out link (a NIC per device). Latency is per hop of a ring collective.
struct interconnect {
  std::string_view scale_up;         ///< e.g. "NVLink 4 (NVSwitch)", "PCIe Gen5 x16", "none"
  double scale_up_gbps = 0;          ///< per device, one direction; 0 when the domain is 1
  double scale_up_latency_us = 0;    ///< per ring hop
  std::uint32_t domain = 1;          ///< devices one scale-up link joins
  std::string_view scale_out;        ///< e.g. "ConnectX-7 400 Gb/s per GPU"
  double scale_out_gbps = 0;         ///< per device, one direction
  double scale_out_latency_us = 0;   ///< per ring hop
  std::string_view sources;          ///< source ids, ", "-separated
  std::string_view derived;          ///< values computed or assumed rather than printed
};

struct device {
  std::string_view id;
  std::string_view name;
  std::string_view vendor;
  std::string_view arch;             ///< e.g. sm_90a
  std::string_view memory_marketed;  ///< as the vendor prints it, e.g. "80 GB HBM3"
  byte_count memory_bytes = 0;       ///< visible to the runtime, exact
  std::string_view memory_basis;     ///< the driver reading it comes from, or the assumption
  double bandwidth_gbps = 0;  ///< decimal GB/s
  peak_tflops peak{};
  std::uint16_t native = 0;   ///< bitmask of mma_kind the device runs natively
  mma_family family = mma_family::other;
  std::uint32_t sms = 0;
  std::string_view sources;   ///< source ids, ", "-separated
  std::string_view derived;   ///< derived keys, ", "-separated; empty if none
  bool has_measured = false;
  measured_constants measured{};
  interconnect link{};  ///< scale-up and scale-out links (parallel plans)

  [[nodiscard]] constexpr bool runs(mma_kind k) const { return (native & bit(k)) != 0; }
};

/// A citation a device's `sources` refer to.
struct source_entry {
  std::string_view id;
  std::string_view citation;
};

/// The share a usable-memory policy (engines::none's, usable_policy.hpp) gives `d`: its first rule
/// naming `d`'s id or a word of `d`'s memory_marketed, else the policy's fallback.
constexpr usable_share usable_share_of(const device& d, const usable_policy& p) {
  for (std::size_t i = 0; i < p.n_rules; ++i) {
    const usable_rule& r = p.rules[i];
    const bool device_matches = r.device.empty() || r.device == d.id;
    const bool memory_matches = r.memory.empty() || d.memory_marketed.find(r.memory) != std::string_view::npos;
    if (device_matches && memory_matches) return r.share;
  }
  return p.fallback;
}

/// Usable bytes = visible bytes x the share, exact (rounded down). Unchecked: fits() and the
/// other entry points go through the validated overload in validate.hpp.
constexpr byte_count usable_bytes(const device& d, const usable_share& s) {
  return checked_mul(d.memory_bytes, s.permille) / 1000;
}

}  // namespace headroom
