// SPDX-License-Identifier: MIT
// Config values (config_values.hpp): what a family records under config.json keys, and the
// placeholder grammar provenance text uses to print them.
#include <headroom/config_values.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_next_80b_a3b_instruct.hpp>

namespace headroom_static_config_values_test {

namespace {
using namespace headroom;

constexpr bool has(const config_values& v, std::string_view key, std::uint64_t value) {
  return v.has(key) && !v.at(key).boolean && v.at(key).value == value;
}

// Llama-3.1-8B-Instruct's config.json
// (https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/blob/main/config.json).
constexpr const config_values& llama = models::llama_3_1_8b_instruct.c.config;
static_assert(has(llama, "hidden_size", 4096) && has(llama, "intermediate_size", 14336) &&
              has(llama, "vocab_size", 128256) && has(llama, "num_hidden_layers", 32) &&
              has(llama, "num_attention_heads", 32) && has(llama, "num_key_value_heads", 8) &&
              has(llama, "head_dim", 128));
static_assert(llama.has("tie_word_embeddings") && llama.at("tie_word_embeddings").boolean &&
              llama.at("tie_word_embeddings").value == 0);
static_assert(!llama.has("sliding_window"), "no window: no key");
static_assert(llama.n == 8, "six decoder widths, tie_word_embeddings, intermediate_size");

// Qwen3-Next-80B-A3B-Instruct's config.json
// (https://huggingface.co/Qwen/Qwen3-Next-80B-A3B-Instruct/blob/main/config.json); one MTP
// layer ships in its safetensors (mtp.layers.0.*) though the config names none.
constexpr const config_values& next = models::qwen3_next_80b_a3b_instruct.c.config;
static_assert(has(next, "full_attention_interval", 4) && has(next, "linear_num_key_heads", 16) &&
              has(next, "linear_num_value_heads", 32) && has(next, "linear_key_head_dim", 128) &&
              has(next, "linear_value_head_dim", 128) && has(next, "linear_conv_kernel_dim", 4) &&
              has(next, "num_experts", 512) && has(next, "num_experts_per_tok", 10) &&
              has(next, "moe_intermediate_size", 512) && has(next, "shared_expert_intermediate_size", 512) &&
              has(next, "head_dim", 256) && has(next, "mtp_num_hidden_layers", 1));
static_assert(!next.has("intermediate_size"), "a routed-MoE hybrid records no dense MLP width");

// The placeholder grammar: `{key}` and `{=key}` name a recorded key; nothing else may brace.
static_assert(placeholders_resolve("config.json ({hidden_size}, {=head_dim})", llama));
static_assert(placeholders_resolve("no placeholders", config_values{}));
static_assert(!placeholders_resolve("{hidden_sizes}", llama), "an unrecorded key");
static_assert(!placeholders_resolve("{}", llama) && !placeholders_resolve("{=}", llama), "an empty key");
static_assert(!placeholders_resolve("{hidden_size", llama) && !placeholders_resolve("hidden_size}", llama),
              "an unmatched brace");
static_assert(!placeholders_resolve("{{hidden_size}}", llama), "no nesting");

// A key recorded twice keeps its last value and one slot.
constexpr config_values twice() {
  config_values v;
  v.put("a", 1);
  v.put("a", 2);
  return v;
}
constexpr config_values recorded_twice = twice();
static_assert(recorded_twice.n == 1 && has(recorded_twice, "a", 2));

}  // namespace
}  // namespace headroom_static_config_values_test
