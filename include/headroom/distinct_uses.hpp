// SPDX-License-Identifier: MIT
// headroom: the distinct uses of a model's blocks -- instances of one block in one section
// (and, when asked, of one layer kind) whose nodes every precision rule resolves alike, each
// with its instance count. Every sum over instances whose terms depend only on a node, its
// block and its resolved formats (footprint, rank footprint, plan check, weight floor, step
// estimates) visits these instead of every instance, exactly: cost linear in the distinct
// uses, not in the layers.
//
// Without rules that name layers the uses are the circuit's per-(block, section) counts
// (uses / main_uses). With them, instances are grouped by their rule set: the layer-ranged
// rules whose range holds the instance's layer, keeping only those that can reach a node of
// the block in that section (by the op kinds and roles the block holds). Two instances with
// the same block, section and rule set resolve every node to the same first matching rule,
// since the other rules do not look at the layer.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <headroom/circuit.hpp>
#include <headroom/model.hpp>

namespace headroom {

/// Sections to visit, one bit each (bit = 1 << section).
using section_set = std::uint8_t;
constexpr section_set section_bit(section s) { return static_cast<section_set>(1U << static_cast<unsigned>(s)); }
inline constexpr section_set every_section = section_bit(section::main) | section_bit(section::draft) | section_bit(section::vision);

namespace detail {
inline constexpr std::size_t max_distinct_uses = 64;  // more are visited one instance at a time
static_assert(max_rules <= 32, "a rule set is one bit per rule");
static_assert(all_ops.size() <= 64 && all_linear_roles.size() <= 64, "op kinds and roles present are one bit each");

// Rules that name layers, one bit each.
constexpr std::uint32_t layer_ranged_rules(const model& m) {
  std::uint32_t out = 0;
  for (std::size_t r = 0; r < m.n_rules; ++r) {
    if (m.rules[r].layer_lo != 0 || m.rules[r].layer_hi != no_layer) out |= std::uint32_t{1} << r;
  }
  return out;
}

// Of the rules `ranged`, those that can match some node of block `b` in section `sec` whatever
// the layer. Judged on the op kinds and roles the block holds, which may keep a rule no single
// node matches: that only splits uses more finely, never wrongly.
constexpr std::uint32_t rules_reaching(const model& m, const block& b, section sec, std::uint32_t ranged) {
  std::uint64_t ops = 0;
  std::uint64_t roles = 0;
  for (std::size_t ni = b.first; ni < b.end; ++ni) {
    ops |= std::uint64_t{1} << static_cast<unsigned>(m.c.nodes[ni].kind);
    roles |= std::uint64_t{1} << static_cast<unsigned>(m.c.nodes[ni].role);
  }
  std::uint32_t out = 0;
  for (std::size_t r = 0; r < m.n_rules; ++r) {
    if ((ranged >> r & 1U) == 0) continue;
    const precision_rule& x = m.rules[r];
    if (!x.any_section && x.sec != sec) continue;
    if (!x.any_op && (ops >> static_cast<unsigned>(x.kind) & 1U) == 0) continue;
    if (!x.any_role && (roles >> static_cast<unsigned>(x.role) & 1U) == 0) continue;
    out |= std::uint32_t{1} << r;
  }
  return out;
}

// The layer-ranged rules of `ranged` holding a layer, kept for the run of layers [lo, hi) that
// share them (instances come in layer order, so it is recomputed only where one of those rules'
// ranges starts or ends). Kept per block: a block's cache breaks only at its own rules' bounds.
struct layer_rule_sets {
  std::uint32_t ranged = 0;
  std::uint16_t lo = 1;  // empty until the first layer
  std::uint16_t hi = 0;
  std::uint32_t set = 0;
  constexpr std::uint32_t at(const model& m, std::uint16_t layer) {
    if (layer == no_layer) return 0;  // a prologue or epilogue instance: no ranged rule matches
    if (layer >= lo && layer < hi) return set;
    lo = 0;
    hi = no_layer;
    set = 0;
    for (std::uint32_t left = ranged; left != 0; left &= left - 1) {
      const unsigned r = static_cast<unsigned>(std::countr_zero(left));
      const precision_rule& x = m.rules[r];
      if (layer < x.layer_lo) {
        hi = x.layer_lo < hi ? x.layer_lo : hi;
      } else if (layer < x.layer_hi) {
        set |= std::uint32_t{1} << r;
        lo = x.layer_lo > lo ? x.layer_lo : lo;
        hi = x.layer_hi < hi ? x.layer_hi : hi;
      } else {
        lo = x.layer_hi > lo ? x.layer_hi : lo;
      }
    }
    return set;
  }
};

// The layer-ranged rules of `ranged` that reach a block of a section: those matching one of its
// nodes (group_instances' default; the step sum narrows it to the rules that decide a node).
struct reaching_rules {
  constexpr std::uint32_t operator()(const model& m, std::uint8_t block, section sec, std::uint32_t ranged) const {
    return rules_reaching(m, m.c.blocks[block], sec, ranged);
  }
};

// Groups the instances `keep(ii, instance)` selects by (block, section, layer kind when
// by_kind, rule set) and calls f(first instance of the group, count) -- or f(instance, count,
// rule set) when f takes three -- for each, in order of first appearance. The rule set is the
// rules of `reach(m, block, section, ranged)` that hold at the instance's layer. `ranged` may be
// 0 (no rule names layers): then only the block, section and kind group.
template <typename Keep, typename F, typename Reach = reaching_rules>
constexpr void group_instances(const model& m, std::uint32_t ranged, bool by_kind, Keep&& keep, F&& f, Reach&& reach = {}) {
  auto emit = [&](const instance& in, std::uint32_t count, std::uint32_t set) {
    if constexpr (std::is_invocable_v<F&, const instance&, std::uint32_t, std::uint32_t>) {
      f(in, count, set);
    } else {
      f(in, count);
    }
  };
  const circuit& c = m.c;
  struct group {
    instance in{};
    std::uint32_t set = 0;
    std::uint32_t count = 0;
    std::uint8_t next = 0;  // 1 + the slot's next group; 0: none
  };
  std::array<group, max_distinct_uses> g{};
  std::size_t n = 0;
  struct slot_state {
    layer_rule_sets sets{};  // the rules reaching the slot's block, held at the latest layer
    std::uint8_t last = 0;   // 1 + the slot's latest group; 0: not met yet
    std::uint8_t first = 0;  // 1 + the slot's first group; 0: none
  };
  std::array<slot_state, sections * max_blocks> slots{};
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (!keep(ii, in)) continue;
    slot_state& st = slots[sections * in.block + static_cast<std::size_t>(in.sec)];
    if (st.last == 0 && ranged != 0) st.sets.ranged = reach(m, in.block, in.sec, ranged);
    const std::uint32_t set = st.sets.ranged == 0 ? 0 : st.sets.at(m, in.layer);
    const layer_kind kind = by_kind ? in.kind : layer_kind::none;
    auto same = [&](const group& x) { return x.in.kind == kind && x.set == set; };  // block and section: the slot's
    std::size_t gi = st.last != 0 ? st.last - 1U : n;  // the slot's latest group is the usual match
    if (gi == n || !same(g[gi])) {
      gi = n;
      for (std::size_t k = st.first; k != 0; k = g[k - 1].next) {  // the slot's other groups
        if (same(g[k - 1])) {
          gi = k - 1;
          break;
        }
      }
    }
    if (gi == n) {
      if (n == max_distinct_uses) {  // table full: this instance on its own
        emit(instance{in.block, in.layer, in.sec, kind}, std::uint32_t{1}, set);
        continue;
      }
      g[n] = {{in.block, in.layer, in.sec, kind}, set, 0, st.first};  // the slot's chain, newest first
      st.first = static_cast<std::uint8_t>(n + 1);
      ++n;
    }
    ++g[gi].count;
    st.last = static_cast<std::uint8_t>(gi + 1);
  }
  for (std::size_t gi = 0; gi < n; ++gi) emit(g[gi].in, g[gi].count, g[gi].set);
}

// A weight node's precision rules for rules that name layers, resolved once per block: `reach`
// holds the layer-ranged rules that match the node at some layer and come before `fixed`, the
// first rule matching it at every layer (n_rules: none). An instance whose layer holds the
// ranged rules `set` resolves the node to the lowest rule of set & reach, else to `fixed`:
// the first matching rule, as formats_of finds it.
struct node_rules {
  std::uint32_t reach = 0;
  std::uint8_t fixed = 0;
};
constexpr node_rules rules_of_node(const model& m, const node& n, section sec, std::uint32_t ranged) {
  node_rules out{0, m.n_rules};
  for (std::size_t r = 0; r < m.n_rules; ++r) {
    const precision_rule& x = m.rules[r];
    if ((!x.any_op && n.kind != x.kind) || (!x.any_role && n.role != x.role) || (!x.any_section && sec != x.sec)) continue;
    if ((ranged >> r & 1U) == 0) {
      out.fixed = static_cast<std::uint8_t>(r);
      break;
    }
    out.reach |= std::uint32_t{1} << r;
  }
  return out;
}
// The rule of a node whose rules are `nr` at an instance holding the ranged rules `set`.
constexpr const precision_rule& rule_at(const model& m, const node& n, const instance& in, node_rules nr,
                                        std::uint32_t set) {
  const std::uint32_t hit = set & nr.reach;
  const std::size_t r = hit != 0 ? static_cast<std::size_t>(std::countr_zero(hit)) : nr.fixed;
  if (r >= m.n_rules) return rule_of(m, n, in);  // no rule matches: rule_of reports it
  return m.rules[r];
}
}  // namespace detail

/// Calls f(instance, count) once per distinct use of a block in the sections `secs`: `count`
/// instances that resolve every node alike, `instance` standing for all of them (its block,
/// section and a layer of theirs; its kind the layer kind when `by_kind`, which only the main
/// section records, else layer_kind::none). Without rules that name layers, the uses are
/// visited block by block, sections (or main-section kinds) in declaration order.
template <typename F>
constexpr void for_each_distinct_use(const model& m, section_set secs, bool by_kind, F&& f) {
  const std::uint32_t ranged = detail::layer_ranged_rules(m);
  if (ranged != 0) {
    detail::group_instances(m, ranged, by_kind, [&](std::size_t, const instance& in) { return (secs & section_bit(in.sec)) != 0; },
                            f);
    return;
  }
  const circuit& c = m.c;
  for (std::uint8_t bi = 0; bi < c.n_blocks; ++bi) {
    for (const section sec : all_sections) {
      if ((secs & section_bit(sec)) == 0) continue;
      if (by_kind && sec == section::main) {
        for (const layer_kind k : all_layer_kinds) {
          const std::uint32_t count = c.main_uses[bi][static_cast<std::size_t>(k)];
          if (count != 0) f(instance{bi, 0, sec, k}, count);
        }
      } else {
        const std::uint32_t count = c.uses_in(bi, sec);
        if (count != 0) f(instance{bi, 0, sec, layer_kind::none}, count);
      }
    }
  }
}

/// The same over the instances `keep(index, instance)` selects (a pipeline stage's), grouped
/// by block, section and rule set; kinds are layer_kind::none.
template <typename Keep, typename F>
constexpr void for_each_distinct_use_if(const model& m, Keep&& keep, F&& f) {
  detail::group_instances(m, detail::layer_ranged_rules(m), false, keep, f);
}

}  // namespace headroom
