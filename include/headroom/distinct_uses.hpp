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
#include <cstddef>
#include <cstdint>

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

// The layer-ranged rules holding a layer, kept for the run of layers [lo, hi) that share them
// (instances come in layer order, so it is recomputed only where a range starts or ends).
struct layer_rule_sets {
  const model* m = nullptr;
  std::uint32_t ranged = 0;
  std::uint16_t lo = 1;  // empty until the first layer
  std::uint16_t hi = 0;
  std::uint32_t set = 0;
  constexpr std::uint32_t at(std::uint16_t layer) {
    if (layer == no_layer) return 0;  // a prologue or epilogue instance: no ranged rule matches
    if (layer >= lo && layer < hi) return set;
    lo = 0;
    hi = no_layer;
    set = 0;
    for (std::size_t r = 0; r < m->n_rules; ++r) {
      if ((ranged >> r & 1U) == 0) continue;
      const precision_rule& x = m->rules[r];
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

// Groups the instances `keep(ii, instance)` selects by (block, section, layer kind when
// by_kind, rule set) and calls f(first instance of the group, count) for each, in order of
// first appearance. `ranged` may be 0 (no rule names layers): then only the block, section
// and kind group.
template <typename Keep, typename F>
constexpr void group_instances(const model& m, std::uint32_t ranged, bool by_kind, Keep&& keep, F&& f) {
  const circuit& c = m.c;
  struct group {
    instance in{};
    std::uint32_t set = 0;
    std::uint32_t count = 0;
  };
  std::array<group, max_distinct_uses> g{};
  std::size_t n = 0;
  std::array<std::uint32_t, sections * max_blocks> reach{};
  std::array<std::uint8_t, sections * max_blocks> last{};  // 1 + the slot's latest group; 0: unknown
  layer_rule_sets sets{&m, ranged};
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (!keep(ii, in)) continue;
    const std::size_t slot = sections * in.block + static_cast<std::size_t>(in.sec);
    if (last[slot] == 0 && ranged != 0) reach[slot] = rules_reaching(m, c.blocks[in.block], in.sec, ranged);
    const std::uint32_t set = reach[slot] == 0 ? 0 : sets.at(in.layer) & reach[slot];
    const layer_kind kind = by_kind ? in.kind : layer_kind::none;
    auto same = [&](const group& x) {
      return x.in.block == in.block && x.in.sec == in.sec && x.in.kind == kind && x.set == set;
    };
    std::size_t gi = last[slot] != 0 ? last[slot] - 1U : n;  // the slot's latest group is the usual match
    if (gi == n || !same(g[gi])) {
      gi = 0;
      while (gi < n && !same(g[gi])) ++gi;
    }
    if (gi == n) {
      if (n == max_distinct_uses) {  // table full: this instance on its own
        f(instance{in.block, in.layer, in.sec, kind}, std::uint32_t{1});
        continue;
      }
      g[n++] = {{in.block, in.layer, in.sec, kind}, set, 0};
    }
    ++g[gi].count;
    last[slot] = static_cast<std::uint8_t>(gi + 1);
  }
  for (std::size_t gi = 0; gi < n; ++gi) f(g[gi].in, g[gi].count);
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
