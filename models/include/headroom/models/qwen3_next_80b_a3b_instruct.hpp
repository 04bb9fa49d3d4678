// SPDX-License-Identifier: MIT
// headroom: Qwen/Qwen3-Next-80B-A3B-Instruct, BF16, with the MTP draft layer it ships.
#pragma once

#include <headroom/model.hpp>
#include <headroom/models/qwen3_next.hpp>

namespace headroom::models {

namespace detail {
constexpr model make_qwen3_next_80b_a3b_instruct() {
  model m{};
  m.id = "qwen3_next_80b_a3b_instruct";
  m.name = "Qwen3-Next-80B-A3B-Instruct";
  m.family = "qwen3_next";
  m.source = {
      "Qwen/Qwen3-Next-80B-A3B-Instruct",
      "config.json (hidden_size 2048, num_hidden_layers 48, full_attention_interval 4, "
      "num_attention_heads 16, num_key_value_heads 2, head_dim 256, linear_num_key_heads 16, "
      "linear_num_value_heads 32, linear_key_head_dim 128, linear_value_head_dim 128, "
      "linear_conv_kernel_dim 4, num_experts 512, num_experts_per_tok 10, moe_intermediate_size 512, "
      "shared_expert_intermediate_size 512, decoder_sparse_step 1, mlp_only_layers [], "
      "vocab_size 151936, tie_word_embeddings false); tensor shapes from transformers "
      "modeling_qwen3_next.py; mtp.* tensors ship in the safetensors (1 layer; the config has no mtp key)",
      "every tensor assumed BF16 (the Hub's safetensors metadata reports 81,324,862,720 parameters)"};
  m.c = family::qwen3_next({.hidden = 2048,
                            .vocab = 151936,
                            .layers = 48,
                            .full_attention_interval = 4,
                            .q_heads = 16,
                            .kv_heads = 2,
                            .head_dim = 256,
                            .lin_k_heads = 16,
                            .lin_v_heads = 32,
                            .lin_k_dim = 128,
                            .lin_v_dim = 128,
                            .conv_kernel = 4,
                            .experts = 512,
                            .top_k = 10,
                            .moe_inter = 512,
                            .shared_inter = 512,
                            .mtp_layers = 1});
  m.add_rule(all_weights(formats::bf16));
  return m;
}
}  // namespace detail

inline constexpr model qwen3_next_80b_a3b_instruct = detail::make_qwen3_next_80b_a3b_instruct();

}  // namespace headroom::models
