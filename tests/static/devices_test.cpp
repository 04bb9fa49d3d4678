// SPDX-License-Identifier: MIT
// The device catalogue against its sources (the S-ids on each entry, sources.hpp); a "row"
// comment restates the datasheet figures for that device, tagged P published, D derived (dense =
// sparse / 2), R reported by a secondary source only, C computed from units x clock: memory bytes by hand arithmetic from the driver reading or the marketed figure, the
// bandwidth, the dense peaks and the native MMA kinds that decide execution paths. The laws every
// registry entry obeys: device_laws_test.cpp.
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>

#include <array>
#include <string_view>

namespace headroom_static_devices_test {

namespace {
using namespace headroom;
using namespace headroom::devices;

// ---- Registry ------------------------------------------------------------------------------------

// Every entry is found by its id (device_laws_test.cpp, `id_found_by_lookup`); no list or count
// of the catalogue is kept here in step with it. A spelling that is only an alias is not an id:
static_assert(find("h100") == nullptr);

// ---- Families -----------------------------------------------------------------------------------

static_assert(a100_sxm_80gb.family == mma_family::mma_sync && l40s.family == mma_family::mma_sync);
static_assert(h100_pcie.family == mma_family::wgmma && gh200.family == mma_family::wgmma);
static_assert(b300.family == mma_family::tcgen05 && gb200.family == mma_family::tcgen05 &&
              gb300.family == mma_family::tcgen05);
static_assert(rtx_5090.family == mma_family::mma_sync && rtx_pro_6000_server.family == mma_family::mma_sync);
static_assert(mi300x.family == mma_family::mfma && mi355x.family == mma_family::mfma);
static_assert(tpu_v5e.family == mma_family::other && gaudi3.family == mma_family::other);
static_assert(mi50.family == mma_family::none && mi50.native == 0);

// ---- The four first devices keep the values the reference estimates use ----------------------

static_assert(h100_sxm.memory_bytes == 81'559ULL * 1048576 && h100_sxm.bandwidth_gbps == 3350 &&
              h100_sxm.peak.bf16 == 989.5 && h100_sxm.peak.fp8 == 1979);
static_assert(h200_sxm.memory_bytes == 143'771ULL * 1048576 && h200_sxm.bandwidth_gbps == 4800);
static_assert(b200.memory_bytes == 183'359ULL * 1048576 && b200.bandwidth_gbps == 7700 && b200.peak.nvfp4 == 9000);
static_assert(gb10.memory_bytes == 130'663'886'848ULL && gb10.peak.nvfp4 == 500);

// ---- Ampere: no FP8, no FP4 ---------------------------------------------------------------------

// A100 SXM 80GB row: 81,920 MiB, 2,039 GB/s, BF16 312 P, INT8 624 P, FP8 and FP4 "—".
static_assert(a100_sxm_80gb.memory_bytes == 81'920ULL * 1048576);  // 85,899,345,920 B
static_assert(a100_sxm_80gb.bandwidth_gbps == 2039);
static_assert(a100_sxm_80gb.peak.bf16 == 312 && a100_sxm_80gb.peak.fp16 == 312 && a100_sxm_80gb.peak.int8 == 624);
static_assert(!a100_sxm_80gb.runs(mma_kind::fp8) && !a100_sxm_80gb.runs(mma_kind::fp4_block_scale) &&
              !a100_sxm_80gb.runs(mma_kind::mxf8f6f4) && a100_sxm_80gb.peak.fp8 == 0);
// A800 SXM4 80GB row (the A100 SXM4 80GB but for NVLink, S142, S143): nvidia-smi 81,920 MiB (S144),
// 2,039 GB/s D, BF16 312 D, INT8 624 D, 108 SMs D (the A100's), NVLink 400 GB/s both ways P (S136,
// S142) = 200 each way C on the 8-GPU NVSwitch board, not the A100's 300.
static_assert(a800_sxm_80gb.memory_bytes == 81'920ULL * 1048576 &&
              a800_sxm_80gb.memory_bytes == a100_sxm_80gb.memory_bytes);  // 85,899,345,920 B
static_assert(a800_sxm_80gb.bandwidth_gbps == 2039 && a800_sxm_80gb.peak.bf16 == 312 &&
              a800_sxm_80gb.peak.fp16 == 312 && a800_sxm_80gb.peak.int8 == 624 && a800_sxm_80gb.sms == 108 &&
              a800_sxm_80gb.arch == "sm_80");
static_assert(a800_sxm_80gb.link.scale_up_gbps == 400.0 / 2 && a800_sxm_80gb.link.domain == 8 &&
              a100_sxm_80gb.link.scale_up_gbps == 600.0 / 2);
static_assert(!a800_sxm_80gb.runs(mma_kind::fp8) && !a800_sxm_80gb.derived.empty());
// A30 row: nvidia-smi 24,576 MiB = 24 GiB (S147; aiconfigurator 25,769,803,776 B, S146), 933 GB/s P,
// BF16/FP16 165 P, INT8 330 P (S136, S145), 56 SMs R (S147); NVLink bridge 200 GB/s both ways P
// (S136) = 100 each way C, pairs.
static_assert(a30.memory_bytes == 24'576ULL * 1048576 && a30.memory_bytes == 25'769'803'776ULL &&
              a30.memory_bytes == 24ULL * 1073741824);
static_assert(a30.bandwidth_gbps == 933 && a30.peak.bf16 == 165 && a30.peak.fp16 == 165 && a30.peak.int8 == 330 &&
              a30.sms == 56 && a30.arch == "sm_80");
static_assert(a30.link.scale_up_gbps == 200.0 / 2 && a30.link.domain == 2);
static_assert(!a30.runs(mma_kind::fp8) && a30.peak.fp8 == 0 && datasheet_roofline(a30).r.fp8_tflops == 165);
// A100 PCIe 40GB row: 40,960 MiB, 1,555 GB/s, 312 / 624.
static_assert(a100_pcie_40gb.memory_bytes == 40'960ULL * 1048576);  // 42,949,672,960 B
static_assert(a100_pcie_40gb.bandwidth_gbps == 1555 && a100_pcie_40gb.peak.bf16 == 312);
static_assert(!a100_pcie_40gb.runs(mma_kind::fp8));
// A100 PCIe 80GB row: 81,920 MiB (the SXM4 80GB reading, assumed for the PCIe board), 1,935 GB/s
// P, BF16 312 P, INT8 624 P, 108 SMs.
static_assert(a100_pcie_80gb.memory_bytes == 81'920ULL * 1048576);  // 85,899,345,920 B
static_assert(a100_pcie_80gb.bandwidth_gbps == 1935 && a100_pcie_80gb.peak.bf16 == 312 &&
              a100_pcie_80gb.peak.fp16 == 312 && a100_pcie_80gb.peak.int8 == 624 && a100_pcie_80gb.sms == 108);
static_assert(!a100_pcie_80gb.runs(mma_kind::fp8) && !a100_pcie_80gb.derived.empty());
// A10 row: NVML total 24,146,608,128 B = 23,028 MiB, 600 GB/s P, BF16/FP16 125 P (250 sparse),
// INT8 250 P (500 sparse), 72 SMs R.
static_assert(a10.memory_bytes == 23'028ULL * 1048576 && a10.memory_bytes == 24'146'608'128ULL);
static_assert(a10.bandwidth_gbps == 600 && a10.peak.bf16 == 125 && a10.peak.fp16 == 125 && a10.peak.int8 == 250);
static_assert(a10.sms == 72 && a10.peak.fp8 == 0 && !a10.runs(mma_kind::fp8));
// A10G row (AWS G5; no NVIDIA datasheet): nvidia-smi 23,028 MiB (the A10's figure), 600 GB/s P
// (S97), BF16/FP16 70 R and INT8 140 R (S111), 80 SMs R (S112), not the A10's 125 / 250 / 72.
static_assert(a10g.memory_bytes == 23'028ULL * 1048576 && a10g.memory_bytes == a10.memory_bytes);
static_assert(a10g.bandwidth_gbps == 600 && a10g.peak.bf16 == 70 && a10g.peak.fp16 == 70 && a10g.peak.int8 == 140);
static_assert(a10g.sms == 80 && !a10g.runs(mma_kind::fp8) && !a10g.derived.empty());
// Same bytes as the A10, so a memory-bound decode step is no slower; a compute-bound one runs at
// 70 instead of 125.
static_assert(datasheet_roofline(a10g).r.dram_gbps == datasheet_roofline(a10).r.dram_gbps);
static_assert(datasheet_roofline(a10g).r.bf16_tflops == 70 && datasheet_roofline(a10g).r.fp8_tflops == 70);
// RTX A6000 row: 48 GB marketed (no driver reading: 48 x 10^9 B, assumed), 768 GB/s P, FP16/BF16
// 154.8 P with FP32 accumulate (309.7 sparse), INT8 309.7 P, 84 SMs P.
static_assert(rtx_a6000.memory_bytes == 48'000'000'000ULL);
static_assert(rtx_a6000.bandwidth_gbps == 768 && rtx_a6000.peak.bf16 == 154.8 && rtx_a6000.peak.int8 == 309.7);
static_assert(rtx_a6000.sms == 84 && !rtx_a6000.runs(mma_kind::fp8));
// RTX 3090 row, FP32-accumulate rates (GeForce halves them): 24,576 MiB, 936 GB/s P, BF16 71 P
// (not the FP16-accumulate 142), INT8 284 P, 82 SMs P.
static_assert(rtx_3090.memory_bytes == 24'576ULL * 1048576);  // 25,769,803,776 B
static_assert(rtx_3090.bandwidth_gbps == 936 && rtx_3090.peak.bf16 == 71 && rtx_3090.peak.fp16 == 71 &&
              rtx_3090.peak.int8 == 284 && rtx_3090.sms == 82);
static_assert(!rtx_3090.runs(mma_kind::fp8) && !rtx_3090.runs(mma_kind::fp4_block_scale));
static_assert(datasheet_roofline(rtx_3090).r.fp8_tflops == 71);
// RTX 3090 Ti row: 24,576 MiB (the RTX 3090 reading, assumed), 1,008 GB/s R, 84 SMs R at 1.86 GHz:
// BF16 80 C (84 x 1,024 x 1.86 / 2, FP32 accumulate), INT8 320 C.
static_assert(rtx_3090_ti.memory_bytes == 24'576ULL * 1048576);
static_assert(rtx_3090_ti.bandwidth_gbps == 1008 && rtx_3090_ti.peak.bf16 == 80 && rtx_3090_ti.peak.fp16 == 80 &&
              rtx_3090_ti.peak.int8 == 320 && rtx_3090_ti.sms == 84);
static_assert(!rtx_3090_ti.runs(mma_kind::fp8) && !rtx_3090_ti.derived.empty());
// RTX 3080 10GB row, FP32-accumulate rates: 10 GB marketed (no driver reading: 10 x 10^9 B,
// assumed), 760 GB/s P, BF16 59.5 P (not the FP16-accumulate 119), INT8 238 P, 68 SMs P.
static_assert(rtx_3080.memory_bytes == 10'000'000'000ULL);
static_assert(rtx_3080.bandwidth_gbps == 760 && rtx_3080.peak.bf16 == 59.5 && rtx_3080.peak.fp16 == 59.5 &&
              rtx_3080.peak.int8 == 238 && rtx_3080.sms == 68);
static_assert(!rtx_3080.runs(mma_kind::fp8) && !rtx_3080.derived.empty());
// FP8 and NVFP4 layers on Ampere have no path and cost BF16 time: W8A8 at 312.
static_assert(exec_of(a100_sxm_80gb, formats::fp8_channel, formats::fp8_token) ==
              exec{exec_path::no_path, mma_kind::fp8});
static_assert(datasheet_roofline(a100_sxm_80gb).r.fp8_tflops == 312);

// ---- Hopper: FP8, no FP4 ------------------------------------------------------------------------

// H800 SXM row (the H100 SXM but for NVLink, S135, S136): nvidia-smi 81,559 MiB (S141), 3,350 GB/s D,
// BF16 989.5 D, FP8 1,979 D (the H100 SXM's; measured FP8 1,550, S139, and BF16 660, S140, above
// half of them), 132 SMs R (S137); NVLink 400 GB/s both ways P = 200 each way C (H100 SXM 450), 8
// GPUs on NVSwitch, ConnectX-7 400 Gb/s a GPU (S138) = 50 GB/s C.
static_assert(h800_sxm.memory_bytes == 81'559ULL * 1048576 && h800_sxm.memory_bytes == h100_sxm.memory_bytes);
static_assert(h800_sxm.bandwidth_gbps == 3350 && h800_sxm.peak.bf16 == 989.5 && h800_sxm.peak.fp8 == 1979 &&
              h800_sxm.peak.int8 == 1979 && h800_sxm.sms == 132 && h800_sxm.family == mma_family::wgmma);
static_assert(h800_sxm.peak.fp8 / 2 < 1550 && h800_sxm.peak.bf16 / 2 < 660);
static_assert(h800_sxm.link.scale_up_gbps == 400.0 / 2 && h800_sxm.link.domain == 8 &&
              h800_sxm.link.scale_out_gbps == 400.0 / 8 && h100_sxm.link.scale_up_gbps == 900.0 / 2);
static_assert(h800_sxm.runs(mma_kind::fp8) && !h800_sxm.runs(mma_kind::fp4_block_scale) && !h800_sxm.derived.empty());
// H100 PCIe row: 81,559 MiB, 2,000 GB/s, 756 P (whitepaper 756.5), FP8 1,513 P.
static_assert(h100_pcie.memory_bytes == 81'559ULL * 1048576);  // 85,520,809,984 B
static_assert(h100_pcie.bandwidth_gbps == 2000);
static_assert(h100_pcie.peak.bf16 == 756.5 && h100_pcie.peak.fp8 == 1513 && h100_pcie.peak.int8 == 1513);
static_assert(h100_pcie.sms == 114);
// H100 NVL row: 95,830 MiB, 3,900 GB/s, 835.5 D, FP8 1,670.5 D.
static_assert(h100_nvl.memory_bytes == 95'830ULL * 1048576);  // 100,485,038,080 B
static_assert(h100_nvl.bandwidth_gbps == 3900 && h100_nvl.peak.bf16 == 835.5 && h100_nvl.peak.fp8 == 1670.5);
static_assert(!h100_nvl.derived.empty());
// H200 NVL row: 143,771 MiB, 4,800 GB/s, 835.5 D, 1,670.5 D.
static_assert(h200_nvl.memory_bytes == 143'771ULL * 1048576);  // 150,754,820,096 B
static_assert(h200_nvl.bandwidth_gbps == 4800 && h200_nvl.peak.bf16 == 835.5 && h200_nvl.peak.fp8 == 1670.5);
// H20 row: 97,871 MiB, 4,000 GB/s, 148 R, FP8 296 R, 78 SMs R: all reported, so all in `derived`.
static_assert(h20.memory_bytes == 97'871ULL * 1048576);  // 102,625,181,696 B
static_assert(h20.bandwidth_gbps == 4000 && h20.peak.bf16 == 148 && h20.peak.fp8 == 296 && h20.sms == 78);
static_assert(h20.derived.starts_with("peak_tflops, sm_count"));
// GH200 row: 97,871 MiB for the 96 GB part, 4,000 GB/s, 990 P, FP8 1,979 P.
static_assert(gh200.memory_bytes == 97'871ULL * 1048576 && gh200.bandwidth_gbps == 4000);
static_assert(gh200.peak.bf16 == 990 && gh200.peak.fp8 == 1979 && gh200.derived.empty());
// No Hopper part has an FP4 MMA: NVFP4 activations take the exact FP8 path at the FP8 peak.
static_assert(!h100_pcie.runs(mma_kind::fp4_block_scale) && !h100_nvl.runs(mma_kind::fp4_block_scale) &&
              !h200_nvl.runs(mma_kind::fp4_block_scale) && !h20.runs(mma_kind::fp4_block_scale) &&
              !gh200.runs(mma_kind::fp4_block_scale) && !gh200.runs(mma_kind::mxf8f6f4));
static_assert(h20.runs(mma_kind::fp8) && gh200.runs(mma_kind::fp8));
static_assert(exec_of(h20, formats::nvfp4_g16, formats::nvfp4_g16).path == exec_path::exact_fp8_emulation);
static_assert(datasheet_roofline(h20).r.nvfp4_tflops == 296);

// ---- Datacentre Blackwell (tcgen05) ----------------------------------------------------------

// B300 row: 275,040 MiB, 7,700 GB/s, BF16 2,250 D, FP8 4,500 D, INT8 ~150 D, FP4 14,000 R.
static_assert(b300.memory_bytes == 275'040ULL * 1048576);  // 288,400,343,040 B
static_assert(b300.bandwidth_gbps == 7700);
static_assert(b300.peak.bf16 == 2250 && b300.peak.fp8 == 4500 && b300.peak.int8 == 150 && b300.peak.nvfp4 == 14000 &&
              b300.peak.mxfp4 == 14000);
// GB200 row: 189,471 MiB, 8,000 GB/s, 2,500 D, 5,000 D, NVFP4 10,000 P.
static_assert(gb200.memory_bytes == 189'471ULL * 1048576);  // 198,674,743,296 B
static_assert(gb200.bandwidth_gbps == 8000 && gb200.peak.bf16 == 2500 && gb200.peak.fp8 == 5000 &&
              gb200.peak.nvfp4 == 10000);
// GB300 row: 284,208 MiB, 8,000 GB/s, 2,500 D, 5,000 D, INT8 ~165 D, NVFP4 15,000 P.
static_assert(gb300.memory_bytes == 284'208ULL * 1048576);  // 298,013,687,808 B
static_assert(gb300.bandwidth_gbps == 8000 && gb300.peak.bf16 == 2500 && gb300.peak.fp8 == 5000 &&
              gb300.peak.int8 == 165 && gb300.peak.nvfp4 == 15000);
static_assert(b300.runs(mma_kind::fp4_block_scale) && b300.runs(mma_kind::mxf8f6f4) &&
              gb300.runs(mma_kind::fp4_block_scale) && gb200.runs(mma_kind::fp4_block_scale));
static_assert(exec_of(gb300, formats::nvfp4_g16, formats::nvfp4_g16) ==
              exec{exec_path::native, mma_kind::fp4_block_scale});

// ---- Workstation / GeForce Blackwell (mma.sync block-scale) -----------------------------------

// RTX PRO 6000 Workstation row: ~97,887 MiB (the Server Edition's reading; same memory),
// 1,792 GB/s, FP4 ~2,015 D; BF16 ~504 and FP8 ~1,008 are 2,015.2 / 4 and / 2.
static_assert(rtx_pro_6000_workstation.memory_bytes == 97'887ULL * 1048576);  // 102,641,958,912 B
static_assert(rtx_pro_6000_workstation.bandwidth_gbps == 1792);
static_assert(rtx_pro_6000_workstation.peak.nvfp4 == 2015.2 && rtx_pro_6000_workstation.peak.fp8 == 2015.2 / 2 &&
              rtx_pro_6000_workstation.peak.bf16 == 2015.2 / 4);
// RTX PRO 6000 Server row: 97,887 MiB, 1,597 GB/s (not the Workstation's 1,792), 500 / 1,000 / 2,000 D.
static_assert(rtx_pro_6000_server.memory_bytes == 97'887ULL * 1048576);
static_assert(rtx_pro_6000_server.bandwidth_gbps == 1597);
static_assert(rtx_pro_6000_server.peak.bf16 == 500 && rtx_pro_6000_server.peak.fp8 == 1000 &&
              rtx_pro_6000_server.peak.nvfp4 == 2000);
// RTX 5090 row, FP32-accumulate rates (GeForce parts run FP32 accumulation at half the
// FP16-accumulate rate; engines accumulate in FP32): 32,607 MiB, 1,792 GB/s, BF16 209.5,
// FP8 419 (not the FP16-accumulate 838), INT8 838, FP4 1,676 D.
static_assert(rtx_5090.memory_bytes == 32'607ULL * 1048576);  // 34,190,917,632 B
static_assert(rtx_5090.bandwidth_gbps == 1792);
static_assert(rtx_5090.peak.bf16 == 209.5 && rtx_5090.peak.fp16 == 209.5 && rtx_5090.peak.fp8 == 419 &&
              rtx_5090.peak.int8 == 838 && rtx_5090.peak.nvfp4 == 1676);
static_assert(rtx_5090.runs(mma_kind::fp4_block_scale) && rtx_5090.runs(mma_kind::mxf8f6f4) &&
              rtx_pro_6000_server.runs(mma_kind::fp4_block_scale));

// ---- Ada: FP8, no FP4 ---------------------------------------------------------------------------

// RTX 4090 row, FP32-accumulate rates: 24,564 MiB, 1,008 GB/s, BF16 165.2, FP8 330.3, INT8 660.6.
static_assert(rtx_4090.memory_bytes == 24'564ULL * 1048576);  // 25,757,220,864 B
static_assert(rtx_4090.bandwidth_gbps == 1008);
static_assert(rtx_4090.peak.bf16 == 165.2 && rtx_4090.peak.fp8 == 330.3 && rtx_4090.peak.int8 == 660.6);
// L40S row: 46,068 MiB, 864 GB/s, 362.05 P (not halved: a professional part), FP8 733 P.
static_assert(l40s.memory_bytes == 46'068ULL * 1048576);  // 48,305,799,168 B
static_assert(l40s.bandwidth_gbps == 864 && l40s.peak.bf16 == 362.05 && l40s.peak.fp8 == 733);
// L4 row: 23,034 MiB, 300 GB/s, 121 D, FP8 242.5 D.
static_assert(l4.memory_bytes == 23'034ULL * 1048576);  // 24,152,899,584 B
static_assert(l4.bandwidth_gbps == 300 && l4.peak.bf16 == 121 && l4.peak.fp8 == 242.5);
// L20 row: 48 GB marketed (no driver reading: 48 x 10^9 B, assumed), 864 GB/s R, BF16/FP16 119.5 R
// (measured 114.14 below it), FP8 and INT8 239 C (2 x 119.5), 92 SMs R; FP8 MMA (sm_89), no FP4.
static_assert(l20.memory_bytes == 48'000'000'000ULL);
static_assert(l20.bandwidth_gbps == 864 && l20.peak.bf16 == 119.5 && l20.peak.fp8 == 2 * 119.5 &&
              l20.peak.int8 == 239 && l20.sms == 92);
static_assert(l20.runs(mma_kind::fp8) && !l20.runs(mma_kind::fp4_block_scale) && !l20.derived.empty());
static_assert(rtx_4090.runs(mma_kind::fp8) && !rtx_4090.runs(mma_kind::fp4_block_scale) &&
              !l40s.runs(mma_kind::fp4_block_scale) && !l4.runs(mma_kind::mxf8f6f4));

// ---- Jetson: unified memory, marketed GB as 10^9 B ------------------------------------------

// Jetson AGX Thor row: 128 GB LPDDR5X, 273 GB/s, FP4 1,035 D (2,070 sparse); FP8 ~517 C,
// BF16 ~257 C: here 1,035 / 2 and / 4.
static_assert(jetson_agx_thor.memory_bytes == 128'000'000'000ULL);
static_assert(jetson_agx_thor.bandwidth_gbps == 273);
static_assert(jetson_agx_thor.peak.nvfp4 == 2070.0 / 2 && jetson_agx_thor.peak.fp8 == 1035.0 / 2 &&
              jetson_agx_thor.peak.bf16 == 1035.0 / 4);
static_assert(jetson_agx_thor.runs(mma_kind::fp4_block_scale) && jetson_agx_thor.runs(mma_kind::mxf8f6f4));
static_assert(jetson_agx_thor.sms == 20);
// Jetson AGX Orin 64GB row: 64 GB, 204.8 GB/s, ~42.6 C, FP8 "—", INT8 ~85 D (170 sparse GPU share).
static_assert(jetson_agx_orin_64gb.memory_bytes == 64'000'000'000ULL);
static_assert(jetson_agx_orin_64gb.bandwidth_gbps == 204.8 && jetson_agx_orin_64gb.peak.bf16 == 42.6 &&
              jetson_agx_orin_64gb.peak.int8 == 85);
static_assert(!jetson_agx_orin_64gb.runs(mma_kind::fp8) && !jetson_agx_orin_64gb.runs(mma_kind::fp4_block_scale));
// Jetson Orin Nano 8GB (Super) row: 8 GB, 102 GB/s, ~16.7 C, INT8 33.5 D, no FP8.
static_assert(jetson_orin_nano_8gb.memory_bytes == 8'000'000'000ULL);
static_assert(jetson_orin_nano_8gb.bandwidth_gbps == 102 && jetson_orin_nano_8gb.peak.bf16 == 16.7 &&
              jetson_orin_nano_8gb.peak.int8 == 33.5);
static_assert(!jetson_orin_nano_8gb.runs(mma_kind::fp8));

// ---- AMD: ROCm lists GiB ----------------------------------------------------------------------

// MI50 32GB row (gfx906, no matrix unit): rocm-smi 34,342,961,152 B = 32,752 MiB (32 GiB less
// 16 MiB), 1,024 GB/s P, FP16 26.5 P (vector, 2 x FP32 13.3), BF16 "N/A", INT8 53 P (dot products,
// no MMA), 60 CUs P. No kind is native: every activation format has no path and costs 26.5.
static_assert(mi50.memory_bytes == 34'342'961'152ULL && mi50.memory_bytes == 32ULL * 1073741824 - 16 * 1048576);
static_assert(mi50.bandwidth_gbps == 1024 && mi50.peak.bf16 == 26.5 && mi50.sms == 60);
static_assert(mi50.peak.fp16 == 0 && mi50.peak.fp8 == 0 && mi50.peak.int8 == 0 && mi50.peak.nvfp4 == 0 &&
              mi50.peak.mxfp4 == 0);
static_assert(exec_of(mi50, formats::bf16, formats::bf16) == exec{exec_path::no_path, mma_kind::bf16});
static_assert(exec_of(mi50, formats::fp8_channel, formats::fp8_token) == exec{exec_path::no_path, mma_kind::fp8});
static_assert(exec_of(mi50, formats::nvfp4_g16, formats::nvfp4_g16).path == exec_path::no_path);
static_assert(datasheet_roofline(mi50).r.bf16_tflops == 26.5 && datasheet_roofline(mi50).r.fp8_tflops == 26.5 &&
              datasheet_roofline(mi50).r.nvfp4_tflops == 26.5);
// MI300X row: 192 GiB = 206.16e9 B, 5,300 GB/s, 1,307.4 P, FP8 2,614.9 P (FNUZ), FP4 "—".
// MI250X row (the package, both GCDs): 128 GB marketed read as GiB (assumed), 3,200 GB/s P, FP16/BF16
// 383 P, INT8 383 P, 220 CUs P, no FP8 MFMA (CDNA2): FP8 layers have no path and cost BF16 time.
static_assert(mi250x.memory_bytes == 128ULL * 1073741824);  // 137,438,953,472 B
static_assert(mi250x.bandwidth_gbps == 3200 && mi250x.peak.bf16 == 383 && mi250x.peak.fp16 == 383 &&
              mi250x.peak.int8 == 383 && mi250x.sms == 220);
static_assert(mi250x.family == mma_family::mfma && !mi250x.runs(mma_kind::fp8) && mi250x.peak.fp8 == 0 &&
              !mi250x.runs(mma_kind::mxf8f6f4));
static_assert(datasheet_roofline(mi250x).r.fp8_tflops == 383);
static_assert(mi300x.memory_bytes == 192ULL * 1073741824);  // 206,158,430,208 B, not 192e9
static_assert(mi300x.memory_bytes == 206'158'430'208ULL);
static_assert(mi300x.bandwidth_gbps == 5300 && mi300x.peak.bf16 == 1307.4 && mi300x.peak.fp8 == 2614.9);
static_assert(mi300x.runs(mma_kind::fp8) && !mi300x.runs(mma_kind::fp4_block_scale) &&
              !mi300x.runs(mma_kind::mxf8f6f4));
// MI325X row: 256 GiB = 274.88e9 B, 6,000 GB/s, MI300X compute.
static_assert(mi325x.memory_bytes == 256ULL * 1073741824);  // 274,877,906,944 B
static_assert(mi325x.bandwidth_gbps == 6000 && mi325x.peak.bf16 == 1307.4 && mi325x.peak.fp8 == 2614.9);
static_assert(!mi325x.runs(mma_kind::fp4_block_scale) && !mi325x.runs(mma_kind::mxf8f6f4));
// MI355X row: 288 GiB = 309.24e9 B, 8,000 GB/s, 2,516.6 P, FP8 5,033 P, FP4 10,066 P "MXFP4 only; no NVFP4".
static_assert(mi355x.memory_bytes == 288ULL * 1073741824);  // 309,237,645,312 B
static_assert(mi355x.bandwidth_gbps == 8000 && mi355x.peak.bf16 == 2516.6 && mi355x.peak.fp8 == 5033);
static_assert(mi355x.runs(mma_kind::mxf8f6f4) && mi355x.peak.mxfp4 == 10066);
static_assert(!mi355x.runs(mma_kind::fp4_block_scale) && mi355x.peak.nvfp4 == 0);
// So NVFP4 activations on MI355X take the exact FP8 path at 5,033, never an FP4 peak.
static_assert(exec_of(mi355x, formats::nvfp4_g16, formats::nvfp4_g16).path == exec_path::exact_fp8_emulation);
static_assert(datasheet_roofline(mi355x).r.nvfp4_tflops == 5033);

// ---- Intel Gaudi 3: FP8 at the BF16 rate -----------------------------------------------------

// Gaudi 3 row: 128 GB HBM2e (no reading: 128e9 B), 3,670 GB/s, BF16 1,835 P, FP8 1,835 P (same
// as BF16), FP16 459 R, FP4 "—".
static_assert(gaudi3.memory_bytes == 128'000'000'000ULL);
static_assert(gaudi3.bandwidth_gbps == 3670 && gaudi3.peak.bf16 == 1835 && gaudi3.peak.fp16 == 459);
static_assert(gaudi3.runs(mma_kind::fp8) && gaudi3.peak.fp8 == gaudi3.peak.bf16);
static_assert(!gaudi3.runs(mma_kind::fp4_block_scale) && !gaudi3.runs(mma_kind::mxf8f6f4));
// W8A8 is native but buys no compute over BF16.
static_assert(exec_of(gaudi3, formats::fp8_channel, formats::fp8_token) == exec{exec_path::native, mma_kind::fp8});
static_assert(datasheet_roofline(gaudi3).r.fp8_tflops == 1835 && datasheet_roofline(gaudi3).r.nvfp4_tflops == 1835);

// ---- Google TPU: no FP8, no FP4 ---------------------------------------------------------------

// TPU v5e row: 16 GB (no reading: 16e9 B), 819 GB/s, BF16 197 P, INT8 394 P, FP8 "—".
static_assert(tpu_v5e.memory_bytes == 16'000'000'000ULL);
static_assert(tpu_v5e.bandwidth_gbps == 819 && tpu_v5e.peak.bf16 == 197 && tpu_v5e.peak.int8 == 394);
// TPU v6e row: 32 GB, 1,638 GB/s, BF16 918 P, INT8 1,836 P, FP8 "No faster path".
static_assert(tpu_v6e.memory_bytes == 32'000'000'000ULL);
static_assert(tpu_v6e.bandwidth_gbps == 1638 && tpu_v6e.peak.bf16 == 918 && tpu_v6e.peak.int8 == 1836);
static_assert(!tpu_v5e.runs(mma_kind::fp8) && !tpu_v6e.runs(mma_kind::fp8) && tpu_v6e.peak.fp8 == 0);
static_assert(!tpu_v6e.runs(mma_kind::fp4_block_scale) && !tpu_v6e.runs(mma_kind::mxf8f6f4));
// FP8 layers have no path and cost BF16 time, the same 918 the reported FP8 rate gives.
static_assert(exec_of(tpu_v6e, formats::fp8_channel, formats::fp8_token) == exec{exec_path::no_path, mma_kind::fp8});
static_assert(datasheet_roofline(tpu_v6e).r.fp8_tflops == 918);

// ---- H20 141 GB (H20-3e) ----------------------------------------------------------------------

// Row: 141 GB HBM3e (D: the H200's 143,771 MiB reading), 4.8 TB/s R (S134), BF16 148 R, FP8 296 R,
// 78 SMs R: the H20's capped peaks on the H200's memory.
static_assert(h20_141gb.memory_bytes == 143'771ULL * 1048576);  // 150,754,820,096 B
static_assert(h20_141gb.bandwidth_gbps == 4800 && h20_141gb.peak.bf16 == 148 && h20_141gb.peak.fp8 == 296 &&
              h20_141gb.sms == 78 && h20_141gb.family == mma_family::wgmma);
static_assert(find_alias("h20_3e")->id == "h20_141gb");

// ---- Apple M-series: unified memory, no matrix unit ----------------------------------------------

// M2 Ultra row: 192 GB P (taken as GiB), 800 GB/s P, 27.2 TFLOPS P (FP32; FP16 at the same rate, S132), 76 cores P.
static_assert(m2_ultra.memory_bytes == 192ULL * 1073741824 && m2_ultra.bandwidth_gbps == 800 &&
              m2_ultra.peak.bf16 == 27.2 && m2_ultra.sms == 76);
// M3 Max row: 128 GB P, 400 GB/s P, 40 cores P, 14.32 TFLOPS R (S133: 40 x 128 x 2 x 1.398 GHz = 14.316 C).
static_assert(m3_max.memory_bytes == 128ULL * 1073741824 && m3_max.bandwidth_gbps == 400 && m3_max.peak.bf16 == 14.32 &&
              m3_max.sms == 40);
// M4 Max row: 128 GB P, 546 GB/s P, 40 cores P, 40 x 128 x 2 x 1.678 GHz (R, S133) = 17.183 C.
static_assert(m4_max.memory_bytes == 128ULL * 1073741824 && m4_max.bandwidth_gbps == 546 && m4_max.peak.bf16 == 17.18 &&
              m4_max.sms == 40);
// M4 Pro row: 64 GB P, 273 GB/s P, 20 cores P, 20 x 128 x 2 x 1.678 GHz = 8.591 C (clock assumed the M4 Max's).
static_assert(m4_pro.memory_bytes == 64ULL * 1073741824 && m4_pro.bandwidth_gbps == 273 && m4_pro.peak.bf16 == 8.59 &&
              m4_pro.sms == 20);
// No tensor path: every matmul at the 16-bit vector rate, as on the MI50.
static_assert(m4_max.family == mma_family::none && m4_max.native == 0 && m2_ultra.native == 0);
static_assert(exec_of(m4_max, formats::bf16, formats::bf16) == exec{exec_path::no_path, mma_kind::bf16});
static_assert(datasheet_roofline(m4_max).r.bf16_tflops == 17.18);

// ---- Units: GB vs GiB -------------------------------------------------------------------------

// NVIDIA's "141 GB" is the nvidia-smi total in GiB (140.4 GiB), AMD's "192 GB" is 192 GiB.
static_assert(h200_nvl.memory_bytes / 1073741824 == 140 && mi300x.memory_bytes / 1000000000 == 206);
}  // namespace
}  // namespace headroom_static_devices_test
