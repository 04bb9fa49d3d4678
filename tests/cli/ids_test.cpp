// SPDX-License-Identifier: MIT
// Ids people type: every spelling the tool itself prints names its entry, case-insensitively.
#include <doctest/doctest.h>

#include <cctype>
#include <string>

#include <headroom/devices.hpp>
#include <headroom/models.hpp>

#include "headroom/args/common.hpp"

using namespace headroom;
using namespace headroom::cli;

namespace {
std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}
}  // namespace

TEST_CASE("the spellings named in the issue resolve") {
  CHECK(&resolve_model("Llama-3.1-8B-Instruct") == &models::llama_3_1_8b_instruct);
  CHECK(&resolve_model("meta-llama/Llama-3.1-8B-Instruct") == &models::llama_3_1_8b_instruct);
  CHECK(&resolve_model("LLAMA_3_1_8B_INSTRUCT") == &models::llama_3_1_8b_instruct);
  CHECK(&resolve_device("GB10") == &devices::gb10);
  CHECK(&resolve_device("H200-SXM") == &devices::h200_sxm);
}

TEST_CASE("every model resolves by id, display name and Hub repository id, in any case") {
  for (const model* m : models::all) {
    CAPTURE(m->id);
    CHECK(&resolve_model(m->id) == m);
    CHECK(&resolve_model(upper(m->id)) == m);
    CHECK(&resolve_model(m->name) == m);
    CHECK(&resolve_model(upper(m->name)) == m);
    if (!m->source.repo.empty()) CHECK(&resolve_model(m->source.repo) == m);
  }
}

// DeepSeek-R1's config.json is DeepSeek-V3's but for transformers_version (aiconfigurator's copies
// of both at 095f58a5, aic-core/src/aiconfigurator_core/model_configs/; the keys headroom's
// importer reads, tests/data/configs/deepseek_v3/config.json, are all equal in R1's): one model.
TEST_CASE("a checkpoint published under another name with the same config resolves to the shipped model") {
  for (std::string_view s : {"deepseek-ai/DeepSeek-R1", "DeepSeek-R1", "deepseek_r1", "deepseek-r1", "DEEPSEEK-AI/DEEPSEEK-R1"}) {
    CAPTURE(s);
    CHECK(&resolve_model(s) == &models::deepseek_v3);
  }
  CHECK(models::find_alias("deepseek_r1") == &models::deepseek_v3);
  CHECK(models::find_alias("deepseek_v3") == nullptr);  // an id is no alias
  // A fine-tune whose config was not compared is no alias: refused, the alias's model named first
  // (`DeepSeek-R1-0528` is five edits from the alias `DeepSeek-R1`, farther from every id).
  std::string message;
  try {
    (void)resolve_model("deepseek-ai/DeepSeek-R1-0528");
  } catch (const usage_error& e) {
    message = e.what();
  }
  CHECK(message.starts_with("unknown model `deepseek-ai/DeepSeek-R1-0528` (nearest: deepseek_v3"));
}

// Llama 3.1's base checkpoints (tests/cli/import_test.cpp compares their configs with the
// Instruct tables) and the Instruct repositories' first names (the Hub renamed Meta-Llama-3.1-*).
TEST_CASE("Llama 3.1's base checkpoints and first repository names resolve to the shipped tables") {
  for (std::string_view s : {"meta-llama/Llama-3.1-8B", "Llama-3.1-8B", "meta-llama/Meta-Llama-3.1-8B",
                             "Meta-Llama-3.1-8B", "meta-llama/Meta-Llama-3.1-8B-Instruct", "META-LLAMA-3.1-8B-INSTRUCT"}) {
    CAPTURE(s);
    CHECK(&resolve_model(s) == &models::llama_3_1_8b_instruct);
  }
  CHECK(&resolve_model("meta-llama/Llama-3.1-70B") == &models::llama_3_1_70b_instruct);
  CHECK(&resolve_model("Meta-Llama-3.1-70B-Instruct") == &models::llama_3_1_70b_instruct);
  CHECK(&resolve_model("meta-llama/Meta-Llama-3.1-405B") == &models::llama_3_1_405b_instruct);
  CHECK(&resolve_model("meta-llama/Meta-Llama-3.1-405B-Instruct") == &models::llama_3_1_405b_instruct);
}

// NVIDIA aiconfigurator's model names and the Hub repositories it maps them to, as its
// MODEL_NAME_TO_HF_ID lists them (src/aiconfigurator/sdk/common.py @ca90d206, Apache-2.0): each
// one naming a checkpoint headroom ships (all but `Nemotron_3_super`) resolves to the entry that
// repository names.
TEST_CASE("aiconfigurator's model names resolve to the checkpoints it maps them to") {
  struct named {
    const char* name;
    const char* repo;
  };
  for (const named& n : {named{"LLAMA2_7B", "meta-llama/Llama-2-7b-hf"}, named{"LLAMA2_13B", "meta-llama/Llama-2-13b-hf"},
                         named{"LLAMA2_70B", "meta-llama/Llama-2-70b-hf"},
                         named{"QWEN2.5_1.5B", "Qwen/Qwen2.5-1.5B"}, named{"QWEN2.5_7B", "Qwen/Qwen2.5-7B"},
                         named{"QWEN2.5_32B", "Qwen/Qwen2.5-32B"}, named{"QWEN2.5_72B", "Qwen/Qwen2.5-72B"},
                         named{"LLAMA3.1_8B", "meta-llama/Meta-Llama-3.1-8B"},
                         named{"LLAMA3.1_70B", "meta-llama/Meta-Llama-3.1-70B"},
                         named{"LLAMA3.1_405B", "meta-llama/Meta-Llama-3.1-405B"},
                         named{"MOE_Mixtral8x7B", "mistralai/Mixtral-8x7B-v0.1"},
                         named{"MOE_Mixtral8x22B", "mistralai/Mixtral-8x22B-v0.1"},
                         named{"DEEPSEEK_V3", "deepseek-ai/DeepSeek-V3"}, named{"QWEN3_0.6B", "Qwen/Qwen3-0.6B"},
                         named{"QWEN3_1.7B", "Qwen/Qwen3-1.7B"}, named{"QWEN3_8B", "Qwen/Qwen3-8B"},
                         named{"QWEN3_32B", "Qwen/Qwen3-32B"}, named{"QWEN3_30B_A3B", "Qwen/Qwen3-30B-A3B"},
                         named{"QWEN3_235B", "Qwen/Qwen3-235B-A22B"},
                         named{"QWEN3_480B", "Qwen/Qwen3-Coder-480B-A35B-Instruct"},
                         named{"GPT_OSS_120B", "openai/gpt-oss-120b"}, named{"GPT_OSS_20B", "openai/gpt-oss-20b"},
                         named{"Nemotron_super_v1.1", "nvidia/Llama-3_3-Nemotron-Super-49B-v1"},
                         named{"Nemotron_3_nano", "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16"},
                         named{"Nemotron_H_56B", "nvidia/Nemotron-H-56B-Base-8K"}}) {
    CAPTURE(n.name);
    const model* want = models::find_repo(n.repo);
    REQUIRE(want != nullptr);
    CHECK(&resolve_model(n.name) == want);
  }
  // A name whose checkpoint is not shipped is refused, with the nearest ids.
  CHECK_THROWS_WITH_AS(resolve_model("Nemotron_3_super"), doctest::Contains("unknown model `Nemotron_3_super`"), usage_error);
  // A typo of one names its model among the nearest.
  CHECK_THROWS_WITH_AS(resolve_model("QWEN3_235"), doctest::Contains("qwen3_235b_a22b"), usage_error);
}

TEST_CASE("every device resolves by id and display name, in any case") {
  for (const device* d : devices::all) {
    CAPTURE(d->id);
    CHECK(&resolve_device(d->id) == d);
    CHECK(&resolve_device(upper(d->id)) == d);
    CHECK(&resolve_device(d->name) == d);
  }
}

TEST_CASE("a spelling that is no entry's is still refused with suggestions") {
  CHECK_THROWS_WITH_AS(resolve_model("Llama-3.1-8B-Instruc"),
                       "unknown model `Llama-3.1-8B-Instruc` (nearest: llama_3_1_8b_instruct, llama_3_1_70b_instruct, "
                       "llama_3_1_405b_instruct; `headroom list models` lists all; a checkpoint not shipped: --config "
                       "PATH/config.json)",
                       usage_error);
}
