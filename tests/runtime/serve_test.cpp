// SPDX-License-Identifier: MIT
// The serving model at run time over the registry (serve.hpp): the laws it must keep for every
// model and device where the load fits -- the ceiling never above the prediction, TTFT and TPOT
// never falling as clients are added, the wait starting exactly where the running batch stops
// growing, the closed loop's throughput identity -- and the run-time errors of a bad load.
#include <doctest/doctest.h>

#include <cstdint>

#include <headroom/devices.hpp>
#include <headroom/error.hpp>
#include <headroom/models.hpp>
#include <headroom/sla.hpp>

namespace {
using namespace headroom;

bool close(double a, double b) { return (a > b ? a - b : b - a) <= 1e-9 * (b > 0 ? b : 1); }

// Absorbed MLA decode is the one kernel class whose measured time at batch 1 exceeds its time at
// batch 4 on some tables (B200 under TensorRT-LLM: ratio 58.8 at 1, 14.7 at 4, over a ceiling
// dominated by the once-a-step kv_b_proj read): a prediction that follows the measurement may
// fall there, and only there (docs/serving.md, "What is not calibrated").
bool has_latent_attention(const model& m) {
  for (std::size_t i = 0; i < m.c.n_nodes; ++i) {
    if (m.c.nodes[i].kind == op::mla_attention) return true;
  }
  return false;
}

TEST_CASE("serve: laws over every model on four devices under three engines") {
  const device* ds[] = {&devices::h100_sxm, &devices::h200_sxm, &devices::b200, &devices::rtx_4090};
  const engine_kind ks[] = {engine_kind::vllm, engine_kind::sglang, engine_kind::trtllm};
  std::size_t checked = 0;
  for (const model* m : models::all) {
    for (const device* d : ds) {
      for (const engine_kind k : ks) {
        const deployment dep{.engine = as_allocated(engine{.kind = k})};
        serve_result prev{};
        for (std::uint64_t n = 1; n <= 512; n *= 4) {
          const serve_result r = serve(*m, *d, dep, {.isl = 2000, .osl = 200, .concurrency = n});
          if (!r.fits) break;
          ++checked;
          INFO(m->id, " on ", d->id, " under ", name(k), " at ", n, " clients");
          CHECK(r.ceiling_tpot_ms <= r.tpot_ms);
          CHECK(r.ceiling_ttft_ms <= r.ttft_ms);
          CHECK(r.running_batch <= n);
          CHECK(r.running_batch <= r.pool_seqs);
          // The wait starts where the running batch stops growing with the clients.
          CHECK((r.wait_ms > 0) == (r.running_batch < n));
          CHECK(close(r.e2e_ms, r.ttft_ms + 199 * r.tpot_ms));
          CHECK(close(r.tokens_per_s, static_cast<double>(n) * 200 / (r.cycle_ms / 1e3)));
          CHECK(r.e2e_ms <= r.cycle_ms * (1 + 1e-12));
          if (n > 1) {
            CHECK(r.ttft_ms >= prev.ttft_ms);
            if (!has_latent_attention(*m)) CHECK(r.tpot_ms >= prev.tpot_ms);
          }
          prev = r;
        }
      }
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("serve: bad loads are refused at run time") {
  CHECK_THROWS_AS(serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, {.isl = 0, .osl = 1, .concurrency = 1}),
                  headroom::error);
  // Llama-3.1-8B has no MTP head to draft with.
  const deployment spec{.speculation = {.tokens = 2, .acceptance_milli = 2000}};
  CHECK_THROWS_AS(serve(models::llama_3_1_8b_instruct, devices::h100_sxm, spec, {.isl = 10, .osl = 10, .concurrency = 1}),
                  headroom::error);
  // An acceptance length above K + 1 tokens a round cannot happen.
  const deployment too_many{.parallel = {.tp = 2}, .speculation = {.tokens = 1, .acceptance_milli = 2500}};
  CHECK_THROWS_AS(
      serve(models::qwen3_next_80b_a3b_instruct, devices::h200_sxm, too_many, {.isl = 10, .osl = 10, .concurrency = 1}),
      headroom::error);
}

TEST_CASE("serve: disaggregated workers are counted and pay the KV transfer") {
  const serve_result r = serve(models::llama_3_1_70b_instruct, devices::h100_sxm, {},
                               {.isl = 4000, .osl = 400, .concurrency = 32}, disaggregation{2, 2, 1, 4});
  REQUIRE(r.fits);
  CHECK(r.gpus == 2 * 2 + 1 * 4);
  // Llama-3.1-70B: 80 layers x 8 KV heads x 128 x 2 x 2 bytes = 327,680 bytes a token; a TP 2
  // prefill rank holds half: 4,000 tokens x 163,840 = 655,360,000 bytes over 50 GB/s = 13,107.2
  // us, plus a 2 us hop.
  CHECK(close(r.transfer_ms, 13.1092));
}
}  // namespace
