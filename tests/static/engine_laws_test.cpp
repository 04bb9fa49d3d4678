// SPDX-License-Identifier: MIT
// The laws of an engine profile (engine_laws.hpp): every shipped profile keeps them, and each law
// refuses the value the engine itself refuses, with its twin accepted.
#include <headroom/devices/nvidia_hopper.hpp>
#include <headroom/engine_laws.hpp>
#include <headroom/engines.hpp>
#include <headroom/validate.hpp>

namespace headroom_static_engine_laws_test {

namespace {
using namespace headroom;

static_assert(check_engine(engines::vllm).ok() && check_engine(engines::sglang).ok() &&
              check_engine(engines::trtllm).ok() && check_engine(engines::llama_cpp).ok() &&
              check_engine(engines::none).ok());

// vLLM: gpu_memory_utilization in (0, 1]; a block of at least one token.
static_assert(check_engine({.kind = engine_kind::vllm, .vllm = {.gpu_memory_utilization = {0}}}).rule ==
              engine_rule::vllm_gpu_memory_utilization_must_be_in_0_to_1);
static_assert(check_engine({.kind = engine_kind::vllm, .vllm = {.gpu_memory_utilization = {1'000'001}}}).rule ==
              engine_rule::vllm_gpu_memory_utilization_must_be_in_0_to_1);
static_assert(check_engine({.kind = engine_kind::vllm, .vllm = {.gpu_memory_utilization = {1'000'000}}}).ok());
static_assert(check_engine({.kind = engine_kind::vllm, .vllm = {.block_size = 0}}).rule ==
              engine_rule::vllm_block_size_must_be_positive);
// SGLang: 0 is its heuristic, 2.0 is refused; the knob named is the flag's.
static_assert(check_engine({.kind = engine_kind::sglang, .sglang = {.mem_fraction_static = {0}}}).ok());
static_assert(check_engine({.kind = engine_kind::sglang, .sglang = {.mem_fraction_static = {2'000'000}}}).knob ==
              "mem_fraction_static");
static_assert(check_engine({.kind = engine_kind::sglang, .sglang = {.page_size = 0}}).rule ==
              engine_rule::sglang_page_size_must_be_positive);
// TensorRT-LLM and llama.cpp.
static_assert(check_engine({.kind = engine_kind::trtllm, .trtllm = {.tokens_per_block = 0}}).rule ==
              engine_rule::trtllm_tokens_per_block_must_be_positive);
static_assert(check_engine({.kind = engine_kind::llama_cpp, .llama_cpp = {.n_ubatch = 0}}).rule ==
              engine_rule::llama_cpp_ubatch_size_must_be_positive);
// Only the engine's own knobs are read: a vLLM profile ignores a broken SGLang field.
static_assert(check_engine({.kind = engine_kind::vllm, .sglang = {.page_size = 0}}).ok());

// A denormal rate is positive but not a rate: the device laws refuse it (a byte count divided by
// it is infinite); the smallest normal double, 2^-1022, passes.
constexpr device with_bandwidth(double gbps) {
  device d = devices::h100_sxm;
  d.bandwidth_gbps = gbps;
  return d;
}
static_assert(check_device(with_bandwidth(4.9e-324)).rule == table_rule::device_bandwidth_gbps_must_be_positive_and_finite);
static_assert(check_device(with_bandwidth(2.2250738585072014e-308)).ok());
}  // namespace
}  // namespace headroom_static_engine_laws_test
