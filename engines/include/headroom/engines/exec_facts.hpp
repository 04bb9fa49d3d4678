// SPDX-License-Identifier: MIT
// headroom: the shipped engines' execution facts (include/headroom/kernels.hpp,
// docs/engines.md#execution-facts): which kernel runs a (weight, activation) pair on which
// NVIDIA compute capability, and which layer kinds an engine loops once per sequence. An
// engine or a pair without a fact keeps the device-only rule (roofline.hpp). Ranges are
// compute capability x10, [lo, hi); non-NVIDIA devices (capability 0) match no fact.
#pragma once

#include <array>

#include <headroom/circuit.hpp>
#include <headroom/engine.hpp>
#include <headroom/kernels.hpp>
#include <headroom/model.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom::engines {

// vLLM. Each fact read in the engine source at the commit named:
//  * NVFP4 linear layers: vllm/model_executor/layers/quantization/utils/nvfp4_utils.py
//    @4159f5ba771cb20944234e8e7931ccf9e4258bfb, select_nvfp4_linear_backend: FlashInfer's
//    CUTLASS FP4 GEMM when has_device_capability(100), else vLLM's CUTLASS FP4 GEMM when
//    cutlass_fp4_supported() (compiled for capability 100 and above only:
//    csrc/quantization/fp4/nvfp4_scaled_mm_entry.cu @f1d4e16220078d2b26c6cf35000e1d4d12d92f7a),
//    else Marlin when is_fp4_marlin_supported() (capability >= 75:
//    vllm/model_executor/layers/quantization/utils/marlin_utils_fp4.py
//    @de5f26d5923e2b31dbb3d80efc45d5fd41f09946), which takes the BF16 input unquantized
//    (apply_fp4_marlin_linear; "Weight-only FP4 compression will be used leveraging the Marlin
//    kernel"). NVFP4 MoE: vllm/model_executor/layers/fused_moe/oracle/nvfp4.py
//    @edd45a17c7e3cc39416f763b8b80614e96fc8576, select_nvfp4_moe_backend tries the FlashInfer
//    and CUTLASS FP4 experts first and MARLIN last, with nvfp4_w4a16_moe_quant_config.
//  * FP8 W8A8 (per tensor / channel / block): vllm/model_executor/layers/quantization/fp8.py
//    @1436674bcb3f46f4c960d09334cf7dd1534943ca, Fp8LinearMethod.use_marlin and
//    get_fp8_moe_backend: "weight-only path for older GPUs without native FP8" when not
//    has_device_capability(89) (not on ROCm); Fp8Config.get_min_capability 80; the kernel:
//    vllm/model_executor/layers/quantization/utils/marlin_utils_fp8.py
//    @ee52d9901d368da35a80048c299ccb53e78a9a01, apply_fp8_marlin_linear (BF16 input).
//  * MXFP4 W4A16 experts (gpt-oss): vllm/model_executor/layers/fused_moe/oracle/mxfp4.py
//    @045335ce635d2cb8968d4a8362b0473f49b36dd3, select_mxfp4_moe_backend: an explicit
//    VLLM_MXFP4_USE_MARLIN first (Marlin on any device: vllm_knobs::mxfp4_use_marlin, the
//    vllm_mxfp4_marlin_exec table below), then by default FlashInfer's TRT-LLM MXFP4 x BF16 MoE
//    on capability 10.x (is_device_capability_family(100)), the OpenAI Triton kernels
//    (triton_kernels) from 9.0 up otherwise, Marlin below 9.0. All keep BF16 activations: the
//    device rule's BF16 peak and bytes; the facts name the kernel, and a Marlin fact its
//    measured grid. (The memory side, each kernel's padding: detail::vllm_mxfp4_padding.)
inline constexpr kernel_fact vllm_nvfp4_native{format_kind::nvfp4, format_kind::nvfp4, 100, 1000, exec_path::native,
                                               "FlashInfer CUTLASS NVFP4 GEMM",
                                               "vLLM nvfp4_utils.py@4159f5ba771c select_nvfp4_linear_backend"};
inline constexpr kernel_fact vllm_nvfp4_marlin{format_kind::nvfp4, format_kind::nvfp4, 75, 100, exec_path::weight_only, "Marlin NVFP4 W4A16",
                                               "vLLM nvfp4_utils.py@4159f5ba771c select_nvfp4_linear_backend, marlin_utils_fp4.py@de5f26d5923e; "
                                               "MoE fused_moe/oracle/nvfp4.py@edd45a17c7e3"};
inline constexpr kernel_fact vllm_fp8_marlin{format_kind::fp8, format_kind::fp8, 80, 89, exec_path::weight_only, "Marlin FP8 W8A16",
                                             "vLLM fp8.py@1436674bcb3f Fp8LinearMethod.use_marlin, get_fp8_moe_backend; "
                                             "marlin_utils_fp8.py@ee52d9901d36"};
inline constexpr kernel_fact vllm_mxfp4_flashinfer{format_kind::mxfp4, format_kind::bf16, 100, 110, exec_path::weight_only,
                                                   "FlashInfer MXFP4 x BF16 MoE", "vLLM fused_moe/oracle/mxfp4.py@045335ce635d select_mxfp4_moe_backend"};
inline constexpr kernel_fact vllm_mxfp4_triton{format_kind::mxfp4, format_kind::bf16, 90, 1000, exec_path::weight_only,
                                               "Triton MXFP4 MoE (triton_kernels)", "vLLM fused_moe/oracle/mxfp4.py@045335ce635d select_mxfp4_moe_backend"};
inline constexpr kernel_fact vllm_mxfp4_marlin{format_kind::mxfp4, format_kind::bf16, 80, 90, exec_path::weight_only, "Marlin MXFP4 W4A16 MoE",
                                               "vLLM fused_moe/oracle/mxfp4.py@045335ce635d select_mxfp4_moe_backend", true};
inline constexpr kernel_fact vllm_mxfp4_marlin_forced{format_kind::mxfp4, format_kind::bf16, 80, 1000, exec_path::weight_only,
                                                      "Marlin MXFP4 W4A16 MoE (VLLM_MXFP4_USE_MARLIN)",
                                                      "vLLM fused_moe/oracle/mxfp4.py@045335ce635d select_mxfp4_moe_backend", true};
inline constexpr std::array vllm_kernels{vllm_nvfp4_native, vllm_nvfp4_marlin, vllm_fp8_marlin,
                                         vllm_mxfp4_flashinfer, vllm_mxfp4_triton, vllm_mxfp4_marlin};
inline constexpr exec_facts vllm_exec{"vLLM", vllm_kernels.data(), vllm_kernels.size(), nullptr, 0};
// The same with VLLM_MXFP4_USE_MARLIN set: the explicit choice is read before the defaults, so
// Marlin on every capability.
inline constexpr std::array vllm_mxfp4_marlin_kernels{vllm_nvfp4_native, vllm_nvfp4_marlin, vllm_fp8_marlin,
                                                      vllm_mxfp4_marlin_forced};
inline constexpr exec_facts vllm_mxfp4_marlin_exec{"vLLM", vllm_mxfp4_marlin_kernels.data(), vllm_mxfp4_marlin_kernels.size(), nullptr, 0};

// SGLang: python/sglang/srt/layers/quantization/modelopt_quant.py
// @faeb96856c4417d55695feec2f4d2463c8adb7fd. ModelOptFp4LinearMethod.apply always quantizes the
// input to FP4 and calls an FP4 GEMM (FlashInfer mm_fp4 or sgl_kernel cutlass_scaled_fp4_mm):
// there is no weight-only fallback; ModelOptNvFp4FusedMoEMethod refuses outright without
// is_sm100_supported() ("Current platform does not support NVFP4 quantization. Please use
// Blackwell and above."). So NVFP4 W4A4 has no path below capability 100.
inline constexpr std::array sglang_kernels{
    kernel_fact{format_kind::nvfp4, format_kind::nvfp4, 1, 100, exec_path::no_path,
                "SGLang has no NVFP4 kernel below Blackwell (FP4 GEMM only; the NVFP4 MoE method refuses)",
                "SGLang modelopt_quant.py@faeb96856c44 ModelOptNvFp4FusedMoEMethod"},
};
// SGLang runs DeepSeek-V3's and R1's one shared expert as a 257th expert of its routed FusedMoE,
// which every token selects (top 8 + 1), unless expert parallelism is on: its dual-stream path
// for the shared expert is then never taken (DeepseekV2MoE.forward: num_fused_shared_experts == 0).
inline constexpr shared_fusion sglang_shared_fusion{
    256, "mla_moe", 80,
    "SGLang python/sglang/srt/models/deepseek_v2.py@3e4a39ee7330 DeepseekV2ForCausalLM.determine_num_fused_shared_experts "
    "(DeepseekV3ForCausalLM, n_routed_experts 256, n_shared_experts 1, CUDA capability >= 8.0, no expert parallelism, "
    "not W4AFP8; off under --disable-shared-experts-fusion); DeepseekV2MoE: FusedMoE over n_routed_experts + "
    "num_fused_shared_experts experts, top_k + num_fused_shared_experts"};
inline constexpr exec_facts sglang_exec{"SGLang", sglang_kernels.data(), sglang_kernels.size(), nullptr, 0,
                                        &sglang_shared_fusion};
/// Under --disable-shared-experts-fusion: the shared expert a dense MLP of its own.
inline constexpr exec_facts sglang_unfused_exec{"SGLang", sglang_kernels.data(), sglang_kernels.size(), nullptr, 0};

// engines::none is the seed system's own engine: its kernels follow the device-only rule (no
// kernel fact), and its layer code loops per sequence where the seed system's legacy-path facts
// say so (they ship in its GB10 kernel manifest, which its other device classes inherit). Prefill
// never loops. Per family (docs/engines.md#execution-facts):
//  * nemotron_h: the Mamba layers and MoE layers above one row, and the attention layers' q, k,
//    v projections above eight rows;
//  * glm5_next: the sparse-attention layers' indexer sites (the hidden-row projections index_k,
//    index_gate and index_weights) and the KDA layers' conv, above one row;
//  * qwen3_6_moe: the GDN layers' in_proj_b|a GEMV with its beta / decay gates (one fused kernel
//    that runs one row per launch), above one row.
// The seed system's glm5_next and qwen3_6_moe reports fix the rows only below 16 (their loops
// already show at C = 16); one row is the threshold of its other whole-row loops.
inline constexpr std::string_view seed_loops_cite = "the seed system's legacy-path facts (nemotron_h, multi_seq)";
inline constexpr std::string_view seed_glm_loops_cite = "the seed system's legacy-path facts (glm5_next, multi_seq)";
inline constexpr std::string_view seed_qwen_loops_cite = "the seed system's legacy-path facts (qwen3_6_moe, multi_seq)";
inline constexpr std::array none_loops{
    loop_site{.kind = layer_kind::mamba, .block = "mamba", .local = "", .rows_above = 1, .cite = seed_loops_cite,
              .family = "nemotron_h"},
    loop_site{.kind = layer_kind::mlp, .block = "moe", .local = "", .rows_above = 1, .cite = seed_loops_cite,
              .family = "nemotron_h"},
    loop_site{.kind = layer_kind::full_attention, .block = "attn", .local = "q", .rows_above = 8,
              .cite = seed_loops_cite, .family = "nemotron_h"},
    loop_site{.kind = layer_kind::full_attention, .block = "attn", .local = "k", .rows_above = 8,
              .cite = seed_loops_cite, .family = "nemotron_h"},
    loop_site{.kind = layer_kind::full_attention, .block = "attn", .local = "v", .rows_above = 8,
              .cite = seed_loops_cite, .family = "nemotron_h"},
    loop_site{.kind = layer_kind::full_attention, .block = "dsa", .local = "index_k", .rows_above = 1,
              .cite = seed_glm_loops_cite, .family = "glm5_next"},
    loop_site{.kind = layer_kind::full_attention, .block = "dsa", .local = "index_gate", .rows_above = 1,
              .cite = seed_glm_loops_cite, .family = "glm5_next"},
    loop_site{.kind = layer_kind::full_attention, .block = "dsa", .local = "index_weights", .rows_above = 1,
              .cite = seed_glm_loops_cite, .family = "glm5_next"},
    loop_site{.kind = layer_kind::linear_attention, .block = "kda", .local = "conv", .rows_above = 1,
              .cite = seed_glm_loops_cite, .family = "glm5_next"},
    loop_site{.kind = layer_kind::linear_attention, .block = "gdn", .local = "ba", .rows_above = 1,
              .cite = seed_qwen_loops_cite, .family = "qwen3_6_moe"},
    loop_site{.kind = layer_kind::linear_attention, .block = "gdn", .local = "gates", .rows_above = 1,
              .cite = seed_qwen_loops_cite, .family = "qwen3_6_moe"},
};
inline constexpr exec_facts none_exec{"the seed system's engine", nullptr, 0, none_loops.data(), none_loops.size()};

/// The execution facts of an engine: vLLM's and SGLang's kernel facts, engines::none's loop
/// sites; TensorRT-LLM and llama.cpp have none encoded yet (the device-only rule).
constexpr const exec_facts& exec_facts_of(engine_kind k) {
  switch (k) {
    case engine_kind::vllm: return vllm_exec;
    case engine_kind::none: return none_exec;
    case engine_kind::sglang: return sglang_exec;
    case engine_kind::trtllm:
    case engine_kind::llama_cpp: return no_exec_facts;
  }
  return no_exec_facts;
}
/// The same for a configured engine: its knobs may pick other kernels (vLLM's
/// VLLM_MXFP4_USE_MARLIN, SGLang's --disable-shared-experts-fusion).
constexpr const exec_facts& exec_facts_of(const engine& e) {
  if (e.kind == engine_kind::vllm && e.vllm.mxfp4_use_marlin) return vllm_mxfp4_marlin_exec;
  if (e.kind == engine_kind::sglang && e.sglang.disable_shared_experts_fusion) return sglang_unfused_exec;
  return exec_facts_of(e.kind);
}

}  // namespace headroom::engines
