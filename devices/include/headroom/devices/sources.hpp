// SPDX-License-Identifier: MIT
// headroom: citations the device tables refer to by id (the seed registry's ids, kept so its
// reports and ours name the same documents). Facts and conflicts: shared/reference/devices.md.
#pragma once

#include <array>
#include <string_view>

#include <headroom/device.hpp>

namespace headroom::devices {

// clang-format off
inline constexpr std::array<source_entry, 16> sources{{
  {"S1",  "NVIDIA H100 product page spec table (nvidia.com/en-us/data-center/h100/): 3.35 TB/s, BF16 1,979 / FP8 3,958 TFLOPS with sparsity"},
  {"S2",  "NVIDIA H200 product page (nvidia.com/en-us/data-center/h200/): 141 GB, 4.8 TB/s, BF16 1,979 / FP8 3,958 TFLOPS with sparsity (preliminary)"},
  {"S3",  "NVIDIA Hopper architecture whitepaper / blog 'Hopper Architecture In-Depth' (2022-03-22): 132 SMs, dense BF16 989.4 TFLOPS"},
  {"S4",  "NVIDIA Hopper Tuning Guide (CUDA 13.x)"},
  {"S5",  "NVIDIA Blackwell Datasheet (doc 3384703): HGX B200 per GPU 180 GB HBM3e, 7.7 TB/s, FP4 18 PF / FP8 9 PF / BF16 4.5 PF sparse, dense one-half; NVFP4 144 | 72 PFLOPS per 8 GPUs"},
  {"S9",  "NVIDIA Blackwell Tuning Guide (CUDA 13.4)"},
  {"S10", "CUDA Programming Guide v13.4.2, compute-capabilities appendix"},
  {"S11", "PTX ISA 9.4: mma / wgmma / tcgen05 and block-scaling tables"},
  {"S12", "CUTLASS 'Blackwell SM100 GEMMs' documentation"},
  {"S13", "NVIDIA DGX Spark product page: 128 GB LPDDR5X unified, 273 GB/s, up to 1 PFLOP FP4 (with sparsity)"},
  {"S15", "NVIDIA developer forum 'GB10 really does hit ~1 PFLOP NVFP4 (2:4 sparse) - measured'"},
  {"S16", "Chips and Cheese, 'Analyzing Nvidia GB10's GPU' (48 SMs)"},
  {"S17", "Chips and Cheese, 'Nvidia's B200' (148 SMs)"},
  {"S26", "nvidia-smi totals: H100 80GB HBM3 81,559 MiB; H200 143,771 MiB (blog 'Why does an H100 80GB offer 85.52 GB?' and public nvidia-smi logs)"},
  {"S27", "nvidia-smi B200 183,359 MiB (Modal GPU glossary; public nvidia-smi logs)"},
  {"S32", "Local measurement on a GB10 host (driver 580.126.09, CUDA 13.0, 2026-09-29): cudaMemGetInfo total 130,663,886,848 B; achievable 249 GB/s, BF16 123.7, FP8 243.6, NVFP4 490.8 TFLOPS"},
}};
// clang-format on

/// Whether `id` names an entry of the source table.
constexpr bool has_source(std::string_view id) {
  for (const auto& s : sources) {
    if (s.id == id) return true;
  }
  return false;
}

/// Whether every ", "-separated id of `list` resolves.
constexpr bool sources_resolve(std::string_view list) {
  while (!list.empty()) {
    const auto comma = list.find(',');
    const auto id = list.substr(0, comma);
    if (!has_source(id)) return false;
    if (comma == std::string_view::npos) break;
    list = list.substr(comma + 1);
    if (!list.empty() && list[0] == ' ') list = list.substr(1);
  }
  return true;
}

}  // namespace headroom::devices
