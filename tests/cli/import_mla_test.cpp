// SPDX-License-Identifier: MIT
// The MLA model_types the importer reads beside DeepSeek-V3's: deepseek_v2 (q_lora_rank null),
// deepseek_v32 and glm_moe_dsa (DeepSeek Sparse Attention's lightning indexer). Each weighs its
// published total_size or parameter count, or the hand sum written out below; sources in
// tests/data/configs/README.md.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <headroom/devices/nvidia_hopper.hpp>
#include <headroom/headroom.hpp>

#include "headroom/checkpoint/verify.hpp"
#include "headroom/import/importer.hpp"
#include "published_config.hpp"
#include "headroom/import/json_keys.hpp"

using namespace headroom;
namespace imp = headroom::cli::import;

namespace {

using headroom::test::config_dir;

}  // namespace

TEST_CASE("import: DeepSeek-V2-Lite (deepseek_v2, q_lora_rank null) weighs its published total_size") {
  const auto im = imp::import_config({config_dir("deepseek_v2_lite"), "", ""});
  CHECK(im->m.family == "mla_moe");
  // https://huggingface.co/deepseek-ai/DeepSeek-V2-Lite/blob/main/model.safetensors.index.json:
  // metadata.total_size 31412968448 (BF16: 15,706,484,224 parameters, the Hub's count).
  CHECK(footprint(im->m, settings{}).weights == 31'412'968'448ULL);
  // By hand: embed + lm_head 2 x 102400 x 2048 = 419,430,400; final norm 2048;
  // attention a layer: q_proj 16 x 192 x 2048 = 6,291,456, kv_a 576 x 2048 = 1,179,648,
  // kv_a_layernorm 512, kv_b 16 x 256 x 512 = 2,097,152, o 2048 x 2048 = 4,194,304, input norm
  // 2048: 13,765,120, x 27 = 371,658,240; layer 0's MLP 3 x 2048 x 10944 + 2048 = 67,241,984;
  // 26 MoE layers of 64 x 3 x 2048 x 1408 + 3 x 2048 x 2816 + 64 x 2048 + 2048
  // = 571,082,752 each
  // (greedy routing: no e_score_correction_bias), x 26 = 14,848,151,552. Sum 15,706,484,224.
  CHECK(parameter_count(im->m) == 419'430'400ULL + 2048 + 371'658'240ULL + 67'241'984ULL + 14'848'151'552ULL);
  // One latent row of kv_lora_rank + qk_rope_head_dim = 576 values a token a layer, BF16.
  CHECK(footprint(im->m, settings{}).kv_per_token == 27 * 576 * 2);
  // `fit --config`: 31.4 GB of weights and 8 x 4096 tokens of 31,104 bytes fit one H100 (80 GB).
  CHECK(fits(im->m, devices::h100_sxm, {.seqs = 8, .context = 4096}));
}

TEST_CASE("import: DeepSeek-V3.2-Exp (deepseek_v32) is DeepSeek-V3.1 plus the lightning indexer") {
  const auto v32 = imp::import_config({config_dir("deepseek_v3_2_exp"), "", ""});
  const auto v31 = imp::import_config({config_dir("deepseek_v3_1"), "", ""});
  // The indexer of each of the 61 main layers and the MTP layer (block FP8 128 x 128, F32
  // weight_scale_inv per block; weights_proj BF16, vLLM builds it with quant_config=None):
  //   wq_b [64 x 128, 1536] = 12,582,912 B + scales 64 x 12 x 4 = 3,072 B
  //   wk [128, 7168] = 917,504 B + scales 1 x 56 x 4 = 224 B
  //   k_norm weight and bias 2 x 128 x 2 = 512 B; weights_proj [64, 7168] x 2 = 917,504 B
  // = 14,421,728 B a layer.
  const settings spec{.speculative = true};
  // `weights` is every stored tensor, the MTP layer's included: 62 indexers.
  CHECK(footprint(v32->m, settings{}).weights - footprint(v31->m, settings{}).weights == 62ULL * 14'421'728ULL);
  CHECK(footprint(v32->m, spec).draft_weights - footprint(v31->m, spec).draft_weights == 14'421'728ULL);
  // KV a token: the latent row (576 values) plus the indexer's FP8 key cache, 128 bytes and one
  // F32 scale = 132 bytes (vLLM DeepseekV32IndexerCache), in each of 61 layers.
  CHECK(footprint(v32->m, settings{}).kv_per_token == 61 * (576 * 2 + 132));
  CHECK(footprint(v32->m, settings{.kv = kv_dtype::fp8}).kv_per_token == 61 * (576 + 132));
}

TEST_CASE("import: GLM-5 (glm_moe_dsa) counts the model card's 744B parameters") {
  const auto im = imp::import_config({config_dir("glm_5"), "", ""});
  CHECK(im->m.family == "mla_moe");
  // By hand, BF16, hidden 6144, 64 heads, q_lora 2048, kv_lora 512, qk 192 + 64, v 256:
  //   attention a layer: input norm 6144; q_a 6144 x 2048 = 12,582,912, q_a_layernorm 2048,
  //   q_b 2048 x 64 x 256 = 33,554,432; kv_a 6144 x 576 = 3,538,944, kv_a_layernorm 512;
  //   kv_b 512 x 64 x 448 = 14,680,064; o 64 x 256 x 6144 = 100,663,296; indexer wq_b
  //   2048 x 32 x 128 = 8,388,608, wk 6144 x 128 = 786,432, k_norm 256, weights_proj
  //   6144 x 32 = 196,608: 174,400,256
  //   dense MLP (layers 0-2): 3 x 6144 x 12288 + 6144 = 226,498,560
  //   MoE (75 layers): 256 x 3 x 6144 x 2048 + 3 x 6144 x 2048 + 256 x 6144 + 256 + 6144
  //   = 9,703,004,416
  //   embed + lm_head 2 x 154880 x 6144 = 1,903,165,440; final norm 6144
  // main: 1,903,171,584 + 78 x 174,400,256 + 3 x 226,498,560 + 75 x 9,703,004,416
  //     = 743,911,218,432 -- the model card's "744B parameters" (zai-org/GLM-5).
  // The MTP layer (model.layers.78): enorm, hnorm and shared_head.norm 3 x 6144, eh_proj
  // 6144 x 12288 = 75,497,472, one attention and one MoE: 9,952,920,576. It stores no
  // embed_tokens or shared_head.head copy (2 x 154880 x 6144 = 1,903,165,440 that DeepSeek-V3's
  // layout would add): the draft reads the main model's (vllm-ascend's GLM-5 guide,
  // docs/source/tutorials/models/GLM5.md @011f97fc, copies them into model.layers.78 before
  // serving MTP from the BF16 weights; vllm-project/vllm#34385). All: 753,864,139,008.
  const std::uint64_t attention = 174'400'256ULL;
  const std::uint64_t moe = 9'703'004'416ULL;
  const std::uint64_t main = 1'903'171'584ULL + 78 * attention + 3 * 226'498'560ULL + 75 * moe;
  CHECK(main == 743'911'218'432ULL);
  const std::uint64_t mtp = 3 * 6144 + 75'497'472ULL + attention + moe;
  CHECK(mtp == 9'952'920'576ULL);
  CHECK(parameter_count(im->m) == main + mtp);
  CHECK(main + mtp == 753'864'139'008ULL);
  // The draft's bytes: BF16, the router's e_score_correction_bias F32 (256 x 2 bytes more).
  CHECK(footprint(im->m, settings{}).draft_weights == 2 * mtp + 256 * 2);
  // Its tensors: 256 x 3 experts, 3 shared-expert, the router's weight and correction bias, 7
  // attention (q_a, q_a_layernorm, q_b, kv_a, kv_a_layernorm, kv_b, o), 5 indexer (wq_b, wk,
  // k_norm weight and bias, weights_proj), 2 layer norms, eh_proj, enorm, hnorm and
  // shared_head.norm: 791 (GLM-5.2's MTP layer, the same tensors, in the test below).
  std::uint64_t layer_78_tensors = 0;
  for (const auto& t : imp::inventory(im->m, "")) {
    if (t.name.rfind("model.layers.78.", 0) == 0) ++layer_78_tensors;
  }
  CHECK(layer_78_tensors == 256 * 3 + 3 + 2 + 7 + 5 + 2 + 4);
  CHECK(layer_78_tensors == 791);
  CHECK(footprint(im->m, settings{}).kv_per_token == 78 * (576 * 2 + 132));
}

TEST_CASE("import: GLM-5.2's shared-indexer layers store no indexer and cache no index key") {
  // indexer_types (transformers GlmMoeDsaConfig at 008e5743; ROCm/ATOM#1260, vllm-ascend#11363):
  // "full" on layers 0, 1, 2 and every 4th from 6 to 74 -- 3 + (74 - 6) / 4 + 1 = 21 layers --,
  // "shared" on the other 57, which reuse the last full layer's selection with no indexer
  // tensors and no indexer key cache. The MTP layer keeps its indexer. GLM-5.2's other dims are
  // GLM-5's, so by hand (BF16) from the GLM-5 sums above:
  //   indexer a layer: wq_b 8,388,608 + wk 786,432 + k_norm 256 + weights_proj 196,608 = 9,371,904
  //   full attention 174,400,256; shared attention 174,400,256 - 9,371,904 = 165,028,352
  //   main: 1,903,171,584 + 21 x 174,400,256 + 57 x 165,028,352 + 3 x 226,498,560
  //         + 75 x 9,703,004,416 = 743,377,019,904 (GLM-5's 743,911,218,432 less 57 indexers)
  const auto im = imp::import_config({config_dir("glm_5_2"), "", ""});
  CHECK(im->m.family == "mla_moe");
  const std::uint64_t full = 174'400'256ULL;
  const std::uint64_t shared = full - 9'371'904ULL;
  CHECK(shared == 165'028'352ULL);
  const std::uint64_t moe = 9'703'004'416ULL;
  const std::uint64_t main = 1'903'171'584ULL + 21 * full + 57 * shared + 3 * 226'498'560ULL + 75 * moe;
  CHECK(main == 743'911'218'432ULL - 57 * 9'371'904ULL);
  // The MTP layer is GLM-5's, its indexer kept and no embed_tokens or shared_head.head copy:
  // 3 x 6144 + 75,497,472 + 174,400,256 + 9,703,004,416 = 9,952,920,576 parameters in 791
  // tensors -- the "791 tensors, ~9.95B params" a reader of GLM-5.2's BF16 shards counts in
  // model.layers.78 (antirez/ds4#458); with the two copies it would be 793 tensors and 11.86B.
  const std::uint64_t mtp = 3 * 6144 + 75'497'472ULL + full + moe;
  CHECK(mtp == 9'952'920'576ULL);
  CHECK(parameter_count(im->m) == main + mtp);
  // KV a token: the latent row of 576 values in all 78 layers, the 132-byte index key in the 21.
  CHECK(footprint(im->m, settings{}).kv_per_token == 78 * 576 * 2 + 21 * 132);
  CHECK(footprint(im->m, settings{.kv = kv_dtype::fp8}).kv_per_token == 78 * 576 + 21 * 132);
  // GLM-5.3's transcription has the same schedule and dims.
  const auto glm53 = imp::import_config({config_dir("glm_5_3"), "", ""});
  CHECK(parameter_count(glm53->m) == main + mtp);
}

TEST_CASE("import: a GLM-5.2 indexer_types that disagrees with index_topk_freq is refused, naming the layer") {
  std::ifstream in(config_dir("glm_5_2") + "/config.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Layer 3 turned "full": the schedule index_topk_freq 4, index_skip_topk_offset 3 says "shared".
  const std::string from = "\"full\",\n    \"full\",\n    \"full\",\n    \"shared\",";
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), "\"full\",\n    \"full\",\n    \"full\",\n    \"full\",");
  const std::string path = (std::filesystem::temp_directory_path() / "headroom_glm_5_2_schedule.json").string();
  std::ofstream(path) << text;
  try {
    (void)imp::import_config({path, "", ""});
    std::filesystem::remove(path);
    FAIL("expected a refusal");
  } catch (const imp::import_error& e) {
    std::filesystem::remove(path);
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find("key `indexer_types`") != std::string::npos);
    CHECK(what.find("layer 3") != std::string::npos);
    CHECK(what.find("\"shared\"") != std::string::npos);
  }
}

TEST_CASE("import: a ModelOpt folder with both quantization configs reads config.json's once they agree") {
  // configs-quant/modelopt_pair: Qwen3-30B-A3B-NVFP4's config.json and hf_quant_config.json,
  // the config also carrying the latter's quantization block under quant_method modelopt (the
  // flat form of ModelOpt's config.json copy). vLLM reads config.json's (get_quant_config); the
  // two agree here, so the folder imports to the bytes of the hf_quant_config.json import.
  // modelopt_pair_disagree says FP8 in config.json and NVFP4 in hf_quant_config.json.
  const std::string dir = std::string(HEADROOM_SOURCE_DIR) + "/tests/data/configs-quant/";
  const auto im = imp::import_config({dir + "modelopt_pair", "", ""});
  const auto ref = imp::import_config({config_dir("qwen3_30b_a3b_nvfp4"), "", ""});
  CHECK(footprint(im->m, settings{}).weights == footprint(ref->m, settings{}).weights);
  try {
    (void)imp::import_config({dir + "modelopt_pair_disagree", "", ""});
    FAIL("expected a refusal");
  } catch (const imp::import_error& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find("key `quantization_config.quant_algo`") != std::string::npos);
    CHECK(what.find("disagree") != std::string::npos);
  }
}
