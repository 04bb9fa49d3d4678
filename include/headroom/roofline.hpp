// SPDX-License-Identifier: MIT
// headroom: roofline constants, their basis, execution paths and the FP4 fallback
// (docs/model.md#execution-paths). The KV context a decode step attends over is a per-query
// input, not part of the constants: one device table serves every context.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/detail/fixed_text.hpp>
#include <headroom/device.hpp>
#include <headroom/kernels.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom {

struct roofline {
  double dram_gbps = 0;     ///< decimal GB/s
  double bf16_tflops = 0;   ///< dense
  double fp8_tflops = 0;
  double nvfp4_tflops = 0;
};

/// The constants used on a device and where they come from.
struct device_roofline {
  roofline r{};
  bool measured = false;             ///< measured on the device itself; else a datasheet ceiling
  detail::fixed_text<320> basis{};   ///< `measured achievable (...)` or `datasheet ceiling (...)`
};

/// How a weight-reading node runs on a device: the path (kernels.hpp), the MMA kind it uses (or
/// lacks), and the engine fact that chose it (no_kernel_fact under the device-only rule).
struct exec {
  exec_path path = exec_path::native;
  mma_kind kind = mma_kind::bf16;  ///< native / weight_only: the kind used; no_path: the kind missing
  const kernel_fact* fact = &no_kernel_fact;
  friend constexpr bool operator==(const exec&, const exec&) = default;
};

/// MMA kind an activation format needs. The weight-only layouts (awq, gptq, int4, int8/channel
/// under BF16 activations) take the activation's MMA: the engines widen the weights in registers
/// (vLLM's Marlin / machete kernels), so they are costed on the BF16 peak. W8A8-INT8 takes the
/// INT8 MMA; the roofline has no INT8 constant, so peak_of costs it at the BF16 peak too.
constexpr mma_kind kind_of_activation(const tensor_format& a) {
  if (a.kind == format_kind::fp8) return mma_kind::fp8;
  if (a.kind == format_kind::nvfp4) return mma_kind::fp4_block_scale;
  if (a.kind == format_kind::int8) return mma_kind::int8;
  return mma_kind::bf16;
}

/// What a device does with NVFP4 activations when it has no FP4 MMA.
constexpr exec fp4_fallback(const device& d) {
  if (d.runs(mma_kind::fp4_block_scale)) return {exec_path::native, mma_kind::fp4_block_scale};
  if (d.runs(mma_kind::fp8)) return {exec_path::exact_fp8_emulation, mma_kind::fp8};
  return {exec_path::no_path, mma_kind::fp4_block_scale};
}

constexpr exec exec_of(const device& d, const tensor_format& weight, const tensor_format& activation) {
  const mma_kind k = kind_of_activation(activation);
  if (weight.kind == format_kind::nvfp4 && k == mma_kind::fp8) {  // W4A8
    if (d.runs(mma_kind::fp4_fp8_nvfp4_scaled)) return {exec_path::native, mma_kind::fp4_fp8_nvfp4_scaled};
    if (d.runs(mma_kind::fp8)) return {exec_path::exact_fp8_emulation, mma_kind::fp8};
    return {exec_path::no_path, mma_kind::fp8};
  }
  if (d.runs(k)) return {exec_path::native, k};
  if (k == mma_kind::fp4_block_scale) return fp4_fallback(d);
  return {exec_path::no_path, k};
}

/// The path of the pair under an engine's facts: the first fact for the pair on the device's
/// compute capability, else the device-only rule above. A weight-only fact runs the BF16
/// activation row on the BF16 MMA; a no-path fact is costed at the BF16 peak.
constexpr exec exec_of(const device& d, const tensor_format& weight, const tensor_format& activation,
                       const exec_facts& x) {
  const exec base = exec_of(d, weight, activation);
  for (std::size_t i = 0; i < x.n_kernels; ++i) {
    const kernel_fact& f = x.kernels[i];
    if (f.weight != weight.kind || f.activation != activation.kind) continue;  // cheap test first
    const std::uint16_t sm = sm_of(d.arch);
    if (sm < f.sm_lo || sm >= f.sm_hi) continue;
    switch (f.path) {
      case exec_path::native:
        if (base.path != exec_path::native) continue;  // the device lacks the MMA: the next fact
        return {exec_path::native, base.kind, &f};
      case exec_path::exact_fp8_emulation: return {exec_path::exact_fp8_emulation, mma_kind::fp8, &f};
      case exec_path::no_path: return {exec_path::no_path, kind_of_activation(activation), &f};
      case exec_path::weight_only: return {exec_path::weight_only, mma_kind::bf16, &f};
    }
  }
  return base;
}

/// The peak an execution path runs at on constants r (TFLOP/s).
constexpr double peak_of(const exec& x, const roofline& r) {
  if (x.path == exec_path::exact_fp8_emulation) return r.fp8_tflops;
  if (x.path == exec_path::native) {
    if (x.kind == mma_kind::fp4_block_scale) return r.nvfp4_tflops;
    if (x.kind == mma_kind::fp8 || x.kind == mma_kind::fp4_fp8_nvfp4_scaled) return r.fp8_tflops;
  }
  return r.bf16_tflops;
}

constexpr std::string_view peak_name(const exec& x) {
  if (x.path == exec_path::exact_fp8_emulation) return "the FP8 peak (exact E2M1->E4M3)";
  if (x.path == exec_path::native && x.kind == mma_kind::fp4_block_scale) return "the NVFP4 peak";
  if (x.path == exec_path::native && (x.kind == mma_kind::fp8 || x.kind == mma_kind::fp4_fp8_nvfp4_scaled))
    return "the FP8 peak";
  return "the BF16 peak";
}

/// Report text for an execution path; a path an engine fact chose names its kernel and source.
constexpr detail::fixed_text<384> describe(const exec& x) {
  detail::fixed_text<384> t;
  switch (x.path) {
    case exec_path::native: t.append("native ").append(name(x.kind)); break;
    case exec_path::exact_fp8_emulation:
      t.append("exact E2M1->E4M3 on the FP8 MMA, group-16 scales in FP32 (no native MMA for the pair)");
      break;
    case exec_path::no_path:
      if (x.fact->kernel.empty()) return t.append("no path: the device has no ").append(name(x.kind)).append(" MMA");
      t.append("no path");
      break;
    case exec_path::weight_only: t.append("weight-only"); break;
  }
  if (!x.fact->kernel.empty()) t.append(": ").append(x.fact->kernel).append(" (").append(x.fact->cite).append(")");
  return t;
}

/// Datasheet constants: fp8 falls back to bf16 when absent; the NVFP4 slot is the peak of the
/// FP4 fallback when the device has no FP4 MMA.
constexpr device_roofline datasheet_roofline(const device& d) {
  device_roofline out{};
  out.r.dram_gbps = d.bandwidth_gbps;
  out.r.bf16_tflops = d.peak.bf16;
  out.r.fp8_tflops = d.peak.fp8 > 0 ? d.peak.fp8 : d.peak.bf16;
  out.r.nvfp4_tflops = d.peak.nvfp4 > 0 ? d.peak.nvfp4 : peak_of(fp4_fallback(d), out.r);
  out.measured = false;
  out.basis.append("datasheet ceiling (sources ").append(d.sources);
  if (!d.derived.empty()) out.basis.append("; derived, not published: ").append(d.derived);
  out.basis.append(")");
  return out;
}

/// Measured constants (a manifest shipped with the device, or loaded at run time).
constexpr device_roofline measured_roofline(const roofline& r, std::string_view source) {
  device_roofline out{};
  out.r = r;
  out.measured = true;
  out.basis.append("measured achievable (").append(source).append(")");
  return out;
}

/// The device's default constants: its shipped measurement if it has one, else the datasheet.
constexpr device_roofline default_roofline(const device& d) {
  if (d.has_measured) {
    const auto& m = d.measured;
    return measured_roofline({m.dram_gbps, m.bf16_tflops, m.fp8_tflops, m.nvfp4_tflops}, m.source);
  }
  return datasheet_roofline(d);
}

/// The label every estimate from unmeasured constants carries.
constexpr std::string_view projection_label(const device_roofline& r) {
  return r.measured ? "" : " (roofline projection, unmeasured)";
}

}  // namespace headroom
