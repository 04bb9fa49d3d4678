// SPDX-License-Identifier: MIT
// The serving model's engine rules at run time (serve.hpp, engines/serving_facts.hpp): the run
// a benchmark measures (its first round, then steady state), the scheduler's polling, and the
// host's floor under an eager pass -- each pinned by hand arithmetic or a published figure.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>

#include <headroom/devices.hpp>
#include <headroom/engines/serving_facts.hpp>
#include <headroom/models.hpp>
#include <headroom/sla.hpp>

namespace {
using namespace headroom;

// serve() of Llama-3.1-8B on one `d` under SGLang with knobs `k`.
serve_result serve_sglang_on(const device& d, const sglang_knobs& k, const load& l) {
  const deployment dep{.engine = as_allocated(engine{.kind = engine_kind::sglang, .sglang = k})};
  return serve(models::llama_3_1_8b_instruct, d, dep, l);
}

// The same on one H100 (the shipped tables and facts).
serve_result serve_sglang(const sglang_knobs& k, const load& l) { return serve_sglang_on(devices::h100_sxm, k, l); }

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
  // Polled every 3 passes: (3 - 1) / 2 = 1 decode step more on a steady-state prompt, and the
  // step in flight (half of one) is a step of the polled run; a client alone finds the scheduler
  // idle, polling every pass. 100-token prompts of Llama-3.1-8B on one B200: the eager prefill
  // pass is the host's floor F (a few hundred kernel launches at 80 us), which a prompt's kernels
  // K reach only five together, so a prompt's own pass costs F whoever shares it (but for the
  // 0.1 % of passes that five share: the tolerance).
  const load alone{.isl = 100, .osl = 100, .concurrency = 1, .requests_per_client = 0};
  CHECK(serve_sglang_on(devices::b200, {.scheduler_recv_interval = 3}, alone).ttft_ms ==
        serve_sglang_on(devices::b200, {}, alone).ttft_ms);
  const load many{.isl = 100, .osl = 100, .concurrency = 16, .requests_per_client = 0};
  const serve_result a = serve_sglang_on(devices::b200, {}, many);
  const serve_result b = serve_sglang_on(devices::b200, {.scheduler_recv_interval = 3}, many);
  CHECK(b.ttft_ms - a.ttft_ms == doctest::Approx(b.tpot_ms + (b.tpot_ms - a.tpot_ms) / 2).epsilon(1e-3));
}

TEST_CASE("serve: the prompts one poll gathers share a prefill pass and its host floor") {
  // As above, 16 clients: a step brings 15 / (99 + 1) = 0.15 of the others' prompts. A poll
  // every N passes gathers a Poisson number of them, mean w = 0.15 N, and prefills them in one
  // pass that the floor F bounds (five prompts' kernels reach it; at w <= 0.9 five or more
  // arrive together with probability under 0.25 %: 0.2 % on the ratio below), so a step carries
  //   F x P(at least one) / N = F (1 - e^-w) / N
  // of prefill. TPOT(N) = decode + F g(N), g(N) = (1 - e^(-0.15 N)) / N; eliminating the decode
  // step and F: (TPOT(1) - TPOT(3)) / (TPOT(3) - TPOT(6)) = (g(1) - g(3)) / (g(3) - g(6)).
  const load many{.isl = 100, .osl = 100, .concurrency = 16, .requests_per_client = 0};
  const auto tpot = [&](std::uint64_t n) {
    return serve_sglang_on(devices::b200, {.scheduler_recv_interval = n}, many).tpot_ms;
  };
  const auto g = [](double n) { return (1.0 - std::exp(-0.15 * n)) / n; };
  const double t1 = tpot(1), t3 = tpot(3), t6 = tpot(6);
  REQUIRE(t3 > t6);
  CHECK((t1 - t3) / (t3 - t6) == doctest::Approx((g(1) - g(3)) / (g(3) - g(6))).epsilon(2e-3));
  // Without polling the same holds once several prompts arrive a pass. 512 clients of 100-token
  // answers on one H100 bring 511 / 100 = 5.11 prompts a step, prefilled together: their
  // kernels outlast the floor unless two or fewer arrive (probability 0.116), so the floor adds
  // next to nothing to the steps -- where charged once a prompt it had added 5.11 x (F - K), the
  // excess of one prompt's eager pass over its graphed one (a client alone shows it in TTFT).
  const load crowd{.isl = 100, .osl = 100, .concurrency = 512, .requests_per_client = 0};
  const serve_result eager = serve_sglang_on(devices::h100_sxm, {}, crowd);
  const serve_result graphed = serve_sglang_on(devices::h100_sxm, {.enable_piecewise_cuda_graph = true}, crowd);
  REQUIRE(eager.fits);
  REQUIRE(eager.running_batch == 512);
  const load one{.isl = 100, .osl = 100, .concurrency = 1, .requests_per_client = 0};
  const double floor_excess = serve_sglang_on(devices::h100_sxm, {}, one).ttft_ms -
                              serve_sglang_on(devices::h100_sxm, {.enable_piecewise_cuda_graph = true}, one).ttft_ms;
  REQUIRE(floor_excess > 0);
  CHECK(eager.tpot_ms >= graphed.tpot_ms);
  CHECK(eager.tpot_ms - graphed.tpot_ms < 0.1 * 5.11 * floor_excess);
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
