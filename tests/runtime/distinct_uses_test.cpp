// SPDX-License-Identifier: MIT
// for_each_distinct_use (distinct_uses.hpp): every instance counted once, and every instance a
// use stands for resolves each node to the same formats as the use's instance -- checked
// against sums over every instance written out here, on every shipped model (the three whose
// precision rules name layers among them) and on a model given layer-ranged rules by hand.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>

#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

namespace {
using namespace headroom;

// Weight bytes of every instance of the sections, instance by instance (no grouping).
byte_count weights_per_instance(const model& m) {
  byte_count w = 0;
  for (std::size_t ii = 0; ii < m.c.n_instances; ++ii) {
    const instance& in = m.c.instances[ii];
    w = checked_add(w, block_stored_bytes(m, m.c.blocks[in.block], in));
  }
  return w;
}

// Every instance's node formats equal those its use's instance resolves: for each use, the
// instances of its block, section and kind whose nodes resolve like the use's are claimed, up
// to the use's count; every instance must be claimed exactly once.
bool uses_cover_instances(const model& m, section_set secs, bool by_kind) {
  std::array<bool, max_instances> claimed{};
  bool ok = true;
  for_each_distinct_use(m, secs, by_kind, [&](const instance& use, std::uint32_t count) {
    const block& b = m.c.blocks[use.block];
    for (std::size_t ii = 0; ii < m.c.n_instances && count != 0; ++ii) {
      const instance& in = m.c.instances[ii];
      if (claimed[ii] || in.block != use.block || in.sec != use.sec || (by_kind && in.kind != use.kind)) continue;
      bool alike = true;
      for (std::size_t ni = b.first; ni < b.end; ++ni) {
        const node& n = m.c.nodes[ni];
        if (n.has_weight() && n.stores_weight && !(formats_of(m, n, in) == formats_of(m, n, use))) alike = false;
      }
      if (!alike) continue;
      claimed[ii] = true;
      --count;
    }
    ok = ok && count == 0;
  });
  for (std::size_t ii = 0; ii < m.c.n_instances; ++ii) {
    if ((secs & section_bit(m.c.instances[ii].sec)) != 0) ok = ok && claimed[ii];
  }
  return ok;
}
}  // namespace

TEST_CASE("every instance belongs to exactly one distinct use that resolves it alike") {
  for (const model* m : models::all) {
    CAPTURE(m->id);
    CHECK(uses_cover_instances(*m, every_section, false));
    CHECK(uses_cover_instances(*m, section_bit(section::main), true));
    CHECK(footprint(*m, {}).weights == weights_per_instance(*m));
  }
}

TEST_CASE("rules that name layers: one use per rule set, however many runs of layers hold it") {
  // Llama 3.1 8B (32 layers, each an attention and an MLP block instance) with BF16 on layers
  // [4, 20), else FP8 on [0, 24), else BF16: layers 0-3 and 20-23 hold the FP8 rule only (one
  // use of 8 instances per block), 4-19 both ranged rules (16), 24-31 neither (8). So 3 uses
  // per layer block, 6 in all, not 64.
  model m = models::llama_3_1_8b_instruct;
  m.n_rules = 0;
  precision_rule mid = all_weights(formats::bf16);
  mid.layer_lo = 4;
  mid.layer_hi = 20;
  precision_rule fp8 = all_weights(formats::fp8_channel, formats::fp8_token);
  fp8.layer_lo = 0;
  fp8.layer_hi = 24;
  m.add_rule(mid);
  m.add_rule(fp8);
  m.add_rule(all_weights(formats::bf16));
  std::size_t decoder_uses = 0;
  std::uint32_t fp8_layers = 0;
  std::uint32_t layers = 0;
  for_each_distinct_use(m, every_section, false, [&](const instance& in, std::uint32_t count) {
    if (in.layer == no_layer) return;  // embedding, final norm, lm_head
    ++decoder_uses;
    layers += count;
    const block& b = m.c.blocks[in.block];
    std::size_t ni = b.first;  // the block's first weight (q_proj; gate_up in the MLP)
    while (!m.c.nodes[ni].has_weight()) ++ni;
    if (formats_of(m, m.c.nodes[ni], in).weight == formats::fp8_channel) fp8_layers += count;
  });
  CHECK(decoder_uses == 2 * 3);
  CHECK(layers == 2 * 32);
  CHECK(fp8_layers == 2 * 8);
  CHECK(uses_cover_instances(m, every_section, false));
  CHECK(footprint(m, {}).weights == weights_per_instance(m));
}
