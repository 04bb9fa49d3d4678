// SPDX-License-Identifier: MIT
// ModelOpt checkpoints whose quantization configs the importer reads beside the plain forms of
// import_quant_test.cpp: a config.json copy without quant_method beside hf_quant_config.json,
// and exclusion lists naming subtrees and whole dense layers. Each folder under
// tests/data/configs/ is verbatim (tests/data/configs/README.md); each weighs the hand sum below.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include <headroom/headroom.hpp>

#include "headroom/import/importer.hpp"
#include "published_config.hpp"

using namespace headroom;
namespace imp = headroom::cli::import;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

using headroom::test::config_dir;

std::uint64_t weights_of(const std::string& dir) {
  const auto im = imp::import_config({dir, "", "m"});
  return footprint(im->m, settings{}).weights;
}

// The folder `id`'s config.json without its quantization_config and without
// hf_quant_config.json: the same checkpoint in BF16.
std::string bf16_copy(const std::string& id) {
  const fs::path dir = fs::temp_directory_path() / ("headroom_modelopt_lists_bf16_" + id);
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ifstream in(config_dir(id) + "/config.json");
  json cfg = json::parse(in);
  cfg.erase("quantization_config");
  std::ofstream(dir / "config.json") << cfg.dump(2);
  return dir.string();
}

// A copy of the folder `id` with its config.json's quantization_config changed by `edit`.
template <typename Edit>
std::string edited_copy(const std::string& id, const std::string& name, Edit edit) {
  const fs::path dir = fs::temp_directory_path() / ("headroom_modelopt_lists_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ifstream in(config_dir(id) + "/config.json");
  json cfg = json::parse(in);
  edit(cfg["quantization_config"]);
  std::ofstream(dir / "config.json") << cfg.dump(2);
  fs::copy_file(config_dir(id) + "/hf_quant_config.json", dir / "hf_quant_config.json");
  return dir.string();
}

}  // namespace

TEST_CASE("ModelOpt: a config.json copy without quant_method reads the folder's agreeing hf_quant_config.json (Qwen3-32B FP8 per tensor)") {
  // Qwen/Qwen3-32B-FP8-Static-PerTensor: config.json's copy names producer modelopt, quant_algo
  // FP8, kv_cache_scheme "FP8" and ignore [lm_head]; hf_quant_config.json says the same. By hand:
  // per layer the seven projections q [8192, 5120] = 41,943,040, k, v [1024, 5120] = 5,242,880,
  // o [5120, 8192] = 41,943,040, gate, up, down 25600 x 5120 = 131,072,000: 487,587,840 FP8
  // bytes, each projection an F32 weight_scale and input_scale (7 x 8 = 56 bytes), k_proj and
  // v_proj a k_scale / v_scale (8 bytes); input and post-attention norms 2 x 5120, q_norm and
  // k_norm 2 x 128: 10,496 BF16 values. 64 layers; embed_tokens and lm_head (BF16, untied)
  // 151936 x 5120 = 777,912,320 each; final norm 5120.
  constexpr std::uint64_t layer = 487'587'840ULL + 56 + 8 + 2 * 10'496ULL;
  static_assert(layer == 487'608'896ULL);
  static_assert(64 * layer + 2 * 2 * 777'912'320ULL + 2 * 5'120ULL == 34'318'628'864ULL);
  CHECK(weights_of(config_dir("qwen3_32b_fp8_static_per_tensor")) == 34'318'628'864ULL);
  // The two copies must say the same on every key that changes bytes.
  const std::string other = edited_copy("qwen3_32b_fp8_static_per_tensor", "ignore", [](json& q) { q["ignore"] = json::array(); });
  CHECK_THROWS_WITH_AS(weights_of(other), doctest::Contains("key `quantization_config.ignore`: differs from"), imp::import_error);
  const std::string kv = edited_copy("qwen3_32b_fp8_static_per_tensor", "kv", [](json& q) { q.erase("kv_cache_scheme"); });
  CHECK_THROWS_WITH_AS(weights_of(kv), doctest::Contains("key `quantization_config.kv_cache_quant_algo`: is null"), imp::import_error);
  // An explicit --quant beside a config.json quantization_config stays refused: the user names
  // a second file the folder may not hold, and which one the engines read is not known.
  const std::string dir = config_dir("qwen3_32b_fp8_static_per_tensor");
  CHECK_THROWS_WITH_AS(imp::import_config({dir + "/config.json", dir + "/hf_quant_config.json", "m"}),
                       doctest::Contains("names a second quantization config: give one"), imp::import_error);
}

TEST_CASE("ModelOpt: GLM-5.1-NVFP4 keeps its three dense layers, attention, indexer and shared experts BF16; only routed experts are NVFP4") {
  // nvidia/GLM-5.1-NVFP4's list: lm_head, model.layers.0* / 1.* / 2.* (the first_k_dense_replace
  // 3 dense layers whole), self_attn* (the subtree: MLA projections and the lightning indexer)
  // and mlp.shared_experts* of layers 3-77, model.layers.78* (the MTP layer). GLM-5.1 has GLM-5's
  // dims (tests/data/configs/glm_5, its BF16 hand sum in import_mla_test.cpp), so the NVFP4
  // checkpoint differs from it only in the routed experts of the 75 MoE layers: 256 experts x
  // (gate, up [2048, 6144], down [6144, 2048]) = 3 tensors of E = 12,582,912 values each, stored
  // NVFP4 as E/2 + E/16 bytes, an F32 weight_scale_2 and an F32 input_scale (7,077,896 bytes) in
  // place of 2E (25,165,824).
  constexpr std::uint64_t nvfp4_tensor = 12'582'912ULL / 2 + 12'582'912ULL / 16 + 4 + 4;
  static_assert(nvfp4_tensor == 7'077'896ULL);
  constexpr std::uint64_t tensors = 75ULL * 256 * 3;
  static_assert(tensors * (2 * 12'582'912ULL - nvfp4_tensor) == 1'041'864'652'800ULL);
  CHECK(weights_of(config_dir("glm_5_1_nvfp4")) == weights_of(config_dir("glm_5")) - 1'041'864'652'800ULL);
  // A whole layer with a router and experts is not a list of projections: refused.
  const std::string moe_layer = edited_copy("glm_5_1_nvfp4", "moe_layer", [](json& q) { q["ignore"].push_back("model.layers.3*"); });
  CHECK_THROWS_WITH_AS(weights_of(moe_layer), doctest::Contains("`model.layers.3*`: per-layer precision is not supported yet"),
                       imp::import_error);
  // One dense layer's MLP kept BF16 without the others: per-layer precision, refused.
  const std::string one = edited_copy("glm_5_1_nvfp4", "one_dense", [](json& q) {
    json kept = json::array();
    for (const json& m : q["ignore"]) {
      if (m != "model.layers.1.*" && m != "model.layers.2.*") kept.push_back(m);
    }
    kept.push_back("model.layers.1.self_attn*");
    kept.push_back("model.layers.2.self_attn*");
    q["ignore"] = kept;
  });
  CHECK_THROWS_WITH_AS(weights_of(one), doctest::Contains("is listed for 1 of the 3 layers that have it"), imp::import_error);
}

TEST_CASE("ModelOpt: Gemma-4-26B-A4B-NVFP4 keeps every layer's attention, dense MLP and router BF16; only routed experts are NVFP4") {
  // nvidia/Gemma-4-26B-A4B-NVFP4's list names model.language_model.layers.N.mlp* (the dense
  // GeGLU MLP beside the experts), .router* and .self_attn* for all 30 layers, and the vision
  // tower; kv_cache_scheme is an 8-bit float: k_proj and v_proj keep an F32 k_scale / v_scale.
  // Against the same config in BF16 (hidden 2816, 128 experts of 704 in every layer):
  //   per expert gate_up [1408, 2816] (E = 3,964,928; transformers' fused experts.gate_up_proj,
  //   one tensor) and down [2816, 704] (E = 1,982,464), each NVFP4 as E/2 + E/16 with an F32
  //   weight_scale_2 and input_scale: 1,982,464 + 247,808 + 8 = 2,230,280 in place of 7,929,856
  //   and 991,232 + 123,904 + 8 = 1,115,144 in place of 3,964,928;
  //   k_scale / v_scale: 25 sliding layers' k_proj and v_proj and the 5 global layers' k_proj
  //   (attention_k_eq_v: no v_proj), 55 x 4 bytes.
  static_assert(7'929'856ULL - 2'230'280 + 3'964'928 - 1'115'144 == 8'549'360ULL);
  static_assert(30ULL * 128 * 8'549'360 == 32'829'542'400ULL);
  CHECK(weights_of(config_dir("gemma_4_26b_a4b_nvfp4")) == weights_of(bf16_copy("gemma_4_26b_a4b_nvfp4")) - 32'829'542'400ULL + 55 * 4);
}

TEST_CASE("ModelOpt: Qwen3.5-122B-A10B-NVFP4 keeps linear_attn*, self_attn*, shared experts, router and MTP BF16; only routed experts are NVFP4") {
  // nvidia/Qwen3.5-122B-A10B-NVFP4's list names, layer by layer, linear_attn* (the gated delta
  // net's in_proj_qkv, in_proj_z, in_proj_b, in_proj_a, out_proj) on the 36 linear-attention
  // layers, self_attn* on the 12 full-attention ones, mlp.shared_expert* and
  // mlp.shared_expert_gate everywhere, model.visual* and mtp.layers.0*. Against the same config
  // in BF16 (hidden 3072, 48 layers of 256 experts of 1024): per expert gate, up, down each
  // E = 3,145,728 values (three tensors), NVFP4 as E/2 + E/16 + an F32 weight_scale_2 and
  // input_scale = 1,769,480 bytes in place of 6,291,456; the FP8 KV cache's k_scale / v_scale
  // on the 12 full-attention layers' k_proj and v_proj, 24 x 4 bytes.
  static_assert(3'145'728ULL / 2 + 3'145'728ULL / 16 + 8 == 1'769'480ULL);
  static_assert(48ULL * 256 * 3 * (6'291'456ULL - 1'769'480) == 166'698'123'264ULL);
  CHECK(weights_of(config_dir("qwen3_5_122b_a10b_nvfp4")) ==
        weights_of(bf16_copy("qwen3_5_122b_a10b_nvfp4")) - 166'698'123'264ULL + 24 * 4);
}

TEST_CASE("ModelOpt: Qwen3.5-397B-A17B-NVFP4's `*.mlp.shared_expert.*` is every layer's shared expert") {
  // The same list as the 122B's, with `*.mlp.shared_expert.*` beside the per-layer names. Against
  // the same config in BF16 (hidden 4096, 60 layers of 512 experts of 1024): per expert gate, up,
  // down each E = 4,194,304 values, NVFP4 as E/2 + E/16 + 8 = 2,359,304 bytes in place of
  // 8,388,608; k_scale / v_scale on the 15 full-attention layers' k_proj and v_proj, 30 x 4 bytes.
  static_assert(4'194'304ULL / 2 + 4'194'304ULL / 16 + 8 == 2'359'304ULL);
  static_assert(60ULL * 512 * 3 * (8'388'608ULL - 2'359'304) == 555'660'656'640ULL);
  CHECK(weights_of(config_dir("qwen3_5_397b_a17b_nvfp4")) ==
        weights_of(bf16_copy("qwen3_5_397b_a17b_nvfp4")) - 555'660'656'640ULL + 30 * 4);
}

TEST_CASE("ModelOpt: MIXED_PRECISION without quantized_layers is refused naming the key") {
  // MIXED_PRECISION names each module's format in quantized_layers (import_modelopt_mixed_test.cpp);
  // a config.json copy that says MIXED_PRECISION without them names none.
  const std::string groups = edited_copy("qwen3_5_122b_a10b_nvfp4", "mixed", [](json& q) { q["quant_algo"] = "MIXED_PRECISION"; });
  CHECK_THROWS_WITH_AS(weights_of(groups), doctest::Contains("key `quantization_config.quantized_layers`: missing beside quant_algo MIXED_PRECISION"),
                       imp::import_error);
}

TEST_CASE("ModelOpt: DeepSeek-V4-Flash-NVFP4 is DeepSeek-V4-Flash with the main layers' routed experts NVFP4 in place of MXFP4") {
  // nvidia/DeepSeek-V4-Flash-NVFP4's config.json is deepseek-ai/DeepSeek-V4-Flash's (the same keys
  // and values) with quant_method fp8 beside ModelOpt's moe_quant_algo NVFP4 and quantized_layers
  // layers.0-42.ffn.experts (NVFP4, groups of 16); ignore keeps attention, shared experts, the head
  // and the MTP layer (mtp.*: its experts stay MXFP4) as the block-FP8 release stores them.
  // DeepSeek-V4-Flash's published total_size is 159,609,485,896 (tests/data/configs/README.md).
  // Each of the 43 layers' 256 experts stores w1, w3 [2048, 4096] and w2 [4096, 2048], E =
  // 8,388,608 values each: MXFP4 E/2 + E/32 = 4,456,448 bytes; NVFP4 E/2 + E/16 + an F32
  // weight_scale_2 and input_scale = 4,718,600 bytes: 262,152 more a tensor.
  static_assert(8'388'608ULL / 2 + 8'388'608ULL / 32 == 4'456'448ULL);
  static_assert(8'388'608ULL / 2 + 8'388'608ULL / 16 + 8 == 4'718'600ULL);
  static_assert(159'609'485'896ULL + 43ULL * 256 * 3 * (4'718'600 - 4'456'448) == 168'266'793'544ULL);
  CHECK(weights_of(config_dir("deepseek_v4_flash_nvfp4")) == 168'266'793'544ULL);
  // The experts must be those of every main layer, and ignore must leave the rest block-FP8.
  const std::string some = edited_copy("deepseek_v4_flash_nvfp4", "dsv4_layers", [](json& q) { q["quantized_layers"].erase("layers.7.ffn.experts"); });
  CHECK_THROWS_WITH_AS(weights_of(some), doctest::Contains("key `quantization_config.quantized_layers`"), imp::import_error);
  const std::string attn = edited_copy("deepseek_v4_flash_nvfp4", "dsv4_ignore", [](json& q) { q["ignore"] = json::array({"head", "mtp.*"}); });
  CHECK_THROWS_WITH_AS(weights_of(attn), doctest::Contains("key `quantization_config.ignore`: expected"), imp::import_error);
}
