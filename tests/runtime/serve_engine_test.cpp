// SPDX-License-Identifier: MIT
// The serving model's engine rules at run time (serve.hpp, engines/serving_facts.hpp): the run
// a benchmark measures (its first round, then steady state), the scheduler's polling, and the
// host's floor under an eager pass -- each pinned by hand arithmetic or a published figure.
#include <doctest/doctest.h>

#include <cstdint>

#include <headroom/devices.hpp>
#include <headroom/engines/serving_facts.hpp>
#include <headroom/models.hpp>
#include <headroom/sla.hpp>

namespace {
using namespace headroom;

// serve() of Llama-3.1-8B on one H100 under SGLang with knobs `k` (the shipped tables and facts).
serve_result serve_sglang(const sglang_knobs& k, const load& l) {
  const deployment dep{.engine = as_allocated(engine{.kind = engine_kind::sglang, .sglang = k})};
  return serve(models::llama_3_1_8b_instruct, devices::h100_sxm, dep, l);
}

TEST_CASE("serve: TTFT is the mean over the run's requests, the first round then steady state") {
  for (const std::uint64_t n : {1u, 8u, 64u}) {
    const load l{.isl = 1000, .osl = 100, .concurrency = n};
    load first = l, steady = l, run = l;
    first.requests_per_client = 1;  // every request in the first round
    steady.requests_per_client = 0;
    run.requests_per_client = 10;
    const serve_result f = serve_sglang({}, first);
    const serve_result s = serve_sglang({}, steady);
    const serve_result r = serve_sglang({}, run);
    REQUIRE(r.fits);
    INFO(n, " clients");
    // One request in ten arrives with everyone's: (first + 9 x steady) / 10.
    CHECK(r.ttft_ms == doctest::Approx((f.ttft_ms + 9 * s.ttft_ms) / 10));
    CHECK(r.ttft_steady_ms == doctest::Approx(s.ttft_ms));
    CHECK(f.tpot_ms == s.tpot_ms);
    // A client alone never waits for others' prompts: its first and later requests are alike.
    if (n == 1) CHECK(f.ttft_ms == doctest::Approx(s.ttft_ms));
    // Prompts that arrive together queue behind each other; alone, they do not.
    if (n > 1) CHECK(f.ttft_ms > s.ttft_ms);
  }
}

TEST_CASE("serve: SGLang's --scheduler-recv-interval makes a prompt arriving mid-run wait half the gap") {
  // 100-token prompts of Llama-3.1-8B on one H100: the eager prefill pass is the host's floor
  // (a few hundred kernel launches at 80 us), far above the kernels of a few prompts.
  // Polled every 5 passes: (5 - 1) / 2 = 2 decode steps more on a steady-state prompt; a client
  // alone finds the scheduler idle, polling every pass.
  const load alone{.isl = 100, .osl = 100, .concurrency = 1, .requests_per_client = 0};
  CHECK(serve_sglang({.scheduler_recv_interval = 5}, alone).ttft_ms == serve_sglang({}, alone).ttft_ms);
  // 16 clients: a step carries 15 / (99 + 1) = 0.15 of the others' prompts; a poll every 5
  // passes gathers 0.75 of them, each still alone in its pass, so the steps cost what they did.
  const load many{.isl = 100, .osl = 100, .concurrency = 16, .requests_per_client = 0};
  const serve_result a = serve_sglang({}, many);
  const serve_result b = serve_sglang({.scheduler_recv_interval = 5}, many);
  CHECK(b.tpot_ms == a.tpot_ms);
  CHECK(b.ttft_ms - a.ttft_ms == doctest::Approx(2 * a.tpot_ms));
}

TEST_CASE("serve: the prompts one poll gathers share a prefill pass and its host floor") {
  // As above, polled every 8, 11 and 14 passes: 1.2, 1.65 and 2.1 prompts a poll, prefilled in
  // one pass that the host's floor F still bounds, so a step carries F / N of prefill instead of
  // 0.15 F: TPOT(N) = decode + F / N. Eliminating the decode step and F:
  //   (TPOT(8) - TPOT(11)) / (TPOT(11) - TPOT(14)) = (1/8 - 1/11) / (1/11 - 1/14) = 154 / 88
  //   (TPOT(1) - TPOT(8)) / (TPOT(8) - TPOT(11)) = (0.15 - 1/8) / (1/8 - 1/11) = 0.025 / (3 / 88)
  const load many{.isl = 100, .osl = 100, .concurrency = 16, .requests_per_client = 0};
  const double t1 = serve_sglang({}, many).tpot_ms;
  const double t8 = serve_sglang({.scheduler_recv_interval = 8}, many).tpot_ms;
  const double t11 = serve_sglang({.scheduler_recv_interval = 11}, many).tpot_ms;
  const double t14 = serve_sglang({.scheduler_recv_interval = 14}, many).tpot_ms;
  REQUIRE(t11 > t14);
  CHECK((t8 - t11) / (t11 - t14) == doctest::Approx(154.0 / 88.0));
  CHECK((t1 - t8) / (t8 - t11) == doctest::Approx(0.025 / (3.0 / 88.0)));
  // Without polling the same holds once more than one prompt arrives a pass: 512 clients of
  // 100-token answers bring 511 / 100 = 5.11 prompts a step, prefilled in one pass whose
  // kernels outlast the host's floor, so the floor no longer shows: the steps cost what they do
  // when piecewise CUDA graphs take the floor away, not 5.11 floors.
  const load crowd{.isl = 100, .osl = 100, .concurrency = 512, .requests_per_client = 0};
  const serve_result eager = serve_sglang({}, crowd);
  const serve_result graphed = serve_sglang({.enable_piecewise_cuda_graph = true}, crowd);
  REQUIRE(eager.fits);
  REQUIRE(eager.running_batch == 512);
  CHECK(eager.tpot_ms == doctest::Approx(graphed.tpot_ms));
}

// DeepSeek-V3 on 8 x H200 (TP 8) under an engine `e`, one client.
serve_result deepseek(const engine& e, std::uint64_t isl) {
  const deployment dep{.engine = as_allocated(e), .parallel = {.tp = 8}};
  return serve(models::deepseek_v3, devices::h200_sxm, dep, {.isl = isl, .osl = 16, .concurrency = 1});
}

TEST_CASE("serve: an eager prefill takes no less than the host's issuing of its kernels") {
  // SGLang PR #12160 logged DeepSeek-V3 (TP 8) prefilling one new token in 82.6 ms eagerly
  // against 23.1 ms from a CUDA graph: a one-token prompt's TTFT under SGLang is at least that.
  const serve_result eager = deepseek(engine{.kind = engine_kind::sglang}, 1);
  REQUIRE(eager.fits);
  CHECK(eager.ttft_ms >= 82.6);
  // Piecewise CUDA graphs lift the floor: the kernels alone, far below it.
  const serve_result graphed = deepseek(engine{.kind = engine_kind::sglang, .sglang = {.enable_piecewise_cuda_graph = true}}, 1);
  CHECK(graphed.ttft_ms < 82.6 - 23.1);
  // A long prompt's kernels outlast the host: the floor no longer binds.
  CHECK(deepseek(engine{.kind = engine_kind::sglang}, 16000).ttft_ms ==
        deepseek(engine{.kind = engine_kind::sglang, .sglang = {.enable_piecewise_cuda_graph = true}}, 16000).ttft_ms);
  // Decode steps replay CUDA graphs either way.
  CHECK(eager.tpot_ms == graphed.tpot_ms);
}

TEST_CASE("serve: vLLM's --enforce-eager puts the floor under every pass, graphs under none by default") {
  const serve_result graphed = deepseek(engine{.kind = engine_kind::vllm}, 1);
  const serve_result eager = deepseek(engine{.kind = engine_kind::vllm, .vllm = {.enforce_eager = true}}, 1);
  REQUIRE(graphed.fits);
  REQUIRE(eager.fits);
  CHECK(graphed.ttft_ms < 82.6 - 23.1);
  CHECK(eager.ttft_ms >= 82.6);
  CHECK(eager.tpot_ms >= 82.6);  // each decode step is a pass of the same kernels
  CHECK(graphed.tpot_ms < eager.tpot_ms);
}
}  // namespace
