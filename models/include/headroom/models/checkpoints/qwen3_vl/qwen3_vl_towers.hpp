// SPDX-License-Identifier: MIT
// headroom: the vision towers the Qwen3-VL releases store beside their text decoder
// (model.visual.*, transformers models/qwen3_vl/modeling_qwen3_vl.py, Qwen3VLVisionModel): the
// patch embedding, position table, `depth` blocks and the merger into the text hidden_size, plus
// one deepstack merger (Qwen3VLVisionPatchMerger with use_postshuffle_norm) per entry of
// vision_config's deepstack_visual_indexes, as blocks::vision_tower_params counts them and
// `headroom import` reads them from vision_config (docs/importing.md). The decoder is the
// dense_gqa or gqa_moe family; the tower is one aggregate of parameters in the vision section.
#pragma once

#include <cstdint>

#include <headroom/model.hpp>
#include <headroom/models/blocks/vision_tower.hpp>
#include <headroom/models/qwen3_next.hpp>

namespace headroom::models::family {

/// The tower of Qwen/Qwen3-VL-2B-Instruct and -4B-Instruct, as their config.json's vision_config
/// gives it (depth 24, hidden_size 1024, intermediate_size 4096, patch_size 16, in_channels 3,
/// temporal_patch_size 2, spatial_merge_size 2, num_position_embeddings 2304; verbatim in
/// tests/data/configs/qwen3_vl_2b_instruct and qwen3_vl_4b_instruct). The 8B, 32B, 30B-A3B and
/// 235B-A22B releases store the larger tower Qwen3.5 / 3.6 kept, family::qwen3_5_vision_tower
/// (depth 27, hidden_size 1152, intermediate_size 4304, the rest alike).
inline constexpr blocks::vision_tower_dims qwen3_vl_small_vision_tower{.depth = 24, .hidden = 1024, .inter = 4096,
                                                                        .patch = 16, .in_channels = 3, .temporal_patch = 2,
                                                                        .merge = 2, .positions = 2304};

/// That tower's vision_config as SGLang sizes it: hidden_size 1024 and no num_hidden_layers key
/// (the depth is `depth`). The larger tower's is family::qwen3_5_vision_config (hidden_size 1152).
inline constexpr vision_config_keys qwen3_vl_small_vision_config{
    .present = true, .hidden_size = static_cast<std::uint32_t>(qwen3_vl_small_vision_tower.hidden)};

/// Every Qwen3-VL release lists three deepstack_visual_indexes ([5, 11, 17] on the small tower,
/// [8, 16, 24] on the larger one): three deepstack mergers.
inline constexpr std::uint64_t qwen3_vl_deepstack_mergers = 3;

/// The decoder `d` (dense_gqa_dims or gqa_moe_dims) with the stored tower `v` and its deepstack
/// mergers, the mergers projecting into the text hidden_size (vision_config's out_hidden_size).
template <typename Dims>
constexpr Dims with_qwen3_vl_tower(Dims d, const blocks::vision_tower_dims& v) {
  d.vision_params = blocks::vision_tower_params(v, d.gqa.hidden, qwen3_vl_deepstack_mergers);
  return d;
}

}  // namespace headroom::models::family
