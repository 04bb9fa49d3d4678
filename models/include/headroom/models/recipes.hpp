// SPDX-License-Identifier: MIT
// headroom: precision recipes several checkpoints share, each named after the release format
// that defines it. A checkpoint adds its own exceptions first (the first matching rule wins),
// then calls the recipe, whose last rule is the catch-all.
#pragma once

#include <initializer_list>

#include <headroom/circuit.hpp>
#include <headroom/model.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom::models::recipes {

/// gpt-oss's release (quantization_config quant_method mxfp4): the routed experts' matrices
/// MXFP4 (E2M1 `*_blocks` with one E8M0 `*_scales` per 32), everything else BF16.
constexpr void mxfp4_experts(model& m) {
  m.add_rule(for_op(op::expert_gate_up, formats::mxfp4));
  m.add_rule(for_op(op::expert_down, formats::mxfp4));
  m.add_rule(all_weights(formats::bf16));
}

/// lm_head and embed_tokens BF16: every quantized release here keeps them unquantized
/// (ModelOpt's exclude_modules, DeepSeek's and Qwen's FP8 modules_to_not_convert, Mistral's
/// FP8 checkpoints).
constexpr void bf16_embed_and_head(model& m) {
  m.add_rule(for_op(op::lm_head, formats::bf16));
  m.add_rule(for_op(op::embed, formats::bf16));
}

/// An NVIDIA ModelOpt export (hf_quant_config.json) with an FP8 KV cache, weights and
/// activations at `f` (FP8 per tensor, NVFP4 per group): lm_head and embed_tokens BF16; every
/// projection stores an F32 input_scale besides its weight scales, k_proj and v_proj also their
/// k_scale / v_scale.
constexpr void modelopt_fp8_kv(model& m, tensor_format f) {
  bf16_embed_and_head(m);
  m.add_rule(with_scalars(for_role(linear_role::k, f, f), 2));
  m.add_rule(with_scalars(for_role(linear_role::v, f, f), 2));
  m.add_rule(with_scalars(all_weights(f, f), 1));
}

/// The tail of NVIDIA's Nemotron-3 NVFP4 releases (ModelOpt, FP8 KV cache): k_proj and v_proj
/// keep BF16 weights but still store their F32 k_scale / v_scale (one each); every module no
/// earlier rule names is BF16.
constexpr void bf16_with_fp8_kv_scales(model& m) {
  m.add_rule(with_scalars(for_role(linear_role::k, formats::bf16), 1));
  m.add_rule(with_scalars(for_role(linear_role::v, formats::bf16), 1));
  m.add_rule(all_weights(formats::bf16));
}

/// DeepSeek's and Qwen's FP8 releases (quantization_config quant_method fp8, fmt e4m3,
/// activation_scheme dynamic, weight_block_size [128, 128]): E4M3 weights with one F32
/// weight_scale_inv per 128x128 block, activations quantized per 128-group at run time;
/// the MoE routers (mlp.gate: modules_to_not_convert in every such release), lm_head and
/// embed_tokens BF16. `exceptions`: the checkpoint's own, ahead of the recipe's rules.
/// `ue8m0`: the block scales stored as one F8_E8M0 byte each (DeepSeek-V4's scale_fmt ue8m0).
constexpr void fp8_block_128(model& m, std::initializer_list<precision_rule> exceptions = {}, bool ue8m0 = false) {
  for (const precision_rule& r : exceptions) m.add_rule(r);
  m.add_rule(for_op(op::router, formats::bf16));
  bf16_embed_and_head(m);
  m.add_rule(all_weights(formats::fp8_block(128, 128, ue8m0), formats::fp8_group(128)));
}

/// DeepSeek-V4's block-FP8 layout (quantization_config quant_method fp8, scale_fmt ue8m0): the
/// compressors and the indexers' weights_proj BF16, the hyper-connection mixers F32, everything
/// else block FP8 with UE8M0 scales, the routed experts included. As such it is
/// sgl-project's DeepSeek-V4-Flash-FP8 / -Pro-FP8 (a config.json without expert_dtype);
/// `exceptions`: the release's own, ahead of these rules.
constexpr void deepseek_v4_fp8(model& m, std::initializer_list<precision_rule> exceptions = {}) {
  for (const precision_rule& r : exceptions) m.add_rule(r);
  fp8_block_128(m,
                {for_role(linear_role::compress, formats::bf16), for_role(linear_role::index_weights, formats::bf16),
                 for_role(linear_role::hc_mix, formats::f32)},
                true);
}

/// Z.ai's block-FP8 releases of GLM-5 (zai-org/GLM-5-FP8, GLM-5.1-FP8, GLM-5.2-FP8; model_type
/// glm_moe_dsa): fp8_block_128 with two BF16 exceptions, the MTP layer's eh_proj
/// (modules_to_not_convert) and the indexer's weights_proj (vLLM builds it with quant_config None).
constexpr void zai_block_fp8(model& m) {
  fp8_block_128(m, {for_role(linear_role::mtp_fc, formats::bf16), for_role(linear_role::index_weights, formats::bf16)});
}

/// DeepSeek-V4's releases (DeepSeek-V4-Flash, DeepSeek-V4-Pro, expert_dtype fp4): deepseek_v4_fp8
/// with the routed experts MXFP4 (E2M1 with one E8M0 scale per 32, activations FP8 per 32).
constexpr void deepseek_v4(model& m) {
  deepseek_v4_fp8(m, {for_op(op::expert_gate_up, formats::mxfp4, formats::fp8_group(32)),
                      for_op(op::expert_down, formats::mxfp4, formats::fp8_group(32))});
}

/// NVIDIA's ModelOpt exports of DeepSeek-V4 (nvidia/DeepSeek-V4-Flash-NVFP4, -Pro-NVFP4:
/// quant_algo MIXED_PRECISION, quantized_layers every main layer's ffn.experts NVFP4 in groups
/// of 16): the main layers' routed experts NVFP4 W4A4 (one F32 weight_scale_2 each besides the
/// input_scale), everything else as deepseek_v4 (ignore keeps attention, shared experts, head and
/// the MTP layer mtp.*, whose experts stay MXFP4).
constexpr void deepseek_v4_modelopt_nvfp4_experts(model& m) {
  m.add_rule(with_scalars(in_section(for_op(op::expert_gate_up, formats::nvfp4_g16, formats::nvfp4_g16), section::main), 1));
  m.add_rule(with_scalars(in_section(for_op(op::expert_down, formats::nvfp4_g16, formats::nvfp4_g16), section::main), 1));
  deepseek_v4(m);
}

/// NVIDIA's ModelOpt NVFP4 exports of DeepSeek-V3 and its successors (nvidia/DeepSeek-V3-0324-FP4,
/// DeepSeek-V3.1-NVFP4, DeepSeek-V3.2-NVFP4; hf_quant_config.json quant_algo NVFP4, group_size
/// 16): the MTP layer (model.layers.61*), each layer's MLA q_a_proj, q_b_proj,
/// kv_a_proj_with_mqa and kv_b_proj, the routers (ModelOpt leaves mlp.gate unquantized whether
/// listed or not), embed_tokens and lm_head BF16; NVFP4 W4A4 (one F32 weight_scale_2 and
/// input_scale each) on o_proj, the dense MLPs and the routed and shared experts. MLA has no
/// k_proj / v_proj to carry an FP8 KV cache's k_scale / v_scale. `exceptions`: the export's own
/// BF16 modules beyond these, ahead of the NVFP4 catch-all.
constexpr void modelopt_nvfp4_mla(model& m, std::initializer_list<precision_rule> exceptions = {}) {
  m.add_rule(in_section(all_weights(formats::bf16), section::draft));
  m.add_rule(for_op(op::router, formats::bf16));
  bf16_embed_and_head(m);
  m.add_rule(for_role(linear_role::mla_q_a, formats::bf16));
  m.add_rule(for_role(linear_role::mla_q_b, formats::bf16));
  m.add_rule(for_role(linear_role::mla_kv_a, formats::bf16));
  m.add_rule(for_role(linear_role::mla_kv_b, formats::bf16));
  for (const precision_rule& r : exceptions) m.add_rule(r);
  m.add_rule(with_scalars(all_weights(formats::nvfp4_g16, formats::nvfp4_g16), 1));
}

/// NVIDIA's ModelOpt NVFP4 exports that exclude every module but the routed experts
/// (nvidia/Qwen3.5-397B-A17B-NVFP4, -122B-A10B-NVFP4, nvidia/MiniMax-M2.5-NVFP4, -M2.7-NVFP4,
/// nvidia/Gemma-4-26B-A4B-NVFP4): NVFP4 W4A4 on the main layers' routed experts only (one F32
/// weight_scale_2 each), an MTP layer BF16, and the FP8 KV tail (bf16_with_fp8_kv_scales).
/// Also NVIDIA's later MLA exports whose exclude_modules keep the dense layers, attention (with
/// the lightning indexer) and shared experts BF16 (nvidia/GLM-5.1-NVFP4, GLM-5.2-NVFP4,
/// Kimi-K2.6-NVFP4, Kimi-K2.7-Code-NVFP4): MLA has no k_proj / v_proj, so the tail's k / v rules
/// match nothing there, and Kimi has no MTP layer.
constexpr void modelopt_nvfp4_routed_experts(model& m) {
  m.add_rule(in_section(all_weights(formats::bf16), section::draft));
  m.add_rule(with_scalars(for_op(op::expert_gate_up, formats::nvfp4_g16, formats::nvfp4_g16), 1));
  m.add_rule(with_scalars(for_op(op::expert_down, formats::nvfp4_g16, formats::nvfp4_g16), 1));
  bf16_with_fp8_kv_scales(m);
}

/// NVIDIA's ModelOpt NVFP4 exports of Qwen3.5 / Qwen3.6 hybrids by the recipe
/// w4a16_nvfp4-fp8_attn-kv_fp8_cast (nvidia/Qwen3.6-27B-NVFP4, nvidia/Qwen3.6-35B-A3B-NVFP4): from
/// base_disable_all (every module BF16), NVFP4 W4A16 on lm_head and on the MLP projections
/// `nvfp4_mlp` names (each with an F32 input_scale), FP8 E4M3 W8A8 per tensor on the attention and
/// Gated DeltaNet projections, the MTP layer BF16, and an FP8 KV cache cast with a constant amax (no
/// k / v scales).
constexpr void modelopt_w4a16_nvfp4_fp8_attn(model& m, std::initializer_list<precision_rule> nvfp4_mlp) {
  m.add_rule(with_scalars(for_op(op::lm_head, formats::nvfp4_g16), 1));
  m.add_rule(in_section(all_weights(formats::bf16), section::draft));
  for (const precision_rule& r : nvfp4_mlp) m.add_rule(with_scalars(r, 1));
  for (const linear_role r : {linear_role::q, linear_role::k, linear_role::v, linear_role::o, linear_role::qkvz,
                              linear_role::gdn_out}) {
    m.add_rule(with_scalars(for_role(r, formats::fp8_tensor, formats::fp8_tensor), 1));
  }
  m.add_rule(all_weights(formats::bf16));
  m.config_kv_dtype = kv_dtype::fp8;
}

/// NVIDIA's ModelOpt NVFP4 exports of MLA MoE models that keep only attention BF16
/// (nvidia/Kimi-K2.5-NVFP4's ignore list: lm_head and every layer's self_attn*; nvidia/GLM-5-NVFP4's
/// exclude_modules: lm_head, every main layer's MLA projections and self_attn.indexer*, the MTP
/// layer model.layers.78*): the MTP layer, where there is one, BF16; the MLA and indexer
/// projections and the routers BF16 (ModelOpt leaves a router unquantized whatever the list
/// says); the dense layers' MLPs, the shared and the routed experts NVFP4 W4A4 with an F32
/// weight_scale_2 and input_scale; embed_tokens and lm_head BF16 (modelopt_fp8_kv, whose k / v
/// rules match nothing on MLA).
constexpr void modelopt_nvfp4_mla_bf16_attention(model& m) {
  m.add_rule(in_section(all_weights(formats::bf16), section::draft));
  for (linear_role r : {linear_role::mla_q_a, linear_role::mla_q_b, linear_role::mla_kv_a, linear_role::mla_kv_b,
                        linear_role::o, linear_role::index_q, linear_role::index_k, linear_role::index_weights}) {
    m.add_rule(for_role(r, formats::bf16));
  }
  m.add_rule(for_op(op::router, formats::bf16));
  modelopt_fp8_kv(m, formats::nvfp4_g16);
}

}  // namespace headroom::models::recipes
