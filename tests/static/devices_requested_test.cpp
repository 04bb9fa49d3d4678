// SPDX-License-Identifier: MIT
// The devices users asked for (issue 25, part 5) against their sources (sources.hpp S119-S128),
// in the row form of devices_test.cpp: P published, D derived (dense = sparse / 2), R reported by
// a secondary source only, C computed by the arithmetic written out here. Memory is the marketed
// figure read as 10^9 B (no driver reading in the sources), so it is written out in bytes.
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>

namespace headroom_static_devices_requested_test {

namespace {
using namespace headroom;
using namespace headroom::devices;

// V100 SXM2 32GB row (S125): 32 GB HBM2 P, 900 GB/s P, tensor 125 P (FP16), 5,120 CUDA cores P
// = 80 SMs C (64 per Volta SM); no BF16 MMA: BF16 runs as FP16 (S126), no INT8 / FP8 / FP4 MMA.
static_assert(v100_sxm2_32gb.memory_bytes == 32'000'000'000ULL && v100_sxm2_32gb.bandwidth_gbps == 900);
static_assert(v100_sxm2_32gb.peak.bf16 == 125 && v100_sxm2_32gb.peak.fp16 == 125 && v100_sxm2_32gb.sms == 5120 / 64);
static_assert(v100_sxm2_32gb.peak.int8 == 0 && !v100_sxm2_32gb.runs(mma_kind::int8) && !v100_sxm2_32gb.runs(mma_kind::fp8));
static_assert(v100_sxm2_32gb.link.scale_up_gbps == 300.0 / 2 && v100_sxm2_32gb.arch == "sm_70");

// T4 row (S124): 16 GB GDDR6 P, 320+ GB/s P, FP16 65 P, INT8 130 P, 2,560 CUDA cores = 40 SMs C;
// PCIe Gen3 x16: 8 GT/s x 16 lanes x 128/130 / 8 bits = 15.75 GB/s each way C.
static_assert(t4.memory_bytes == 16'000'000'000ULL && t4.bandwidth_gbps == 320);
static_assert(t4.peak.bf16 == 65 && t4.peak.int8 == 130 && t4.sms == 2560 / 64);
static_assert(t4.runs(mma_kind::int8) && !t4.runs(mma_kind::fp8) && !t4.runs(mma_kind::fp4_block_scale));
static_assert(t4.link.scale_up_gbps == 15.75 && 8.0 * 16 * 128 / 130 / 8 > 15.75 - 0.01);

// A40 row (S120): 48 GB P, 696 GB/s P, BF16 149.7 P (299.4 sparse), INT8 299.3 P, 84 RT cores P.
static_assert(a40.memory_bytes == 48'000'000'000ULL && a40.bandwidth_gbps == 696);
static_assert(a40.peak.bf16 == 149.7 && a40.peak.bf16 == 299.4 / 2 && a40.peak.int8 == 299.3 && a40.sms == 84);
static_assert(!a40.runs(mma_kind::fp8));

// L40 row (S119): 48 GB P, 864 GB/s P, BF16 181.05 P (362.1 sparse), FP8 362 P (724), INT8 362 P.
static_assert(l40.memory_bytes == 48'000'000'000ULL && l40.bandwidth_gbps == 864);
static_assert(l40.peak.bf16 == 181.05 && l40.peak.fp8 == 362 && l40.peak.fp8 == 724.0 / 2 && l40.peak.int8 == 362);
static_assert(l40.sms == 142 && l40.runs(mma_kind::fp8) && !l40.runs(mma_kind::fp4_block_scale));

// RTX 6000 Ada row (S121): 48 GB P, 960 GB/s P, 1,457 FP8 sparse P -> 728.5 dense D, BF16 364.25 C
// (728.5 / 2), INT8 728.5 C; 18,176 CUDA cores P = 142 SMs C (128 per Ada SM).
static_assert(rtx_6000_ada.memory_bytes == 48'000'000'000ULL && rtx_6000_ada.bandwidth_gbps == 960);
static_assert(rtx_6000_ada.peak.fp8 == 1457.0 / 2 && rtx_6000_ada.peak.bf16 == 1457.0 / 4 &&
              rtx_6000_ada.peak.int8 == 728.5 && rtx_6000_ada.sms == 18176 / 128);

// GeForce Ada rows (S122): AI TOPS P; BF16 / FP8 (FP32 accumulate) / INT8 = AI TOPS / 8 / 4 / 2 C,
// the RTX 4090 relation (1,321 / 8 = 165.1, its 165.2 of S61).
// RTX 4080: 16 GB GDDR6X P, 256-bit x 22.4 Gbps / 8 = 716.8 GB/s C, 780 AI TOPS P, 9,728 cores = 76 SMs C.
static_assert(rtx_4080.memory_bytes == 16'000'000'000ULL && rtx_4080.bandwidth_gbps == 256 * 22.4 / 8);
static_assert(rtx_4080.peak.bf16 == 97.5 && rtx_4080.peak.fp8 == 195 && rtx_4080.peak.int8 == 390 && rtx_4080.sms == 9728 / 128);
// RTX 4070: 12 GB GDDR6X P, 192-bit x 21 Gbps / 8 = 504 GB/s C, 466 AI TOPS P, 5,888 cores = 46 SMs C.
static_assert(rtx_4070.memory_bytes == 12'000'000'000ULL && rtx_4070.bandwidth_gbps == 192 * 21 / 8);
static_assert(rtx_4070.peak.bf16 == 58.25 && rtx_4070.peak.fp8 == 116.5 && rtx_4070.peak.int8 == 233 && rtx_4070.sms == 5888 / 128);
// RTX 4060 Ti 16GB: 128-bit x 18 Gbps / 8 = 288 GB/s C, 353 AI TOPS P, 4,352 cores = 34 SMs C, PCIe 4.0 x8.
static_assert(rtx_4060_ti_16gb.memory_bytes == 16'000'000'000ULL && rtx_4060_ti_16gb.bandwidth_gbps == 128 * 18 / 8);
static_assert(rtx_4060_ti_16gb.peak.bf16 == 44.125 && rtx_4060_ti_16gb.peak.fp8 == 88.25 &&
              rtx_4060_ti_16gb.peak.int8 == 176.5 && rtx_4060_ti_16gb.sms == 4352 / 128);
static_assert(rtx_4060_ti_16gb.link.scale_up_gbps == rtx_4090.link.scale_up_gbps / 2);  // x8, not x16

// GeForce Blackwell rows (S123): AI TOPS (FP4 sparse) P; BF16 / FP8 / INT8 / FP4 = AI TOPS / 16 / 8
// / 4 / 2 C, the RTX 5090 relation (3,352 / 16 = 209.5, S58).
// RTX 5080: 16 GB GDDR7 P, 960 GB/s P, 1,801 AI TOPS P, 10,752 cores = 84 SMs C.
static_assert(rtx_5080.memory_bytes == 16'000'000'000ULL && rtx_5080.bandwidth_gbps == 960 && rtx_5080.sms == 10752 / 128);
static_assert(rtx_5080.peak.bf16 == 112.5625 && rtx_5080.peak.fp8 == 225.125 && rtx_5080.peak.int8 == 450.25 &&
              rtx_5080.peak.nvfp4 == 900.5 && rtx_5080.peak.mxfp4 == 900.5);
// RTX 5070 Ti: 16 GB GDDR7 P, 896 GB/s P, 1,406 AI TOPS P, 8,960 cores = 70 SMs C.
static_assert(rtx_5070_ti.memory_bytes == 16'000'000'000ULL && rtx_5070_ti.bandwidth_gbps == 896 && rtx_5070_ti.sms == 8960 / 128);
static_assert(rtx_5070_ti.peak.bf16 == 87.875 && rtx_5070_ti.peak.fp8 == 175.75 && rtx_5070_ti.peak.nvfp4 == 703);
// RTX 5060 Ti 16GB: 128-bit x 28 Gbps / 8 = 448 GB/s C, 759 AI TOPS P, 4,608 cores = 36 SMs C, PCIe 5.0 x8.
static_assert(rtx_5060_ti_16gb.memory_bytes == 16'000'000'000ULL && rtx_5060_ti_16gb.bandwidth_gbps == 128 * 28 / 8);
static_assert(rtx_5060_ti_16gb.peak.bf16 == 47.4375 && rtx_5060_ti_16gb.peak.nvfp4 == 379.5 &&
              rtx_5060_ti_16gb.sms == 4608 / 128);
static_assert(rtx_5060_ti_16gb.runs(mma_kind::fp4_block_scale) && rtx_5060_ti_16gb.runs(mma_kind::mxf8f6f4));

// MI210 row (S127): 64 GB HBM2e P, 1,638.4 GB/s P, FP16 / BF16 181.0 P, INT8 181.0 P, 104 CUs P;
// Infinity Fabric Link: 3 links x 100 GB/s both ways / 2 = 150 each way C.
static_assert(mi210.memory_bytes == 64'000'000'000ULL && mi210.bandwidth_gbps == 1638.4);
static_assert(mi210.peak.bf16 == 181 && mi210.peak.int8 == 181 && mi210.sms == 104 && !mi210.runs(mma_kind::fp8));
static_assert(mi210.link.scale_up_gbps == 3 * 100 / 2 && mi210.link.domain == 4);

// Arc Pro B60 row (S128): 24 GB GDDR6 P, 456 GB/s R, XMX BF16 98.3 R, INT8 196.61 R, 20 Xe2 cores R
// (2,560 shading units / 128).
static_assert(arc_pro_b60.memory_bytes == 24'000'000'000ULL && arc_pro_b60.bandwidth_gbps == 456);
static_assert(arc_pro_b60.peak.bf16 == 98.3 && arc_pro_b60.peak.int8 == 196.61 && arc_pro_b60.sms == 2560 / 128);
static_assert(arc_pro_b60.family == mma_family::other && !arc_pro_b60.runs(mma_kind::fp8));

// Aliases (aliases.hpp): the names users typed, each one entry; ids stay ids.
static_assert(find_alias("dgx_spark") == &gb10 && find_alias("h100") == &h100_sxm && find_alias("h200") == &h200_sxm);
static_assert(find_alias("v100") == &v100_sxm2_32gb && find_alias("rtx_5060_ti") == &rtx_5060_ti_16gb);
static_assert(find_alias("a100") == nullptr && find_alias("h100_sxm") == nullptr);
static_assert(find_alias("b200_sxm") == &b200 && find_alias("b300_sxm") == &b300 && find_alias("a100_sxm") == &a100_sxm_80gb);
static_assert(find_alias("a100_pcie") == nullptr);
static_assert(find_alias("gb200_sxm") == &gb200);  // aiconfigurator's earlier name for its GB200 system

}  // namespace
}  // namespace headroom_static_devices_requested_test
