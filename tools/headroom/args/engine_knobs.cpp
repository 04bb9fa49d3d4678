// SPDX-License-Identifier: MIT
// headroom CLI: the engine flags as one table -- each flag's spelling, help, owning engines and
// knob, read from and written back as text (engine_flags.hpp) -- and resolve_engine, which walks
// it. CLI11 declares the flags from the same table (engine_cli.hpp) and engine_flags_text writes
// them from it, so a flag is named once.
#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

#include <headroom/engines/none.hpp>

#include "headroom/args/common.hpp"
#include "headroom/args/engine_flags.hpp"

namespace headroom::cli {

std::string_view display_name(engine_kind k) {
  constexpr std::string_view names[] = {"none", "vLLM", "SGLang", "TensorRT-LLM", "llama.cpp"};
  return detail::name_in(names, all_engine_kinds, k);
}

namespace {

// "a, b or c": the names a refused value could have been.
template <typename Names>
std::string or_list(const Names& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) {
    s += fmt::format("{}{}", i == 0 ? "" : i + 1 == names.size() ? " or " : ", ", names[i]);
  }
  return s;
}

ggml_cache_type parse_ggml(std::string_view flag, std::string_view t) {
  std::vector<std::string_view> names;
  for (const ggml_cache_type c : all_ggml_cache_types) {
    if (t == name(c)) return c;
    names.push_back(name(c));
  }
  throw usage_error(fmt::format("{}: unknown cache type `{}` (expected {})", flag, t, or_list(names)));
}

std::uint32_t to_u32(std::string_view flag, std::uint64_t v) {
  if (v > UINT32_MAX) throw usage_error(fmt::format("{}: {} is too large", flag, v));
  return static_cast<std::uint32_t>(v);
}
// A count into a 32-bit knob, range-checked.
std::uint32_t parse_count32(std::string_view flag, std::string_view text) { return to_u32(flag, parse_count(flag, text)); }

// vLLM reads a mode name in any case (CompilationConfig.validate_cudagraph_mode_before:
// CUDAGraphMode[value.upper()]).
vllm_cudagraph_mode parse_cudagraph_mode(std::string_view flag, std::string_view text) {
  std::string upper(text);
  for (char& c : upper) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  std::vector<std::string_view> names;
  for (const vllm_cudagraph_mode m : all_vllm_cudagraph_modes) {
    if (upper == name(m)) return m;
    names.push_back(name(m));
  }
  throw usage_error(fmt::format("{}: unknown CUDA-graph mode `{}` (expected {})", flag, text, or_list(names)));
}

bool parse_on_off(std::string_view flag, std::string_view text) {
  if (text != "on" && text != "off") throw usage_error(fmt::format("{}: expected on or off, got `{}`", flag, text));
  return text == "on";
}

// Each kind of knob's text both ways: `parse` reads a given flag's value, `show` writes a knob
// back as that value (regenerate lines).
struct fraction_text {
  static fraction parse(std::string_view flag, std::string_view text) { return parse_fraction(flag, text); }
  static std::string show(fraction x) { return num(x.value()); }
};
struct count_text {
  static std::uint64_t parse(std::string_view flag, std::string_view text) { return parse_count(flag, text); }
  static std::string show(std::uint64_t x) { return fmt::format("{}", x); }
};
struct count32_text {
  static std::uint32_t parse(std::string_view flag, std::string_view text) { return parse_count32(flag, text); }
  static std::string show(std::uint32_t x) { return fmt::format("{}", x); }
};
struct bytes_text {  // written back as the exact byte count
  static std::uint64_t parse(std::string_view flag, std::string_view text) { return parse_bytes(flag, text); }
  static std::string show(std::uint64_t x) { return fmt::format("{}", x); }
};
struct switch_text {  // a switch given is on; it is written as the flag alone
  static bool parse(std::string_view, std::string_view) { return true; }
  static std::string show(bool) { return {}; }
};
struct on_off_text {
  static bool parse(std::string_view flag, std::string_view text) { return parse_on_off(flag, text); }
  static std::string show(bool on) { return on ? "on" : "off"; }
};
struct cudagraph_mode_text {
  static vllm_cudagraph_mode parse(std::string_view flag, std::string_view text) { return parse_cudagraph_mode(flag, text); }
  static std::string show(vllm_cudagraph_mode m) { return std::string(name(m)); }
};
struct mamba_strategy_text {  // --mamba-scheduler-strategy: extra_buffer or no_buffer
  static bool parse(std::string_view flag, std::string_view text) {
    if (text != "no_buffer" && text != "extra_buffer")
      throw usage_error(fmt::format("{}: expected no_buffer or extra_buffer, got `{}`", flag, text));
    return text == "extra_buffer";
  }
  static std::string show(bool extra) { return extra ? "extra_buffer" : "no_buffer"; }
};
struct ggml_text {
  static ggml_cache_type parse(std::string_view flag, std::string_view text) { return parse_ggml(flag, text); }
  static std::string show(ggml_cache_type t) { return std::string(name(t)); }
};

// The knob `Member` of the engine's `Knobs`: set from a given flag's text, shown as that text
// unless it holds the engine's default.
template <auto Knobs, auto Member, typename Text>
void set_from(std::string_view flag, const std::string& text, engine& e) {
  (e.*Knobs).*Member = Text::parse(flag, text);
}
template <auto Knobs, auto Member, typename Text>
std::optional<std::string> show_of(const engine& e) {
  const engine defaults{.kind = e.kind};
  const auto& value = (e.*Knobs).*Member;
  if (value == (defaults.*Knobs).*Member) return std::nullopt;
  return Text::show(value);
}
template <auto Knobs, auto Member, typename Text>
constexpr knob_access knob{&set_from<Knobs, Member, Text>, &show_of<Knobs, Member, Text>};

// The table's rows, with short names for the structs they point into.
namespace rows {
constexpr std::uint8_t bit(engine_kind k) { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(k)); }
constexpr std::uint8_t vllm = bit(engine_kind::vllm), sglang = bit(engine_kind::sglang),
                       trtllm = bit(engine_kind::trtllm), llama = bit(engine_kind::llama_cpp);
using f = engine_flags;
using v = vllm_knobs;
using g = sglang_knobs;
using t = trtllm_knobs;
using l = llama_cpp_knobs;
constexpr auto ev = &engine::vllm;
constexpr auto eg = &engine::sglang;
constexpr auto et = &engine::trtllm;
constexpr auto el = &engine::llama_cpp;

// Every knob belongs to one engine (--kv-cache-dtype to three); a knob of another engine is
// refused rather than silently ignored. Defaults are the engine's own (engine.hpp). The order
// is --help's and the regenerate lines' (engine_flags_text), which put llama.cpp's cache types
// right after --ctx-size.
constexpr engine_knob knobs[] = {
    {"--gpu-memory-utilization", "fraction of total memory (default 0.92)", vllm, &f::gpu_memory_utilization, nullptr,
     knob<ev, &v::gpu_memory_utilization, fraction_text>},
    {"--max-model-len", "longest request (default: --context); 32k = 32000, 32K = 32768", vllm, &f::max_model_len, nullptr,
     knob<ev, &v::max_model_len, count_text>},
    {"--max-num-seqs", "scheduler cap (default 1024 on >= 70 GiB non-A100 devices, else 256)", vllm, &f::max_num_seqs,
     nullptr, knob<ev, &v::max_num_seqs, count_text>},
    {"--max-num-batched-tokens", "tokens per step (default 8192 / 2048, as max-num-seqs)", vllm,
     &f::max_num_batched_tokens, nullptr, knob<ev, &v::max_num_batched_tokens, count_text>},
    {"--block-size", "tokens per KV block (default 16; raised for hybrids, 64 for MLA)", vllm, &f::block_size, nullptr,
     knob<ev, &v::block_size, count32_text>},
    {"--kv-cache-memory-bytes", "KV pool size, e.g. 20GiB (utilization then ignored)", vllm, &f::kv_cache_memory_bytes,
     nullptr, knob<ev, &v::kv_cache_memory_bytes, bytes_text>},
    {"--enforce-eager", "no CUDA graphs", vllm, nullptr, &f::enforce_eager, knob<ev, &v::enforce_eager, switch_text>},
    {"--cudagraph-mode", "FULL_AND_PIECEWISE (default) | PIECEWISE | FULL | FULL_DECODE_ONLY | NONE (-O.cudagraph_mode)",
     vllm, &f::cudagraph_mode, nullptr, knob<ev, &v::cudagraph_mode, cudagraph_mode_text>},
    {"--num-speculative-tokens", "tokens the MTP head drafts a step under --speculative (--speculative-config's; default: its layers)",
     vllm, &f::num_speculative_tokens, nullptr, knob<ev, &v::num_speculative_tokens, count_text>},
    {"--kv-cache-dtype", "auto | bf16 | fp8 | fp8_e4m3 | fp8_e5m2", vllm | sglang | trtllm, &f::kv_cache_dtype},
    {"--mem-fraction-static", "fraction of free memory (default: SGLang's heuristic)", sglang, &f::mem_fraction_static,
     nullptr, knob<eg, &g::mem_fraction_static, fraction_text>},
    {"--page-size", "tokens per page (default 1)", sglang, &f::page_size, nullptr, knob<eg, &g::page_size, count32_text>},
    {"--chunked-prefill-size", "prefill chunk (default: by device memory)", sglang, &f::chunked_prefill_size, nullptr,
     knob<eg, &g::chunked_prefill_size, count_text>},
    {"--max-running-requests", "scheduler cap", sglang, &f::max_running_requests, nullptr,
     knob<eg, &g::max_running_requests, count_text>},
    {"--cuda-graph-max-bs", "largest CUDA-graph batch", sglang, &f::cuda_graph_max_bs, nullptr,
     knob<eg, &g::cuda_graph_max_bs, count_text>},
    {"--context-length", "longest request (default: --context)", sglang, &f::context_length, nullptr,
     knob<eg, &g::context_length, count_text>},
    {"--max-mamba-cache-size", "Mamba / GDN state slots (default: by --mamba-full-memory-ratio 0.9)", sglang,
     &f::max_mamba_cache_size, nullptr, knob<eg, &g::max_mamba_cache_size, count_text>},
    {"--disable-radix-cache", "no prefix cache: a hybrid holds one state slot per running request", sglang, nullptr,
     &f::disable_radix_cache, knob<eg, &g::disable_radix_cache, switch_text>},
    {"--mamba-scheduler-strategy", "no_buffer | extra_buffer (2 more state slots per request; default no_buffer)",
     sglang, &f::mamba_scheduler_strategy, nullptr, knob<eg, &g::mamba_extra_buffer, mamba_strategy_text>},
    {"--speculative-num-draft-tokens", "draft tokens with --speculative (default 4)", sglang,
     &f::speculative_num_draft_tokens, nullptr, knob<eg, &g::speculative_num_draft_tokens, count_text>},
    {"--free-gpu-memory-fraction", "fraction of free memory after the profile (default 0.9)", trtllm,
     &f::free_gpu_memory_fraction, nullptr, knob<et, &t::free_gpu_memory_fraction, fraction_text>},
    {"--tokens-per-block", "tokens per KV block (default 32)", trtllm, &f::tokens_per_block, nullptr,
     knob<et, &t::tokens_per_block, count32_text>},
    {"--max-num-tokens", "tokens per step (default 8192)", trtllm, &f::max_num_tokens, nullptr,
     knob<et, &t::max_num_tokens, count_text>},
    {"--max-batch-size", "scheduler cap (default 2048)", trtllm, &f::max_batch_size, nullptr,
     knob<et, &t::max_batch_size, count_text>},
    {"--max-seq-len", "longest request (default: --context)", trtllm, &f::max_seq_len, nullptr,
     knob<et, &t::max_seq_len, count_text>},
    {"--max-tokens", "kv_cache_config.max_tokens (the smaller of it and the fraction wins)", trtllm, &f::max_tokens,
     nullptr, knob<et, &t::max_tokens, count_text>},
    {"--ctx-size", "-c, total cells (default: seqs x context)", llama, &f::ctx_size, nullptr,
     knob<el, &l::n_ctx, count_text>},
    {"--cache-type-k", "f16 | bf16 | f32 | q8_0 | q4_0 (default f16)", llama, &f::cache_type_k, nullptr,
     knob<el, &l::type_k, ggml_text>},
    {"--cache-type-v", "f16 | bf16 | f32 | q8_0 | q4_0 (default f16)", llama, &f::cache_type_v, nullptr,
     knob<el, &l::type_v, ggml_text>},
    {"--parallel", "-np, sequences (default: --seqs)", llama, &f::parallel, nullptr, knob<el, &l::n_seq_max, count32_text>},
    {"--ubatch-size", "-ub (default 512)", llama, &f::ubatch_size, nullptr, knob<el, &l::n_ubatch, count32_text>},
    {"--kv-unified", "one KV stream for all sequences", llama, nullptr, &f::kv_unified,
     knob<el, &l::kv_unified, switch_text>},
    {"--swa-full", "sliding-window layers keep every cell", llama, nullptr, &f::swa_full,
     knob<el, &l::swa_full, switch_text>},
    {"--flash-attn", "on | off (default on; off adds the attention scores to the compute buffer)", llama,
     &f::flash_attn, nullptr, knob<el, &l::flash_attn, on_off_text>},
};

}  // namespace rows
using rows::bit;
using rows::knobs;

// The engines that read `k`, in declaration order.
std::vector<engine_kind> owners_of(const engine_knob& k) {
  std::vector<engine_kind> owners;
  for (const engine_kind o : all_engine_kinds) {
    if ((k.owners & bit(o)) != 0) owners.push_back(o);
  }
  return owners;
}
// "vllm / sglang": the engines by `name_of`.
std::string joined(const std::vector<engine_kind>& kinds, std::string_view (*name_of)(engine_kind)) {
  std::string s;
  for (const engine_kind k : kinds) s += fmt::format("{}{}", s.empty() ? "" : " / ", name_of(k));
  return s;
}

engine_kind parse_engine(std::string_view text) {
  if (text == "tensorrt-llm") return engine_kind::trtllm;  // the engines' other spellings of themselves
  if (text == "llama_cpp") return engine_kind::llama_cpp;
  for (const engine_kind k : all_engine_kinds) {
    if (text == name(k)) return k;
  }
  throw usage_error(fmt::format("--engine: unknown engine `{}` (expected vllm, sglang, trtllm, llama.cpp or none)", text));
}

// The value a flag was given, "true" for a switch; empty when it was not given.
std::string given_text(const engine_flags& fl, const engine_knob& k) {
  if (k.on != nullptr) return fl.*k.on ? "true" : "";
  return fl.*k.text;
}

// --kv-cache-dtype: the KV dtype it names, which must agree with --kv when both are given.
void read_kv_cache_dtype(const std::string& text, kv_dtype& kv, bool kv_given) {
  kv_dtype want{};
  if (text == "auto") {
    return;  // the checkpoint's (auto_kv_dtype), resolved by the caller once the model is known
  } else if (text == "bf16") {
    want = kv_dtype::bf16;
  } else if (text == "fp8" || text == "fp8_e4m3" || text == "fp8_e5m2") {
    want = kv_dtype::fp8;
  } else {
    throw usage_error(fmt::format("--kv-cache-dtype: unknown value `{}` (expected auto, bf16, fp8, fp8_e4m3 or fp8_e5m2)", text));
  }
  if (kv_given && want != kv) throw usage_error(fmt::format("--kv-cache-dtype {} contradicts --kv {}", text, name(kv)));
  kv = want;
}

}  // namespace

std::span<const engine_knob> engine_knobs() { return knobs; }

std::string owners_text(const engine_knob& k) { return joined(owners_of(k), display_name); }

bool read_by(const engine_knob& k, engine_kind e) { return (k.owners & bit(e)) != 0; }

engine resolve_engine(const engine_flags& fl, kv_dtype& kv, bool kv_given) {
  engine e{.kind = parse_engine(fl.engine)};
  if (e.kind == engine_kind::none) e = engines::none;  // the pure arithmetic under the shipped usable-memory policy

  for (const engine_knob& k : knobs) {
    if (given_text(fl, k).empty() || read_by(k, e.kind)) continue;
    const auto owners = owners_of(k);
    throw usage_error(fmt::format("{} is a {} flag; the selected engine is {} (pass --engine {} to use it)", k.flag,
                                  joined(owners, name), name(e.kind), name(owners.front())));
  }
  if (!fl.kv_cache_dtype.empty()) read_kv_cache_dtype(fl.kv_cache_dtype, kv, kv_given);
  for (const engine_knob& k : knobs) {
    const std::string text = given_text(fl, k);
    if (!text.empty() && k.knob.set != nullptr) k.knob.set(k.flag, text, e);
  }
  return e;
}

}  // namespace headroom::cli
