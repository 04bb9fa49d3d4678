// SPDX-License-Identifier: MIT
// The importer is strict about meaning, not spelling (issue 25, part 2): a float16 or float32
// checkpoint counts its weights at the 2 bytes an element the engines load it in; keys that
// cannot change a byte are accepted and named once in the notes; keys that could are refused.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <headroom/headroom.hpp>

#include "headroom/import/importer.hpp"

using namespace headroom;
namespace imp = headroom::cli::import;
namespace fs = std::filesystem;

namespace {
// A two-layer Llama (hidden 64, 4 heads, 2 KV heads, MLP 128, vocab 256) with `extra` keys.
std::string write_config(const std::string& name, const std::string& extra) {
  const fs::path dir = fs::temp_directory_path() / ("headroom_lenient_" + name);
  fs::create_directories(dir);
  std::ofstream(dir / "config.json") << R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama",
    "hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4, "num_hidden_layers": 2,
    "num_key_value_heads": 2, "tie_word_embeddings": false, "vocab_size": 256)" + extra + "}";
  return dir.string();
}
}  // namespace

TEST_CASE("float16 and float32 checkpoints load in 16 bits: the bytes of the bfloat16 one") {
  // vLLM's _get_and_verify_dtype (vllm/config.py): dtype auto on a float32 config loads it in
  // float16 ("Following the common practice, we use float16 for float32 models").
  const auto bf16 = imp::import_config({write_config("bf16", R"(, "torch_dtype": "bfloat16")"), "", "tiny"});
  const auto f16 = imp::import_config({write_config("f16", R"(, "torch_dtype": "float16")"), "", "tiny"});
  const auto f32 = imp::import_config({write_config("f32", R"(, "dtype": "float32")"), "", "tiny"});
  CHECK(weight_floor_bytes(f16->m) == weight_floor_bytes(bf16->m));
  CHECK(weight_floor_bytes(f32->m) == weight_floor_bytes(bf16->m));
  CHECK(f32->notes.find("dtype = \"float32\": weights counted at 2 bytes an element") != std::string::npos);
}

TEST_CASE("keys that cannot change a byte are named once with the reason") {
  const auto im = imp::import_config(
      {write_config("no_effect", R"(, "is_llama_config": true, "qkv_bias": false, "mlp_only_layers": [])"), "", "tiny"});
  CHECK(im->notes.find("qkv_bias = false ignored: no q/k/v bias tensors") != std::string::npos);
  CHECK(im->notes.find("mlp_only_layers = [] ignored") != std::string::npos);
  CHECK(im->notes.find("is_llama_config = true ignored") != std::string::npos);
}

TEST_CASE("the same keys with a value that changes bytes are still refused, naming the key") {
  const std::string dir = write_config("qkv_bias_true", R"(, "qkv_bias": true)");
  CHECK_THROWS_WITH_AS(imp::import_config({dir, "", "tiny"}),
                       doctest::Contains("key `qkv_bias`: unknown to model_type `llama`"), imp::import_error);
  const std::string dir2 = write_config("float64", R"(, "torch_dtype": "float64")");
  CHECK_THROWS_WITH_AS(imp::import_config({dir2, "", "tiny"}),
                       doctest::Contains("\"float64\" is not supported (bfloat16, float16 or float32"), imp::import_error);
}
