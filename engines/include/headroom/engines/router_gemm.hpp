// SPDX-License-Identifier: MIT
// headroom: the router GEMM kernel each engine runs for DeepSeek-V3-shaped routers, and its
// measured times on the devices that have them (calibration_set::router_gemm, prediction.hpp).
//
// DeepSeek-V3's router is a BF16 GEMM of 7,168 inputs and 256 outputs (Kimi-K2's 384) that a
// decode step runs at a few rows: streaming its 3.7 MB takes a B200 under half a microsecond,
// and a general GEMM launch takes 4-5. The three engines run TensorRT-LLM's `dsv3RouterGemm`
// kernel there instead (BF16 in, FP32 out, the shape compiled in):
// - SGLang: `MoEGate.forward` when CUDA, SM >= 90, hidden 7,168, 256 or 384 experts and at most
//   16 rows (python/sglang/srt/models/deepseek_v2.py @3e4a39ee73308590c5c753108bdcb8d333f7f1c6);
// - TensorRT-LLM: `DeepseekV3Gate.forward` calls `torch.ops.trtllm.dsv3_router_gemm_op`
//   (tensorrt_llm/_torch/models/modeling_deepseekv3.py), whose kernel takes 1-16 tokens of
//   256 experts and hidden 7,168 and hands any other shape to cuBLAS
//   (cpp/tensorrt_llm/thop/dsv3RouterGemmOp.cpp: kNumExperts = 256, kHiddenDim = 7168);
// - vLLM: ported from SGLang in PR #34302 (vllm-project/vllm, 2026-02-11; 256 or 384 experts);
//   since PR #44217 (2026-06-01) at most 8 rows, where it beats cuBLAS.
//
// Measured: vllm-project/vllm PR #44217's microbenchmarks (the kernel against cuBLAS, K = 7,168):
// B300, N = 256 and N = 384, M = 1, 2, 4, 8, 9, 15, 16; B200, N = 256, M = 1, 2, 4, 8. The B200's
// other points are the B300's (the two agree within 3 % at M = 1-8: 1.76 / 1.73, 2.21 / 2.20,
// 2.67 / 2.64, 3.62 / 3.52 us). No Hopper figure is published: there a router stays a GEMM of
// the engine's table (its fallback, docs/serving.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <headroom/device.hpp>
#include <headroom/engine.hpp>
#include <headroom/kernels.hpp>
#include <headroom/model.hpp>
#include <headroom/prediction.hpp>

namespace headroom::engines {

inline constexpr std::string_view router_gemm_source =
    "vLLM PR #44217 (2026-06-01): dsv3_router_gemm microbenchmarks, K = 7168, on B300 (N = 256, 384) and B200 (N = 256, "
    "M <= 8; its other points the B300's)";

// us by M = 1, 2, 4, 8, 9, 15, 16; experts 256, then 384.
inline constexpr router_gemm_kernel b300_router_gemm{0, 7168, {256, 384}, 7,
    {1, 2, 4, 8, 9, 15, 16},
    {{{1.73, 2.20, 2.64, 3.52, 5.08, 6.68, 7.20}, {2.02, 2.48, 3.20, 4.43, 6.32, 8.71, 9.18}}}, router_gemm_source};
// The B200's own points, 256 experts at M = 1, 2, 4, 8; the rest is the B300's.
constexpr router_gemm_kernel b200_from_b300() {
  router_gemm_kernel r = b300_router_gemm;
  const double m1_to_8[] = {1.76, 2.21, 2.67, 3.62};
  for (std::size_t i = 0; i < 4; ++i) r.us[0][i] = m1_to_8[i];
  return r;
}
inline constexpr router_gemm_kernel b200_router_gemm = b200_from_b300();

/// The rows up to which engine `k` runs the kernel (0: it does not).
constexpr std::uint64_t router_gemm_rows(engine_kind k) {
  switch (k) {
    case engine_kind::sglang:
    case engine_kind::trtllm: return 16;
    case engine_kind::vllm: return 8;
    case engine_kind::none:
    case engine_kind::llama_cpp: return 0;
  }
  return 0;
}

/// The kernel engine `k` runs on device `d`, with its measured times; none where the engine does
/// not run it or no measurement of the device's silicon is published (only datacenter Blackwell:
/// SM 100, B200 and GB200; SM 103, B300 and GB300).
constexpr router_gemm_kernel router_gemm_of(engine_kind k, const device& d) {
  if (d.vendor != "NVIDIA") return {};
  const std::uint16_t sm = sm_of(d.arch);
  router_gemm_kernel r = sm == 103 ? b300_router_gemm : sm == 100 ? b200_router_gemm : router_gemm_kernel{};
  r.max_rows = r.n == 0 ? 0 : router_gemm_rows(k);
  if (k == engine_kind::trtllm) r.experts[1] = 0;  // its kernel is compiled for 256 experts only
  return r;
}

/// Whether model `m` has a BF16 router the kernel `r` runs at one row (at small steps, then, its
/// routers read the kernel's times).
constexpr bool runs_a_router_of(const router_gemm_kernel& r, const model& m) {
  for (std::size_t i = 0; i < m.c.n_nodes; ++i) {
    const node& n = m.c.nodes[i];
    if (n.kind == op::router && r.runs(n.weight_k(), n.weight_out(), 1) >= 0) return true;
  }
  return false;
}

}  // namespace headroom::engines
