// SPDX-License-Identifier: MIT
// Bases, execution paths and the FP4 fallback (docs/model.md#execution-paths).
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>

#include <string_view>

namespace headroom_static_roofline_test {

namespace {
using namespace headroom;

// GB10 ships measured constants (devices/measured/gb10.json, source S32): 249 GB/s,
// 123.7 / 243.6 / 490.8 TFLOPS.
constexpr auto gb10 = default_roofline(devices::gb10);
static_assert(gb10.measured);
static_assert(gb10.basis.view().starts_with("measured achievable ("));
static_assert(gb10.r.dram_gbps == 249.0 && gb10.r.bf16_tflops == 123.7 && gb10.r.fp8_tflops == 243.6 &&
              gb10.r.nvfp4_tflops == 490.8);
static_assert(projection_label(gb10).empty());

// H100 SXM: datasheet ceiling with its sources, labelled unmeasured; the NVFP4 slot is the FP8
// peak (the exact E2M1->E4M3 fallback): 3350, 989.5, 1979, 1979.
constexpr auto h100 = default_roofline(devices::h100_sxm);
static_assert(!h100.measured);
static_assert(h100.basis.view().starts_with("datasheet ceiling (sources S1, S3, S4, S26; derived, not published: "));
static_assert(projection_label(h100) == " (roofline projection, unmeasured)");
static_assert(h100.r.dram_gbps == 3350 && h100.r.bf16_tflops == 989.5 && h100.r.fp8_tflops == 1979 &&
              h100.r.nvfp4_tflops == 1979);
// GB10 on its datasheet: NVFP4 500 TFLOPS native.
static_assert(datasheet_roofline(devices::gb10).r.nvfp4_tflops == 500);
// B200 on its datasheet: NVFP4 9000 native.
static_assert(default_roofline(devices::b200).r.nvfp4_tflops == 9000);

// FP4 nodes on H100 take the exact-FP8 path and run at its FP8 peak.
constexpr exec w4a4_h100 = exec_of(devices::h100_sxm, formats::nvfp4_g16, formats::nvfp4_g16);
static_assert(w4a4_h100.path == exec_path::exact_fp8_emulation);
static_assert(peak_of(w4a4_h100, h100.r) == 1979);
// ... natively on B200 and GB10.
static_assert(exec_of(devices::b200, formats::nvfp4_g16, formats::nvfp4_g16) ==
              exec{exec_path::native, mma_kind::fp4_block_scale});
// W4A16 and W8A16 run on the BF16 MMA everywhere (narrower weights widen in registers).
static_assert(exec_of(devices::h100_sxm, formats::nvfp4_g16, formats::bf16) == exec{exec_path::native, mma_kind::bf16});
static_assert(exec_of(devices::h100_sxm, formats::fp8_block(128, 128), formats::bf16) ==
              exec{exec_path::native, mma_kind::bf16});
// W8A8 natively on the FP8 MMA; W4A8 (NVFP4 x FP8) has no single instruction anywhere yet.
static_assert(exec_of(devices::h100_sxm, formats::fp8_channel, formats::fp8_token) == exec{exec_path::native, mma_kind::fp8});
static_assert(exec_of(devices::b200, formats::nvfp4_g16, formats::fp8_token).path == exec_path::exact_fp8_emulation);

// A device with neither FP8 nor FP4 MMA (Ampere-like: A100 SXM 80GB, 2039 GB/s, BF16 312):
// FP8 and NVFP4 activations have no path and are costed at the BF16 peak.
constexpr device ampere_like{.id = "ampere_like",
                             .name = "Ampere-like test device",
                             .vendor = "test",
                             .arch = "sm_80",
                             .memory_marketed = "80 GB HBM2e",
                             .memory_bytes = 81'920ULL * mib,
                             .memory_basis = "nvidia-smi 81,920 MiB",
                             .bandwidth_gbps = 2039,
                             .peak = {.bf16 = 312, .fp16 = 312, .int8 = 624},
                             .native = bit(mma_kind::bf16) | bit(mma_kind::fp16) | bit(mma_kind::int8),
                             .sms = 108,
                             .sources = "S10",
                             .derived = ""};
constexpr auto ampere = datasheet_roofline(ampere_like);
static_assert(ampere.r.fp8_tflops == 312 && ampere.r.nvfp4_tflops == 312);
static_assert(fp4_fallback(ampere_like) == exec{exec_path::no_path, mma_kind::fp4_block_scale});
static_assert(exec_of(ampere_like, formats::nvfp4_g16, formats::nvfp4_g16) ==
              exec{exec_path::no_path, mma_kind::fp4_block_scale});
static_assert(exec_of(ampere_like, formats::fp8_channel, formats::fp8_token) == exec{exec_path::no_path, mma_kind::fp8});
static_assert(peak_of(exec_of(ampere_like, formats::fp8_channel, formats::fp8_token), ampere.r) == 312);
static_assert(describe(exec{exec_path::no_path, mma_kind::fp8}).view() == "no path: the device has no fp8 MMA");

// Expected distinct experts, E = 256, K = 8: 256 x (1 - (31/32)^t) = 8, 101.962, 251.601 at
// t = 1, 16, 128 (docs/model.md#routed-experts).
static_assert(distinct_experts(256, 8, 1) == 8.0);
static_assert(distinct_experts(256, 8, 16) > 101.961 && distinct_experts(256, 8, 16) < 101.963);
static_assert(distinct_experts(256, 8, 128) > 251.600 && distinct_experts(256, 8, 128) < 251.602);
}  // namespace
}  // namespace headroom_static_roofline_test
