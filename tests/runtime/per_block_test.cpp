// SPDX-License-Identifier: MIT
// The per-block sum (each distinct block costed once and multiplied by its instance count)
// gives results bit-identical to the reference sum over every instance, over the whole benchmark
// sweep (bench/README.md): every model x device x C in {1, 2, 4, ..., 1024} x context in {1k, 4k, 32k, 128k}
// (a quarter of the pairs under AddressSanitizer: sweep_sample.hpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "../sweep_sample.hpp"

namespace {
using namespace headroom;

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool identical(const step_estimate& a, const step_estimate& b) {
  if (!same_bits(a.total_us, b.total_us) || !same_bits(a.bytes, b.bytes) || !same_bits(a.flops, b.flops)) return false;
  if (!same_bits(a.memory_bound_us, b.memory_bound_us) || a.n_rows != b.n_rows || a.n_flags != b.n_flags) return false;
  for (std::size_t i = 0; i < a.n_rows; ++i) {
    if (a.rows[i].node != b.rows[i].node || a.rows[i].count != b.rows[i].count ||
        !same_bits(a.rows[i].time_us, b.rows[i].time_us)) {
      return false;
    }
  }
  return true;
}
}  // namespace

TEST_CASE("per-block and per-instance sums are bit-identical over the sweep") {
  std::size_t compared = 0;
  std::size_t pairs = 0;
  std::vector<bool> model_seen(models::all.size()), device_seen(devices::all.size());
  for (std::size_t mi = 0; mi < models::all.size(); ++mi) {
    const model* m = models::all[mi];
    for (std::size_t di = 0; di < devices::all.size(); ++di) {
      if (!headroom_test::in_sweep(mi, di)) continue;
      ++pairs;
      model_seen[mi] = device_seen[di] = true;
      const device* d = devices::all[di];
      const device_roofline r = default_roofline(*d);
      for (std::uint64_t ctx : {1024ULL, 4096ULL, 32768ULL, 131072ULL}) {
        for (std::uint64_t c = 1; c <= 1024; c *= 2) {
          const auto run = detail::decode_run(*m, *d, r, c, ctx, {});
          const bool same = identical(detail::sum_per_block(run), detail::sum_per_instance(run));
          if (!same) {
            CAPTURE(m->id);
            CAPTURE(d->id);
            CAPTURE(c);
            CAPTURE(ctx);
            CHECK(same);
          }
          ++compared;
        }
      }
      for (std::uint64_t t : {4096ULL, 32768ULL}) {
        const auto run = detail::prefill_run(*m, *d, r, t, {});
        CHECK(identical(detail::sum_per_block(run), detail::sum_per_instance(run)));
      }
    }
  }
  CHECK(compared == pairs * 4 * 11);
  CHECK(pairs * headroom_test::sweep_stride >= models::all.size() * devices::all.size());
  // Sampled or not, every model and every device is visited.
  CHECK(std::find(model_seen.begin(), model_seen.end(), false) == model_seen.end());
  CHECK(std::find(device_seen.begin(), device_seen.end(), false) == device_seen.end());
}

TEST_CASE("a model whose precision rules name layers takes the per-instance path, with the same totals") {
  model m = models::llama_3_1_8b_instruct;
  m.n_rules = 0;
  precision_rule first_layers = all_weights(formats::fp8_channel, formats::fp8_token);
  first_layers.layer_lo = 0;
  first_layers.layer_hi = 4;
  m.add_rule(first_layers);
  m.add_rule(all_weights(formats::bf16));
  const auto r = default_roofline(devices::h100_sxm);
  const auto run = detail::decode_run(m, devices::h100_sxm, r, 16, 4096, {});
  const auto a = detail::sum_per_block(run);
  CHECK(identical(a, detail::sum_per_instance(run)));
  // q, k, v, o, gate_up and down in layers 0-3 form their own FP8 rows next to the BF16 ones.
  CHECK(a.n_rows == 18 + 6);
}

TEST_CASE("a shipped table's kept layer skeleton gives what a copy of the table builds afresh") {
  // The three checkpoints whose precision rules name layers, asked in turn (each ask of another
  // table rebuilds the thread's kept skeleton) and against copies (never kept: built per call).
  const std::array<const model*, 3> ranged{&models::nemotron_3_super_120b_a12b_nvfp4,
                                           &models::nemotron_3_nano_30b_a3b_nvfp4, &models::qwen3_8_27b_nvfp4};
  const device_roofline r = default_roofline(devices::h100_sxm);
  for (int round = 0; round < 2; ++round) {
    for (const model* m : ranged) {
      CAPTURE(m->id);
      REQUIRE(detail::layer_ranged_rules(*m) != 0);
      const model copy = *m;
      for (std::uint64_t c : {1ULL, 64ULL}) {
        CHECK(identical(decode_step(*m, devices::h100_sxm, r, c, 8192, {}), decode_step(copy, devices::h100_sxm, r, c, 8192, {})));
      }
      CHECK(identical(prefill(*m, devices::h100_sxm, r, 4096, {}), prefill(copy, devices::h100_sxm, r, 4096, {})));
    }
  }
}
