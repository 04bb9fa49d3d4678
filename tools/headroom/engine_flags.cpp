// SPDX-License-Identifier: MIT
#include "headroom/engine_flags.hpp"

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

#include <headroom/engines/none.hpp>

#include "headroom/common.hpp"

namespace headroom::cli {

std::string_view display_name(engine_kind k) {
  switch (k) {
    case engine_kind::vllm: return "vLLM";
    case engine_kind::sglang: return "SGLang";
    case engine_kind::trtllm: return "TensorRT-LLM";
    case engine_kind::llama_cpp: return "llama.cpp";
    case engine_kind::none: return "none";
  }
  return "?";
}

namespace {

ggml_cache_type parse_ggml(std::string_view flag, std::string_view t) {
  if (t == "f16") return ggml_cache_type::f16;
  if (t == "bf16") return ggml_cache_type::bf16;
  if (t == "f32") return ggml_cache_type::f32;
  if (t == "q8_0") return ggml_cache_type::q8_0;
  if (t == "q4_0") return ggml_cache_type::q4_0;
  throw usage_error(fmt::format("{}: unknown cache type `{}` (expected f16, bf16, f32, q8_0 or q4_0)", flag, t));
}

std::string_view ggml_name(ggml_cache_type t) {
  switch (t) {
    case ggml_cache_type::f16: return "f16";
    case ggml_cache_type::bf16: return "bf16";
    case ggml_cache_type::f32: return "f32";
    case ggml_cache_type::q8_0: return "q8_0";
    case ggml_cache_type::q4_0: return "q4_0";
  }
  return "?";
}

std::uint32_t to_u32(std::string_view flag, std::uint64_t v) {
  if (v > UINT32_MAX) throw usage_error(fmt::format("{}: {} is too large", flag, v));
  return static_cast<std::uint32_t>(v);
}
// A count into a 32-bit knob, range-checked.
std::uint32_t parse_count32(std::string_view flag, std::string_view text) { return to_u32(flag, parse_count(flag, text)); }

// A given flag parsed into its knob; an absent one leaves the engine's default.
template <typename Knob, typename Parse>
void set_knob(std::string_view flag, const std::string& text, Knob& knob, Parse parse) {
  if (!text.empty()) knob = parse(flag, text);
}

}  // namespace

engine resolve_engine(const engine_flags& f, kv_dtype& kv, bool kv_given) {
  engine e{};
  if (f.engine == "vllm") {
    e.kind = engine_kind::vllm;
  } else if (f.engine == "sglang") {
    e.kind = engine_kind::sglang;
  } else if (f.engine == "trtllm" || f.engine == "tensorrt-llm") {
    e.kind = engine_kind::trtllm;
  } else if (f.engine == "llama.cpp" || f.engine == "llama_cpp") {
    e.kind = engine_kind::llama_cpp;
  } else if (f.engine == "none") {
    e = engines::none;  // the pure arithmetic under the shipped usable-memory policy
  } else {
    throw usage_error(fmt::format("--engine: unknown engine `{}` (expected vllm, sglang, trtllm, llama.cpp or none)", f.engine));
  }

  // Every knob belongs to one engine (--kv-cache-dtype to three); a knob of another engine is
  // refused rather than silently ignored.
  struct knob {
    std::string_view flag;
    bool given;
    std::vector<engine_kind> owners;
  };
  const std::vector<knob> knobs{
      {"--gpu-memory-utilization", !f.gpu_memory_utilization.empty(), {engine_kind::vllm}},
      {"--max-model-len", !f.max_model_len.empty(), {engine_kind::vllm}},
      {"--max-num-seqs", !f.max_num_seqs.empty(), {engine_kind::vllm}},
      {"--max-num-batched-tokens", !f.max_num_batched_tokens.empty(), {engine_kind::vllm}},
      {"--block-size", !f.block_size.empty(), {engine_kind::vllm}},
      {"--kv-cache-memory-bytes", !f.kv_cache_memory_bytes.empty(), {engine_kind::vllm}},
      {"--enforce-eager", f.enforce_eager, {engine_kind::vllm}},
      {"--kv-cache-dtype", !f.kv_cache_dtype.empty(), {engine_kind::vllm, engine_kind::sglang, engine_kind::trtllm}},
      {"--mem-fraction-static", !f.mem_fraction_static.empty(), {engine_kind::sglang}},
      {"--page-size", !f.page_size.empty(), {engine_kind::sglang}},
      {"--chunked-prefill-size", !f.chunked_prefill_size.empty(), {engine_kind::sglang}},
      {"--max-running-requests", !f.max_running_requests.empty(), {engine_kind::sglang}},
      {"--cuda-graph-max-bs", !f.cuda_graph_max_bs.empty(), {engine_kind::sglang}},
      {"--context-length", !f.context_length.empty(), {engine_kind::sglang}},
      {"--free-gpu-memory-fraction", !f.free_gpu_memory_fraction.empty(), {engine_kind::trtllm}},
      {"--tokens-per-block", !f.tokens_per_block.empty(), {engine_kind::trtllm}},
      {"--max-num-tokens", !f.max_num_tokens.empty(), {engine_kind::trtllm}},
      {"--max-batch-size", !f.max_batch_size.empty(), {engine_kind::trtllm}},
      {"--max-seq-len", !f.max_seq_len.empty(), {engine_kind::trtllm}},
      {"--max-tokens", !f.max_tokens.empty(), {engine_kind::trtllm}},
      {"--ctx-size", !f.ctx_size.empty(), {engine_kind::llama_cpp}},
      {"--parallel", !f.parallel.empty(), {engine_kind::llama_cpp}},
      {"--ubatch-size", !f.ubatch_size.empty(), {engine_kind::llama_cpp}},
      {"--cache-type-k", !f.cache_type_k.empty(), {engine_kind::llama_cpp}},
      {"--cache-type-v", !f.cache_type_v.empty(), {engine_kind::llama_cpp}},
      {"--kv-unified", f.kv_unified, {engine_kind::llama_cpp}},
      {"--swa-full", f.swa_full, {engine_kind::llama_cpp}},
      {"--flash-attn", !f.flash_attn.empty(), {engine_kind::llama_cpp}},
  };
  for (const knob& k : knobs) {
    if (!k.given) continue;
    bool ok = false;
    std::string owners;
    for (engine_kind o : k.owners) {
      ok = ok || o == e.kind;
      owners += fmt::format("{}{}", owners.empty() ? "" : " / ", name(o));
    }
    if (!ok) {
      throw usage_error(fmt::format("{} is a {} flag; the selected engine is {} (pass --engine {} to use it)", k.flag,
                                    owners, name(e.kind), name(k.owners.front())));
    }
  }

  if (!f.kv_cache_dtype.empty()) {
    const std::string& t = f.kv_cache_dtype;
    kv_dtype want{};
    if (t == "auto" || t == "bf16") {
      want = kv_dtype::bf16;  // "auto": the model dtype; every shipped checkpoint's KV is bf16
    } else if (t == "fp8" || t == "fp8_e4m3" || t == "fp8_e5m2") {
      want = kv_dtype::fp8;
    } else {
      throw usage_error(fmt::format("--kv-cache-dtype: unknown value `{}` (expected auto, bf16, fp8, fp8_e4m3 or fp8_e5m2)", t));
    }
    if (kv_given && want != kv) {
      throw usage_error(fmt::format("--kv-cache-dtype {} contradicts --kv {}", t, name(kv)));
    }
    kv = want;
  }

  vllm_knobs& v = e.vllm;
  set_knob("--gpu-memory-utilization", f.gpu_memory_utilization, v.gpu_memory_utilization, parse_fraction);
  set_knob("--max-model-len", f.max_model_len, v.max_model_len, parse_count);
  set_knob("--max-num-seqs", f.max_num_seqs, v.max_num_seqs, parse_count);
  set_knob("--max-num-batched-tokens", f.max_num_batched_tokens, v.max_num_batched_tokens, parse_count);
  set_knob("--block-size", f.block_size, v.block_size, parse_count32);
  set_knob("--kv-cache-memory-bytes", f.kv_cache_memory_bytes, v.kv_cache_memory_bytes, parse_bytes);
  v.enforce_eager = f.enforce_eager;

  sglang_knobs& g = e.sglang;
  set_knob("--mem-fraction-static", f.mem_fraction_static, g.mem_fraction_static, parse_fraction);
  set_knob("--page-size", f.page_size, g.page_size, parse_count32);
  set_knob("--chunked-prefill-size", f.chunked_prefill_size, g.chunked_prefill_size, parse_count);
  set_knob("--max-running-requests", f.max_running_requests, g.max_running_requests, parse_count);
  set_knob("--cuda-graph-max-bs", f.cuda_graph_max_bs, g.cuda_graph_max_bs, parse_count);
  set_knob("--context-length", f.context_length, g.context_length, parse_count);

  trtllm_knobs& t = e.trtllm;
  set_knob("--free-gpu-memory-fraction", f.free_gpu_memory_fraction, t.free_gpu_memory_fraction, parse_fraction);
  set_knob("--tokens-per-block", f.tokens_per_block, t.tokens_per_block, parse_count32);
  set_knob("--max-num-tokens", f.max_num_tokens, t.max_num_tokens, parse_count);
  set_knob("--max-batch-size", f.max_batch_size, t.max_batch_size, parse_count);
  set_knob("--max-seq-len", f.max_seq_len, t.max_seq_len, parse_count);
  set_knob("--max-tokens", f.max_tokens, t.max_tokens, parse_count);

  llama_cpp_knobs& l = e.llama_cpp;
  set_knob("--ctx-size", f.ctx_size, l.n_ctx, parse_count);
  set_knob("--parallel", f.parallel, l.n_seq_max, parse_count32);
  set_knob("--ubatch-size", f.ubatch_size, l.n_ubatch, parse_count32);
  set_knob("--cache-type-k", f.cache_type_k, l.type_k, parse_ggml);
  set_knob("--cache-type-v", f.cache_type_v, l.type_v, parse_ggml);
  l.kv_unified = f.kv_unified;
  l.swa_full = f.swa_full;
  if (!f.flash_attn.empty()) {
    if (f.flash_attn != "on" && f.flash_attn != "off") {
      throw usage_error(fmt::format("--flash-attn: expected on or off, got `{}`", f.flash_attn));
    }
    l.flash_attn = f.flash_attn == "on";
  }
  return e;
}

state_dtype auto_state_dtype(const engine& e) {
  return e.kind == engine_kind::vllm ? state_dtype::bf16 : state_dtype::f32;
}

std::string engine_flags_text(const engine& e) {
  const engine d{.kind = e.kind};
  std::string s;
  if (e.kind != engine_kind::vllm) s += fmt::format(" --engine {}", name(e.kind));
  auto frac_text = [](fraction x) { return num(static_cast<double>(x.millionths) / 1e6); };
  if (e.kind == engine_kind::vllm) {
    const vllm_knobs& k = e.vllm;
    if (k.gpu_memory_utilization != d.vllm.gpu_memory_utilization) s += " --gpu-memory-utilization " + frac_text(k.gpu_memory_utilization);
    if (k.max_model_len != 0) s += fmt::format(" --max-model-len {}", k.max_model_len);
    if (k.max_num_seqs != 0) s += fmt::format(" --max-num-seqs {}", k.max_num_seqs);
    if (k.max_num_batched_tokens != 0) s += fmt::format(" --max-num-batched-tokens {}", k.max_num_batched_tokens);
    if (k.block_size != d.vllm.block_size) s += fmt::format(" --block-size {}", k.block_size);
    if (k.kv_cache_memory_bytes != 0) s += fmt::format(" --kv-cache-memory-bytes {}", k.kv_cache_memory_bytes);
    if (k.enforce_eager) s += " --enforce-eager";
  } else if (e.kind == engine_kind::sglang) {
    const sglang_knobs& k = e.sglang;
    if (k.mem_fraction_static.millionths != 0) s += " --mem-fraction-static " + frac_text(k.mem_fraction_static);
    if (k.page_size != d.sglang.page_size) s += fmt::format(" --page-size {}", k.page_size);
    if (k.chunked_prefill_size != 0) s += fmt::format(" --chunked-prefill-size {}", k.chunked_prefill_size);
    if (k.max_running_requests != 0) s += fmt::format(" --max-running-requests {}", k.max_running_requests);
    if (k.cuda_graph_max_bs != 0) s += fmt::format(" --cuda-graph-max-bs {}", k.cuda_graph_max_bs);
    if (k.context_length != 0) s += fmt::format(" --context-length {}", k.context_length);
  } else if (e.kind == engine_kind::trtllm) {
    const trtllm_knobs& k = e.trtllm;
    if (k.free_gpu_memory_fraction != d.trtllm.free_gpu_memory_fraction) s += " --free-gpu-memory-fraction " + frac_text(k.free_gpu_memory_fraction);
    if (k.tokens_per_block != d.trtllm.tokens_per_block) s += fmt::format(" --tokens-per-block {}", k.tokens_per_block);
    if (k.max_num_tokens != d.trtllm.max_num_tokens) s += fmt::format(" --max-num-tokens {}", k.max_num_tokens);
    if (k.max_batch_size != d.trtllm.max_batch_size) s += fmt::format(" --max-batch-size {}", k.max_batch_size);
    if (k.max_seq_len != 0) s += fmt::format(" --max-seq-len {}", k.max_seq_len);
    if (k.max_tokens != 0) s += fmt::format(" --max-tokens {}", k.max_tokens);
  } else if (e.kind == engine_kind::llama_cpp) {
    const llama_cpp_knobs& k = e.llama_cpp;
    if (k.n_ctx != 0) s += fmt::format(" --ctx-size {}", k.n_ctx);
    if (k.type_k != d.llama_cpp.type_k) s += fmt::format(" --cache-type-k {}", ggml_name(k.type_k));
    if (k.type_v != d.llama_cpp.type_v) s += fmt::format(" --cache-type-v {}", ggml_name(k.type_v));
    if (k.n_seq_max != 0) s += fmt::format(" --parallel {}", k.n_seq_max);
    if (k.n_ubatch != d.llama_cpp.n_ubatch) s += fmt::format(" --ubatch-size {}", k.n_ubatch);
    if (k.kv_unified) s += " --kv-unified";
    if (k.swa_full) s += " --swa-full";
    if (!k.flash_attn) s += " --flash-attn off";
  }
  return s;
}

verdict load_verdict(const model& m, const device& d, const settings& s, const engine& e, std::uint64_t seqs,
                     std::uint64_t context, const parallel& p) {
  verdict v{};
  const deployment dep{seqs, context, s, e, p};
  if (e.kind == engine_kind::none) {
    const byte_count need = need_bytes(m, dep);
    const byte_count usable = usable_bytes(d, usable_policy_of(e));
    v.fits = need <= usable;
    v.term = v.fits ? engine_term::none : engine_term::kv_cache_cannot_hold_the_sequences;
    v.shortfall_bytes = need > usable ? need - usable : 0;
    return v;
  }
  return verdict_of(engine_memory_of(m, d, dep), rank_seqs(seqs, p), context);  // a DP-attention rank serves its share
}

verdict verdict_of(const engine_memory& em, std::uint64_t seqs, std::uint64_t context) {
  verdict v{};
  v.term = stopping_term(em, seqs, context);
  v.fits = v.term == engine_term::none;
  if (v.fits) return v;
  if (em.kind == engine_kind::llama_cpp) {
    v.shortfall_bytes = em.kv_shortfall_bytes;
    return v;
  }
  // What the pool lacks for `seqs` requests of `context`, plus what the terms already overdraw.
  const std::uint64_t per = detail::request_blocks(em, std::min(context, em.max_model_len));
  const byte_count need_kv = checked_mul(checked_mul(seqs, per), em.block_bytes);
  const byte_count pool = checked_mul(em.kv_cache_blocks, em.block_bytes);
  v.shortfall_bytes = checked_add(em.kv_shortfall_bytes, need_kv > pool ? need_kv - pool : 0);
  if (v.term == engine_term::free_memory_below_budget) v.shortfall_bytes = em.budget_bytes - em.free_at_start_bytes;
  return v;
}

std::string verdict_text(const engine& e, const verdict& v) {
  if (v.fits) return fmt::format("Fits under {}.", display_name(e.kind));
  return fmt::format("Does not fit under {}: {} (short by {} bytes = {:.2f} GiB).", display_name(e.kind), name(v.term),
                     v.shortfall_bytes, to_gib(v.shortfall_bytes));
}

namespace {
std::string gib2(byte_count b) { return fmt::format("{:.2f}", to_gib(b)); }

struct md {
  std::string text;
  template <typename... A>
  void operator()(fmt::format_string<A...> f, A&&... a) {
    text += fmt::format(f, std::forward<A>(a)...);
  }
};

// Where each engine's terms come from (engine repository file @ commit; docs/engines.md).
struct term_source {
  std::string_view budget, weights, activation, sampler, graphs, non_torch, pool;
};
term_source sources(engine_kind k) {
  switch (k) {
    case engine_kind::vllm:
      return {"vllm/v1/worker/gpu_worker.py @35d5cda (requested_memory = total x gpu_memory_utilization)",
              "model_runner.model_memory_usage (weights as loaded; MXFP4 MoE padded on the Marlin path, quantization/mxfp4.py)",
              "profile_run: _dummy_run(max_num_batched_tokens), torch peak increase",
              "_dummy_sampler_run on min(max_num_seqs, max_num_batched_tokens) requests, fp32 [num_reqs, vocab]",
              "profile_cudagraph_memory (VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1 since v0.21.0, PR #38284)",
              "mem_utils.py @a6d5c39 non_torch_increase",
              "kv_cache_utils.py @001cabc get_num_blocks: available // page // group size"};
    case engine_kind::sglang:
      return {"model_runner_kv_cache_mixin.py @226149a profile_max_num_token: mem_fraction_static x free memory before load",
              "free memory before load - after load", "in the (1 - mem_fraction_static) reserve (not subtracted)", "-",
              "in the reserve (not subtracted)", "CUDA context, before the first measurement",
              "max_total_num_tokens = rest // cell size, page-aligned; Mamba pool first (handle_max_mamba_cache)"};
    case engine_kind::trtllm:
      return {"_torch/pyexecutor/_util.py @d8ae02c _cal_max_tokens: (total - peak) x free_gpu_memory_fraction",
              "weights after loading", "estimation run of max_num_tokens", "-", "in extra_cost (non-torch)",
              "extra_cost = used - torch allocated", "resource_manager.py @d2a5560: blocks = ceil(max_tokens / tokens_per_block)"};
    case engine_kind::llama_cpp:
      return {"no budget: every buffer allocated whole (cudaMalloc)", "model buffers", "compute buffer: one ubatch",
              "logits [n_ubatch, vocab] f32", "-", "-", "llama-kv-cache.cpp @3514e9f: cells x row bytes x streams"};
    case engine_kind::none: break;
  }
  return {};
}
}  // namespace

std::string engine_section(const engine_memory& em, std::uint64_t seqs, std::uint64_t context) {
  md out;
  const term_source src = sources(em.kind);
  out("## Engine memory: {}\n\n", display_name(em.kind));
  out("One rank as {} sizes it (docs/engines.md cites every term). GiB = 2^30 bytes.\n\n", display_name(em.kind));
  out("| term | bytes | GiB | source |\n|---|---:|---:|---|\n");
  out("| total the driver shows | {} | {} | cudaMemGetInfo (device total less the driver's reserve) |\n", em.total_bytes, gib2(em.total_bytes));
  out("| free at start-up | {} | {} | total less the CUDA context |\n", em.free_at_start_bytes, gib2(em.free_at_start_bytes));
  out("| budget ({}) | {} | {} | {} |\n", num(em.budget_fraction.value()), em.budget_bytes, gib2(em.budget_bytes), src.budget);
  out("| weights loaded (per rank) | {} | {} | {} |\n", em.loaded_weights_bytes_per_rank, gib2(em.loaded_weights_bytes_per_rank), src.weights);
  out("| activation peak ({} tokens) | {} | {} | {} |\n", em.max_num_batched_tokens, em.activation_peak_bytes, gib2(em.activation_peak_bytes), src.activation);
  out("| sampler / logits | {} | {} | {} |\n", em.sampler_bytes, gib2(em.sampler_bytes), src.sampler);
  out("| CUDA graphs | {} | {} | {} |\n", em.cuda_graph_bytes, gib2(em.cuda_graph_bytes), src.graphs);
  out("| non-torch | {} | {} | {} |\n", em.non_torch_bytes, gib2(em.non_torch_bytes), src.non_torch);
  if (em.compute_buffer_bytes != 0) {
    out("| compute buffer | {} | {} | one ubatch forward + its logits (+ attention scores without flash attention) |\n",
        em.compute_buffer_bytes, gib2(em.compute_buffer_bytes));
  }
  if (em.recurrent_state_pool_bytes != 0) {
    out("| recurrent state pool | {} | {} | Mamba / GDN states |\n", em.recurrent_state_pool_bytes, gib2(em.recurrent_state_pool_bytes));
  }
  out("| available KV cache | {} | {} | {} |\n", em.available_kv_cache_bytes, gib2(em.available_kv_cache_bytes), src.pool);
  if (em.kv_shortfall_bytes != 0) out("| overdrawn by | {} | {} | the terms exceed the budget |\n", em.kv_shortfall_bytes, gib2(em.kv_shortfall_bytes));
  out("\nKV pool: {} blocks of {} tokens ({} bytes a block over this rank's layers) = {} tokens. ", em.kv_cache_blocks,
      em.block_size_tokens, em.block_bytes, em.kv_cache_tokens);
  out("One request of max_model_len {} needs {} blocks ({} GiB); maximum concurrency {}.{:02}x. ", em.max_model_len,
      em.request_blocks, gib2(em.request_bytes), em.max_concurrency_hundredths / 100, em.max_concurrency_hundredths % 100);
  out("Scheduler cap: {} sequences.\n", em.max_num_seqs);
  if (em.engine_starts) {
    const std::uint64_t c = max_seqs_at(em, context);
    out("Engine starts: yes. Sequences of {} tokens it holds: {}{}.\n", context, c,
        seqs <= c ? fmt::format(" ({} asked: fits)", seqs) : fmt::format(" ({} asked: does not fit)", seqs));
  } else {
    out("Engine starts: no ({}).", name(em.stops));
    if (em.largest_max_model_len != 0) out(" The largest max_model_len that starts: {}.", em.largest_max_model_len);
    out("\n");
  }
  return std::move(out.text);
}

nlohmann::ordered_json engine_json(const engine_memory& em) {
  nlohmann::ordered_json j;
  j["engine"] = name(em.kind);
  j["loaded_weights_bytes_per_rank"] = em.loaded_weights_bytes_per_rank;
  j["available_kv_cache_bytes"] = em.available_kv_cache_bytes;
  j["kv_cache_tokens"] = em.kv_cache_tokens;
  j["kv_cache_blocks"] = em.kv_cache_blocks;
  j["block_size_tokens"] = em.block_size_tokens;
  j["max_concurrency"] = static_cast<double>(em.max_concurrency_hundredths) / 100.0;
  j["engine_starts"] = em.engine_starts;
  j["stops"] = name(em.stops);
  j["largest_max_model_len"] = em.largest_max_model_len;
  j["max_model_len"] = em.max_model_len;
  j["max_num_seqs"] = em.max_num_seqs;
  j["max_num_batched_tokens"] = em.max_num_batched_tokens;
  j["terms"] = {{"total_bytes", em.total_bytes},
                {"free_at_start_bytes", em.free_at_start_bytes},
                {"budget_fraction", em.budget_fraction.value()},
                {"budget_bytes", em.budget_bytes},
                {"activation_peak_bytes", em.activation_peak_bytes},
                {"sampler_bytes", em.sampler_bytes},
                {"cuda_graph_bytes", em.cuda_graph_bytes},
                {"non_torch_bytes", em.non_torch_bytes},
                {"recurrent_state_pool_bytes", em.recurrent_state_pool_bytes},
                {"kv_shortfall_bytes", em.kv_shortfall_bytes},
                {"compute_buffer_bytes", em.compute_buffer_bytes},
                {"block_bytes", em.block_bytes},
                {"request_blocks", em.request_blocks},
                {"request_bytes", em.request_bytes}};
  return j;
}

}  // namespace headroom::cli
