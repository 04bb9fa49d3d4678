// SPDX-License-Identifier: MIT
// Checkpoints added through the importer (no shipped table): each weighs its published
// total_size, or, where none was found, the hand sum written out below. Sources:
// tests/data/configs/README.md. And the quantized recipes: AWQ, GPTQ and compressed-tensors
// configs become the formats of include/headroom/tensor_format.hpp, their lists honoured.
#include <doctest/doctest.h>

#include <string>

#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "headroom/import/importer.hpp"
#include "published_config.hpp"
#include "headroom/checkpoint/verify.hpp"

using namespace headroom;
namespace imp = headroom::cli::import;

namespace {

using headroom::test::config_dir;

std::uint64_t weights_of(std::string_view id) {
  const auto im = imp::import_config({config_dir(id), "", std::string(id)});
  return footprint(im->m, settings{}).weights;
}

// The weight format the model gives the first node of `o` (main section).
tensor_format weight_format(const model& m, op o) {
  tensor_format f = formats::f32;
  bool found = false;
  for_each_node(m, section::main, [&](const node& n, const instance& in, const block&) {
    if (!found && n.kind == o && n.has_weight()) {
      f = formats_of(m, n, in).weight;
      found = true;
    }
  });
  return f;
}

}  // namespace

TEST_CASE("import: Qwen3-1.7B weighs its published total_size less the stored copy of its tied lm_head") {
  // Qwen/Qwen3-1.7B's model.safetensors.index.json declares total_size 4,063,479,808; like
  // Qwen3-0.6B it stores lm_head.weight although config.json ties it. The importer follows the
  // config: 4,063,479,808 - 151,936 x 2,048 x 2 (lm_head, BF16) = 4,063,479,808 - 622,329,856.
  CHECK(weights_of("qwen3_1_7b") == 4'063'479'808 - 622'329'856);
}

TEST_CASE("import: Llama-3.2-1B weighs its hand sum (one model.safetensors, no index published)") {
  // BF16, tied head. Per layer: q 2048x2048 + k, v 512x2048 each + o 2048x2048 = 10,485,760;
  // gate, up 8192x2048 + down 2048x8192 = 50,331,648; two norms 4,096: 60,821,504 parameters.
  // 16 layers = 973,144,064; embed 128,256 x 2,048 = 262,668,288; final norm 2,048.
  // 1,235,814,400 parameters x 2 bytes.
  CHECK(weights_of("llama_3_2_1b") == (16ULL * 60'821'504 + 262'668'288 + 2'048) * 2);
}

TEST_CASE("import: Llama-3.2-3B weighs its hand sum (tied head, no lm_head stored)") {
  // BF16, tie_word_embeddings true. Per layer: q 3072x3072 + k, v 1024x3072 each + o 3072x3072 =
  // 25,165,824; gate, up 8192x3072 + down 3072x8192 = 75,497,472; two norms 6,144: 100,669,440.
  // 28 layers = 2,818,744,320; embed 128,256 x 3,072 = 394,002,432; final norm 3,072.
  // 3,212,749,824 parameters (the "3.21B" of the model card) x 2 bytes = 6,425,499,648.
  CHECK(weights_of("llama_3_2_3b") == (28ULL * 100'669'440 + 394'002'432 + 3'072) * 2);
}

TEST_CASE("import: Qwen2.5-7B-Instruct-AWQ weighs its hand sum of the AutoAWQ GEMM layout") {
  // No published total_size was found. Per linear [n, k] at group 128: qweight n*k/2, qzeros
  // (k/128)*n/2, scales (k/128)*n*2 = n*k*(1/2 + 5/256) = n*k*133/256. Per layer n*k: q, o
  // 3584x3584 = 12,845,056 each; k, v 512x3584 = 1,835,008 each; gate, up, down 18944x3584 =
  // 67,895,296 each: 233,046,016 -> 121,074,688 bytes; 28 layers = 3,390,091,264.
  // F16 q, k, v biases (4,608) and two norms (7,168) per layer: 23,552 bytes x 28 = 659,456.
  // embed and lm_head 152,064 x 3,584 x 2 each = 2,179,989,504; final norm 7,168.
  CHECK(weights_of("qwen2_5_7b_instruct_awq") == 3'390'091'264ULL + 659'456 + 2'179'989'504 + 7'168);
  const auto im = imp::import_config({config_dir("qwen2_5_7b_instruct_awq"), "", ""});
  CHECK(weight_format(im->m, op::linear) == formats::awq(128));
  CHECK(weight_format(im->m, op::lm_head) == formats::bf16);
  CHECK(weight_format(im->m, op::embed) == formats::bf16);
}

TEST_CASE("import: a compressed-tensors W4A16 Llama-3.1-8B weighs its hand sum of the pack-quantized layout") {
  // No published total_size was found. Per linear [n, k] at group 128: weight_packed n*k/2,
  // weight_scale BF16 n*(k/128)*2 = n*k/64, weight_shape 16. Per layer n*k: q, o 4096x4096,
  // k, v 1024x4096, gate, up 14336x4096, down 4096x14336: 218,103,808 -> 109,051,904 +
  // 3,407,872 + 7 x 16 = 112,459,888 bytes; 32 layers = 3,598,716,416. Two BF16 norms a layer
  // (16,384 x 32 = 524,288); embed and lm_head (ignored: BF16) 128,256 x 4,096 x 2 each =
  // 2,101,346,304; final norm 8,192.
  CHECK(weights_of("llama_3_1_8b_instruct_w4a16") == 3'598'716'416ULL + 524'288 + 2'101'346'304 + 8'192);
  const auto im = imp::import_config({config_dir("llama_3_1_8b_instruct_w4a16"), "", ""});
  CHECK(weight_format(im->m, op::linear) == formats::int4(128));
  CHECK(weight_format(im->m, op::lm_head) == formats::bf16);
}

namespace {
std::uint64_t tiny_weights(std::string_view file) {
  const auto im = imp::import_config({std::string(HEADROOM_SOURCE_DIR) + "/tests/data/configs-quant/" + std::string(file), "", "tiny"});
  return footprint(im->m, settings{}).weights;
}
}  // namespace

// tests/data/configs-quant/: tests/data/configs-bad/tiny_llama.json (hidden 64, intermediate
// 128, 4 heads of 16, 2 KV heads, 2 layers, vocab 256, untied) with a quantization_config.
// Per layer [n, k]: q, o [64, 64]; k, v [32, 64]; gate, up [128, 64]; down [64, 128]. Outside
// the linears: 2 norms x 64 x 2 bytes a layer (512 in all), embed and lm_head 256 x 64 x 2 each
// (65,536), final norm 128.
TEST_CASE("import: GPTQ INT4 (group 32) stores qweight, qzeros, F16 scales and g_idx per linear") {
  // n*k/2 + (k/32)*n/2 + (k/32)*n*2 + 4k: q, o 2,048 + 64 + 256 + 256 = 2,624; k, v 1,024 + 32 +
  // 128 + 256 = 1,440; gate, up 4,096 + 128 + 512 + 256 = 4,992; down 4,096 + 128 + 512 + 512 =
  // 5,248. Per layer 23,360, two layers 46,720.
  CHECK(tiny_weights("tiny_llama_gptq.json") == 46'720 + 512 + 65'536 + 128);
}

TEST_CASE("import: compressed-tensors W8A8 INT8 stores I8 weights and a 16-bit scale per output channel") {
  // n*k + 2n: q, o 4,096 + 128 = 4,224; k, v 2,048 + 64 = 2,112; gate, up 8,192 + 256 = 8,448;
  // down 8,192 + 128 = 8,320. Per layer 37,888, two layers 75,776.
  CHECK(tiny_weights("tiny_llama_w8a8.json") == 75'776 + 512 + 65'536 + 128);
  const auto im = imp::import_config({std::string(HEADROOM_SOURCE_DIR) + "/tests/data/configs-quant/tiny_llama_w8a8.json", "", "tiny"});
  bool found = false;
  for_each_node(im->m, section::main, [&](const node& n, const instance& in, const block&) {
    if (found || n.kind != op::linear || !n.has_weight()) return;
    found = true;
    CHECK(formats_of(im->m, n, in).weight == formats::int8_channel);
    CHECK(formats_of(im->m, n, in).activation == formats::int8_token);
  });
  CHECK(found);
}

TEST_CASE("import: DeepSeek-V3.1 (scale_fmt ue8m0) is DeepSeek-V3's circuit and bytes") {
  // DeepSeek-V3.1 keeps DeepSeek-V3's dims; its quantization_config adds scale_fmt ue8m0, block
  // scales rounded to powers of two but still stored as F32 weight_scale_inv.
  const auto v31 = imp::import_config({config_dir("deepseek_v3_1"), "", ""});
  const model* v3 = models::find("deepseek_v3");
  REQUIRE(v3 != nullptr);
  for (const settings& s : {settings{}, settings{.kv = kv_dtype::fp8, .speculative = true}}) {
    CHECK(footprint(v31->m, s).weights == footprint(*v3, s).weights);
    CHECK(footprint(v31->m, s).draft_weights == footprint(*v3, s).draft_weights);
    CHECK(footprint(v31->m, s).kv_per_token == footprint(*v3, s).kv_per_token);
  }
}

TEST_CASE("import: Kimi-K2 (model_type kimi_k2) builds DeepSeek-V3's class at its own dims") {
  const auto im = imp::import_config({config_dir("kimi_k2_instruct"), "", ""});
  CHECK(im->m.family == "mla_moe");
  // MLA caches kv_lora_rank + qk_rope_head_dim = 512 + 64 values a token a layer, BF16, 61 layers.
  CHECK(footprint(im->m, settings{}).kv_per_token == 61 * (512 + 64) * 2);
  // No MTP layer (num_nextn_predict_layers 0).
  CHECK(footprint(im->m, settings{}).draft_weights == 0);
  // Published: "1.026T total parameters" (the model card of unsloth/Kimi-K2-Instruct-GGUF, a
  // conversion of these weights); no total_size was found.
  const std::uint64_t p = parameter_count(im->m);
  INFO("parameters " << p);
  CHECK(p >= 1'025'500'000'000);
  CHECK(p < 1'026'500'000'000);
}

TEST_CASE("verify: the INT4 / INT8 layouts' tensor lists sum to the byte laws") {
  // verify.cpp names each stored tensor (qweight, qzeros, scales, g_idx; weight_packed,
  // weight_scale, weight_shape; I8 weight and weight_scale) independently of the byte laws.
  for (const std::string& path : {config_dir("qwen2_5_7b_instruct_awq"), config_dir("llama_3_1_8b_instruct_w4a16"),
                                 std::string(HEADROOM_SOURCE_DIR) + "/tests/data/configs-quant/tiny_llama_gptq.json",
                                 std::string(HEADROOM_SOURCE_DIR) + "/tests/data/configs-quant/tiny_llama_w8a8.json"}) {
    INFO(path);
    const auto im = imp::import_config({path, "", "x"});
    std::uint64_t sum = 0;
    for (const imp::tensor_info& t : imp::inventory(im->m, im->model_type)) sum += t.bytes;
    CHECK(sum == footprint(im->m, settings{}).weights);
  }
}
