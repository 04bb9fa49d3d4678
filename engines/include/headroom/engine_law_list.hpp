// SPDX-License-Identifier: MIT
// headroom: the laws engine profiles keep, one per knob, and what a check of one finds; each
// engine's own check (its engine_rules::check, engines/<engine>.hpp) returns the first it breaks,
// engine_laws.hpp turns it into the compile error or the run-time message.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>
#include <string_view>

namespace headroom {

/// The laws, one row per knob: the rule's name (the enumerator, and the function a broken
/// profile calls during constant evaluation, so that the compiler prints it, engine_laws.hpp)
/// and its sentence (the run-time message), each as the engine's own argument check states it.
/// Each engine's check (engine_rules::check, engines/<engine>.hpp) returns the first it breaks.
#define HEADROOM_ENGINE_RULES(X) \
  /* vllm/config/cache.py: 0 < x <= 1 */ \
  X(vllm_gpu_memory_utilization_must_be_in_0_to_1, "must be above 0 and at most 1") \
  X(vllm_block_size_must_be_positive, "must be at least 1") \
  /* python/sglang/srt/server_args.py; 0 means the engine's own heuristic */ \
  X(sglang_mem_fraction_static_must_be_at_most_1, "must be at most 1 (0: the engine's default)") \
  X(sglang_page_size_must_be_positive, "must be at least 1") \
  X(sglang_moe_dense_tp_size_must_be_1, "must be 1 (SGLang takes 1 or leaves it unset)") \
  X(sglang_swa_full_tokens_ratio_must_be_in_0_to_1, "must be above 0 and at most 1") \
  X(sglang_mamba_full_memory_ratio_must_be_in_0_to_1, "must be above 0 and at most 1") \
  /* tensorrt_llm/llmapi/llm_args.py */ \
  X(trtllm_free_gpu_memory_fraction_must_be_in_0_to_1, "must be above 0 and at most 1") \
  X(trtllm_tokens_per_block_must_be_positive, "must be at least 1") \
  X(trtllm_max_num_tokens_must_be_positive, "must be at least 1") \
  X(trtllm_max_batch_size_must_be_positive, "must be at least 1") \
  /* common/arg.cpp */ \
  X(llama_cpp_ubatch_size_must_be_positive, "must be at least 1") \
  X(llama_cpp_batch_size_must_be_positive, "must be at least 1") \
  X(llama_cpp_cell_padding_must_be_positive, "must be at least 1")

enum class engine_rule : std::uint8_t {
  ok,
#define HEADROOM_DETAIL_ENGINE_RULE_ENUMERATOR(rule, sentence) rule,
  HEADROOM_ENGINE_RULES(HEADROOM_DETAIL_ENGINE_RULE_ENUMERATOR)
#undef HEADROOM_DETAIL_ENGINE_RULE_ENUMERATOR
};

/// The first broken law and the knob it is about (the engine's own flag name).
struct engine_finding {
  engine_rule rule = engine_rule::ok;
  std::string_view knob{};
  [[nodiscard]] constexpr bool ok() const { return rule == engine_rule::ok; }
};

/// The law as a sentence, for run-time messages.
constexpr std::string_view describe(engine_rule r) {
  switch (r) {
    case engine_rule::ok: return "ok";
#define HEADROOM_DETAIL_ENGINE_RULE_SENTENCE(rule, sentence) \
  case engine_rule::rule: return sentence;
    HEADROOM_ENGINE_RULES(HEADROOM_DETAIL_ENGINE_RULE_SENTENCE)
#undef HEADROOM_DETAIL_ENGINE_RULE_SENTENCE
  }
  return "breaks a law";
}

}  // namespace headroom
