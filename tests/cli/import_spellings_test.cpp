// SPDX-License-Identifier: MIT
// Other spellings of the same bytes (issue 25, part 2): a config that says the same thing in
// another producer's words imports to the same model as the spelling the importer first read;
// keys and list entries that cannot change a byte are accepted, and the same keys with a value
// that would change bytes are still refused.
#include <doctest/doctest.h>

#include <algorithm>
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
// `cfg` written to a folder of its own (with `quant` as its hf_quant_config.json when given).
std::string write_folder(const std::string& name, const json& cfg, const json& quant = nullptr) {
  const fs::path dir = fs::temp_directory_path() / ("headroom_spellings_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "config.json") << cfg.dump(2);
  if (!quant.is_null()) std::ofstream(dir / "hf_quant_config.json") << quant.dump(2);
  return dir.string();
}

json read_config(std::string_view id) {
  std::ifstream in(headroom::test::config_dir(id) + "/config.json");
  return json::parse(in);
}

// A two-layer Llama (hidden 256, 4 heads, 2 KV heads, MLP 512, vocab 1024).
json tiny_llama() {
  return {{"architectures", {"LlamaForCausalLM"}}, {"model_type", "llama"}, {"hidden_size", 256},
          {"intermediate_size", 512}, {"num_attention_heads", 4}, {"num_hidden_layers", 2},
          {"num_key_value_heads", 2}, {"tie_word_embeddings", false}, {"vocab_size", 1024}};
}

void check_same_model(const model& a, const model& b) {
  CHECK(weight_floor_bytes(a) == weight_floor_bytes(b));
  const footprint_bytes fa = footprint(a, settings{});
  const footprint_bytes fb = footprint(b, settings{});
  CHECK(fa.weights == fb.weights);
  CHECK(fa.kv_per_token == fb.kv_per_token);
  CHECK(fa.state_per_seq == fb.state_per_seq);
  CHECK(a.config_kv_dtype == b.config_kv_dtype);
}
}  // namespace

TEST_CASE("nemotron_h: layers_block_type and mtp_layers_block_type are the pattern strings as lists") {
  // transformers' NemotronHConfig (configuration_nemotron_h.py, _pattern_to_list): M mamba
  // (linear_attention), E moe, * attention (full_attention), - mlp; one entry a layer.
  const json legacy = read_config("nemotron_3_super_120b_a12b_nvfp4");
  json listed = legacy;
  const auto to_list = [](const std::string& pattern) {
    json out = json::array();
    for (char ch : pattern) out.push_back(ch == 'M' ? "mamba" : ch == 'E' ? "moe" : ch == '*' ? "attention" : "mlp");
    return out;
  };
  listed["layers_block_type"] = to_list(legacy["hybrid_override_pattern"].get<std::string>());
  listed["mtp_layers_block_type"] = to_list(legacy["mtp_hybrid_override_pattern"].get<std::string>());
  listed.erase("hybrid_override_pattern");
  listed.erase("mtp_hybrid_override_pattern");
  listed.erase("num_hidden_layers");  // deprecated beside the list (transformers 5 configs omit it)
  const auto a = imp::import_config({headroom::test::config_dir("nemotron_3_super_120b_a12b_nvfp4"), "", "super"});
  const auto b = imp::import_config({write_folder("nemotron_lists", listed), "", "super"});
  check_same_model(a->m, b->m);
  CHECK(b->notes.find("layers_block_type read as hybrid_override_pattern") != std::string::npos);

  json both = listed;
  both["hybrid_override_pattern"] = legacy["hybrid_override_pattern"];
  CHECK_THROWS_WITH_AS(imp::import_config({write_folder("nemotron_both", both), "", "super"}),
                       doctest::Contains("key `layers_block_type`: given beside hybrid_override_pattern"), imp::import_error);
  json odd = listed;
  odd["layers_block_type"][0] = "mamba3";
  CHECK_THROWS_WITH_AS(imp::import_config({write_folder("nemotron_odd", odd), "", "super"}),
                       doctest::Contains("\"mamba3\" is not a layer name"), imp::import_error);
}

TEST_CASE("ModelOpt's config.json spelling (ignore, kv_cache_scheme, config_groups) is hf_quant_config.json's") {
  // vLLM modelopt.py (ModelOptQuantConfigBase.from_config): config.json's `ignore` is the
  // exclusion list, kv_cache_scheme {type float, num_bits 8} the FP8 KV cache.
  json legacy_cfg = tiny_llama();
  legacy_cfg["quantization_config"] = {{"quant_method", "modelopt"}, {"quant_algo", "NVFP4"}, {"group_size", 16},
                                       {"kv_cache_quant_algo", "FP8"}, {"exclude_modules", {"lm_head"}}};
  json new_cfg = tiny_llama();
  const json group = {{"num_bits", 4}, {"type", "float"}, {"group_size", 16}, {"dynamic", false}};
  new_cfg["quantization_config"] = {
      {"quant_method", "modelopt"}, {"quant_algo", "NVFP4"}, {"ignore", {"lm_head"}},
      {"kv_cache_scheme", {{"num_bits", 8}, {"type", "float"}, {"dynamic", false}}},
      {"config_groups", {{"group_0", {{"weights", group}, {"input_activations", group}, {"targets", {"Linear"}}}}}},
      {"producer", {{"name", "modelopt"}}}};
  const auto a = imp::import_config({write_folder("modelopt_legacy", legacy_cfg), "", "tiny"});
  const auto b = imp::import_config({write_folder("modelopt_new", new_cfg), "", "tiny"});
  check_same_model(a->m, b->m);
  CHECK(b->m.config_kv_dtype == kv_dtype::fp8);
  // The folder's hf_quant_config.json in the legacy spelling agrees with it.
  const json hf = {{"producer", {{"name", "modelopt"}}},
                   {"quantization", {{"quant_algo", "NVFP4"}, {"kv_cache_quant_algo", "FP8"}, {"group_size", 16},
                                     {"exclude_modules", {"lm_head"}}}}};
  const auto c = imp::import_config({write_folder("modelopt_both", new_cfg, hf), "", "tiny"});
  check_same_model(a->m, c->m);

  json four_bit_kv = new_cfg;
  four_bit_kv["quantization_config"]["kv_cache_scheme"]["num_bits"] = 4;
  CHECK_THROWS_WITH_AS(imp::import_config({write_folder("modelopt_kv4", four_bit_kv), "", "tiny"}),
                       doctest::Contains("key `quantization_config.kv_cache_scheme`"), imp::import_error);
  json fp8_weights = new_cfg;
  fp8_weights["quantization_config"]["config_groups"]["group_0"]["weights"]["num_bits"] = 8;
  CHECK_THROWS_WITH_AS(imp::import_config({write_folder("modelopt_w8", fp8_weights), "", "tiny"}),
                       doctest::Contains("is not the 4-bit float quant_algo `NVFP4` names"), imp::import_error);
  json other_group = new_cfg;
  other_group["quantization_config"]["config_groups"]["group_0"]["weights"]["group_size"] = 32;
  CHECK_THROWS_WITH_AS(imp::import_config({write_folder("modelopt_g32_16", other_group), "", "tiny"}),
                       doctest::Contains("input_activations.group_size`: is 16, but group_size is 32"), imp::import_error);
}

TEST_CASE("exclusion lists: norm parameters, the router's F32 bias and model.language_model.* change nothing") {
  // Norms and e_score_correction_bias are never converted; a wrapper's model.language_model.X is
  // the text model's model.X.
  json plain = tiny_llama();
  plain["quantization_config"] = {{"quant_method", "fp8"}, {"activation_scheme", "dynamic"}, {"weight_block_size", {128, 128}},
                                  {"modules_to_not_convert", {"lm_head", "model.embed_tokens"}}};
  json listed = plain;
  listed["quantization_config"]["modules_to_not_convert"] = {
      "lm_head", "model.language_model.embed_tokens", "model.layers.0.input_layernorm.weight",
      "model.layers.1.self_attn.q_norm.bias", "model.layers.1.mlp.gate.e_score_correction_bias"};
  const auto a = imp::import_config({write_folder("excl_plain", plain), "", "tiny"});
  const auto b = imp::import_config({write_folder("excl_listed", listed), "", "tiny"});
  check_same_model(a->m, b->m);
  // A projection is still a projection: listing one layer's q_proj is per-layer precision.
  json one_layer = plain;
  one_layer["quantization_config"]["modules_to_not_convert"] = {"model.layers.0.self_attn.q_proj"};
  CHECK_THROWS_WITH_AS(imp::import_config({write_folder("excl_one_layer", one_layer), "", "tiny"}),
                       doctest::Contains("per-layer precision is not supported yet"), imp::import_error);
}

TEST_CASE("no-effect keys: a zero-width shared expert and the gated norm's activation") {
  const json qwen = read_config("qwen3_30b_a3b");
  json zero = qwen;
  zero["shared_expert_intermediate_size"] = 0;
  const auto a = imp::import_config({headroom::test::config_dir("qwen3_30b_a3b"), "", "q"});
  const auto b = imp::import_config({write_folder("shared_zero", zero), "", "q"});
  check_same_model(a->m, b->m);
  CHECK(b->notes.find("shared_expert_intermediate_size = 0 ignored: no shared expert") != std::string::npos);
  json wide = qwen;
  wide["shared_expert_intermediate_size"] = 512;  // a shared expert Qwen3-MoE does not store: refused
  CHECK_THROWS_WITH_AS(imp::import_config({write_folder("shared_wide", wide), "", "q"}),
                       doctest::Contains("key `shared_expert_intermediate_size`: unknown to model_type `qwen3_moe`"),
                       imp::import_error);
  // Qwen3-Coder-480B-A35B's config.json states use_qk_norm true: the norms Qwen3-MoE stores.
  json qk = qwen;
  qk["use_qk_norm"] = true;
  check_same_model(a->m, imp::import_config({write_folder("qk_norm_true", qk), "", "q"})->m);
  qk["use_qk_norm"] = false;
  CHECK_THROWS_WITH_AS(imp::import_config({write_folder("qk_norm_false", qk), "", "q"}),
                       doctest::Contains("key `use_qk_norm`: is false, the importer needs true"), imp::import_error);
  json gate = read_config("qwen3_6_35b_a3b");
  gate["text_config"]["output_gate_type"] = "swish";
  const auto c = imp::import_config({headroom::test::config_dir("qwen3_6_35b_a3b"), "", "g"});
  const auto d = imp::import_config({write_folder("output_gate", gate), "", "g"});
  check_same_model(c->m, d->m);
  CHECK(d->notes.find("output_gate_type = \"swish\" ignored") != std::string::npos);
}

TEST_CASE("ModelOpt exclusions: the whole indexer, and an MTP layer's modules beside the whole layer") {
  // nvidia/DeepSeek-V3.2-NVFP4 and GLM-5-NVFP4 keep every layer's `self_attn.indexer*` BF16:
  // its wq_b, wk and weights_proj (the k_norm is a norm).
  json cfg = read_config("deepseek_v3_2_exp");
  cfg.erase("quantization_config");
  cfg["quantization_config"] = {{"quant_method", "modelopt"}, {"quant_algo", "NVFP4"}, {"group_size", 16},
                                {"exclude_modules", {"lm_head", "model.layers.*.self_attn.indexer*"}}};
  const auto im = imp::import_config({write_folder("indexer_bf16", cfg), "", "v32"});
  for (std::string_view role : {"index_q", "index_k", "index_weights"}) {
    const std::string rule = "for_role(linear_role::" + std::string(role) + ", formats::bf16)";
    CHECK(std::find(im->rule_exprs.begin(), im->rule_exprs.end(), rule) != im->rule_exprs.end());
  }
  // The MTP layer (model.layers.61) kept whole, its projections also listed one by one: the
  // whole layer's rule holds them.
  json whole = cfg;
  whole["quantization_config"]["exclude_modules"] = {"lm_head", "model.layers.61*"};
  json both = cfg;
  both["quantization_config"]["exclude_modules"] = {"lm_head", "model.layers.61*", "model.layers.61.self_attn.o_proj",
                                                    "model.layers.61.self_attn.q_a_proj"};
  check_same_model(imp::import_config({write_folder("mtp_whole", whole), "", "v32"})->m,
                   imp::import_config({write_folder("mtp_both", both), "", "v32"})->m);
  json alone = cfg;
  alone["quantization_config"]["exclude_modules"] = {"lm_head", "model.layers.61.self_attn.o_proj"};
  CHECK_THROWS_WITH_AS(imp::import_config({write_folder("mtp_alone", alone), "", "v32"}),
                       doctest::Contains("names a module of an MTP layer: per-module precision of the draft"),
                       imp::import_error);
}
