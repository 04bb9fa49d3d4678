// SPDX-License-Identifier: MIT
// model_type nemotron-nas (DeciLMForCausalLM, docs/importing.md): the published config.json of
// Llama-3.3-Nemotron-Super-49B-v1 (tests/data/configs/README.md gives its source) weighs the hand
// sum written out below, and its KV cache, on the 49 layers that have attention, is summed by
// hand from block_configs.
#include <doctest/doctest.h>

#include <string>

#include <headroom/headroom.hpp>

#include "headroom/import/block_configs.hpp"
#include "headroom/import/importer.hpp"

using namespace headroom;
namespace imp = headroom::cli::import;

TEST_CASE("nemotron-nas: ffn_mult to the intermediate size as DeciLM computes it") {
  // int(2 x ffn_mult x hidden / 3), rounded up to a multiple of 256 (vllm-project/vllm
  // vllm/model_executor/models/nemotron_nas.py, _ffn_mult_to_intermediate_size).
  CHECK(imp::ffn_mult_to_intermediate_size(5.25, 8192) == 28672);    // 28672.0, a multiple
  CHECK(imp::ffn_mult_to_intermediate_size(1.0, 8192) == 5632);      // int(5461.33) = 5461 -> 22 x 256
  CHECK(imp::ffn_mult_to_intermediate_size(0.5, 8192) == 2816);      // int(2730.67) = 2730 -> 11 x 256
  CHECK(imp::ffn_mult_to_intermediate_size(0.4875, 16384) == 5376);  // int(5324.8) = 5324 -> 21 x 256
  CHECK(imp::ffn_mult_to_intermediate_size(36.5625, 16384) == 399360);  // 399360.0, a multiple
}

TEST_CASE("import nemotron-nas: Llama-3.3-Nemotron-Super-49B-v1 weighs its hand sum") {
  // No published total_size is quoted here; the hand sum from the config (hidden 8192, 64 heads
  // of 128, vocab 128256, 80 layers, untied) and DeciLMDecoderLayer's tensors:
  //   49 layers with attention (n_heads_in_group 8: 8 KV heads): q, o [8192, 8192], k, v
  //     [1024, 8192], input_layernorm 8192 = 151,003,136 each; 31 attention no_op layers none;
  //   80 FFN layers: gate, up [inter, 8192], down [8192, inter], post_attention_layernorm 8192;
  //     the widths 49 x 28672 + 6 x 14336 + 17920 + 10 x 7168 + 8 x 5632 + 6 x 2816 = 1,642,496;
  //   embed_tokens and lm_head [128256, 8192]; model.norm 8192.
  static_assert(49 * 151'003'136ULL + 3 * 8192ULL * 1'642'496 + 80 * 8192ULL + 2 * 128256ULL * 8192 + 8192 ==
                49'867'145'216);
  const auto im = imp::import_config({std::string(HEADROOM_SOURCE_DIR) + "/tests/data/configs/llama_3_3_nemotron_super_49b_v1",
                                      "", "llama_3_3_nemotron_super_49b_v1"});
  const footprint_bytes fp = footprint(im->m, settings{});
  CHECK(parameter_count(im->m) == 49'867'145'216);
  CHECK(fp.weights == 2 * 49'867'145'216ULL);
  // K and V of 8 heads x 128 on the 49 attention layers, 2 bytes each.
  CHECK(fp.kv_per_token == 49 * 2 * 8 * 128 * 2);
  CHECK(fp.state_per_seq == 0);
}
