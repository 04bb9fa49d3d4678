// SPDX-License-Identifier: MIT
// headroom verify: synthetic safetensors files (header only, no tensor data: verify never reads
// it) written here from a tensor list spelled by hand after transformers' Llama layout, checked
// against the inventory of a tiny imported Llama; the inventory of shipped models sums to their
// published total_size.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "headroom/import/importer.hpp"
#include "headroom/checkpoint/verify.hpp"

namespace fs = std::filesystem;
namespace imp = headroom::cli::import;
using json = nlohmann::json;

namespace {

struct t {
  std::string name;
  std::string dtype;
  std::vector<std::uint64_t> shape;
};

std::uint64_t size_of(const t& x) {
  std::uint64_t n = x.dtype == "BF16" ? 2 : (x.dtype == "F32" ? 4 : 1);
  for (auto d : x.shape) n *= d;
  return n;
}

// 8-byte little-endian length, the JSON header, then the data as zero bytes: written sparse
// (resize_file), since verify never reads it but refuses a file shorter than its offsets say.
void write_safetensors(const fs::path& file, const std::vector<t>& tensors) {
  json h = json::object();
  std::uint64_t at = 0;
  for (const t& x : tensors) {
    h[x.name] = {{"dtype", x.dtype}, {"shape", x.shape}, {"data_offsets", {at, at + size_of(x)}}};
    at += size_of(x);
  }
  h["__metadata__"] = {{"format", "pt"}};
  const std::string text = h.dump();
  std::ofstream out(file, std::ios::binary);
  std::uint64_t n = text.size();
  for (int i = 0; i < 8; ++i) out.put(static_cast<char>((n >> (8 * i)) & 0xff));
  out << text;
  out.close();
  fs::resize_file(file, 8 + n + at);
}

// tests/data/configs-bad/tiny_llama.json: hidden 64, intermediate 128, 4 heads of 16, 2 KV
// heads, 2 layers, vocab 256, untied. Its tensors, by hand.
std::vector<t> tiny_llama_tensors() {
  std::vector<t> v = {{"model.embed_tokens.weight", "BF16", {256, 64}},
                      {"model.norm.weight", "BF16", {64}},
                      {"lm_head.weight", "BF16", {256, 64}}};
  for (int l = 0; l < 2; ++l) {
    const std::string p = "model.layers." + std::to_string(l) + ".";
    v.push_back({p + "input_layernorm.weight", "BF16", {64}});
    v.push_back({p + "self_attn.q_proj.weight", "BF16", {64, 64}});
    v.push_back({p + "self_attn.k_proj.weight", "BF16", {32, 64}});
    v.push_back({p + "self_attn.v_proj.weight", "BF16", {32, 64}});
    v.push_back({p + "self_attn.o_proj.weight", "BF16", {64, 64}});
    v.push_back({p + "post_attention_layernorm.weight", "BF16", {64}});
    v.push_back({p + "mlp.gate_proj.weight", "BF16", {128, 64}});
    v.push_back({p + "mlp.up_proj.weight", "BF16", {128, 64}});
    v.push_back({p + "mlp.down_proj.weight", "BF16", {64, 128}});
  }
  return v;
}

fs::path fresh_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / ("headroom_verify_test_" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  fs::copy_file(fs::path(HEADROOM_SOURCE_DIR) / "tests/data/configs-bad/tiny_llama.json", d / "config.json");
  return d;
}

}  // namespace

TEST_CASE("verify: sharded checkpoint with an index agrees with the imported model") {
  const fs::path d = fresh_dir("sharded");
  auto all = tiny_llama_tensors();
  const std::vector<t> first(all.begin(), all.begin() + 10);
  const std::vector<t> second(all.begin() + 10, all.end());
  write_safetensors(d / "model-00001-of-00002.safetensors", first);
  write_safetensors(d / "model-00002-of-00002.safetensors", second);
  json index = {{"metadata", {{"total_size", 213632}}}, {"weight_map", json::object()}};
  for (const t& x : first) index["weight_map"][x.name] = "model-00001-of-00002.safetensors";
  for (const t& x : second) index["weight_map"][x.name] = "model-00002-of-00002.safetensors";
  std::ofstream(d / "model.safetensors.index.json") << index.dump();

  const auto im = imp::import_config({d.string(), "", "tiny"});
  const imp::verify_result r = imp::verify(im->m, im->model_type, d.string());
  CHECK(r.agree);
  // 3 + 2 x 9 tensors; 2 x (256 x 64) x 2 B + 64 x 2 B + 2 x 73984 B = 213632 B, by hand.
  CHECK(r.text.find("| model inventory | 21 | 213632 |") != std::string::npos);
  CHECK(r.text.find("| safetensors headers | 21 | 213632 |") != std::string::npos);
  CHECK(headroom::footprint(im->m, headroom::settings{}).weights == 213632);
}

TEST_CASE("verify: a Gemma-4 checkpoint (K = V global layers, experts beside the MLP) agrees with its import") {
  // A tiny gemma4 wrapper: hidden 64, vocab 256, 2 layers (sliding, then full), 4 heads; sliding
  // layers 2 KV heads of 16, the full layer 1 of 32 with K = V (no v_proj); MLP 128; 4 experts
  // (top 2) of 32; tied. Its tensors by hand, named as transformers' modeling_gemma4.py names them.
  const fs::path d = fresh_dir("gemma4");
  const json text = {{"model_type", "gemma4_text"}, {"hidden_size", 64}, {"vocab_size", 256}, {"num_hidden_layers", 2},
                     {"intermediate_size", 128}, {"num_attention_heads", 4}, {"num_key_value_heads", 2}, {"head_dim", 16},
                     {"sliding_window", 32}, {"num_global_key_value_heads", 1}, {"global_head_dim", 32},
                     {"attention_k_eq_v", true}, {"enable_moe_block", true}, {"num_experts", 4}, {"top_k_experts", 2},
                     {"moe_intermediate_size", 32}, {"layer_types", {"sliding_attention", "full_attention"}}};
  std::ofstream(d / "config.json") << json{{"architectures", {"Gemma4ForConditionalGeneration"}}, {"model_type", "gemma4"},
                                           {"text_config", text}}.dump();
  const std::string lm = "model.language_model.";
  std::vector<t> v = {{lm + "embed_tokens.weight", "BF16", {256, 64}}, {lm + "norm.weight", "BF16", {64}}};
  for (int l = 0; l < 2; ++l) {
    const std::string p = lm + "layers." + std::to_string(l) + ".";
    for (const char* norm : {"input_layernorm", "post_attention_layernorm", "pre_feedforward_layernorm",
                             "post_feedforward_layernorm", "post_feedforward_layernorm_1", "pre_feedforward_layernorm_2",
                             "post_feedforward_layernorm_2"}) {
      v.push_back({p + norm + ".weight", "BF16", {64}});
    }
    v.push_back({p + "layer_scalar", "BF16", {1}});
    const std::uint64_t hd = l == 0 ? 16 : 32;
    const std::uint64_t kv = l == 0 ? 2 : 1;
    v.push_back({p + "self_attn.q_proj.weight", "BF16", {4 * hd, 64}});
    v.push_back({p + "self_attn.k_proj.weight", "BF16", {kv * hd, 64}});
    if (l == 0) v.push_back({p + "self_attn.v_proj.weight", "BF16", {kv * hd, 64}});
    v.push_back({p + "self_attn.o_proj.weight", "BF16", {64, 4 * hd}});
    v.push_back({p + "self_attn.q_norm.weight", "BF16", {hd}});
    v.push_back({p + "self_attn.k_norm.weight", "BF16", {hd}});
    v.push_back({p + "mlp.gate_proj.weight", "BF16", {128, 64}});
    v.push_back({p + "mlp.up_proj.weight", "BF16", {128, 64}});
    v.push_back({p + "mlp.down_proj.weight", "BF16", {64, 128}});
    v.push_back({p + "router.proj.weight", "BF16", {4, 64}});
    v.push_back({p + "router.scale", "BF16", {64}});
    v.push_back({p + "router.per_expert_scale", "BF16", {4}});
    v.push_back({p + "experts.gate_up_proj", "BF16", {4, 64, 64}});
    v.push_back({p + "experts.down_proj", "BF16", {4, 64, 32}});
  }
  write_safetensors(d / "model.safetensors", v);
  const auto im = imp::import_config({d.string(), "", "tiny_gemma4"});
  const imp::verify_result r = imp::verify(im->m, im->model_type, d.string());
  INFO(r.text);
  CHECK(r.agree);
  CHECK(r.text.find("| model inventory | 45 |") != std::string::npos);  // 2 + 22 (sliding) + 21 (full, no v_proj)
}

TEST_CASE("verify: a Nemotron-3 checkpoint (MoE with a latent projection, MTP draft) agrees with its import") {
  // A tiny nemotron_h: pattern "ME*" and an MTP draft "*E"; hidden 64, vocab 256; Mamba 4 heads of
  // 16, 2 groups, state 8, kernel 4 (conv_dim 64 + 2 x 2 x 8 = 96); attention 4 heads, 2 KV heads
  // of 16; 4 experts (top 2) of 32 behind a 16-wide latent, a 48-wide shared expert. Its tensors
  // by hand, as HF modeling_nemotron_h.py and the checkpoints' mtp.* name them.
  const fs::path d = fresh_dir("nemotron");
  std::ofstream(d / "config.json") << json{{"architectures", {"NemotronHForCausalLM"}}, {"model_type", "nemotron_h"},
                                           {"hidden_size", 64}, {"vocab_size", 256}, {"hybrid_override_pattern", "ME*"},
                                           {"num_hidden_layers", 3}, {"num_attention_heads", 4}, {"num_key_value_heads", 2},
                                           {"head_dim", 16}, {"intermediate_size", 32}, {"mamba_num_heads", 4},
                                           {"mamba_head_dim", 16}, {"ssm_state_size", 8}, {"n_groups", 2}, {"conv_kernel", 4},
                                           {"n_routed_experts", 4}, {"num_experts_per_tok", 2}, {"moe_intermediate_size", 32},
                                           {"moe_shared_expert_intermediate_size", 48}, {"moe_latent_size", 16},
                                           {"mtp_hybrid_override_pattern", "*E"}, {"num_nextn_predict_layers", 1}}.dump();
  std::vector<t> v = {{"backbone.embeddings.weight", "BF16", {256, 64}}, {"backbone.norm_f.weight", "BF16", {64}},
                      {"lm_head.weight", "BF16", {256, 64}}};
  const auto attention = [&](const std::string& p) {
    v.push_back({p + "norm.weight", "BF16", {64}});
    v.push_back({p + "mixer.q_proj.weight", "BF16", {64, 64}});
    v.push_back({p + "mixer.k_proj.weight", "BF16", {32, 64}});
    v.push_back({p + "mixer.v_proj.weight", "BF16", {32, 64}});
    v.push_back({p + "mixer.o_proj.weight", "BF16", {64, 64}});
  };
  const auto moe = [&](const std::string& p) {
    v.push_back({p + "norm.weight", "BF16", {64}});
    v.push_back({p + "mixer.gate.weight", "BF16", {4, 64}});
    v.push_back({p + "mixer.gate.e_score_correction_bias", "F32", {4}});
    for (int e = 0; e < 4; ++e) {
      v.push_back({p + "mixer.experts." + std::to_string(e) + ".up_proj.weight", "BF16", {32, 16}});
      v.push_back({p + "mixer.experts." + std::to_string(e) + ".down_proj.weight", "BF16", {16, 32}});
    }
    v.push_back({p + "mixer.shared_experts.up_proj.weight", "BF16", {48, 64}});
    v.push_back({p + "mixer.shared_experts.down_proj.weight", "BF16", {64, 48}});
    v.push_back({p + "mixer.fc1_latent_proj.weight", "BF16", {16, 64}});
    v.push_back({p + "mixer.fc2_latent_proj.weight", "BF16", {64, 16}});
  };
  const std::string m = "backbone.layers.0.";
  for (const t& x : std::vector<t>{{m + "norm.weight", "BF16", {64}}, {m + "mixer.in_proj.weight", "BF16", {164, 64}},
                                   {m + "mixer.conv1d.weight", "BF16", {96, 1, 4}}, {m + "mixer.conv1d.bias", "BF16", {96}},
                                   {m + "mixer.dt_bias", "BF16", {4}}, {m + "mixer.A_log", "BF16", {4}},
                                   {m + "mixer.D", "BF16", {4}}, {m + "mixer.norm.weight", "BF16", {64}},
                                   {m + "mixer.out_proj.weight", "BF16", {64, 64}}}) {
    v.push_back(x);
  }
  moe("backbone.layers.1.");
  attention("backbone.layers.2.");
  for (const char* norm : {"enorm", "hnorm"}) v.push_back({std::string("mtp.layers.0.") + norm + ".weight", "BF16", {64}});
  v.push_back({"mtp.layers.0.eh_proj.weight", "BF16", {64, 128}});
  attention("mtp.layers.0.");
  moe("mtp.layers.1.");
  v.push_back({"mtp.layers.1.final_layernorm.weight", "BF16", {64}});
  write_safetensors(d / "model.safetensors", v);
  const auto im = imp::import_config({d.string(), "", "tiny_nemotron"});
  const imp::verify_result r = imp::verify(im->m, im->model_type, d.string());
  INFO(r.text);
  CHECK(r.agree);
  CHECK(r.text.find("| model inventory | 56 |") != std::string::npos);  // 3 + 9 + 15 + 5 + (3 + 5) + (15 + 1)
}

TEST_CASE("verify: a missing tensor, an extra one and a wrong dtype are each reported") {
  const fs::path d = fresh_dir("differ");
  auto v = tiny_llama_tensors();
  v.erase(v.begin() + 2);                        // lm_head.weight
  v.push_back({"model.rotary.inv_freq", "F32", {8}});
  for (t& x : v) {
    if (x.name == "model.layers.0.input_layernorm.weight") x.dtype = "F32";
  }
  write_safetensors(d / "model.safetensors", v);
  const auto im = imp::import_config({d.string(), "", "tiny"});
  const imp::verify_result r = imp::verify(im->m, im->model_type, d.string());
  CHECK_FALSE(r.agree);
  CHECK(r.text.find("In the model, not in the files (1):\n- `lm_head.weight` (BF16 [256, 64])") != std::string::npos);
  CHECK(r.text.find("In the files, not in the model (1):\n- `model.rotary.inv_freq` (F32 [8])") != std::string::npos);
  CHECK(r.text.find("- `model.layers.0.input_layernorm.weight`: model BF16 [64], files F32 [64]") != std::string::npos);
  CHECK(r.text.find("Disagree.") != std::string::npos);
}

TEST_CASE("verify: a header whose length runs past the file is refused, naming the file") {
  const fs::path d = fresh_dir("truncated");
  {
    std::ofstream out(d / "model.safetensors", std::ios::binary);
    const unsigned char len[8] = {0xe8, 0x03, 0, 0, 0, 0, 0, 0};  // 1000, little-endian
    out.write(reinterpret_cast<const char*>(len), 8);
    out << "{}";
  }
  const auto im = imp::import_config({d.string(), "", "tiny"});
  CHECK_THROWS_WITH_AS(imp::verify(im->m, "", d.string()),
                       ((d / "model.safetensors").string() +
                        ": not a safetensors file (its header length is beyond the file's 10 bytes)")
                           .c_str(),
                       imp::import_error);
}

TEST_CASE("verify: the inventory of a shipped model sums to its published total_size") {
  std::uint64_t sum = 0;
  for (const auto& x : imp::inventory(headroom::models::qwen3_8b, "")) sum += x.bytes;
  CHECK(sum == 16'381'470'720);  // Qwen/Qwen3-8B model.safetensors.index.json
  sum = 0;
  for (const auto& x : imp::inventory(headroom::models::mixtral_8x7b_v0_1, "mixtral")) sum += x.bytes;
  CHECK(sum == 93'405'585'408);  // mistralai/Mixtral-8x7B-v0.1 total_size (the shipped table's provenance)
  // Quantized inventories (scale tensors included) sum to the footprint's byte laws.
  for (const headroom::model* m : {&headroom::models::qwen3_235b_a22b_fp8, &headroom::models::qwen3_30b_a3b_nvfp4,
                                   &headroom::models::llama_3_3_70b_instruct_fp8, &headroom::models::qwen3_32b_fp8,
                                   &headroom::models::qwen3_30b_a3b_fp8, &headroom::models::llama_3_1_70b_instruct_fp8,
                                   &headroom::models::minimax_m2_5, &headroom::models::qwen3_235b_a22b_nvfp4}) {
    sum = 0;
    for (const auto& x : imp::inventory(*m, "")) sum += x.bytes;
    INFO(m->id);
    CHECK(sum == headroom::footprint(*m, headroom::settings{}).weights);
  }
}

TEST_CASE("verify: inventories match the published tensor counts and byte totals") {
  auto count_and_sum = [](const headroom::model& m, std::string_view model_type) {
    std::uint64_t sum = 0;
    const auto inv = imp::inventory(m, model_type);
    for (const auto& x : inv) sum += x.bytes;
    return std::pair<std::size_t, std::uint64_t>{inv.size(), sum};
  };
  // openai/gpt-oss-20b model.safetensors.index.json: 459 tensors, total_size 13761264768.
  CHECK(count_and_sum(headroom::models::gpt_oss_20b, "") == std::pair<std::size_t, std::uint64_t>{459, 13'761'264'768});
  // openai/gpt-oss-120b: 65,248,815,744 bytes of tensors (the shipped table's provenance).
  CHECK(count_and_sum(headroom::models::gpt_oss_120b, "").second == 65'248'815'744);
  // Qwen/Qwen3-235B-A22B model.safetensors.index.json: 36,945 tensors, total_size 470187269120.
  CHECK(count_and_sum(headroom::models::qwen3_235b_a22b, "") ==
        std::pair<std::size_t, std::uint64_t>{36'945, 470'187'269'120});
  // mistralai/Mixtral-8x22B-v0.1: a public audit of its 59 shard headers counts 1,739 tensors and
  // 281,241,268,224 bytes of tensor data (the shipped table's provenance).
  CHECK(count_and_sum(headroom::models::mixtral_8x22b_v0_1, "mixtral") ==
        std::pair<std::size_t, std::uint64_t>{1'739, 281'241'268'224});
  // Hub safetensors metadata: NVIDIA-Nemotron-Nano-9B-v2 8,888,227,328 and
  // Qwen3-Next-80B-A3B-Instruct 81,324,862,720 parameters, every tensor BF16 (2 bytes each).
  CHECK(count_and_sum(headroom::models::nvidia_nemotron_nano_9b_v2, "").second == 2 * 8'888'227'328ull);
  CHECK(count_and_sum(headroom::models::qwen3_next_80b_a3b_instruct, "").second == 2 * 81'324'862'720ull);
  // The FP8 Qwen3-Next keeps in_proj_ba, routers and shared_expert_gate BF16: its inventory sums
  // to the footprint's byte laws.
  CHECK(count_and_sum(headroom::models::qwen3_next_80b_a3b_instruct_fp8, "").second ==
        headroom::footprint(headroom::models::qwen3_next_80b_a3b_instruct_fp8, headroom::settings{}).weights);
  // DeepSeek-V3 publishes no total_size: its inventory (FP8 weights with their 128x128
  // weight_scale_inv, the MTP layer's copies) sums to the footprint's byte laws.
  CHECK(count_and_sum(headroom::models::deepseek_v3, "").second ==
        headroom::footprint(headroom::models::deepseek_v3, headroom::settings{}).weights);
}

TEST_CASE("verify: MiniMax-M2 names keep Mixtral's block_sparse_moe and w1 / w3 / w2") {
  // modeling_minimax_m2.py: q_norm over the whole q projection (48 heads x 128 = 6144), k_norm
  // over k (8 x 128 = 1024); block_sparse_moe.gate [256, 3072] and, beside it (not under it),
  // block_sparse_moe.e_score_correction_bias [256] F32; experts.E.w1 / w3 [1536, 3072], w2
  // [3072, 1536], FP8 with a weight_scale_inv per 128 x 128 block.
  std::map<std::string, std::pair<std::string, std::vector<std::uint64_t>>> got;
  for (const auto& x : imp::inventory(headroom::models::minimax_m2_7, "minimax_m2")) got[x.name] = {x.dtype, x.shape};
  using shape = std::pair<std::string, std::vector<std::uint64_t>>;
  CHECK(got["model.layers.0.self_attn.q_norm.weight"] == shape{"BF16", {6144}});
  CHECK(got["model.layers.0.self_attn.k_norm.weight"] == shape{"BF16", {1024}});
  CHECK(got["model.layers.61.block_sparse_moe.gate.weight"] == shape{"BF16", {256, 3072}});
  CHECK(got["model.layers.61.block_sparse_moe.e_score_correction_bias"] == shape{"F32", {256}});
  CHECK(got["model.layers.0.block_sparse_moe.experts.255.w1.weight"] == shape{"F8_E4M3", {1536, 3072}});
  CHECK(got["model.layers.0.block_sparse_moe.experts.255.w3.weight_scale_inv"] == shape{"F32", {12, 24}});
  CHECK(got["model.layers.0.block_sparse_moe.experts.255.w2.weight"] == shape{"F8_E4M3", {3072, 1536}});
  CHECK(got.count("model.layers.0.mlp.gate.weight") == 0);
}

TEST_CASE("verify: every shipped text-only model's inventory sums to its footprint weights") {
  for (const headroom::model* m : headroom::models::all) {
    // A stored vision encoder (Qwen3-VL's, Qwen3.5's, Kimi-K2.5's MoonViT): verify names none yet.
    if (headroom::footprint(*m, headroom::settings{}).vision_weights != 0) continue;
    if (m->id.starts_with("glm_5_2")) continue;  // GLM-5.2's shared-indexer layers (mla_shared): not named yet
    if (m->family == "qwen3_5" || m->family == "qwen3_6_moe") continue;  // their tensor names: not named yet
    if (m->family == "glm5_next") continue;     // verify names no glm5_next tensors yet (it says so)
    if (m->family == "mimo_v2_flash") continue;  // nor mimo_v2_flash's (it says so)
    if (m->family == "deepseek_v4") continue;    // DeepSeek-V4's tensor names: not in verify's inventory yet
    if (m->family == "llama4" || m->family == "nemotron_nas") continue;  // their tensor names: not named yet (verify says so)
    // NVFP4 routed experts of Gemma-4's fused 3-D tensors: the ModelOpt export's names not known yet (verify says so).
    if (m->id == "gemma_4_26b_a4b_nvfp4") continue;
    INFO(m->id);
    std::uint64_t sum = 0;
    for (const auto& x : imp::inventory(*m, m->id.substr(0, 7) == "mixtral" ? "mixtral" : "")) sum += x.bytes;
    CHECK(sum == headroom::footprint(*m, headroom::settings{}).weights);
  }
}
