// SPDX-License-Identifier: MIT
// An estimate resolves the engine's facts and the model's loop sites once per call
// (detail::call_facts in detail/step_sum.hpp). Here the resolved table is checked against the
// per-node rule it replaces, written out again below: a site loops a node when the pass is a
// decode, the call's rows exceed the site's threshold, the layer kind matches, the block (if
// named) and the node's local name (if named) match, and an engine's site names the model's
// family (or none); a pair's path is exec_of under the engine's facts (roofline.hpp). Every
// registry model, on four devices (H100 SXM, B200, A100 SXM 80 GB, GB10), under three engines,
// at C = 1 and 16.
#include <doctest/doctest.h>

#include <cstdint>
#include <string_view>

#include <headroom/devices.hpp>
#include <headroom/engines/exec_facts.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

namespace {
using namespace headroom;

// The per-node rule, as each node visit asked it before the table.
bool site_loops(const loop_site& l, const block& b, const node& n, layer_kind kind, std::uint64_t rows) {
  if (l.kind != kind || rows <= l.rows_above) return false;
  if (!l.block.empty() && l.block != b.name) return false;
  if (!l.local.empty() && l.local != n.local) return false;
  return true;
}
bool loops_per_node(const model& m, const exec_facts& x, bool decode, const block& b, const node& n, layer_kind kind,
                    std::uint64_t rows) {
  if (!decode) return false;
  for (std::size_t i = 0; i < m.n_loops; ++i) {
    if (site_loops(m.loops[i], b, n, kind, rows)) return true;
  }
  for (std::size_t i = 0; i < x.n_loops; ++i) {
    if (loop_applies(x.loops[i], m) && site_loops(x.loops[i], b, n, kind, rows)) return true;
  }
  return false;
}

struct tally {
  std::size_t nodes = 0;    // node visits compared
  std::size_t looped = 0;   // of which a site loops
  std::size_t by_fact = 0;  // weight nodes whose path an engine fact chose
};

// Every node of every main-section instance, as the estimate's fold sees it.
void compare(const model& m, const device& d, const exec_facts& x, const detail::run& r, bool decode, tally& t) {
  detail::call_facts table = detail::resolve_facts(r);
  const circuit& c = m.c;
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec != section::main) continue;
    const block& b = c.blocks[in.block];
    const detail::block_loops bl = detail::loops_of_block(table, b, in.kind);
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      const node& n = c.nodes[ni];
      const bool resolved = bl.sites != 0 && bl.loops(n);
      const bool reference = loops_per_node(m, x, decode, b, n, in.kind, r.q.rows);
      if (resolved != reference) {
        CAPTURE(b.name);
        CAPTURE(n.local);
        CHECK(resolved == reference);
      }
      ++t.nodes;
      t.looped += resolved ? 1 : 0;
      if (!reads_linear_weight(n.kind)) continue;
      const resolved_formats f = formats_of(m, n, in);
      const exec want = exec_of(d, f.weight, f.activation, x);
      const exec got = table.exec_for(r, f);
      if (!(got == want)) {
        CAPTURE(b.name);
        CAPTURE(n.local);
        CHECK(got == want);
      }
      t.by_fact += want.fact != &no_kernel_fact ? 1 : 0;
    }
  }
}
}  // namespace

TEST_CASE("the per-call facts table gives every node the per-node rule's loop and path") {
  tally t{};
  std::size_t calls = 0;
  for (const std::string_view dev : {"h100_sxm", "b200", "a100_sxm_80gb", "gb10"}) {
    const device* d = devices::find(dev);
    REQUIRE(d != nullptr);
    const device_roofline r = default_roofline(*d);
    for (const engine_kind e : {engine_kind::vllm, engine_kind::sglang, engine_kind::none}) {
      const exec_facts& x = engines::exec_facts_of(e);
      for (const model* m : models::all) {
        CAPTURE(m->id);
        CAPTURE(dev);
        CAPTURE(x.engine);
        for (const std::uint64_t seqs : {1ULL, 16ULL}) {
          CAPTURE(seqs);
          compare(*m, *d, x, detail::decode_run(*m, *d, r, seqs, 4096, {}, x), true, t);
          compare(*m, *d, x, detail::prefill_run(*m, *d, r, seqs, {}, x), false, t);
          calls += 2;
        }
      }
    }
  }
  CHECK(calls == 4 * 3 * models::all.size() * 2 * 2);
  // Not vacuous: the seed system's engine loops Nemotron-H's Mamba layers above one row (its
  // legacy-path facts), and vLLM runs NVFP4 W4A4 as Marlin W4A16 on Hopper (nvfp4_utils.py),
  // so both a looped node and a fact-chosen path occur.
  CHECK(t.looped > 0);
  CHECK(t.by_fact > 0);
  CHECK(t.nodes > t.looped);
}

TEST_CASE("a pair's path is kept once per call and reused") {
  // vLLM on an H100 (capability 90): NVFP4 W4A4 takes Marlin W4A16 (weight-only), FP8 W8A8
  // runs natively (capability >= 89), BF16 takes the device rule.
  const device& d = devices::h100_sxm;
  const device_roofline r = default_roofline(d);
  const auto run = detail::decode_run(models::llama_3_1_8b_instruct, d, r, 1, 4096, {}, engines::vllm_exec);
  detail::call_facts table = detail::resolve_facts(run);
  const resolved_formats fp4{formats::nvfp4_g16, formats::nvfp4_g16, 0};
  const exec first = table.exec_for(run, fp4);
  CHECK(first.path == exec_path::weight_only);
  CHECK(first.fact == &engines::vllm_kernels[1]);
  CHECK(table.n_paths == 1);
  CHECK(table.exec_for(run, fp4) == first);
  CHECK(table.n_paths == 1);
  const exec bf16 = table.exec_for(run, resolved_formats{});
  CHECK(bf16.path == exec_path::native);
  CHECK(bf16.fact == &no_kernel_fact);
  CHECK(table.n_paths == 2);
}
