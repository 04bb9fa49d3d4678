// SPDX-License-Identifier: MIT
// headroom: the vision tower a multimodal Qwen3.5 / 3.6 checkpoint stores beside its text model
// (model.visual.*): the Qwen3-VL vision model of transformers' modeling_qwen3_vl.py
// (Qwen3VLVisionModel, without deepstack mergers). It is loaded, never run in a text decode step,
// so a family holds it as one aggregate of parameters (section::vision); this is the law that
// counts them from vision_config's widths. The importer reads the same law.
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>

namespace headroom::models::blocks {

/// A Linear layer with a bias: weight [out, in] and bias [out].
constexpr std::uint64_t linear_with_bias(std::uint64_t out, std::uint64_t in) {
  return checked_add(checked_mul(out, in), out);
}
/// A LayerNorm over `width`: weight and bias.
constexpr std::uint64_t layer_norm_params(std::uint64_t width) { return checked_mul(2, width); }

/// vision_config's widths (its keys: depth, hidden_size, intermediate_size, patch_size,
/// in_channels, temporal_patch_size, spatial_merge_size, num_position_embeddings).
struct vision_tower_dims {
  std::uint64_t depth = 0;
  std::uint64_t hidden = 0;
  std::uint64_t inter = 0;
  std::uint64_t patch = 0;
  std::uint64_t in_channels = 0;
  std::uint64_t temporal_patch = 0;
  std::uint64_t merge = 0;
  std::uint64_t positions = 0;
};

/// The tower's parameters when its merger projects into a text model of width `out_hidden`
/// (vision_config's out_hidden_size). Every linear has a bias; every norm is a LayerNorm
/// (weight and bias). `deepstack` mergers (Qwen3-VL: one per entry of
/// deepstack_visual_indexes, Qwen3VLVisionPatchMerger with use_postshuffle_norm) each add a
/// LayerNorm over hidden x merge^2 and the same two linears as the merger.
constexpr std::uint64_t vision_tower_params(const vision_tower_dims& v, std::uint64_t out_hidden, std::uint64_t deepstack = 0) {
  const std::uint64_t h = v.hidden;
  // patch_embed: Conv3d [hidden, in_channels, temporal_patch, patch, patch] with a bias;
  // pos_embed [num_position_embeddings, hidden].
  const std::uint64_t patch_in = checked_mul(checked_mul(v.in_channels, v.temporal_patch), checked_mul(v.patch, v.patch));
  const std::uint64_t embed = checked_add(linear_with_bias(h, patch_in), checked_mul(v.positions, h));
  // A block: norm1, norm2, attn.qkv [3h, h], attn.proj [h, h], mlp.linear_fc1 [inter, h],
  // mlp.linear_fc2 [h, inter].
  const std::uint64_t block = checked_add(checked_add(checked_mul(2, layer_norm_params(h)), linear_with_bias(checked_mul(3, h), h)),
                                          checked_add(linear_with_bias(h, h), checked_add(linear_with_bias(v.inter, h), linear_with_bias(h, v.inter))));
  // merger: norm over hidden, linear_fc1 [h*m*m, h*m*m], linear_fc2 [out_hidden, h*m*m].
  const std::uint64_t merged = checked_mul(h, checked_mul(v.merge, v.merge));
  const std::uint64_t merger = checked_add(layer_norm_params(h), checked_add(linear_with_bias(merged, merged), linear_with_bias(out_hidden, merged)));
  const std::uint64_t deep = checked_add(layer_norm_params(merged), checked_add(linear_with_bias(merged, merged), linear_with_bias(out_hidden, merged)));
  return checked_add(checked_add(checked_add(embed, checked_mul(v.depth, block)), merger), checked_mul(deepstack, deep));
}

/// A SigLIP vision tower (transformers models/siglip/modeling_siglip.py, SiglipVisionModel
/// without its pooling head, vision_use_head false) and Gemma 3's projector
/// (models/gemma3/modeling_gemma3.py, Gemma3MultiModalProjector), as vision_config names the
/// widths: num_hidden_layers, hidden_size, intermediate_size, patch_size, image_size,
/// num_channels.
struct siglip_tower_dims {
  std::uint64_t layers = 0;
  std::uint64_t hidden = 0;
  std::uint64_t inter = 0;
  std::uint64_t patch = 0;
  std::uint64_t image = 0;
  std::uint64_t channels = 3;
};

/// patch_embedding Conv2d [hidden, channels, patch, patch] with a bias; position_embedding
/// [(image / patch)^2, hidden]; per layer layer_norm1, layer_norm2 (weight and bias),
/// q/k/v/out_proj [hidden, hidden] and fc1 [inter, hidden], fc2 [hidden, inter], all with
/// biases; post_layernorm. Then the projector into a text model of width `text_hidden`:
/// mm_soft_emb_norm [hidden] (RMSNorm, weight only) and mm_input_projection_weight
/// [hidden, text_hidden] (no bias).
constexpr std::uint64_t siglip_gemma3_params(const siglip_tower_dims& v, std::uint64_t text_hidden) {
  const std::uint64_t h = v.hidden;
  const std::uint64_t side = v.patch == 0 ? 0 : v.image / v.patch;
  const std::uint64_t embed = checked_add(linear_with_bias(h, checked_mul(v.channels, checked_mul(v.patch, v.patch))),
                                          checked_mul(checked_mul(side, side), h));
  const std::uint64_t layer = checked_add(checked_add(checked_mul(2, layer_norm_params(h)), checked_mul(4, linear_with_bias(h, h))),
                                          checked_add(linear_with_bias(v.inter, h), linear_with_bias(h, v.inter)));
  const std::uint64_t projector = checked_add(h, checked_mul(h, text_hidden));
  return checked_add(checked_add(embed, checked_mul(v.layers, layer)), checked_add(layer_norm_params(h), projector));
}

/// Pixtral's vision tower (transformers models/pixtral/modeling_pixtral.py, PixtralVisionModel:
/// 2-D RoPE, no position table) and Mistral 3's projector (models/mistral3/modeling_mistral3.py,
/// Mistral3MultiModalProjector with multimodal_projector_bias false and one feature layer), as
/// vision_config names the widths (num_hidden_layers, hidden_size, intermediate_size, patch_size,
/// num_channels) and the wrapper's spatial_merge_size.
struct pixtral_tower_dims {
  std::uint64_t layers = 0;
  std::uint64_t hidden = 0;
  std::uint64_t inter = 0;
  std::uint64_t patch = 0;
  std::uint64_t channels = 3;
  std::uint64_t merge = 0;
};

/// patch_conv [hidden, channels, patch, patch] (no bias); ln_pre [hidden] (RMSNorm); per layer
/// attention_norm, ffn_norm [hidden], q/k/v/o_proj [hidden, hidden], gate_proj, up_proj
/// [inter, hidden], down_proj [hidden, inter], no biases. The projector into a text model of
/// width `text_hidden`: norm [hidden], patch_merger.merging_layer [hidden, hidden x merge^2],
/// linear_1 [text_hidden, hidden], linear_2 [text_hidden, text_hidden].
constexpr std::uint64_t pixtral_mistral3_params(const pixtral_tower_dims& v, std::uint64_t text_hidden) {
  const std::uint64_t h = v.hidden;
  const std::uint64_t patch = checked_mul(h, checked_mul(v.channels, checked_mul(v.patch, v.patch)));
  const std::uint64_t layer = checked_add(checked_add(checked_mul(2, h), checked_mul(4, checked_mul(h, h))),
                                          checked_mul(3, checked_mul(v.inter, h)));
  const std::uint64_t projector = checked_add(checked_add(h, checked_mul(checked_mul(h, h), checked_mul(v.merge, v.merge))),
                                              checked_add(checked_mul(h, text_hidden), checked_mul(text_hidden, text_hidden)));
  return checked_add(checked_add(checked_add(patch, h), checked_mul(v.layers, layer)), projector);
}

/// Llama 4's vision model (transformers models/llama4/modeling_llama4.py, Llama4VisionModel) and
/// its projector (Llama4MultiModalProjector), as vision_config names the widths:
/// num_hidden_layers, hidden_size, intermediate_size, patch_size, image_size, num_channels,
/// projector_input_dim, projector_output_dim, vision_output_dim.
struct llama4_tower_dims {
  std::uint64_t layers = 0;
  std::uint64_t hidden = 0;
  std::uint64_t inter = 0;
  std::uint64_t patch = 0;
  std::uint64_t image = 0;
  std::uint64_t channels = 3;
  std::uint64_t projector_in = 0;   ///< projector_input_dim
  std::uint64_t projector_out = 0;  ///< projector_output_dim
  std::uint64_t output = 0;         ///< vision_output_dim
};

/// patch_embedding.linear [hidden, channels x patch^2] (Llama4UnfoldConvolution, no bias);
/// class_embedding [hidden]; positional_embedding_vlm [(image / patch)^2 + 1, hidden];
/// layernorm_pre, layernorm_post (weight and bias); per layer input_layernorm,
/// post_attention_layernorm (weight and bias), q/k/v/o_proj [hidden, hidden] and mlp.fc1
/// [inter, hidden], fc2 [hidden, inter], all with biases; vision_adapter.mlp (Llama4VisionMLP2,
/// no biases) fc1 [projector_in, inter], fc2 [projector_out, projector_out]. Then the projector
/// into a text model of width `text_hidden`: multi_modal_projector.linear_1 [text_hidden,
/// output] (no bias).
constexpr std::uint64_t llama4_vision_params(const llama4_tower_dims& v, std::uint64_t text_hidden) {
  const std::uint64_t h = v.hidden;
  const std::uint64_t side = v.patch == 0 ? 0 : v.image / v.patch;
  const std::uint64_t embed = checked_add(checked_add(checked_mul(h, checked_mul(v.channels, checked_mul(v.patch, v.patch))), h),
                                          checked_mul(checked_add(checked_mul(side, side), 1), h));
  const std::uint64_t layer = checked_add(checked_add(checked_mul(2, layer_norm_params(h)), checked_mul(4, linear_with_bias(h, h))),
                                          checked_add(linear_with_bias(v.inter, h), linear_with_bias(h, v.inter)));
  const std::uint64_t adapter = checked_add(checked_mul(v.projector_in, v.inter), checked_mul(v.projector_out, v.projector_out));
  return checked_add(checked_add(checked_add(embed, checked_mul(2, layer_norm_params(h))), checked_mul(v.layers, layer)),
                     checked_add(adapter, checked_mul(text_hidden, v.output)));
}

/// Kimi-K2.5's MoonViT (vLLM vllm/model_executor/models/kimi_k25_vit.py @055e47c,
/// MoonViT3dPretrainedModel with its defaults for the keys Kimi-K2.5's vision_config leaves out:
/// patch_embed_proj_bias, attn_bias and linear_bias true, norm_type layernorm, mlp_type mlp2) and
/// its projector (KimiK25MultiModalProjector, mm_projector_type patchmerger), as vision_config
/// names the widths: vt_num_hidden_layers, vt_hidden_size, vt_intermediate_size, patch_size,
/// init_pos_emb_height / _width and merge_kernel_size.
struct moonvit_tower_dims {
  std::uint64_t layers = 0;
  std::uint64_t hidden = 0;
  std::uint64_t inter = 0;
  std::uint64_t patch = 0;
  std::uint64_t pos_height = 0;
  std::uint64_t pos_width = 0;
  std::uint64_t merge_h = 0;
  std::uint64_t merge_w = 0;
};

/// patch_embed.proj Conv2d [hidden, 3, patch, patch] with a bias; patch_embed.pos_emb.weight
/// [pos_height, pos_width, hidden] (its time_weight is a sin-cos buffer, not persistent); per
/// block norm0, norm1 (LayerNorm, weight and bias), wqkv [3 hidden, hidden], wo [hidden, hidden],
/// mlp.fc0 [inter, hidden], mlp.fc1 [hidden, inter], all with biases; final_layernorm. Then the
/// projector into a text model of width `text_hidden` (KimiK25Config sets mm_hidden_size to
/// text_config.hidden_size when it equals the tower's): pre_norm (LayerNorm over hidden),
/// linear_1 [m, m] and linear_2 [text_hidden, m] with biases, m = hidden x merge_h x merge_w.
constexpr std::uint64_t moonvit_kimi_k25_params(const moonvit_tower_dims& v, std::uint64_t text_hidden) {
  const std::uint64_t h = v.hidden;
  const std::uint64_t embed = checked_add(linear_with_bias(h, checked_mul(3, checked_mul(v.patch, v.patch))),
                                          checked_mul(checked_mul(v.pos_height, v.pos_width), h));
  const std::uint64_t block = checked_add(checked_add(checked_mul(2, layer_norm_params(h)), linear_with_bias(checked_mul(3, h), h)),
                                          checked_add(linear_with_bias(h, h), checked_add(linear_with_bias(v.inter, h), linear_with_bias(h, v.inter))));
  const std::uint64_t m = checked_mul(h, checked_mul(v.merge_h, v.merge_w));
  const std::uint64_t projector = checked_add(layer_norm_params(h), checked_add(linear_with_bias(m, m), linear_with_bias(text_hidden, m)));
  return checked_add(checked_add(embed, checked_mul(v.layers, block)), checked_add(layer_norm_params(h), projector));
}

}  // namespace headroom::models::blocks
