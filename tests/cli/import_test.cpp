// SPDX-License-Identifier: MIT
// The importer: every family's dims are bound key by key for every model_type; the real (or,
// where marked in tests/data/configs/README.md, reconstructed) config.json of each shipped
// checkpoint imports to the shipped table node for node; imported checkpoints weigh their
// published total_size to the byte.
#include <doctest/doctest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include <headroom/headroom.hpp>
#include <headroom/models.hpp>
#include <headroom/models/config_keys.hpp>

#include "headroom/import/importer.hpp"
#include "published_config.hpp"
#include "headroom/import/multimodal.hpp"
#include "headroom/import/reflect.hpp"

using namespace headroom;
namespace imp = headroom::cli::import;

namespace {

using headroom::test::config_dir;

bool same_edge(const edge& a, const edge& b) {
  return a.format == b.format && a.width == b.width && a.rows_per_n == b.rows_per_n && a.rows_fixed == b.rows_fixed;
}

bool same_node(const node& a, const node& b) {
  if (a.local != b.local || a.kind != b.kind || a.role != b.role || a.n_in != b.n_in || a.n_out != b.n_out) return false;
  for (std::size_t i = 0; i < a.n_in; ++i) {
    if (!same_edge(a.in[i], b.in[i])) return false;
  }
  for (std::size_t i = 0; i < a.n_out; ++i) {
    if (!same_edge(a.out[i], b.out[i])) return false;
  }
  return a.stores_weight == b.stores_weight && a.bias == b.bias && a.weight_tensors == b.weight_tensors &&
         a.table_rows == b.table_rows && a.aux_params == b.aux_params && a.aux_format == b.aux_format &&
         a.window == b.window && a.experts == b.experts && a.top_k == b.top_k && a.reads == b.reads &&
         a.updates == b.updates;
}

bool same_state(const state_decl& a, const state_decl& b) {
  return a.local == b.local && a.kind == b.kind && a.dtype == b.dtype && a.elements == b.elements && a.heads == b.heads;
}

// Node for node, block for block, instance for instance; the same KV and state per token and
// sequence (which no precision rule changes). `formats`: also every weight node at the same
// formats in every instance and the same weights.
void require_same_model(const model& got, const model& want, bool formats = true) {
  const circuit& x = got.c;
  const circuit& y = want.c;
  CHECK(got.family == want.family);
  CHECK(got.config_state_dtype == want.config_state_dtype);  // the config's mamba_ssm_dtype, if any
  if (formats) CHECK(got.config_kv_dtype == want.config_kv_dtype);  // the quantization config's KV dtype, if any
  REQUIRE(x.n_nodes == y.n_nodes);
  REQUIRE(x.n_blocks == y.n_blocks);
  REQUIRE(x.n_instances == y.n_instances);
  for (std::size_t i = 0; i < x.n_nodes; ++i) {
    INFO("node " << i << " `" << y.nodes[i].local << "`");
    CHECK(same_node(x.nodes[i], y.nodes[i]));
  }
  for (std::size_t b = 0; b < x.n_blocks; ++b) {
    INFO("block " << y.blocks[b].name);
    CHECK(x.blocks[b].name == y.blocks[b].name);
    CHECK(x.blocks[b].first == y.blocks[b].first);
    CHECK(x.blocks[b].end == y.blocks[b].end);
    REQUIRE(x.blocks[b].n_states == y.blocks[b].n_states);
    for (std::size_t s = 0; s < x.blocks[b].n_states; ++s) CHECK(same_state(x.blocks[b].states[s], y.blocks[b].states[s]));
  }
  for (std::size_t i = 0; i < x.n_instances; ++i) {
    const instance& a = x.instances[i];
    const instance& b = y.instances[i];
    INFO("instance " << i);
    CHECK((a.block == b.block && a.layer == b.layer && a.sec == b.sec && a.kind == b.kind));
    const block& blk = y.blocks[b.block];
    for (std::size_t n = blk.first; formats && n < blk.end; ++n) {
      if (!y.nodes[n].has_weight()) continue;
      INFO("node `" << blk.name << "." << y.nodes[n].local << "`");
      CHECK(formats_of(got, x.nodes[n], a) == formats_of(want, y.nodes[n], b));
    }
  }
  CHECK(x.uses == y.uses);
  CHECK(x.main_uses == y.main_uses);
  for (const settings& s : {settings{}, settings{.kv = kv_dtype::fp8, .speculative = true}}) {
    const footprint_bytes a = footprint(got, s);
    const footprint_bytes b = footprint(want, s);
    if (formats) {
      CHECK(a.weights == b.weights);
      CHECK(a.draft_weights == b.draft_weights);
      CHECK(a.vision_weights == b.vision_weights);
      CHECK(a.loaded_weights == b.loaded_weights);
    }
    CHECK(a.kv_per_token == b.kv_per_token);
    CHECK(a.swa_kv_per_token == b.swa_kv_per_token);
    CHECK(a.state_per_seq == b.state_per_seq);
    CHECK(a.conv_per_seq == b.conv_per_seq);
  }
  CHECK(parameter_count(got) == parameter_count(want));
}

// Every member of the family's dims has exactly one binding, and every binding names a member.
template <typename Dims>
void require_bound(const models::config_keys::profile& p) {
  Dims d{};
  std::set<std::string> members;
  imp::for_each_member(d, [&](std::string_view member, auto&) {
    members.insert(std::string(member));
    int n = 0;
    for (const auto& b : p.bindings) n += b.member == member ? 1 : 0;
    INFO("model_type " << p.model_type << ", member " << member);
    CHECK(n == 1);
  });
  for (const auto& b : p.bindings) {
    INFO("model_type " << p.model_type << ", binding " << b.member);
    CHECK(members.count(std::string(b.member)) == 1);
  }
}

}  // namespace

TEST_CASE("import: every model_type binds every member of its family's dims once") {
  for (const auto& p : models::config_keys::profiles) {
    bool found = false;
    boost::hana::for_each(imp::all_families, [&](auto t) {
      using family = typename decltype(t)::type;
      if (family::name != p.family) return;
      found = true;
      require_bound<typename family::dims>(p);
    });
    INFO("model_type " << p.model_type);
    CHECK(found);
  }
}

TEST_CASE("import: each shipped checkpoint's config.json imports to the shipped table, node for node") {
  // tests/data/configs/README.md gives each file's source (verbatim or reconstructed).
  for (const char* id : {"llama_3_1_8b_instruct", "llama_3_1_70b_instruct", "llama_3_1_405b_instruct",
                         "llama_3_3_70b_instruct_fp8", "qwen3_8b", "qwen3_32b", "mistral_7b_v0_1", "qwen3_30b_a3b",
                         "qwen3_235b_a22b", "qwen3_235b_a22b_fp8", "mixtral_8x7b_v0_1", "qwen3_next_80b_a3b_instruct",
                         "nvidia_nemotron_nano_9b_v2", "nemotron_h_56b_base_8k", "gpt_oss_20b", "gpt_oss_120b",
                         "deepseek_v3", "qwen3_30b_a3b_nvfp4", "deepseek_v3_0324_fp4",
                         "qwen3_next_80b_a3b_instruct_fp8", "minimax_m2_7", "nemotron_3_nano_30b_a3b_nvfp4",
                         "gemma_4_31b", "deepseek_v4_flash", "qwen3_32b_fp8", "qwen3_30b_a3b_fp8",
                         "llama_3_1_70b_instruct_fp8", "kimi_k2_instruct", "qwen3_coder_480b_a35b_instruct",
                         "minimax_m2_5", "qwen3_14b", "qwen3_4b", "qwen3_1_7b", "qwen3_0_6b", "qwen3_235b_a22b_nvfp4",
                         "mixtral_8x22b_v0_1", "nemotron_3_nano_30b_a3b_bf16", "llama_4_scout_17b_16e",
                         "llama_4_maverick_17b_128e", "llama_3_3_nemotron_super_49b_v1", "qwen2_5_1_5b", "qwen2_5_7b",
                         "qwen2_5_32b", "qwen2_5_72b", "llama_2_7b_hf", "llama_2_13b_hf", "llama_2_70b_hf",
                         "deepseek_v3_2", "glm_5", "glm_5_fp8", "kimi_k2_5", "qwen3_5_397b_a17b",
                         "qwen3_5_122b_a10b", "qwen3_5_397b_a17b_nvfp4", "qwen3_5_122b_a10b_nvfp4", "deepseek_v4_pro",
                         "glm_5_1", "glm_5_1_fp8", "qwen3_vl_2b_instruct", "qwen3_vl_4b_instruct",
                         "qwen3_vl_8b_instruct", "qwen3_vl_32b_instruct", "qwen3_vl_32b_thinking",
                         "qwen3_vl_30b_a3b_instruct", "qwen3_vl_235b_a22b_instruct", "mimo_7b_base",
                         "mimo_v2_flash",
                         "deepseek_v3_1_nvfp4", "deepseek_v3_2_nvfp4",
                         "deepseek_v4_flash_nvfp4", "deepseek_v4_pro_nvfp4", "deepseek_v4_flash_fp8",
                         "deepseek_v4_pro_fp8", "minimax_m2_5_nvfp4", "minimax_m2_7_nvfp4",
                         "gemma_4_26b_a4b_nvfp4", "gemma_4_31b_it_nvfp4", "qwen3_6_27b_nvfp4",
                         "qwen3_32b_fp8_static_per_tensor", "nemotron_3_ultra_550b_a55b_bf16",
                         "kimi_k2_5_nvfp4", "kimi_k2_6_nvfp4", "kimi_k2_7_code_nvfp4", "glm_5_nvfp4", "glm_5_1_nvfp4",
                         "glm_5_2", "glm_5_2_fp8", "glm_5_2_nvfp4"}) {
    INFO("model " << id);
    const model* shipped = models::find(id);
    REQUIRE(shipped != nullptr);
    const auto im = imp::import_config({config_dir(id), "", id});
    require_same_model(im->m, *shipped);
  }
}

TEST_CASE("import: each aliased release's config.json imports to the table its alias names, node for node") {
  // The aliased releases' config.json as public copies keep them (tests/data/configs/README.md):
  // Llama 3.1's base checkpoints (by both of the Hub's names) and later post-trainings of a shipped
  // circuit, with its formats and bytes, so each is an alias of it
  // (models/include/headroom/models/aliases.hpp).
  struct pair {
    const char* config;
    const model* table;
    std::vector<const char*> repos;
  };
  const pair pairs[] = {
      {"meta_llama_3_1_8b", &models::llama_3_1_8b_instruct, {"meta-llama/Meta-Llama-3.1-8B", "meta-llama/Llama-3.1-8B"}},
      {"meta_llama_3_1_70b", &models::llama_3_1_70b_instruct,
       {"meta-llama/Meta-Llama-3.1-70B", "meta-llama/Llama-3.1-70B"}},
      {"meta_llama_3_1_405b", &models::llama_3_1_405b_instruct,
       {"meta-llama/Meta-Llama-3.1-405B", "meta-llama/Llama-3.1-405B"}},
      {"llama_3_3_70b_instruct", &models::llama_3_1_70b_instruct, {"meta-llama/Llama-3.3-70B-Instruct"}},
      {"qwen3_next_80b_a3b_thinking", &models::qwen3_next_80b_a3b_instruct, {"Qwen/Qwen3-Next-80B-A3B-Thinking"}},
      {"minimax_m2", &models::minimax_m2_5, {"MiniMaxAI/MiniMax-M2"}},
      {"gemma_4_31b", &models::gemma_4_31b, {"google/gemma-4-31B-it"}},
      {"qwen3_235b_a22b_instruct_2507", &models::qwen3_235b_a22b, {"Qwen/Qwen3-235B-A22B-Instruct-2507"}},
  };
  for (const pair& p : pairs) {
    INFO("config " << p.config);
    require_same_model(imp::import_config({config_dir(p.config), "", p.config})->m, *p.table);
    for (const char* repo : p.repos) CHECK(models::find_repo(repo) == p.table);
  }
}

TEST_CASE("import: Nemotron-3 Super's config.json builds the shipped circuit (latent MoE, MTP draft)") {
  // The published config.json less its 5.7 MB quantization_config (tests/data/configs/README.md):
  // imported BF16, so the circuit, the KV cache and the recurrent state are compared, not formats.
  const char* id = "nemotron_3_super_120b_a12b_nvfp4";
  const model* shipped = models::find(id);
  REQUIRE(shipped != nullptr);
  const auto im = imp::import_config({config_dir(id), "", id});
  require_same_model(im->m, *shipped, false);
  // The BF16 release's parameter count, correction buffers and MTP draft included (the Hub's
  // safetensors metadata, as the shipped table's provenance states it).
  CHECK(parameter_count(im->m) == 123'611'033'088);
}

TEST_CASE("import: Nemotron-3 Super FP8's config.json builds the shipped circuit") {
  // The published config.json as aiconfigurator keeps it, without a quantization_config
  // (tests/data/configs/README.md): imported BF16, so the circuit, the KV cache and the recurrent
  // state are compared, not formats.
  const char* id = "nemotron_3_super_120b_a12b_fp8";
  const model* shipped = models::find(id);
  REQUIRE(shipped != nullptr);
  const auto im = imp::import_config({config_dir(id), "", id});
  require_same_model(im->m, *shipped, false);
  CHECK(parameter_count(im->m) == 123'611'033'088);
}

TEST_CASE("import: Nemotron-3 Ultra NVFP4's config.json builds the shipped circuit") {
  // The BF16 release's config.json, byte for byte, as aiconfigurator keeps it for the NVFP4
  // repository, without a quantization_config (tests/data/configs/README.md): imported BF16, so
  // the circuit, the KV cache and the recurrent state are compared, not formats.
  const char* id = "nemotron_3_ultra_550b_a55b_nvfp4";
  const model* shipped = models::find(id);
  REQUIRE(shipped != nullptr);
  const auto im = imp::import_config({config_dir(id), "", id});
  require_same_model(im->m, *shipped, false);
  CHECK(parameter_count(im->m) == parameter_count(models::nemotron_3_ultra_550b_a55b_bf16));
  // The Hub id resolves to the table.
  CHECK(models::find_repo("nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-NVFP4") == shipped);
}

TEST_CASE("import: Qwen3.6-35B-A3B's multimodal config imports to the shipped FP8 table's circuit, in BF16") {
  // The BF16 release's config.json (model_type qwen3_5_moe: text_config, vision_config;
  // tests/data/configs/README.md). The shipped qwen3_6_35b_a3b_fp8 stores the same tensors in FP8
  // under the seed system's recipe, whose engine builds an lm_head copy for the draft: in BF16
  // and without that copy it is this checkpoint, node for node.
  auto want = std::make_unique<model>(models::qwen3_6_35b_a3b_fp8);
  int copies = 0;
  for (std::size_t i = 0; i < want->c.n_nodes; ++i) {
    if (!want->c.nodes[i].runtime_copy) continue;
    want->c.nodes[i].runtime_copy = false;
    want->c.nodes[i].stores_weight = false;
    ++copies;
  }
  CHECK(copies == 1);
  want->n_rules = 0;
  want->add_rule(all_weights(formats::bf16));
  const auto im = imp::import_config({config_dir("qwen3_6_35b_a3b"), "", "qwen3_6_35b_a3b"});
  require_same_model(im->m, *want);
  // The stored vision tower: the shipped tables' hand counts (their provenance), 446,571,248
  // parameters for out_hidden_size 2048 and 460,730,096 for Qwen3.5-27B's 5120.
  CHECK(footprint(im->m, settings{}).vision_weights == 2 * 446'571'248ULL);
  CHECK(models::blocks::vision_tower_params({.depth = 27, .hidden = 1152, .inter = 4304, .patch = 16,
                                             .in_channels = 3, .temporal_patch = 2, .merge = 2, .positions = 2304},
                                            5120) == 460'730'096);
}

TEST_CASE("import: Qwen3.6-35B-A3B's config imports to the shipped NVFP4 table's circuit, in BF16") {
  // nvidia/Qwen3.6-35B-A3B-NVFP4 quantizes the same release's tensors; its draft reads the main
  // lm_head (no engine-built copy), so in BF16 it is the imported checkpoint, node for node.
  auto want = std::make_unique<model>(models::qwen3_6_35b_a3b_nvfp4);
  want->n_rules = 0;
  want->add_rule(all_weights(formats::bf16));
  want->config_kv_dtype.reset();  // the NVFP4 release's FP8 KV cache is its quantization's
  require_same_model(imp::import_config({config_dir("qwen3_6_35b_a3b"), "", "qwen3_6_35b_a3b"})->m, *want);
}

TEST_CASE("import: a tiny multimodal qwen3_5 config (dense MLP, split projections) weighs its hand sum") {
  // tests/data/configs-bad/tiny_qwen3_5.json (synthetic): hidden 64, 4 layers (3 Gated DeltaNet,
  // 1 gated attention), 2 query / 1 KV heads of 32, linear heads 2 key / 4 value of 16
  // (key_dim 32, value_dim 64, conv_dim 128, kernel 4), intermediate 128, vocab 256, one MTP layer.
  const auto im = imp::import_config({std::string(HEADROOM_SOURCE_DIR) + "/tests/data/configs-bad/tiny_qwen3_5.json", "",
                                      "tiny_qwen3_5"});
  CHECK(im->m.family == "qwen3_5");
  // Its text_config names "mamba_ssm_dtype": "float32": the table carries it, and so does its header.
  CHECK(im->m.config_state_dtype == state_dtype::f32);
  CHECK(imp::emit_header(*im, "import").find("  m.config_state_dtype = state_dtype::f32;\n") != std::string::npos);
  // Its vision_config names depth, not num_hidden_layers: SGLang's VLM rule reads 24 layers there.
  CHECK(im->m.vision_config.present);
  CHECK(im->m.vision_config.num_hidden_layers == 0);
  CHECK(im->m.vision_config.hidden_size == 32);
  // GDN: input norm 64, qkv + z [192, 64], b + a [8, 64], conv 128 x 4, A_log + dt_bias 8, norm
  // 16, out [64, 64]. Attention: input norm 64, q (with its gate) [128, 64], k and v [32, 64],
  // q_norm and k_norm 32, o [64, 64]. MLP: post norm 64, gate + up [256, 64], down [64, 128].
  constexpr std::uint64_t gdn = 64 + 192 * 64 + 8 * 64 + 128 * 4 + 8 + 16 + 64 * 64;
  constexpr std::uint64_t attn = 64 + 128 * 64 + 2 * 32 * 64 + 2 * 32 + 64 * 64;
  constexpr std::uint64_t mlp = 64 + 256 * 64 + 64 * 128;
  // embed_tokens, lm_head [256, 64] and the final norm; the MTP layer: two norms, fc [64, 128],
  // a full-attention layer with its MLP, its norm (it reads embed_tokens and lm_head).
  constexpr std::uint64_t text = 2 * 256 * 64 + 64 + 3 * (gdn + mlp) + attn + mlp;
  constexpr std::uint64_t draft = 2 * 64 + 64 * 128 + attn + mlp + 64;
  // The vision tower (depth 1, hidden 32, intermediate 64, out 64, patch 2 x 2 x 2 frames of 3
  // channels, merge 2, 16 positions): patch_embed [32, 24] + bias, pos_embed [16, 32]; the block's
  // two LayerNorms, qkv [96, 32], proj [32, 32], fc1 [64, 32], fc2 [32, 64] with biases; the
  // merger's LayerNorm [32], fc1 [128, 128], fc2 [64, 128] with biases.
  constexpr std::uint64_t block = 4 * 32 + (96 * 32 + 96) + (32 * 32 + 32) + (64 * 32 + 64) + (32 * 64 + 32);
  constexpr std::uint64_t vision = (32 * 24 + 32) + 16 * 32 + block + (2 * 32 + 128 * 128 + 128 + 64 * 128 + 64);
  static_assert(text == 200'392 && draft == 49'536 && vision == 34'688);
  const footprint_bytes fp = footprint(im->m, {.kv = kv_dtype::bf16, .ssm_h = state_dtype::f32});
  CHECK(fp.weights == 2 * (text + draft + vision));
  CHECK(fp.draft_weights == 2 * draft);
  CHECK(fp.vision_weights == 2 * vision);
  CHECK(fp.kv_per_token == 1 * 2 * 1 * 32 * 2);             // one attention layer, K and V, 1 head of 32
  CHECK(fp.state_per_seq == 3 * 4 * 16 * 16 * 4);           // 3 GDN layers x 4 value heads x 16 x 16, F32
  CHECK(fp.conv_per_seq == 3 * 128 * 3 * 2);                // 3 past inputs of 128 channels, BF16
}

TEST_CASE("import: checkpoints weigh their published total_size to the byte") {
  struct published {
    const char* id;
    std::uint64_t total_size;  // model.safetensors.index.json metadata.total_size
  };
  // Sources: tests/data/configs/README.md (each the Hub's model.safetensors.index.json).
  for (const published& p : {published{"qwen3_8b", 16'381'470'720}, published{"qwen3_32b", 65'524'246'528},
                             published{"qwen3_30b_a3b", 61'064'245'248}, published{"qwen3_14b", 29'536'614'400},
                             published{"qwen3_4b", 8'044'936'192}, published{"qwen2_5_7b", 15'231'233'024},
                             published{"qwen2_5_3b", 6'171'877'376}, published{"qwen2_5_72b", 145'412'407'296},
                             published{"qwen2_5_32b", 65'527'752'704},
                             published{"deepseek_v4_flash", 159'609'485'896}}) {
    INFO("model " << p.id);
    const auto im = imp::import_config({config_dir(p.id), "", p.id});
    CHECK(footprint(im->m, settings{}).weights == p.total_size);
  }
}

TEST_CASE("import: a folder's name gives the id; the header names its inputs and is deterministic") {
  const auto im = imp::import_config({config_dir("qwen3_8b"), "", ""});
  CHECK(im->id == "qwen3_8b");
  CHECK(im->m.id == "qwen3_8b");
  const std::string a = imp::emit_header(*im, "headroom import X --id qwen3_8b");
  const std::string b = imp::emit_header(*imp::import_config({config_dir("qwen3_8b"), "", ""}), "headroom import X --id qwen3_8b");
  CHECK(a == b);
  CHECK(a.find("family::dense_gqa({.gqa = {.hidden = 4096, .vocab = 151936, .layers = 36, .q_heads = 32, .kv_heads = 8, "
               ".head_dim = 128}, .inter = 12288, .qk_norm = true})") != std::string::npos);
  CHECK(imp::snake_case("Qwen3-4B-Instruct-2507") == "qwen3_4b_instruct_2507");
  CHECK(imp::snake_case("Llama-3.2-3B") == "llama_3_2_3b");
}

TEST_CASE("import: Qwen3-0.6B is tied, yet its checkpoint stores lm_head: the import counts the tied model") {
  // The Hub's safetensors metadata for Qwen/Qwen3-0.6B reports 751,632,384 BF16 parameters and a
  // single model.safetensors of 1,503,300,328 bytes = 8 + a 35,552-byte header + 1,503,264,768
  // bytes of data in 311 tensors: 28 layers x 11, embed_tokens, norm and a materialised
  // lm_head.weight, although config.json says tie_word_embeddings true. The importer follows the
  // config (engines tie the head and skip the stored copy), so it counts the data less
  // lm_head's 151,936 x 1,024 x 2 = 311,164,928 bytes.
  const auto im = imp::import_config({config_dir("qwen3_0_6b"), "", ""});
  CHECK(footprint(im->m, settings{}).weights == 1'503'264'768 - 311'164'928);
}
