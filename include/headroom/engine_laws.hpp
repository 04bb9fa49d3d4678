// SPDX-License-Identifier: MIT
// headroom: the laws an engine profile keeps (its knobs as the engine itself accepts them), checked
// by every entry point that reads them. A profile written in C++ gets no CLI parser in front of
// it: an SGLang memory fraction of 2.0 would let a model "fit" twice the device, a block size of 0
// would divide by zero. A broken profile is a compile error whose name is the law (in constant
// evaluation: the named function the compiler stops at; under HEADROOM_ASSERT_FITS:
// `engine_breaks_a_rule<Model, Device, Rule>`) and a headroom::error naming the engine and the knob
// at run time.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <headroom/detail/enum_table.hpp>
#include <headroom/engine.hpp>
#include <headroom/error.hpp>

namespace headroom {

/// The laws, one per knob; each as the engine's own argument check states it.
enum class engine_rule : std::uint8_t {
  ok,
  vllm_gpu_memory_utilization_must_be_in_0_to_1,  // vllm/config/cache.py: 0 < x <= 1
  vllm_block_size_must_be_positive,
  sglang_mem_fraction_static_must_be_at_most_1,   // 0 means the engine's own heuristic
  sglang_page_size_must_be_positive,
  sglang_swa_full_tokens_ratio_must_be_in_0_to_1,
  sglang_mamba_full_memory_ratio_must_be_in_0_to_1,
  trtllm_free_gpu_memory_fraction_must_be_in_0_to_1,
  trtllm_tokens_per_block_must_be_positive,
  trtllm_max_num_tokens_must_be_positive,
  trtllm_max_batch_size_must_be_positive,
  llama_cpp_ubatch_size_must_be_positive,
  llama_cpp_batch_size_must_be_positive,
  llama_cpp_cell_padding_must_be_positive,
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
    case engine_rule::vllm_gpu_memory_utilization_must_be_in_0_to_1:
    case engine_rule::sglang_swa_full_tokens_ratio_must_be_in_0_to_1:
    case engine_rule::sglang_mamba_full_memory_ratio_must_be_in_0_to_1:
    case engine_rule::trtllm_free_gpu_memory_fraction_must_be_in_0_to_1: return "must be above 0 and at most 1";
    case engine_rule::sglang_mem_fraction_static_must_be_at_most_1: return "must be at most 1 (0: the engine's default)";
    case engine_rule::vllm_block_size_must_be_positive:
    case engine_rule::sglang_page_size_must_be_positive:
    case engine_rule::trtllm_tokens_per_block_must_be_positive:
    case engine_rule::trtllm_max_num_tokens_must_be_positive:
    case engine_rule::trtllm_max_batch_size_must_be_positive:
    case engine_rule::llama_cpp_ubatch_size_must_be_positive:
    case engine_rule::llama_cpp_batch_size_must_be_positive:
    case engine_rule::llama_cpp_cell_padding_must_be_positive: return "must be at least 1";
  }
  return "breaks a law";
}

/// The first law the knobs of `e.kind` break (only that engine's knobs are read).
constexpr engine_finding check_engine(const engine& e) {
  constexpr std::uint32_t one = 1'000'000;  // 1.0 in millionths
  auto in_0_to_1 = [](fraction f) { return f.millionths > 0 && f.millionths <= one; };
  switch (e.kind) {
    case engine_kind::vllm:
      if (!in_0_to_1(e.vllm.gpu_memory_utilization))
        return {engine_rule::vllm_gpu_memory_utilization_must_be_in_0_to_1, "gpu_memory_utilization"};
      if (e.vllm.block_size == 0) return {engine_rule::vllm_block_size_must_be_positive, "block_size"};
      return {};
    case engine_kind::sglang:
      if (e.sglang.mem_fraction_static.millionths > one)
        return {engine_rule::sglang_mem_fraction_static_must_be_at_most_1, "mem_fraction_static"};
      if (e.sglang.page_size == 0) return {engine_rule::sglang_page_size_must_be_positive, "page_size"};
      if (e.sglang.swa_full_tokens_ratio.millionths > one)  // 0: SGLang's default
        return {engine_rule::sglang_swa_full_tokens_ratio_must_be_in_0_to_1, "swa_full_tokens_ratio"};
      if (!in_0_to_1(e.sglang.mamba_full_memory_ratio))
        return {engine_rule::sglang_mamba_full_memory_ratio_must_be_in_0_to_1, "mamba_full_memory_ratio"};
      return {};
    case engine_kind::trtllm:
      if (!in_0_to_1(e.trtllm.free_gpu_memory_fraction))
        return {engine_rule::trtllm_free_gpu_memory_fraction_must_be_in_0_to_1, "free_gpu_memory_fraction"};
      if (e.trtllm.tokens_per_block == 0) return {engine_rule::trtllm_tokens_per_block_must_be_positive, "tokens_per_block"};
      if (e.trtllm.max_num_tokens == 0) return {engine_rule::trtllm_max_num_tokens_must_be_positive, "max_num_tokens"};
      if (e.trtllm.max_batch_size == 0) return {engine_rule::trtllm_max_batch_size_must_be_positive, "max_batch_size"};
      return {};
    case engine_kind::llama_cpp:
      if (e.llama_cpp.n_ubatch == 0) return {engine_rule::llama_cpp_ubatch_size_must_be_positive, "ubatch_size"};
      if (e.llama_cpp.n_batch == 0) return {engine_rule::llama_cpp_batch_size_must_be_positive, "batch_size"};
      if (e.llama_cpp.n_pad == 0) return {engine_rule::llama_cpp_cell_padding_must_be_positive, "n_pad"};
      return {};
    case engine_kind::none: return {};  // its usable-memory policy has its own law (validate.hpp)
  }
  return {};
}

namespace detail {
// Reached in constant evaluation, these are the compile error (error.hpp's convention).
inline void vllm_gpu_memory_utilization_must_be_in_0_to_1() {}
inline void vllm_block_size_must_be_positive() {}
inline void sglang_mem_fraction_static_must_be_at_most_1() {}
inline void sglang_page_size_must_be_positive() {}
inline void sglang_swa_full_tokens_ratio_must_be_in_0_to_1() {}
inline void sglang_mamba_full_memory_ratio_must_be_in_0_to_1() {}
inline void trtllm_free_gpu_memory_fraction_must_be_in_0_to_1() {}
inline void trtllm_tokens_per_block_must_be_positive() {}
inline void trtllm_max_num_tokens_must_be_positive() {}
inline void trtllm_max_batch_size_must_be_positive() {}
inline void llama_cpp_ubatch_size_must_be_positive() {}
inline void llama_cpp_batch_size_must_be_positive() {}
inline void llama_cpp_cell_padding_must_be_positive() {}

constexpr void name_engine_rule_at_compile_time(engine_rule r) {
  switch (r) {
    case engine_rule::ok: return;
    case engine_rule::vllm_gpu_memory_utilization_must_be_in_0_to_1: vllm_gpu_memory_utilization_must_be_in_0_to_1(); return;
    case engine_rule::vllm_block_size_must_be_positive: vllm_block_size_must_be_positive(); return;
    case engine_rule::sglang_mem_fraction_static_must_be_at_most_1: sglang_mem_fraction_static_must_be_at_most_1(); return;
    case engine_rule::sglang_page_size_must_be_positive: sglang_page_size_must_be_positive(); return;
    case engine_rule::sglang_swa_full_tokens_ratio_must_be_in_0_to_1: sglang_swa_full_tokens_ratio_must_be_in_0_to_1(); return;
    case engine_rule::sglang_mamba_full_memory_ratio_must_be_in_0_to_1: sglang_mamba_full_memory_ratio_must_be_in_0_to_1(); return;
    case engine_rule::trtllm_free_gpu_memory_fraction_must_be_in_0_to_1: trtllm_free_gpu_memory_fraction_must_be_in_0_to_1(); return;
    case engine_rule::trtllm_tokens_per_block_must_be_positive: trtllm_tokens_per_block_must_be_positive(); return;
    case engine_rule::trtllm_max_num_tokens_must_be_positive: trtllm_max_num_tokens_must_be_positive(); return;
    case engine_rule::trtllm_max_batch_size_must_be_positive: trtllm_max_batch_size_must_be_positive(); return;
    case engine_rule::llama_cpp_ubatch_size_must_be_positive: llama_cpp_ubatch_size_must_be_positive(); return;
    case engine_rule::llama_cpp_batch_size_must_be_positive: llama_cpp_batch_size_must_be_positive(); return;
    case engine_rule::llama_cpp_cell_padding_must_be_positive: llama_cpp_cell_padding_must_be_positive(); return;
  }
}

// Named in HEADROOM_ASSERT_FITS's error: the deployment's engine profile breaks `Rule`.
template <const auto& Model, const auto& Device, engine_rule Rule>
struct engine_breaks_a_rule;
}  // namespace detail

/// Every entry point that reads an engine profile calls this once.
constexpr void validate(const engine& e) {
  const engine_finding f = check_engine(e);
  if (f.ok()) return;
  if (std::is_constant_evaluated()) detail::name_engine_rule_at_compile_time(f.rule);
  detail::fail(error_kind::bad_input,
               std::string("engine ") + std::string(name(e.kind)) + ": " + std::string(f.knob) + " " + std::string(describe(f.rule)));
}

}  // namespace headroom
