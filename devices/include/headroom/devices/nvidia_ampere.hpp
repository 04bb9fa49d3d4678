// SPDX-License-Identifier: MIT
// headroom: NVIDIA Ampere (mma.sync): the GA100 datacentre parts (sm_80: A100, A800, A30) and the
// GA102 parts (sm_86: A10, A10G, RTX A6000, GeForce RTX 3090 / 3090 Ti / 3080). BF16/FP16/INT8 MMA,
// no FP8 and no FP4 MMA, so FP8 and NVFP4 activations have no path and are costed at the BF16 peak.
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/nvidia_ampere.hpp>
#include <headroom/devices/links/shared.hpp>
#include <headroom/devices/with_memory.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

inline constexpr std::uint16_t ampere_native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::int8);

inline constexpr device a100_sxm_80gb{
    .id = "a100_sxm_80gb"sv,
    .name = "NVIDIA A100 SXM4 80GB"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_80"sv,
    .memory_marketed = "80 GB HBM2e"sv,
    .memory_bytes = 81'920ULL * mib,  // 85,899,345,920 B
    .memory_basis = "nvidia-smi total 81,920 MiB (S38)"sv,
    .bandwidth_gbps = 2039,  // the datasheet's figure; some tables round it to 2.0 TB/s
    .peak = {.bf16 = 312, .fp16 = 312, .int8 = 624},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 108,
    .sources = "S10, S11, S36, S37, S38"sv,
    .derived = ""sv,
    .link = links::nvlink3_hgx,
};

// The export variant of the A100 SXM4 80GB: the same GA100, 80 GB of HBM2e and peaks on the HGX
// board with its NVLink cut to 400 GB/s (S142, S143). No A800 datasheet is among the sources, so
// bandwidth, peaks and SM count are the A100 SXM4 80GB's, which both report unchanged.
inline constexpr device a800_sxm_80gb = with_link(
    with_memory(a100_sxm_80gb,
                {.id = "a800_sxm_80gb"sv,
                 .name = "NVIDIA A800 SXM4 80GB"sv,
                 .memory_marketed = "80 GB HBM2e"sv,
                 .memory_bytes = 81'920ULL * mib,  // 85,899,345,920 B
                 .memory_basis = "nvidia-smi total 81,920 MiB (S144)"sv,
                 .bandwidth_gbps = 2039,
                 .sources = "S10, S11, S36, S136, S142, S143, S144"sv,
                 .derived = "bandwidth_gbps, peak_tflops, sm_count (the A100 SXM4 80GB's, S36, reported "
                            "unchanged on the A800, S142, S143)"sv}),
    links::nvlink3_hgx_a800);

inline constexpr device a100_pcie_40gb{
    .id = "a100_pcie_40gb"sv,
    .name = "NVIDIA A100 PCIe 40GB"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_80"sv,
    .memory_marketed = "40 GB HBM2"sv,
    .memory_bytes = 40'960ULL * mib,  // 42,949,672,960 B
    .memory_basis = "nvidia-smi total 40,960 MiB (S39)"sv,
    .bandwidth_gbps = 1555,  // the datasheet's figure; one estimator uses 1,600
    .peak = {.bf16 = 312, .fp16 = 312, .int8 = 624},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 108,
    .sources = "S10, S11, S36, S39"sv,
    .derived = ""sv,
    .link = links::nvlink_bridge_pair,
};

// The A100 PCIe 40GB board (same GA100 peaks, 108 SMs, NVLink bridge pairs) with the SXM4 80GB
// part's 80 GB HBM2e, at 1,935 GB/s.
inline constexpr device a100_pcie_80gb = with_memory(
    a100_pcie_40gb, {.id = "a100_pcie_80gb"sv,
                     .name = "NVIDIA A100 PCIe 80GB"sv,
                     .memory_marketed = "80 GB HBM2e"sv,
                     .memory_bytes = 81'920ULL * mib,  // 85,899,345,920 B
                     .memory_basis = "assumed equal to the A100 SXM4 80GB nvidia-smi total 81,920 MiB (S38), same 80 GB "
                                     "HBM2e; no public nvidia-smi log of the PCIe 80GB board in the sources"sv,
                     .bandwidth_gbps = 1935,
                     .sources = "S10, S11, S36, S38, S96"sv,
                     .derived = "memory_bytes (the SXM4 80GB reading, S38)"sv});

// GA100 with 56 SMs and 24 GB of HBM2 on a PCIe card. BF16 / FP16 165 and INT8 330 are the
// datasheet's dense rates: both transcriptions of S145 take them as dense GEMM peaks beside the
// A100's dense 312, and 165 / 312 = 0.53 of the A100's on 56 / 108 = 0.52 of its SMs. A GA100
// part: not halved for FP32 accumulation. nvidia-smi prints the full 24 GiB under driver 535 (S147), as it prints the A100
// 80GB's 81,920 MiB; a driver 470 host printed 24,258 MiB (S147).
inline constexpr device a30{
    .id = "a30"sv,
    .name = "NVIDIA A30 24GB"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_80"sv,
    .memory_marketed = "24 GB HBM2"sv,
    .memory_bytes = 24'576ULL * mib,  // 25,769,803,776 B
    .memory_basis = "nvidia-smi total 24,576 MiB (S147; aiconfigurator's a30.yaml: 24 GiB, S146)"sv,
    .bandwidth_gbps = 933,
    .peak = {.bf16 = 165, .fp16 = 165, .int8 = 330},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 56,
    .sources = "S10, S11, S136, S145, S146, S147"sv,
    .derived = ""sv,
    .link = links::nvlink3_bridge_a30,
};

// GA102 datacentre inference card: the datasheet prints dense | sparse, and the BF16/FP16 rate is
// not halved for FP32 accumulation (a professional part).
inline constexpr device a10{
    .id = "a10"sv,
    .name = "NVIDIA A10"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_86"sv,
    .memory_marketed = "24 GB GDDR6"sv,
    .memory_bytes = 23'028ULL * mib,  // 24,146,608,128 B
    .memory_basis = "NVML memoryInfo total 24,146,608,128 B = 23,028 MiB (S98)"sv,
    .bandwidth_gbps = 600,
    .peak = {.bf16 = 125, .fp16 = 125, .int8 = 250},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 72,
    .sources = "S10, S11, S97, S98, S99"sv,
    .derived = ""sv,
    .link = links::pcie4_server_a10,
};

// AWS's GA102 variant for its G5 instances: the A10's 24 GB GDDR6 at 600 GB/s and driver total, with
// 80 SMs where the A10 has 72. NVIDIA publishes no A10G datasheet; the reported tensor rate is 70
// (INT8 140), not the A10's 125: 80 SMs at the A10's 125 / 72 per SM would give 139, and 70 is about
// half of it, as GeForce GA102 parts run BF16/FP16 with FP32 accumulation (an inference, not printed).
inline constexpr device a10g{
    .id = "a10g"sv,
    .name = "NVIDIA A10G (AWS G5)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_86"sv,
    .memory_marketed = "24 GB GDDR6"sv,
    .memory_bytes = 23'028ULL * mib,  // 24,146,608,128 B
    .memory_basis = "nvidia-smi total 23,028 MiB (S110)"sv,
    .bandwidth_gbps = 600,
    .peak = {.bf16 = 70, .fp16 = 70, .int8 = 140},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 80,
    .sources = "S10, S11, S97, S110, S111, S112"sv,
    .derived = "peak_tflops (reported by S111; no NVIDIA datasheet covers the A10G, none in the sources prints its "
               "tensor rates)"sv,
    .link = links::pcie4_g5_a10g,
};

// GA102 workstation card: not halved for FP32 accumulation (GA102 whitepaper appendix C prints
// 154.8 for FP16 with FP16 or FP32 accumulate and for BF16).
inline constexpr device rtx_a6000{
    .id = "rtx_a6000"sv,
    .name = "NVIDIA RTX A6000"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_86"sv,
    .memory_marketed = "48 GB GDDR6 ECC"sv,
    .memory_bytes = 48'000'000'000ULL,
    .memory_basis = "marketed 48 GB read as 10^9 B (an assumption: no public nvidia-smi total in the sources)"sv,
    .bandwidth_gbps = 768,
    .peak = {.bf16 = 154.8, .fp16 = 154.8, .int8 = 309.7},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 84,
    .sources = "S10, S11, S100"sv,
    .derived = "memory_bytes (marketed figure, assumed)"sv,
    .link = links::nvlink3_bridge_rtx_a6000,
};

// GeForce: BF16/FP16 MMA with FP32 accumulation (what engines use) runs at half the
// FP16-accumulate rate (71 / 142), so that is the rate here. INT8 is not halved.
inline constexpr device rtx_3090{
    .id = "rtx_3090"sv,
    .name = "NVIDIA GeForce RTX 3090"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_86"sv,
    .memory_marketed = "24 GB GDDR6X"sv,
    .memory_bytes = 24'576ULL * mib,  // 25,769,803,776 B
    .memory_basis = "nvidia-smi total 24,576 MiB (S101)"sv,
    .bandwidth_gbps = 936,
    .peak = {.bf16 = 71, .fp16 = 71, .int8 = 284},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 82,
    .sources = "S10, S11, S100, S101"sv,
    .derived = ""sv,
    .link = links::nvlink3_bridge_rtx_3090,
};

// GeForce, as the RTX 3090: BF16/FP16 MMA with FP32 accumulation at half the FP16-accumulate rate
// (59.5 / 119). The 10 GB board (the 12 GB one has 70 SMs and a 384-bit bus).
inline constexpr device rtx_3080{
    .id = "rtx_3080"sv,
    .name = "NVIDIA GeForce RTX 3080 10GB"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_86"sv,
    .memory_marketed = "10 GB GDDR6X"sv,
    .memory_bytes = 10'000'000'000ULL,
    .memory_basis = "marketed 10 GB read as 10^9 B (an assumption: no public nvidia-smi total in the sources)"sv,
    .bandwidth_gbps = 760,
    .peak = {.bf16 = 59.5, .fp16 = 59.5, .int8 = 238},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 68,
    .sources = "S10, S11, S100"sv,
    .derived = "memory_bytes (marketed figure, assumed)"sv,
    .link = links::pcie4_desktop_rtx_3080,
};

// Full GA102 (84 SMs) GeForce board; no whitepaper table covers it, so the tensor rates are
// computed from SMs x boost clock at the GA102 per-SM rate that reproduces the RTX 3090's 142 / 71
// / 284 (82 SMs x 1,024 FP16 FLOP/clk x 1.695 GHz), FP32 accumulation at half rate.
inline constexpr device rtx_3090_ti{
    .id = "rtx_3090_ti"sv,
    .name = "NVIDIA GeForce RTX 3090 Ti"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_86"sv,
    .memory_marketed = "24 GB GDDR6X"sv,
    .memory_bytes = 24'576ULL * mib,  // 25,769,803,776 B
    .memory_basis = "assumed equal to the RTX 3090 nvidia-smi total 24,576 MiB (S101), same 24 GB GDDR6X on GA102; no "
                    "public nvidia-smi log of the 3090 Ti in the sources"sv,
    .bandwidth_gbps = 1008,
    .peak = {.bf16 = 80, .fp16 = 80, .int8 = 320},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 84,
    .sources = "S10, S11, S100, S101, S108, S109"sv,
    .derived = "memory_bytes (the RTX 3090 reading, S101), peak_tflops (84 SMs x 1,024 FP16 FLOP/clk x 1.86 GHz = "
               "160.0 with FP16 accumulate, halved for FP32 accumulate = 80.0, INT8 2 x 160 = 320; S108, S109)"sv,
    .link = links::pcie4_desktop_rtx_3090_ti,
};


// The RTX A6000's GA102 (84 SMs) as a passive data-centre board; the datasheet prints dense and sparse.
inline constexpr device a40{
    .id = "a40"sv,
    .name = "NVIDIA A40"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_86"sv,
    .memory_marketed = "48 GB GDDR6 ECC"sv,
    .memory_bytes = 48'000'000'000ULL,
    .memory_basis = "marketed 48 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 696,
    .peak = {.bf16 = 149.7, .fp16 = 149.7, .int8 = 299.3},
    .native = ampere_native,
    .family = mma_family::mma_sync,
    .sms = 84,
    .sources = "S10, S11, S120"sv,
    .derived = "memory_bytes (marketed figure, assumed), sm_count (84 RT cores, one per SM, S120)"sv,
    .link = links::nvlink3_bridge_rtx_a6000,
};

}  // namespace headroom::devices
