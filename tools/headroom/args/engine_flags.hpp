// SPDX-License-Identifier: MIT
// headroom CLI: the serving-engine profile of a query -- `--engine` and the engines' own flag
// spellings (docs/cli.md, "Engine flags"), how they become a headroom::engine, and how an
// engine's memory answer is rendered (Markdown and the JSON keys of docs/cli-json.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include <headroom/engine_flag.hpp>
#include <headroom/engines/registry.hpp>
#include <headroom/headroom.hpp>

namespace headroom::cli {

/// One engine flag as the CLI declares it: the engines' own rows (engines::all_flags) merged
/// by spelling, so a flag two engines spell alike (--kv-cache-dtype) is one option that both read.
struct engine_knob {
  std::string_view flag;   ///< the engine's own spelling, e.g. "--gpu-memory-utilization"
  std::string_view help;   ///< --help text after the owners' names ("vLLM: ")
  knob_text text = knob_text::count;
  std::uint8_t owners = 0; ///< the engines that read it: bit k for engine_kind k
  /// Each owner's row (its knob), by engine kind; null for the others.
  std::array<const engine_flag*, all_engine_kinds.size()> rows{};
  [[nodiscard]] bool is_switch() const { return text == knob_text::on_switch; }
};
/// Every engine flag, in --help order (the engines' order, each engine's rows in its order),
/// which is also the order engine_flags_text writes them.
std::span<const engine_knob> engine_knobs();
/// Whether engine `e` reads `k`.
bool read_by(const engine_knob& k, engine_kind e);
/// `k`'s knob on `e` as the flag's text ("" for a switch that is on), nullopt while it holds the
/// engine's default or `e`'s engine does not read it: what a regenerate line writes.
std::optional<std::string> shown_knob(const engine_knob& k, const engine& e);
/// The engines that read `k`, by display name: "vLLM / SGLang / TensorRT-LLM".
std::string owners_text(const engine_knob& k);

/// The flags as typed, one slot per engine_knobs() row; an empty string (or 0) means "not given".
struct engine_flags {
  std::string engine = "vllm";
  std::vector<std::string> text = std::vector<std::string>(engine_knobs().size());
  std::vector<int> on = std::vector<int>(engine_knobs().size());  ///< switches (CLI11 counts them)
  /// The text given to `flag` ("true" for a switch given; empty when not given).
  [[nodiscard]] std::string given(std::string_view flag) const;
  /// The text slot of the valued flag `flag`.
  std::string& text_of(std::string_view flag);
  /// The slot of the switch `flag` (non-zero: given).
  int& on_of(std::string_view flag);
};

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
/// verdict (engines/include/headroom/verdict.hpp), the one HEADROOM_ASSERT_FITS reads.
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
