// SPDX-License-Identifier: MIT
// Laws over every registry entry, checked at compile time: adding an entry subjects it to all.
// Also: every model on every device in static_assert form, under default constant-evaluation
// limits (no -fconstexpr-steps / -fconstexpr-ops-limit).
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

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

constexpr bool device_laws(const device& d) {
  const bool positive = d.memory_bytes > 0 && d.bandwidth_gbps > 0 && d.peak.bf16 > 0 && d.sms > 0;
  // engines::none's share of it is lawful (validate.hpp).
  const bool fraction = check_usable(d, usable_share_of(d, engines::usable)).ok();
  // Native kinds <=> non-zero dense peaks.
  const bool fp8 = d.runs(mma_kind::fp8) == (d.peak.fp8 > 0);
  const bool fp4 = d.runs(mma_kind::fp4_block_scale) == (d.peak.nvfp4 > 0);
  const bool mx = d.runs(mma_kind::mxf8f6f4) == (d.peak.mxfp4 > 0);
  const bool bf16 = d.runs(mma_kind::bf16);
  const bool sources = devices::sources_resolve(d.sources) && !d.sources.empty();
  const bool measured = !d.has_measured || (d.measured.dram_gbps > 0 && d.measured.bf16_tflops > 0 &&
                                            d.measured.fp8_tflops > 0 && d.measured.nvfp4_tflops > 0);
  return positive && fraction && fp8 && fp4 && mx && bf16 && sources && measured;
}
constexpr bool all_devices_lawful() {
  for (const device* d : devices::all) {
    if (!device_laws(*d)) return false;
  }
  return true;
}
static_assert(all_devices_lawful());

constexpr bool model_laws(const model& m) {
  const settings s{};
  const auto fp = footprint(m, s);
  // Monotone in seqs and context; weights hold the floor; no recurrent layer, no state.
  bool ok = fp.bytes(2, 4096) > fp.bytes(1, 4096) && fp.bytes(1, 8192) > fp.bytes(1, 4096);
  ok = ok && fp.weights >= weight_floor_bytes(m) && fp.loaded_weights <= fp.weights;
  bool recurrent = false;
  for (std::size_t i = 0; i < m.c.n_nodes; ++i) recurrent = recurrent || m.c.nodes[i].kind == op::gdn_recurrence || m.c.nodes[i].kind == op::ssm_update;
  ok = ok && (recurrent || (fp.state_per_seq == 0 && fp.conv_per_seq == 0));
  ok = ok && fp.kv_per_token > 0;  // every shipped model has attention: KV heads never floor to zero
  return ok;
}
constexpr bool all_models_lawful() {
  for (const model* m : models::all) {
    if (!model_laws(*m)) return false;
  }
  return true;
}
static_assert(all_models_lawful());

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
