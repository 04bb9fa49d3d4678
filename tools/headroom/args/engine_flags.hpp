// SPDX-License-Identifier: MIT
// headroom CLI: the serving-engine profile of a query -- `--engine` and the engines' own flag
// spellings (docs/cli.md, "Engine flags"), how they become a headroom::engine, and how an
// engine's memory answer is rendered (Markdown and the JSON keys of docs/cli-json.md).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include <headroom/headroom.hpp>

namespace headroom::cli {

/// The flags as typed; an empty string (or false) means "not given".
struct engine_flags {
  std::string engine = "vllm";
  // vLLM
  std::string gpu_memory_utilization, max_model_len, max_num_seqs, max_num_batched_tokens, block_size,
      kv_cache_memory_bytes;
  bool enforce_eager = false;
  std::string cudagraph_mode, num_speculative_tokens;
  // shared by vLLM, SGLang and TensorRT-LLM
  std::string kv_cache_dtype;
  // SGLang
  std::string mem_fraction_static, page_size, chunked_prefill_size, max_running_requests, cuda_graph_max_bs,
      context_length, max_mamba_cache_size, mamba_scheduler_strategy, speculative_num_draft_tokens;
  bool disable_radix_cache = false;
  // TensorRT-LLM
  std::string free_gpu_memory_fraction, tokens_per_block, max_num_tokens, max_batch_size, max_seq_len, max_tokens;
  // llama.cpp
  std::string ctx_size, parallel, ubatch_size, cache_type_k, cache_type_v;
  bool kv_unified = false;
  bool swa_full = false;
  std::string flash_attn;  ///< on | off
};

/// How the CLI reaches the knob a flag stands for, both ways.
struct knob_access {
  /// Sets the knob from the given text (a switch: from "true").
  void (*set)(std::string_view flag, const std::string& text, engine& e) = nullptr;
  /// The knob as the flag's text ("" for a switch that is on), nullopt while it holds the
  /// engine's default: what a regenerate line writes (engine_flags_text).
  std::optional<std::string> (*show)(const engine& e) = nullptr;
};

/// One engine flag, named once: CLI11 declares it from this row (engine_cli.hpp),
/// resolve_engine refuses it under another engine and sets its knob from it, and
/// engine_flags_text writes it back.
struct engine_knob {
  std::string_view flag;   ///< the engine's own spelling, e.g. "--gpu-memory-utilization"
  std::string_view help;   ///< --help text after the owners' names ("vLLM: ")
  std::uint8_t owners = 0; ///< the engines that read it: bit k for engine_kind k
  std::string engine_flags::*text = nullptr;  ///< where a valued option is kept (else null)
  bool engine_flags::*on = nullptr;           ///< where a switch is kept (else null)
  /// Its knob; empty when resolve_engine reads the flag itself (--kv-cache-dtype, which sets
  /// the KV dtype: a regenerate line writes that as --kv).
  knob_access knob{};
};
/// Every engine flag, in --help order, which is also the order engine_flags_text writes them.
std::span<const engine_knob> engine_knobs();
/// Whether engine `e` reads `k`.
bool read_by(const engine_knob& k, engine_kind e);
/// The engines that read `k`, by display name: "vLLM / SGLang / TensorRT-LLM".
std::string owners_text(const engine_knob& k);

/// The engine the flags select, with their knobs; usage_error for an unknown engine, a bad
/// value, or a knob of an engine that is not selected. `kv` is updated by --kv-cache-dtype.
engine resolve_engine(const engine_flags& f, kv_dtype& kv, bool kv_given);

/// The recurrent-state dtype `--ssm-h auto` means for `m` under `e`: vLLM keeps Mamba / GDN
/// states in the model dtype (mamba_ssm_cache_dtype "auto"), unless the checkpoint's config names
/// one (model::config_state_dtype: Qwen3.5's mamba_ssm_dtype, which vLLM's
/// Qwen3_5ForConditionalGenerationConfig copies into mamba_ssm_cache_dtype when that is "auto",
/// vllm/model_executor/models/config.py, https://github.com/vllm-project/vllm/pull/34489;
/// Nemotron-H's mamba_ssm_cache_dtype, which NemotronHForCausalLMConfig in the same file takes
/// while the flag is "auto" -- Nemotron-3's configs name float32);
/// SGLang (mamba_ssm_dtype float32), llama.cpp (F32 recurrent cells), TensorRT-LLM and the pure
/// arithmetic keep f32.
state_dtype auto_state_dtype(const engine& e, const model& m);
/// The engine's own default, for a model whose config names no state dtype.
state_dtype auto_state_dtype(const engine& e);

/// The KV cache dtype `--kv auto` (and `--kv-cache-dtype auto`) means for `m` under `e`: the
/// checkpoint's quantization config's, where it names one (model::config_kv_dtype) and the
/// engine reads it -- vLLM (resolve_kv_cache_dtype_string, vllm/utils/torch_utils.py
/// @0024350b5da3ad174435e62a15273c0d3caba57b: "auto" takes the ModelOpt kv_cache_quant_algo),
/// SGLang (ModelRunner.configure_kv_cache_dtype, python/sglang/srt/model_executor/model_runner.py
/// @01cc04e2b5b01ce379698a3fee1bd17706e1d0ec) and TensorRT-LLM (ModelLoader.
/// _update_from_hf_quant_config, tensorrt_llm/llmapi/llm_utils.py
/// @0066b2a5696f5819dc4c98befa25e957e6e24fe5: kv_cache_config.dtype "auto" takes
/// hf_quant_config.json's kv_cache_quant_algo); else the model dtype, BF16. llama.cpp (its
/// --cache-type-k / -v) and the pure arithmetic keep BF16.
kv_dtype auto_kv_dtype(const engine& e, const model& m);

/// The flags that change an engine answer, canonical spelling, for regenerate lines.
std::string engine_flags_text(const engine& e);

/// Whether a load fits under the query's engine and, if not, why and by how many bytes: the
/// core's verdict (include/headroom/verdict.hpp), the one HEADROOM_ASSERT_FITS reads.
using headroom::verdict;
using headroom::verdict_of;
/// The verdict on `seqs` x `context` under `e` and the plan `p` (verdict_of on that deployment).
verdict load_verdict(const model& m, const device& d, const settings& s, const engine& e, std::uint64_t seqs,
                     std::uint64_t context, const parallel& p = {});
/// One line: "Does not fit under vLLM: kv_cache_cannot_hold_one_request (short by N bytes = G GiB)."
std::string verdict_text(const engine& e, const verdict& v);

/// The engine's memory answer as a Markdown section (terms with their sources, the pool, admission).
std::string engine_section(const engine_memory& em, std::uint64_t seqs, std::uint64_t context);
/// The JSON object of docs/cli-json.md: loaded_weights_bytes_per_rank, available_kv_cache_bytes,
/// kv_cache_tokens, kv_cache_blocks, block_size_tokens, max_concurrency, engine_starts, and the terms.
nlohmann::ordered_json engine_json(const engine_memory& em);

/// A display name: "vLLM", "SGLang", "TensorRT-LLM", "llama.cpp", "none".
std::string_view display_name(engine_kind k);

}  // namespace headroom::cli
