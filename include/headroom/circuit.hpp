// SPDX-License-Identifier: MIT
// headroom: the circuit IR (docs/model.md#the-circuit). A circuit is a few block templates (nodes in
// execution order, edges with rows = a*n + b and a width, declared states) and the sequence of
// block instances that makes the model (layer, section, layer kind). Identical layers share one
// template, so a 126-layer model stays a small constexpr object and is cheap to evaluate.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit_kinds.hpp>
#include <headroom/config_values.hpp>
#include <headroom/detail/enum_table.hpp>
#include <headroom/error.hpp>
#include <headroom/detail/settings_core.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom {

/// An activation edge: `rows = rows_per_n * n + rows_fixed` rows of `width` elements.
struct edge {
  tensor_format format = formats::bf16;
  std::uint64_t width = 0;
  std::uint64_t rows_per_n = 1;
  std::uint64_t rows_fixed = 0;

  [[nodiscard]] constexpr std::uint64_t rows(std::uint64_t n) const {
    return checked_add(checked_mul(rows_per_n, n), rows_fixed);
  }
  [[nodiscard]] constexpr std::uint64_t bytes_at(std::uint64_t n) const {
    return headroom::bytes(format, rows(n), width);
  }
  friend constexpr bool operator==(const edge&, const edge&) = default;
};

/// n x width at `f` (bf16 unless stated).
constexpr edge e(std::uint64_t width, tensor_format f = formats::bf16) { return {f, width, 1, 0}; }
/// (per_n * n) x width, e.g. one row per (token, routed expert) pair.
constexpr edge e_rows(std::uint64_t per_n, std::uint64_t width, tensor_format f = formats::bf16) {
  return {f, width, per_n, 0};
}

inline constexpr std::size_t max_node_inputs = 4;
inline constexpr std::size_t max_node_outputs = 3;

/// One op of a block template.
struct node {
  std::string_view local;  ///< id inside its block, e.g. `q`; site = block.local
  op kind = op::copy;
  linear_role role = linear_role::none;
  std::array<edge, max_node_inputs> in{};
  std::array<edge, max_node_outputs> out{};
  std::uint8_t n_in = 0;
  std::uint8_t n_out = 0;
  /// false: the node reads a tensor another node stores (a tied lm_head, a draft head's shared
  /// embedding or lm_head), so the footprint does not count it twice.
  bool stores_weight = true;
  /// true: a weight the engine builds at load time, absent from the checkpoint (an NVFP4 copy
  /// of lm_head an MTP draft head reads): held in memory like a stored one, never counted in
  /// the checkpoint's parameters or scale tensors.
  bool runtime_copy = false;
  bool bias = false;                 ///< stores a bias of `out` elements (at aux_format)
  std::uint16_t weight_tensors = 1;  ///< checkpoint tensors the weight is split into (gate+up = 2)
  std::uint64_t table_rows = 0;      ///< embed: rows of the table (vocab)
  std::uint64_t aux_params = 0;      ///< non-matmul parameters: norm weights, conv taps, A_log, dt_bias
  tensor_format aux_format = formats::bf16;
  std::uint64_t window = 0;  ///< paged_attention: attended tokens capped at this (0 = whole context)
  std::uint64_t experts = 0;  ///< routed experts: E
  std::uint64_t top_k = 0;    ///< routed experts: K
  std::uint8_t reads = 0;     ///< bitmask of the block's states this node reads (attention)
  std::uint8_t updates = 0;   ///< bitmask of the block's states read and written once per sequence
  shard split = shard::replicated;  ///< how the weight and the activations split over TP ranks
  bool aux_split = false;           ///< aux_params split with the node (conv taps, A_log, sinks) or stay whole (norms)
  std::uint32_t units = 0;          ///< what `split` divides: heads, intermediate size, vocab, experts' intermediate
  /// A grouped projection (DeepSeek-V4's `wo_a`, role o_group): the weight is `weight_groups`
  /// blocks [out/g, k/g], group i reading the i-th k/g slice of the input, so stored as [out, k/g].
  std::uint16_t weight_groups = 1;
  /// mla_attention: kv_b_proj's rows, q_heads x (qk_nope_head_dim + v_head_dim); the same on the
  /// paged_attention of an MLA run absorbed (blocks::mla_attention's attend, with `heads`): the
  /// dims of the expanded form a prompt runs instead (node_cost), its weight a node of its own.
  std::uint64_t kv_b_out = 0;
  std::uint64_t kv_b_k = 0;    ///< mla_attention: kv_b_proj's k, kv_lora_rank
  std::uint32_t heads = 0;     ///< mla_attention, and an MLA's absorbed paged_attention (kv_b_out): query heads
  std::uint64_t selected = 0;  ///< mla_attention, compressed paged_attention: tokens the indexer selects (0 = all)
  std::uint64_t pool = 0;      ///< index_select, compressed paged_attention: tokens pooled into one key / row
  /// routed experts, group-limited routing (DeepSeek-V3's n_group / topk_group): the E experts
  /// in `expert_groups` groups of consecutive experts, a token's K drawn from `top_groups` of
  /// them. 0 (or one group): routing over every expert.
  std::uint16_t expert_groups = 0;
  std::uint16_t top_groups = 0;
  /// routed experts on one rank of expert parallelism (rank_node; appended): the EP degree and
  /// a token's K over all ranks, which `top_k` rounds to the rank's whole share (at least one).
  /// A token reads K / ep of a rank's experts on average, which node_cost's ceiling counts: at
  /// EP wider than K the rounded share would count one expert a token on every rank. 1 / 0: the
  /// whole model (not cut).
  std::uint16_t ep_ranks = 1;
  std::uint64_t route_top_k = 0;

  [[nodiscard]] constexpr bool has_weight() const { return reads_linear_weight(kind) || kind == op::embed; }
  /// The weight as [out, k]: k = width of the first input (/ weight_groups), out = sum of
  /// output widths (a packed gate|up has out = 2*inter); embed: [table_rows, width of its
  /// output]; mla_attention: kv_b_proj [kv_b_out, kv_b_k].
  [[nodiscard]] constexpr std::uint64_t weight_k() const {
    if (kind == op::embed) return n_out > 0 ? out[0].width : 0;
    if (kind == op::mla_attention) return kv_b_k;
    const std::uint64_t k = n_in > 0 ? in[0].width : 0;
    return weight_groups > 1 ? k / weight_groups : k;
  }
  [[nodiscard]] constexpr std::uint64_t weight_out() const {
    if (kind == op::embed) return table_rows;
    if (kind == op::mla_attention) return kv_b_out;
    std::uint64_t s = 0;
    for (std::size_t i = 0; i < n_out; ++i) s = checked_add(s, out[i].width);
    return s;
  }
  /// Every field alike (the local id included).
  friend constexpr bool operator==(const node&, const node&) = default;
};

/// Builds a node: inputs and outputs as lists, the rest by designated-initialiser-like setters.
constexpr node nd(std::string_view local, op kind, std::initializer_list<edge> in,
                  std::initializer_list<edge> out, linear_role role = linear_role::none) {
  node n{};
  n.local = local;
  n.kind = kind;
  n.role = role;
  detail::require_table(!(in.size() > max_node_inputs || out.size() > max_node_outputs), "a node has too many edges");
  // Through pointers taken once, as add_block does: each std::array subscript costs g++ 12 a
  // call in constant evaluation (include-all: 4,688 -> 4,655 M compiler instructions).
  edge* to_in = n.in.data();
  for (const auto& x : in) to_in[n.n_in++] = x;
  edge* to_out = n.out.data();
  for (const auto& x : out) to_out[n.n_out++] = x;
  return n;
}
// The setters below take the node by reference and set their members one by one: the
// compiler evaluates them for every node of every shipped table, and g++ 12 hashes (to cache
// the call) every node it is handed by value, and more again for each level of a generic
// member-pointer helper (bench/README.md, "What a table costs to compile"). Each has two
// forms: for a temporary (`sharded(nd(...), ...)`, how the tables write them) it sets the
// temporary's members and hands it on; for a named node it copies the node and sets the copy
// through the first form. g++ 12 builds every copy of a node anew in constant evaluation and
// keeps it until its collector runs: including every model, 53 -> 48 MiB of the compiler's heap
// (bench/README.md, 2026-12-06). The temporary lives to the end of the full expression, so the
// result is for initialising a node or a list of nodes, never for binding a reference to.
constexpr node&& with_aux(node&& n, std::uint64_t params, tensor_format f = formats::bf16) {
  n.aux_params = params;
  n.aux_format = f;
  return static_cast<node&&>(n);
}
constexpr node with_aux(const node& in, std::uint64_t params, tensor_format f = formats::bf16) {
  node n = in;
  with_aux(static_cast<node&&>(n), params, f);
  return n;
}
/// The node splits over TP ranks as `how`, by `units` (heads, intermediate size, vocab);
/// `aux` true: its small parameters split too (per-head A_log, per-channel conv taps).
constexpr node&& sharded(node&& n, shard how, std::uint64_t units, bool aux = false) {
  n.split = how;
  n.units = static_cast<std::uint32_t>(units);
  n.aux_split = aux;
  return static_cast<node&&>(n);
}
constexpr node sharded(const node& in, shard how, std::uint64_t units, bool aux = false) {
  node n = in;
  sharded(static_cast<node&&>(n), how, units, aux);
  return n;
}
constexpr node&& with_states(node&& n, std::uint8_t reads, std::uint8_t updates = 0) {
  n.reads = reads;
  n.updates = updates;
  return static_cast<node&&>(n);
}
constexpr node with_states(const node& in, std::uint8_t reads, std::uint8_t updates = 0) {
  node n = in;
  with_states(static_cast<node&&>(n), reads, updates);
  return n;
}
/// A grouped projection: `groups` blocks, each [out/groups, k/groups] (DeepSeek-V4 `wo_a`).
constexpr node&& grouped(node&& n, std::uint16_t groups) {
  n.weight_groups = groups;
  return static_cast<node&&>(n);
}
constexpr node grouped(const node& in, std::uint16_t groups) {
  node n = in;
  grouped(static_cast<node&&>(n), groups);
  return n;
}
/// Absorbed multi-head latent attention over `heads` query heads reading kv_b_proj
/// [kv_b_out, kv_lora]; `selected` tokens of the context when an indexer picks them (0: all).
constexpr node&& latent_attention(node&& n, std::uint32_t heads, std::uint64_t kv_b_out, std::uint64_t kv_lora,
                                  std::uint64_t selected = 0) {
  n.heads = heads;
  n.kv_b_out = kv_b_out;
  n.kv_b_k = kv_lora;
  n.selected = selected;
  return static_cast<node&&>(n);
}
constexpr node latent_attention(const node& in, std::uint32_t heads, std::uint64_t kv_b_out, std::uint64_t kv_lora,
                                std::uint64_t selected = 0) {
  node n = in;
  latent_attention(static_cast<node&&>(n), heads, kv_b_out, kv_lora, selected);
  return n;
}
/// An index_select whose keys pool `tokens` tokens each.
constexpr node&& pooled(node&& n, std::uint64_t tokens) {
  n.pool = tokens;
  return static_cast<node&&>(n);
}
constexpr node pooled(const node& in, std::uint64_t tokens) {
  node n = in;
  pooled(static_cast<node&&>(n), tokens);
  return n;
}
/// Attention over a compressed KV (DeepSeek-V4's CSA / HCA): one row per `pool` tokens, its
/// state declared per token as row / pool elements; `selected` tokens' worth of rows when an
/// indexer picks them (index_topk x pool; 0: the whole context).
constexpr node&& compressed(node&& n, std::uint64_t pool, std::uint64_t selected = 0) {
  n.pool = pool;
  n.selected = selected;
  return static_cast<node&&>(n);
}
constexpr node compressed(const node& in, std::uint64_t pool, std::uint64_t selected = 0) {
  node n = in;
  compressed(static_cast<node&&>(n), pool, selected);
  return n;
}

/// A state a block declares: elements per unit (token or sequence) and where its dtype comes from.
struct state_decl {
  std::string_view local;
  state_kind kind = state_kind::paged_kv;
  dtype_key dtype = dtype_key::kv_cache;
  std::uint64_t elements = 0;
  /// How the state splits over TP ranks, declared (never inferred from `heads`): kv_heads for
  /// attention K/V, heads / columns for GDN and Mamba states, replicated for an MLA latent.
  shard split = shard::replicated;
  /// What `split` divides: KV heads (elements = heads x head_dim), GDN value heads, Mamba
  /// groups or key heads; 0 only for a replicated state.
  std::uint64_t heads = 0;
  /// state_kind::compressor only: the tokens the state holds (coff x ratio, its sliding
  /// window); elements / rows values per token slot. 0 for every other kind.
  std::uint64_t rows = 0;
  friend constexpr bool operator==(const state_decl&, const state_decl&) = default;
};

constexpr std::uint64_t element_bytes(dtype_key k, const settings& s) {
  switch (k) {
    case dtype_key::fixed_bf16: return 2;
    case dtype_key::fixed_f32: return 4;
    case dtype_key::kv_cache: return element_bytes(s.kv);
    case dtype_key::ssm_h: return element_bytes(s.ssm_h);
    case dtype_key::conv: return element_bytes(s.conv);
    case dtype_key::fixed_u8: return 1;
  }
  return 0;
}
/// Bytes of one unit of a state under the settings.
constexpr std::uint64_t unit_bytes(const state_decl& d, const settings& s) {
  return checked_mul(d.elements, element_bytes(d.dtype, s));
}

/// Five: DeepSeek-V4's CSA block holds the window row, the compressed row, the index key and its
/// two compressors' per-sequence states.
inline constexpr std::size_t max_block_states = 5;

struct block {
  std::string_view name;
  std::uint16_t first = 0;  ///< node range [first, end) in circuit::nodes
  std::uint16_t end = 0;
  std::array<state_decl, max_block_states> states{};
  std::uint8_t n_states = 0;
};

struct instance {
  std::uint8_t block = 0;
  std::uint16_t layer = 0;  ///< text layer index (draft: its own index); 0xffff = prologue/epilogue
  section sec = section::main;
  layer_kind kind = layer_kind::none;
};
inline constexpr std::uint16_t no_layer = 0xffff;

inline constexpr std::size_t max_nodes = 160;
inline constexpr std::size_t max_blocks = 16;
inline constexpr std::size_t max_instances = 320;

struct circuit {
  std::array<node, max_nodes> nodes{};
  std::array<block, max_blocks> blocks{};
  std::array<instance, max_instances> instances{};
  std::uint16_t n_nodes = 0;
  std::uint8_t n_blocks = 0;
  std::uint16_t n_instances = 0;
  /// Instances per (block, section): uses[sections * block + section] (read it through
  /// uses_in). Sums that do not depend on the layer index visit each block once and multiply,
  /// exactly.
  std::array<std::uint16_t, sections * max_blocks> uses{};
  /// Main-section instances per (block, layer kind): main_uses[block][kind].
  std::array<std::array<std::uint16_t, layer_kinds>, max_blocks> main_uses{};
  /// The config.json values the family built it from (config_values.hpp; provenance text names them).
  config_values config{};

  /// Instances of block `bi` in section `sec`.
  [[nodiscard]] constexpr std::uint16_t uses_in(std::size_t bi, section sec) const {
    return uses[sections * bi + static_cast<std::size_t>(sec)];
  }
  /// Distinct layers of section `sec` (instances of one layer share its index; prologue and
  /// epilogue instances, no_layer, are none): the MTP head's depth for section::draft.
  [[nodiscard]] constexpr std::uint64_t layers_in(section sec) const {
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < n_instances; ++i) {
      if (instances[i].sec != sec || instances[i].layer == no_layer) continue;
      bool seen = false;
      for (std::size_t j = 0; j < i && !seen; ++j) seen = instances[j].sec == sec && instances[j].layer == instances[i].layer;
      if (!seen) ++n;
    }
    return n;
  }

  /// Adds a block template; returns its index.
  constexpr std::uint8_t add_block(std::string_view block_name, std::initializer_list<node> ns,
                                   std::initializer_list<state_decl> states = {}) {
    if (n_blocks >= max_blocks || n_nodes + ns.size() > max_nodes || states.size() > max_block_states)
      detail::require_table(false, "the circuit exceeds its node, block or state capacity");
    block& b = blocks[n_blocks];
    b.name = block_name;
    b.first = n_nodes;
    // Through pointers taken once: a table's builder is evaluated by the compiler, and g++ 12
    // charges each std::array subscript about as much as a function call (bench/README.md,
    // "What a table costs to compile").
    node* to = nodes.data();
    for (const auto& n : ns) to[n_nodes++] = n;
    b.end = n_nodes;
    state_decl* st = b.states.data();
    for (const auto& s : states) st[b.n_states++] = s;
    return n_blocks++;
  }
  constexpr void add(std::uint8_t block_index, std::uint16_t layer, section sec, layer_kind kind) {
    if (n_instances >= max_instances || block_index >= n_blocks)
      detail::require_table(false, "too many block instances, or an unknown block");
    instances[n_instances++] = {block_index, layer, sec, kind};
    uses[sections * block_index + static_cast<std::size_t>(sec)] += 1;
    if (sec == section::main) main_uses[block_index][static_cast<std::size_t>(kind)] += 1;
  }
};

/// A model family builds into an empty circuit (a table's `m.c`, freshly made): one family's
/// layers appended to another's would give a table no checkpoint has.
constexpr void require_empty(const circuit& c) {
  detail::require_table(c.n_nodes == 0 && c.n_blocks == 0 && c.n_instances == 0, "a model family builds into an empty circuit");
}

/// The circuit `fill(c, dims)` builds, as a value: what each family's one-argument spelling
/// (`family::dense_gqa(dims)`) returns. A checkpoint's table calls the filling spelling on its
/// own circuit (`family::dense_gqa(m.c, dims)`): in constant evaluation the compilers evaluate
/// `m.c = family::dense_gqa(dims)` as a copy of every member, which costs g++ 12 about a
/// twentieth of building the table and clang 14 about as much as building it.
template <class Dims>
constexpr circuit circuit_of(void (*fill)(circuit&, const Dims&), const Dims& dims) {
  circuit c{};
  fill(c, dims);
  return c;
}

}  // namespace headroom
