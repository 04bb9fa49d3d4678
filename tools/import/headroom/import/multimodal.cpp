// SPDX-License-Identifier: MIT
#include "headroom/import/multimodal.hpp"
#include "headroom/import/no_effect.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include <headroom/models/blocks/vision_tower.hpp>

#include "headroom/import/importer.hpp"

namespace headroom::cli::import {

namespace {

namespace ck = models::config_keys;

bool listed(std::span<const ck::ignored> list, std::string_view key) {
  return std::any_of(list.begin(), list.end(), [&](const ck::ignored& i) { return i.key == key; });
}

// Each `equals` check of `checks` whose key `obj` has; true when `key` is one of them.
bool checked(std::string_view file, std::string_view prefix, const json& obj, std::span<const ck::check> checks,
             std::string_view key) {
  for (const ck::check& c : checks) {
    if (c.key != key) continue;
    const json want = json::parse(c.expected);
    if (obj.at(std::string(key)) != want) {
      fail_key(file, fmt::format("{}{}", prefix, key),
               fmt::format("is {}, the importer needs {} ({})", shown_value(obj.at(std::string(key))), c.expected, c.why));
    }
    return true;
  }
  return false;
}

const json& object_at(std::string_view file, const json& outer, const char* key) {
  const auto it = outer.find(key);
  if (it == outer.end() || !it->is_object()) fail_key(file, key, "missing, or not an object (a multimodal config)");
  return *it;
}

// Kimi-K2.5's MoonViT (blocks::moonvit_kimi_k25_params). merge_kernel_size is [rows, columns];
// the projector maps into text_config.hidden_size, which KimiK25Config makes mm_hidden_size when
// the config's equals the tower's width (vllm/transformers_utils/configs/kimi_k25.py @61a45f5):
// any other mm_hidden_size or text_hidden_size is refused, not guessed.
template <typename Width>
std::uint64_t moonvit_params(std::string_view file, const json& vision, std::uint64_t text_hidden, const Width& width) {
  const std::uint64_t hidden = width("vt_hidden_size");
  for (const auto& [key, want] : {std::pair{"mm_hidden_size", hidden}, std::pair{"text_hidden_size", text_hidden}}) {
    const auto it = vision.find(key);
    if (it != vision.end() && !it->is_null() && width(key) != want) {
      fail_key(file, fmt::format("vision_config.{}", key),
               fmt::format("is {}, the importer needs {} (the projector maps into text_config.hidden_size)", it->dump(), want));
    }
  }
  const auto m = vision.find("merge_kernel_size");
  const bool pair = m != vision.end() && m->is_array() && m->size() == 2 && (*m)[0].is_number_unsigned() &&
                    (*m)[1].is_number_unsigned() && (*m)[0] != 0 && (*m)[1] != 0;
  if (!pair) fail_key(file, "vision_config.merge_kernel_size", "expected [rows, columns] of positive integers");
  return models::blocks::moonvit_kimi_k25_params({.layers = width("vt_num_hidden_layers"),
                                                  .hidden = hidden,
                                                  .inter = width("vt_intermediate_size"),
                                                  .patch = width("patch_size"),
                                                  .pos_height = width("init_pos_emb_height"),
                                                  .pos_width = width("init_pos_emb_width"),
                                                  .merge_h = (*m)[0].get<std::uint64_t>(),
                                                  .merge_w = (*m)[1].get<std::uint64_t>()},
                                                 text_hidden);
}

}  // namespace

json text_config_of(std::string_view file, const json& outer, const ck::nested_config& n, std::uint64_t& vision_params,
                    bool& tower_absent) {
  tower_absent = false;
  for (const auto& [key, value] : outer.items()) {
    if (key == "text_config" || key == "vision_config" || checked(file, "", outer, n.outer_checks, key)) continue;
    if (listed(ck::common_ignored, key) || listed(n.outer_ignored, key) || find_no_effect("outer", key, value)) continue;
    fail_key(file, key, "unknown around text_config and vision_config (neither read nor ignored with a reason; "
                        "nothing is guessed)");
  }
  // A tower the profile does not count (vision_config among its outer keys) is not read.
  if (listed(n.outer_ignored, "vision_config")) return object_at(file, outer, "text_config");
  // A config trimmed to its language model (text_config only, no vision_config key): the text
  // model is imported and no tower counted, said in a note by the caller. A vision_config that
  // is present but not an object is still refused below.
  if (outer.find("vision_config") == outer.end()) {
    vision_params = 0;
    tower_absent = true;
    return object_at(file, outer, "text_config");
  }
  const json& vision = object_at(file, outer, "vision_config");
  for (const auto& [key, value] : vision.items()) {
    const bool read = std::find(n.vision_keys.begin(), n.vision_keys.end(), key) != n.vision_keys.end();
    if (read || checked(file, "vision_config.", vision, n.vision_checks, key) || listed(n.vision_ignored, key) ||
        find_no_effect("vision_config", key, value)) {
      continue;
    }
    fail_key(file, "vision_config." + key, "unknown to the vision tower (neither read nor ignored with a reason)");
  }
  const auto width = [&](const char* key) {
    const auto it = vision.find(key);
    const std::string name = fmt::format("vision_config.{}", key);
    if (it == vision.end() || it->is_null()) fail_key(file, name, "missing (the tower's parameters need it)");
    const std::uint64_t v = as_uint(file, name, *it);
    if (v == 0) fail_key(file, name, "must be at least 1");
    return v;
  };
  const auto width_or = [&](const char* key, std::uint64_t fallback) {
    const auto it = vision.find(key);
    return it == vision.end() || it->is_null() ? fallback : width(key);
  };
  if (n.tower != ck::tower_kind::qwen3_vl) {
    // The projector maps into the text model's width: text_config.hidden_size.
    const json& text = object_at(file, outer, "text_config");
    const auto th = text.find("hidden_size");
    if (th == text.end() || th->is_null()) fail_key(file, "text_config.hidden_size", "missing (the vision projector's width needs it)");
    const std::uint64_t text_hidden = as_uint(file, "text_config.hidden_size", *th);
    if (n.tower == ck::tower_kind::llama4) {
      // Llama4VisionConfig's num_channels default is 3.
      vision_params = models::blocks::llama4_vision_params({.layers = width("num_hidden_layers"),
                                                            .hidden = width("hidden_size"),
                                                            .inter = width("intermediate_size"),
                                                            .patch = width("patch_size"),
                                                            .image = width("image_size"),
                                                            .channels = width_or("num_channels", 3),
                                                            .projector_in = width("projector_input_dim"),
                                                            .projector_out = width("projector_output_dim"),
                                                            .output = width("vision_output_dim")},
                                                           text_hidden);
      return object_at(file, outer, "text_config");
    }
    if (n.tower == ck::tower_kind::moonvit_kimi_k25) {
      vision_params = moonvit_params(file, vision, text_hidden, width);
      return object_at(file, outer, "text_config");
    }
    if (n.tower == ck::tower_kind::pixtral_mistral3) {
      // Mistral3Config's spatial_merge_size default is 2.
      const auto m = outer.find("spatial_merge_size");
      const std::uint64_t merge = m == outer.end() || m->is_null() ? 2 : as_uint(file, "spatial_merge_size", *m);
      vision_params = models::blocks::pixtral_mistral3_params({.layers = width("num_hidden_layers"),
                                                               .hidden = width("hidden_size"),
                                                               .inter = width("intermediate_size"),
                                                               .patch = width("patch_size"),
                                                               .channels = width_or("num_channels", 3),
                                                               .merge = merge},
                                                              text_hidden);
      return object_at(file, outer, "text_config");
    }
    // SiglipVisionConfig's num_channels default is 3.
    vision_params = models::blocks::siglip_gemma3_params({.layers = width("num_hidden_layers"),
                                                          .hidden = width("hidden_size"),
                                                          .inter = width("intermediate_size"),
                                                          .patch = width("patch_size"),
                                                          .image = width("image_size"),
                                                          .channels = width_or("num_channels", 3)},
                                                         text_hidden);
    return object_at(file, outer, "text_config");
  }
  // Qwen3-VL's deepstack mergers: one per entry of deepstack_visual_indexes, where read.
  std::uint64_t deepstack = 0;
  if (std::find(n.vision_keys.begin(), n.vision_keys.end(), "deepstack_visual_indexes") != n.vision_keys.end()) {
    const auto it = vision.find("deepstack_visual_indexes");
    if (it != vision.end()) {
      if (!it->is_array()) fail_key(file, "vision_config.deepstack_visual_indexes", "expected an array of layer indexes");
      deepstack = it->size();
    }
  }
  vision_params = models::blocks::vision_tower_params({.depth = width("depth"),
                                                       .hidden = width("hidden_size"),
                                                       .inter = width("intermediate_size"),
                                                       .patch = width("patch_size"),
                                                       .in_channels = width("in_channels"),
                                                       .temporal_patch = width("temporal_patch_size"),
                                                       .merge = width("spatial_merge_size"),
                                                       .positions = width("num_position_embeddings")},
                                                      width("out_hidden_size"), deepstack);
  return object_at(file, outer, "text_config");
}

}  // namespace headroom::cli::import
