// SPDX-License-Identifier: MIT
// headroom: NVIDIA Blackwell: datacentre B200, GB200 (sm_100a) and Blackwell Ultra B300, GB300
// (sm_103a) on tcgen05; GB10 / DGX Spark (sm_121), RTX PRO 6000 and GeForce RTX 5090 (sm_120) on
// mma.sync block-scale. All run NVFP4 and MXFP4 natively.
#pragma once

#include <headroom/device.hpp>
#include <headroom/devices/links/nvidia_blackwell.hpp>
#include <headroom/devices/links/shared.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

inline constexpr std::uint16_t blackwell_native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::fp8) |
                                                  bit(mma_kind::int8) | bit(mma_kind::fp4_block_scale) |
                                                  bit(mma_kind::mxf8f6f4);

inline constexpr device b200{
    .id = "b200"sv,
    .name = "NVIDIA B200 (HGX B200, 1000 W)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_100a"sv,
    .memory_marketed = "180 GB HBM3e"sv,
    .memory_bytes = 183'359ULL * mib,  // 192,265,846,784 B
    .memory_basis = "nvidia-smi total 183,359 MiB (S27)"sv,
    .bandwidth_gbps = 7700,
    .peak = {.bf16 = 2250, .fp16 = 2250, .fp8 = 4500, .int8 = 4500, .nvfp4 = 9000, .mxfp4 = 9000},
    .native = blackwell_native,
    .family = mma_family::tcgen05,
    .sms = 148,
    .sources = "S5, S9, S11, S12, S17, S27"sv,
    .derived = "peak_tflops.bf16, peak_tflops.fp16, peak_tflops.fp8, peak_tflops.int8, peak_tflops.mxfp4 "
               "(dense = datasheet sparse / 2)"sv,
    .link = links::nvlink5_hgx_b200,
};

inline constexpr device gb10{
    .id = "gb10"sv,
    .name = "NVIDIA GB10 (DGX Spark)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_121"sv,
    .memory_marketed = "128 GB LPDDR5X (unified with the CPU)"sv,
    .memory_bytes = 130'663'886'848ULL,
    .memory_basis = "cudaMemGetInfo total 130,663,886,848 B (S32)"sv,
    .bandwidth_gbps = 273,
    .peak = {.bf16 = 125, .fp16 = 125, .fp8 = 250, .nvfp4 = 500, .mxfp4 = 500},
    .native = blackwell_native,
    .family = mma_family::mma_sync,
    .sms = 48,
    .sources = "S10, S11, S13, S15, S16, S32"sv,
    .derived = "peak_tflops.bf16, peak_tflops.fp16 (48 SMs x 1024 FLOP/clk x 2.543 GHz), peak_tflops.fp8, "
               "peak_tflops.nvfp4 (1 PFLOP sparse / 2)"sv,
    .has_measured = true,
    .measured = {.source = "devices/measured/gb10.json: the seed system's kernels/gb10/common/KERNEL_FAMILIES.toml [roofline], S32"sv,
                 .dram_gbps = 249.0,
                 .bf16_tflops = 123.7,
                 .fp8_tflops = 243.6,
                 .nvfp4_tflops = 490.8,
                 .context_tokens = 4096},
    .link = links::gb10_pairing,
};

// Blackwell Ultra, HGX (1,100 W): the datasheet cuts INT8 back to 0.15 POPS dense.
inline constexpr device b300{
    .id = "b300"sv,
    .name = "NVIDIA B300 (HGX B300, Blackwell Ultra, 1100 W)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_103a"sv,
    .memory_marketed = "270 GB HBM3e (physical 288 GB)"sv,
    .memory_bytes = 275'040ULL * mib,  // 288,400,343,040 B
    .memory_basis = "nvidia-smi total 275,040 MiB as recorded in aiconfigurator b300_sxm.yaml (S50)"sv,
    .bandwidth_gbps = 7700,  // the datasheet's; NVIDIA's blog says 8 TB/s for the full chip
    .peak = {.bf16 = 2250, .fp16 = 2250, .fp8 = 4500, .int8 = 150, .nvfp4 = 14000, .mxfp4 = 14000},
    .native = blackwell_native,
    .family = mma_family::tcgen05,
    .sms = 160,
    .sources = "S6, S8, S9, S11, S12, S50"sv,
    .derived = "peak_tflops (bf16, fp16, fp8, int8: dense = datasheet sparse / 2; nvfp4, mxfp4: the 14,000 "
               "per-GPU row, 13,125-15,000 across sources), sm_count (160 = full chip; shipped count unconfirmed)"sv,
    .link = links::nvlink5_hgx_b300,
};

// One Blackwell GPU of a GB200 NVL72 (1,200 W): the B200 die at a higher power limit.
inline constexpr device gb200{
    .id = "gb200"sv,
    .name = "NVIDIA GB200 NVL72 (per B200 GPU, 1200 W)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_100a"sv,
    .memory_marketed = "186 GB HBM3e"sv,
    .memory_bytes = 189'471ULL * mib,  // 198,674,743,296 B
    .memory_basis = "nvidia-smi total 189,471 MiB as recorded in aiconfigurator gb200.yaml (S51)"sv,
    .bandwidth_gbps = 8000,
    .peak = {.bf16 = 2500, .fp16 = 2500, .fp8 = 5000, .int8 = 5000, .nvfp4 = 10000, .mxfp4 = 10000},
    .native = blackwell_native,
    .family = mma_family::tcgen05,
    .sms = 148,
    .sources = "S5, S9, S11, S12, S17, S51"sv,
    .derived = "peak_tflops.bf16, peak_tflops.fp16, peak_tflops.fp8, peak_tflops.int8, peak_tflops.mxfp4 "
               "(dense = datasheet sparse / 2), sm_count (the B200 die's 148; not published for GB200)"sv,
    .link = links::nvlink5_nvl72_gb200,
};

// One Blackwell Ultra GPU of a GB300 NVL72 (1,400 W).
inline constexpr device gb300{
    .id = "gb300"sv,
    .name = "NVIDIA GB300 NVL72 (per B300 GPU, 1400 W)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_103a"sv,
    .memory_marketed = "279 GB HBM3e (physical 288 GB)"sv,
    .memory_bytes = 284'208ULL * mib,  // 298,013,687,808 B
    .memory_basis = "nvidia-smi total 284,208 MiB as recorded in aiconfigurator gb300.yaml (S52)"sv,
    .bandwidth_gbps = 8000,
    .peak = {.bf16 = 2500, .fp16 = 2500, .fp8 = 5000, .int8 = 165, .nvfp4 = 15000, .mxfp4 = 15000},
    .native = blackwell_native,
    .family = mma_family::tcgen05,
    .sms = 160,
    .sources = "S6, S8, S9, S11, S12, S52"sv,
    .derived = "peak_tflops (bf16, fp16, fp8, int8: dense = datasheet sparse / 2; mxfp4 = the NVFP4 rate), "
               "sm_count (160 = full chip; shipped count unconfirmed)"sv,
    .link = links::nvlink5_nvl72_gb300,
};

// Professional Blackwell cards run BF16/FP8 MMA at the full FP32-accumulate rate (not halved as on
// GeForce); NVIDIA prints only the sparse FP4 figure, so BF16/FP8 follow the usual 4:2:1 ratio.
// INT8 is not published: 0 here, the instruction exists (as on GB10).
inline constexpr device rtx_pro_6000_workstation{
    .id = "rtx_pro_6000_workstation"sv,
    .name = "NVIDIA RTX PRO 6000 Blackwell Workstation Edition (600 W)"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_120"sv,
    .memory_marketed = "96 GB GDDR7 ECC"sv,
    .memory_bytes = 97'887ULL * mib,  // 102,641,958,912 B
    .memory_basis = "nvidia-smi total 97,887 MiB read on the Server Edition (S57), taken as equal: the same 96 GB "
                    "GDDR7 ECC; no Workstation reading published"sv,
    .bandwidth_gbps = 1792,
    .peak = {.bf16 = 503.8, .fp16 = 503.8, .fp8 = 1007.6, .nvfp4 = 2015.2, .mxfp4 = 2015.2},
    .native = blackwell_native,
    .family = mma_family::mma_sync,
    .sms = 188,
    .sources = "S10, S11, S53, S54, S55, S57"sv,
    .derived = "peak_tflops (nvfp4, mxfp4: 2,015.2 dense, S54, ~ 4,000 AI TOPS sparse / 2; fp8 = / 2 and bf16, "
               "fp16 = / 4 of it, full-rate FP32 accumulate assumed)"sv,
    .link = links::pcie5_workstation_rtx_pro,
};

inline constexpr device rtx_pro_6000_server{
    .id = "rtx_pro_6000_server"sv,
    .name = "NVIDIA RTX PRO 6000 Blackwell Server Edition"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_120"sv,
    .memory_marketed = "96 GB GDDR7 ECC"sv,
    .memory_bytes = 97'887ULL * mib,  // 102,641,958,912 B
    .memory_basis = "nvidia-smi total 97,887 MiB as recorded in aiconfigurator rtx_pro_6000_server.yaml (S57)"sv,
    .bandwidth_gbps = 1597,  // NVIDIA's page; aiconfigurator uses the Workstation's 1,792
    .peak = {.bf16 = 500, .fp16 = 500, .fp8 = 1000, .nvfp4 = 2000, .mxfp4 = 2000},
    .native = blackwell_native,
    .family = mma_family::mma_sync,
    .sms = 188,
    .sources = "S10, S11, S55, S56, S57"sv,
    .derived = "peak_tflops (dense = product-page sparse / 2; ~468 / 936 / 1,871 at the 2,430 MHz max clock, S57)"sv,
    .link = links::pcie5_server_rtx_pro,
};

// GeForce: BF16/FP16 and FP8 MMA with FP32 accumulation (what engines use) run at half the
// FP16-accumulate rate, so those are the rates here. INT8 accumulates in INT32 (not halved).
inline constexpr device rtx_5090{
    .id = "rtx_5090"sv,
    .name = "NVIDIA GeForce RTX 5090"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_120"sv,
    .memory_marketed = "32 GB GDDR7"sv,
    .memory_bytes = 32'607ULL * mib,  // 34,190,917,632 B
    .memory_basis = "nvidia-smi total 32,607 MiB as recorded in aiconfigurator rtx_5090.yaml (S59)"sv,
    .bandwidth_gbps = 1792,
    .peak = {.bf16 = 209.5, .fp16 = 209.5, .fp8 = 419, .int8 = 838, .nvfp4 = 1676, .mxfp4 = 1676},
    .native = blackwell_native,
    .family = mma_family::mma_sync,
    .sms = 170,
    .sources = "S10, S11, S41, S58, S59, S60"sv,
    .derived = "peak_tflops (bf16, fp16, fp8: FP32-accumulate rates, int8: reported, S58; nvfp4, mxfp4 = 3,352 AI "
               "TOPS sparse / 2, a third-party table lists 838)"sv,
    .link = links::pcie5_desktop_rtx_5090,
};


// GeForce Blackwell: the rates from NVIDIA's one printed figure, AI TOPS (FP4 sparse).
inline constexpr device rtx_5080{
    .id = "rtx_5080"sv,
    .name = "NVIDIA GeForce RTX 5080"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_120"sv,
    .memory_marketed = "16 GB GDDR7"sv,
    .memory_bytes = 16'000'000'000ULL,
    .memory_basis = "marketed 16 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 960,
    .peak = {.bf16 = 112.5625, .fp16 = 112.5625, .fp8 = 225.125, .int8 = 450.25, .nvfp4 = 900.5, .mxfp4 = 900.5},
    .native = blackwell_native,
    .family = mma_family::mma_sync,
    .sms = 84,
    .sources = "S10, S11, S58, S60, S123"sv,
    .derived = "memory_bytes (marketed figure, assumed), peak_tflops (1801 AI TOPS, FP4 sparse, / 16, 8, 4, 2: BF16, FP8 (FP32 acc.), INT8, FP4 as the RTX 5090, S58, S60), sm_count (cores / 128)"sv,
    .link = links::pcie5_desktop_rtx_5090,
};

inline constexpr device rtx_5070_ti{
    .id = "rtx_5070_ti"sv,
    .name = "NVIDIA GeForce RTX 5070 Ti"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_120"sv,
    .memory_marketed = "16 GB GDDR7"sv,
    .memory_bytes = 16'000'000'000ULL,
    .memory_basis = "marketed 16 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 896,
    .peak = {.bf16 = 87.875, .fp16 = 87.875, .fp8 = 175.75, .int8 = 351.5, .nvfp4 = 703, .mxfp4 = 703},
    .native = blackwell_native,
    .family = mma_family::mma_sync,
    .sms = 70,
    .sources = "S10, S11, S58, S60, S123"sv,
    .derived = "memory_bytes (marketed figure, assumed), peak_tflops (1406 AI TOPS, FP4 sparse, / 16, 8, 4, 2: BF16, FP8 (FP32 acc.), INT8, FP4 as the RTX 5090, S58, S60), sm_count (cores / 128)"sv,
    .link = links::pcie5_desktop_rtx_5090,
};

inline constexpr device rtx_5060_ti_16gb{
    .id = "rtx_5060_ti_16gb"sv,
    .name = "NVIDIA GeForce RTX 5060 Ti 16GB"sv,
    .vendor = "NVIDIA"sv,
    .arch = "sm_120"sv,
    .memory_marketed = "16 GB GDDR7"sv,
    .memory_bytes = 16'000'000'000ULL,
    .memory_basis = "marketed 16 GB read as 10^9 B (an assumption: no public driver total in the sources)"sv,
    .bandwidth_gbps = 448,
    .peak = {.bf16 = 47.4375, .fp16 = 47.4375, .fp8 = 94.875, .int8 = 189.75, .nvfp4 = 379.5, .mxfp4 = 379.5},
    .native = blackwell_native,
    .family = mma_family::mma_sync,
    .sms = 36,
    .sources = "S10, S11, S58, S60, S123"sv,
    .derived = "memory_bytes (marketed figure, assumed), peak_tflops (759 AI TOPS, FP4 sparse, / 16, 8, 4, 2: BF16, FP8 (FP32 acc.), INT8, FP4 as the RTX 5090, S58, S60), sm_count (cores / 128)"sv,
    .link = links::pcie5_x8_desktop,
};

}  // namespace headroom::devices
