// SPDX-License-Identifier: MIT
// headroom: meta-llama/Llama-3.1-8B-Instruct, BF16.
#pragma once

#include <headroom/model.hpp>
#include <headroom/models/dense_gqa.hpp>

namespace headroom::models {

namespace detail {
constexpr model make_llama_3_1_8b_instruct() {
  model m{};
  m.id = "llama_3_1_8b_instruct";
  m.name = "Llama-3.1-8B-Instruct";
  m.family = "dense_gqa";
  m.source = {
      "meta-llama/Llama-3.1-8B-Instruct",
      "config.json (hidden_size 4096, intermediate_size 14336, vocab_size 128256, num_hidden_layers 32, "
      "num_attention_heads 32, num_key_value_heads 8, head_dim 128, tie_word_embeddings false, "
      "torch_dtype bfloat16); model.safetensors.index.json (total_size 16060522496)",
      "every tensor BF16"};
  m.c = family::dense_gqa({.hidden = 4096,
                           .inter = 14336,
                           .vocab = 128256,
                           .layers = 32,
                           .q_heads = 32,
                           .kv_heads = 8,
                           .head_dim = 128});
  m.add_rule(all_weights(formats::bf16));
  return m;
}
}  // namespace detail

inline constexpr model llama_3_1_8b_instruct = detail::make_llama_3_1_8b_instruct();

}  // namespace headroom::models
