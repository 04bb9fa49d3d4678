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

#include <headroom/engines/flags.hpp>

#include "headroom/args/common.hpp"

namespace headroom::cli {

state_dtype auto_state_dtype(const engine& e) {
  return engines::rules_of(e).auto_state;
}

state_dtype auto_state_dtype(const engine& e, const model& m) {
  // Only vLLM reads the config's key; the others keep their own dtype whatever it says.
  if (engines::rules_of(e).reads_config_state_dtype && m.config_state_dtype) return *m.config_state_dtype;
  return auto_state_dtype(e);
}

kv_dtype auto_kv_dtype(const engine& e, const model& m) {
  return engines::rules_of(e).reads_config_kv_dtype && m.config_kv_dtype ? *m.config_kv_dtype : kv_dtype::bf16;
}

std::string engine_flags_text(const engine& e) {
  std::string s;
  if (e.kind != engine{}.kind) s += fmt::format(" --engine {}", name(e.kind));  // not the default engine
  // The engine's knobs that differ from its defaults, in the table's order.
  for (const engine_knob& k : engine_knobs()) {
    const std::optional<std::string> text = shown_knob(k, e);
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
    return engines::rules_of(e).whole_cells
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

}  // namespace

std::string engine_section(const engine_memory& em, std::uint64_t seqs, std::uint64_t context) {
  md out;
  const engine_term_sources src = engines::term_sources_of(em.kind);
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
  if (engines::rules_of(em.kind).whole_cells) {
    // No blocks: llama.cpp allocates --ctx-size cells whole and gives each of its --parallel
    // slots --ctx-size / --parallel of them (llama-context.cpp n_ctx_seq, per-sequence streams).
    out("\nKV cache: {} GiB allocated whole; {} slots (--parallel) of --ctx-size / --parallel = {} cells each: a sequence "
        "holds at most one slot's {} tokens. ",
        gib2(em.available_kv_cache_bytes), em.max_num_seqs, em.n_ctx_seq, em.n_ctx_seq);
  } else {
    const std::uint64_t groups = em.kv_groups();
    out("\nKV pool: {} blocks of {} tokens ({} bytes a block over this rank's layers) = {} tokens{}. ", em.kv_cache_blocks,
        em.block_size_tokens, em.block_bytes, em.pool_tokens_per_group,
        groups > 1 ? fmt::format(" in each of its {} groups of layers", groups) : std::string());
    // vLLM's printed count (max concurrency x max_model_len) differs from the pool's for hybrid and
    // sliding layouts; users hold the engine's log line against this one.
    if (em.kv_cache_tokens != em.pool_tokens_per_group) {
      out("{}'s \"GPU KV cache size\" line prints {} tokens (maximum concurrency x max_model_len). ", display_name(em.kind),
          em.kv_cache_tokens);
    }
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
  j["pool_tokens_per_group"] = em.pool_tokens_per_group;
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
