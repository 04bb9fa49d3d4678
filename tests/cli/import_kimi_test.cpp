// SPDX-License-Identifier: MIT
// Kimi-K2.5 (model_type kimi_k25: Kimi-K2's DeepSeek-V3 text model and a MoonViT tower), its
// NVIDIA NVFP4 export, and DeepSeek-V4 in the reference implementation's spelling
// (model_type deepseek_ref). Each weighs the hand sum written out below; sources in
// tests/data/configs/README.md.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include <headroom/headroom.hpp>

#include "headroom/import/importer.hpp"
#include "published_config.hpp"

using namespace headroom;
namespace imp = headroom::cli::import;

namespace {

using headroom::test::config_dir;

// The family builder's call with its dims, as the import writes it: two imports with the same
// call build the same circuit (the same constexpr function of the same dims).
std::string builder_call(const imp::imported& im) {
  const std::string h = imp::emit_header(im, "x");
  const std::size_t at = h.find("m.c = family::");
  REQUIRE(at != std::string::npos);
  return h.substr(at, h.find('\n', at) - at);
}

// MoonViT and its projector at Kimi-K2.5's widths (vt_hidden_size h = 1152, vt_intermediate_size
// 4304, 27 blocks, patch 14, a 64 x 64 position table, 2 x 2 merge, text hidden 7168):
//   patch_embed.proj 1152 x 3 x 14 x 14 + 1152 = 678,528; pos_emb 64 x 64 x 1152 = 4,718,592;
//   a block: norm0, norm1 4 x 1152 = 4,608; wqkv 3456 x 1152 + 3456 = 3,984,768;
//     wo 1152 x 1152 + 1152 = 1,328,256; fc0 4304 x 1152 + 4304 = 4,962,512;
//     fc1 1152 x 4304 + 1152 = 4,959,360: 15,239,504, x 27 = 411,466,608;
//   final_layernorm 2,304; projector: pre_norm 2,304, linear_1 4608 x 4608 + 4608 = 21,238,272,
//     linear_2 7168 x 4608 + 7168 = 33,037,312.
constexpr std::uint64_t moonvit = 678'528 + 4'718'592 + 411'466'608 + 2'304 + 2'304 + 21'238'272 + 33'037'312;
static_assert(moonvit == 471'143'920);

// Kimi-K2's text model (hidden 7168, 61 layers, the first dense, 384 routed experts of 2048 and
// one shared, vocab 163840):
//   embed and lm_head 2 x 163840 x 7168 = 2,348,810,240; final norm 7,168;
//   attention a layer (q_a 1536 x 7168, q_a_layernorm, q_b 12288 x 1536, kv_a 576 x 7168,
//     kv_a_layernorm, kv_b 16384 x 512, o 7168 x 8192, the two layer norms) 101,138,432, x 61;
//   layer 0's MLP 3 x 7168 x 18432 = 396,361,728;
//   an MoE layer: experts 384 x 3 x 7168 x 2048 = 16,911,433,728, shared 44,040,192, router
//     384 x 7168 = 2,752,512 and its correction bias 384: 16,958,226,816, x 60.
constexpr std::uint64_t routed = 60ULL * 16'911'433'728ULL;
constexpr std::uint64_t kimi_k2 = 2'348'810'240ULL + 7'168 + 61ULL * 101'138'432ULL + 396'361'728ULL + 60ULL * 16'958'226'816ULL;
static_assert(kimi_k2 == 1'026'408'232'448ULL);

}  // namespace

TEST_CASE("import: Kimi-K2.5 (kimi_k25) is Kimi-K2's text model, INT4 experts and a MoonViT tower") {
  const auto im = imp::import_config({config_dir("kimi_k2_5"), "", ""});
  CHECK(im->m.family == "mla_moe");
  const auto k2 = imp::import_config({config_dir("kimi_k2_instruct"), "", ""});
  // The text model is Kimi-K2's, node for node; the tower adds the hand sum above.
  CHECK(parameter_count(k2->m) == kimi_k2);  // within Kimi-K2's published "1.026T total parameters"
  CHECK(parameter_count(im->m) == kimi_k2 + moonvit);
  const footprint_bytes fp = footprint(im->m, settings{});
  CHECK(fp.vision_weights == 2 * moonvit);  // BF16: vLLM builds the tower without quant_config
  // SGLang sizes its multimodal memory fraction by the tower's depth and width: 27 and 1152.
  CHECK(im->m.vision_config == vision_config_keys{.present = true, .num_hidden_layers = 27, .hidden_size = 1152});
  // text_config.quantization_config (compressed-tensors W4A16, groups of 32) quantizes the
  // routed experts only; its ignore list keeps attention, shared experts and the dense MLP BF16.
  // The experts: 0.5 byte a value, a BF16 scale per 32 values (1/16 byte a value) and an I64
  // weight_shape pair (16 bytes) per tensor, 60 x 384 x 3 tensors; everything else BF16 but the
  // routers' F32 correction bias (60 x 384 x 4 bytes).
  constexpr std::uint64_t rest = kimi_k2 + moonvit - routed;
  constexpr std::uint64_t bytes = routed / 2 + routed / 16 + 60ULL * 384 * 3 * 16 + 2 * rest + 60ULL * 384 * 2;
  // The release was reported at "595GB" (VentureBeat, "Moonshot's Kimi K2.5 is 'open,' 595GB, and
  // built for agent swarms", 2026-01-29): this sum, rounded.
  static_assert(bytes == 595'148'745'696ULL);
  CHECK(fp.weights == bytes);
  // MLA: one latent row of 512 + 64 values a token a layer, BF16; no MTP layer.
  CHECK(fp.kv_per_token == 61 * (512 + 64) * 2);
  CHECK(fp.draft_weights == 0);
}

TEST_CASE("import: NVIDIA's Kimi-K2.5-NVFP4 (kimi_k25, ModelOpt NVFP4) weighs its hand sum") {
  const auto im = imp::import_config({config_dir("kimi_k2_5_nvfp4"), "", ""});
  const auto int4 = imp::import_config({config_dir("kimi_k2_5"), "", ""});
  CHECK(builder_call(*im) == builder_call(*int4));  // the same checkpoint's tensors, other formats
  // config.json's quantization_config (quant_method modelopt, NVFP4 in groups of 16) keeps
  // BF16 what its ignore list names -- language_model.lm_head, every layer's self_attn,
  // vision_tower and mm_projector -- and the embedding and routers, which are not converted.
  // An NVFP4 [n, k] tensor: n k / 2 bytes of E2M1 pairs, an E4M3 scale per 16 values (n k / 16
  // bytes), an F32 weight_scale_2 and an F32 input_scale (8 bytes).
  //   embed and lm_head 2 x 163840 x 7168 x 2 = 4,697,620,480; final norm 14,336;
  //   attention 61 x 101,138,432 x 2 = 12,338,888,704;
  //   layer 0's MLP: 3 tensors of 7168 x 18432 = 132,120,576 values, 66,060,288 + 8,257,536 + 8
  //     = 74,317,832 bytes each: 222,953,496;
  //   an MoE layer: 384 x 3 + 3 tensors of 7168 x 2048 = 14,680,064 values, 7,340,032 + 917,504 + 8
  //     = 8,257,544 bytes each: 9,537,463,320; the router 384 x 7168 x 2 = 5,505,024 and its F32
  //     bias 1,536: 9,542,969,880, x 60 = 572,578,192,800;
  //   the tower 2 x 471,143,920 = 942,287,840.
  constexpr std::uint64_t bytes =
      4'697'620'480ULL + 14'336 + 12'338'888'704ULL + 222'953'496ULL + 572'578'192'800ULL + 2 * moonvit;
  static_assert(bytes == 590'779'957'656ULL);
  const footprint_bytes fp = footprint(im->m, settings{});
  CHECK(fp.weights == bytes);
  // kv_cache_scheme 8-bit float: the engines' --kv auto holds the latent row one byte a value.
  CHECK(im->m.config_kv_dtype == kv_dtype::fp8);
  CHECK(footprint(im->m, {.kv = kv_dtype::fp8}).kv_per_token == 61 * (512 + 64));
}

TEST_CASE("import: NVIDIA's Kimi-K2.6-NVFP4 keeps layer 0 and the shared experts BF16, as its list says") {
  // Its ignore list names `language_model.model.layers.0*` (the whole dense layer: attention and
  // MLP), the other layers' self_attn* and mlp.shared_experts* one by one; hf_quant_config.json
  // beside it says the same (quant_algo NVFP4, kv_cache_quant_algo FP8, group_size 16).
  const auto k26 = imp::import_config({config_dir("kimi_k2_6_nvfp4"), "", ""});
  const auto k25 = imp::import_config({config_dir("kimi_k2_5_nvfp4"), "", ""});
  CHECK(builder_call(*k26) == builder_call(*k25));
  // Against Kimi-K2.5-NVFP4 (above): layer 0's MLP BF16, 396,361,728 x 2 = 792,723,456 bytes
  // for 222,953,496; each MoE layer's shared expert BF16, 44,040,192 x 2 = 88,080,384 bytes for
  // 3 x 8,257,544 = 24,772,632, in 60 layers.
  constexpr std::uint64_t more = (792'723'456ULL - 222'953'496ULL) + 60ULL * (88'080'384ULL - 24'772'632ULL);
  CHECK(footprint(k26->m, settings{}).weights == 590'779'957'656ULL + more);
  static_assert(590'779'957'656ULL + more == 595'148'192'736ULL);
}

TEST_CASE("import: DeepSeek-V4-Flash in the reference spelling (deepseek_ref) is deepseek_v4's circuit") {
  const auto ref = imp::import_config({config_dir("deepseek_v4_flash_fp8"), "", ""});
  const auto v4 = imp::import_config({config_dir("deepseek_v4_flash"), "", ""});
  CHECK(ref->m.family == "deepseek_v4");
  CHECK(builder_call(*ref) == builder_call(*v4));
  CHECK(parameter_count(ref->m) == parameter_count(v4->m));
  // The two configs differ in the routed experts only: deepseek-ai's says expert_dtype fp4
  // (MXFP4: half a byte a value and an E8M0 scale per 32), sgl-project's conversion keeps them
  // block FP8 like the rest (a byte a value, an E8M0 scale per 128 x 128 block). An expert's
  // w1, w3 [2048, 4096] and w2 [4096, 2048] hold 25,165,824 values: MXFP4 12,582,912 + 786,432
  // = 13,369,344 bytes, FP8 25,165,824 + 3 x 512 = 25,167,360 bytes, 11,798,016 more; 256
  // experts in each of the 43 layers and the MTP layer.
  constexpr std::uint64_t more = 256ULL * 44 * (25'167'360 - 13'369'344);
  static_assert(more == 132'892'852'224ULL);
  // deepseek-ai/DeepSeek-V4-Flash's published total_size is 159,609,485,896 (import_test.cpp).
  CHECK(footprint(v4->m, settings{}).weights == 159'609'485'896ULL);
  CHECK(footprint(ref->m, settings{}).weights == 159'609'485'896ULL + more);
  CHECK(footprint(ref->m, settings{}).kv_per_token == footprint(v4->m, settings{}).kv_per_token);
}

TEST_CASE("import: Kimi-K3 (kimi_k3) is refused with its reason, naming the key") {
  try {
    (void)imp::import_config({config_dir("kimi_k3"), "", "x"});
    FAIL("imported");
  } catch (const imp::import_error& e) {
    const std::string what = e.what();
    CHECK(what.find("key `model_type`: `kimi_k3` is not supported yet") != std::string::npos);
    CHECK(what.find("attention residuals") != std::string::npos);
    CHECK(what.find('\n') == std::string::npos);
  }
}
