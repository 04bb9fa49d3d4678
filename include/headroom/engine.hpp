// SPDX-License-Identifier: MIT
// headroom: a serving-engine profile -- which engine runs the deployment and the knobs it was
// started with, under the engine's own names and defaults. The tables of the shipped profiles
// live in engines/include/headroom/engines/; how each engine turns device memory into a KV pool
// (the named terms, each cited) lives in engine_memory.hpp and docs/engines.md.
//
// Every field is an integer, an enum or a bool, so the profile (and the `deployment` carrying
// it) is a structural type usable as a template argument on g++ 12 and clang 14 (clang 14 has
// no floating-point template arguments): fractions are stored in millionths.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include <headroom/bytes.hpp>
#include <headroom/detail/enum_table.hpp>

namespace headroom {

/// The engines headroom models. `none` is the pure arithmetic: usable = visible x the usable
/// share its policy gives the device (usable_policy below), need = weights + KV + state.
enum class engine_kind : std::uint8_t { none, vllm, sglang, trtllm, llama_cpp };
/// Every engine kind in declaration order (the CLI parses --engine and lists owners with it),
/// and its name.
inline constexpr auto engine_kind_table =
    detail::make_enum_table(std::array{engine_kind::none, engine_kind::vllm, engine_kind::sglang, engine_kind::trtllm,
                                       engine_kind::llama_cpp},
                            {"none", "vllm", "sglang", "trtllm", "llama.cpp"});
inline constexpr const auto& all_engine_kinds = engine_kind_table.all;

/// A fraction in [0, 1] in millionths (0.92 = 920000), exact and structural.
struct fraction {
  std::uint32_t millionths = 0;
  friend constexpr bool operator==(const fraction&, const fraction&) = default;
  [[nodiscard]] constexpr double value() const { return static_cast<double>(millionths) / 1e6; }
};
/// `x` rounded to the nearest millionth (the CLI parses `0.85`; tables write frac(0.85)).
constexpr fraction frac(double x) {
  const double scaled = x * 1e6 + 0.5;
  return {scaled <= 0 ? 0u : static_cast<std::uint32_t>(scaled)};
}
/// b x f, rounded down, exact: the engines compute `total * fraction` in floating point and
/// truncate to bytes; a millionth of 192 GB is 192 kB, far below any reported rounding.
constexpr byte_count scale(byte_count b, fraction f) {
  return b / 1'000'000 * f.millionths + (b % 1'000'000) * f.millionths / 1'000'000;
}

/// "0" in a knob below means "the engine's own default", which for these knobs depends on the
/// device or the model (vLLM's batch defaults depend on device memory, SGLang's fraction on
/// memory and TP); the resolved value is reported with every answer.
inline constexpr std::uint64_t engine_default = 0;

/// vLLM's CUDA-graph modes (CUDAGraphMode, vllm/config/compilation.py
/// @002284db4c87420647c6bc2cafe923942bcea307); FULL_AND_PIECEWISE is the default. The graphs each
/// captures are detail::vllm_graphs_captured's (docs/engines.md, "vLLM").
enum class vllm_cudagraph_mode : std::uint8_t { full_and_piecewise, piecewise, full, full_decode_only, none };
/// Every mode in declaration order, and its name as vLLM spells it
/// (`--compilation-config '{"cudagraph_mode": "PIECEWISE"}'`, `-O.cudagraph_mode=PIECEWISE`).
inline constexpr auto vllm_cudagraph_mode_table = detail::make_enum_table(
    std::array{vllm_cudagraph_mode::full_and_piecewise, vllm_cudagraph_mode::piecewise, vllm_cudagraph_mode::full,
               vllm_cudagraph_mode::full_decode_only, vllm_cudagraph_mode::none},
    {"FULL_AND_PIECEWISE", "PIECEWISE", "FULL", "FULL_DECODE_ONLY", "NONE"});
inline constexpr const auto& all_vllm_cudagraph_modes = vllm_cudagraph_mode_table.all;
constexpr std::string_view name(vllm_cudagraph_mode m) { return vllm_cudagraph_mode_table.name(m); }

/// vLLM (V1 engine) flags: vllm/config/cache.py, vllm/config/scheduler.py, vllm/engine/arg_utils.py.
struct vllm_knobs {
  fraction gpu_memory_utilization{920000};      ///< --gpu-memory-utilization (0.92 since v0.21; 0.90 before)
  std::uint64_t max_model_len = engine_default; ///< --max-model-len (default: the deployment's context)
  std::uint64_t max_num_seqs = engine_default;  ///< --max-num-seqs
  std::uint64_t max_num_batched_tokens = engine_default;  ///< --max-num-batched-tokens
  std::uint32_t block_size = 16;                ///< --block-size (raised for hybrid models)
  byte_count kv_cache_memory_bytes = 0;         ///< --kv-cache-memory-bytes (0: profile instead)
  bool enforce_eager = false;                   ///< --enforce-eager: no CUDA graphs
  /// VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS: CUDA-graph memory subtracted from the KV budget
  /// (on by default since v0.21.0, PR #38284; earlier releases behave as `false`).
  bool cudagraph_memory_profiling = true;
  /// --mamba-cache-mode align: each Mamba / GDN group holds 2 pages per request instead of 1
  /// (MambaSpec.max_memory_usage_bytes, vllm/v1/kv_cache_interface.py
  /// @bc8282e61df21719b12b391c3a976b1c900dfbb4). Prefix caching on a hybrid model selects it
  /// where the model refuses "all" (Qwen3.5 / Qwen3.6); off ("none") is prefix caching off.
  bool mamba_cache_align = false;
  /// --compilation-config's cudagraph_mode: which CUDA graphs are captured (and so profiled)
  /// per capture size. Last, so aggregate initialisers written before it still compile.
  vllm_cudagraph_mode cudagraph_mode = vllm_cudagraph_mode::full_and_piecewise;
  /// --speculative-config's num_speculative_tokens, read when the deployment speculates with
  /// the checkpoint's MTP head (settings::speculative); 0: vLLM's default, the head's n_predict
  /// (its MTP layers). Each Mamba / GDN group then holds that many more pages per request.
  std::uint64_t num_speculative_tokens = engine_default;
  friend constexpr bool operator==(const vllm_knobs&, const vllm_knobs&) = default;
};

/// SGLang flags: python/sglang/srt/server_args.py.
struct sglang_knobs {
  fraction mem_fraction_static{0};              ///< --mem-fraction-static (0: the engine's heuristic)
  std::uint32_t page_size = 1;                  ///< --page-size
  std::uint64_t chunked_prefill_size = engine_default;   ///< --chunked-prefill-size
  std::uint64_t max_running_requests = engine_default;   ///< --max-running-requests
  std::uint64_t cuda_graph_max_bs = engine_default;      ///< --cuda-graph-max-bs
  std::uint64_t context_length = engine_default;         ///< --context-length (default: the deployment's context)
  /// --swa-full-tokens-ratio (sliding pool / full pool tokens); 0: SGLang's default, 0.1 for
  /// DeepSeek-V4 (its model override) and 0.8 for the others (engine_sglang.hpp, sglang_swa_ratio).
  fraction swa_full_tokens_ratio{0};
  fraction mamba_full_memory_ratio{900000};     ///< --mamba-full-memory-ratio (state pool / KV pool bytes)
  /// --max-mamba-cache-size: Mamba / GDN state slots (0: sized by the rule, engine_sglang_mamba.hpp).
  std::uint64_t max_mamba_cache_size = engine_default;
  /// --disable-radix-cache: no prefix cache; a hybrid then holds one state slot per request
  /// and, with --max-running-requests, that many slots.
  bool disable_radix_cache = false;
  /// --mamba-scheduler-strategy extra_buffer: two more state slots per request (the
  /// ping-pong buffers of the overlap scheduler) on top of the prefix cache's three.
  bool mamba_extra_buffer = false;
  /// --speculative-num-draft-tokens, read when settings.speculative is on (0: SGLang's
  /// auto_choose_speculative_params default, 4 for the hybrids it is read for).
  std::uint64_t speculative_num_draft_tokens = engine_default;
  friend constexpr bool operator==(const sglang_knobs&, const sglang_knobs&) = default;
};

/// TensorRT-LLM (LLM API, PyTorch backend) options: tensorrt_llm/llmapi/llm_args.py.
struct trtllm_knobs {
  fraction free_gpu_memory_fraction{900000};    ///< kv_cache_config.free_gpu_memory_fraction
  std::uint32_t tokens_per_block = 32;          ///< kv_cache_config.tokens_per_block
  std::uint64_t max_num_tokens = 8192;          ///< max_num_tokens
  std::uint64_t max_batch_size = 2048;          ///< max_batch_size
  std::uint64_t max_seq_len = engine_default;   ///< max_seq_len (default: the deployment's context)
  std::uint64_t max_tokens = engine_default;    ///< kv_cache_config.max_tokens (0: none; the smaller wins)
  friend constexpr bool operator==(const trtllm_knobs&, const trtllm_knobs&) = default;
};

/// llama.cpp cache element types (ggml types of --cache-type-k / --cache-type-v).
enum class ggml_cache_type : std::uint8_t { f16, bf16, f32, q8_0, q4_0 };
/// Every cache type in declaration order, and its name as llama.cpp's --cache-type-k /
/// --cache-type-v spell it (common/arg.cpp).
inline constexpr auto ggml_cache_type_table =
    detail::make_enum_table(std::array{ggml_cache_type::f16, ggml_cache_type::bf16, ggml_cache_type::f32,
                                       ggml_cache_type::q8_0, ggml_cache_type::q4_0},
                            {"f16", "bf16", "f32", "q8_0", "q4_0"});
inline constexpr const auto& all_ggml_cache_types = ggml_cache_type_table.all;
constexpr std::string_view name(ggml_cache_type t) { return ggml_cache_type_table.name(t); }

/// llama.cpp (llama-server / llama-cli) parameters: common/arg.cpp, src/llama-context.cpp.
struct llama_cpp_knobs {
  std::uint64_t n_ctx = engine_default;         ///< --ctx-size (default: the deployment's seqs x context)
  std::uint32_t n_seq_max = 0;                  ///< --parallel (0: the deployment's seqs)
  std::uint32_t n_ubatch = 512;                 ///< --ubatch-size
  std::uint32_t n_batch = 2048;                 ///< --batch-size
  ggml_cache_type type_k = ggml_cache_type::f16;  ///< --cache-type-k
  ggml_cache_type type_v = ggml_cache_type::f16;  ///< --cache-type-v
  bool kv_unified = false;                      ///< --kv-unified
  bool swa_full = false;                        ///< --swa-full
  bool flash_attn = true;                       ///< --flash-attn (off: the compute buffer holds the attention scores)
  /// Cells are padded to a multiple of this: 256 since llama.cpp PR #17046 (Nov 2025); builds
  /// before PR #16812 padded to 256 with flash attention and 32 without.
  std::uint32_t n_pad = 256;
  friend constexpr bool operator==(const llama_cpp_knobs&, const llama_cpp_knobs&) = default;
};

/// engines::none's share of one device's visible memory: usable = visible x permille / 1000,
/// rounded down, and the reason reports print beside it.
struct usable_share {
  std::uint32_t permille = 900;  ///< in [1, 1000] (validate.hpp)
  std::string_view why{};
};
/// One rule of a usable-memory policy: a device id, or a word of the device's
/// `memory_marketed` (a kind of memory, e.g. "HBM"); an empty field matches every device.
struct usable_rule {
  std::string_view device{};
  std::string_view memory{};
  usable_share share{};
};
/// engines::none's usable-memory policy: the first rule that matches a device gives its share;
/// a device no rule matches (one a user defines, say) gets `fallback`. The shipped policy is
/// engines::usable (engines/include/headroom/engines/none.hpp); the fraction is the engine's,
/// not the device's: the real engines size memory with their own knobs (engine_memory.hpp).
struct usable_policy {
  const usable_rule* rules = nullptr;
  std::size_t n_rules = 0;
  usable_share fallback{900, "the gpu-memory-utilization serving engines default to"};
};
/// A policy without rules: 0.9 of every device (an `engine{.kind = engine_kind::none}` that
/// names no policy gets it).
inline constexpr usable_policy default_usable_policy{};

/// One engine and the knobs it runs with. Only the knobs of `kind` are read.
struct engine {
  engine_kind kind = engine_kind::vllm;  ///< vLLM by default: the engine most deployments run
  vllm_knobs vllm{};
  sglang_knobs sglang{};
  trtllm_knobs trtllm{};
  llama_cpp_knobs llama_cpp{};
  /// engines::none: its usable-memory policy. A pointer keeps the profile structural;
  /// engines::none points it at the shipped engines::usable. Never null by default: g++ with
  /// UBSan's null checks cannot compare a global's address with null in a constant expression.
  const usable_policy* usable = &default_usable_policy;
  /// The arithmetic's sliding-window policy (engines::none's fit, and footprint / need_bytes
  /// under this engine): true, a sliding layer holds min(context, window) tokens
  /// (`--evict-sliding`); false (default), every token, as an engine that gives all layers one
  /// page size does. An engine's own memory rule (engine_memory_of) keeps only the window
  /// whatever this says; as_allocated sets it for every engine but `none`.
  bool evict_sliding = false;
  friend constexpr bool operator==(const engine&, const engine&) = default;
};

/// `e` with the arithmetic's sliding policy as `e` allocates: every engine other than `none`
/// keeps only a sliding layer's window (vLLM's sliding-window spec, SGLang's SWA pool,
/// llama.cpp's iSWA cache, TensorRT-LLM's per-window pools), so footprints reported next to its
/// answer match what it stores; `none` keeps its own evict_sliding.
constexpr engine as_allocated(engine e) {
  if (e.kind != engine_kind::none) e.evict_sliding = true;
  return e;
}

constexpr std::string_view name(engine_kind k) { return engine_kind_table.name(k); }

/// The usable-memory policy an engine profile names (engines::none's; default_usable_policy
/// unless it names another). A null pointer set by hand is a compile error in a constant
/// expression (the dereference) and falls back to the default at run time.
constexpr const usable_policy& usable_policy_of(const engine& e) {
  if (std::is_constant_evaluated()) return *e.usable;
  return e.usable != nullptr ? *e.usable : default_usable_policy;
}

}  // namespace headroom
