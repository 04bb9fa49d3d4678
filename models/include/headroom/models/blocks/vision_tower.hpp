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
/// (weight and bias).
constexpr std::uint64_t vision_tower_params(const vision_tower_dims& v, std::uint64_t out_hidden) {
  const std::uint64_t h = v.hidden;
  const auto linear = [](std::uint64_t out, std::uint64_t in) { return checked_add(checked_mul(out, in), out); };
  const auto layer_norm = [](std::uint64_t width) { return checked_mul(2, width); };
  // patch_embed: Conv3d [hidden, in_channels, temporal_patch, patch, patch] with a bias;
  // pos_embed [num_position_embeddings, hidden].
  const std::uint64_t patch_in = checked_mul(checked_mul(v.in_channels, v.temporal_patch), checked_mul(v.patch, v.patch));
  const std::uint64_t embed = checked_add(linear(h, patch_in), checked_mul(v.positions, h));
  // A block: norm1, norm2, attn.qkv [3h, h], attn.proj [h, h], mlp.linear_fc1 [inter, h],
  // mlp.linear_fc2 [h, inter].
  const std::uint64_t block = checked_add(checked_add(checked_mul(2, layer_norm(h)), linear(checked_mul(3, h), h)),
                                          checked_add(linear(h, h), checked_add(linear(v.inter, h), linear(h, v.inter))));
  // merger: norm over hidden, linear_fc1 [h*m*m, h*m*m], linear_fc2 [out_hidden, h*m*m].
  const std::uint64_t merged = checked_mul(h, checked_mul(v.merge, v.merge));
  const std::uint64_t merger = checked_add(layer_norm(h), checked_add(linear(merged, merged), linear(out_hidden, merged)));
  return checked_add(checked_add(embed, checked_mul(v.depth, block)), merger);
}

}  // namespace headroom::models::blocks
