// SPDX-License-Identifier: MIT
// headroom internals of estimate.hpp: the breakdown rows a shipped table's step folds into, kept
// per thread so that the next step of the same kind costs its rows' arithmetic and no fold.
//
// Which rows a step has -- each (node, formats, per-row loop, layer kind), its instance count,
// the node and block it is costed on (the rank's copies under a plan), the query it is costed
// at and its canonical place -- depends on the model, the pass, the plan, the per-row loop
// sites that fire and whether the engine fuses the shared expert on the device (kernels.hpp,
// shared_fusion), never on the batch or the context: those enter only each row's cost and its
// kernel path, which are worked out on every call. A shipped table
// is a constant (checked_table.hpp), so the rows folded once for a key stand for every later
// call with that key; the loop sites are compared by value, since an engine's facts may be a
// table a program built. A copy of a table, or one built at run time, is folded on every call.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <headroom/circuit.hpp>
#include <headroom/detail/fixed_text.hpp>
#include <headroom/kernels.hpp>
#include <headroom/model.hpp>
#include <headroom/node_cost.hpp>
#include <headroom/parallel.hpp>
#include <headroom/step_estimate.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom::detail {

// Loop sites a call can fire: the model's and its engine's.
inline constexpr std::size_t max_call_loops = max_loop_sites + max_engine_loop_sites;

// What decides a step's rows: the table (by address: shipped tables only), the pass, the plan,
// whether the engine fuses the shared expert into the routed kernel (its nodes then fold no
// rows; decided by the engine and the device, kernels.hpp) and the fields of each firing loop
// site that pick the nodes it loops. The names are copied, not viewed: a program's own loop
// sites may name blocks from strings it frees. A site whose names do not fit is not kept (the
// step is folded at every call).
inline constexpr std::size_t max_kept_name = 32;
struct kept_key {
  struct loop {
    layer_kind kind = layer_kind::none;
    fixed_text<max_kept_name> block{};
    fixed_text<max_kept_name> local{};
  };
  const model* m = nullptr;  // null: nothing kept
  std::uint8_t pass = 0;
  bool sharded = false;
  parallel plan{};
  std::uint8_t fused_experts = 0;  // a shared expert fused into the routed kernel: its rows absent
  std::size_t n_loops = 0;
  std::array<loop, max_call_loops> loops{};
};

// One distinct cost of a step: the node and block it is costed on (the table's, or the rank's
// copies under a plan), its formats and per-row loop, which of the call's queries (the plan's
// DP attention and data-parallel cuts; a prefill's logits rows), which kernel path, and the
// node's query-free terms at its formats.
struct kept_cost {
  const node* n = nullptr;
  const block* b = nullptr;
  node_terms terms{};
  resolved_formats formats{};
  bool per_row = false;
  bool mixer_cut = false;  // DP attention: the attention-side block's rows and sequences over tp
  bool own = false;        // data parallel: the replica's own rows and sequences (not routed experts)
  bool logits = false;     // a prefill's logits: the sequences' last rows only
  std::uint8_t path = 0;   // index into the call's paths: 0 a node without weight, p + 1 kept_rows::pairs[p]
};

// Whether two rows' costs are worked out from alike inputs: the same node (every field), the
// same states of their blocks it reads or updates, formats, per-row loop, query and kernel
// path. A block template repeated with other nodes around it (DeepSeek-V4's attention blocks,
// its MoE blocks with and without hash routing) repeats such rows.
inline bool costed_alike(const kept_cost& a, const kept_cost& b) {
  if (!(a.formats == b.formats) || a.per_row != b.per_row || a.path != b.path || a.mixer_cut != b.mixer_cut ||
      a.own != b.own || a.logits != b.logits || !(*a.n == *b.n)) {
    return false;
  }
  const unsigned states = static_cast<unsigned>(a.n->reads | a.n->updates);
  for (std::size_t i = 0; i < 8; ++i) {
    if ((states >> i & 1U) == 0) continue;
    const bool in_a = i < a.b->n_states;
    if (in_a != (i < b.b->n_states) || (in_a && !(a.b->states[i] == b.b->states[i]))) return false;
  }
  return true;
}

struct kept_rows {
  kept_key key{};
  std::size_t n_rows = 0;
  std::array<site_row, max_rows> rows{};  // canonical order; how, one, each_us, time_us per call
  std::array<std::uint8_t, max_rows> path_of{};  // each row's kept_cost::path
  std::array<std::uint8_t, max_rows> cost_of{};  // each row's index into costs
  std::size_t n_costs = 0;
  std::array<kept_cost, max_rows> costs{};
  struct pair {
    tensor_format weight{};
    tensor_format activation{};
  };
  std::size_t n_pairs = 0;
  std::array<pair, max_rows> pairs{};
  // While a step is folded to be kept: each new row's cost inputs by the index it was added
  // at, and the rank's copies of nodes (by that index) and blocks (by block index) under a plan.
  std::array<kept_cost, max_rows> noted{};
  std::array<node, max_rows> rank_nodes{};
  std::array<block, max_blocks> rank_blocks{};

  // Row `ri` was added, costed on `n` of `b` (the table's own, or the rank's copies under a plan).
  void note(std::size_t ri, const node& n, std::uint8_t bi, const block& b, bool mixer_cut, bool own, bool logits) {
    kept_cost& k = noted[ri];
    if (key.sharded) {
      rank_nodes[ri] = n;
      rank_blocks[bi] = b;
      k.n = &rank_nodes[ri];
      k.b = &rank_blocks[bi];
    } else {
      k.n = &n;
      k.b = &b;
    }
    k.mixer_cut = mixer_cut;
    k.own = own;
    k.logits = logits;
  }

  // The folded step's rows, in canonical order (row i was added at added_at[i]), and their
  // distinct costs.
  void keep(const step_estimate& est, const std::array<std::uint8_t, max_rows>& added_at) {
    n_rows = est.n_rows;
    n_pairs = 0;
    n_costs = 0;
    for (std::size_t i = 0; i < n_rows; ++i) {
      rows[i] = est.rows[i];
      kept_cost c = noted[added_at[i]];
      c.formats = rows[i].formats;
      c.per_row = rows[i].per_row;
      c.terms = terms_of(*c.n, c.formats, true);
      c.path = 0;
      if (rows[i].has_weight) {
        std::size_t p = 0;
        while (p < n_pairs && !(pairs[p].weight == c.formats.weight && pairs[p].activation == c.formats.activation)) ++p;
        if (p == n_pairs) pairs[n_pairs++] = {c.formats.weight, c.formats.activation};
        c.path = static_cast<std::uint8_t>(p + 1);
      }
      path_of[i] = c.path;
      std::size_t j = 0;
      while (j < n_costs && !costed_alike(c, costs[j])) ++j;
      if (j == n_costs) costs[n_costs++] = c;
      cost_of[i] = static_cast<std::uint8_t>(j);
    }
  }
};

// The thread's kept steps: a few keys (a serving search asks decode and prefill of one model in
// turn, a sweep several plans), the oldest replaced; about 95 KiB each, allocated when first
// filled. On the heap, owned by the thread: the static TLS block a library loaded at run time
// may use is small.
struct kept_rows_cache {
  static constexpr std::size_t ways = 4;
  std::array<kept_rows*, ways> entries{};
  std::size_t next = 0;
  kept_rows_cache() = default;
  kept_rows_cache(const kept_rows_cache&) = delete;
  kept_rows_cache& operator=(const kept_rows_cache&) = delete;
  ~kept_rows_cache() {
    for (kept_rows*& e : entries) {
      delete e;
      e = nullptr;  // a later thread_local's destructor that estimates finds nothing kept
    }
  }
  // The entry whose key `is_this` accepts, if any.
  template <typename Pred>
  const kept_rows* find_if(const Pred& is_this) const {
    for (const kept_rows* e : entries) {
      if (e != nullptr && e->key.m != nullptr && is_this(e->key)) return e;
    }
    return nullptr;
  }
  // The entry a fold is kept in, its key unset (nothing kept) until the fold is done.
  kept_rows& to_fill() {
    kept_rows*& e = entries[next];
    next = (next + 1) % ways;
    if (e == nullptr) e = new kept_rows;
    e->key.m = nullptr;
    return *e;
  }
};

inline kept_rows_cache& thread_kept_rows() {
  thread_local kept_rows_cache cache;
  return cache;
}

}  // namespace headroom::detail
