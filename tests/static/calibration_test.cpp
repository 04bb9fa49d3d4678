// SPDX-License-Identifier: MIT
// Calibration tables (docs/calibration.md): the laws, lookup's interpolation and clamping on a
// grid written here, and shipped values checked against the measurement they come from divided
// by headroom's ceiling for that kernel, computed by hand below.
#include <headroom/devices.hpp>
#include <headroom/engines/calibration.hpp>
#include <headroom/headroom.hpp>
#include <headroom/prediction.hpp>

namespace headroom_static_calibration_test {

namespace {
using namespace headroom;

constexpr bool near(double a, double b, double rel) { return (a > b ? a - b : b - a) <= rel * (b < 0 ? -b : b); }

// ---- Every shipped table passes the law (each header also static_asserts its own).
constexpr bool all_shipped_valid() {
  for (const calibration* c : engines::all_calibrations) {
    if (!check_calibration(*c).ok() || c->n_grids == 0) return false;
  }
  return true;
}
static_assert(all_shipped_valid());
static_assert(engines::calibration_of("h200_sxm", engine_kind::vllm).device == "h200_sxm");
static_assert(engines::calibration_of("b200", engine_kind::trtllm).engine == "trtllm");
static_assert(engines::calibration_of("gb300", engine_kind::sglang).device == "gb300");
static_assert(engines::calibration_of("mi300x", engine_kind::vllm).device == "mi300x");
// TensorRT-LLM does not run on AMD parts: no table.
static_assert(engines::calibration_of("mi300x", engine_kind::trtllm).n_grids == 0);
// No table for a device or engine that was not measured: the sentinel, whose lookups say so.
static_assert(engines::calibration_of("h100_pcie", engine_kind::vllm).n_grids == 0);
static_assert(engines::calibration_of("h200_sxm", engine_kind::llama_cpp).n_grids == 0);
static_assert(!lookup(engines::calibration_of("h200_sxm", engine_kind::none), kernel_class::gemm, calib_format::bf16, 1, 1).found);

// ---- The latent attention modules measured whole (engines/calibration/latent_modules.hpp).
constexpr bool all_latent_modules_valid() {
  for (const engines::latent_module_entry& m : engines::all_latent_modules) {
    if (!latent_module_valid(*m.table) || m.table->n_grids == 0) return false;
  }
  return true;
}
static_assert(all_latent_modules_valid());
// A device or engine without a table: the sentinel.
static_assert(engines::latent_module_of("mi300x", engine_kind::vllm).n_grids == 0);
static_assert(engines::latent_module_of("mi300x", engine_kind::sglang).n_grids == 0);
static_assert(engines::latent_module_of("h200_sxm", engine_kind::llama_cpp).n_grids == 0);
// SGLang's module, timed by aiconfigurator's wide-EP collector (context in `isl`, `step` 0), at
// SGLang's default MLA backend: gb300/mla/sglang/0.5.10/wideep_generation_mla_perf.parquet
// (@095f58a5), trtllm_mla, 128 heads (a DP-attention rank), batch_size 4, isl 1,024: latency
// 0.1248 ms. On the H200 the rows hold fa3 (the default on Hopper) and flashinfer; at 16 heads,
// 4 sequences, 1,024 tokens fa3 reads 0.0442 ms and flashinfer 0.0412: the table is fa3's.
// The rows are logged with FP8 KV alone: a BF16 cache has no grid (the kernels' sum stands).
static_assert(latent_module_us(engines::latent_module_of("gb300", engine_kind::sglang), 128, calib_format::fp8_block,
                               calib_format::fp8, 4, 1024) == 124.8);
static_assert(latent_module_us(engines::latent_module_of("h200_sxm", engine_kind::sglang), 16, calib_format::fp8_block,
                               calib_format::fp8, 4, 1024) == 44.2);
static_assert(latent_module_us(engines::latent_module_of("h200_sxm", engine_kind::sglang), 16, calib_format::fp8_block,
                               calib_format::bf16, 4, 1024) == 0);
// A cell is its row: aiconfigurator h200_sxm/mla/vllm/0.24.0/mla_generation_module_perf.parquet
// (@095f58a5), FLASHMLA, DeepSeek-V3, 16 heads, fp8_block GEMMs, FP8 KV, batch_size 4, step
// 1,024: latency 0.1173 ms; at step 4,096 0.1246 ms. 2,048 tokens lie halfway between in log
// context: (117.3 + 124.6) / 2 = 120.95 us.
constexpr const latent_module_table& h200_vllm_modules = engines::latent_module_of("h200_sxm", engine_kind::vllm);
static_assert(latent_module_us(h200_vllm_modules, 16, calib_format::fp8_block, calib_format::fp8, 4, 1024) == 117.3);
static_assert(near(latent_module_us(h200_vllm_modules, 16, calib_format::fp8_block, calib_format::fp8, 4, 2048), 120.95, 1e-12));
// Outside what was measured it answers 0 (the kernels' sum stands): more sequences than the
// axis reaches, more context, a cell no row timed (1,024 sequences at 65,536 tokens), a head
// count or format without a grid. Below the first context point it reads the first.
static_assert(latent_module_us(h200_vllm_modules, 16, calib_format::fp8_block, calib_format::fp8, 2048, 1024) == 0);
static_assert(latent_module_us(h200_vllm_modules, 16, calib_format::fp8_block, calib_format::fp8, 4, 100000) == 0);
static_assert(latent_module_us(h200_vllm_modules, 16, calib_format::fp8_block, calib_format::fp8, 1024, 65536) == 0);
static_assert(latent_module_us(h200_vllm_modules, 12, calib_format::fp8_block, calib_format::fp8, 4, 1024) == 0);
static_assert(latent_module_us(h200_vllm_modules, 16, calib_format::fp4, calib_format::fp8, 4, 1024) == 0);
static_assert(latent_module_us(h200_vllm_modules, 16, calib_format::fp8_block, calib_format::fp8, 4, 2) ==
              latent_module_us(h200_vllm_modules, 16, calib_format::fp8_block, calib_format::fp8, 4, 16));

// ---- lookup on a hand-written grid: xs {1, 4, 16}, ys {2, 8}, values x-major
//   (1,2) 1  (1,8) 2
//   (4,2) 3  (4,8) 5
//   (16,2) 4 (16,8) 4
constexpr double hx[] = {1, 4, 16};
constexpr double hy[] = {2, 8};
constexpr double hv[] = {1, 2, 3, 5, 4, 4};
constexpr calib_grid hand_grid[] = {{kernel_class::gemm, calib_format::bf16, 3, 2, hx, hy, hv, false}};
constexpr calibration hand{"user_device", "vllm", "0", "this test", hand_grid, 1};
static_assert(validated(hand));
// A grid point is its value, unclamped.
static_assert(lookup(hand, kernel_class::gemm, calib_format::bf16, 4, 8).value == 5);
static_assert(lookup(hand, kernel_class::gemm, calib_format::bf16, 4, 8).found);
static_assert(!lookup(hand, kernel_class::gemm, calib_format::bf16, 4, 8).clamped);
// (2, 4): log-space fractions ln(2/1)/ln(4/1) = 0.5 and ln(4/2)/ln(8/2) = 0.5;
// at x = 1: 1 + (2 - 1) * 0.5 = 1.5; at x = 4: 3 + (5 - 3) * 0.5 = 4; between: 1.5 + 2.5 * 0.5 = 2.75.
static_assert(near(lookup(hand, kernel_class::gemm, calib_format::bf16, 2, 4).value, 2.75, 1e-12));
// (8, 2): ln(8/4)/ln(16/4) = 0.5 along x at y = 2: 3 + (4 - 3) * 0.5 = 3.5.
static_assert(near(lookup(hand, kernel_class::gemm, calib_format::bf16, 8, 2).value, 3.5, 1e-12));
// (1, 4): ln(4/2)/ln(8/2) = 0.5 along y at x = 1: 1.5.
static_assert(near(lookup(hand, kernel_class::gemm, calib_format::bf16, 1, 4).value, 1.5, 1e-12));
// Outside: clamped to the edge and said. (100, 1) -> (16, 2) = 4; (0.5, 100) -> (1, 8) = 2.
static_assert(lookup(hand, kernel_class::gemm, calib_format::bf16, 100, 1).value == 4);
static_assert(lookup(hand, kernel_class::gemm, calib_format::bf16, 100, 1).clamped);
static_assert(lookup(hand, kernel_class::gemm, calib_format::bf16, 0.5, 100).value == 2);
static_assert(lookup(hand, kernel_class::gemm, calib_format::bf16, 0.5, 100).clamped);
// x = 0 is below every axis: clamped, not a division by zero.
static_assert(lookup(hand, kernel_class::gemm, calib_format::bf16, 0, 2).value == 1);
// (class, format) not in the table: found = false.
static_assert(!lookup(hand, kernel_class::gemm, calib_format::fp8, 4, 8).found);
static_assert(!lookup(hand, kernel_class::moe_gemm, calib_format::bf16, 4, 8).found);

// ---- The laws, one broken table each (the compile-time form is tests/compile_fail CALIBRATION_*).
constexpr double bad_order[] = {4, 1, 16};
constexpr double low_ratio[] = {1, 2, 3, 0.9, 4, 4};
constexpr double zero_value[] = {1, 2, 3, 0, 4, 4};
constexpr calib_grid g_order[] = {{kernel_class::gemm, calib_format::bf16, 3, 2, bad_order, hy, hv, false}};
constexpr calib_grid g_low[] = {{kernel_class::gemm, calib_format::bf16, 3, 2, hx, hy, low_ratio, false}};
constexpr calib_grid g_zero[] = {{kernel_class::all_reduce, calib_format::bf16, 3, 2, hx, hy, zero_value, true}};
constexpr calib_grid g_ar_ratio[] = {{kernel_class::all_reduce, calib_format::bf16, 3, 2, hx, hy, hv, false}};
constexpr calib_grid g_twice[] = {hand_grid[0], hand_grid[0]};
constexpr calib_rule rule_of(const calib_grid* g, std::size_t n) { return check_calibration({"d", "e", "v", "s", g, n}).rule; }
static_assert(rule_of(g_order, 1) == calib_rule::axis_must_be_positive_finite_and_strictly_ascending);
static_assert(rule_of(g_low, 1) == calib_rule::ratio_must_be_at_least_1);
static_assert(rule_of(g_zero, 1) == calib_rule::value_must_be_positive_and_finite);
static_assert(rule_of(g_ar_ratio, 1) == calib_rule::collectives_are_absolute_us_and_kernels_are_ratios);
static_assert(rule_of(g_twice, 2) == calib_rule::one_grid_per_class_and_format);
static_assert(check_calibration({"", "vllm", "v", "s", hand_grid, 1}).rule == calib_rule::device_and_engine_must_be_named);
// An absolute value below 1 us is legal (collectives are not ratios).
constexpr double small_us[] = {0.5, 2, 3, 5, 4, 4};
constexpr calib_grid g_small_us[] = {{kernel_class::all_to_all, calib_format::bf16, 3, 2, hx, hy, small_us, true}};
static_assert(rule_of(g_small_us, 1) == calib_rule::ok);
// A floor: finite and at least 0 on a kernel grid, 0 on a collective's.
constexpr calib_grid g_floor[] = {{kernel_class::gemm, calib_format::bf16, 3, 2, hx, hy, hv, false, 12.5}};
constexpr calib_grid g_floor_negative[] = {{kernel_class::gemm, calib_format::bf16, 3, 2, hx, hy, hv, false, -1}};
constexpr calib_grid g_floor_collective[] = {{kernel_class::all_to_all, calib_format::bf16, 3, 2, hx, hy, small_us, true, 3}};
static_assert(rule_of(g_floor, 1) == calib_rule::ok);
static_assert(rule_of(g_floor_negative, 1) == calib_rule::floor_must_be_finite_and_not_negative);
static_assert(rule_of(g_floor_collective, 1) == calib_rule::floor_must_be_finite_and_not_negative);

// ---- Shipped values = measured latency / headroom's ceiling, by hand (SHIPPED_VALUES below).
// Source: NVIDIA aiconfigurator @095f58a51c4ca8e61b66ec108d86f223f8d559ce (Apache-2.0),
// aic-core/src/aiconfigurator_core/systems/data/<path below>; `latency` is milliseconds. Each
// cell is the lower median of the rows at its coordinates, so it is one row's ratio; the tables
// round to 4 significant digits (relative error <= 5e-4 at ratios >= 1).
// Roofline time in us: max(bytes / (GB/s x 1e3), FLOPs / (TFLOP/s x 1e6)); datasheet constants
// H200 SXM 4,800 GB/s, 989.5 BF16 / 1,979 FP8 TFLOP/s; B200 7,700 GB/s, 9,000 NVFP4 TFLOP/s.
constexpr double roof_us(double bytes, double flops, double gbps, double tflops) {
  return bytes / (gbps * 1e3) > flops / (tflops * 1e6) ? bytes / (gbps * 1e3) : flops / (tflops * 1e6);
}
constexpr double shipped(const calibration& c, kernel_class k, calib_format f, double x, double y) {
  const calib_lookup r = lookup(c, k, f, x, y);
  return r.found && !r.clamped ? r.value : -1;
}
namespace t = engines::calibration_tables;

// h200_sxm/gemm/vllm/0.24.0/gemm_perf.parquet, row gemm_dtype bfloat16, m 4096, n 16384,
// k 16384, latency 2.907631132337782 ms. Bytes 2MK + 2NK + 2MN = 134,217,728 + 536,870,912 +
// 134,217,728 (168 us); FLOPs 2MNK = 2,199,023,255,552 (2,222.4 us): 2,907.6 / 2,222.4 = 1.3084.
static_assert(near(shipped(t::h200_sxm_vllm, kernel_class::gemm, calib_format::bf16, 4096, 16384.0 * 16384),
                   2907.631132337782 / roof_us(2.0 * 4096 * 16384 * 3, 2.0 * 4096 * 16384 * 16384, 4800, 989.5), 5e-4));
// Same file, gemm_dtype fp8 (per-tensor), same shape, latency 1.7495617336697047 ms. Bytes: the
// BF16 input 2MK, the act_quant's write and the MMA's read of the FP8 copy 2(MK + 4), the weight
// NK + 4, the BF16 output 2MN; FLOPs 2MNK at 1,979 (1,111.2 us): 1,749.6 / 1,111.2 = 1.5745.
static_assert(near(shipped(t::h200_sxm_vllm, kernel_class::gemm, calib_format::fp8, 4096, 16384.0 * 16384),
                   1749.5617336697047 / roof_us(2.0 * 4096 * 16384 + 2 * (4096.0 * 16384 + 4) + 16384.0 * 16384 + 4 + 2.0 * 4096 * 16384,
                                                2.0 * 4096 * 16384 * 16384, 4800, 1979), 5e-4));
// b200_sxm/gemm/vllm/0.24.0/gemm_perf.parquet, gemm_dtype nvfp4, m 8192, n 16384, k 16384,
// latency 1.1405333677927654 ms. Activation nvfp4/g16 of E = MK: E/2 + E/16 + 4M; weight
// nvfp4/g16 of W = NK: W/2 + W/16 + 4; FLOPs 2MNK at 9,000 (488.7 us): 1,140.5 / 488.7 = 2.3339.
static_assert(near(shipped(t::b200_vllm, kernel_class::gemm, calib_format::fp4, 8192, 16384.0 * 16384),
                   1140.5333677927654 / roof_us(2.0 * 8192 * 16384 + 2 * (8192.0 * 16384 / 2 + 8192.0 * 16384 / 16 + 4 * 8192) +
                                                    16384.0 * 16384 / 2 + 16384.0 * 16384 / 16 + 4 + 2.0 * 8192 * 16384,
                                                2.0 * 8192 * 16384 * 16384, 7700, 9000), 5e-4));
// Block-scaled FP8 is its own grid: h100_sxm/gemm/trtllm/1.3.0rc20/gemm_perf.parquet, gemm_dtype
// fp8_block, m 4096, n 8192, k 16384, latency 0.9534133275349935 ms. FLOPs 2MNK =
// 1,099,511,627,776 at 1,979 TFLOP/s (555.6 us) outweigh the bytes (~0.4 GB, ~120 us at
// 3,350 GB/s): 953.4 / 555.6 = 1.7160.
static_assert(near(shipped(t::h100_sxm_trtllm, kernel_class::gemm, calib_format::fp8_block, 4096, 8192.0 * 16384),
                   953.4133275349935 / (2.0 * 4096 * 8192 * 16384 / (1979 * 1e6)), 5e-4));
// vLLM's own fp8_block rows are timed without CUDA graphs (h100_sxm/gemm/vllm/0.24.0: m 1,
// n 2,048, k 2,048 took 59.99 us, the host's launch), so its table reads TensorRT-LLM's rows of
// the same device: the same cell as above.
static_assert(near(shipped(t::h100_sxm_vllm, kernel_class::gemm, calib_format::fp8_block, 4096, 8192.0 * 16384),
                   953.4133275349935 / (2.0 * 4096 * 8192 * 16384 / (1979 * 1e6)), 5e-4));
// vLLM's own MLA decode rows were timed eagerly (collector/vllm/collect_mla.py: impl.forward from
// a Python loop; h100_sxm/mla/vllm/0.14.0: one sequence of 2 tokens 110.8 us, of 4,096 tokens
// 150.0 us), so its tables read TensorRT-LLM's MLA decode rows of the same device.
static_assert(shipped(t::h100_sxm_vllm, kernel_class::mla_decode, calib_format::bf16, 1, 1024) ==
              shipped(t::h100_sxm_trtllm, kernel_class::mla_decode, calib_format::bf16, 1, 1024));
static_assert(shipped(t::h200_sxm_vllm, kernel_class::mla_decode, calib_format::fp8, 64, 4096) ==
              shipped(t::h200_sxm_trtllm, kernel_class::mla_decode, calib_format::fp8, 64, 4096));
// Where vLLM timed no MLA core (B200: aiconfigurator's vLLM tables there time only the module),
// the same rows stand in: before, DeepSeek's MLA under vLLM on B200 kept its ceiling.
static_assert(shipped(t::b200_vllm, kernel_class::mla_decode, calib_format::bf16, 8, 2048) ==
              shipped(t::b200_trtllm, kernel_class::mla_decode, calib_format::bf16, 8, 2048));
static_assert(shipped(t::b200_vllm, kernel_class::mla_decode, calib_format::bf16, 8, 2048) >= 1);  // found, not clamped
static_assert(shipped(t::h100_sxm_vllm, kernel_class::mla_decode, calib_format::bf16, 1, 1024) >= 1);
static_assert(shipped(t::h200_sxm_vllm, kernel_class::mla_decode, calib_format::fp8, 64, 4096) >= 1);
// Attention over an FP8 KV cache is bounded at the FP8 peak (attention_peak, node_cost.hpp):
// TensorRT-LLM's Blackwell MLA decode multiplies in FP8. Its row at 128 sequences of 32,768
// tokens, 128 heads (b200_sxm/mla/trtllm/1.3.0rc20/generation_mla_perf.parquet, latency
// 0.4488639831542969 ms): q 2 x 128 x 128 x 576 B, out 2 x 128 x 128 x 512 B, latent rows
// 128 x 32,768 x 576 x 1 B = 2,451,570,688 B over 7,700 GB/s = 318.39 us; the absorbed FLOPs
// 2 x 128 x 32,768 x 128 x (576 + 512) at 4,500 TFLOP/s take 259.6 us, under the bytes. (At the
// BF16 peak they took 519.2 us, above the measured 448.9: the row read 0.86 and its cell clamped.)
static_assert(near(shipped(t::b200_trtllm, kernel_class::mla_decode, calib_format::fp8, 128, 32768),
                   448.8639831542969 / ((2.0 * 128 * 128 * 576 + 2.0 * 128 * 128 * 512 + 128.0 * 32768 * 576) / (7700 * 1e3)), 5e-4));
// An MLA decode grid holds every context the rows were timed at (2 to 131,072 tokens, 17
// points): at 16 sequences of 8,192 tokens on B200 under TensorRT-LLM, the lower of the 64- and
// 128-head rows, 64 heads at 0.027434666951497395 ms: q 2 x 16 x 64 x 576 B, out
// 2 x 16 x 64 x 512 B, latent rows 16 x 8,192 x 576 B = 77,725,696 B over 7,700 GB/s = 10.094 us
// (2 x 16 x 8,192 x 64 x 1,088 FLOPs at the FP8 peak, 4.06 us, under it). On 8x steps of context
// the cell at 8,192 did not exist, and a lookup there read between 4,096's rows and 32,768's.
static_assert(near(shipped(t::b200_trtllm, kernel_class::mla_decode, calib_format::fp8, 16, 8192),
                   27.434666951497395 / ((2.0 * 16 * 64 * 576 + 2.0 * 16 * 64 * 512 + 16.0 * 8192 * 576) / (7700 * 1e3)), 5e-4));
// Nor did vLLM time an MLA prefill core on SM100 (vllm/0.14.0's core rows are Hopper's only);
// it prefills DeepSeek-shaped MLA there as FlashInfer's CUTLASS FMHA
// (model_executor/layers/attention/mla_attention.py use_flashinfer_prefill), so TensorRT-LLM's
// context MLA rows of the same device stand in, both KV formats, on all four SM100 parts; on
// Hopper vLLM's own 0.14.0 rows stay.
// (An MLA prefill grid's y is the sequences x heads beside the tokens: 128 is one prompt of a
// rank holding all of DeepSeek-V3's heads.)
static_assert(shipped(t::b200_vllm, kernel_class::mla_prefill, calib_format::bf16, 4096, 128) ==
              shipped(t::b200_trtllm, kernel_class::mla_prefill, calib_format::bf16, 4096, 128));
static_assert(shipped(t::gb300_vllm, kernel_class::mla_prefill, calib_format::fp8, 1024, 128) ==
              shipped(t::gb300_trtllm, kernel_class::mla_prefill, calib_format::fp8, 1024, 128));
static_assert(shipped(t::b200_vllm, kernel_class::mla_prefill, calib_format::bf16, 4096, 128) >= 1);  // found, not clamped
static_assert(shipped(t::h100_sxm_vllm, kernel_class::mla_prefill, calib_format::bf16, 256, 128) !=
              shipped(t::h100_sxm_trtllm, kernel_class::mla_prefill, calib_format::bf16, 256, 128));
// h200_sxm/mla/trtllm/1.3.0rc20/context_mla_perf.parquet, BF16, one prompt of 4,096 tokens, 64
// heads (y = 1 x 64), latency 0.6427573362986246 ms. Context 2,048 (the causal half); the
// expanded form, 2 x 4,096 x 2,048 x 64 x (256 + 64) = 3.436e11 FLOPs at 989.5 TFLOP/s =
// 347.25 us, above the bytes (572,784,640 B, 119.3 us): 642.76 / 347.25 = 1.8510.
static_assert(near(shipped(t::h200_sxm_trtllm, kernel_class::mla_prefill, calib_format::bf16, 4096, 64),
                   642.7573362986246 / (2.0 * 4096 * 2048 * 64 * 320 / (989.5 * 1e6)), 5e-4));
// SGLang's own fp8_block rows on SM100 convert FP32 weight scales on every call
// (b300_sxm/gemm/sglang/0.5.14: m 1, n 2,048, k 1,024 took 12.07 us; h200_sxm's 5.71 us), so its
// B200, B300, GB200 and GB300 tables read TensorRT-LLM's rows too; on Hopper its own stand.
static_assert(shipped(t::b300_sglang, kernel_class::gemm, calib_format::fp8_block, 1, 2048.0 * 1024) ==
              shipped(t::b300_trtllm, kernel_class::gemm, calib_format::fp8_block, 1, 2048.0 * 1024));
static_assert(shipped(t::gb300_sglang, kernel_class::gemm, calib_format::fp8_block, 16, 4096.0 * 4096) ==
              shipped(t::gb300_trtllm, kernel_class::gemm, calib_format::fp8_block, 16, 4096.0 * 4096));
static_assert(shipped(t::h200_sxm_sglang, kernel_class::gemm, calib_format::fp8_block, 1, 2048.0 * 1024) !=
              shipped(t::h200_sxm_trtllm, kernel_class::gemm, calib_format::fp8_block, 1, 2048.0 * 1024));
// TensorRT-LLM runs block-scaled FP8 MoE on SM100 with its TRTLLM-gen kernels, which its own
// rows do not time (aiconfigurator's collector times DeepGEMM there): DeepSeek-V3's layer
// (hidden 7,168, inter 2,048, 256 experts, top-8) at one token and EP 1 in
// b200_sxm/moe/trtllm/1.3.0rc20/moe_perf.parquet, DeepGEMM, takes 133.9 us at TP 2 and 103.3 us
// at TP 16; the TRTLLM-gen kernels through FlashInfer, b200_sxm/moe/sglang/0.5.14/moe_perf.parquet
// (sglang_flashinfer_trtllm_moe), 36.1 us at TP 8. The B200 TensorRT-LLM cell of a TP 8 slice
// (3 x 7,168 x 256 elements) at one token reads the latter's kind: its ceiling is eight experts'
// FP8 slices, 8 x 3 x 7,168 x 256 B over 7,700 GB/s = 5.72 us, and ratio x ceiling lands within
// 1.5x of 36.1 us, under every DeepGEMM row.
constexpr double ds_tp8_moe_ceiling_us = 8.0 * 3 * 7168 * 256 / (7700 * 1e3);
constexpr double ds_tp8_moe_us = shipped(t::b200_trtllm, kernel_class::moe_gemm, calib_format::fp8_block, 1, 3.0 * 7168 * 256) * ds_tp8_moe_ceiling_us;
static_assert(ds_tp8_moe_us > 36.1 / 1.5 && ds_tp8_moe_us < 36.1 * 1.5);
static_assert(ds_tp8_moe_us < 103.3);
// Its NVFP4 MoE grid on SM100 is TRTLLM-gen's rows alone, not the fastest of those and CUTLASS's
// per shape. Its own TRTLLM-gen rows (moe_torch_flow_min_latency) are not read: the collector
// routes every shape of them through DeepseekV3Gate (8 groups, 4 kept), under which the
// balanced logits tie every group and a row reaches far fewer experts than its tokens would
// (tools/calibrate/convert.mjs, group_limited); SGLang's rows of the same kernels
// (sglang_flashinfer_trtllm_moe), routed top-K, stand in. The cell at one token and 16,777,216
// elements an expert is b200_sxm/moe/sglang/0.5.14/moe_perf.parquet, Nemotron-3 Super's layer:
// hidden 4,096, inter 2,688 at TP 2 (1,344 a rank), top-22 of 512, latency 0.04196735858917237 ms.
// Its experts are ungated (up, relu2, down: two matrices; the collector's
// sglang_moe_is_gated: false), so its y is 2 x 4,096 x 1,344 = 11,010,048 elements (the 2^24
// bucket) and its ceiling the 22 experts the row touched (NVFP4: an element 1/2 B + 1/16 B of
// scale, 4 B a tensor; activations NVFP4 in, BF16 out):
//   up:   in 2 x 22 x 4,096 + 2 x (22 x 4,096 x 9/16 + 4 x 22) = 281,776, routing 88,
//         out 2 x 22 x 1,344 = 59,136, weights 22 x (1,344 x 4,096 x 9/16 + 4);
//   down: in 2 x 22 x 1,344 + 2 x (22 x 1,344 x 9/16 + 4 x 22) = 92,576, out 2 x 22 x 4,096 =
//         180,224, weights 22 x (4,096 x 1,344 x 9/16 + 4); each over 7,700 GB/s (17.77 us in all).
static_assert(near(shipped(t::b200_trtllm, kernel_class::moe_gemm, calib_format::fp4, 1, 16777216.0),
                   41.96735858917237 / ((281776.0 + 88 + 59136 + 22 * (1344.0 * 4096 * 9 / 16 + 4)) / (7700 * 1e3) +
                                        (92576.0 + 180224 + 22 * (4096.0 * 1344 * 9 / 16 + 4)) / (7700 * 1e3)),
                   5e-4));
// h200_sxm/attention/trtllm/1.3.0rc20/generation_attention_perf.parquet, batch 64, 48 heads, 8
// KV heads, head_dim 128, BF16 KV, step 1023 (context 1,024), latency 0.09223467111587524 ms.
// The y axis is the KV elements a sequence reads: 1,024 x 2 x 8 x 128 = 2,097,152 (2^21, a grid
// point). Bytes: q in and out 2 x 2 x 64 x 6,144 + KV 64 x 1,024 x 2,048 x 2 B = 270,008,320
// (56.25 us); FLOPs 2 x 64 x 1,024 x 12,288 (1.63 us): 92.23 / 56.25 = 1.6397.
static_assert(near(shipped(t::h200_sxm_trtllm, kernel_class::gqa_decode, calib_format::bf16, 64, 1024.0 * 2 * 8 * 128),
                   92.23467111587524 / roof_us(4.0 * 64 * 6144 + 64.0 * 1024 * 2 * 8 * 128 * 2, 2.0 * 64 * 1024 * 12288, 4800, 989.5), 5e-4));
// Prefill attention is read against headroom's own prefill ceiling, whose rows attend over the
// causal half of the prompt (detail::prefill_run: max(1, T / 2) tokens), by a sequence's tokens
// and the work beside it, sequences x query width (heads x head_dim; on 2x steps).
// h200_sxm/attention/trtllm/1.3.0rc20/context_attention_perf.parquet, batch 4, isl 16,384, 8
// heads, 4 KV heads, head_dim 128, BF16 KV, latency 4.280922571818034 ms: y = 4 x 8 x 128 =
// 4,096. Context 8,192 over 4 x 16,384 = 65,536 rows. Bytes: q in and out 4 x 65,536 x 1,024 +
// KV 4 x 8,192 x 2 x 4 x 128 x 2 B = 335,544,320 (69.9 us); FLOPs 2 x 65,536 x 8,192 x 2,048 =
// 2.1990e12 (2,222.3 us): 4,280.9 / 2,222.3 = 1.9263. At the same 16,384 tokens one sequence of
// one 64-wide head reads 4.62x (0.161 ms): the work beside the tokens matters.
static_assert(near(shipped(t::h200_sxm_trtllm, kernel_class::prefill_attention, calib_format::bf16, 16384, 4096),
                   4280.922571818034 / roof_us(4.0 * 65536 * 1024 + 4.0 * 8192 * 2 * 4 * 128 * 2, 2.0 * 65536 * 8192 * 2048, 4800, 989.5), 5e-4));
// h200_sxm/moe/vllm/0.24.0/moe_perf.parquet, bfloat16, 768 tokens, hidden 3,072, inter 1,024,
// top-8 of 256, balanced, moe_tp_size 1, ep 1, latency 1.3442667325337727 ms. tK = 6,144 rows;
// from 32 tokens (ceil(256 / 8)) balanced routing touches all 256 experts. gate_up: in 2 tK h,
// routing 4 x 768 x 8, out 2 tK 2inter, weights 256 x 2,048 x 3,072 x 2 B (684.20 us, memory
// bound); down: in 2 tK inter, out 2 tK h, weights 256 x 3,072 x 1,024 x 2 B (346.03 us):
// 1,344.3 / 1,030.2 = 1.3048. Its 768 tokens fall in the 1,024 bucket and its y = 3 x 3,072 x
// 1,024 = 9,437,184 in the 2^24 one (the y axis is even powers of 2 once the rows' y values
// outnumber its points), whose lower median it is.
constexpr double moe_gate_up_us = roof_us(2.0 * 6144 * 3072 + 4.0 * 768 * 8 + 2.0 * 6144 * 2048 + 256.0 * 2048 * 3072 * 2,
                                          2.0 * 6144 * 3072 * 2048, 4800, 989.5);
constexpr double moe_down_us = roof_us(2.0 * 6144 * 1024 + 2.0 * 6144 * 3072 + 256.0 * 3072 * 1024 * 2, 2.0 * 6144 * 1024 * 3072, 4800, 989.5);
static_assert(near(shipped(t::h200_sxm_vllm, kernel_class::moe_gemm, calib_format::bf16, 1024, 16777216),
                   1344.2667325337727 / (moe_gate_up_us + moe_down_us), 5e-4));
// Linear attention grids hold measured microseconds a launch, no ratio. b200_sxm/linear_attention/
// sglang/0.5.14/gdn_perf.parquet, generation, 64 sequences, fused_recurrent_gated_delta_rule_
// packed_decode over 32 value heads of 128 x 128 (524,288 state elements, a grid point): 16 key
// heads (Qwen3.5-4B, -9B, -35B-A3B: 49.134, 49.238, 49.619 us) and 8 (Qwen3.5-122B-A10B,
// -397B-A17B: 49.351, 49.321 us). The fastest of each shape, 49.134 and 49.321; the cell is their
// lower median, 49.134 (4 significant digits: 49.13).
static_assert(shipped(t::b200_sglang, kernel_class::gdn_decode, calib_format::bf16, 64, 524288) == 49.13);
static_assert(t::b200_sglang.grids[find_grid(t::b200_sglang, kernel_class::gdn_decode, calib_format::bf16)].absolute_us);
// The RTX PRO 6000 Blackwell Server Edition's tables read its rows against headroom's datasheet
// constants for it (1,597 GB/s, 500 dense BF16 TFLOP/s). rtx_pro_6000_server/gemm/vllm/0.24.0/
// gemm_perf.parquet, BF16, M 1, N 65,536, K 4,096, latency 0.36335288153754336 ms: the input
// 2 x 4,096 B, the weight 2 x 65,536 x 4,096 B and the output 2 x 65,536 B over 1,597 GB/s
// (336.26 us; FLOPs 2 x 65,536 x 4,096 at 500 TFLOP/s: 1.07 us) -- 1.0806, the lower median of
// the three rows at the cell's own coordinates (y = 2^28 elements; N x K 16,384 x 16,384 took
// 0.37054 ms, 1.102, and 4,096 x 65,536 0.35468 ms, 1.055).
static_assert(near(shipped(t::rtx_pro_6000_server_vllm, kernel_class::gemm, calib_format::bf16, 1, 268435456.0),
                   363.35288153754336 / roof_us(2.0 * 4096 + 2.0 * 65536 * 4096 + 2.0 * 65536, 2.0 * 65536 * 4096, 1597, 500),
                   5e-4));
// The Intel Arc Pro B60's vLLM table (vLLM 0.20.0 on XPU; BF16 only: the part has no FP8 MMA,
// so its FP8 rows make no grid). b60/gemm/vllm/0.20.0/gemm_perf.parquet, BF16, M 1, N 4,096,
// K 16,384, latency 0.3695495555555555 ms: 2 x 16,384 + 2 x 4,096 x 16,384 + 2 x 4,096 B over
// 456 GB/s = 294.43 us -- 1.2551, the lower median of the seven rows of 2^26 weight elements at
// one row (1.026 for 65,536 x 1,024 up to 1.484 for 32,768 x 2,048).
static_assert(near(shipped(t::arc_pro_b60_vllm, kernel_class::gemm, calib_format::bf16, 1, 67108864.0),
                   369.5495555555555 / roof_us(2.0 * 16384 + 2.0 * 4096 * 16384 + 2.0 * 4096, 2.0 * 4096 * 16384, 456, 98.3), 5e-4));
static_assert(find_grid(t::arc_pro_b60_vllm, kernel_class::gemm, calib_format::fp8) == t::arc_pro_b60_vllm.n_grids);
// Its all-reduce was timed eagerly only (b60/comm/vllm/0.20.0/custom_allreduce_perf.parquet,
// vLLM_custom_eager; no graph-captured rows): those rows are its grid. Two GPUs, 128 elements
// (256 B), 0.03826784 ms.
static_assert(near(shipped(t::arc_pro_b60_vllm, kernel_class::all_reduce, calib_format::bf16, 256, 2), 38.26784, 5e-4));
// AMD Instinct tables come from ROCm aiter @e4048607a535ace3a2b51ded31b1c8c2d45c0879 (MIT),
// aiter/configs/<path below>: kernel time `us` of the tuned kernel, rows of gfx942 with 304 CUs.
// model_configs/a8w8_blockscale_tuned_gemm_glm5_1.csv, M 1, N 2,048, K 2,048, 5.2213 us. Bytes
// on MI300X (5,300 GB/s): the BF16 input 2K, the act_quant's write and the MMA's read of the
// per-128 FP8 copy 2(K + 4 x 16), the weight NK + 4 x 16 x 16 block scales, the BF16 output 2N =
// 4,207,744 (0.7939 us; FLOPs 2NK at 2,614.9 TFLOP/s: 0.0032 us): 5.2213 / 0.7939 = 6.5767.
static_assert(near(shipped(t::mi300x_sglang, kernel_class::gemm, calib_format::fp8_block, 1, 2048.0 * 2048),
                   5.2213 / roof_us(2.0 * 2048 + 2 * (2048.0 + 4 * 16) + 2048.0 * 2048 + 4 * 16 * 16 + 2.0 * 2048,
                                    2.0 * 2048 * 2048, 5300, 2614.9), 5e-4));
// MI325X reads the same row against its own 6,000 GB/s; vLLM's table is SGLang's (both run aiter).
static_assert(near(shipped(t::mi325x_sglang, kernel_class::gemm, calib_format::fp8_block, 1, 2048.0 * 2048),
                   5.2213 / roof_us(2.0 * 2048 + 2 * (2048.0 + 4 * 16) + 2048.0 * 2048 + 4 * 16 * 16 + 2.0 * 2048,
                                    2.0 * 2048 * 2048, 6000, 2614.9), 5e-4));
static_assert(shipped(t::mi300x_vllm, kernel_class::gemm, calib_format::fp8_block, 1, 2048.0 * 2048) ==
              shipped(t::mi300x_sglang, kernel_class::gemm, calib_format::fp8_block, 1, 2048.0 * 2048));
// model_configs/qwen3_235b_bf16_tuned_fmoe.csv, 1 token, model_dim 4,096, inter_dim 384, top-8 of
// 128, BF16, 34.0571 us. One token: 8 distinct experts. gate_up: in 2 x 8 x 4,096, routing
// 4 x 8, out 2 x 8 x 768, weights 8 x 768 x 4,096 x 2 B; down: in 2 x 8 x 384, out 2 x 8 x 4,096,
// weights 8 x 4,096 x 384 x 2 B; both memory bound on MI300X: 34.0571 / 14.27 = 2.386, at
// y = 3 x 4,096 x 384 = 4,718,592.
static_assert(near(shipped(t::mi300x_sglang, kernel_class::moe_gemm, calib_format::bf16, 1, 4718592),
                   34.0571 / (roof_us(2.0 * 8 * 4096 + 4.0 * 8 + 2.0 * 8 * 768 + 8.0 * 768 * 4096 * 2, 2.0 * 8 * 4096 * 768, 5300, 1307.4) +
                              roof_us(2.0 * 8 * 384 + 2.0 * 8 * 4096 + 8.0 * 4096 * 384 * 2, 2.0 * 8 * 384 * 4096, 5300, 1307.4)),
                   5e-4));
// Collectives hold the measurement itself. h200_sxm/comm/vllm/0.24.0/custom_allreduce_perf.parquet,
// vLLM_custom_graph, 8 GPUs, message_size 524,288 elements (1,048,576 B of BF16), latency
// 0.014073599576950074 ms = 14.07 us.
static_assert(near(shipped(t::h200_sxm_vllm, kernel_class::all_reduce, calib_format::bf16, 1048576, 8), 14.0736, 5e-4));
// h100_sxm/comm/nccl/2.29.2/nccl_perf.parquet, alltoall, half, 8 GPUs, message_size 524,288,
// latency 0.01561 ms = 15.61 us (the all-to-all of every engine on the device).
static_assert(near(shipped(t::h100_sxm_vllm, kernel_class::all_to_all, calib_format::bf16, 1048576, 8), 15.61, 5e-4));
static_assert(near(shipped(t::h100_sxm_trtllm, kernel_class::all_to_all, calib_format::bf16, 1048576, 8), 15.61, 5e-4));
// TensorRT-LLM's own MoE all-to-all where measured: gb200/comm/trtllm/1.3.0rc10/
// trtllm_alltoall_perf.parquet, NVLinkOneSided, nvfp4, balanced, hidden 7,168, top-8 of 256,
// EP 32, one token a rank: alltoall_dispatch 0.020947200059890748 ms, alltoall_combine
// 0.032425600290298465 ms. headroom's link sends 1 x 8 x 7,168 x 2 = 114,688 B twice (dispatch,
// combine), so the point holds their mean. SGLang's table on the same part keeps NCCL's rows.
static_assert(near(shipped(t::gb200_trtllm, kernel_class::all_to_all, calib_format::bf16, 114688, 32),
                   (20.947200059890748 + 32.425600290298465) / 2, 5e-4));
static_assert(shipped(t::gb200_sglang, kernel_class::all_to_all, calib_format::bf16, 114688, 32) < 0);  // clamped: NCCL timed 2 and 4 GPUs

// ---- Floors: the fastest kernel of the class the table measured, any format and shape
// (4 significant digits). h100_sxm/attention/vllm/0.24.0/generation_attention_perf.parquet,
// batch 1, 8 heads, 1 KV head, head_dim 64, BF16 KV, step 3, latency 0.009914666414260864 ms:
// 9.915 us, on the BF16 and the FP8 grid alike.
constexpr double floor_of(const calibration& c, kernel_class k, calib_format f) {
  const std::size_t g = find_grid(c, k, f);
  return g == c.n_grids ? -1 : c.grids[g].floor_us;
}
static_assert(floor_of(t::h100_sxm_vllm, kernel_class::gqa_decode, calib_format::bf16) == 9.915);
static_assert(floor_of(t::h100_sxm_vllm, kernel_class::gqa_decode, calib_format::fp8) == 9.915);
// h100_sxm/moe/vllm/0.24.0/moe_perf.parquet, bfloat16, 1 token, hidden 2,048, inter 768, top-8
// of 128, balanced, moe_tp_size 16, latency 0.024298667907714844 ms: 24.30 us, a TP rank's
// 48-wide slice of each expert. The weight-only grids carry it too: the floor is the class's.
static_assert(floor_of(t::h100_sxm_vllm, kernel_class::moe_gemm, calib_format::bf16) == 24.3);
static_assert(floor_of(t::h100_sxm_vllm, kernel_class::moe_gemm, calib_format::int4_weight_only) == 24.3);
static_assert(floor_of(t::h100_sxm_vllm, kernel_class::moe_gemm, calib_format::mxfp4_weight_only) == 24.3);
// The W4A16 MXFP4 experts gpt-oss runs under vLLM on Hopper (OpenAI's Triton kernel):
// h100_sxm/moe/vllm/0.24.0/moe_perf.parquet, moe_dtype w4a16_mxfp4, 4 tokens, hidden 2,880, inter
// 2,880, top-4 of 128, balanced, tp = ep = 1, latency 0.1223306655883789 ms. tK = 16 rows;
// balanced routing spreads them over min(128, 16) = 16 experts, the bytes the row moved. MXFP4
// weights E/2 + E/32 bytes (one E8M0 scale per 32), BF16 activations (no act_quant):
//   gate_up: in 2 x 16 x 2,880 + routing 4 x 4 x 4 + out 2 x 16 x 5,760
//            + 16 x (8,294,400 + 518,400) = 141,281,344 B (42.174 us at 3,350 GB/s);
//   down:    in 2 x 16 x 2,880 + out 2 x 16 x 2,880 + 16 x (4,147,200 + 259,200)
//            = 70,686,720 B (21.101 us); FLOPs 2 x 16 x 2,880 x 5,760 and 2 x 16 x 2,880 x 2,880
//            at the BF16 peak take 0.54 and 0.27 us, under the bytes.
// 122.33 / 63.274 = 1.9333, at the grid's (4 rows, 3 x 2,880 x 2,880) point (the lower of its two
// rows: top-4 of 32 experts took longer for the same ceiling).
static_assert(near(shipped(t::h100_sxm_vllm, kernel_class::moe_gemm, calib_format::mxfp4_weight_only, 4, 3.0 * 2880 * 2880),
                   122.3306655883789 / ((141281344.0 + 70686720.0) / (3350 * 1e3)), 5e-4));
// The same weights on Marlin's W4A16 kernel (VLLM_MXFP4_USE_MARLIN), their own grid: the same
// table, moe_dtype w4a16_mxfp4, kernel_source vllm_compressedtensorsw4a4mxfp4moe_marlin_..., 4
// tokens, hidden 3,584, inter 3,072, top-16 of 896, balanced, tp = ep = 1 (Kimi-K3's shape, the
// only one measured on Marlin), latency 0.47577067216237384 ms, alone at its grid point. tK = 64
// rows over min(896, 64) = 64 experts:
//   gate_up: in 2 x 64 x 3,584 + routing 4 x 4 x 16 + out 2 x 64 x 6,144
//            + 64 x (11,010,048 + 688,128) = 749,928,704 B (223.86 us at 3,350 GB/s);
//   down:    in 2 x 64 x 3,072 + out 2 x 64 x 3,584 + 64 x (5,505,024 + 344,064)
//            = 375,193,600 B (112.00 us); FLOPs 2 x 64 x 3,584 x 6,144 and 2 x 64 x 3,072 x 3,584
//            at the BF16 peak take 2.85 and 1.42 us, under the bytes.
// 475.77 / 335.86 = 1.4166.
static_assert(near(shipped(t::h100_sxm_vllm, kernel_class::moe_gemm, calib_format::mxfp4_marlin, 4, 3.0 * 3584 * 3072),
                   475.77067216237384 / ((2.0 * 64 * 3584 + 4.0 * 4 * 16 + 2.0 * 64 * 6144 + 64.0 * (11010048 + 688128) +
                                          2.0 * 64 * 3072 + 2.0 * 64 * 3584 + 64.0 * (5505024 + 344064)) /
                                         (3350 * 1e3)),
                   5e-4));
// A table without Marlin's MXFP4 rows reads another W4A16 grid for them: TensorRT-LLM's on
// H100 has only the default MXFP4 kernel's (no INT4 rows); L40S under vLLM measured MXFP4 on
// Marlin only, which then stands in for the default kernel.
static_assert(detail::grid_for(t::h100_sxm_trtllm, kernel_class::moe_gemm, calib_format::mxfp4_marlin) ==
              find_grid(t::h100_sxm_trtllm, kernel_class::moe_gemm, calib_format::mxfp4_weight_only));
static_assert(find_grid(t::h100_sxm_trtllm, kernel_class::moe_gemm, calib_format::mxfp4_weight_only) != t::h100_sxm_trtllm.n_grids);
static_assert(detail::grid_for(t::l40s_vllm, kernel_class::moe_gemm, calib_format::mxfp4_weight_only) ==
              find_grid(t::l40s_vllm, kernel_class::moe_gemm, calib_format::int4_weight_only));
// A table with none of the three (MI300X's: aiter's BF16 and FP8 MoE only): MXFP4 weights read
// its BF16 grid, the MMA they widen into; INT4 ones the fallback device's table.
static_assert(detail::grid_for(t::mi300x_sglang, kernel_class::moe_gemm, calib_format::mxfp4_weight_only) ==
              find_grid(t::mi300x_sglang, kernel_class::moe_gemm, calib_format::bf16));
static_assert(find_grid(t::mi300x_sglang, kernel_class::moe_gemm, calib_format::bf16) != t::mi300x_sglang.n_grids);
static_assert(detail::grid_for(t::mi300x_sglang, kernel_class::moe_gemm, calib_format::int4_weight_only) == t::mi300x_sglang.n_grids);
// A table without MXFP4 rows reads the INT4 weight-only grid for them, and the reverse.
static_assert(detail::grid_for(t::h100_sxm_vllm, kernel_class::gemm, calib_format::mxfp4_weight_only) ==
              detail::grid_for(t::h100_sxm_vllm, kernel_class::gemm, calib_format::bf16));
// Per-tensor FP8 with a stored activation scale (ModelOpt's input_scale) reads its own grid: the
// fp8 rows less the measured cost of computing the scale each call. h100_sxm/gemm/trtllm/
// 1.3.0rc20/gemm_perf.parquet, gemm_dtype fp8, m 1, n 65,536, k 512, latency
// 0.02447466552257538 ms; h100_sxm/quantize/trtllm/1.3.0rc20/computescale_perf.parquet, m 1, k 512,
// latency 0.006930133203665416 ms: 24.4747 - 6.9301 = 17.5445 us. The ceiling as the fp8 one
// above: 2K + 2(K + 4) + NK + 4 + 2N = 1,024 + 1,032 + 33,554,436 + 131,072 B over 3,350 GB/s
// (10.056 us): 17.5445 / 10.056 = 1.7447, at y = 2^25 (this row is the cell's lower median).
static_assert(near(shipped(t::h100_sxm_trtllm, kernel_class::gemm, calib_format::fp8_static, 1, 65536.0 * 512),
                   (24.47466552257538 - 6.930133203665416) / ((1024.0 + 1032 + 33554436 + 131072) / (3350 * 1e3)), 5e-4));
// SGLang's scale costs nothing apart (its fp8 rows compute it inside the quantization kernel
// they time; its overhead table reads 0): no grid of its own, its fp8 grid stands in.
static_assert(find_grid(t::h100_sxm_sglang, kernel_class::gemm, calib_format::fp8_static) == t::h100_sxm_sglang.n_grids);
static_assert(detail::grid_for(t::h100_sxm_sglang, kernel_class::gemm, calib_format::fp8_static) ==
              find_grid(t::h100_sxm_sglang, kernel_class::gemm, calib_format::fp8));
// Absorbed MLA's two BMMs of a decode step, one ratio for the pair over the kv_b_proj node's
// ceiling. h200_sxm/mla_bmm/sglang/0.5.14/mla_bmm_perf.parquet, bfloat16, 1 token, 16 heads:
// mla_gen_pre 0.003999999910593033 ms, mla_gen_post 0.0043136000633239744 ms, 8.3136 us the pair.
// kv_b_proj of 16 heads: K = kv_lora 512 in, N = 16 x (128 + 128) = 4,096 out, y = NK = 2^21.
// BF16 ceiling: 2K + 2NK + 2N = 1,024 + 4,194,304 + 8,192 B over 4,800 GB/s (0.8757 us): 9.4933.
static_assert(near(shipped(t::h200_sxm_sglang, kernel_class::mla_bmm, calib_format::bf16, 1, 4096.0 * 512),
                   (3.999999910593033 + 4.3136000633239744) / ((1024.0 + 4194304 + 8192) / (4800 * 1e3)), 5e-4));
// SGLang dequantizes DeepSeek's 128 x 128 block-scaled FP8 kv_b_proj to BF16 at load and runs
// torch.bmm, so its fp8_block grid is the same BF16 rows over the FP8 weight's ceiling: the
// BF16 input 2K, its per-128 FP8 copy written and read 2(K + 4 x 4), the weight NK + 4 x 32 x 4
// block scales, the BF16 output 2N = 2,107,936 B (0.4392 us): 8.3136 / 0.4392 = 18.931.
static_assert(near(shipped(t::h200_sxm_sglang, kernel_class::mla_bmm, calib_format::fp8_block, 1, 4096.0 * 512),
                   (3.999999910593033 + 4.3136000633239744) / ((1024.0 + 1056 + 2097664 + 8192) / (4800 * 1e3)), 5e-4));
// vLLM on NVIDIA runs the pair in BF16 whatever the checkpoint and timed BF16 alone: an FP8
// kv_b_proj reads its BF16 grid; TensorRT-LLM's its own block-scaled rows.
static_assert(detail::absorbed_bmm_format({&t::h200_sxm_vllm}, calib_format::fp8_block).fmt == calib_format::bf16);
static_assert(detail::absorbed_bmm_format({&t::h200_sxm_vllm}, calib_format::fp8_block).found);
static_assert(detail::absorbed_bmm_format({&t::h200_sxm_trtllm}, calib_format::fp8_block).fmt == calib_format::fp8_block);
// A table without the class (aiter's, AMD) finds none of its own; with no fallback either, the
// kv_b_proj node keeps its GEMM grid (shipped_calibration's fallback for AMD parts is H100's).
static_assert(!detail::absorbed_bmm_format({&t::mi300x_sglang}, calib_format::fp8_block).found);
// Collectives hold measured times: no floor.
static_assert(floor_of(t::h100_sxm_vllm, kernel_class::all_reduce, calib_format::bf16) == 0);

}  // namespace
}  // namespace headroom_static_calibration_test
