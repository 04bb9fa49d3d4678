// SPDX-License-Identifier: MIT
// ModelOpt's MIXED_PRECISION exports (a format per module: quantized_layers, and config.json's
// config_groups spelling of it). The folders under tests/data/configs/ are verbatim
// (tests/data/configs/README.md); each import weighs the hand sum below or is refused in one line.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "headroom/import/importer.hpp"
#include "published_config.hpp"

using namespace headroom;
namespace imp = headroom::cli::import;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

using headroom::test::config_dir;
using u64 = std::uint64_t;

// ModelOpt's export per quantized [n, k] weight: NVFP4 (W4A16 too) stores u8 E2M1 pairs, an E4M3
// weight_scale per 16, an F32 weight_scale_2 and an F32 input_scale; FP8 per tensor the E4M3
// weight, an F32 weight_scale and an F32 input_scale (nvidia/Qwen3.6-35B-A3B-NVFP4's index: 4
// tensors per NVFP4 and 3 per FP8 projection, tests/static/qwen3_6_nvfp4_test.cpp).
constexpr u64 nv(u64 n, u64 k) { return n * k / 2 + n * k / 16 + 4 + 4; }
constexpr u64 fp8(u64 n, u64 k) { return n * k + 4 + 4; }
constexpr u64 bf(u64 n, u64 k) { return n * k * 2; }

// A copy of the folder `id` with its config.json and hf_quant_config.json changed by `edit_config`
// (config.json's quantization_config, or the whole config with `whole`) and `edit_quant`.
template <typename C, typename Q>
std::string edited(const std::string& id, const std::string& name, C edit_config, Q edit_quant, bool whole = false) {
  const fs::path dir = fs::temp_directory_path() / ("headroom_modelopt_mixed_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ifstream in(config_dir(id) + "/config.json");
  json cfg = json::parse(in);
  edit_config(whole ? cfg : cfg["quantization_config"]);
  std::ofstream(dir / "config.json") << cfg.dump(2);
  std::ifstream qin(config_dir(id) + "/hf_quant_config.json");
  json q = json::parse(qin);
  edit_quant(q["quantization"]);
  std::ofstream(dir / "hf_quant_config.json") << q.dump(2);
  return dir.string();
}

const auto same = [](json&) {};

std::unique_ptr<imp::imported> import_dir(const std::string& dir) { return imp::import_config({dir, "", "m"}); }

}  // namespace

TEST_CASE("ModelOpt MIXED_PRECISION: nvidia/Qwen3.6-27B-NVFP4 (FP8 attention and GDN, W4A16 NVFP4 MLP and lm_head) weighs its hand sum") {
  // Both files say the same: 401 quantized_layers entries, FP8 on self_attn q/k/v/o (16 layers)
  // and linear_attn in_proj_qkv / in_proj_z / out_proj (48), W4A16_NVFP4 (group 16) on every
  // layer's mlp gate/up/down and lm_head; mtp* excluded; KV cache FP8. NVIDIA/Model-Optimizer
  // @28675dcd records this release as modelopt_recipes/huggingface/qwen3_5/ptq/
  // w4a16_nvfp4-fp8_attn-kv_fp8_cast unchanged (models/Qwen/Qwen3.6-27B): base_disable_all, the KV
  // cast with a constant amax (no k_scale / v_scale), the quant_cfg of the shipped
  // qwen3_6_35b_a3b_nvfp4 table whose index counts fix the scalars. (The shipped
  // qwen3_8_27b_nvfp4 table is unsloth's Qwen3.8 compressed-tensors release, not this one; no
  // total_size was found for this one: the hand sum.)
  // Dims (its text_config): hidden 5120, 64 layers (48 Gated DeltaNet, 16 gated attention), 24
  // query / 4 KV heads of 256, linear heads 16 key / 48 value of 128, conv kernel 4, intermediate
  // 17408, vocab 248320, untied, one MTP layer.
  constexpr u64 H = 5120;
  // GDN: in_proj_qkv [10240, 5120], in_proj_z [6144, 5120], out_proj [5120, 6144] FP8; in_proj_b /
  // in_proj_a [48, 5120] BF16; input norm 5120, conv1d 10240 x 4, A_log and dt_bias 48, norm 128.
  constexpr u64 gdn = fp8(10240, H) + fp8(6144, H) + fp8(H, 6144) + 2 * bf(48, H) + 2 * (H + 10240 * 4 + 48 + 48 + 128);
  static_assert(gdn == 116'419'032);
  // Attention: q_proj [12288, 5120] (query and gate), k_proj / v_proj [1024, 5120], o_proj
  // [5120, 6144] FP8; input norm 5120, q_norm and k_norm 256.
  constexpr u64 attn_aux = 2 * (H + 256 + 256);
  constexpr u64 attn = fp8(12288, H) + 2 * fp8(1024, H) + fp8(H, 6144) + attn_aux;
  static_assert(attn == 104'868'896);
  // MLP: gate_proj / up_proj [17408, 5120], down_proj [5120, 17408] NVFP4; post-attention norm.
  constexpr u64 mlp = 2 * nv(17408, H) + nv(H, 17408) + 2 * H;
  static_assert(mlp == 150'415'384);
  // embed_tokens [248320, 5120] BF16, lm_head NVFP4, final norm.
  constexpr u64 main_bytes = bf(248320, H) + 48 * gdn + 16 * attn + 64 * mlp + 2 * H + nv(248320, H);
  static_assert(main_bytes == 20'150'569'096);
  // MTP (BF16): fc [5120, 10240], pre_fc_norm_embedding / pre_fc_norm_hidden / norm, an attention
  // layer with its MLP; it reads the main embed_tokens and lm_head.
  constexpr u64 mtp = bf(H, 2 * H) + 3 * 2 * H + bf(12288, H) + 2 * bf(1024, H) + bf(H, 6144) + attn_aux + 3 * bf(17408, H) + 2 * H;
  static_assert(mtp == 849'398'784);
  // The vision tower (BF16): 460,730,096 parameters for out_hidden_size 5120 (import_test.cpp).
  constexpr u64 vision = 2 * 460'730'096ULL;
  const auto im = import_dir(config_dir("qwen3_6_27b_nvfp4"));
  const footprint_bytes fp = footprint(im->m, settings{});
  CHECK(fp.weights == main_bytes + mtp + vision);
  CHECK(fp.weights == 21'921'428'072ULL);
  CHECK(fp.draft_weights == mtp);
  CHECK(im->m.config_kv_dtype == kv_dtype::fp8);
  // The FP8 KV cache: 16 attention layers x 2 x 4 KV heads x 256 x 1 byte a token.
  CHECK(footprint(im->m, {.kv = kv_dtype::fp8}).kv_per_token == 16 * 2 * 4 * 256);
}

TEST_CASE("ModelOpt MIXED_PRECISION: nvidia/Qwen3.6-35B-A3B-NVFP4 is refused: its config.json contradicts its quantized_layers and hf_quant_config.json") {
  // config.json (producer modelopt 0.37.0) gives group_1 -- lm_head, mlp.experts and the shared
  // experts -- 4-bit input activations (W4A4), while quantized_layers in the same file and in
  // hf_quant_config.json (0.44.0) name them W4A16_NVFP4; Model-Optimizer holds both recipes for it
  // (models/Qwen/Qwen3.6-35B-A3B/ptq/w4a16_nvfp4-... and w4a4_nvfp4-...). vLLM reads config.json.
  const std::string dir = config_dir("qwen3_6_35b_a3b_nvfp4");
  CHECK_THROWS_WITH_AS(import_dir(dir), doctest::Contains("key `quantization_config.config_groups.group_1.input_activations`: given, but"),
                       imp::import_error);
  // Without that contradiction the KV cache still differs: config.json has no kv_cache_scheme
  // (vLLM: the model's dtype), hf_quant_config.json says FP8 (TensorRT-LLM: FP8).
  const std::string kv = edited("qwen3_6_35b_a3b_nvfp4", "35b_kv", [](json& q) { q["config_groups"]["group_1"].erase("input_activations"); }, same);
  CHECK_THROWS_WITH_AS(import_dir(kv), doctest::Contains("key `quantization_config.kv_cache_quant_algo`: is null, but"), imp::import_error);
}

TEST_CASE("ModelOpt MIXED_PRECISION: Qwen3.6-35B-A3B's hf_quant_config.json read alone is the shipped qwen3_6_35b_a3b_nvfp4 table") {
  // The same folder without config.json's copy: hf_quant_config.json's quantized_layers (130 FP8,
  // 161 W4A16_NVFP4) and FP8 KV give the shipped table's formats node for node, and its weights:
  // 23,407,580,856 B, the hand sum of tests/static/qwen3_6_nvfp4_test.cpp (its 124,112 + 4
  // tensor counts from the release's index) -- the three safetensors files' 23,424,338,320 B less
  // 16,757,464 B of JSON headers.
  const std::string dir = edited("qwen3_6_35b_a3b_nvfp4", "35b_alone", [](json& c) { c.erase("quantization_config"); }, same, true);
  const auto im = import_dir(dir);
  const model& want = models::qwen3_6_35b_a3b_nvfp4;
  CHECK(footprint(im->m, settings{}).weights == 23'407'580'856ULL);
  static_assert(23'424'338'320ULL - 16'757'464ULL == 23'407'580'856ULL);
  CHECK(im->m.config_kv_dtype == kv_dtype::fp8);
  const circuit& x = im->m.c;
  const circuit& y = want.c;
  REQUIRE(x.n_nodes == y.n_nodes);
  REQUIRE(x.n_instances == y.n_instances);
  for (std::size_t i = 0; i < x.n_instances; ++i) {
    const instance& a = x.instances[i];
    const instance& b = y.instances[i];
    REQUIRE((a.block == b.block && a.layer == b.layer && a.sec == b.sec));
    for (std::size_t n = y.blocks[b.block].first; n < y.blocks[b.block].end; ++n) {
      if (!y.nodes[n].has_weight()) continue;
      INFO("instance " << i << " node `" << y.nodes[n].local << "`");
      CHECK(formats_of(im->m, x.nodes[n], a) == formats_of(want, y.nodes[n], b));
    }
  }
}

TEST_CASE("ModelOpt MIXED_PRECISION: NVIDIA-Nemotron-3.5-Lightning-30B-A3B-NVFP4 is refused naming the key") {
  // Its recipe (NVIDIA/Model-Optimizer modelopt_recipes/models/nvidia/
  // NVIDIA-Nemotron-3.5-Lightning-30B-A3B-BF16/ptq/w4a16_nvfp4_4o6.yaml) calibrates the KV
  // quantizers, so k_scale / v_scale are stored where the Qwen3.6 exports' cast stores none; the
  // file does not say which, and the release's Hub count (17,820,210,764 elements, the shipped
  // table's provenance) gives no byte total to tell.
  const std::string dir = config_dir("nemotron_3_5_lightning_30b_a3b_nvfp4");
  CHECK_THROWS_WITH_AS(import_dir(dir), doctest::Contains("key `quantization.quantized_layers`: MIXED_PRECISION in the nemotron_h family"),
                       imp::import_error);
}

TEST_CASE("ModelOpt MIXED_PRECISION: per-layer formats, unmapped modules and disagreeing copies are refused naming the key") {
  // One layer's down_proj FP8, the others' W4A16_NVFP4 (both files, and config.json's groups): per-layer precision.
  auto down_fp8 = [](json& q) {
    const std::string m = "model.language_model.layers.5.mlp.down_proj";
    q["quantized_layers"][m] = json{{"quant_algo", "FP8"}};
    if (!q.contains("config_groups")) return;
    json& t1 = q["config_groups"]["group_1"]["targets"];
    for (auto it = t1.begin(); it != t1.end(); ++it) {
      if (*it == m) {
        t1.erase(it);
        break;
      }
    }
    q["config_groups"]["group_0"]["targets"].push_back(m);
  };
  const std::string per_layer = edited("qwen3_6_27b_nvfp4", "per_layer", down_fp8, down_fp8);
  CHECK_THROWS_WITH_AS(import_dir(per_layer), doctest::Contains("is listed for 1 of the 64 layers that have it"), imp::import_error);
  // in_proj_qkv without in_proj_z: headroom holds them as one projection.
  auto qkv_only = [](json& q) { q["quantized_layers"].erase("model.language_model.layers.0.linear_attn.in_proj_z"); };
  const std::string half = edited("qwen3_6_27b_nvfp4", "half", [](json& c) { c.erase("quantization_config"); }, qkv_only, true);
  CHECK_THROWS_WITH_AS(import_dir(half), doctest::Contains("are one projection in headroom: list both"), imp::import_error);
  // A module whose role headroom cannot set apart.
  auto conv = [](json& q) { q["quantized_layers"]["model.language_model.layers.0.linear_attn.conv1d"] = json{{"quant_algo", "FP8"}}; };
  const std::string unmapped = edited("qwen3_6_27b_nvfp4", "unmapped", [](json& c) { c.erase("quantization_config"); }, conv, true);
  CHECK_THROWS_WITH_AS(import_dir(unmapped), doctest::Contains("key `quantization.quantized_layers`: `model.language_model.layers.0.linear_attn.conv1d` names no module"),
                       imp::import_error);
  // The two copies must name the same formats.
  auto w4a4 = [](json& q) { q["quantized_layers"]["lm_head"]["quant_algo"] = "NVFP4"; };
  const std::string differ = edited("qwen3_6_27b_nvfp4", "differ", [](json&) {}, w4a4);
  CHECK_THROWS_WITH_AS(import_dir(differ), doctest::Contains("key `quantization_config.quantized_layers`: differs from"), imp::import_error);
  // config.json's groups must say what its quantized_layers says.
  auto bits = [](json& q) { q["config_groups"]["group_0"]["weights"]["num_bits"] = 4; };
  const std::string groups = edited("qwen3_6_27b_nvfp4", "groups", bits, same);
  CHECK_THROWS_WITH_AS(import_dir(groups), doctest::Contains("key `quantization_config.config_groups.group_0.weights`: is not the FP8"),
                       imp::import_error);
}
