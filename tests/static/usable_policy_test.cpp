// SPDX-License-Identifier: MIT
// engines::none's usable-memory policy (engines/include/headroom/engines/none.hpp): the share of
// the visible memory the pure arithmetic counts on each device, by hand from the device's
// visible bytes (devices_test.cpp cites them) and the policy's fractions.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_405b_instruct.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>

namespace headroom_static_usable_policy_test {

namespace {
using namespace headroom;
using namespace headroom::devices;

constexpr usable_share share(const device& d) { return usable_share_of(d, engines::usable); }

// 0.9 of 81,920 MiB, rounded down: 85,899,345,920 x 9 / 10 = 77,309,411,328.
static_assert(usable_bytes(a100_sxm_80gb, engines::usable) == 77'309'411'328ULL);
// 0.75 of 8e9 B: 6e9 B usable.
static_assert(usable_bytes(jetson_orin_nano_8gb, engines::usable) == 6'000'000'000ULL);
// GB10: 0.85 (a GB10 froze above it): 130,663,886,848 x 85 / 100 = 111,064,303,820.8, rounded down.
static_assert(share(gb10).permille == 850 && share(jetson_agx_thor).permille == 850);
static_assert(usable_bytes(gb10, engines::usable) == 111'064'303'820ULL);
// Unified-memory parts are below the datacentre 0.9.
static_assert(share(jetson_agx_orin_64gb).permille < 900 && share(jetson_orin_nano_8gb).permille < 900);
// The default share, its reason worded by the kind of memory the datasheet names.
static_assert(share(h100_sxm).permille == 900 &&
              share(h100_sxm).why == "engine none's flat allowance on datacentre HBM, not an engine's own budget");
static_assert(share(rtx_4090).permille == 900 &&
              share(rtx_4090).why == "engine none's flat allowance on a discrete GPU, not an engine's own budget");

// Every rule names a registry device or a kind of memory, every share has its reason, and
// each device id appears once.
constexpr bool in_registry(std::string_view id) {
  for (const device* d : all) {
    if (d->id == id) return true;
  }
  return false;
}
constexpr bool rules_lawful() {
  for (std::size_t i = 0; i < engines::usable_rules.size(); ++i) {
    const usable_rule& r = engines::usable_rules[i];
    if (r.device.empty() == r.memory.empty() || r.share.why.empty()) return false;
    if (!r.device.empty() && !in_registry(r.device)) return false;
    for (std::size_t j = 0; j < i; ++j) {
      if (!r.device.empty() && engines::usable_rules[j].device == r.device) return false;
    }
  }
  return true;
}
static_assert(rules_lawful());

// A device a user defines, named in no rule and of no listed memory kind: the fallback 0.9.
constexpr device user_device() {
  device d = h100_sxm;
  d.id = "user_device";
  d.memory_marketed = "64 GB";
  d.memory_bytes = 64'000'000'000ULL;
  return d;
}
static_assert(usable_bytes(user_device(), engines::usable) == 57'600'000'000ULL);  // 64e9 x 9 / 10
static_assert(share(user_device()).why == usable_policy{}.fallback.why);
// A profile that names no policy: 0.9 of every device, GB10 included (visible 130,663,886,848 B
// x 9 / 10 = 117,597,498,163.2, rounded down).
static_assert(usable_bytes(gb10, usable_policy_of(engine{.kind = engine_kind::none})) == 117'597'498'163ULL);
static_assert(usable_policy_of(engines::none).n_rules == engines::usable_rules.size());

// engines::none names the weights when they alone do not fit: Llama-3.1-405B in BF16 is about
// 405e9 x 2 B = 810 GB of weights, above 0.9 x an H100's 80 GB, so nothing is left for the KV
// cache (no_memory_for_kv_cache), not "the pool holds fewer sequences".
static_assert(stopping_term(models::llama_3_1_405b_instruct, h100_sxm, {.seqs = 1, .context = 4096, .engine = engines::none}) ==
              engine_term::no_memory_for_kv_cache);
// Llama-3.1-8B (about 16 GB of weights) fits one 4,096-token sequence; 10,000 of them do not:
// the sequences' KV is what runs out.
static_assert(stopping_term(models::llama_3_1_8b_instruct, h100_sxm, {.seqs = 10'000, .context = 4096, .engine = engines::none}) ==
              engine_term::kv_cache_cannot_hold_the_sequences);

}  // namespace
}  // namespace headroom_static_usable_policy_test
