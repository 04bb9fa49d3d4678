// SPDX-License-Identifier: MIT
// headroom: the shipped separate draft checkpoints (EAGLE-3 heads) and the target each was
// trained for; family::with_eagle3 (eagle3.hpp) adds one to a target as its draft section.
#pragma once

#include <array>
#include <string_view>

#include <headroom/model.hpp>
#include <headroom/models/drafts/eagle3.hpp>

namespace headroom::models {
using std::string_view_literals::operator""sv;

/// A separate draft checkpoint: its ids, the shipped model id of the target it drafts for, its
/// shape and where the shape comes from.
struct draft_checkpoint {
  std::string_view id;      ///< snake_case of the repository name
  std::string_view name;    ///< label for reports
  std::string_view repo;    ///< the checkpoint's repository id
  std::string_view target;  ///< the shipped model id of its target
  family::eagle3_dims dims;
  std::string_view source;  ///< the files and values the shape was read from
};

namespace drafts {

/// yuhuili/EAGLE3-LLaMA3.1-Instruct-8B, the EAGLE-3 head vLLM and SGLang document for
/// meta-llama/Llama-3.1-8B-Instruct. Its config.json (LlamaForCausalLMEagle3) as transcribed in
/// public sources: hidden_size 4096, intermediate_size 14336, num_attention_heads 32,
/// num_key_value_heads 8, num_hidden_layers 1, vocab_size 128256, draft_vocab_size 32000,
/// torch_dtype float16, no head_dim (4096 / 32 = 128) and no target_hidden_size (the target's
/// 4096). Its weights: midlayer.* (one layer), fc, norm, lm_head, d2t, t2d; no embed_tokens.
inline constexpr draft_checkpoint eagle3_llama3_1_instruct_8b{
    "eagle3_llama3_1_instruct_8b"sv,
    "EAGLE3-LLaMA3.1-Instruct-8B"sv,
    "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B"sv,
    "llama_3_1_8b_instruct"sv,
    {.hidden = 4096, .q_heads = 32, .kv_heads = 8, .head_dim = 128, .inter = 14336, .vocab = 128256, .draft_vocab = 32000},
    "config.json: hidden_size 4096, intermediate_size 14336, num_attention_heads 32, num_key_value_heads 8, "
    "num_hidden_layers 1, vocab_size 128256, draft_vocab_size 32000, torch_dtype float16; no embed_tokens stored"sv};

/// Every shipped draft checkpoint.
inline constexpr std::array<const draft_checkpoint*, 1> all{&eagle3_llama3_1_instruct_8b};

}  // namespace drafts

/// `target` served with the draft checkpoint `d` (family::with_eagle3).
constexpr model with_draft(const model& target, const draft_checkpoint& d) { return family::with_eagle3(target, d.dims); }

}  // namespace headroom::models
