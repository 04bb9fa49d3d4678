// SPDX-License-Identifier: MIT
// Llama 4 (model_type llama4, docs/importing.md): Scout and Maverick from the configs under
// tests/data/configs/ (tests/data/configs/README.md gives their sources) weigh the hand sums
// written out below, which equal the parameter counts published for the two checkpoints; their
// KV cache is summed by hand per layer kind from the config.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>

#include <headroom/engines/none.hpp>
#include <headroom/headroom.hpp>

#include "headroom/import/importer.hpp"
#include "published_config.hpp"

using namespace headroom;
namespace imp = headroom::cli::import;

namespace {

using headroom::test::config_dir;

// The footprint when sliding layers keep only their window (every engine's own allocation,
// engine.hpp as_allocated): full-attention KV apart from the window's.
footprint_bytes evicting(const model& m) {
  engine e = engines::none;
  e.evict_sliding = true;
  return footprint(m, settings{}, e);
}

// Both checkpoints' vision tower and projector (vision_config: 34 layers of 1408, intermediate
// 5632, patch 14 of 336-pixel images, 3 channels, projector_input / output 4096,
// vision_output_dim 4096; text hidden 5120), the tensors of modeling_llama4.py:
//   patch_embedding.linear [1408, 3 x 14 x 14 = 588] = 827,904; class_embedding 1,408;
//   positional_embedding_vlm [(336 / 14)^2 + 1 = 577, 1408] = 812,416; layernorm_pre and
//   layernorm_post, weight and bias: 5,632;
//   a layer: two LayerNorms 5,632; q, k, v, o [1408, 1408] + biases 4 x 1,983,872 = 7,935,488;
//     mlp.fc1 [5632, 1408] + bias = 7,935,488; fc2 [1408, 5632] + bias = 7,931,264: 23,807,872;
//   vision_adapter.mlp.fc1 [4096, 5632] = 23,068,672, fc2 [4096, 4096] = 16,777,216;
//   multi_modal_projector.linear_1 [5120, 4096] = 20,971,520.
static_assert(5'632ULL + 7'935'488 + 7'935'488 + 7'931'264 == 23'807'872);
constexpr std::uint64_t vision = 827'904ULL + 1'408 + 812'416 + 5'632 + 34 * 23'807'872ULL + 23'068'672 + 16'777'216 + 20'971'520;
static_assert(vision == 871'932'416);

// Every layer's attention (40 heads of 128, 8 KV heads, hidden 5120, no biases; the qk norm
// has no weights): q, o [5120, 5120] = 26,214,400 each, k, v [1024, 5120] = 5,242,880 each,
// input_layernorm and post_attention_layernorm 10,240: 62,924,800. The top: embed_tokens and
// lm_head [202048, 5120] = 1,034,485,760 each, model.norm 5,120.
constexpr std::uint64_t attention = 2 * 26'214'400ULL + 2 * 5'242'880 + 10'240;
static_assert(attention == 62'924'800);
constexpr std::uint64_t top = 2 * 1'034'485'760ULL + 5'120;

}  // namespace

TEST_CASE("import llama4: Llama-4-Scout-17B-16E weighs its 108,641,793,536 parameters; 36 chunked layers keep 8192 tokens") {
  // Every one of the 48 layers is MoE (interleave_moe_layer_step 1): router [16, 5120] = 81,920;
  // experts gate_up_proj [16, 5120, 16384] and down_proj [16, 8192, 5120]: 16 x 3 x 8192 x 5120
  // = 2,013,265,920; shared_expert gate, up, down 3 x 8192 x 5120 = 125,829,120.
  constexpr std::uint64_t moe = 81'920ULL + 2'013'265'920 + 125'829'120;
  static_assert(moe == 2'139'176'960);
  constexpr std::uint64_t params = 48 * (attention + moe) + top + vision;
  // The Hub's safetensors parameter count of meta-llama/Llama-4-Scout-17B-16E-Instruct
  // (108,641,793,536; the model card's "109B total"), every tensor BF16.
  static_assert(params == 108'641'793'536);
  const auto im = imp::import_config({config_dir("llama_4_scout_17b_16e"), "", ""});
  CHECK(im->m.family == "llama4");
  const footprint_bytes fp = footprint(im->m, {});
  CHECK(fp.weights == params * 2);
  CHECK(fp.vision_weights == vision * 2);
  // K and V of 8 heads x 128 at 2 bytes on every layer when nothing is evicted.
  CHECK(fp.kv_per_token == 48 * 2 * 8 * 128 * 2);
  CHECK(fp.state_per_seq == 0);
  // no_rope_layers [] gives Llama4TextConfig's default: layers 3, 7, ..., 47 (every fourth)
  // are global NoPE and keep every token: 12 x 4096 bytes a token.
  const footprint_bytes ev = evicting(im->m);
  CHECK(ev.kv_per_token == 12 * 2 * 8 * 128 * 2);
  // The other 36 attend within chunks of attention_chunk_size 8192: at most 8192 tokens each.
  CHECK(ev.swa_kv_per_token == 36 * 2 * 8 * 128 * 2);
  CHECK(ev.swa_window == 8192);
  CHECK(ev.per_seq(32768) == 32768ULL * 49'152 + 8192ULL * 147'456);
}

TEST_CASE("import llama4: Llama-4-Maverick-17B-128E weighs its 401,583,781,376 parameters; dense and MoE layers alternate") {
  // interleave_moe_layer_step 2: layers 1, 3, ..., 47 are MoE -- router [128, 5120] = 655,360,
  // 128 experts x 3 x 8192 x 5120 = 16,106,127,360, the shared expert 125,829,120 -- and layers
  // 0, 2, ..., 46 a dense MLP of intermediate_size_mlp 16384: 3 x 16384 x 5120 = 251,658,240.
  constexpr std::uint64_t moe = 655'360ULL + 16'106'127'360 + 125'829'120;
  constexpr std::uint64_t dense = 3 * 16'384ULL * 5'120;
  static_assert(moe == 16'232'611'840 && dense == 251'658'240);
  constexpr std::uint64_t params = 48 * attention + 24 * moe + 24 * dense + top + vision;
  // The parameter count Fireworks AI's billing documentation states for Llama 4 Maverick
  // (401,583,781,376; the model card's "400B total"), every tensor BF16.
  static_assert(params == 401'583'781'376);
  const auto im = imp::import_config({config_dir("llama_4_maverick_17b_128e"), "", ""});
  const footprint_bytes fp = footprint(im->m, {});
  CHECK(fp.weights == params * 2);
  // The same attention layers as Scout's (use_qk_norm false changes no tensor).
  const footprint_bytes ev = evicting(im->m);
  CHECK(ev.kv_per_token == 12 * 2 * 8 * 128 * 2);
  CHECK(ev.swa_kv_per_token == 36 * 2 * 8 * 128 * 2);
  CHECK(ev.swa_window == 8192);
}

TEST_CASE("import llama4: the layer lists newer transformers write out (layer_types, no_rope_layers, moe_layers) give the same model") {
  // Llama4TextConfig fills no_rope_layers, moe_layers and layer_types from the interval and the
  // step when they are absent; a config saved with them must import to the same bytes.
  std::string layer_types;
  std::string no_rope;
  for (int l = 0; l < 48; ++l) {
    const bool global = (l + 1) % 4 == 0;
    layer_types += std::string(l == 0 ? "" : ", ") + (global ? "\"full_attention\"" : "\"chunked_attention\"");
    no_rope += std::string(l == 0 ? "" : ", ") + (global ? "0" : "1");
  }
  std::ifstream in(config_dir("llama_4_scout_17b_16e") + "/config.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string key = "\"text_config\": {";
  const std::string lists = "\n    \"layer_types\": [" + layer_types + "],\n    \"moe_layers\": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, "
                            "13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, "
                            "39, 40, 41, 42, 43, 44, 45, 46, 47],";
  text.insert(text.find(key) + key.size(), lists);
  text.replace(text.find("\"no_rope_layers\": []"), 20, "\"no_rope_layers\": [" + no_rope + "]");
  const std::string path = (std::filesystem::temp_directory_path() / "headroom_llama4_lists.json").string();
  std::ofstream(path) << text;
  const auto listed = imp::import_config({path, "", ""});
  std::filesystem::remove(path);
  const auto plain = imp::import_config({config_dir("llama_4_scout_17b_16e"), "", ""});
  CHECK(footprint(listed->m, {}).weights == footprint(plain->m, {}).weights);
  CHECK(evicting(listed->m).swa_kv_per_token == evicting(plain->m).swa_kv_per_token);
  CHECK(evicting(listed->m).kv_per_token == evicting(plain->m).kv_per_token);
}

TEST_CASE("import llama4: a config trimmed to text_config imports the language model and says no tower is counted") {
  // ai-dynamo/aiconfigurator's copies of Scout and Maverick (src/aiconfigurator/model_configs at
  // 095f58a5) keep text_config only. The published counts above include the vision tower the full
  // configs name, so the text-only hand sums are theirs less `vision` (871,932,416):
  //   Scout: 48 x (62,924,800 + 2,139,176,960) + 2,068,976,640 = 107,769,861,120
  //   Maverick: 48 x 62,924,800 + 24 x 16,232,611,840 + 24 x 251,658,240 + 2,068,976,640
  //   = 400,711,848,960
  constexpr std::uint64_t scout_text = 48 * (attention + 2'139'176'960ULL) + top;
  static_assert(scout_text == 107'769'861'120ULL && scout_text + vision == 108'641'793'536ULL);
  constexpr std::uint64_t maverick_text = 48 * attention + 24 * 16'232'611'840ULL + 24 * 251'658'240ULL + top;
  static_assert(maverick_text == 400'711'848'960ULL && maverick_text + vision == 401'583'781'376ULL);
  for (const auto& checkpoint : {std::pair{"llama_4_scout_17b_16e_text", scout_text}, std::pair{"llama_4_maverick_17b_128e_text", maverick_text}}) {
    const std::string id = checkpoint.first;
    const std::uint64_t params = checkpoint.second;
    INFO(id);
    const auto im = imp::import_config({config_dir(id), "", ""});
    CHECK(im->m.family == "llama4");
    const footprint_bytes fp = footprint(im->m, {});
    CHECK(fp.weights == params * 2);
    CHECK(fp.vision_weights == 0);
    CHECK(fp.kv_per_token == 48 * 2 * 8 * 128 * 2);
    CHECK(im->notes.find("vision_config absent: no vision tower counted") != std::string::npos);
  }
}

TEST_CASE("import llama4: a vision_config that is present but not an object is still refused") {
  std::ifstream in(config_dir("llama_4_scout_17b_16e_text") + "/config.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string key = "\"model_type\": \"llama4\",";
  REQUIRE(text.find(key) != std::string::npos);
  text.insert(text.find(key) + key.size(), "\n  \"vision_config\": null,");
  const std::string path = (std::filesystem::temp_directory_path() / "headroom_llama4_vision_null.json").string();
  std::ofstream(path) << text;
  std::string what;
  try {
    (void)imp::import_config({path, "", ""});
  } catch (const imp::import_error& e) {
    what = e.what();
  }
  std::filesystem::remove(path);
  INFO(what);
  CHECK(what.find("key `vision_config`: missing, or not an object") != std::string::npos);
}
