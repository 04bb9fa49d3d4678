// SPDX-License-Identifier: MIT
// model_types the importer reads beside the shipped families' own (docs/importing.md): Gemma 2
// and 3, Qwen2-MoE, Qwen3-VL (dense and MoE), Phi-3, OLMo 2. Each published config.json under
// tests/data/configs/ (tests/data/configs/README.md gives the source of each file and number)
// weighs its published total_size or parameter count, or the hand sum written out below, and
// its KV cache is summed by hand from the config.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <headroom/engines/none.hpp>
#include <headroom/headroom.hpp>

#include "headroom/import/importer.hpp"
#include "published_config.hpp"

using namespace headroom;
namespace imp = headroom::cli::import;

namespace {

using headroom::test::config_dir;
using headroom::test::footprint_of;

// The footprint when sliding layers keep only their window (--evict-sliding; every engine's own
// allocation, engine.hpp as_allocated): full-attention KV apart from the window's.
footprint_bytes evicting_of(std::string_view id) {
  engine e = engines::none;
  e.evict_sliding = true;
  const auto im = imp::import_config({config_dir(id), "", std::string(id)});
  return footprint(im->m, settings{}, e);
}

}  // namespace

TEST_CASE("import gemma2: Gemma-2-2B-it weighs its published total_size; half its layers slide over 4096 tokens") {
  // google/gemma-2-2b-it model.safetensors.index.json: metadata.total_size 5,228,683,776.
  // By hand: per layer q [2048, 2304], k, v [1024, 2304], o [2304, 2048] = 14,155,776; gate, up
  // [9216, 2304], down [2304, 9216] = 63,700,992; four norms 9,216: 77,865,984 x 26 layers;
  // embed_tokens [256000, 2304] = 589,824,000 (lm_head tied); final norm 2,304.
  static_assert((26ULL * 77'865'984 + 589'824'000 + 2'304) * 2 == 5'228'683'776);
  const footprint_bytes fp = footprint_of("gemma_2_2b_it");
  CHECK(fp.weights == 5'228'683'776);
  // K and V of 4 heads x 256 on every layer; odd layers global, even layers sliding
  // (Gemma2Config): 13 of each, the sliding ones keeping 4096 tokens when evicting.
  CHECK(fp.kv_per_token == 26 * 2 * 4 * 256 * 2);
  const footprint_bytes ev = evicting_of("gemma_2_2b_it");
  CHECK(ev.kv_per_token == 13 * 2 * 4 * 256 * 2);
  CHECK(ev.swa_kv_per_token == 13 * 2 * 4 * 256 * 2);
  CHECK(ev.swa_window == 4096);
}

TEST_CASE("import gemma3_text: Gemma-3-1B-it weighs its published parameter count; one layer in six is global") {
  // keras-hub keras_hub/src/models/gemma3/gemma3_presets.py (commit 00d9f10a), gemma3_instruct_1b:
  // "params": 999,885,952, at 2 bytes each. By hand: per layer q [1024, 1152], k, v [256, 1152],
  // o [1152, 1024] = 2,949,120; gate, up [6912, 1152], down [1152, 6912] = 23,887,872; four norms
  // 4,608 and q_norm, k_norm 512: 26,842,112 x 26; embed_tokens [262144, 1152] = 301,989,888;
  // final norm 1,152.
  static_assert(26ULL * 26'842'112 + 301'989'888 + 1'152 == 999'885'952);
  const footprint_bytes fp = footprint_of("gemma_3_1b_it");
  CHECK(fp.weights == 999'885'952ULL * 2);
  CHECK(fp.vision_weights == 0);
  // One KV head of 256, K and V at 2 bytes, on 26 layers; sliding_window_pattern 6: layers 5,
  // 11, 17, 23 global, 22 sliding over 512 tokens.
  CHECK(fp.kv_per_token == 26 * 2 * 256 * 2);
  const footprint_bytes ev = evicting_of("gemma_3_1b_it");
  CHECK(ev.kv_per_token == 4 * 2 * 256 * 2);
  CHECK(ev.swa_kv_per_token == 22 * 2 * 256 * 2);
  CHECK(ev.swa_window == 512);
}

TEST_CASE("import gemma3: Gemma-3-12B-it with its SigLIP tower weighs the published count plus 64 vocabulary rows") {
  // keras-hub gemma3_presets.py (commit 00d9f10a): gemma3_instruct_12b (vision+text) "params"
  // 12,187,079,280, gemma3_instruct_12b_text 11,765,788,416: the tower and projector are the
  // difference, 421,290,864. keras-hub's vocabulary is 262,144; the checkpoint's text_config
  // leaves vocab_size at Gemma3TextConfig's 262,208 (64 image-token rows more) x 3,840.
  // The tower by hand (siglip_vision_model, hidden 1152, intermediate 4304, 27 layers, patch 14,
  // image 896): patch_embedding [1152, 3, 14, 14] + bias = 678,528; position_embedding
  // [4096, 1152] = 4,718,592; per layer two LayerNorms 4,608, q/k/v/out [1152, 1152] + biases
  // 5,313,024, fc1 [4304, 1152] + bias 4,962,512, fc2 [1152, 4304] + bias 4,959,360 = 15,239,504
  // x 27; post_layernorm 2,304; projector mm_soft_emb_norm 1,152 + mm_input_projection
  // [1152, 3840] = 4,423,680.
  static_assert(678'528 + 4'718'592 + 27ULL * 15'239'504 + 2'304 + 1'152 + 4'423'680 == 421'290'864);
  static_assert(12'187'079'280 - 11'765'788'416 == 421'290'864);
  const footprint_bytes fp = footprint_of("gemma_3_12b_it");
  CHECK(fp.weights == (12'187'079'280ULL + 64 * 3'840) * 2);
  CHECK(fp.vision_weights == 421'290'864ULL * 2);
  // 8 KV heads of 256 (Gemma3TextConfig's head_dim) on 48 layers: 8 global, 40 sliding over 1024 tokens.
  CHECK(fp.kv_per_token == 48 * 2 * 8 * 256 * 2);
  const footprint_bytes ev = evicting_of("gemma_3_12b_it");
  CHECK(ev.kv_per_token == 8 * 2 * 8 * 256 * 2);
  CHECK(ev.swa_kv_per_token == 40 * 2 * 8 * 256 * 2);
  CHECK(ev.swa_window == 1024);
}

TEST_CASE("import qwen2_moe: Qwen1.5-MoE-A2.7B weighs its published total_size (q/k/v biases, gated shared expert)") {
  // Qwen/Qwen1.5-MoE-A2.7B-Chat model.safetensors.index.json: metadata.total_size
  // 28,631,568,384. By hand: per layer q, k, v [2048, 2048] + biases 12,589,056, o 4,194,304;
  // router [60, 2048] 122,880; 60 experts x gate, up [1408, 2048], down [2048, 1408] =
  // 519,045,120; shared expert gate, up [5632, 2048], down [2048, 5632] = 34,603,008 and its gate
  // [1, 2048]; two norms 4,096: 570,560,512 x 24; embed_tokens and lm_head [151936, 2048] each;
  // final norm 2,048.
  static_assert(12'589'056 + 4'194'304 + 122'880 + 519'045'120 + 34'603'008 + 2'048 + 4'096 == 570'560'512);
  static_assert((24ULL * 570'560'512 + 2 * 151'936ULL * 2'048 + 2'048) * 2 == 28'631'568'384);
  const footprint_bytes fp = footprint_of("qwen1_5_moe_a2_7b_chat");
  CHECK(fp.weights == 28'631'568'384);
  CHECK(fp.kv_per_token == 24 * 2 * 16 * 128 * 2);  // 16 KV heads of 2048 / 16 = 128
}

TEST_CASE("import qwen3_vl: Qwen3-VL-4B-Instruct with its tower and deepstack mergers weighs its hand sum") {
  // No published total was found. Text (tied): per layer q [4096, 2560], k, v [1024, 2560], o
  // [2560, 4096] = 26,214,400; gate, up [9728, 2560], down [2560, 9728] = 74,711,040; two norms
  // 5,120 and q_norm, k_norm 256: 100,930,816 x 36; embed_tokens [151936, 2560] = 388,956,160;
  // final norm 2,560. Tower (hidden 1024, intermediate 4096, depth 24, patch 16 x 16 x 2 frames
  // of 3 channels, merge 2, 2304 positions, out 2560): patch_embed 1,572,864 + 1,024; pos_embed
  // 2,359,296; per block two LayerNorms 4,096, qkv [3072, 1024] + bias 3,148,800, proj 1,049,600,
  // fc1 [4096, 1024] + bias 4,198,400, fc2 [1024, 4096] + bias 4,195,328 = 12,596,224 x 24;
  // merger LayerNorm 2,048, fc1 [4096, 4096] + bias 16,781,312, fc2 [2560, 4096] + bias
  // 10,488,320; three deepstack mergers (deepstack_visual_indexes [5, 11, 17]) each with a
  // LayerNorm over 4096 (8,192) and the same two linears.
  constexpr std::uint64_t text = 36ULL * 100'930'816 + 388'956'160 + 2'560;
  constexpr std::uint64_t tower = 1'573'888 + 2'359'296 + 24ULL * 12'596'224 + (2'048 + 16'781'312 + 10'488'320) +
                                  3 * (8'192 + 16'781'312 + 10'488'320);
  static_assert(text == 4'022'468'096 && tower == 415'347'712);
  const footprint_bytes fp = footprint_of("qwen3_vl_4b_instruct");
  CHECK(fp.weights == (text + tower) * 2);
  CHECK(fp.vision_weights == tower * 2);
  CHECK(fp.kv_per_token == 36 * 2 * 8 * 128 * 2);
}

TEST_CASE("import qwen3_vl_moe: Qwen3-VL-30B-A3B-Instruct weighs the parameter count of its published tensors") {
  // The 882 tensors of the checkpoint, as a public inspection report of a local copy lists them
  // (tests/data/configs/README.md), hold 31,070,754,032 parameters, BF16. By hand: per layer q
  // [4096, 2048], k, v [512, 2048], o [2048, 4096] = 18,874,368; q_norm, k_norm 256; two norms
  // 4,096; router [128, 2048] 262,144; experts gate_up [128, 2048, 1536], down [128, 768, 2048]
  // = 603,979,776: 623,120,640 x 48; embed_tokens and lm_head [151936, 2048] each; final norm
  // 2,048. Tower (hidden 1152, intermediate 4304, depth 27, patch 16, 2304 positions, out 2048):
  // patch_embed 1,769,472 + 1,152, pos_embed 2,654,208, 15,239,504 a block, merger 30,679,808,
  // three deepstack mergers 30,686,720 each.
  constexpr std::uint64_t text = 48ULL * 623'120'640 + 2 * 151'936ULL * 2'048 + 2'048;
  constexpr std::uint64_t tower = 1'770'624 + 2'654'208 + 27ULL * 15'239'504 + 30'679'808 + 3 * 30'686'720;
  static_assert(text + tower == 31'070'754'032);
  const footprint_bytes fp = footprint_of("qwen3_vl_30b_a3b_instruct");
  CHECK(fp.weights == 31'070'754'032ULL * 2);
  CHECK(fp.vision_weights == tower * 2);
  CHECK(fp.kv_per_token == 48 * 2 * 4 * 128 * 2);
}

TEST_CASE("import phi3: Phi-3-mini-4k-instruct weighs its published total_size; sliding_window 2047 on every layer") {
  // microsoft/Phi-3-mini-4k-instruct model.safetensors.index.json: metadata.total_size
  // 7,642,159,104. By hand: qkv_proj [9216, 3072] and o_proj [3072, 3072] = 37,748,736;
  // gate_up_proj [16384, 3072], down_proj [3072, 8192] = 75,497,472; two norms 6,144:
  // 113,252,352 x 32; embed_tokens and lm_head [32064, 3072] each; final norm 3,072.
  static_assert((32ULL * 113'252'352 + 2 * 32'064ULL * 3'072 + 3'072) * 2 == 7'642'159'104);
  const footprint_bytes fp = footprint_of("phi_3_mini_4k_instruct");
  CHECK(fp.weights == 7'642'159'104);
  CHECK(fp.kv_per_token == 32 * 2 * 32 * 96 * 2);
  const footprint_bytes ev = evicting_of("phi_3_mini_4k_instruct");
  CHECK(ev.kv_per_token == 0);
  CHECK(ev.swa_kv_per_token == 32 * 2 * 32 * 96 * 2);
  CHECK(ev.swa_window == 2047);
}

TEST_CASE("import olmo2: OLMo-2-1124-7B's whole-projection q / k norms weigh the hand sum") {
  // No published total was found. Per layer q, k, v, o [4096, 4096] = 67,108,864; q_norm and
  // k_norm over the whole projection [4096] each; gate, up [11008, 4096], down [4096, 11008] =
  // 135,266,304; post_attention_layernorm, post_feedforward_layernorm 8,192: 202,391,552 x 32;
  // embed_tokens and lm_head [100352, 4096] each; final norm 4,096.
  constexpr std::uint64_t params = 32ULL * (67'108'864 + 8'192 + 135'266'304 + 8'192) + 2 * 100'352ULL * 4'096 + 4'096;
  static_assert(params == 7'298'617'344);
  const footprint_bytes fp = footprint_of("olmo_2_1124_7b");
  CHECK(fp.weights == params * 2);
  CHECK(fp.kv_per_token == 32 * 2 * 4096 * 2);
}

TEST_CASE("import granite, internlm3, ernie4_5: Llama-layout decoders under their own model_types weigh their hand sums") {
  // No published totals were found; each by hand from its config.json.
  // Granite-3.3-8B-Instruct (tied): per layer q, o [4096, 4096], k, v [1024, 4096] = 41,943,040;
  // gate, up [12800, 4096], down [4096, 12800] = 157,286,400; two norms 8,192; x 40; embed_tokens
  // [49159, 4096] = 201,355,264; final norm 4,096. The multipliers scale activations only.
  constexpr std::uint64_t granite = 40ULL * (41'943'040 + 157'286'400 + 8'192) + 201'355'264 + 4'096;
  static_assert(granite == 8'170'864'640);
  CHECK(footprint_of("granite_3_3_8b_instruct").weights == granite * 2);
  // InternLM3-8B-Instruct (untied): per layer q, o [4096, 4096], k, v [256, 4096] = 35,651,584;
  // gate, up [10240, 4096], down [4096, 10240] = 125,829,120; two norms 8,192; x 48;
  // embed_tokens and lm_head [128512, 4096] each; final norm 4,096.
  constexpr std::uint64_t internlm3 = 48ULL * (35'651'584 + 125'829'120 + 8'192) + 2 * 128'512ULL * 4'096 + 4'096;
  static_assert(internlm3 == 8'804'241'408);
  CHECK(footprint_of("internlm3_8b_instruct").weights == internlm3 * 2);
  CHECK(footprint_of("internlm3_8b_instruct").kv_per_token == 48 * 2 * 2 * 128 * 2);
  // ERNIE-4.5-0.3B-PT (tied): per layer q [2048, 1024], k, v [256, 1024], o [1024, 2048] =
  // 4,718,592; gate, up [3072, 1024], down [1024, 3072] = 9,437,184; two norms 2,048; x 18;
  // embed_tokens [103424, 1024] = 105,906,176; final norm 1,024.
  constexpr std::uint64_t ernie = 18ULL * (4'718'592 + 9'437'184 + 2'048) + 105'906'176 + 1'024;
  static_assert(ernie == 360'748'032);
  CHECK(footprint_of("ernie_4_5_0_3b_pt").weights == ernie * 2);
}

TEST_CASE("import mistral3: Mistral-Small-3.1-24B with its Pixtral tower and projector weighs its hand sum") {
  // No published total was found. Text (untied): per layer q [4096, 5120], k, v [1024, 5120],
  // o [5120, 4096] = 52,428,800; gate, up [32768, 5120], down [5120, 32768] = 503,316,480; two
  // norms 10,240; x 40; embed_tokens and lm_head [131072, 5120] each; final norm 5,120.
  // Pixtral (hidden 1024, intermediate 4096, 24 layers, patch 14, 3 channels): patch_conv
  // [1024, 3, 14, 14] = 602,112 (no bias); ln_pre 1,024; per layer two RMSNorms 2,048, q/k/v/o
  // [1024, 1024] 4,194,304, gate, up [4096, 1024], down [1024, 4096] 12,582,912. Projector:
  // norm 1,024; patch_merger [1024, 1024 x 2^2] 4,194,304; linear_1 [5120, 1024] 5,242,880;
  // linear_2 [5120, 5120] 26,214,400 (multimodal_projector_bias false).
  constexpr std::uint64_t text = 40ULL * (52'428'800 + 503'316'480 + 10'240) + 2 * 131'072ULL * 5'120 + 5'120;
  constexpr std::uint64_t tower = 602'112 + 1'024 + 24ULL * (2'048 + 4'194'304 + 12'582'912) +
                                  (1'024 + 4'194'304 + 5'242'880 + 26'214'400);
  static_assert(text == 23'572'403'200 && tower == 438'958'080);
  const footprint_bytes fp = footprint_of("mistral_small_3_1_24b_instruct_2503");
  CHECK(fp.weights == (text + tower) * 2);
  CHECK(fp.vision_weights == tower * 2);
  CHECK(fp.kv_per_token == 40 * 2 * 8 * 128 * 2);
}

TEST_CASE("import glm4_moe: GLM-4.5-Air weighs the Hub's parameter count, its MTP layer included") {
  // The Hub's safetensors parameter count of zai-org/GLM-4.5-Air: 110,468,824,832
  // (tests/data/configs/README.md gives where it is recorded; the model card's "106B total
  // parameters" is the main model below). By hand from its config.json:
  //   attention a layer: q [12288, 4096] + bias 12288, k, v [1024, 4096] + biases 1024 each,
  //   o [4096, 12288] (no bias): 109,066,240; two norms 8,192
  //   dense MLP (layer 0): gate, up [10944, 4096], down [4096, 10944] = 134,479,872
  //   MoE (45 layers): 128 experts x 3 x [1408, 4096] = 2,214,592,512, one shared expert of
  //   1408: 17,301,504, router [128, 4096] = 524,288 and its e_score_correction_bias 128
  //   embed_tokens, lm_head [151552, 4096] = 620,756,992 each; final norm 4,096
  // main: 106,852,251,264. The MTP layer (model.layers.46): its embed_tokens and
  // shared_head.head 2 x 620,756,992, enorm, hnorm, shared_head.norm 3 x 4,096, eh_proj
  // [4096, 8192] = 33,554,432, one attention and one MoE layer.
  constexpr std::uint64_t attention = 109'066'240ULL + 8'192;
  constexpr std::uint64_t moe = 2'214'592'512ULL + 17'301'504 + 524'288 + 128;
  constexpr std::uint64_t main = attention + 134'479'872 + 45 * (attention + moe) + 2 * 620'756'992ULL + 4'096;
  static_assert(main == 106'852'251'264ULL);
  constexpr std::uint64_t mtp = 2 * 620'756'992ULL + 3 * 4'096 + 33'554'432 + attention + moe;
  static_assert(main + mtp == 110'468'824'832ULL);
  const auto im = imp::import_config({config_dir("glm_4_5_air"), "", ""});
  CHECK(im->m.family == "glm4_moe");
  CHECK(parameter_count(im->m) == main + mtp);
  // Every tensor BF16 but the 46 routers' e_score_correction_bias, F32 (two bytes more each).
  const footprint_bytes fp = footprint(im->m, settings{});
  CHECK(fp.weights == (main + mtp) * 2 + 46 * 128 * 2);
  // K and V of 8 heads x 128 on the 46 main layers (the MTP layer's only with --speculative).
  CHECK(fp.kv_per_token == 46 * 2 * 8 * 128 * 2);
}

TEST_CASE("import cohere, cohere2: parallel blocks store one norm a layer; Command R7B slides on three layers in four") {
  // Aya 23 8B and Command R7B have the same widths (Command R7B's module tree as a public model
  // card prints it: embed_tokens [256000, 4096], q, o [4096, 4096], k, v [1024, 4096], gate, up
  // [14336, 4096], down [4096, 14336], 32 layers). By hand: attention 41,943,040; MLP
  // 176,160,768; one input_layernorm 4,096 (the parallel block has no post-attention norm): x 32;
  // embed_tokens 1,048,576,000 (lm_head tied); final norm 4,096. The Hub lists 8,028,033,024
  // parameters for CohereForAI/aya-expanse-8b, of the same widths.
  constexpr std::uint64_t params = 32ULL * (41'943'040 + 176'160'768 + 4'096) + 1'048'576'000 + 4'096;
  static_assert(params == 8'028'033'024ULL);
  const footprint_bytes aya = footprint_of("aya_23_8b");
  CHECK(aya.weights == params * 2);
  CHECK(aya.kv_per_token == 32 * 2 * 8 * 128 * 2);
  const footprint_bytes r7b = footprint_of("c4ai_command_r7b_12_2024");
  CHECK(r7b.weights == params * 2);
  // Layers 3, 7, ..., 31 full attention (sliding_window_pattern 4), the other 24 over 4096 tokens.
  CHECK(r7b.kv_per_token == 32 * 2 * 8 * 128 * 2);
  const footprint_bytes ev = evicting_of("c4ai_command_r7b_12_2024");
  CHECK(ev.kv_per_token == 8 * 2 * 8 * 128 * 2);
  CHECK(ev.swa_kv_per_token == 24 * 2 * 8 * 128 * 2);
  CHECK(ev.swa_window == 4096);
}

TEST_CASE("import cohere: use_qk_norm stores q_norm [heads, head_dim] and k_norm [kv_heads, head_dim]") {
  // Command R+ turns use_qk_norm on (CohereAttention: CohereLayerNorm over (num_heads,
  // head_dim) and (num_key_value_heads, head_dim)): Aya 23 8B's widths with it add
  // 32 x (32 + 8) x 128 = 163,840 parameters.
  const auto plain = imp::import_config({config_dir("aya_23_8b"), "", ""});
  std::ifstream in(config_dir("aya_23_8b") + "/config.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text.insert(text.find('{') + 1, "\n  \"use_qk_norm\": true,");
  const std::string path = (std::filesystem::temp_directory_path() / "headroom_cohere_qk_norm.json").string();
  std::ofstream(path) << text;
  const auto normed = imp::import_config({path, "", ""});
  std::filesystem::remove(path);
  CHECK(parameter_count(normed->m) == parameter_count(plain->m) + 32ULL * (32 + 8) * 128);
}

TEST_CASE("import starcoder2: StarCoder2-15B's LayerNorm and projection biases, by hand; every layer slides over 4096") {
  // No published total was found. By hand from its config.json (use_bias true, lm_head tied by
  // Starcoder2Config's default): per layer q, o [6144, 6144] + biases 6,144, k, v [512, 6144] +
  // biases 512: 81,802,240; c_fc [24576, 6144] + bias 24,576, c_proj [6144, 24576] + bias 6,144:
  // 302,020,608; input_layernorm and post_attention_layernorm, weight and bias: 24,576; x 40;
  // embed_tokens [49152, 6144] = 301,989,888; final norm, weight and bias: 12,288.
  constexpr std::uint64_t params = 40ULL * (81'802'240 + 302'020'608 + 24'576) + 301'989'888 + 12'288;
  static_assert(params == 15'655'899'136ULL);
  CHECK(footprint_of("starcoder2_15b").weights == params * 2);
  const footprint_bytes ev = evicting_of("starcoder2_15b");
  CHECK(ev.kv_per_token == 0);
  CHECK(ev.swa_kv_per_token == 40 * 2 * 4 * 128 * 2);
  CHECK(ev.swa_window == 4096);
}

TEST_CASE("import internlm2: InternLM2-Chat-1.8B's fused wqkv holds Llama's elements") {
  // By hand (untied): per layer wqkv [(16 + 2 x 8) x 128, 2048] and wo [2048, 2048] =
  // 12,582,912; w1, w3 [8192, 2048], w2 [2048, 8192] = 50,331,648; attention_norm, ffn_norm
  // 4,096; x 24; tok_embeddings and output [92544, 2048] each; norm 2,048. The Hub lists
  // 1,889,110,016 parameters for internlm/internlm2_5-1_8b-chat, of the same widths.
  constexpr std::uint64_t params = 24ULL * (12'582'912 + 50'331'648 + 4'096) + 2 * 92'544ULL * 2'048 + 2'048;
  static_assert(params == 1'889'110'016ULL);
  const footprint_bytes fp = footprint_of("internlm2_chat_1_8b");
  CHECK(fp.weights == params * 2);
  CHECK(fp.kv_per_token == 24 * 2 * 8 * 128 * 2);
}

TEST_CASE("import mimo: MiMo-7B-Base is Qwen2's decoder with q, k, v biases; its MTP layer is not the main model's") {
  // By hand from its config.json (untied, attention_bias true): per layer q [4096, 4096] + bias
  // 4,096 = 16,781,312; k, v [1024, 4096] + bias 1,024 = 4,195,328 each; o [4096, 4096] =
  // 16,777,216; gate, up [11008, 4096], down [4096, 11008] = 135,266,304; two norms 8,192:
  // 177,223,680 x 36; embed_tokens and lm_head [151680, 4096] = 621,281,280 each; norm 4,096.
  constexpr std::uint64_t layer = 16'781'312 + 2 * 4'195'328ULL + 16'777'216 + 135'266'304 + 8'192;
  static_assert(layer == 177'223'680ULL);
  constexpr std::uint64_t params = 36 * layer + 2 * 621'281'280ULL + 4'096;
  static_assert(params == 7'622'619'136ULL);
  // The checkpoint also stores one MTP layer (num_nextn_predict_layers 1; MiMoMTPLayers in the
  // remote code modeling_mimo.py: six RMSNorms, input_proj [4096, 8192] without bias, a
  // Qwen2Attention and a Qwen2MLP): 24,576 + 33,554,432 + 41,949,184 + 135,266,304. With it the
  // stored total is the 7.8B parameters the Hub lists for the XiaomiMiMo/MiMo-7B releases; vLLM's
  // MiMoForCausalLM does not load it (a draft model's weights), so the footprint leaves it out.
  constexpr std::uint64_t mtp = 24'576 + 33'554'432 + 41'949'184 + 135'266'304ULL;
  static_assert((params + mtp + 50'000'000) / 100'000'000 == 78);  // 7,833,413,632: 7.8B, rounded
  const footprint_bytes fp = footprint_of("mimo_7b_base");
  CHECK(fp.weights == params * 2);
  // K and V of 8 heads x 128 on each of the 36 layers; sliding_window is off
  // (use_sliding_window false).
  CHECK(fp.kv_per_token == 36 * 2 * 8 * 128 * 2);
  CHECK(fp.swa_kv_per_token == 0);
}

TEST_CASE("import mimo_v2_flash: MiMo-V2-Flash's FP8 blocks, BF16 o_proj, F32 router and three MTP layers weigh the hand sum") {
  // No published total_size was found: the hand sum from its config.json
  // (tests/data/configs/README.md). Tensor names and shapes as vLLM loads them
  // (vllm/model_executor/models/mimo_v2_flash.py, mimo_v2_mtp.py) and NVIDIA-NeMo/Megatron-Bridge
  // maps them (src/megatron/bridge/models/mimo_v2_flash/mimo_v2_flash_bridge.py). FP8 E4M3 weights
  // are one byte an element with one F32 weight_scale_inv per 128 x 128 block; BF16 are o_proj
  // (every main layer's in the release's ignored_layers: AWS neuronx-distributed-inference
  // contrib/models/MiMo-V2-Flash/src/conversion_script/preprocess_mimo_v2_flash_fp8.py), the MTP
  // layers' o_proj and eh_proj (vLLM builds them without a quantization config; ROCm/ATOM#755
  // found no weight_scale for either), the norms, sinks, embed_tokens and lm_head; F32 the router
  // mlp.gate and its e_score_correction_bias (NVIDIA-NeMo/Automodel mimo_v2_flash/state_dict_adapter.py
  // keeps mlp.gate and o_proj out of its FP8 keys; github.com/casinca/LLM-quest
  // llm_quest/xiaomi/README.md: "FP32 for MoE router, BF16 for attention output").
  // A full-attention layer (9: hybrid_layer_pattern 0 at layers 0, 5, 11, ..., 47), 64 query heads
  // and 4 KV heads of 192, value heads of 128:
  //   q_proj [12288, 4096] 50,331,648 + scales 96 x 32 x 4 = 12,288
  //   k_proj [768, 4096] 3,145,728 + scales 8 x 32 x 4 = 1,024 (eight block rows, not six: the
  //     checkpoint tiles them per 192-row shard; Automodel's adapter writes padded_block_rows 8)
  //   v_proj [512, 4096] 2,097,152 + scales 4 x 32 x 4 = 512
  //   o_proj [4096, 8192] BF16 67,108,864; input_layernorm 8,192
  // A sliding layer (39), 64 query heads and 8 KV heads: q_proj as above; k_proj [1536, 4096]
  //   6,291,456 + 12 x 32 x 4; v_proj [1024, 4096] 4,194,304 + 8 x 32 x 4; o_proj; input_layernorm;
  //   attention_sink_bias [64] BF16 128
  // The dense MLP (layer 0, moe_layer_freq 0; and each MTP layer's): gate_proj, up_proj
  //   [16384, 4096], down_proj [4096, 16384], each 67,108,864 + 128 x 32 x 4 = 16,384; its norm 8,192
  // A MoE layer (47): mlp.gate [256, 4096] F32 4,194,304, e_score_correction_bias [256] F32 1,024;
  //   256 experts x gate_proj, up_proj [2048, 4096], down_proj [4096, 2048], each 8,388,608 +
  //   16 x 32 x 4 = 2,048; post_attention_layernorm 8,192
  // embed_tokens, lm_head [152576, 4096] BF16 1,249,902,592 each (untied); norm 8,192.
  // An MTP layer (three, model.mtp.layers.0 to 2, the draft section; ggml-org/llama.cpp
  // conversion/mimo.py: "MiMo V2-Flash ... ship 3 trained MTP layers under model.mtp.layers.{0,1,2}"):
  //   enorm, hnorm 2 x 8,192; eh_proj [4096, 8192] BF16 67,108,864; a sliding layer's attention
  //   (input_layernorm, sinks); the dense MLP (pre_mlp_layernorm its norm); final_layernorm 8,192.
  //   It reads the main embed_tokens and lm_head (vLLM's MiMoV2MTP loads model.embed_tokens).
  constexpr std::uint64_t q = 12'288ULL * 4'096 + 96 * 32 * 4;
  constexpr std::uint64_t o = 4'096ULL * 8'192 * 2;
  constexpr std::uint64_t full = q + (768ULL * 4'096 + 8 * 32 * 4) + (512ULL * 4'096 + 4 * 32 * 4) + o + 8'192;
  constexpr std::uint64_t sliding = q + (1'536ULL * 4'096 + 12 * 32 * 4) + (1'024ULL * 4'096 + 8 * 32 * 4) + o + 8'192 + 64 * 2;
  constexpr std::uint64_t dense = 3 * (16'384ULL * 4'096 + 128 * 32 * 4) + 8'192;
  constexpr std::uint64_t moe = 256ULL * 4'096 * 4 + 256 * 4 + 256 * 3 * (2'048ULL * 4'096 + 16 * 32 * 4) + 8'192;
  static_assert(full == 122'705'408 && sliding == 127'949'440 && dense == 201'383'936 && moe == 6'448'227'328);
  constexpr std::uint64_t embed = 152'576ULL * 4'096 * 2;
  constexpr std::uint64_t main = 9 * full + 39 * sliding + dense + 47 * moe + 2 * embed + 8'192;
  constexpr std::uint64_t mtp = 3 * (2 * 8'192 + 4'096ULL * 8'192 * 2 + sliding + dense + 8'192);
  static_assert(main == 311'862'258'560ULL && mtp == 1'189'400'448ULL);
  const auto im = imp::import_config({config_dir("mimo_v2_flash"), "", ""});
  CHECK(im->m.family == "mimo_v2_flash");
  const footprint_bytes fp = footprint(im->m, settings{});
  CHECK(fp.weights == main + mtp);
  CHECK(fp.draft_weights == mtp);
  CHECK(fp.loaded_weights == main);
  // The parameters, scales apart: per full-attention layer 89,133,056, sliding 94,376,000, dense
  // MLP 201,330,688, MoE 6,443,503,872 (router and bias included); the model card's "309B total
  // parameters" (https://huggingface.co/XiaomiMiMo/MiMo-V2-Flash), the MTP layers included.
  constexpr std::uint64_t params =
      9 * 89'133'056ULL + 39 * 94'376'000ULL + 201'330'688 + 47 * 6'443'503'872ULL + 2 * 152'576ULL * 4'096 + 4'096 +
      3 * (2 * 4'096 + 4'096ULL * 8'192 + 94'376'000 + 201'330'688 + 4'096);
  static_assert(params == 309'766'601'088ULL && params / 1'000'000'000 == 309);
  CHECK(parameter_count(im->m) == params);
  // K of 192 and V of 128 a KV head: full-attention layers 4 KV heads, sliding layers 8, at the KV
  // dtype (BF16: 2 bytes; FP8: 1).
  CHECK(fp.kv_per_token == 9 * 4 * (192 + 128) * 2 + 39 * 8 * (192 + 128) * 2);
  CHECK(footprint(im->m, settings{.kv = kv_dtype::fp8}).kv_per_token == 9 * 4 * (192 + 128) + 39 * 8 * (192 + 128));
  const footprint_bytes ev = evicting_of("mimo_v2_flash");
  CHECK(ev.kv_per_token == 9 * 4 * (192 + 128) * 2);
  CHECK(ev.swa_kv_per_token == 39 * 8 * (192 + 128) * 2);
  CHECK(ev.swa_window == 128);
  // With the draft: its weights loaded and its three sliding layers' K and V held.
  const footprint_bytes spec = footprint(im->m, settings{.speculative = true});
  CHECK(spec.loaded_weights == main + mtp);
  CHECK(spec.kv_per_token == fp.kv_per_token + 3 * 8 * (192 + 128) * 2);
}

TEST_CASE("import mimo_v2_flash: the release's ignored_layers and packed_modules_mapping change no byte") {
  // The Hub's config.json names every main layer's o_proj in quantization_config.ignored_layers
  // beside an empty packed_modules_mapping (a public re-upload's copy:
  // https://huggingface.co/smilingpad/MiMo-V2-Flash/blob/main/config.json), which the transcription
  // under tests/data/configs/ lacks; MiMo-V2.5's list adds model.decoder.self_attn.o_proj
  // (https://huggingface.co/XiaomiMiMo/MiMo-V2.5/blob/main/config.json). The family keeps o_proj
  // BF16 either way.
  std::ifstream in(config_dir("mimo_v2_flash") + "/config.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string list = "\"packed_modules_mapping\": {},\n    \"ignored_layers\": [";
  for (int l = 0; l < 48; ++l) list += "\"model.layers." + std::to_string(l) + ".self_attn.o_proj\", ";
  list += "\"model.decoder.self_attn.o_proj\"],\n    ";
  const std::string anchor = "\"quantization_config\": {\n    ";
  REQUIRE(text.find(anchor) != std::string::npos);
  text.insert(text.find(anchor) + anchor.size(), list);
  const std::string path = (std::filesystem::temp_directory_path() / "headroom_mimo_v2_flash_ignored.json").string();
  std::ofstream(path) << text;
  const auto listed = imp::import_config({path, "", ""});
  std::filesystem::remove(path);
  const auto plain = imp::import_config({config_dir("mimo_v2_flash"), "", ""});
  CHECK(footprint(listed->m, settings{}).weights == footprint(plain->m, settings{}).weights);
}
