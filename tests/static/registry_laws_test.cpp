// SPDX-License-Identifier: MIT
// Laws over every registry entry, checked at compile time: adding an entry subjects it to all.
// Also: every model on every device in static_assert form, under default constant-evaluation
// limits (no -fconstexpr-steps / -fconstexpr-ops-limit).
#include <utility>

#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "../laws/law.hpp"

namespace headroom_static_registry_laws_test {

namespace {
using namespace headroom;

constexpr bool ids_unique() {
  for (std::size_t i = 0; i < devices::all.size(); ++i) {
    for (std::size_t j = i + 1; j < devices::all.size(); ++j) {
      if (devices::all[i]->id == devices::all[j]->id) return false;
    }
  }
  for (std::size_t i = 0; i < models::all.size(); ++i) {
    for (std::size_t j = i + 1; j < models::all.size(); ++j) {
      if (models::all[i]->id == models::all[j]->id) return false;
    }
  }
  return true;
}
static_assert(ids_unique());

// The laws of each device entry: device_laws_test.cpp.

// Every shipped table obeys the table laws (validate.hpp's check_model). Its header builds it
// with detail::shipped_table, which leaves the check to this build rather than repeat it in
// every translation unit that includes the table (checked_table.hpp): a broken one fails here,
// `breaks_law<headroom::models::X, headroom::table_rule::...>`.
constexpr table_rule table_law(const model& m) { return check_model(m).rule; }
static_assert(laws::every_entry_obeys<models::all, table_law>());

enum class model_column {
  none,
  bytes_not_monotone,
  weights_below_floor,
  compressor_state_not_pooled,
  compressor_state_outside_deepseek_v4,
  state_without_recurrence,
  no_kv_per_token,
  provenance_placeholder,
};
// One constant evaluation per model (laws/law.hpp): the whole registry in one would pass
// clang's default step limit; a model that breaks a law fails naming itself and the column.
constexpr model_column model_laws(const model& m) {
  using c = model_column;
  // Every placeholder of the provenance names a config value its family recorded
  // (config_values.hpp), so no report can fail to render one.
  if (!placeholders_resolve(m.source.files, m.c.config) || !placeholders_resolve(m.source.notes, m.c.config)) {
    return c::provenance_placeholder;
  }
  const settings s{};
  const auto fp = footprint(m, s);
  // Monotone in seqs and context; weights hold the floor; no recurrent layer, no state -- save a
  // compressor's declared per-sequence state (state_kind::compressor: DeepSeek-V4's unpooled kv
  // and score rows), which only the deepseek_v4 family declares, each updated by its pooling
  // node; never a conv window.
  if (!(fp.bytes(2, 4096) > fp.bytes(1, 4096) && fp.bytes(1, 8192) > fp.bytes(1, 4096))) return c::bytes_not_monotone;
  if (!(fp.weights >= weight_floor_bytes(m) && fp.loaded_weights <= fp.weights)) return c::weights_below_floor;
  bool recurrent = false;
  bool compressor_state = false;
  for (std::size_t i = 0; i < m.c.n_nodes; ++i) {
    const node& n = m.c.nodes[i];
    recurrent = recurrent || n.kind == op::gdn_recurrence || n.kind == op::ssm_update;
  }
  for (std::size_t bi = 0; bi < m.c.n_blocks; ++bi) {
    const block& b = m.c.blocks[bi];
    for (std::size_t si = 0; si < b.n_states; ++si) {
      if (b.states[si].kind != state_kind::compressor) continue;
      compressor_state = true;
      bool pooled = false;
      for (std::size_t ni = b.first; ni < b.end; ++ni) {
        pooled = pooled || (m.c.nodes[ni].kind == op::kpool_compress && ((static_cast<unsigned>(m.c.nodes[ni].updates) >> si) & 1u) != 0);
      }
      if (!pooled) return c::compressor_state_not_pooled;
    }
  }
  if (compressor_state != (m.family == "deepseek_v4")) return c::compressor_state_outside_deepseek_v4;
  if (!((recurrent || compressor_state || fp.state_per_seq == 0) && (recurrent || fp.conv_per_seq == 0))) {
    return c::state_without_recurrence;
  }
  if (fp.kv_per_token == 0) return c::no_kv_per_token;  // every shipped model has attention
  return c::none;
}
static_assert(laws::every_entry_obeys<models::all, model_laws>());

// A state splits over TP ranks exactly as the node that writes it: paged K / V as the block's
// kv_write (by KV heads; an MLA latent row replicated with its replicated kv_write), a GDN or
// Mamba state as the node whose `updates` names it. The split is the state's declared field,
// never inferred: a K / V declared replicated under a kv_write split by KV heads is what gave
// Qwen3-Next's gated attention a whole K and V on every rank.
constexpr bool states_split_as_written(const model& m) {
  const circuit& c = m.c;
  for (std::size_t bi = 0; bi < c.n_blocks; ++bi) {
    const block& b = c.blocks[bi];
    for (std::size_t si = 0; si < b.n_states; ++si) {
      const state_decl& st = b.states[si];
      bool written = false;
      for (std::size_t ni = b.first; ni < b.end; ++ni) {
        const node& n = c.nodes[ni];
        if (st.kind == state_kind::paged_kv ? n.kind != op::kv_write : ((n.updates >> si) & 1u) == 0) continue;
        written = true;
        if (n.split != st.split || n.units != st.heads) return false;
      }
      if (!written) return false;
    }
  }
  return true;
}
enum class state_column { none, split_unlike_its_writer };
constexpr state_column state_laws(const model& m) {
  return states_split_as_written(m) ? state_column::none : state_column::split_unlike_its_writer;
}
static_assert(laws::every_entry_obeys<models::all, state_laws>());

// The instance counts agree with the instances: uses[] and main_uses[][] are what a count
// over c.instances gives. Two writers keep them -- circuit::add one instance at a time,
// blocks::stack a run of them through its own writer (stack.hpp) -- so every table's counts
// are checked against its instances here.
constexpr bool counts_match_instances(const model& m) {
  const circuit& c = m.c;
  std::array<std::uint32_t, sections * max_blocks> uses{};
  std::array<std::array<std::uint32_t, layer_kinds>, max_blocks> main{};
  for (std::size_t i = 0; i < c.n_instances; ++i) {
    const instance& in = c.instances[i];
    if (in.block >= c.n_blocks) return false;
    uses[sections * in.block + static_cast<std::size_t>(in.sec)] += 1;
    if (in.sec == section::main) main[in.block][static_cast<std::size_t>(in.kind)] += 1;
  }
  for (std::size_t b = 0; b < max_blocks; ++b) {
    for (std::size_t s = 0; s < sections; ++s) {
      if (uses[sections * b + s] != c.uses[sections * b + s]) return false;
    }
    for (std::size_t k = 0; k < layer_kinds; ++k) {
      if (main[b][k] != c.main_uses[b][k]) return false;
    }
  }
  return true;
}
enum class count_column { none, counts_unlike_instances };
constexpr count_column count_laws(const model& m) {
  return counts_match_instances(m) ? count_column::none : count_column::counts_unlike_instances;
}
static_assert(laws::every_entry_obeys<models::all, count_laws>());

// The law fails on a table whose counts and instances disagree: Llama-3.1-8B with one layer
// instance dropped from its instance list but still counted.
constexpr model llama_with_an_uncounted_drop() {
  model m = models::llama_3_1_8b_instruct;
  m.c.n_instances -= 1;
  return m;
}
static_assert(!counts_match_instances(llama_with_an_uncounted_drop()));

// The law fails on the Qwen3-Next case: its attention K and V declared replicated (no heads).
constexpr model qwen3_next_with_replicated_kv() {
  model m = models::qwen3_next_80b_a3b_instruct;
  for (std::size_t bi = 0; bi < m.c.n_blocks; ++bi) {
    block& b = m.c.blocks[bi];
    for (std::size_t si = 0; si < b.n_states; ++si) {
      if (b.states[si].kind != state_kind::paged_kv) continue;
      b.states[si].split = shard::replicated;
      b.states[si].heads = 0;
    }
  }
  return m;
}
static_assert(!states_split_as_written(qwen3_next_with_replicated_kv()));
// ... and that is the wrong answer it would give at TP=2: 12 attention layers x 2 (K, V) x
// 2 KV heads x 256 x 2 B = 24,576 B per token, where each rank keeps one head: 12,288 B
// (parallel_test.cpp asserts the right one on the shipped model).
static_assert(kv_per_token_per_rank(qwen3_next_with_replicated_kv(), {}, 2) == 12 * 2 * 2 * 256 * 2);

// Every model x device at C=1, context 4096: the fit answer, from the byte counts by hand
// (usable = visible MiB x 0.9, or GB10's measured bytes x 0.85).
// Llama-3.1-8B (16.06 GB + 0.54 GB KV) fits all four.
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h100_sxm, {.seqs = 1, .context = 4096});
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h200_sxm, {.seqs = 1, .context = 4096});
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::b200, {.seqs = 1, .context = 4096});
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::gb10, {.seqs = 1, .context = 4096});
// Qwen3-Next-80B BF16 (159.35 GB without the MTP head) fits only B200 (173.04 GB usable).
static_assert(!fits(models::qwen3_next_80b_a3b_instruct, devices::h100_sxm, {.seqs = 1, .context = 4096}));
static_assert(!fits(models::qwen3_next_80b_a3b_instruct, devices::h200_sxm, {.seqs = 1, .context = 4096}));
HEADROOM_ASSERT_FITS(models::qwen3_next_80b_a3b_instruct, devices::b200, {.seqs = 1, .context = 4096});
static_assert(!fits(models::qwen3_next_80b_a3b_instruct, devices::gb10, {.seqs = 1, .context = 4096}));

// Decode and prefill evaluate at compile time for every model on every device, each pair in
// its own constant expression (each under the compilers' default limits).
// (A macro, not a function template: clang 14 re-evaluates the calls inside a function
// template's body while instantiating it, which costs seconds.)
#define HEADROOM_TEST_ESTIMATES_EVALUATE(M, D)                                                  \
  static_assert(decode_step(M, D, default_roofline(D), 128, 4096, {}).total_us > 0);          \
  static_assert(prefill(M, D, default_roofline(D), 32768, {}).total_us > 0)
HEADROOM_TEST_ESTIMATES_EVALUATE(models::llama_3_1_8b_instruct, devices::h100_sxm);
HEADROOM_TEST_ESTIMATES_EVALUATE(models::llama_3_1_8b_instruct, devices::h200_sxm);
HEADROOM_TEST_ESTIMATES_EVALUATE(models::llama_3_1_8b_instruct, devices::b200);
HEADROOM_TEST_ESTIMATES_EVALUATE(models::llama_3_1_8b_instruct, devices::gb10);
HEADROOM_TEST_ESTIMATES_EVALUATE(models::qwen3_next_80b_a3b_instruct, devices::h100_sxm);
HEADROOM_TEST_ESTIMATES_EVALUATE(models::qwen3_next_80b_a3b_instruct, devices::h200_sxm);
HEADROOM_TEST_ESTIMATES_EVALUATE(models::qwen3_next_80b_a3b_instruct, devices::b200);
HEADROOM_TEST_ESTIMATES_EVALUATE(models::qwen3_next_80b_a3b_instruct, devices::gb10);
}  // namespace
}  // namespace headroom_static_registry_laws_test
