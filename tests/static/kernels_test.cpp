// SPDX-License-Identifier: MIT
// Engine execution facts (include/headroom/kernels.hpp, engines/.../exec_facts.hpp,
// docs/model.md#execution-paths): the path a pair takes under an engine, and what it costs.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>
#include <headroom/models/checkpoints/nvidia/nemotron_3_nano_30b_a3b_nvfp4.hpp>
#include <headroom/prediction.hpp>

#include <cstdint>
#include <string_view>

namespace headroom_static_kernels_test {

namespace {
using namespace headroom;
using u64 = std::uint64_t;

// Compute capability from the arch name; non-NVIDIA archs match no fact.
static_assert(sm_of("sm_90a") == 90 && sm_of("sm_100a") == 100 && sm_of("sm_121") == 121 && sm_of("sm_80") == 80);
static_assert(sm_of("gfx942") == 0 && sm_of("TPU v6e (2 MXU 256x256)") == 0);

constexpr const exec_facts& vllm = engines::exec_facts_of(engine_kind::vllm);
constexpr const exec_facts& seed = engines::exec_facts_of(engines::none);
constexpr tensor_format nv = formats::nvfp4_g16;
constexpr roofline h100_r = default_roofline(devices::h100_sxm).r;  // 3350 GB/s, BF16 989.5, FP8 1979

// NVFP4 W4A4: vLLM runs Marlin W4A16 on Hopper, Ada and Ampere (capability 75 to 99) and
// FlashInfer's CUTLASS FP4 GEMM from capability 100; the seed system's engine (no kernel fact)
// keeps the device-only rule: exact E2M1 -> E4M3 on Hopper's FP8 MMA.
constexpr exec h100_vllm = exec_of(devices::h100_sxm, nv, nv, vllm);
static_assert(h100_vllm.path == exec_path::weight_only && h100_vllm.kind == mma_kind::bf16);
static_assert(h100_vllm.fact->kernel == "Marlin NVFP4 W4A16");
static_assert(exec_of(devices::h100_sxm, nv, nv, seed) == exec_of(devices::h100_sxm, nv, nv));
static_assert(exec_of(devices::h100_sxm, nv, nv, seed).path == exec_path::exact_fp8_emulation);
static_assert(exec_of(devices::l40s, nv, nv, vllm).path == exec_path::weight_only);        // sm_89
static_assert(exec_of(devices::a100_sxm_80gb, nv, nv, vllm).path == exec_path::weight_only);  // sm_80
constexpr exec b200_vllm = exec_of(devices::b200, nv, nv, vllm);
static_assert(b200_vllm.path == exec_path::native && b200_vllm.kind == mma_kind::fp4_block_scale);
static_assert(b200_vllm.fact->kernel == "FlashInfer CUTLASS NVFP4 GEMM");
// FP8 W8A8 on Ampere (no FP8 MMA): Marlin W8A16 under vLLM, the device's "no path" without facts;
// natively on Hopper either way (no fact from capability 89).
static_assert(exec_of(devices::a100_sxm_80gb, formats::fp8_channel, formats::fp8_token, vllm).path ==
              exec_path::weight_only);
static_assert(exec_of(devices::a100_sxm_80gb, formats::fp8_channel, formats::fp8_token).path == exec_path::no_path);
static_assert(exec_of(devices::h100_sxm, formats::fp8_channel, formats::fp8_token, vllm) ==
              exec{exec_path::native, mma_kind::fp8});
// MXFP4 experts with BF16 activations (gpt-oss): weight-only kernels named by capability, all
// on the BF16 MMA as the device rule has it.
static_assert(exec_of(devices::h100_sxm, formats::mxfp4, formats::bf16, vllm).fact->kernel ==
              "Triton MXFP4 MoE (triton_kernels)");
static_assert(exec_of(devices::b200, formats::mxfp4, formats::bf16, vllm).fact->kernel == "FlashInfer MXFP4 x BF16 MoE");
static_assert(exec_of(devices::a100_sxm_80gb, formats::mxfp4, formats::bf16, vllm).fact->kernel ==
              "Marlin MXFP4 W4A16 MoE");
// Capability 10.x is one family (is_device_capability_family(100): B300 is 10.3); from 9.0 up
// otherwise Triton (capability 12.0: RTX PRO 6000).
static_assert(exec_of(devices::b300, formats::mxfp4, formats::bf16, vllm).fact->kernel == "FlashInfer MXFP4 x BF16 MoE");
static_assert(exec_of(devices::rtx_pro_6000_server, formats::mxfp4, formats::bf16, vllm).fact->kernel ==
              "Triton MXFP4 MoE (triton_kernels)");
// VLLM_MXFP4_USE_MARLIN (vllm_knobs::mxfp4_use_marlin) puts every capability on Marlin
// (select_mxfp4_moe_backend reads it before its defaults). A Marlin fact reads Marlin's own grid.
constexpr const exec_facts& vllm_marlin = engines::exec_facts_of(engine{.kind = engine_kind::vllm, .vllm = {.mxfp4_use_marlin = true}});
static_assert(&vllm_marlin == &engines::vllm_mxfp4_marlin_exec);
static_assert(&engines::exec_facts_of(engine{.kind = engine_kind::vllm}) == &engines::vllm_exec);
static_assert(exec_of(devices::h100_sxm, formats::mxfp4, formats::bf16, vllm_marlin).fact->kernel ==
              "Marlin MXFP4 W4A16 MoE (VLLM_MXFP4_USE_MARLIN)");
static_assert(exec_of(devices::b200, formats::mxfp4, formats::bf16, vllm_marlin).fact->kernel ==
              "Marlin MXFP4 W4A16 MoE (VLLM_MXFP4_USE_MARLIN)");
static_assert(exec_of(devices::h100_sxm, nv, nv, vllm_marlin).fact->kernel == exec_of(devices::h100_sxm, nv, nv, vllm).fact->kernel);
static_assert(detail::calib_format_of(exec_of(devices::h100_sxm, formats::mxfp4, formats::bf16, vllm_marlin), formats::mxfp4) ==
              calib_format::mxfp4_marlin);
static_assert(detail::calib_format_of(exec_of(devices::h100_sxm, formats::mxfp4, formats::bf16, vllm), formats::mxfp4) ==
              calib_format::mxfp4_weight_only);
static_assert(detail::calib_format_of(exec_of(devices::a100_sxm_80gb, formats::mxfp4, formats::bf16, vllm), formats::mxfp4) ==
              calib_format::mxfp4_marlin);
// Per-tensor FP8 whose activation scale the checkpoint stores (ModelOpt's input_scale, one of a
// projection's extra scalars: models/recipes.hpp modelopt_fp8_kv) reads the statically scaled
// grid; the importer's dynamic per-tensor recipe stores none and reads the fp8 one, as does a
// block-scaled weight whatever its scalars.
constexpr exec fp8_on_h100 = exec_of(devices::h100_sxm, formats::fp8_tensor, formats::fp8_tensor, vllm);
static_assert(detail::calib_format_of(fp8_on_h100, resolved_formats{formats::fp8_tensor, formats::fp8_tensor, 1}) == calib_format::fp8_static);
static_assert(detail::calib_format_of(fp8_on_h100, resolved_formats{formats::fp8_tensor, formats::fp8_tensor, 2}) == calib_format::fp8_static);
static_assert(detail::calib_format_of(fp8_on_h100, resolved_formats{formats::fp8_tensor, formats::fp8_tensor, 0}) == calib_format::fp8);
static_assert(detail::calib_format_of(exec_of(devices::h100_sxm, formats::fp8_block(128, 128), formats::fp8_group(128), vllm),
                                      resolved_formats{formats::fp8_block(128, 128), formats::fp8_group(128), 1}) == calib_format::fp8_block);
// The memory rule names vLLM's MXFP4 backend apart from these facts (it must not include
// exec_facts.hpp): on every registry NVIDIA device the two agree -- FlashInfer's facts where it
// pads 256 / 256, Marlin's where it pads 128 / 256 -- but on Hopper, padded as Marlin though it
// runs Triton (detail::vllm_mxfp4_padding says why).
constexpr bool mxfp4_backends_agree(const exec_facts& f, const vllm_knobs& k) {
  for (const device* d : devices::all) {
    if (sm_of(d->arch) < 80) continue;
    const kernel_fact* fact = exec_of(*d, formats::mxfp4, formats::bf16, f).fact;
    const detail::mxfp4_padding pad = detail::vllm_mxfp4_padding(*d, k);
    const bool hopper = sm_of(d->arch) >= 90 && sm_of(d->arch) < 100;
    if (fact->marlin != (pad.inter == 128 && pad.hidden == 256) && !(hopper && !k.mxfp4_use_marlin)) return false;
    if ((fact->kernel == engines::vllm_mxfp4_flashinfer.kernel) != (pad.inter == 256)) return false;
  }
  return true;
}
static_assert(mxfp4_backends_agree(vllm, {}));
static_assert(mxfp4_backends_agree(vllm_marlin, {.mxfp4_use_marlin = true}));
// A non-NVIDIA device takes the device-only rule under every engine.
static_assert(exec_of(devices::mi300x, nv, nv, vllm) == exec_of(devices::mi300x, nv, nv));
// SGLang has no NVFP4 path below Blackwell (costed as the device's no path, at the BF16 peak);
// natively on B200 (no fact from capability 100: the device rule). Engines without facts
// (TensorRT-LLM, llama.cpp) keep the device-only rule.
constexpr const exec_facts& sgl = engines::exec_facts_of(engine_kind::sglang);
static_assert(exec_of(devices::h100_sxm, nv, nv, sgl).path == exec_path::no_path);
static_assert(peak_of(exec_of(devices::h100_sxm, nv, nv, sgl), h100_r) == 989.5);
static_assert(describe(exec_of(devices::h100_sxm, nv, nv, sgl)).view().starts_with("no path: SGLang has no NVFP4 kernel"));
static_assert(exec_of(devices::b200, nv, nv, sgl) == exec_of(devices::b200, nv, nv));
static_assert(exec_of(devices::h100_sxm, nv, nv, engines::exec_facts_of(engine_kind::trtllm)) ==
              exec_of(devices::h100_sxm, nv, nv));
// Report text names the path, the kernel and its source.
static_assert(describe(h100_vllm).view().starts_with("weight-only: Marlin NVFP4 W4A16 (vLLM nvfp4_utils.py@"));

// ---- one W4A4 node by hand: Nemotron-3-Nano's Mamba in_proj [10304, 2688] on H100 SXM ----------
// (datasheet 3,350 GB/s, BF16 989.5 / FP8 1,979 TFLOPS), 4,096 rows of one sequence (a prefill).
constexpr const model& nano = models::nemotron_3_nano_30b_a3b_nvfp4;
struct site {
  const node* n = nullptr;
  const block* b = nullptr;
  resolved_formats f{};
};
constexpr site in_proj() {
  site s{};
  for_each_node(nano, section::main, [&](const node& n, const instance& in, const block& b) {
    if (b.name == "mamba" && n.local == "in_proj") s = {&n, &b, formats_of(nano, n, in)};
  });
  return s;
}
constexpr site ip = in_proj();
static_assert(ip.f.weight == nv && ip.f.activation == nv);
constexpr auto h100 = default_roofline(devices::h100_sxm);
constexpr cost_query q4k{.rows = 4096, .seqs = 1, .context = 2048, .s = {}};
constexpr cost under_vllm = node_cost(*ip.n, *ip.b, ip.f, q4k, devices::h100_sxm, h100.r,
                                      exec_of(devices::h100_sxm, nv, nv, vllm));
constexpr cost under_seed = node_cost(*ip.n, *ip.b, ip.f, q4k, devices::h100_sxm, h100.r,
                                      exec_of(devices::h100_sxm, nv, nv, seed));
// FLOPs 2 x 4096 x 2688 x 10304; both compute-bound: vLLM at the BF16 peak, the seed at FP8.
constexpr double flops = 2.0 * 4096 * 2688 * 10304;
static_assert(under_vllm.flops == flops && under_seed.flops == flops);
static_assert(under_vllm.by == bound::compute && under_seed.by == bound::compute);
static_assert(under_vllm.time_us == flops / (989.5 * 1e6));
static_assert(under_seed.time_us == flops / (1979.0 * 1e6));
// Bytes: the NVFP4 weight (10304 x 2688 / 2 E2M1 pairs + an E4M3 scale per 16 + F32
// weight_scale_2 and input_scale) and the BF16 input and output rows under both; the seed adds
// the activation quantization (read the BF16 row, write the NVFP4 copy the MMA reads, with its
// E4M3 scale per 16 and an F32 per row: 2 x (4096 x 2688 / 2 + 4096 x 2688 / 16 + 4096 x 4) B),
// which Marlin does not do.
constexpr u64 weight = 10304ULL * 2688 / 2 + 10304ULL * 2688 / 16 + 4 + 4;
constexpr u64 rows_io = 4096ULL * 2688 * 2 + 4096ULL * 10304 * 2;
constexpr u64 act_quant = 2 * (4096ULL * 2688 / 2 + 4096ULL * 2688 / 16 + 4096ULL * 4);
static_assert(under_vllm.bytes == static_cast<double>(weight + rows_io));
static_assert(under_seed.bytes == static_cast<double>(weight + rows_io + act_quant));
// Without facts node_cost is the device-only rule: the seed's answer.
static_assert(node_cost(*ip.n, *ip.b, ip.f, q4k, devices::h100_sxm, h100.r).time_us == under_seed.time_us);

// ---- estimates: no facts = the overloads without facts, bit for bit --------------------------
constexpr settings fp8_kv{.kv = kv_dtype::fp8, .ssm_h = state_dtype::f32};
static_assert(decode_step(nano, devices::h100_sxm, h100, 16, 4096, fp8_kv, {}, no_exec_facts).total_us ==
              decode_step(nano, devices::h100_sxm, h100, 16, 4096, fp8_kv).total_us);
static_assert(prefill(nano, devices::h100_sxm, h100, 4096, fp8_kv, {}, no_exec_facts).total_us ==
              prefill(nano, devices::h100_sxm, h100, 4096, fp8_kv).total_us);
// A BF16 model has no fact under vLLM: identical.
static_assert(decode_step(models::llama_3_1_8b_instruct, devices::h100_sxm, h100, 16, 4096, {}, {}, vllm).total_us ==
              decode_step(models::llama_3_1_8b_instruct, devices::h100_sxm, h100, 16, 4096, {}).total_us);
// Engine loops apply to their family only and never to prefill.
static_assert(decode_step(models::llama_3_1_8b_instruct, devices::h100_sxm, h100, 16, 4096, {}, {}, seed).n_flags == 0);
static_assert(prefill(nano, devices::h100_sxm, h100, 4096, fp8_kv, {}, seed).total_us ==
              prefill(nano, devices::h100_sxm, h100, 4096, fp8_kv).total_us);

}  // namespace
}  // namespace headroom_static_kernels_test
