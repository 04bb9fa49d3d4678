// SPDX-License-Identifier: MIT
// The serving model's engine rules at run time (serve.hpp, engines/serving_facts.hpp): the run
// a benchmark measures (its first round, then steady state), the scheduler's polling, and the
// host's time an eager pass adds -- each pinned by hand arithmetic or a published figure.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

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

// The host's time an eager prefill pass of Llama-3.1-8B's `isl`-token prompt on `d` adds (H), and
// its kernels (K): a client alone, eager against piecewise CUDA graphs (the same kernels, no host
// time), less the front end's share of TTFT.
struct eager_parts {
  double host_ms = 0;
  double kernels_ms = 0;
};
eager_parts eager_parts_on(const device& d, std::uint64_t isl) {
  const load alone{.isl = isl, .osl = 100, .concurrency = 1, .requests_per_client = 0};
  const double eager = serve_sglang_on(d, {}, alone).ttft_ms;
  const double graphed = serve_sglang_on(d, {.enable_piecewise_cuda_graph = true}, alone).ttft_ms;
  return {eager - graphed, graphed - engines::sglang_serving.request_us(isl) / 1e3};
}

// A pass of m of those 100-token prompts under a 1,600-token chunk budget: K alone, K16 for the
// sixteen a full pass holds, linear between, a slope of s = (K16 - K) / 15 a prompt (m prompts
// batched in one pass: the weights read once). Both read off graphed TTFTs, whose front ends
// cancel: one client's, and the first round of sixteen arriving together (one pass holds them).
constexpr sglang_knobs chunk_1600{.chunked_prefill_size = 1600};
double slope_per_prompt(const device& d, sglang_knobs k) {
  k.enable_piecewise_cuda_graph = true;
  const double one = serve_sglang_on(d, k, {.isl = 100, .osl = 100, .concurrency = 1, .requests_per_client = 0}).ttft_ms;
  const double sixteen = serve_sglang_on(d, k, {.isl = 100, .osl = 100, .concurrency = 16, .requests_per_client = 1}).ttft_ms;
  return (sixteen - one) / 15.0;
}

TEST_CASE("serve: SGLang's --scheduler-recv-interval makes a prompt arriving mid-run wait half the gap") {
  // Polled every 3 passes: (3 - 1) / 2 = 1 decode step more on a steady-state prompt, and the
  // step in flight (half of one) is a step of the polled run; a client alone finds the scheduler
  // idle, polling every pass. 100-token prompts of Llama-3.1-8B on one B200, 16 clients: a step
  // brings 15 / (99 + 1) = 0.15 of the others' prompts, a poll every N passes w = 0.15 N of them,
  // and a prompt's own eager pass holds it and the M others of its poll, M Poisson of mean w:
  // E[K + M s] + H = K + w s + H (a pass of at most 16 prompts). A steady-state prompt waits
  // (1/2 + 1 + (N - 1) / 2) steps, the one SGLang's overlap scheduler has planned ahead included:
  // 3/2 TPOT(1) every pass, 5/2 TPOT(3) polled every third. So the polled prompt's TTFT is one
  // step, 3/2 the TPOT difference and (0.45 - 0.15) s longer.
  const load alone{.isl = 100, .osl = 100, .concurrency = 1, .requests_per_client = 0};
  sglang_knobs third = chunk_1600;
  third.scheduler_recv_interval = 3;
  CHECK(serve_sglang_on(devices::b200, third, alone).ttft_ms == serve_sglang_on(devices::b200, chunk_1600, alone).ttft_ms);
  const load many{.isl = 100, .osl = 100, .concurrency = 16, .requests_per_client = 0};
  const serve_result a = serve_sglang_on(devices::b200, chunk_1600, many);
  const serve_result b = serve_sglang_on(devices::b200, third, many);
  const double s = slope_per_prompt(devices::b200, chunk_1600);
  REQUIRE(s > 0);
  CHECK(b.ttft_ms - a.ttft_ms == doctest::Approx(b.tpot_ms + 1.5 * (b.tpot_ms - a.tpot_ms) + (0.45 - 0.15) * s).epsilon(1e-9));
}

TEST_CASE("serve: graphed, a polled prompt's pass holds the others of its poll as an eager one does") {
  // The case above with SGLang's piecewise CUDA graphs: no host time. A poll every N passes
  // gathers M prompts, Poisson of mean w = 0.15 N, prefilled in one pass of K + (M - 1) s when
  // any arrive, so a step carries E[that] / N = ((1 - e^-w) (K - s) + w s) / N: batching more
  // prompts a pass, the polled run's steps carry less. A prompt's own pass holds it and the
  // others of its poll, K + w s; the waits are those of the case above. (Until 2026-12-06 a pass
  // of m prompts cost m K: the TPOT was the same whatever the poll.)
  sglang_knobs every = chunk_1600, third = chunk_1600;
  every.enable_piecewise_cuda_graph = third.enable_piecewise_cuda_graph = true;
  third.scheduler_recv_interval = 3;
  const load many{.isl = 100, .osl = 100, .concurrency = 16, .requests_per_client = 0};
  const serve_result a = serve_sglang_on(devices::b200, every, many);
  const serve_result b = serve_sglang_on(devices::b200, third, many);
  const double s = slope_per_prompt(devices::b200, chunk_1600);
  const load alone{.isl = 100, .osl = 100, .concurrency = 1, .requests_per_client = 0};
  const double k = serve_sglang_on(devices::b200, every, alone).ttft_ms - engines::sglang_serving.request_us(100) / 1e3;
  REQUIRE(s > 0);
  REQUIRE(s < k);
  const auto carried = [&](double n) {
    const double w = 0.15 * n;
    return ((1.0 - std::exp(-w)) * (k - s) + w * s) / n;
  };
  CHECK(a.tpot_ms - b.tpot_ms == doctest::Approx(carried(1) - carried(3)).epsilon(1e-6));
  CHECK(b.ttft_ms - a.ttft_ms == doctest::Approx(b.tpot_ms + 1.5 * (b.tpot_ms - a.tpot_ms) + (0.45 - 0.15) * s).epsilon(1e-9));
}

TEST_CASE("serve: the prompts one poll gathers share a prefill pass and its host time") {
  // As above, 16 clients: a poll every N passes gathers a Poisson number M of the others'
  // prompts, mean w = 0.15 N, and prefills them in one pass of M K + H (100-token prompts: far
  // fewer than the chunk budget holds), so a step carries
  //   (E[M] K + H P(M >= 1)) / N = 0.15 K + H (1 - e^-w) / N
  // of prefill. TPOT(N) = decode + 0.15 K + H g(N), g(N) = (1 - e^(-0.15 N)) / N; eliminating
  // the rest: (TPOT(1) - TPOT(3)) / (TPOT(3) - TPOT(6)) = (g(1) - g(3)) / (g(3) - g(6)).
  const load many{.isl = 100, .osl = 100, .concurrency = 16, .requests_per_client = 0};
  const auto tpot = [&](std::uint64_t n) {
    return serve_sglang_on(devices::b200, {.scheduler_recv_interval = n}, many).tpot_ms;
  };
  const auto g = [](double n) { return (1.0 - std::exp(-0.15 * n)) / n; };
  const double t1 = tpot(1), t3 = tpot(3), t6 = tpot(6);
  REQUIRE(t3 > t6);
  CHECK((t1 - t3) / (t3 - t6) == doctest::Approx((g(1) - g(3)) / (g(3) - g(6))).epsilon(1e-6));
  // Without polling the same holds once several prompts arrive a pass. 512 clients of 100-token
  // answers on one H100 bring 511 / 100 = 5.11 prompts a step, prefilled together: a step pays
  // the host's time H once when any arrive, H (1 - e^-5.11), where charged once a prompt it had
  // paid 5.11 H. Graphed, the same prompts cost their kernels alone.
  const load crowd{.isl = 100, .osl = 100, .concurrency = 512, .requests_per_client = 0};
  const serve_result eager = serve_sglang_on(devices::h100_sxm, {}, crowd);
  const serve_result graphed = serve_sglang_on(devices::h100_sxm, {.enable_piecewise_cuda_graph = true}, crowd);
  REQUIRE(eager.fits);
  REQUIRE(eager.running_batch == 512);
  const eager_parts e = eager_parts_on(devices::h100_sxm, 100);
  REQUIRE(e.host_ms > 0);
  CHECK(eager.tpot_ms - graphed.tpot_ms == doctest::Approx(e.host_ms * (1.0 - std::exp(-5.11))).epsilon(1e-9));
}

// DeepSeek-V3 on 8 x H200 (TP 8) under an engine `e`, one client.
serve_result deepseek(const engine& e, std::uint64_t isl) {
  const deployment dep{.engine = as_allocated(e), .parallel = {.tp = 8}};
  return serve(models::deepseek_v3, devices::h200_sxm, dep, {.isl = isl, .osl = 16, .concurrency = 1});
}

// SGLang PR #12160 logged DeepSeek-V3 prefilling one new token in 82.6406478881836 ms eagerly
// and 23.097753524780273 ms from a CUDA graph: 59.54 ms of the host's time.
constexpr double pr12160_host_ms = 82.6406478881836 - 23.097753524780273;

TEST_CASE("serve: an eager prefill adds the host's issuing of its kernels to them") {
  // A one-token prompt's TTFT under SGLang, eager against piecewise CUDA graphs (the same
  // kernels): the published gap.
  const serve_result eager = deepseek(engine{.kind = engine_kind::sglang}, 1);
  const serve_result graphed = deepseek(engine{.kind = engine_kind::sglang, .sglang = {.enable_piecewise_cuda_graph = true}}, 1);
  REQUIRE(eager.fits);
  CHECK(eager.ttft_ms - graphed.ttft_ms == doctest::Approx(pr12160_host_ms).epsilon(1e-9));
  // A long prompt pays it once a pass, whatever its kernels: 16,000 tokens in chunks of 8,192
  // are two passes.
  const engine long_eager{.kind = engine_kind::sglang, .sglang = {.chunked_prefill_size = 8192}};
  const engine long_graphed{.kind = engine_kind::sglang, .sglang = {.chunked_prefill_size = 8192, .enable_piecewise_cuda_graph = true}};
  CHECK(deepseek(long_eager, 16000).ttft_ms - deepseek(long_graphed, 16000).ttft_ms ==
        doctest::Approx(2 * pr12160_host_ms).epsilon(1e-9));
  // Decode steps replay CUDA graphs either way.
  CHECK(eager.tpot_ms == graphed.tpot_ms);
}

TEST_CASE("serve: a dense model's eager prefill takes the dense model's measured host time") {
  // SGLang PR #13094: piecewise CUDA graphs took Llama-3.1-8B-Instruct-FP8 at TP 8 with
  // 1,024-token prompts from 29.97 to 19.66 ms mean TTFT at one client. headroom's BF16 circuit
  // counts the FP8 checkpoint's launches (its activation quantization rides the GEMMs), so the
  // BF16 model at TP 8 reproduces the published gap whatever the device.
  const auto ttft = [](const device& d, bool graphed) {
    const engine e{.kind = engine_kind::sglang, .sglang = {.enable_piecewise_cuda_graph = graphed}};
    const deployment dep{.engine = as_allocated(e), .parallel = {.tp = 8}};
    return serve(models::llama_3_1_8b_instruct, d, dep, {.isl = 1024, .osl = 16, .concurrency = 1}).ttft_ms;
  };
  for (const device* d : {&devices::h100_sxm, &devices::b200}) {
    CHECK(ttft(*d, false) - ttft(*d, true) == doctest::Approx(29.97 - 19.66).epsilon(1e-9));
  }
  // A MoE model keeps DeepSeek-V3's figure a launch, whatever its attention: Qwen3-30B-A3B's
  // gap (GQA, routed experts) is a whole number of launches at it, and not at the dense one.
  const engine eager{.kind = engine_kind::sglang};
  const engine graphed{.kind = engine_kind::sglang, .sglang = {.enable_piecewise_cuda_graph = true}};
  const load l{.isl = 1024, .osl = 16, .concurrency = 1};
  const double gap_us = (serve(models::qwen3_30b_a3b, devices::h100_sxm, deployment{.engine = as_allocated(eager)}, l).ttft_ms -
                         serve(models::qwen3_30b_a3b, devices::h100_sxm, deployment{.engine = as_allocated(graphed)}, l).ttft_ms) *
                        1e3;
  const double launches = gap_us / engines::host_launch_us;
  CHECK(launches == doctest::Approx(std::round(launches)).epsilon(1e-9));
  CHECK(launches > 48 * 4);  // at least four launches in each of its 48 layers
  const double dense_launches = gap_us / engines::host_launch_dense_us;
  CHECK(std::abs(dense_launches - std::round(dense_launches)) > 1e-3);
}

TEST_CASE("serve: vLLM's --enforce-eager puts the host's time on every pass, graphs on none by default") {
  const serve_result graphed = deepseek(engine{.kind = engine_kind::vllm}, 1);
  const serve_result eager = deepseek(engine{.kind = engine_kind::vllm, .vllm = {.enforce_eager = true}}, 1);
  REQUIRE(graphed.fits);
  REQUIRE(eager.fits);
  // vLLM runs the shared expert apart: SGLang's pass (which fuses it, the one PR #12160 timed)
  // and three launches more in each of DeepSeek-V3's 58 MoE layers (61 less first_k_dense_replace
  // 3): the shared gate_up, its activation and its down; and it rotates q_pe / k_pe in a kernel
  // of its own in each of the 61 layers (SGLang's MLA keeps it inside): each at the host's time a
  // launch.
  const double vllm_host_ms = pr12160_host_ms + (58.0 * 3.0 + 61.0) * engines::host_launch_us / 1e3;
  CHECK(eager.ttft_ms - graphed.ttft_ms == doctest::Approx(vllm_host_ms).epsilon(1e-9));
  // Each decode step is a pass of the same kernels.
  CHECK(eager.tpot_ms - graphed.tpot_ms == doctest::Approx(vllm_host_ms).epsilon(1e-9));
}
TEST_CASE("serve: a vLLM pass above its largest CUDA graph takes the longer of its kernels and the host's issuing") {
  // vLLM's largest capture size is min(2 x max_num_seqs, 512) tokens (or max_num_batched_tokens
  // where smaller): 512 at 1,024 sequences, 256 at 128, on the grid 1, 2, 4, 8..248 by 8, 256..
  // by 16; max_num_batched_tokens below that is itself the largest (vLLM _set_cudagraph_sizes).
  static_assert(detail::vllm_largest_capture_size(1024, 8192) == 512);
  static_assert(detail::vllm_largest_capture_size(128, 8192) == 256);
  static_assert(detail::vllm_largest_capture_size(200, 8192) == 400);   // 256 + 9 x 16
  static_assert(detail::vllm_largest_capture_size(5, 8192) == 8);       // 2 x 5 = 10: the grid's 8
  static_assert(detail::vllm_largest_capture_size(1024, 300) == 300);   // the token budget, off the grid
  // One 300-token prompt of DeepSeek-V3 at one client: graphed under 1,024 sequences (300 <=
  // 512), above the largest graph under 128 (300 > 256). The cap on sequences changes no kernel.
  const auto run = [](const vllm_knobs& k) { return deepseek(engine{.kind = engine_kind::vllm, .vllm = k}, 300); };
  const serve_result graphed = run({.max_num_seqs = 1024});
  const serve_result above = run({.max_num_seqs = 128});
  const serve_result eager = run({.max_num_seqs = 1024, .enforce_eager = true});
  REQUIRE(graphed.fits);
  REQUIRE(above.fits);
  // The pass's kernels K (graphed), the host's issuing H (eager adds it: the launches of
  // --enforce-eager's test above, at PR #12160's time a launch): above the graph the pass takes
  // max(K, H), so it gains H - K where the host is the longer, and what eager adds beyond it is K.
  const double k_ms = graphed.ttft_parts.prefill_ms;
  const double h_ms = pr12160_host_ms + (58.0 * 3.0 + 61.0) * engines::host_launch_us / 1e3;
  CHECK(eager.ttft_ms - graphed.ttft_ms == doctest::Approx(h_ms).epsilon(1e-9));
  CHECK(above.ttft_ms - graphed.ttft_ms == doctest::Approx(std::max(0.0, h_ms - k_ms)).epsilon(1e-9));
  CHECK(eager.ttft_ms - above.ttft_ms == doctest::Approx(std::min(k_ms, h_ms)).epsilon(1e-9));
  // Decode steps of one sequence are graphed under both caps.
  CHECK(above.tpot_ms == graphed.tpot_ms);
}
TEST_CASE("serve: vLLM's graphs under speculation follow its decode steps of 1 + K tokens a sequence") {
  // Drafting K tokens a step, vLLM's ceiling is min(2 x max_num_seqs x (1 + K), 512) and its
  // sizes multiples of 1 + K: at 128 sequences and K = 1, min(512, 512) = 512 (256 without).
  const device_roofline roof = default_roofline(devices::h200_sxm);
  const serving_facts sf = engines::serving_facts_of(engine_kind::vllm);
  const auto limit = [&](std::uint64_t knob, std::uint32_t k) {
    const deployment dep{.engine = as_allocated(engine{.kind = engine_kind::vllm, .vllm = {.max_num_seqs = 128, .num_speculative_tokens = knob}}),
                         .parallel = {.tp = 8},
                         .speculation = {.tokens = k, .acceptance_milli = k == 0 ? 0u : 1500u}};
    const calibration_set cs = shipped_calibration(devices::h200_sxm, dep.engine);
    const serve_setup su = setup_serving(models::deepseek_v3, devices::h200_sxm, roof, dep, {.isl = 300, .osl = 16, .concurrency = 1},
                                         engines::exec_facts_of(dep.engine), cs, sf);
    REQUIRE(su.base.fits);
    return std::pair{su.x.graph_max_tokens, su.x.dep.engine.vllm.num_speculative_tokens};
  };
  CHECK(limit(0, 0) == std::pair<std::uint64_t, std::uint64_t>{256, 0});
  // The deployment's K is vLLM's --num-speculative-tokens, which its memory rule reads too.
  CHECK(limit(0, 1) == std::pair<std::uint64_t, std::uint64_t>{512, 1});
  CHECK(limit(1, 1) == std::pair<std::uint64_t, std::uint64_t>{512, 1});
  // K = 2: the grid up to 512 rounded up to multiples of 3, none past 512: 496 -> 498 the largest.
  CHECK(limit(0, 2).first == 498);
  // A knob that says another K contradicts the deployment.
  CHECK_THROWS_AS(limit(2, 1), error);
}
TEST_CASE("serve: a prompt arriving mid-run waits for the step the engine has planned ahead") {
  // vLLM's async scheduling, SGLang's and TensorRT-LLM's overlap schedulers plan step n + 1 while
  // step n runs: a prompt arriving during step n joins step n + 2, one whole step later than it
  // would without them. Steady state, 16 clients: TTFT longer by exactly one TPOT, the TPOT the
  // same; a client alone finds the engine idle and waits for nothing either way.
  const model& m = models::llama_3_1_8b_instruct;
  const device& d = devices::h100_sxm;
  engine vllm_on{.kind = engine_kind::vllm}, vllm_off = vllm_on;
  vllm_off.vllm.no_async_scheduling = true;
  engine sglang_on{.kind = engine_kind::sglang}, sglang_off = sglang_on;
  sglang_off.sglang.disable_overlap_schedule = true;
  engine trtllm_on{.kind = engine_kind::trtllm}, trtllm_off = trtllm_on;
  trtllm_off.trtllm.disable_overlap_scheduler = true;
  const std::pair<engine, engine> pairs[] = {{vllm_on, vllm_off}, {sglang_on, sglang_off}, {trtllm_on, trtllm_off}};
  for (const auto& pair : pairs) {
    const engine& on = pair.first;  // not a structured binding: clang 14 captures none in INFO
    const engine& off = pair.second;
    INFO(name(on.kind));
    for (const std::uint64_t n : {1u, 16u}) {
      const load l{.isl = 1000, .osl = 100, .concurrency = n, .requests_per_client = 0};
      const serve_result a = serve(m, d, deployment{.engine = as_allocated(on)}, l);
      const serve_result b = serve(m, d, deployment{.engine = as_allocated(off)}, l);
      REQUIRE(a.fits);
      CHECK(a.tpot_ms == b.tpot_ms);
      CHECK(a.ttft_ms - b.ttft_ms == doctest::Approx(n == 1 ? 0.0 : a.tpot_ms).epsilon(1e-9));
    }
  }
}

TEST_CASE("serve: a disaggregated SGLang decode worker admits a request between its steps") {
  // SGLang's decode loop pre-allocates a new request and emits its first token at the top of an
  // iteration, each after the step in flight: half a step each, one step of the decode worker
  // in all, in steady state where it is decoding others; a client alone finds it idle.
  const model& m = models::llama_3_1_70b_instruct;
  const device& d = devices::h100_sxm;
  const engine e = as_allocated(engine{.kind = engine_kind::sglang});
  const deployment dep{.engine = e};
  const disaggregation dis{.prefill_workers = 2, .prefill_tp = 2, .decode_workers = 1, .decode_tp = 4};
  const serving_facts sf = engines::serving_facts_of(engine_kind::sglang);
  serving_facts without = sf;
  without.disagg_admit_steps = 0;
  const calibration_set cs = shipped_calibration(d, e);
  for (const std::uint64_t n : {1u, 32u}) {
    const load l{.isl = 4000, .osl = 400, .concurrency = n, .requests_per_client = 0};
    const serve_result a = serve(m, d, default_roofline(d), dep, l, engines::exec_facts_of(e), cs, sf, dis);
    const serve_result b = serve(m, d, default_roofline(d), dep, l, engines::exec_facts_of(e), cs, without, dis);
    REQUIRE(a.fits);
    INFO(n);
    if (n == 1) {
      CHECK(a.ttft_ms == b.ttft_ms);
      continue;
    }
    // The wait is in each request's cycle too, so the closed loop's rate, and with it the
    // decode batch and the prefill queue, move a little: one decode step within a tenth.
    REQUIRE(a.running_batch > 1);
    CHECK(a.ttft_ms - b.ttft_ms > 0.9 * a.tpot_ms);
    CHECK(a.ttft_ms - b.ttft_ms < 1.1 * a.tpot_ms);
  }
  CHECK(engines::serving_facts_of(engine_kind::trtllm).disagg_admit_steps == 0);
}

TEST_CASE("serve: SGLang's --enable-mixed-chunk runs a prompt's chunk in the decode batch") {
  // Without it a prompt is a prefill batch of its own: 128-token prompts of Llama-3.1-8B on one
  // H100 read the weights again for each pass. Mixed into the running batch a chunk adds its
  // rows to a step whose weights the 63 decoding sequences stream anyway: a cheaper step. A
  // client alone has no batch to join: the same either way.
  const sglang_knobs graphed{.enable_piecewise_cuda_graph = true};
  sglang_knobs mixed = graphed;
  mixed.enable_mixed_chunk = true;
  const load alone{.isl = 128, .osl = 128, .concurrency = 1, .requests_per_client = 0};
  CHECK(serve_sglang(mixed, alone).tpot_ms == serve_sglang(graphed, alone).tpot_ms);
  CHECK(serve_sglang(mixed, alone).ttft_ms == serve_sglang(graphed, alone).ttft_ms);
  const load many{.isl = 128, .osl = 128, .concurrency = 64, .requests_per_client = 0};
  const serve_result apart = serve_sglang(graphed, many);
  const serve_result in_batch = serve_sglang(mixed, many);
  REQUIRE(apart.running_batch == 64);
  CHECK(in_batch.tpot_ms < apart.tpot_ms);
  CHECK(in_batch.ceiling_tpot_ms == apart.ceiling_tpot_ms);
  // And the engine's rule is the knob: vLLM and TensorRT-LLM always mix, SGLang on request.
  CHECK(engines::vllm_serving.prompts_ride_decode_steps(engine{.kind = engine_kind::vllm}));
  CHECK(engines::trtllm_serving.prompts_ride_decode_steps(engine{.kind = engine_kind::trtllm}));
  CHECK_FALSE(engines::sglang_serving.prompts_ride_decode_steps(engine{.kind = engine_kind::sglang}));
  CHECK(engines::sglang_serving.prompts_ride_decode_steps(engine{.kind = engine_kind::sglang, .sglang = mixed}));
}

}  // namespace
