// SPDX-License-Identifier: MIT
// The full registry, every model x every device, static_assert-checked in one translation unit
// under default constant-evaluation limits (no -fconstexpr-* flag). Each model is one constant expression
// (a class template's static_assert per registry index), so adding a model or a device subjects
// it to every law here without editing this file.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include <utility>

namespace headroom_static_full_registry_test {

namespace {
using namespace headroom;

// Fit laws at 4k and 32k on every device: max_seqs is exact (it fits, one more does not), fits
// agrees with the byte counts. (The smallest plan that holds the C=1 need: tests/runtime/plan_test.cpp.)
constexpr bool fit_laws(const model& m) {
  const footprint_bytes fp = footprint(m, {});
  for (const device* d : devices::all) {
    for (const std::uint64_t ctx : {4096ULL, 32768ULL}) {
      const std::uint64_t c = max_seqs(fp, *d, ctx, engines::usable);
      if (c > 0 && !fits(fp, *d, c, ctx, engines::usable)) return false;
      if (fits(fp, *d, c + 1, ctx, engines::usable)) return false;
    }
  }
  // The model-level entry points agree with the footprint-level ones.
  const device& d0 = *devices::all[0];
  return max_seqs(m, d0, 4096, {}, engines::none) == max_seqs(fp, d0, 4096, engines::usable) &&
         need_bytes(m, {.seqs = 3, .context = 4096}) == fp.bytes(3, 4096);
}

// Engine laws (vLLM, the default profile) on H200: max_seqs is exact under the engine too (it
// fits, one more does not), a deployment fits only if the engine starts, and a KV pool that
// exists holds what its blocks say. One constant expression per context: a model whose
// precision rules name layers is costed instance by instance, within clang's default steps
// for one context at a time.
constexpr bool engine_laws(const model& m, std::uint64_t ctx) {
  const device& d = devices::h200_sxm;
  const engine_memory em = engine_memory_of(m, d, {}, engine{}, {}, 1, ctx);
  const std::uint64_t c = max_seqs(m, d, ctx, {});
  if (c != max_seqs_at(em, ctx)) return false;
  if (c > 0 && !fits(m, d, {.seqs = c, .context = ctx})) return false;
  if (fits(m, d, {.seqs = c + 1, .context = ctx})) return false;
  if (c > 0 && !em.engine_starts) return false;
  return !em.engine_starts || em.kv_cache_blocks * em.block_bytes <= em.available_kv_cache_bytes;
}

// Estimates: decode at C = 1 and 128, prefill of 32k, on the model's first device; positive,
// decode grows with the batch, a step takes at least its weight floor over bandwidth.
constexpr bool estimate_laws(const model& m) {
  const device& d = *devices::all[0];
  const auto r = default_roofline(d);
  const double c1 = decode_step(m, d, r, 1, 4096, {}).total_us;
  const double c128 = decode_step(m, d, r, 128, 4096, {}).total_us;
  const double p = prefill(m, d, r, 32768, {}).total_us;
  return c1 > 0 && c128 > c1 && p > 0 && c1 >= weight_floor_us(m, r);
}

template <std::size_t I>
struct model_checks {
  static_assert(fit_laws(*models::all[I]), "fit laws hold on every device");
  static_assert(engine_laws(*models::all[I], 4096), "engine fit laws hold at 4k");
  static_assert(engine_laws(*models::all[I], 32768), "engine fit laws hold at 32k");
  static_assert(estimate_laws(*models::all[I]), "decode and prefill evaluate and are consistent");
  static constexpr bool ok = true;
};
template <std::size_t... I>
constexpr bool all_models_checked(std::index_sequence<I...>) {
  return (model_checks<I>::ok && ...);
}
static_assert(all_models_checked(std::make_index_sequence<models::all.size()>{}));
}  // namespace
}  // namespace headroom_static_full_registry_test
