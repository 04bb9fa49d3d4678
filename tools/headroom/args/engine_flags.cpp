// SPDX-License-Identifier: MIT
// headroom CLI: what an engine answer renders -- regenerate-line flags, the load verdict, the
// Markdown section and the JSON object (engine_flags.hpp); the flags themselves are engine_knobs.cpp.
#include "headroom/args/engine_flags.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "headroom/args/common.hpp"

namespace headroom::cli {

state_dtype auto_state_dtype(const engine& e) {
  return e.kind == engine_kind::vllm ? state_dtype::bf16 : state_dtype::f32;
}

state_dtype auto_state_dtype(const engine& e, const model& m) {
  // Only vLLM reads the config's key; the others keep their own dtype whatever it says.
  if (e.kind == engine_kind::vllm && m.config_state_dtype) return *m.config_state_dtype;
  return auto_state_dtype(e);
}

kv_dtype auto_kv_dtype(const engine& e, const model& m) {
  const bool reads_config = e.kind == engine_kind::vllm || e.kind == engine_kind::sglang || e.kind == engine_kind::trtllm;
  return reads_config && m.config_kv_dtype ? *m.config_kv_dtype : kv_dtype::bf16;
}

std::string engine_flags_text(const engine& e) {
  std::string s;
  if (e.kind != engine_kind::vllm) s += fmt::format(" --engine {}", name(e.kind));
  // The engine's knobs that differ from its defaults, in the table's order.
  for (const engine_knob& k : engine_knobs()) {
    if (k.knob.show == nullptr || !read_by(k, e.kind)) continue;
    const std::optional<std::string> text = k.knob.show(e);
    if (!text) continue;
    s += text->empty() ? fmt::format(" {}", k.flag) : fmt::format(" {} {}", k.flag, *text);
  }
  return s;
}

verdict load_verdict(const model& m, const device& d, const settings& s, const engine& e, std::uint64_t seqs,
                     std::uint64_t context, const parallel& p) {
  return verdict_of(m, d, deployment{seqs, context, s, e, p});
}

std::string verdict_text(const engine& e, const verdict& v) {
  if (v.fits) return fmt::format("Fits under {}.", display_name(e.kind));
  if (v.term == engine_term::context_above_max_model_len) {
    // llama.cpp splits --ctx-size into --parallel slots (llama-context.cpp n_ctx_seq): a sequence
    // gets one slot's cells, not the whole context.
    return e.kind == engine_kind::llama_cpp
               ? fmt::format("Does not fit under {}: {} (a slot holds --ctx-size / --parallel = {} cells, fewer than the "
                             "context).",
                             display_name(e.kind), name(v.term), v.there)
               : fmt::format("Does not fit under {}: {} (max_model_len {} tokens, below the context).", display_name(e.kind),
                             name(v.term), v.there);
  }
  if (v.shortfall_bytes == 0) return fmt::format("Does not fit under {}: {}.", display_name(e.kind), name(v.term));
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
  if (em.kind == engine_kind::llama_cpp) {
    // No blocks: llama.cpp allocates --ctx-size cells whole and gives each of its --parallel
    // slots --ctx-size / --parallel of them (llama-context.cpp n_ctx_seq, per-sequence streams).
    out("\nKV cache: {} GiB allocated whole; {} slots (--parallel) of --ctx-size / --parallel = {} cells each: a sequence "
        "holds at most one slot's {} tokens. ",
        gib2(em.available_kv_cache_bytes), em.max_num_seqs, em.n_ctx_seq, em.n_ctx_seq);
  } else {
    out("\nKV pool: {} blocks of {} tokens ({} bytes a block over this rank's layers) = {} tokens. ", em.kv_cache_blocks,
        em.block_size_tokens, em.block_bytes, em.kv_cache_tokens);
    out("One request of max_model_len {} needs {} blocks ({} GiB); maximum concurrency {}.{:02}x. ", em.max_model_len,
        em.request_blocks, gib2(em.request_bytes), em.max_concurrency_hundredths / 100, em.max_concurrency_hundredths % 100);
  }
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
