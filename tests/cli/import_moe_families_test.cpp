// SPDX-License-Identifier: MIT
// MoE and hybrid model_types the importer reads beside those of import_families_test.cpp
// (docs/importing.md): ERNIE 4.5 MoE, PhiMoE, Granite 4.0's Mamba2 hybrids. Each config.json under tests/data/configs/
// (tests/data/configs/README.md gives its source) weighs its published total_size or the hand
// sum written out below, and its KV cache is summed by hand from the config.
#include <doctest/doctest.h>

#include <string>

#include <headroom/headroom.hpp>

#include "headroom/import/importer.hpp"
#include "published_config.hpp"

using namespace headroom;
namespace imp = headroom::cli::import;

namespace {

using headroom::test::config_dir;
using headroom::test::footprint_of;

}  // namespace

TEST_CASE("import ernie4_5_moe: ERNIE-4.5-21B-A3B-PT weighs its hand sum (one dense layer, 27 MoE layers, F32 router)") {
  // No published total_size was found; the hand sum from the config (hidden 2560, 20 heads of
  // 128, 4 KV heads, 28 layers, moe_layer_start_index 1, 64 experts of 1536, 2 shared, dense
  // intermediate 12288, vocab 103424, tied) and the tensors of modular_ernie4_5_moe.py:
  //   every layer: q, o [2560, 2560] = 6,553,600 each; k, v [512, 2560] = 1,310,720 each;
  //     two RMSNorms 5,120: 15,733,760 BF16 values x 28 = 440,545,280;
  //   layer 0: gate, up [12288, 2560], down [2560, 12288] = 94,371,840 BF16 values;
  //   layers 1-27: 64 experts x 3 x 1536 x 2560 = 754,974,720 and the shared experts
  //     3 x 3072 x 2560 = 23,592,960: 778,567,680 BF16 values x 27 = 21,021,327,360; the router
  //     mlp.gate [64, 2560] = 163,840 and moe_statics.e_score_correction_bias 64, both F32:
  //     163,904 x 27 = 4,425,408 F32 values;
  //   embed_tokens [103424, 2560] = 264,765,440 (lm_head tied); final norm 2,560.
  static_assert(440'545'280ULL + 94'371'840 + 21'021'327'360 + 264'765'440 + 2'560 == 21'821'012'480);
  static_assert(21'821'012'480ULL * 2 + 4'425'408ULL * 4 == 43'659'726'592);
  // 21,825,437,888 parameters in all: the model card's "21B total parameters".
  const footprint_bytes fp = footprint_of("ernie_4_5_21b_a3b_pt");
  CHECK(fp.weights == 43'659'726'592);
  // K and V of 4 heads x 128 on 28 layers at 2 bytes.
  CHECK(fp.kv_per_token == 28 * 2 * 4 * 128 * 2);
  CHECK(fp.state_per_seq == 0);
}

TEST_CASE("import phimoe: Phi-3.5-MoE-instruct weighs its hand sum (LayerNorms, attention and lm_head biases)") {
  // No published total_size was found; the hand sum from the config (hidden 4096, 32 heads of
  // 128, 8 KV heads, 32 layers, 16 experts of 6400, vocab 32064, untied, attention_bias and
  // lm_head_bias true) and the tensors of modular_phimoe.py:
  //   every layer: q, o [4096, 4096] = 16,777,216 each, k, v [1024, 4096] = 4,194,304 each, and
  //     their biases 4,096 + 1,024 + 1,024 + 4,096: 41,953,280; the router [16, 4096] = 65,536
  //     and 16 experts x 3 x 6400 x 4096 = 1,258,291,200; input_layernorm and
  //     post_attention_layernorm, weight and bias: 16,384. 1,300,326,400 x 32 = 41,610,444,800;
  //   embed_tokens and lm_head [32064, 4096] = 131,334,144 each, lm_head's bias 32,064;
  //   model.norm, weight and bias: 8,192.
  static_assert(41'953'280ULL + 65'536 + 1'258'291'200 + 16'384 == 1'300'326'400);
  static_assert(32 * 1'300'326'400ULL + 2 * 131'334'144 + 32'064 + 8'192 == 41'873'153'344);
  // 41,873,153,344 parameters: the model card's "41.9B".
  const footprint_bytes fp = footprint_of("phi_3_5_moe_instruct");
  CHECK(fp.weights == 41'873'153'344ULL * 2);
  // K and V of 8 heads x 128 on 32 layers at 2 bytes (sliding_window 131072 = the longest
  // context: every layer keeps every token).
  CHECK(fp.kv_per_token == 32 * 2 * 8 * 128 * 2);
}

TEST_CASE("import granitemoehybrid: Granite-4.0-H-Tiny weighs its hand sum; 36 Mamba2 layers hold state, 4 attention layers KV") {
  // No published total_size was found; the hand sum from the config (hidden 1536, 12 heads of
  // 128, 4 KV heads, layer_types: 36 mamba and 4 attention; 48 Mamba heads of 64, 1 group,
  // state 128, conv 4; 64 experts of 512, 6 a token; shared MLP 1024; vocab 100352, tied) and
  // the tensors of modeling_granitemoehybrid.py:
  //   a mamba layer: input_layernorm 1,536; in_proj [2 x 3072 + 2 x 128 + 48 = 6448, 1536] =
  //     9,904,128; conv1d [3328, 1, 4] = 13,312 and its bias 3,328; dt_bias, A_log, D 3 x 48;
  //     norm 3,072; out_proj [1536, 3072] = 4,718,592: 14,644,112;
  //   an attention layer: input_layernorm 1,536; q, o [1536, 1536] = 2,359,296 each; k, v
  //     [512, 1536] = 786,432 each: 6,292,992;
  //   every layer's MLP: post_attention_layernorm 1,536; router [64, 1536] = 98,304; experts
  //     64 x 3 x 512 x 1536 = 150,994,944; shared_mlp 3 x 1024 x 1536 = 4,718,592: 155,813,376;
  //   embed_tokens [100352, 1536] = 154,140,672 (lm_head tied); model.norm 1,536.
  static_assert(1'536ULL + 9'904'128 + 13'312 + 3'328 + 144 + 3'072 + 4'718'592 == 14'644'112);
  static_assert(36 * 14'644'112ULL + 4 * 6'292'992 + 40 * 155'813'376ULL + 154'140'672 + 1'536 == 6'939'037'248);
  // 6,939,037,248 parameters: the model card's "7B".
  const footprint_bytes fp = footprint_of("granite_4_0_h_tiny", {.kv = kv_dtype::bf16, .ssm_h = state_dtype::f32});
  CHECK(fp.weights == 6'939'037'248ULL * 2);
  // K and V of 4 heads x 128 on the 4 attention layers; per sequence, each Mamba layer's h
  // (48 heads x 64 x 128, F32 here) and conv window (3328 channels x 3 past inputs, BF16).
  CHECK(fp.kv_per_token == 4 * 2 * 4 * 128 * 2);
  CHECK(fp.state_per_seq == 36ULL * 48 * 64 * 128 * 4);
  CHECK(fp.conv_per_seq == 36ULL * 3'328 * 3 * 2);
}

TEST_CASE("import granitemoehybrid: Granite-4.0-H-1B (num_local_experts 0) is the shared MLP alone") {
  // The same mixers as H-Tiny (above); every layer's MLP is post_attention_layernorm 1,536 and
  // shared_mlp 3 x 4096 x 1536 = 18,874,368: 18,875,904 (intermediate_size names no tensor
  // without experts).
  static_assert(36 * 14'644'112ULL + 4 * 6'292'992 + 40 * 18'875'904ULL + 154'140'672 + 1'536 == 1'461'538'368);
  // 1,461,538,368 parameters: the model card's "1.5B".
  const footprint_bytes fp = footprint_of("granite_4_0_h_1b");
  CHECK(fp.weights == 1'461'538'368ULL * 2);
  CHECK(fp.kv_per_token == 4 * 2 * 4 * 128 * 2);
}

TEST_CASE("import nemotron_h: Nemotron-H-56B-Base-8K's config.json without head_dim reads hidden_size / heads (vLLM) and weighs its hand sum") {
  // The published config names the width attention_head_dim 128 and has no head_dim: vLLM's
  // NemotronHAttention (models/nemotron_h.py @00b08dc) then reads hidden_size //
  // num_attention_heads = 8192 / 64 = 128, the same as transformers' NemotronHConfig default
  // (head_dim=128, configuration_nemotron_h.py @cfeb552). No published total_size was found: the
  // hand sum over 54 Mamba-2, 10 attention and 54 MLP layers (hybrid_override_pattern):
  //   Mamba-2: norm 8,192; in_proj [16384 + 20480 + 256, 8192] (z, xBC, dt) = 304,087,040;
  //     conv1d weight [20480, 1, 4] = 81,920 and bias 20,480 (d_inner 256 x 64 = 16,384;
  //     conv_dim 16,384 + 2 x 8 x 256 = 20,480); A_log, D, dt_bias 3 x 256; the gated norm
  //     16,384; out_proj [8192, 16384] = 134,217,728: 438,432,512;
  //   attention: norm 8,192; q, o [8192, 8192]; k, v [1024, 8192]: 151,003,136;
  //   MLP (relu2): norm 8,192; up [32768, 8192], down [8192, 32768]: 536,879,104;
  //   embeddings and lm_head [131072, 8192] each (untied); final norm 8,192.
  static_assert(8'192ULL + 304'087'040 + 81'920 + 20'480 + 768 + 16'384 + 134'217'728 == 438'432'512);
  static_assert(8'192ULL + 2 * 8'192ULL * 8'192 + 2 * 1'024ULL * 8'192 == 151'003'136);
  static_assert(8'192ULL + 2 * 32'768ULL * 8'192 == 536'879'104);
  static_assert(54 * 438'432'512ULL + 10 * 151'003'136ULL + 54 * 536'879'104ULL + 2 * 131'072ULL * 8'192 + 8'192 ==
                56'324'350'464);
  const auto im = imp::import_config({config_dir("nemotron_h_56b_base_8k_hf"), "", "nemotron_h_56b_base_8k"});
  CHECK(parameter_count(im->m) == 56'324'350'464);
  const footprint_bytes fp = footprint(im->m, settings{});
  CHECK(fp.weights == 2 * 56'324'350'464ULL);
  // K and V of 8 heads x 128 on the 10 attention layers.
  CHECK(fp.kv_per_token == 10 * 2 * 8 * 128 * 2);
  CHECK(im->notes.find("head_dim absent: hidden_size / num_attention_heads = 128") != std::string::npos);
}
