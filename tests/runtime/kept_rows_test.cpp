// SPDX-License-Identifier: MIT
// A shipped table's step keeps the rows it folded into, per thread, and costs them afresh on the
// calls after (detail/kept_rows.hpp); a copy of the table is folded on every call. The two must
// give bit-identical estimates -- every row's every field, the loop flags, the collectives and
// the totals -- for every model, under every engine's facts, on plans that cut the nodes, at
// batches on both sides of the loop sites' thresholds, the kept rows asked in turn with more
// keys than the thread keeps.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <headroom/devices.hpp>
#include <headroom/engines/exec_facts.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

// Its own namespace: the test executables compile in unity batches, and the helpers' names
// (identical, same_bits) are other files' too.
namespace kept_rows_test {
using namespace headroom;

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool same_cost(const cost& a, const cost& b) {
  return same_bits(a.bytes, b.bytes) && same_bits(a.flops, b.flops) && same_bits(a.time_us, b.time_us) && a.by == b.by;
}

// Every field of the two estimates, the used rows, flags and links included.
bool identical(const step_estimate& a, const step_estimate& b) {
  if (!same_bits(a.total_us, b.total_us) || !same_bits(a.bytes, b.bytes) || !same_bits(a.flops, b.flops) ||
      !same_bits(a.memory_bound_us, b.memory_bound_us) || !same_bits(a.compute_bound_us, b.compute_bound_us) ||
      !same_bits(a.link_us, b.link_us) || a.n_rows != b.n_rows || a.n_flags != b.n_flags || a.n_links != b.n_links) {
    return false;
  }
  for (std::size_t i = 0; i < a.n_rows; ++i) {
    const site_row& x = a.rows[i];
    const site_row& y = b.rows[i];
    if (x.node != y.node || x.block != y.block || !(x.formats == y.formats) || x.has_weight != y.has_weight ||
        x.how.path != y.how.path || x.how.kind != y.how.kind || x.how.fact != y.how.fact || x.count != y.count ||
        !same_cost(x.one, y.one) || !same_bits(x.each_us, y.each_us) || !same_bits(x.time_us, y.time_us) ||
        x.per_row != y.per_row || x.kind != y.kind) {
      return false;
    }
  }
  for (std::size_t i = 0; i < a.n_flags; ++i) {
    if (a.flags[i].kind != b.flags[i].kind || !same_bits(a.flags[i].added_us, b.flags[i].added_us) ||
        a.flags[i].sites != b.flags[i].sites) {
      return false;
    }
  }
  for (std::size_t i = 0; i < a.n_links; ++i) {
    const link_row& x = a.links[i];
    const link_row& y = b.links[i];
    if (x.op != y.op || x.scale_out != y.scale_out || x.count != y.count || !same_bits(x.bytes_each, y.bytes_each) ||
        !same_bits(x.each_us, y.each_us) || !same_bits(x.time_us, y.time_us) || !same_bits(x.lookup_bytes, y.lookup_bytes) ||
        !same_bits(x.lookup_us, y.lookup_us)) {
      return false;
    }
  }
  return true;
}

// The plans asked of each model: one device, then those of these that are valid for it.
std::vector<parallel> plans_of(const model& m) {
  std::vector<parallel> out{parallel{}};
  const std::array<parallel, 4> tries{parallel{.tp = 2}, parallel{.tp = 4, .ep = 4, .dp_attention = true},
                                      parallel{.tp = 2, .ep = 4, .dp = 2}, parallel{.tp = 2, .pp = 2}};
  for (const parallel& p : tries) {
    if (valid(m, p)) out.push_back(p);
  }
  return out;
}

TEST_CASE("a shipped table's kept rows give what a copy of the table folds afresh") {
  // SGLang with and without its shared-experts fusion: the same model and plan, other rows.
  const std::array<const exec_facts*, 5> facts{&no_exec_facts, &engines::vllm_exec, &engines::sglang_exec,
                                               &engines::sglang_unfused_exec, &engines::none_exec};
  const std::array<const device*, 2> on{&devices::h100_sxm, &devices::b200};
  std::size_t compared = 0;
  std::size_t flagged = 0;  // estimates with a per-row loop: the loop sites' keys exercised
  for (const model* m : models::all) {
    CAPTURE(m->id);
    const model copy = *m;
    REQUIRE(m->checked_as == m);
    REQUIRE(copy.checked_as != &copy);
    const std::vector<parallel> plans = plans_of(*m);
    for (const device* d : on) {
      const device_roofline r = default_roofline(*d);
      // Batches on both sides of every shipped loop site's threshold (1 and 8 rows), asked in
      // an order that leaves and comes back to each key.
      for (const std::uint64_t c : {1ULL, 16ULL, 1ULL, 300ULL, 16ULL}) {
        for (const exec_facts* x : facts) {
          for (const parallel& p : plans) {
            CAPTURE(c);
            CAPTURE(p.tp);
            CAPTURE(p.ep);
            CAPTURE(p.dp);
            CAPTURE(x->engine);
            const step_estimate kept = decode_step(*m, *d, r, c, 8192, {}, p, *x);
            CHECK(identical(kept, decode_step(copy, *d, r, c, 8192, {}, p, *x)));
            CHECK(identical(kept, decode_step(*m, *d, r, c, 8192, {}, p, *x)));
            flagged += kept.n_flags != 0 ? 1 : 0;
            ++compared;
          }
        }
      }
      for (const parallel& p : plans) {
        const settings fp8_kv{.kv = kv_dtype::fp8};
        CHECK(identical(prefill(*m, *d, r, 3000, fp8_kv, p, engines::vllm_exec), prefill(copy, *d, r, 3000, fp8_kv, p, engines::vllm_exec)));
        CHECK(identical(prefill(*m, *d, r, 3000, fp8_kv, p, engines::vllm_exec), prefill(copy, *d, r, 3000, fp8_kv, p, engines::vllm_exec)));
      }
    }
  }
  CHECK(compared > 0);
  CHECK(flagged > 0);
}

TEST_CASE("kept rows follow a program's own loop sites by what they name, not where they live") {
  // One exec_facts object whose loop site the program changes between calls: the rows kept for
  // the first site must not stand for the second.
  const model& m = models::llama_3_1_8b_instruct;
  const device_roofline r = default_roofline(devices::h100_sxm);
  std::array<loop_site, 1> sites{
      loop_site{.kind = layer_kind::full_attention, .block = "", .local = "q", .rows_above = 1, .cite = "test", .family = ""}};
  const exec_facts facts{"test", nullptr, 0, sites.data(), sites.size()};
  const step_estimate q_loops = decode_step(m, devices::h100_sxm, r, 8, 4096, {}, parallel{}, facts);
  sites[0].local = "o";
  const step_estimate o_loops = decode_step(m, devices::h100_sxm, r, 8, 4096, {}, parallel{}, facts);
  const model copy = m;
  CHECK(identical(o_loops, decode_step(copy, devices::h100_sxm, r, 8, 4096, {}, parallel{}, facts)));
  CHECK_FALSE(identical(q_loops, o_loops));
  REQUIRE(o_loops.n_flags == 1);
  // The looped row is o's now.
  bool o_row_loops = false;
  for (std::size_t i = 0; i < o_loops.n_rows; ++i) {
    const site_row& row = o_loops.rows[i];
    if (row.per_row) o_row_loops = m.c.nodes[row.node].local == "o";
  }
  CHECK(o_row_loops);
}

TEST_CASE("kept rows copy a program's loop site names, which it may free before the next call") {
  // The kept key must not view the site's strings: here the first site's name lives in a heap
  // string freed before the next call compares against the key (AddressSanitizer reports a
  // read of it).
  const model& m = models::llama_3_1_8b_instruct;
  const device_roofline r = default_roofline(devices::h100_sxm);
  auto name = std::make_unique<std::string>("q");
  std::array<loop_site, 1> sites{
      loop_site{.kind = layer_kind::full_attention, .block = "", .local = *name, .rows_above = 1, .cite = "test", .family = ""}};
  const exec_facts facts{"test", nullptr, 0, sites.data(), sites.size()};
  const step_estimate q_loops = decode_step(m, devices::h100_sxm, r, 8, 4096, {}, parallel{}, facts);
  sites[0].local = "k";
  name.reset();
  const step_estimate k_loops = decode_step(m, devices::h100_sxm, r, 8, 4096, {}, parallel{}, facts);
  const model copy = m;
  CHECK(identical(k_loops, decode_step(copy, devices::h100_sxm, r, 8, 4096, {}, parallel{}, facts)));
  CHECK_FALSE(identical(q_loops, k_loops));
  // A name longer than a key holds: folded at every call, the same answer.
  const std::string long_name(80, 'x');
  sites[0].local = long_name;
  CHECK(identical(decode_step(m, devices::h100_sxm, r, 8, 4096, {}, parallel{}, facts),
                  decode_step(copy, devices::h100_sxm, r, 8, 4096, {}, parallel{}, facts)));
}

}  // namespace kept_rows_test
