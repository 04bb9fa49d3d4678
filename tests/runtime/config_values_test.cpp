// SPDX-License-Identifier: MIT
// Every config value a shipped model's family records equals the value in the checkpoint's
// published config.json (tests/data/configs/<id>/config.json, copies of the Hub files), so the
// values a report prints under config.json's keys are the config's own.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include <headroom/models.hpp>

#include "headroom/render/text.hpp"

namespace {
using namespace headroom;
using nlohmann::json;

/// Where a model's config.json names a recorded value differently, or not at all: the config's
/// own key (empty: absent, with the reason), or "hidden_size/num_attention_heads" for a head
/// width the config leaves to transformers' default.
struct spelling {
  std::string_view model;  ///< prefix of the model id
  std::string_view key;
  std::string_view config_key;
};
constexpr spelling spellings[] = {
    // MixtralConfig and MiniMaxM2Config: num_local_experts, and the expert width under
    // intermediate_size.
    {"mixtral_8x7b_v0_1", "num_experts", "num_local_experts"},
    {"mixtral_8x7b_v0_1", "moe_intermediate_size", "intermediate_size"},
    {"minimax_m2_7", "num_experts", "num_local_experts"},
    {"minimax_m2_7", "moe_intermediate_size", "intermediate_size"},
    {"mixtral_8x22b_v0_1", "num_experts", "num_local_experts"},
    {"mixtral_8x22b_v0_1", "moe_intermediate_size", "intermediate_size"},
    {"minimax_m2_5", "num_experts", "num_local_experts"},
    {"minimax_m2_5", "moe_intermediate_size", "intermediate_size"},
    // Qwen3-Next's config names no MTP key; its safetensors ship mtp.layers.0.* (one layer).
    {"qwen3_next_80b_a3b_instruct", "mtp_num_hidden_layers", ""},
    // No head_dim key: LlamaConfig / MistralConfig / MixtralConfig default it to the quotient.
    {"llama_3_1_70b_instruct", "head_dim", "hidden_size/num_attention_heads"},
    {"llama_3_3_70b_instruct_fp8", "head_dim", "hidden_size/num_attention_heads"},
    {"mistral_7b_v0_1", "head_dim", "hidden_size/num_attention_heads"},
    {"mixtral_8x7b_v0_1", "head_dim", "hidden_size/num_attention_heads"},
    {"mixtral_8x22b_v0_1", "head_dim", "hidden_size/num_attention_heads"},
    // Qwen2.5 (Qwen2Config derives head_dim as the quotient) and Llama-2 -hf (LlamaConfig).
    {"qwen2_5_", "head_dim", "hidden_size/num_attention_heads"},
    {"llama_2_", "head_dim", "hidden_size/num_attention_heads"},
    // Llama 4: no no_rope_layer_interval key (Llama4TextConfig's default 4: every fourth layer NoPE).
    {"llama_4_", "no_rope_layer_interval", ""},
    // Nemotron-3 Ultra (transformers 5's spelling): no num_hidden_layers key; its layers_block_type
    // lists the 108 layers by name.
    {"nemotron_3_ultra_", "num_hidden_layers", ""},
};

std::string_view config_key_of(std::string_view model_id, std::string_view key) {
  for (const spelling& s : spellings) {
    if (model_id.starts_with(s.model) && key == s.key) return s.config_key;
  }
  return key;
}

/// `key` in `obj`, where "a.b" names b inside the object a.
const json* member(const json& obj, std::string_view key) {
  const std::size_t dot = key.find('.');
  const std::string head(key.substr(0, dot));
  if (!obj.is_object() || !obj.contains(head)) return nullptr;
  return dot == std::string_view::npos ? &obj.at(head) : member(obj.at(head), key.substr(dot + 1));
}

/// The key in the config's text model: top level, or under text_config (multimodal releases).
const json* lookup(const json& config, std::string_view key) {
  if (const json* j = member(config, key)) return j;
  if (config.contains("text_config")) return member(config.at("text_config"), key);
  return nullptr;
}

/// The file parsed, a bare NaN / Infinity / -Infinity (Python's json module writes them: NVIDIA
/// Nemotron-H configs carry "time_step_limit": [0.0, Infinity]) read as null, which nlohmann's
/// strict parser refuses and no recorded value reads.
json parse_config(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  static const std::regex non_finite(R"(([\[,:]\s*)(-?Infinity|NaN)(?=\s*[\],}]))");
  return json::parse(std::regex_replace(text.str(), non_finite, "$1null"));
}

std::uint64_t quotient(const json& config) {
  return lookup(config, "hidden_size")->get<std::uint64_t>() / lookup(config, "num_attention_heads")->get<std::uint64_t>();
}

}  // namespace

TEST_CASE("every recorded config value equals the checkpoint's config.json") {
  int compared = 0;
  int models_compared = 0;
  for (const model* m : models::all) {
    if (m->c.config.n == 0) continue;
    const auto path = std::filesystem::path(HEADROOM_TEST_DATA) / "configs" / std::string(m->id) / "config.json";
    if (!std::filesystem::exists(path)) continue;
    const json config = parse_config(path);
    ++models_compared;
    for (std::size_t i = 0; i < m->c.config.n; ++i) {
      const config_value& v = m->c.config.items[i];
      const std::string_view key = config_key_of(m->id, v.key);
      CAPTURE(m->id);
      CAPTURE(v.key);
      if (key.empty()) {
        CHECK(lookup(config, v.key) == nullptr);
        continue;
      }
      if (key == "hidden_size/num_attention_heads") {
        CHECK(lookup(config, "head_dim") == nullptr);
        CHECK(v.value == quotient(config));
        ++compared;
        continue;
      }
      const json* j = lookup(config, key);
      if (v.boolean && j == nullptr) {
        CHECK(v.value == 0);  // transformers' configs default tie_word_embeddings to false
        continue;
      }
      REQUIRE(j != nullptr);
      if (v.boolean) {
        CHECK(j->get<bool>() == (v.value != 0));
      } else {
        CHECK(j->get<std::uint64_t>() == v.value);
      }
      ++compared;
    }
  }
  // Llama-3.1-8B, 70B, 405B, 3.3-70B FP8, Mistral-7B, Mixtral, Qwen3-8B, 32B, 30B-A3B, 235B-A22B,
  // Qwen3-Next and its FP8 release, Qwen3.6-35B-A3B, DeepSeek-V3 and V3-0324 at least (the configs
  // tests/data carries).
  CHECK(models_compared >= 15);
  CHECK(compared > 100);
}

TEST_CASE("provenance placeholders render from the recorded values, and a stray one is an error") {
  const model& m = models::llama_3_1_8b_instruct;
  // Llama-3.1-8B-Instruct's config.json: hidden_size 4096, head_dim 128, untied.
  CHECK(cli::text::provenance("config.json ({hidden_size}, {tie_word_embeddings}); head_dim = {=head_dim}",
                              m.c.config, m.id) ==
        "config.json (hidden_size 4096, tie_word_embeddings false); head_dim = 128");
  CHECK(cli::text::provenance("no placeholders [] ()", m.c.config, m.id) == "no placeholders [] ()");
  for (const char* bad : {"{hidden_sizes}", "{hidden_size", "hidden_size}", "{}", "{=}"}) {
    CAPTURE(bad);
    try {
      (void)cli::text::provenance(bad, m.c.config, m.id);
      FAIL("no error");
    } catch (const error& e) {
      CHECK(e.kind() == error_kind::bad_model);
      CHECK(std::string(e.what()).find("model `llama_3_1_8b_instruct`") != std::string::npos);
      CHECK(std::string(e.what()).find(bad) != std::string::npos);
    }
  }
}
