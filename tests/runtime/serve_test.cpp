// SPDX-License-Identifier: MIT
// The serving model at run time over the registry (serve.hpp): the laws it must keep for every
// model and device where the load fits -- the ceiling never above the prediction, TTFT and TPOT
// never falling as clients are added, the wait starting exactly where the running batch stops
// growing, the closed loop's throughput identity -- and the run-time errors of a bad load.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include <headroom/devices.hpp>
#include <headroom/error.hpp>
#include <headroom/engines/calibration.hpp>
#include <headroom/engines/exec_facts.hpp>
#include <headroom/engines/serving_facts.hpp>
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

// The predicted decode step of `b` sequences at the mean context of 2,000-token prompts and
// 200-token answers, under the deployment's engine and the shipped tables.
double decode_us(const model& m, const device& d, const deployment& dep, std::uint64_t b) {
  const device_roofline roof = default_roofline(d);
  const exec_facts& facts = engines::exec_facts_of(dep.engine);
  const step_estimate e = decode_step(m, d, roof, b, 2100, dep.settings, dep.parallel, facts);
  return predict(m, roof.r, e, step_pass::decode, b, b, 2100, dep.parallel, dep.settings.kv,
                 shipped_calibration(d, dep.engine))
      .predicted_us;
}

// Every model on an H100, a B200 and an MI300X under vLLM, SGLang and TensorRT-LLM (its defaults):
// fn(model, device, engine kind, deployment).
template <class Fn>
void each_model_on_three_devices(Fn fn) {
  const device* ds[] = {&devices::h100_sxm, &devices::b200, &devices::mi300x};
  const engine_kind ks[] = {engine_kind::vllm, engine_kind::sglang, engine_kind::trtllm};
  for (const model* m : models::all) {
    for (const device* d : ds) {
      for (const engine_kind k : ks) fn(*m, *d, k, deployment{.engine = as_allocated(engine{.kind = k})});
    }
  }
}

TEST_CASE("serve: laws over every model on five devices under three engines, clients doubling") {
  const device* ds[] = {&devices::h100_sxm, &devices::h200_sxm, &devices::b200, &devices::rtx_4090, &devices::mi300x};
  const engine_kind ks[] = {engine_kind::vllm, engine_kind::sglang, engine_kind::trtllm};
  std::size_t checked = 0;
  for (const model* m : models::all) {
    for (const device* d : ds) {
      for (const engine_kind k : ks) {
        const deployment dep{.engine = as_allocated(engine{.kind = k})};
        serve_result prev{};
        for (std::uint64_t n = 1; n <= 512; n *= 2) {
          const serve_result r = serve(*m, *d, dep, {.isl = 2000, .osl = 200, .concurrency = n});
          if (!r.fits) break;
          ++checked;
          INFO(m->id, " on ", d->id, " under ", name(k), " at ", n, " clients");
          CHECK(r.ceiling_tpot_ms <= r.tpot_ms);
          CHECK(r.ceiling_ttft_ms <= r.ttft_ms);
          CHECK(r.running_batch <= n);
          CHECK(r.running_batch <= r.batch_pool_seqs);
          CHECK(r.pool_seqs <= r.batch_pool_seqs);
          if (k == engine_kind::trtllm) CHECK(r.batch_pool_seqs == r.pool_seqs);
          // The wait starts where the running batch stops growing with the clients.
          CHECK((r.wait_ms > 0) == (r.running_batch < n));
          CHECK(close(r.e2e_ms, r.ttft_ms + 199 * r.tpot_ms));
          CHECK(close(r.tokens_per_s, static_cast<double>(n) * 200 / (r.cycle_ms / 1e3)));
          CHECK(r.e2e_ms <= r.cycle_ms * (1 + 1e-12));
          if (n > 1) {
            CHECK(r.ttft_ms >= prev.ttft_ms);
            // TPOT grows with the clients wherever the decode step itself does: the prompts a
            // step carries only add to it. (A calibration grid's ratio can fall faster than the
            // ceiling grows between two token counts, so a step of more sequences can read
            // faster: Mistral-Small-4's per-tensor FP8 MoE on an H200 under vLLM, 128 -> 256.)
            if (!has_latent_attention(*m) && decode_us(*m, *d, dep, r.running_batch) >= decode_us(*m, *d, dep, prev.running_batch)) {
              CHECK(r.tpot_ms >= prev.tpot_ms);
            }
          }
          prev = r;
        }
      }
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("serve: TTFT never falls as the prompt grows") {
  // A longer prompt is more prefill work, more KV to hold and, where the pool is the limit, a
  // longer queue: every model on three devices under three engines, at 1, 8 and 64 clients, from
  // 128- to 8,192-token prompts (while the load fits). TPOT is not held to the same law: at one
  // client a decode attention grid's interpolation can read a longer context a little faster
  // (docs/serving.md, "TPOT at one client is not monotone in the prompt").
  std::size_t checked = 0;
  each_model_on_three_devices([&](const model& m, const device& d, engine_kind k, const deployment& dep) {
    if (!engines::runs_on(k, d.vendor)) return;
    for (const std::uint64_t n : {1u, 8u, 64u}) {
      double prev = 0;
      for (const std::uint64_t isl : {128u, 512u, 2048u, 8192u}) {
        const serve_result r = serve(m, d, dep, {.isl = isl, .osl = 128, .concurrency = n});
        if (!r.fits) break;
        ++checked;
        INFO(m.id, " on ", d.id, " under ", name(k), " at ", n, " clients, ", isl, "-token prompts");
        CHECK(r.ttft_ms >= prev);
        prev = r.ttft_ms;
      }
    }
  });
  CHECK(checked > 1000);
}

TEST_CASE("serve: a cached prefix takes work off the prefill, not memory off the pool") {
  // Of 4,096-token prompts, the first 0, 1,024 or 3,072 tokens in the engine's prefix cache:
  // every model on three devices under three engines, at 1 and 16 clients. Each sequence holds its
  // whole KV (load::prefix) and decodes at the same context, so the pool, the running batch and the
  // decode step's ceiling stay; the prefill computes fewer tokens, so the first token's ceiling and
  // its prediction fall as the prefix grows.
  std::size_t checked = 0;
  each_model_on_three_devices([&](const model& m, const device& d, engine_kind k, const deployment& dep) {
    if (!engines::runs_on(k, d.vendor)) return;
    for (const std::uint64_t n : {1u, 16u}) {
      const serve_result none = serve(m, d, dep, {.isl = 4096, .osl = 256, .concurrency = n});
      if (!none.fits) continue;
      serve_result prev = none;
      for (const std::uint64_t prefix : {1024u, 3072u}) {
        const serve_result r = serve(m, d, dep, {.isl = 4096, .osl = 256, .concurrency = n, .prefix = prefix});
        ++checked;
        INFO(m.id, " on ", d.id, " under ", name(k), " at ", n, " clients, ", prefix, " tokens cached");
        REQUIRE(r.fits);
        CHECK(r.pool_seqs == none.pool_seqs);
        CHECK(r.batch_pool_seqs == none.batch_pool_seqs);
        CHECK(r.running_batch == none.running_batch);
        CHECK(r.ceiling_tpot_ms == none.ceiling_tpot_ms);
        CHECK(r.ceiling_ttft_ms < prev.ceiling_ttft_ms);
        CHECK(r.ttft_ms <= prev.ttft_ms);
        CHECK(r.ceiling_ttft_ms <= r.ttft_ms);
        CHECK(r.ceiling_tpot_ms <= r.tpot_ms);
        prev = r;
      }
    }
  });
  CHECK(checked > 500);
}

TEST_CASE("serve: a cached prefix is shorter than the prompt, and needs the engine's prefix cache") {
  const model& m = models::llama_3_1_8b_instruct;
  // At least one new token to prefill.
  CHECK_THROWS_AS(serve(m, devices::h100_sxm, {}, {.isl = 1000, .osl = 100, .concurrency = 1, .prefix = 1000}), headroom::error);
  CHECK(serve(m, devices::h100_sxm, {}, {.isl = 1000, .osl = 100, .concurrency = 1, .prefix = 999}).fits);
  // SGLang without its radix cache holds no prefix to find.
  deployment off{.engine = as_allocated(engine{.kind = engine_kind::sglang})};
  off.engine.sglang.disable_radix_cache = true;
  CHECK_THROWS_AS(serve(m, devices::h100_sxm, off, {.isl = 1000, .osl = 100, .concurrency = 1, .prefix = 500}), headroom::error);
  CHECK(serve(m, devices::h100_sxm, off, {.isl = 1000, .osl = 100, .concurrency = 1}).fits);
}

TEST_CASE("serve: a million output tokens' price is the GPUs' price an hour over the tokens of an hour") {
  // 1,000 tokens a second a GPU are 3,600,000 an hour: at $3.60 a GPU-hour a million cost $1.00,
  // at $2.40 $0.666...; a run that emits none has no price (0).
  serve_result r{};
  r.tokens_per_s_per_gpu = 1000;
  CHECK(close(usd_per_million_tokens(r, 3.6), 1.0));
  CHECK(close(usd_per_million_tokens(r, 2.4), 2.4 / 3.6));
  r.tokens_per_s_per_gpu = 0;
  CHECK(usd_per_million_tokens(r, 3.6) == 0);
}

TEST_CASE("serve: a prefix every request shares is held once, so the pool holds more") {
  // Every model on three devices under three engines: sharing a 2,048-token prefix of 3,072-token
  // prompts never holds fewer sequences than each holding its own, and more wherever the pool, not
  // the scheduler's cap, bounds them and the prefix spans a whole block.
  std::size_t more = 0, checked = 0;
  each_model_on_three_devices([&](const model& m, const device& d, engine_kind k, const deployment& dep) {
    if (!engines::runs_on(k, d.vendor)) return;
    const serve_result own = serve(m, d, dep, {.isl = 3072, .osl = 1024, .concurrency = 8, .prefix = 2048});
    const serve_result shared =
        serve(m, d, dep, {.isl = 3072, .osl = 1024, .concurrency = 8, .prefix = 2048, .prefix_shared = true});
    INFO(m.id, " on ", d.id, " under ", name(k));
    CHECK(shared.fits == own.fits);
    if (!own.fits) return;
    ++checked;
    CHECK(shared.pool_seqs >= own.pool_seqs);
    CHECK(shared.batch_pool_seqs >= own.batch_pool_seqs);
    if (shared.pool_seqs > own.pool_seqs) ++more;
  });
  CHECK(checked > 100);
  CHECK(more > checked / 2);
}

TEST_CASE("serve: the same laws under plans whose ranks schedule their own sequences") {
  // Data parallel and DP attention deal the sequences out over the ranks, a prompt whole: a
  // pass that carries a prompt beside decoding sequences is its rank's prompt and decoding
  // rows, never half of it. Until 2026-12-07 such a pass's rows were split evenly over the
  // ranks: on two of vLLM's data-parallel ranks Llama-3.1-70B's steady TTFT at 4 clients read
  // 108 ms against 144 ms for the prompt alone at one, and under TensorRT-LLM's attention DP
  // over 8 ranks Qwen3-32B's TTFT at 4 clients fell below its ceiling.
  const device* ds[] = {&devices::h100_sxm, &devices::b200};
  struct plan_case {
    engine_kind k;
    parallel p;
  };
  // (And, as a guard, expert parallelism and pipeline stages, whose sequences are not dealt out.)
  const plan_case plans[] = {{engine_kind::vllm, {.tp = 4, .dp = 2}},
                             {engine_kind::sglang, {.tp = 4, .dp = 2}},
                             {engine_kind::sglang, {.tp = 8, .dp_attention = true}},
                             {engine_kind::trtllm, {.tp = 8, .dp_attention = true}},
                             {engine_kind::vllm, {.tp = 8, .ep = 8}},
                             {engine_kind::trtllm, {.tp = 4, .pp = 2}}};
  std::size_t checked = 0;
  for (const model* m : models::all) {
    for (const device* d : ds) {
      for (const plan_case& pc : plans) {
        if (plan_violation(*m, pc.p) != plan_rule::ok) continue;
        const deployment dep{.engine = as_allocated(engine{.kind = pc.k}), .parallel = pc.p};
        serve_result prev{};
        for (std::uint64_t n = 1; n <= 256; n *= 4) {
          const serve_result r = serve(*m, *d, dep, {.isl = 2000, .osl = 500, .concurrency = n});
          if (!r.fits) break;
          ++checked;
          INFO(m->id, " on ", d->id, " under ", name(pc.k), " tp ", pc.p.tp, " dp ", pc.p.dp, " dp attention ",
               pc.p.dp_attention, " at ", n, " clients");
          CHECK(r.ceiling_tpot_ms <= r.tpot_ms);
          CHECK(r.ceiling_ttft_ms <= r.ttft_ms);
          if (n > 1) {
            CHECK(r.ttft_ms >= prev.ttft_ms);
            CHECK(r.ttft_steady_ms >= prev.ttft_steady_ms * (1 - 1e-12));
          }
          prev = r;
        }
      }
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("serve: vLLM and SGLang run sequences at their mean context; TensorRT-LLM reserves whole requests") {
  // 1,000-token prompts for 30,000-token answers: a request's whole length is 31,000 tokens, its
  // mean context over a closed loop 1,000 + 30,000 / 2 = 16,000. An engine that allocates KV as
  // tokens come (vLLM, SGLang) fills its pool with sequences at 16,000 tokens, about
  // 31,000 / 16,000 = 1.94x as many as whole requests; one that reserves the whole request at
  // admission (TensorRT-LLM's GUARANTEED_NO_EVICT) runs the whole requests' number.
  const model& m = models::llama_3_1_8b_instruct;
  const device& d = devices::h100_sxm;
  const load l{.isl = 1000, .osl = 30000, .concurrency = 512};
  for (const engine_kind k : {engine_kind::vllm, engine_kind::sglang, engine_kind::trtllm}) {
    INFO(name(k));
    const deployment dep{.engine = as_allocated(engine{.kind = k})};
    const serve_result r = serve(m, d, dep, l);
    REQUIRE(r.fits);
    const engine_memory em = engine_memory_of(m, d, dep.settings, dep.engine, parallel{}, 1, 31000);
    CHECK(r.pool_seqs == max_seqs_at(em, 31000));
    if (k == engine_kind::trtllm) {
      CHECK(r.batch_pool_seqs == r.pool_seqs);
    } else {
      CHECK(r.batch_pool_seqs == max_seqs_at(em, 16000));
      CHECK(static_cast<double>(r.batch_pool_seqs) > 1.8 * static_cast<double>(r.pool_seqs));
    }
    // Neither pool holds 512 here: the batch is the pool's, and the rest wait.
    CHECK(r.running_batch == r.batch_pool_seqs);
    CHECK(r.wait_ms > 0);
  }
}

TEST_CASE("serve: a footprint memo shared over devices, engines and plans changes no answer") {
  // One memo for a whole search, as `headroom sla` keeps it: every setup and every answer the
  // same, bit for bit, as without it, and the memo asked more often than it works footprints out.
  const model& m = models::deepseek_v3;
  footprint_memo memo;
  std::uint64_t setups = 0;
  for (const device* d : {&devices::h100_sxm, &devices::h200_sxm, &devices::b200, &devices::mi300x}) {
    const device_roofline roof = default_roofline(*d);
    for (const engine_kind k : {engine_kind::vllm, engine_kind::sglang, engine_kind::trtllm}) {
      if (!engines::runs_on(k, d->vendor)) continue;
      const engine e = as_allocated(engine{.kind = k});
      settings s{};
      s.kv = kv_dtype::fp8;
      const calibration_set cs = shipped_calibration(*d, e);
      const serving_facts& sf = engines::serving_facts_of(k);
      const parallel tp8{.tp = 8}, dep8{.tp = 8, .ep = 8, .dp_attention = true};
      for (const parallel& p : {tp8, dep8}) {
        for (const disaggregation& dis : {disaggregation{}, disaggregation{1, 8, 1, 8}}) {
          const deployment dep{1, 3000, s, e, p};
          const load l{2000, 1000, 1};
          const serve_setup a = setup_serving(m, *d, roof, dep, l, engines::exec_facts_of(e), cs, sf, dis);
          const serve_setup b = setup_serving(m, *d, roof, dep, l, engines::exec_facts_of(e), cs, sf, dis, &memo);
          ++setups;
          CHECK(a.base.fits == b.base.fits);
          CHECK(a.base.pool_seqs == b.base.pool_seqs);
          CHECK(a.base.batch_pool_seqs == b.base.batch_pool_seqs);
          CHECK(a.transfer_us == b.transfer_us);
          if (!a.base.fits) continue;
          for (const std::uint64_t n : {1u, 64u}) {
            const serve_result x = serve_at(a, n), y = serve_at(b, n);
            CHECK(x.ttft_ms == y.ttft_ms);
            CHECK(x.tpot_ms == y.tpot_ms);
            CHECK(x.running_batch == y.running_batch);
          }
        }
      }
    }
  }
  CHECK(memo.asked > memo.n);
  CHECK(memo.n < setups);
}

TEST_CASE("serve: a ladder's answers are serve_at's, in any order of counts") {
  // serve_ladder keeps the decode steps one answer works out for the next (a disaggregated
  // answer's rounds land on batches an earlier count's did): every answer the same, bit for bit,
  // as serve_at's on the setup alone, the counts asked rising, falling and again.
  const model& m = models::qwen3_32b;
  const device& d = devices::h200_sxm;
  const device_roofline roof = default_roofline(d);
  for (const engine_kind k : {engine_kind::vllm, engine_kind::sglang, engine_kind::trtllm}) {
    const engine e = as_allocated(engine{.kind = k});
    const calibration_set cs = shipped_calibration(d, e);
    const serving_facts& sf = engines::serving_facts_of(k);
    for (const disaggregation& dis : {disaggregation{}, disaggregation{1, 2, 1, 2}, disaggregation{2, 1, 1, 4}}) {
      const deployment dep{1, 2200, {}, e, parallel{.tp = 2}};
      const serve_setup su = setup_serving(m, d, roof, dep, load{2000, 200, 1}, engines::exec_facts_of(e), cs, sf, dis);
      REQUIRE(su.base.fits);
      serve_ladder ladder(su);
      for (const std::uint64_t n : {1u, 2u, 4u, 8u, 16u, 32u, 64u, 128u, 256u, 512u, 96u, 48u, 3u, 64u, 200u}) {
        const serve_result x = serve_at(su, n), y = ladder.at(n);
        CHECK(x.running_batch == y.running_batch);
        CHECK(x.ttft_ms == y.ttft_ms);
        CHECK(x.tpot_ms == y.tpot_ms);
        CHECK(x.wait_ms == y.wait_ms);
        CHECK(x.cycle_ms == y.cycle_ms);
        CHECK(x.tokens_per_s == y.tokens_per_s);
        CHECK(x.calibration == y.calibration);
      }
    }
  }
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

TEST_CASE("serve: a disaggregated run's first round queues at the prefill workers") {
  // vLLM's budget on an H100 is 8,192 tokens a step: two 4,000-token prompts a prefill pass. In a
  // run of one request per client every prompt arrives at once: of 2 clients both have their
  // first token after one pass (T), of 4 half after one and half after two (1.5 T), of 6 after
  // one, two and three (2 T). Each two clients more add half a pass to the mean.
  const auto first = [](std::uint64_t clients) {
    return serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                 {.isl = 4000, .osl = 100, .concurrency = clients, .requests_per_client = 1}, disaggregation{1, 1, 4, 1})
        .ttft_ms;
  };
  const double t2 = first(2), t4 = first(4), t6 = first(6);
  CHECK(t4 > t2);
  CHECK(close(t6 - t4, t4 - t2));
  // The steady state alone (no first round) is what ttft_steady_ms reports either way.
  const load steady{.isl = 4000, .osl = 100, .concurrency = 6, .requests_per_client = 0};
  const serve_result s = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, steady, disaggregation{1, 1, 4, 1});
  CHECK(s.ttft_ms == s.ttft_steady_ms);
  CHECK(s.ttft_steady_ms < t6);
}

TEST_CASE("serve: disaggregated decode workers hold what the rate brings them (Little's law)") {
  // One prefill worker for four decode workers and 256 clients of 4,000-token prompts: the
  // prefill side sets the rate, and each decode worker holds rate x (OSL - 1) x TPOT / 4 of the
  // sequences, rounded up -- far fewer than its share of the clients, 64.
  const serve_result r = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                               {.isl = 4000, .osl = 100, .concurrency = 256}, disaggregation{1, 1, 4, 1});
  REQUIRE(r.fits);
  CHECK(r.wait_ms > 0);
  const double rate_per_ms = 256.0 / r.cycle_ms;
  const double held = rate_per_ms * 99.0 * r.tpot_ms / 4.0;
  CHECK(r.running_batch < 64);
  CHECK(static_cast<double>(r.running_batch) >= held - 1e-6);
  CHECK(static_cast<double>(r.running_batch) < held + 1.0 + 1e-6);
}

TEST_CASE("serve: an open loop's capacity is the closed loop's saturated rate; its times grow with the rate") {
  // The capacity is what a closed loop of more clients than the deployment holds serves: the
  // same largest batch (aggregated) or the same slowest side (disaggregated), so the closed
  // loop's tokens/s at 100,000 clients is capacity x OSL, less the front end's share of a cycle
  // (under 10^-3 of it here).
  struct one_case {
    const model* m;
    std::uint64_t isl, osl;
    disaggregation dis;
  };
  const one_case cases[] = {{&models::llama_3_1_8b_instruct, 1000, 100, {}},
                            {&models::qwen3_30b_a3b, 2000, 200, {}},
                            {&models::llama_3_1_8b_instruct, 4000, 100, disaggregation{1, 1, 4, 1}},
                            {&models::llama_3_1_70b_instruct, 4000, 400, disaggregation{2, 2, 1, 4}}};
  for (const one_case& c : cases) {
    INFO(c.m->id, " disaggregated ", c.dis.on());
    const serve_result flood = serve(*c.m, devices::h100_sxm, {}, {.isl = c.isl, .osl = c.osl, .request_rate = 1e6}, c.dis);
    const serve_result closed = serve(*c.m, devices::h100_sxm, {},
                                      {.isl = c.isl, .osl = c.osl, .concurrency = 100'000, .requests_per_client = 0}, c.dis);
    REQUIRE(flood.fits);
    CHECK(flood.saturated);
    CHECK(std::isinf(flood.ttft_ms));
    CHECK(std::abs(closed.tokens_per_s / (flood.capacity_rps * static_cast<double>(c.osl)) - 1.0) < 1e-3);
    // Below the capacity: the batch, TTFT and TPOT never fall as the rate grows, and the served
    // tokens a second are the rate's.
    serve_result prev{};
    for (const double share : {0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99}) {
      const double rate = share * flood.capacity_rps;
      const serve_result r = serve(*c.m, devices::h100_sxm, {}, {.isl = c.isl, .osl = c.osl, .request_rate = rate}, c.dis);
      INFO("rate ", rate);
      REQUIRE(!r.saturated);
      CHECK(close(r.tokens_per_s, rate * static_cast<double>(c.osl)));
      CHECK(r.running_batch <= r.slots);
      CHECK(r.ceiling_tpot_ms <= r.tpot_ms);
      if (prev.fits) {
        CHECK(r.running_batch >= prev.running_batch);
        CHECK(r.tpot_ms >= prev.tpot_ms * (1 - 1e-12));
        CHECK(r.ttft_ms >= prev.ttft_ms * (1 - 1e-12));
      }
      prev = r;
    }
  }
  CHECK_THROWS_AS(serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, {.isl = 10, .osl = 10, .request_rate = -1}),
                  headroom::error);
}

TEST_CASE("serve: the batch an open loop keeps is the smallest whose rate x S(B) <= B, found by a scan too") {
  // The safeguarded secant (detail::batch_kept) against a scan of every B from 1, on dense, MoE
  // and disaggregated setups at rates from a trickle to just under the capacity.
  struct one_case {
    const model* m;
    const device* d;
    engine_kind e;
    disaggregation dis;
  };
  const one_case cases[] = {{&models::llama_3_1_8b_instruct, &devices::h100_sxm, engine_kind::vllm, {}},
                            {&models::qwen3_30b_a3b, &devices::b200, engine_kind::sglang, {}},
                            {&models::gpt_oss_120b, &devices::h200_sxm, engine_kind::trtllm, {}},
                            {&models::llama_3_1_8b_instruct, &devices::h100_sxm, engine_kind::vllm, disaggregation{1, 1, 2, 1}}};
  for (const one_case& c : cases) {
    const engine e = as_allocated(engine{.kind = c.e});
    const deployment dep{1, 2200, {}, e, {}};
    const device_roofline roof = default_roofline(*c.d);  // the setup points at it
    const calibration_set cs = shipped_calibration(*c.d, e);
    const serve_setup su = setup_serving(*c.m, *c.d, roof, dep, {.isl = 2000, .osl = 200},
                                         engines::exec_facts_of(e), cs, engines::serving_facts_of(c.e), c.dis);
    REQUIRE(su.base.fits);
    const detail::rate_setup rs = detail::setup_rate(su);
    for (const double share : {0.001, 0.05, 0.2, 0.5, 0.8, 0.95, 0.999}) {
      const double rate = share * rs.capacity_per_us * 1e6;
      INFO(c.m->id, " ", c.d->id, " rate ", rate);
      const double lambda_i = rate / 1e6 / rs.instances;
      std::uint64_t scan = 1;
      while (scan < rs.b_max && lambda_i * detail::rate_times_at(su, scan).service_us > static_cast<double>(scan)) ++scan;
      const detail::kept_batch k = detail::batch_kept(su, rs, rate, rs.b_max, rs.full);
      CHECK(k.b == scan);
      CHECK(k.t.service_us == detail::rate_times_at(su, k.b).service_us);
    }
  }
}

TEST_CASE("serve: a disaggregated side's EP and DP attention shape its ranks") {
  // Qwen3-235B-A22B: 94 layers x 4 KV heads x 128 x (K and V) x 2 bytes = 192,512 bytes a token
  // (config.json: num_hidden_layers 94, num_key_value_heads 4, head_dim 128). A TP 4 prefill rank
  // holds one KV head: 48,128 bytes a token, 4,000 tokens = 192,512,000 bytes over the HGX
  // board's 50 GB/s a GPU = 3,850.24 us, plus a 2 us hop. Under DP attention the rank runs the
  // whole prompt's attention and holds all four heads: 770,048,000 bytes, 15,400.96 us + 2 us.
  const model& m = models::qwen3_235b_a22b_fp8;
  const load l{.isl = 4000, .osl = 400, .concurrency = 64};
  const serve_result tp = serve(m, devices::h200_sxm, {}, l, disaggregation{1, 4, 2, 4});
  const serve_result dpa = serve(m, devices::h200_sxm, {}, l,
                                 disaggregation{.prefill_workers = 1, .prefill_tp = 4, .decode_workers = 2, .decode_tp = 4,
                                                .prefill_ep = 4, .prefill_dp_attention = true, .decode_ep = 4,
                                                .decode_dp_attention = true});
  REQUIRE(tp.fits);
  REQUIRE(dpa.fits);
  CHECK(close(tp.transfer_ms, 3.85224));
  CHECK(close(dpa.transfer_ms, 15.40296));
  CHECK(dpa.gpus == 1 * 4 + 2 * 4);
  // 64 clients over two decode workers: at most 32 each (8 on each DP-attention rank); the
  // ones in the prefill and its queue are not among them.
  CHECK(tp.running_batch <= 32);
  CHECK(dpa.running_batch <= 32);
  // The old spelling {P, Tp, D, Td} is the plain TP plan on both sides.
  CHECK(disaggregation{1, 4, 2, 4}.decode_plan() == parallel{.tp = 4});
  CHECK(disaggregation{1, 4, 2, 4}.prefill_plan() == parallel{.tp = 4});
  // The prefill workers' own budget: vLLM's on an H100 is 8,192 tokens a step (max_num_batched_tokens
  // at max_num_seqs 1024, vllm/engine/arg_utils.py), so naming it changes nothing; a budget of
  // 4,000 tokens holds one 4,000-token prompt a pass instead of two, which moves the TTFT.
  const serve_result dflt = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, l, disaggregation{1, 1, 1, 1});
  const serve_result named = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, l,
                                   disaggregation{.prefill_workers = 1, .prefill_tp = 1, .decode_workers = 1,
                                                  .decode_tp = 1, .prefill_batch_tokens = 8192});
  const serve_result one = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, l,
                                 disaggregation{.prefill_workers = 1, .prefill_tp = 1, .decode_workers = 1,
                                                .decode_tp = 1, .prefill_batch_tokens = 4000});
  CHECK(named.ttft_ms == dflt.ttft_ms);
  CHECK(one.ttft_ms != dflt.ttft_ms);
  // A side's plan obeys the plan rules: EP 3 does not divide TP 4.
  CHECK_THROWS_AS(serve(m, devices::h200_sxm, {}, l, disaggregation{.prefill_workers = 1, .prefill_tp = 4, .decode_workers = 1,
                                                                    .decode_tp = 4, .decode_ep = 3}),
                  headroom::error);
}

// serve() with the shipped tables and facts of `k`, but fixed costs `sf`.
serve_result serve_with(const serving_facts& sf, const load& l, engine_kind k = engine_kind::vllm) {
  const model& m = models::llama_3_1_8b_instruct;
  const device& d = devices::h100_sxm;
  const deployment dep{.engine = as_allocated(engine{.kind = k})};
  return serve(m, d, default_roofline(d), dep, l, engines::exec_facts_of(dep.engine), shipped_calibration(d, dep.engine),
               sf);
}

TEST_CASE("serve: the first round's queue drains, the k-th B of N prompts arriving together waiting k services") {
  // With no front end, a client's cycle is N / B services, the slots full the whole run. At
  // N = 3B the first round's prompts wait 0, 1 and 2 services by thirds, 1 on average; later
  // requests join a queue of N - B and wait N / B - 1 = 2. At N = 3B + 1 the last prompt waits
  // 3: (B x 3 x 2 / 2 + 1 x 3) / (3B + 1).
  const load probe{.isl = 1000, .osl = 30000, .concurrency = 4096};
  const std::uint64_t b = serve_with(no_serving_facts, probe).running_batch;
  REQUIRE(b > 1);
  REQUIRE(b < 4096);
  const auto services = [&](std::uint64_t n, std::uint64_t r) {
    const serve_result x = serve_with(no_serving_facts, load{.isl = 1000, .osl = 30000, .concurrency = n, .requests_per_client = r});
    REQUIRE(x.running_batch == b);
    return x.wait_ms / (x.cycle_ms / (static_cast<double>(n) / static_cast<double>(b)));
  };
  CHECK(services(3 * b, 1) == doctest::Approx(1.0));
  CHECK(services(3 * b, 0) == doctest::Approx(2.0));                       // steady: N / B - 1
  CHECK(services(3 * b, 10) == doctest::Approx((1.0 + 9 * 2.0) / 10.0));   // the run's mean
  const double n1 = static_cast<double>(3 * b + 1);
  CHECK(services(3 * b + 1, 1) == doctest::Approx((static_cast<double>(b) * 3.0 + 3.0) / n1));
  // No queue, no wait: B clients or fewer.
  CHECK(serve_with(no_serving_facts, load{.isl = 1000, .osl = 30000, .concurrency = b, .requests_per_client = 1}).wait_ms == 0);
}

TEST_CASE("serve: the token budget bounds the running batch where answers are short") {
  // vLLM's budget on an H100, 8,192 tokens a step (max_num_batched_tokens, >= 70 GiB): 128-token
  // prompts for 4-token answers, one chunk each. A slot starts a prompt every 4 - 1 + 1 = 4
  // steps, so B sequences bring (B - 1) / 4 prompts of 128 tokens a step; the budget holds 64
  // of them: B <= 8,192 x 4 / 128 + 1 = 257. A thousand clients queue behind those 257, where
  // the pool (sequences of 130 tokens) and the cap (1,024) would run all of them.
  const load l{.isl = 128, .osl = 4, .concurrency = 1000, .requests_per_client = 1};
  const serve_result r = serve_with(engines::vllm_serving, l);
  REQUIRE(r.fits);
  CHECK(r.budget_seqs == 8192 * 4 / 128 + 1);
  CHECK(r.batch_pool_seqs > 1000);
  CHECK(r.running_batch == 257);
  CHECK(r.wait_ms > 0);
  // Hundreds of answer tokens: the budget is far from binding (8,192 x 200 / 1,000 + 1 = 1,639).
  const serve_result usual = serve_with(engines::vllm_serving, load{.isl = 1000, .osl = 200, .concurrency = 64});
  CHECK(usual.budget_seqs == 8192 * 200 / 1000 + 1);
  CHECK(usual.running_batch == 64);
}

TEST_CASE("serve: an engine's data-parallel replicas each serve their share of the clients") {
  // SGLang's --dp-size without DP attention and TensorRT-LLM run dp copies of the plan, each with
  // its own scheduler and KV pool: 2N clients on two copies of TP 4 are N on each, so every time
  // and the running batch (an instance's) are one copy's at N, and the tokens a second twice
  // theirs (a GPU's the same). Until 2026-12-07 the 2N clients queued for one copy's batch.
  const model& m = models::llama_3_1_70b_instruct;
  for (const engine_kind k : {engine_kind::sglang, engine_kind::trtllm}) {
    INFO(name(k));
    const deployment one{.engine = as_allocated(engine{.kind = k}), .parallel = {.tp = 4}};
    const deployment two{.engine = one.engine, .parallel = {.tp = 4, .dp = 2}};
    for (const std::uint64_t n : {1u, 32u, 512u}) {
      INFO("clients ", n);
      const serve_result a = serve(m, devices::h100_sxm, one, {.isl = 1000, .osl = 1000, .concurrency = n});
      const serve_result b = serve(m, devices::h100_sxm, two, {.isl = 1000, .osl = 1000, .concurrency = 2 * n});
      REQUIRE(a.fits);
      REQUIRE(b.fits);
      CHECK(b.gpus == 2 * a.gpus);
      CHECK(b.running_batch == a.running_batch);
      CHECK(close(b.ttft_ms, a.ttft_ms));
      CHECK(close(b.tpot_ms, a.tpot_ms));
      CHECK(close(b.wait_ms, a.wait_ms));
      CHECK(close(b.tokens_per_s, 2 * a.tokens_per_s));
      CHECK(close(b.tokens_per_s_per_gpu, a.tokens_per_s_per_gpu));
    }
    // An open loop: twice the capacity, and at twice the rate each copy's answer.
    const serve_result fa = serve(m, devices::h100_sxm, one, {.isl = 1000, .osl = 1000, .request_rate = 1e6});
    const serve_result fb = serve(m, devices::h100_sxm, two, {.isl = 1000, .osl = 1000, .request_rate = 1e6});
    CHECK(close(fb.capacity_rps, 2 * fa.capacity_rps));
    const double rate = 0.5 * fa.capacity_rps;
    const serve_result ra = serve(m, devices::h100_sxm, one, {.isl = 1000, .osl = 1000, .request_rate = rate});
    const serve_result rb = serve(m, devices::h100_sxm, two, {.isl = 1000, .osl = 1000, .request_rate = 2 * rate});
    CHECK(rb.running_batch == ra.running_batch);
    CHECK(close(rb.ttft_ms, ra.ttft_ms));
    CHECK(close(rb.tpot_ms, ra.tpot_ms));
  }
}

TEST_CASE("serve: vLLM's data-parallel ranks run one batch over all of them, each rank its own pool and budget") {
  // vLLM's ranks share their MoE layers and run as one instance: its batch spans them, each rank
  // scheduling its share. The token budget's bound is a rank's (8,192 x 4 / 128 + 1 = 257 for
  // 128-token prompts and 4-token answers, as in the test above): two ranks run 514 sequences of
  // a thousand clients where one runs 257, and 128 clients wait for none (64 a rank).
  const model& m = models::llama_3_1_8b_instruct;
  const deployment one{.engine = as_allocated(engine{.kind = engine_kind::vllm})};
  const deployment two{.engine = one.engine, .parallel = {.dp = 2}};
  const load l{.isl = 128, .osl = 4, .concurrency = 1000, .requests_per_client = 1};
  const serve_result a = serve(m, devices::h100_sxm, one, l);
  const serve_result b = serve(m, devices::h100_sxm, two, l);
  REQUIRE(a.fits);
  REQUIRE(b.fits);
  CHECK(a.budget_seqs == 257);
  CHECK(b.budget_seqs == 257);
  CHECK(a.running_batch == 257);
  CHECK(b.running_batch == 514);
  CHECK(b.wait_ms < a.wait_ms);
  CHECK(b.tokens_per_s > a.tokens_per_s);
  const serve_result c = serve(m, devices::h100_sxm, two, {.isl = 1000, .osl = 200, .concurrency = 128});
  CHECK(c.running_batch == 128);
  CHECK(c.wait_ms == 0);
}

TEST_CASE("serve: under pipeline stages SGLang walks a micro-batch of the sequences, vLLM and TensorRT-LLM all of them") {
  // SGLang keeps a running batch for each of pp micro-batches, which walk the stages in turn: a
  // sequence's token comes once its micro-batch has walked every stage, so a step at B
  // sequences on two stages is the walk of all layers at B / 2. vLLM and TensorRT-LLM do not
  // schedule a sequence whose pass is in flight, so their decoding sequences travel together:
  // the walk at B (engines/include/headroom/engines/serving_facts.hpp). At one sequence nothing
  // is split.
  const model& m = models::llama_3_1_70b_instruct;
  const device& d = devices::h100_sxm;
  const device_roofline r = default_roofline(d);
  const load l{.isl = 16, .osl = 16000, .concurrency = 64, .requests_per_client = 0};
  for (const engine_kind k : {engine_kind::sglang, engine_kind::vllm, engine_kind::trtllm}) {
    INFO(name(k));
    const deployment dep{.engine = as_allocated(engine{.kind = k}), .parallel = {.tp = 4, .pp = 2}};
    const exec_facts& facts = engines::exec_facts_of(dep.engine);
    const calibration_set cs = shipped_calibration(d, dep.engine);
    const serving_facts& sf = engines::serving_facts_of(k);
    const serve_setup su = setup_serving(m, d, r, dep, l, facts, cs, sf);
    REQUIRE(su.base.fits);
    const auto walk_us = [&](std::uint64_t b) {
      const std::uint64_t ctx = l.isl + l.osl / 2;
      const step_estimate e = decode_step(m, d, r, b, ctx, dep.settings, dep.parallel, facts);
      return predict(m, r.r, e, step_pass::decode, b, b, ctx, dep.parallel, dep.settings.kv, cs).predicted_us +
             sf.step_overhead_us;
    };
    const decode_breakdown at64 = decode_step_breakdown(su, 64);
    CHECK(close(at64.predicted_us, walk_us(k == engine_kind::sglang ? 32 : 64)));
    CHECK(close(decode_step_breakdown(su, 1).predicted_us, walk_us(1)));
    // 16-token prompts for 16,000-token answers: a step carries 63 / 16,000 of a prompt's pass,
    // under 1 % of it even where that pass is eager (SGLang's and TensorRT-LLM's prefill: some
    // 20 ms of host time), so TPOT at 64 clients is that walk.
    const serve_result at = serve_at(su, 64);
    REQUIRE(at.running_batch == 64);
    CHECK(at.tpot_ms * 1e3 >= at64.predicted_us);
    CHECK(at.tpot_ms * 1e3 / at64.predicted_us - 1.0 < 1e-2);
  }
}

TEST_CASE("prediction: a grid a measured device's table lacks falls back on the next nearest device's") {
  // aiconfigurator timed the A100's MoE under power-law routing only, so its tables hold no MoE
  // grid: the H100's answers for it. A measured Hopper or Blackwell part falls back on its
  // sibling; an unmeasured part on the nearest measured one.
  CHECK(fallback_device(devices::a100_sxm_80gb) == "h100_sxm");
  CHECK(fallback_device(devices::l40s) == "h100_sxm");
  CHECK(fallback_device(devices::h100_sxm) == "h200_sxm");
  CHECK(fallback_device(devices::b200) == "gb200");
  CHECK(fallback_device(devices::h200_sxm) == "h100_sxm");
  CHECK(fallback_device(devices::gb300) == "b200");
  // The export variants and the A30 have no tables of their own: each reads its generation's
  // measured part (compute capability), the H800 the H100 SXM's, the A800 and A30 the A100's.
  CHECK(nearest_measured_device(devices::h800_sxm) == "h100_sxm");
  CHECK(nearest_measured_device(devices::a800_sxm_80gb) == "a100_sxm_80gb");
  CHECK(nearest_measured_device(devices::a30) == "a100_sxm_80gb");
  // Workstation and GeForce Blackwell (sm_120, sm_121) run the mma.sync family's kernels from
  // GDDR7 or LPDDR5X: the RTX PRO 6000 Server Edition's table, and its own missing grids the
  // B200's; datacenter Blackwell the B200's.
  CHECK(nearest_measured_device(devices::rtx_5090) == "rtx_pro_6000_server");
  CHECK(nearest_measured_device(devices::rtx_pro_6000_workstation) == "rtx_pro_6000_server");
  CHECK(nearest_measured_device(devices::gb10) == "rtx_pro_6000_server");
  CHECK(nearest_measured_device(devices::jetson_agx_thor) == "b200");
  CHECK(fallback_device(devices::rtx_pro_6000_server) == "b200");
  // The Arc Pro B60 has vLLM's table of its own (GEMM, attention, all-reduce); what it lacks
  // (MoE, all-to-all) reads the H100's, as any other device's.
  CHECK(shipped_calibration(devices::arc_pro_b60, engines::vllm).own->device == "arc_pro_b60");
  CHECK(shipped_calibration(devices::arc_pro_b60, engines::vllm).fallback->device == "h100_sxm");
  // AMD Instinct parts read the NVIDIA part of their memory class: CDNA 3 (gfx942) the H200's,
  // CDNA 4 (gfx950) the B200's; an older AMD part, like any other device, the H100's.
  CHECK(nearest_measured_device(devices::mi300x) == "h200_sxm");
  CHECK(nearest_measured_device(devices::mi325x) == "h200_sxm");
  CHECK(nearest_measured_device(devices::mi355x) == "b200");
  CHECK(nearest_measured_device(devices::mi250x) == "h100_sxm");
  CHECK(nearest_measured_device(devices::gaudi3) == "h100_sxm");
  CHECK(shipped_calibration(devices::mi355x, engines::sglang).fallback->device == "b200");
  const calibration_set cs = shipped_calibration(devices::a100_sxm_80gb, engines::vllm);
  CHECK(cs.fallback->device == "h100_sxm");
  const serve_result r = serve(models::qwen3_30b_a3b, devices::a100_sxm_80gb, deployment{.engine = as_allocated(engines::vllm)},
                               load{.isl = 1000, .osl = 100, .concurrency = 1});
  REQUIRE(r.fits);
  CHECK(r.calibration == calib_source::fallback);
}

TEST_CASE("serve: the front end's cost per request follows its public decomposition") {
  // andyluo7/cpu-gpu-codesign-agentic-inference @5fac1f03ae73c7b276234a4f3fcacd0c1b333128,
  // RESULTS_SUMMARY.md, single requests under vLLM 0.19.0, "HTTP OH": 7 ms at 1K prompt tokens,
  // 15 ms at 8K, 47 ms at 32K, 131 ms at 100K.
  for (const serving_facts* sf : {&engines::vllm_serving, &engines::sglang_serving, &engines::trtllm_serving}) {
    CHECK(sf->request_us(1000) == doctest::Approx(7000));
    CHECK(sf->request_us(8000) == doctest::Approx(15000).epsilon(0.06));
    CHECK(sf->request_us(32000) == doctest::Approx(47000).epsilon(0.03));
    CHECK(sf->request_us(100000) == doctest::Approx(131000).epsilon(0.01));
  }
  CHECK(no_serving_facts.request_us(100000) == 0);
}

TEST_CASE("serve: a request's front end adds to TTFT and the cycle, never to TPOT or the ceiling") {
  // 5 ms + 2 us a prompt token: at ISL 1,000, 5 + 2 x 1,000 / 1,000 = 7 ms.
  const serving_facts front{0, "hand arithmetic", 5000, 2, "hand arithmetic"};
  for (const std::uint64_t n : {1u, 8u, 64u}) {
    const load l{.isl = 1000, .osl = 100, .concurrency = n};
    const serve_result a = serve_with(no_serving_facts, l);
    const serve_result b = serve_with(front, l);
    REQUIRE(a.fits);
    INFO(n, " clients");
    CHECK(b.ttft_ms - a.ttft_ms == doctest::Approx(7.0));
    CHECK(b.cycle_ms - a.cycle_ms == doctest::Approx(7.0));
    CHECK(b.tpot_ms == a.tpot_ms);
    CHECK(b.ceiling_ttft_ms == a.ceiling_ttft_ms);
    CHECK(b.ceiling_tpot_ms == a.ceiling_tpot_ms);
  }
}

TEST_CASE("serve: TTFT's breakdown sums to TTFT, closed and open loops, aggregated and disaggregated") {
  // ttft_breakdown's terms with the run's wait_ms and transfer_ms are its ttft_ms, term by term
  // what the serving model adds (docs/serving.md, "Where TTFT goes").
  const auto sum = [](const serve_result& r) {
    const ttft_breakdown& t = r.ttft_parts;
    return t.front_end_ms + r.wait_ms + t.first_round_ms + t.in_flight_ms + t.poll_ms + t.decode_steps_ms + t.prefill_ms +
           r.transfer_ms + t.admission_ms;
  };
  struct one_case {
    const model* m;
    engine_kind e;
    parallel p;
    disaggregation dis;
  };
  const one_case cases[] = {{&models::llama_3_1_70b_instruct, engine_kind::vllm, {.tp = 4}, {}},
                            {&models::qwen3_30b_a3b, engine_kind::sglang, {.tp = 4, .dp = 2}, {}},
                            {&models::gpt_oss_120b, engine_kind::trtllm, {.tp = 4, .pp = 2}, {}},
                            {&models::llama_3_1_8b_instruct, engine_kind::vllm, {}, disaggregation{2, 1, 1, 2}}};
  std::size_t checked = 0;
  for (const one_case& c : cases) {
    const deployment dep{.engine = as_allocated(engine{.kind = c.e}), .parallel = c.p};
    for (const std::uint64_t n : {1u, 16u, 256u, 4096u}) {
      const serve_result r = serve(*c.m, devices::h100_sxm, dep, {.isl = 2000, .osl = 200, .concurrency = n}, c.dis);
      if (!r.fits) continue;
      INFO(c.m->id, " under ", name(c.e), " at ", n, " clients");
      CHECK(close(sum(r), r.ttft_ms));
      CHECK(r.ttft_parts.prefill_ms > 0);
      ++checked;
    }
    for (const double rate : {0.1, 2.0, 20.0}) {
      const serve_result r = serve(*c.m, devices::h100_sxm, dep, {.isl = 2000, .osl = 200, .request_rate = rate}, c.dis);
      if (!r.fits || r.saturated) continue;
      INFO(c.m->id, " under ", name(c.e), " at ", rate, " requests a second");
      CHECK(close(sum(r), r.ttft_ms));
      CHECK(r.ttft_parts.first_round_ms == 0);
      ++checked;
    }
  }
  CHECK(checked > 12);
  // One client alone: nothing in flight, no poll, no queue, no first round apart from the
  // steady one; its TTFT is the front end, 5.75 ms + 1.25 us x 2,000 prompt tokens = 8.25 ms
  // (engines/serving_facts.hpp, front_end_us), and its prompt's own passes with the empty
  // steps its chunks take.
  const deployment dep{.engine = as_allocated(engine{.kind = engine_kind::vllm}), .parallel = {.tp = 4}};
  const serve_result one = serve(models::llama_3_1_70b_instruct, devices::h100_sxm, dep, {.isl = 2000, .osl = 200, .concurrency = 1});
  REQUIRE(one.fits);
  CHECK(one.ttft_parts.front_end_ms == doctest::Approx(8.25));
  CHECK(one.wait_ms == 0);
  CHECK(one.ttft_parts.first_round_ms == 0);
  CHECK(one.ttft_parts.in_flight_ms == 0);
  CHECK(one.ttft_parts.poll_ms == 0);
  CHECK(one.ttft_parts.admission_ms == 0);
  CHECK(close(one.ttft_ms, one.ttft_parts.front_end_ms + one.ttft_parts.decode_steps_ms + one.ttft_parts.prefill_ms));
}

TEST_CASE("serve: the engine's step cost is paid once a forward pass") {
  // 100 us a pass. One client: TPOT is one decode step (+0.1 ms); a 1,000-token prompt is one
  // prefill step under vLLM's token budget on H100 (8,192 or more), so TTFT gains 0.1 ms too.
  const serving_facts step{100, "hand arithmetic"};
  const load l{.isl = 1000, .osl = 100, .concurrency = 1};
  const serve_result a = serve_with(no_serving_facts, l);
  const serve_result b = serve_with(step, l);
  REQUIRE(a.fits);
  CHECK(b.tpot_ms - a.tpot_ms == doctest::Approx(0.1));
  CHECK(b.ttft_ms - a.ttft_ms == doctest::Approx(0.1));
  CHECK(b.ceiling_tpot_ms == a.ceiling_tpot_ms);
}

TEST_CASE("serve: a speculative verify step replays a CUDA graph; only a prompt's pass is eager") {
  // SGLang runs prefill (extend) passes eagerly unless --enable-piecewise-cuda-graph, and captures
  // its verify passes in CUDA graphs (TARGET_VERIFY). At one client a step carries no prompt, so
  // the round of K + 1 verify rows and K draft steps, and TPOT with it, is the same either way;
  // the prompt's own prefill (TTFT) is not.
  const model& m = models::qwen3_6_35b_a3b_fp8;
  const device& d = devices::h200_sxm;
  engine graphed{.kind = engine_kind::sglang};
  graphed.sglang.enable_piecewise_cuda_graph = true;
  const speculation spec{.tokens = 3, .acceptance_milli = 2500};
  const deployment eager_dep{.engine = as_allocated(engine{.kind = engine_kind::sglang}), .speculation = spec};
  const deployment graphed_dep{.engine = as_allocated(graphed), .speculation = spec};
  const load l{.isl = 2000, .osl = 200, .concurrency = 1};
  const serve_result a = serve(m, d, eager_dep, l);
  const serve_result b = serve(m, d, graphed_dep, l);
  REQUIRE(a.fits);
  REQUIRE(b.fits);
  CHECK(a.tpot_ms == b.tpot_ms);
  CHECK(a.ttft_ms > b.ttft_ms);
}

// The prediction of one row of a decode step alone (the other rows and the links left out).
step_prediction predict_row(const model& m, const device_roofline& r, const site_row& row, std::uint64_t seqs,
                            std::uint64_t context, const parallel& p, const calibration_set& cs) {
  step_estimate one{};
  one.rows.start(0) = row;
  one.n_rows = 1;
  return predict(m, r.r, one, step_pass::decode, seqs, seqs, context, p, kv_dtype::bf16, cs);
}

// The first paged attention row's prediction over its ceiling, in a decode step of `seqs`
// sequences over `context` tokens on plan `p`.
double attention_ratio_of(const model& m, const device& d, std::uint64_t seqs, std::uint64_t context, const parallel& p,
                          const exec_facts& facts, const calibration_set& cs) {
  const device_roofline r = default_roofline(d);
  const step_estimate e = decode_step(m, d, r, seqs, context, settings{}, p, facts);
  for (std::size_t i = 0; i < e.n_rows; ++i) {
    if (m.c.nodes[e.rows[i].node].kind != op::paged_attention) continue;
    const step_prediction one = predict_row(m, r, e.rows[i], seqs, context, p, cs);
    return one.predicted_us / one.ceiling_us;
  }
  return 0.0;
}

TEST_CASE("prediction: no launch of a class is predicted below the class's floor") {
  // A hand table: ratio 1 everywhere (the ceiling), a 50 us floor on GEMMs and decode attention.
  const double xs[] = {1, 4096};
  const double ys[] = {1, 1e10};
  const double ones[] = {1, 1, 1, 1};
  const calib_grid grids[] = {{kernel_class::gemm, calib_format::bf16, 2, 2, xs, ys, ones, false, 50},
                              {kernel_class::gqa_decode, calib_format::bf16, 2, 2, xs, ys, ones, false, 50}};
  const calibration hand{"h100_sxm", "vllm", "0", "this test", grids, 2};
  const calibration_set cs{&hand, &hand};
  const model& m = models::llama_3_1_8b_instruct;
  const device& d = devices::h100_sxm;
  const device_roofline r = default_roofline(d);
  const settings s{};
  const step_estimate e = decode_step(m, d, r, 1, 16, s, {}, engines::vllm_exec);
  double attention_us = 0, qkv_us = 0;
  for (std::size_t i = 0; i < e.n_rows; ++i) {
    const node& n = m.c.nodes[e.rows[i].node];
    const step_prediction p = predict_row(m, r, e.rows[i], 1, 16, {}, cs);
    CHECK(p.predicted_us >= p.ceiling_us);
    if (n.kind == op::paged_attention) attention_us += p.predicted_us;
    if (n.role == linear_role::q || n.role == linear_role::k || n.role == linear_role::v) qkv_us += p.predicted_us;
  }
  // Llama-3.1-8B, 32 layers, one sequence over 16 tokens: each layer's attention kernel (its
  // ceiling well under a microsecond) is one 50 us launch: 32 x 50 = 1,600 us.
  CHECK(attention_us == doctest::Approx(1600));
  // q (4,096 x 4,096), k and v (1,024 x 4,096 each) run as one QKV GEMM: one launch a layer,
  // shared 4 : 1 : 1 by elements. At one row each streams its weight once: q 33.6 MB, k and v
  // 8.4 MB at 3,350 GB/s = 10.0 and 2.5 us, under their shares 33.3 and 8.3 us: 32 x 50 = 1,600.
  CHECK(qkv_us == doctest::Approx(1600));
}

TEST_CASE("prediction: block-scaled FP8 weights read the block-scaled kernels' grid, per-tensor FP8 stands in") {
  // Hand tables: per-tensor FP8 GEMMs at 2x their ceiling, block-scaled at 5x; no floors.
  const double xs[] = {1, 4096};
  const double ys[] = {1, 1e10};
  const double twos[] = {2, 2, 2, 2};
  const double fives[] = {5, 5, 5, 5};
  const calib_grid both[] = {{kernel_class::gemm, calib_format::fp8, 2, 2, xs, ys, twos, false},
                             {kernel_class::gemm, calib_format::fp8_block, 2, 2, xs, ys, fives, false}};
  const calibration with_block{"h200_sxm", "trtllm", "0", "this test", both, 2};
  const calibration per_tensor_only{"h200_sxm", "trtllm", "0", "this test", both, 1};
  const model& m = models::deepseek_v3;  // FP8 weights in 128 x 128 blocks (its config.json's weight_block_size)
  const device& d = devices::h200_sxm;
  const device_roofline r = default_roofline(d);
  const settings s{};
  const step_estimate e = decode_step(m, d, r, 64, 2048, s, {.tp = 8}, engines::exec_facts_of(engine_kind::trtllm));
  std::size_t block_rows = 0;
  for (std::size_t i = 0; i < e.n_rows; ++i) {
    const site_row& row = e.rows[i];
    const node& n = m.c.nodes[row.node];
    if (n.kind != op::linear || row.formats.weight.scale != scale_kind::block || row.how.kind != mma_kind::fp8) continue;
    ++block_rows;
    const calibration_set a{&with_block, &with_block};
    const calibration_set b{&per_tensor_only, &per_tensor_only};
    CHECK(predict_row(m, r, row, 64, 2048, {.tp = 8}, a).predicted_us == doctest::Approx(5 * row.time_us));
    CHECK(predict_row(m, r, row, 64, 2048, {.tp = 8}, b).predicted_us == doctest::Approx(2 * row.time_us));
  }
  CHECK(block_rows > 3);
}

TEST_CASE("prediction: MXFP4 experts on Marlin (VLLM_MXFP4_USE_MARLIN) read Marlin's grid; the ceiling stays") {
  // Hand tables: the default MXFP4 kernel's experts at 3x their ceiling, Marlin's at 7x; no floors.
  const double xs[] = {1, 4096};
  const double ys[] = {1, 1e10};
  const double threes[] = {3, 3, 3, 3};
  const double sevens[] = {7, 7, 7, 7};
  const calib_grid grids[] = {{kernel_class::moe_gemm, calib_format::mxfp4_weight_only, 2, 2, xs, ys, threes, false},
                              {kernel_class::moe_gemm, calib_format::mxfp4_marlin, 2, 2, xs, ys, sevens, false}};
  const calibration table{"h100_sxm", "vllm", "0", "this test", grids, 2};
  const calibration_set cs{&table, &table};
  const model& m = models::gpt_oss_120b;  // MXFP4 experts, BF16 activations
  const device& d = devices::h100_sxm;
  const device_roofline r = default_roofline(d);
  const engine marlin{.kind = engine_kind::vllm, .vllm = {.mxfp4_use_marlin = true}};
  const step_estimate triton = decode_step(m, d, r, 16, 2048, {}, {.tp = 8}, engines::exec_facts_of(engine{.kind = engine_kind::vllm}));
  const step_estimate on_marlin = decode_step(m, d, r, 16, 2048, {}, {.tp = 8}, engines::exec_facts_of(marlin));
  CHECK(on_marlin.total_us == triton.total_us);  // the ceiling does not depend on which kernel runs
  REQUIRE(on_marlin.n_rows == triton.n_rows);
  std::size_t expert_rows = 0;
  for (std::size_t i = 0; i < triton.n_rows; ++i) {
    const site_row& a = triton.rows[i];
    const site_row& b = on_marlin.rows[i];
    if (cost_class_of(m.c.nodes[a.node].kind) != cost_class::routed_experts) continue;
    ++expert_rows;
    CHECK(predict_row(m, r, a, 16, 2048, {.tp = 8}, cs).predicted_us == doctest::Approx(3 * a.time_us));
    CHECK(predict_row(m, r, b, 16, 2048, {.tp = 8}, cs).predicted_us == doctest::Approx(7 * b.time_us));
  }
  CHECK(expert_rows == 2);  // gate_up and down
}

TEST_CASE("prediction: a shared expert on its own stream overlaps the router and routed experts") {
  // Hand tables: every GEMM and MoE kernel at its ceiling (ratio 1), with launch floors of 50 us
  // (GEMM) and 60 us (a MoE layer's two grouped GEMMs, split 40 : 20); no attention table.
  const double xs[] = {1, 4096};
  const double ys[] = {1, 1e10};
  const double ones[] = {1, 1, 1, 1};
  const calib_grid grids[] = {{kernel_class::gemm, calib_format::bf16, 2, 2, xs, ys, ones, false, 50},
                              {kernel_class::gemm, calib_format::fp8_block, 2, 2, xs, ys, ones, false, 50},
                              {kernel_class::moe_gemm, calib_format::fp8_block, 2, 2, xs, ys, ones, false, 60}};
  const calibration hand{"h200_sxm", "sglang", "0", "this test", grids, 3};
  const calibration_set one_stream{&hand, &hand};
  const calibration_set two_streams{&hand, &hand, default_elementwise_rule, {.decode_rows = 256, .prefill_rows = 0}};
  const model& m = models::deepseek_v3;
  const device& d = devices::h200_sxm;
  const device_roofline r = default_roofline(d);
  const settings s{};
  const parallel p{.tp = 8};
  // The shared expert apart, as SGLang runs it under --disable-shared-experts-fusion (fused, it is
  // one more expert of the routed kernel: shared_fusion_test.cpp).
  const exec_facts& apart = engines::sglang_unfused_exec;
  const step_estimate e = decode_step(m, d, r, 1, 2048, s, p, apart);
  const step_prediction a = predict(m, r.r, e, step_pass::decode, 1, 1, 2048, p, kv_dtype::bf16, one_stream);
  const step_prediction b = predict(m, r.r, e, step_pass::decode, 1, 1, 2048, p, kv_dtype::bf16, two_streams);
  CHECK(b.ceiling_us == a.ceiling_us);
  CHECK(b.predicted_us >= b.ceiling_us);
  // DeepSeek-V3: 58 MoE layers (61 less first_k_dense_replace 3). At one token a layer's routed
  // path is the router's GEMM launch (50 us; its 7,168 x 256 BF16 weight streams in 0.76 us) and
  // the MoE layer's 60 us; its shared path the shared expert's gate_up and down GEMM launches
  // (50 + 50 us; 7,168 x 4,096 / 8 FP8 streams in 0.77 us) and its activation's own launch (3 us;
  // 1.5 KB). On two streams the shorter, shared path hides behind the routed one: 58 x 103 us.
  CHECK(a.predicted_us - b.predicted_us == doctest::Approx(58 * 103.0).epsilon(1e-3));
  // A step above the engine's threshold runs one stream.
  const step_estimate big = decode_step(m, d, r, 512, 2048, s, p, apart);
  CHECK(predict(m, r.r, big, step_pass::decode, 512, 512, 2048, p, kv_dtype::bf16, two_streams).predicted_us ==
        predict(m, r.r, big, step_pass::decode, 512, 512, 2048, p, kv_dtype::bf16, one_stream).predicted_us);
  // And the engines' own rules: vLLM 256 tokens, SGLang 1,024, TensorRT-LLM its graphed decode passes.
  CHECK(engines::shared_streams_of(engine_kind::vllm).at(false, 256));
  CHECK_FALSE(engines::shared_streams_of(engine_kind::vllm).at(false, 257));
  CHECK(engines::shared_streams_of(engine_kind::sglang).at(true, 1024));
  CHECK(engines::shared_streams_of(engine_kind::trtllm).at(false, 4096));
  CHECK_FALSE(engines::shared_streams_of(engine_kind::trtllm).at(true, 16));
  CHECK_FALSE(engines::shared_streams_of(engine_kind::llama_cpp).at(false, 1));
}

// One decode step of DeepSeek-V3 at TP 8 under SGLang's execution facts: `batch` sequences at
// 2,048 tokens of context on `d`, predicted with `cs`.
step_prediction deepseek_v3_tp8_decode(const device& d, std::uint64_t batch, const calibration_set& cs) {
  const model& m = models::deepseek_v3;
  const device_roofline r = default_roofline(d);
  const parallel p{.tp = 8};
  const step_estimate e = decode_step(m, d, r, batch, 2048, settings{}, p, engines::exec_facts_of(engine_kind::sglang));
  return predict(m, r.r, e, step_pass::decode, batch, batch, 2048, p, kv_dtype::bf16, cs);
}

TEST_CASE("prediction: a latent attention module measured whole is its nodes' floor") {
  // Which blocks are the module the tables time: DeepSeek-V3's latent attention (128 heads) and
  // Kimi-K2's (64, the same widths); no block of a model of other widths (GLM-5.3-Flash's) or of
  // another kind.
  const auto module_heads = [](const model& m) {
    std::uint64_t h = 0;
    for (std::size_t bi = 0; bi < m.c.n_blocks; ++bi) h = std::max(h, detail::latent_module_heads(m.c, m.c.blocks[bi]));
    return h;
  };
  CHECK(module_heads(models::deepseek_v3) == 128);
  CHECK(module_heads(models::deepseek_v3_0324_fp4) == 128);
  CHECK(module_heads(models::kimi_k2_instruct) == 64);
  CHECK(module_heads(models::glm_5_3_flash_nvfp4) == 0);
  CHECK(module_heads(models::llama_3_1_8b_instruct) == 0);

  // A hand table: DeepSeek-V3's module at 16 heads a rank (TP 8), block-scaled FP8 projections,
  // a BF16 cache, X us a layer at every point from 1 to 64 sequences.
  struct hand_module {
    double xs[2] = {1, 64}, ys[2] = {16, 65536}, us[4];
    latent_module_grid grid;
    latent_module_table table;
    explicit hand_module(double x, std::uint16_t heads = 16)
        : us{x, x, x, x},
          grid{heads, calib_format::fp8_block, {kernel_class::mla_decode, calib_format::bf16, 2, 2, xs, ys, us, true, 0.0}},
          table{"this test", &grid, 1} {}
  };
  const calibration_set shipped = shipped_calibration(devices::h200_sxm, engines::vllm);
  calibration_set none = shipped;
  none.latent_module = &no_latent_module;
  const auto with = [&](const hand_module& h) {
    calibration_set cs = shipped;
    cs.latent_module = &h.table;
    return cs;
  };
  const hand_module slow(10000), slower(20000), fast(0.001);
  const step_prediction p0 = deepseek_v3_tp8_decode(devices::h200_sxm, 4, none);
  const step_prediction p1 = deepseek_v3_tp8_decode(devices::h200_sxm, 4, with(slow));
  const step_prediction p2 = deepseek_v3_tp8_decode(devices::h200_sxm, 4, with(slower));
  // Binding: each of DeepSeek-V3's 61 layers (every one has the block) costs the module's time,
  // so 10,000 us more a layer is 610,000 us more a step.
  CHECK(p2.predicted_us - p1.predicted_us == doctest::Approx(61 * 10000.0).epsilon(1e-9));
  CHECK(p1.predicted_us > p0.predicted_us);
  CHECK(p1.ceiling_us == p0.ceiling_us);
  // The classes still sum to the step, each at or above its ceiling.
  double classes = 0;
  for (std::size_t k = 0; k < all_cost_classes.size(); ++k) {
    classes += p1.class_predicted_us[k];
    CHECK(p1.class_predicted_us[k] >= p1.class_ceiling_us[k] * (1 - 1e-12));
  }
  CHECK(classes - p1.overlap_us + p1.link_predicted_us == doctest::Approx(p1.predicted_us).epsilon(1e-12));
  // Not binding: a module measured faster than its nodes leaves them as they are.
  CHECK(deepseek_v3_tp8_decode(devices::h200_sxm, 4, with(fast)).predicted_us == p0.predicted_us);
  // What the floor added is said apart: the step's rise over its kernels' sum, 0 where none binds.
  CHECK(p0.module_floor_us == 0);
  CHECK(deepseek_v3_tp8_decode(devices::h200_sxm, 4, with(fast)).module_floor_us == 0);
  CHECK(p1.module_floor_us == doctest::Approx(p1.predicted_us - p0.predicted_us).epsilon(1e-9));
  CHECK(p2.module_floor_us - p1.module_floor_us == doctest::Approx(61 * 10000.0).epsilon(1e-9));
  // Past the table's 64 sequences it is not read.
  CHECK(deepseek_v3_tp8_decode(devices::h200_sxm, 128, with(slow)).predicted_us ==
        deepseek_v3_tp8_decode(devices::h200_sxm, 128, none).predicted_us);
  // A grid of 8 heads a rank is not DeepSeek-V3's at TP 8 (16), but Kimi-K2's (64 / 8).
  const hand_module eight(10000, 8), eight_more(20000, 8);
  CHECK(deepseek_v3_tp8_decode(devices::h200_sxm, 4, with(eight)).predicted_us == p0.predicted_us);
  const auto kimi_tp8 = [&](const calibration_set& cs) {
    const model& m = models::kimi_k2_instruct;
    const device_roofline r = default_roofline(devices::h200_sxm);
    const parallel p{.tp = 8};
    const step_estimate e = decode_step(m, devices::h200_sxm, r, 4, 2048, settings{}, p, engines::exec_facts_of(engine_kind::vllm));
    return predict(m, r.r, e, step_pass::decode, 4, 4, 2048, p, kv_dtype::bf16, cs).predicted_us;
  };
  CHECK(kimi_tp8(with(eight_more)) - kimi_tp8(with(eight)) == doctest::Approx(61 * 10000.0).epsilon(1e-9));
  // A speculative verify (more rows than sequences) is not the module the tables time.
  const model& m = models::deepseek_v3;
  const device_roofline r = default_roofline(devices::h200_sxm);
  const parallel tp8{.tp = 8};
  const step_estimate verify = decode_step(m, devices::h200_sxm, r, 8, 2048, settings{}, tp8, engines::exec_facts_of(engine_kind::vllm));
  CHECK(predict(m, r.r, verify, step_pass::decode, 8, 4, 2048, tp8, kv_dtype::bf16, with(slow)).predicted_us ==
        predict(m, r.r, verify, step_pass::decode, 8, 4, 2048, tp8, kv_dtype::bf16, none).predicted_us);
}

TEST_CASE("prediction: a latent attention block's q_a and kv_a norms on two streams") {
  // No tables; the element-wise rule alone, each launch 5 us and its bytes free (a bandwidth share
  // of 1e12): a norm costs 5 us a layer.
  const elementwise_rule launch_only{.bandwidth_share = 1e12, .launch_us = 5};
  const calibration_set one_stream{&no_calibration, &no_calibration, launch_only};
  calibration_set two_streams = one_stream;
  two_streams.latent_norm_streams = {.decode_rows = ~std::uint64_t{0}, .prefill_rows = 0};
  const step_prediction a = deepseek_v3_tp8_decode(devices::h200_sxm, 1, one_stream);
  const step_prediction b = deepseek_v3_tp8_decode(devices::h200_sxm, 1, two_streams);
  CHECK(b.ceiling_us == a.ceiling_us);
  // DeepSeek-V3's 61 layers each run q_a_layernorm (1,536 elements a token) and
  // kv_a_layernorm (512): on two streams a layer waits for one 5 us launch, not two.
  CHECK(a.predicted_us - b.predicted_us == doctest::Approx(61 * 5.0).epsilon(1e-6));
  // A prompt's pass runs them on one stream.
  const model& m = models::deepseek_v3;
  const device& d = devices::h200_sxm;
  const device_roofline r = default_roofline(d);
  const parallel p{.tp = 8};
  const exec_facts& facts = engines::exec_facts_of(engine_kind::sglang);
  const step_estimate pre = prefill(m, d, r, 512, settings{}, p, facts);
  CHECK(predict(m, r.r, pre, step_pass::prefill, 512, 1, 512, p, kv_dtype::bf16, two_streams).predicted_us ==
        predict(m, r.r, pre, step_pass::prefill, 512, 1, 512, p, kv_dtype::bf16, one_stream).predicted_us);
  // A model without latent attention has no such pair.
  const model& g = models::llama_3_1_8b_instruct;
  const step_estimate ge = decode_step(g, d, r, 1, 2048, settings{}, parallel{}, facts);
  CHECK(predict(g, r.r, ge, step_pass::decode, 1, 1, 2048, parallel{}, kv_dtype::bf16, two_streams).predicted_us ==
        predict(g, r.r, ge, step_pass::decode, 1, 1, 2048, parallel{}, kv_dtype::bf16, one_stream).predicted_us);
  // The engines' rules: SGLang and TensorRT-LLM in their graphed decode steps, vLLM never.
  CHECK(engines::latent_norm_streams_of(engine_kind::sglang).at(false, 4096));
  CHECK_FALSE(engines::latent_norm_streams_of(engine_kind::sglang).at(true, 16));
  CHECK(engines::latent_norm_streams_of(engine_kind::trtllm).at(false, 1));
  CHECK_FALSE(engines::latent_norm_streams_of(engine_kind::vllm).at(false, 1));
  // Second streams are CUDA's: SGLang on an MI300X runs every kernel on one stream, on an H200 two.
  CHECK_FALSE(shipped_calibration(devices::mi300x, engines::sglang).shared_streams.at(false, 1));
  CHECK_FALSE(shipped_calibration(devices::mi300x, engines::sglang).latent_norm_streams.at(false, 1));
  CHECK(shipped_calibration(devices::h200_sxm, engines::sglang).shared_streams.at(false, 1));
  CHECK(shipped_calibration(devices::h200_sxm, engines::sglang).latent_norm_streams.at(false, 1));
  CHECK_FALSE(shipped_calibration(devices::mi300x, engines::vllm).shared_streams.at(false, 1));
}

TEST_CASE("prediction: a DeepSeek-V3 router runs the engine's own kernel at its measured time") {
  // vLLM PR #44217's B200 points, N = 256: 2.21 us at 2 rows, 2.67 at 4; between them on the line:
  // (2.21 + 2.67) / 2 = 2.44 at 3. Its B300 points at 9 and 15 rows, 5.08 and 6.68: 5.88 at 12.
  const router_gemm_kernel b200 = engines::router_gemm_of(engine_kind::sglang, devices::b200);
  CHECK(b200.us_at(0, 3) == doctest::Approx(2.44));
  CHECK(b200.us_at(0, 12) == doctest::Approx(5.08 + (6.68 - 5.08) * 3 / 6));
  CHECK(b200.us_at(0, 1) == doctest::Approx(1.76));
  CHECK(b200.us_at(1, 1) == doctest::Approx(2.02));  // 384 experts (Kimi-K2), the B300's point
  // Which engine runs it where: SGLang and TensorRT-LLM to 16 rows, vLLM to 8; TensorRT-LLM's is
  // compiled for 256 experts; on Blackwell datacenter parts only (no other measurement).
  CHECK(b200.runs(7168, 256, 16) == 0);
  CHECK(b200.runs(7168, 384, 16) == 1);
  CHECK(b200.runs(7168, 256, 17) == -1);
  CHECK(b200.runs(6144, 256, 1) == -1);
  CHECK(engines::router_gemm_of(engine_kind::trtllm, devices::b200).runs(7168, 256, 16) == 0);
  CHECK(engines::router_gemm_of(engine_kind::trtllm, devices::b200).runs(7168, 384, 1) == -1);
  CHECK(engines::router_gemm_of(engine_kind::vllm, devices::b300).runs(7168, 256, 8) == 0);
  CHECK(engines::router_gemm_of(engine_kind::vllm, devices::b300).runs(7168, 256, 9) == -1);
  CHECK(engines::router_gemm_of(engine_kind::sglang, devices::b300).us_at(0, 1) == doctest::Approx(1.73));
  CHECK(engines::router_gemm_of(engine_kind::sglang, devices::h200_sxm).runs(7168, 256, 1) == -1);
  CHECK(engines::router_gemm_of(engine_kind::sglang, devices::mi300x).runs(7168, 256, 1) == -1);
  CHECK(engines::router_gemm_of(engine_kind::llama_cpp, devices::b200).runs(7168, 256, 1) == -1);
  CHECK(shipped_calibration(devices::gb200, engines::trtllm).router_gemm.runs(7168, 256, 1) == 0);

  // The kernel's time replaces the router's GEMM: two hand kernels of 100 and 200 us at every row
  // count differ by 100 us for each of DeepSeek-V3's 58 MoE layers (61 less 3 dense ones).
  router_gemm_kernel slow{16, 7168, {256, 0}, 2, {1, 16}, {{{100, 100}, {}}}, "this test"};
  router_gemm_kernel slower = slow;
  slower.us[0] = {200, 200};
  calibration_set a{&no_calibration, &no_calibration};
  a.router_gemm = slow;
  calibration_set b = a;
  b.router_gemm = slower;
  const step_prediction pa = deepseek_v3_tp8_decode(devices::b200, 4, a);
  const step_prediction pb = deepseek_v3_tp8_decode(devices::b200, 4, b);
  CHECK(pb.predicted_us - pa.predicted_us == doctest::Approx(58 * 100.0).epsilon(1e-9));
  CHECK(pa.ceiling_us == pb.ceiling_us);
  CHECK(pa.predicted_us >= pa.ceiling_us);
  // Past its rows the router is a GEMM again.
  CHECK(deepseek_v3_tp8_decode(devices::b200, 32, a).predicted_us ==
        deepseek_v3_tp8_decode(devices::b200, 32, b).predicted_us);
}

// A one-grid calibration of block-scaled FP8 MoE kernels (ratios by token rows x and one expert's
// weight elements y), standing as both the device's table and its fallback; no floors.
struct hand_moe_table {
  calib_grid grids[1];
  calibration hand;
  calibration_set cs{&hand, &hand};
  hand_moe_table(const double* xs, std::uint8_t nx, const double* ys, std::uint8_t ny, const double* values,
                 std::string_view device_id, std::string_view engine_id)
      : grids{{kernel_class::moe_gemm, calib_format::fp8_block, nx, ny, xs, ys, values, false}},
        hand{device_id, engine_id, "0", "this test", grids, 1} {}
  hand_moe_table(const hand_moe_table&) = delete;
  hand_moe_table& operator=(const hand_moe_table&) = delete;
};

TEST_CASE("ep_busiest_share at run time, kept a thread, is its constant evaluation's, asked over and over") {
  // The run-time shares come from a thread's table of 64 by their arguments: 300 argument sets
  // (more than the table holds, so slots are taken over), asked three times in turn, each the
  // value constant evaluation gives for it (hand arithmetic checks the values themselves, in the
  // test below).
  constexpr auto share_of = [](std::uint64_t i) {
    return ep_busiest_share(256, 8, 1 + i % 100, i < 100 ? 8 : i < 200 ? 16 : 32, i < 200 ? 8 : 0, i < 200 ? 4 : 0);
  };
  constexpr auto all = [&] {
    std::array<double, 300> v{};
    for (std::uint64_t i = 0; i < v.size(); ++i) v[i] = share_of(i);
    return v;
  }();
  for (int round = 0; round < 3; ++round) {
    for (std::uint64_t i = 0; i < all.size(); ++i) {
      const std::uint64_t j = round == 1 ? all.size() - 1 - i : i;
      CHECK(share_of(j) == all[j]);
    }
  }
}

TEST_CASE("prediction: under expert parallelism an expert is read whole and the busiest rank sets the time") {
  // Two experts of four (E = 4, top-1) on each of two ranks, one token: a rank touches
  // Binomial(2, 1/4) of its experts, P(0) = 9/16, P(1) = 6/16, P(2) = 1/16. The busier of two
  // such ranks: P(max >= 1) + P(max >= 2) = (1 - (9/16)^2) + (1 - (15/16)^2) = 206/256, over the
  // mean 2 x 1/4: 412/256.
  CHECK(ep_busiest_share(4, 1, 1, 2) == doctest::Approx(412.0 / 256));
  // Top-3 of the four: Binomial(2, 3/4), P(0) = 1/16, P(1) = 6/16, P(2) = 9/16; the busier rank
  // (1 - (1/16)^2) + (1 - (7/16)^2) = 462/256 over the mean 1.5: 462/384 (the terms read from
  // the top, where the mass is).
  CHECK(ep_busiest_share(4, 3, 1, 2) == doctest::Approx(462.0 / 384));
  CHECK(ep_busiest_share(256, 8, 1, 1) == 1.0);
  // Every expert touched on every rank (1,024 tokens of 256 experts, top-8: an expert missed
  // with probability (31/32)^1024, about 1e-14): no rank busier.
  CHECK(ep_busiest_share(256, 8, 1024, 8) == doctest::Approx(1.0));
  CHECK(ep_busiest_share(256, 8, 1, 8) > ep_busiest_share(256, 8, 1, 4));
  CHECK(ep_busiest_share(256, 8, 1, 8) > ep_busiest_share(256, 8, 16, 8));
  // Group-limited routing: 8 experts in 2 groups of 4, a token's top-2 from 1 group, over 2
  // ranks (a rank one group), one token. An expert is touched with p = 2/8 = 1/4; two of one
  // group both untouched with 1 - 2 x 2/8 + (1/2) x 2 x 1 / (4 x 3) = 7/12, so their correlation
  // is (7/12 - (3/4)^2) / (1/4 x 3/4) = (1/48) / (3/16) = 1/9, every pair of a rank one group's.
  // The rank's count is beta-binomial(4, a = 1/4 x 8 = 2, b = 3/4 x 8 = 6): P(k) = C(4, k)
  // B(k + 2, 10 - k) / B(2, 6) = 126, 112, 63, 24, 5 (/ 330). The busier of two ranks:
  // 4 - (126^2 + 238^2 + 301^2 + 325^2) / 330^2 = 166,854 / 108,900 over the mean 1 -- against
  // the uniform Binomial(4, 1/4)'s 95,788 / 65,536.
  CHECK(ep_busiest_share(8, 2, 1, 2, 2, 1) == doctest::Approx(166854.0 / 108900));
  CHECK(ep_busiest_share(8, 2, 1, 2) == doctest::Approx(95788.0 / 65536));
  // One group, or every group a token's: no grouping; groups and ranks that do not nest (3
  // ranks of 6 experts in 2 groups): left out.
  CHECK(ep_busiest_share(8, 2, 1, 2, 1, 1) == ep_busiest_share(8, 2, 1, 2));
  CHECK(ep_busiest_share(8, 2, 1, 2, 2, 2) == ep_busiest_share(8, 2, 1, 2));
  CHECK(ep_busiest_share(6, 2, 1, 3, 2, 1) == ep_busiest_share(6, 2, 1, 3));
  // A token taking every expert of its group (8 experts in 4 groups of 2, top-2 from 1 group, 4
  // ranks of one group each): a rank reads both or none, p = 1/4; the busiest reads 2 unless no
  // rank does, (1 - (3/4)^4) x 2 over the mean 1/2.
  CHECK(ep_busiest_share(8, 2, 1, 4, 4, 1) == doctest::Approx((1 - std::pow(0.75, 4)) * 2 / 0.5));
  // DeepSeek-V3 (n_group 8, topk_group 4) over 8 ranks: busier than uniform routing at few
  // tokens, the two meeting as every expert is touched.
  for (const std::uint64_t t : {1u, 2u, 4u, 8u, 16u}) CHECK(ep_busiest_share(256, 8, t, 8, 8, 4) > ep_busiest_share(256, 8, t, 8));
  CHECK(ep_busiest_share(256, 8, 1024, 8, 8, 4) == doctest::Approx(1.0));

  // A hand MoE table: ratio 4 for one expert's eighth (DeepSeek-V3: 3 x 7,168 x 2,048 / 8 =
  // 5,505,024 elements, its shard at TP 8), 2 for a whole expert (44,040,192); no floors.
  const double xs[] = {1, 4096};
  const double ys[] = {5505024, 44040192};
  const double values[] = {4, 2, 4, 2};
  const hand_moe_table table{xs, 2, ys, 2, values, "h200_sxm", "trtllm"};
  const calibration_set& cs = table.cs;
  const model& m = models::deepseek_v3;
  const device& d = devices::h200_sxm;
  const device_roofline r = default_roofline(d);
  const settings s{};
  // DeepSeek-V3 routes group-limited (config.json n_group 8, topk_group 4): its experts' nodes carry it.
  const double busy = ep_busiest_share(256, 8, 1, 8, 8, 4);
  // At EP 16 a rank holds 16 experts and one token touches half of one on the mean (8 / 16),
  // which its ceiling reads (node_cost; until 2026-12-07 one, a token at least one expert a
  // rank, which no rank need read: not a lower bound): the busiest rank reads busy16 times it,
  // so the row is 2 x busy16 its ceiling, and the ceiling half the EP 8 rank's (a whole expert
  // each, its one token's activations aside: within 1 %).
  const double busy16 = ep_busiest_share(256, 8, 1, 16, 8, 4);
  std::vector<std::pair<std::uint16_t, double>> ep8_ceiling;  // (node, its EP 8 rank's ceiling)
  for (const std::uint16_t ep : {std::uint16_t{1}, std::uint16_t{8}, std::uint16_t{16}}) {
    const parallel p{.tp = ep == 16 ? std::uint16_t{16} : std::uint16_t{8}, .ep = ep};
    const step_estimate e = decode_step(m, d, r, 1, 2048, s, p, engines::exec_facts_of(engine_kind::trtllm));
    std::size_t expert_rows = 0;
    for (std::size_t i = 0; i < e.n_rows; ++i) {
      const site_row& row = e.rows[i];
      if (cost_class_of(m.c.nodes[row.node].kind) != cost_class::routed_experts) continue;
      ++expert_rows;
      const double want = ep == 1 ? 4 * row.time_us : ep == 8 ? 2 * busy * row.time_us : 2 * busy16 * row.time_us;
      CHECK(predict_row(m, r, row, 1, 2048, p, cs).predicted_us == doctest::Approx(want));
      if (ep == 8) ep8_ceiling.emplace_back(row.node, row.time_us);
      if (ep == 16) {
        for (const auto& [node, us] : ep8_ceiling) {
          if (node == row.node) CHECK(row.time_us / us == doctest::Approx(0.5).epsilon(1e-2));
        }
      }
    }
    CHECK(expert_rows >= 2);
  }
}

TEST_CASE("ceiling: a rank under expert parallelism wider than top_k reads its mean share of the experts") {
  // Llama-4-Maverick routes a token to 1 of 128 experts (config.json num_experts_per_tok 1,
  // num_local_experts 128), each 3 x 5,120 x 8,192 BF16 weights (hidden_size 5120,
  // intermediate_size 8192): 251,658,240 bytes. At EP 4 (TP 4) a rank holds 32 whole experts,
  // and one token reads one of them with probability 1/4: the rank's ceiling reads a quarter of
  // an expert a MoE layer, 62,914,560 bytes, 18.78 us at the H100's 3,350 GB/s; its one token's
  // activations (a few 10 KB) add under 1 %. (Until 2026-12-07 it read a whole expert on every
  // rank, four times that.)
  const model& m = models::llama_4_maverick_17b_128e;
  const device& d = devices::h100_sxm;
  const device_roofline r = default_roofline(d);
  const parallel ep4{.tp = 4, .ep = 4};
  const step_estimate e = decode_step(m, d, r, 1, 1024, settings{}, ep4, engines::exec_facts_of(engine_kind::vllm));
  double layer_us = 0;
  for (std::size_t i = 0; i < e.n_rows; ++i) {
    const site_row& row = e.rows[i];
    if (cost_class_of(m.c.nodes[row.node].kind) != cost_class::routed_experts) continue;
    layer_us += row.one.time_us;
  }
  CHECK(layer_us == doctest::Approx(62914560.0 / 3350e3).epsilon(1e-2));
  // And the ceiling stays under the prediction where the rounded count had put it over (four
  // MI300X, TP 4 x PP 2 at EP 4, vLLM, 64 clients).
  const deployment dep{.engine = as_allocated(engine{.kind = engine_kind::vllm}), .parallel = {.tp = 4, .pp = 2, .ep = 4}};
  const serve_result s = serve(m, devices::mi300x, dep, {.isl = 1000, .osl = 500, .concurrency = 64});
  REQUIRE(s.fits);
  CHECK(s.ceiling_tpot_ms <= s.tpot_ms);
}

TEST_CASE("ceiling: an EP dispatch sends a token once to each rank its experts live on") {
  // Uniform routing: top-1 of 4 experts over 2 ranks reaches one rank; top-2 of 4 misses a rank
  // with C(2, 2) / C(4, 2) = 1/6, so 2 x 5/6; top-3 misses none (2 of the 4 cannot hold 3).
  CHECK(dispatch_ranks(4, 1, 2) == doctest::Approx(1.0));
  CHECK(dispatch_ranks(4, 2, 2) == doctest::Approx(2.0 * 5.0 / 6.0));
  CHECK(dispatch_ranks(4, 3, 2) == doctest::Approx(2.0));
  CHECK(dispatch_ranks(256, 8, 1) == 1.0);
  // DeepSeek-V3 (256 experts in 8 groups of 32, a token's 8 from 4 groups): at EP 8 a rank holds
  // one group, so a token reaches its 4 groups' ranks: 8 (1 - C(7, 4) / C(8, 4)) = 4. At EP 16
  // each group spans 2 ranks: its 8 experts among 4 x 32 = 128 on 8 ranks of 16, a rank missed
  // with C(112, 8) / C(128, 8).
  CHECK(dispatch_ranks(256, 8, 8, 8, 4) == doctest::Approx(4.0));
  double miss = 1;
  for (int i = 0; i < 8; ++i) miss *= (112.0 - i) / (128.0 - i);
  CHECK(dispatch_ranks(256, 8, 16, 8, 4) == doctest::Approx(8 * (1 - miss)));
  // The all-to-all of DeepSeek-V3 under DP attention at EP 8 on H200s, 64 sequences (8 a rank):
  // on the wire 8 rows x 7,168 x 2 B x 4 ranks each way; read at the rows' 8 copies.
  const model& m = models::deepseek_v3;
  const device_roofline r = default_roofline(devices::h200_sxm);
  const parallel dep8{.tp = 8, .ep = 8, .dp_attention = true};
  const engine sgl = as_allocated(engine{.kind = engine_kind::sglang});
  const step_estimate e = decode_step(m, devices::h200_sxm, r, 64, 2048, settings{}, attention_dp_layout(dep8, sgl),
                                      engines::exec_facts_of(sgl));
  bool found = false;
  for (std::size_t i = 0; i < e.n_links; ++i) {
    const link_row& l = e.links[i];
    if (l.op != link_op::ep_all_to_all) continue;
    found = true;
    CHECK(l.bytes_each == doctest::Approx(8.0 * 7168 * 2 * 4));
    CHECK(l.lookup_bytes == doctest::Approx(8.0 * 7168 * 2 * 8));
    CHECK(l.lookup_us > l.each_us);
  }
  CHECK(found);
}

TEST_CASE("prediction: an MoE launch at more tokens never takes less than at fewer") {
  // A hand MoE table shaped like aiter's gfx942 rows for DeepSeek-V3's TP 8 slice (4.5x the
  // ceiling at 4 tokens, 1.2x at 8): ratio 4 up to 4 tokens, 1 from 8. Eight tokens stream the
  // experts four tokens touch and more (256 x (1 - (31/32)^t): 30.6 at 4, 57.0 at 8), so the
  // launch at 8 takes at least the 4-token launch's weight time, 4 x 30.6 experts' bytes, where
  // the ratio alone would give 1 x 57.0 (0.47x). The 4-token time adds its activations' bytes
  // (0.1 % of the weights here), hence the tolerance.
  const double xs[] = {1, 4, 8, 4096};
  const double ys[] = {5505024};
  const double values[] = {4, 4, 1, 1};
  const hand_moe_table table{xs, 4, ys, 1, values, "mi300x", "sglang"};
  const model& m = models::deepseek_v3;
  const device_roofline r = default_roofline(devices::mi300x);
  const parallel p{.tp = 8};
  const auto experts_us = [&](std::uint64_t seqs) {
    const step_estimate e = decode_step(m, devices::mi300x, r, seqs, 2048, settings{}, p,
                                        engines::exec_facts_of(engine_kind::sglang));
    double ceiling = 0, predicted = 0;
    for (std::size_t i = 0; i < e.n_rows; ++i) {
      if (cost_class_of(m.c.nodes[e.rows[i].node].kind) != cost_class::routed_experts) continue;
      ceiling += e.rows[i].time_us;
      predicted += predict_row(m, r, e.rows[i], seqs, 2048, p, table.cs).predicted_us;
    }
    return std::pair{ceiling, predicted};
  };
  const auto [c4, p4] = experts_us(4);
  const auto [c8, p8] = experts_us(8);
  CHECK(p4 == doctest::Approx(4 * c4));
  CHECK(c8 < 0.5 * p4);  // the ratio alone: 1 x the 8-token ceiling, under half the 4-token time
  CHECK(p8 >= 0.99 * p4);
  CHECK(p8 <= p4);
  // 30.6 of 57.0 experts' weights at 4x: what the floor holds, from the expected expert counts.
  const double touched4 = 256 * (1 - std::pow(31.0 / 32, 4));
  const double touched8 = 256 * (1 - std::pow(31.0 / 32, 8));
  CHECK(p8 == doctest::Approx(4 * c8 * touched4 / touched8).epsilon(0.01));
}

TEST_CASE("prediction: a sliding-window layer's attention is read at its window, not the context") {
  // A hand table by KV elements a sequence reads: the ceiling at 131,072 (128 tokens of
  // gpt-oss-120b's 8 KV heads of 64, K and V: 128 x 2 x 8 x 64), 10x it at 4,194,304 (4,096
  // such tokens) and beyond.
  const double xs[] = {1, 4096};
  const double ys[] = {128.0 * 2 * 8 * 64, 4096.0 * 2 * 8 * 64};
  const double ratios[] = {1, 10, 1, 10};
  const calib_grid grids[] = {{kernel_class::gqa_decode, calib_format::bf16, 2, 2, xs, ys, ratios, false}};
  const calibration hand{"h100_sxm", "vllm", "0", "this test", grids, 1};
  const calibration_set cs{&hand, &hand};
  const model& m = models::gpt_oss_120b;
  const device& d = devices::h100_sxm;
  const device_roofline r = default_roofline(d);
  const settings s{};
  const step_estimate e = decode_step(m, d, r, 4, 8192, s, {}, engines::vllm_exec);
  std::size_t sliding = 0, full = 0;
  for (std::size_t i = 0; i < e.n_rows; ++i) {
    const node& n = m.c.nodes[e.rows[i].node];
    if (n.kind != op::paged_attention) continue;
    const step_prediction p = predict_row(m, r, e.rows[i], 4, 8192, {}, cs);
    // gpt-oss-120b alternates 128-token sliding-window layers with full ones
    // (openai/gpt-oss-120b config.json: sliding_window 128): the window's layers at ratio 1,
    // the full layers at the ratio of 8,192 tokens (clamped to the 4,096 edge): 10.
    if (n.window == 128) {
      ++sliding;
      CHECK(p.predicted_us == doctest::Approx(p.ceiling_us));
    } else {
      ++full;
      CHECK(p.predicted_us == doctest::Approx(10 * p.ceiling_us));
    }
  }
  CHECK(sliding == 1);
  CHECK(full == 1);
}

TEST_CASE("prediction: decode attention is read at the KV elements a sequence reads, the rank's share") {
  // A hand table: 20x the ceiling for a sequence reading up to 1,048,576 KV elements, 2x from
  // 4,194,304 on (log-linear between). Llama-3.1-8B has 8 KV heads of 128 (its config.json):
  // 2 x 8 x 128 = 2,048 elements a token, 1,024 at TP 2 (four heads a rank).
  const double xs[] = {1, 4096};
  const double ys[] = {1048576, 4194304};
  const double ratios[] = {20, 2, 20, 2};
  const calib_grid grids[] = {{kernel_class::gqa_decode, calib_format::bf16, 2, 2, xs, ys, ratios, false}};
  const calibration hand{"h100_sxm", "vllm", "0", "this test", grids, 1};
  const calibration_set cs{&hand, &hand};
  auto attention_ratio = [&](std::uint64_t context, const parallel& p) {
    return attention_ratio_of(models::llama_3_1_8b_instruct, devices::h100_sxm, 1, context, p, engines::vllm_exec, cs);
  };
  // 512 tokens x 2,048 = 1,048,576: the small edge. 2,048 tokens x 2,048 = 4,194,304: the large.
  CHECK(attention_ratio(512, {}) == doctest::Approx(20));
  CHECK(attention_ratio(2048, {}) == doctest::Approx(2));
  // At TP 2 a rank reads half: 2,048 tokens are 2,097,152 elements, halfway in log2 (20 -> 2).
  CHECK(attention_ratio(2048, {.tp = 2}) == doctest::Approx(11));
  CHECK(attention_ratio(4096, {.tp = 2}) == doctest::Approx(2));
}

TEST_CASE("prediction: MLA's shared latent row reads the MLA decode grid, a GQA layout the GQA one") {
  // Hand tables: the MLA decode kernel at 3x its ceiling, GQA decode at 7x. DeepSeek-V3's attend
  // reads one replicated latent row a token (kv_lora 512 + rope 64); Llama's K and V by heads.
  const double xs[] = {1, 4096};
  const double ys[] = {1, 1e12};
  const double threes[] = {3, 3, 3, 3};
  const double sevens[] = {7, 7, 7, 7};
  const calib_grid grids[] = {{kernel_class::gqa_decode, calib_format::bf16, 2, 2, xs, ys, sevens, false},
                              {kernel_class::mla_decode, calib_format::bf16, 2, 2, xs, ys, threes, false}};
  const calibration hand{"h200_sxm", "sglang", "0", "this test", grids, 2};
  const calibration_set cs{&hand, &hand};
  auto ratio_of = [&](const model& m, const parallel& p) {
    return attention_ratio_of(m, devices::h200_sxm, 8, 2048, p, engines::exec_facts_of(engine_kind::sglang), cs);
  };
  CHECK(ratio_of(models::deepseek_v3, {.tp = 8}) == doctest::Approx(3));
  CHECK(ratio_of(models::llama_3_1_8b_instruct, {}) == doctest::Approx(7));
}

// Rows' prediction and ceiling summed, and their least measured source.
struct kind_sum {
  double predicted_us = 0, ceiling_us = 0;
  calib_source worst = calib_source::measured;
};
// The rows `pick` chooses (by node) in a pass of model `m` on H200 under SGLang's facts: decode
// of `rows` sequences over 1,024 tokens, or a prefill of `rows` tokens.
template <class Pick>
kind_sum rows_where(const model& m, Pick pick, step_pass pass, std::uint64_t rows, const parallel& p, const calibration_set& cs) {
  const device& d = devices::h200_sxm;
  const device_roofline r = default_roofline(d);
  const exec_facts& facts = engines::exec_facts_of(engine_kind::sglang);
  const step_estimate e = pass == step_pass::decode ? decode_step(m, d, r, rows, 1024, settings{}, p, facts)
                                                    : prefill(m, d, r, rows, settings{}, p, facts);
  kind_sum out;
  for (std::size_t i = 0; i < e.n_rows; ++i) {
    if (!pick(m.c.nodes[e.rows[i].node])) continue;
    step_estimate one{};
    one.rows.start(0) = e.rows[i];
    one.n_rows = 1;
    const std::uint64_t seqs = pass == step_pass::decode ? rows : 1;
    const step_prediction sp = predict(m, r.r, one, pass, rows, seqs, 1024, p, kv_dtype::bf16, cs);
    out.predicted_us += sp.predicted_us;
    out.ceiling_us += sp.ceiling_us;
    out.worst = detail::worse(out.worst, sp.worst);
  }
  return out;
}
// Every row of node kind `k`.
kind_sum linear_rows(const model& m, op k, step_pass pass, std::uint64_t rows, const parallel& p, const calibration_set& cs) {
  return rows_where(m, [k](const node& n) { return n.kind == k; }, pass, rows, p, cs);
}

// The kv_b_proj rows (the absorbed MLA's BMM pair in decode) of a step over `rows` tokens.
kind_sum kv_b_rows(const model& m, step_pass pass, std::uint64_t rows, const parallel& p, const calibration_set& cs) {
  return rows_where(m, [](const node& n) { return n.role == linear_role::mla_kv_b; }, pass, rows, p, cs);
}

TEST_CASE("prediction: an engine that applies rope in a kernel of its own pays a launch for it a layer") {
  // No grid at all: the element-wise model (its bytes at 0.8 of the bandwidth, 3 us a launch).
  // Llama-3.1-8B's 32 rope rows in a decode step of 8 sequences: 32 x 3 us more where the
  // engine applies rope apart from the attention (vLLM), nothing where the attention kernel
  // does (TensorRT-LLM; the default).
  calibration_set inside{};
  calibration_set apart{};
  apart.rope_own_kernel = true;
  const auto is_rope = [](const node& n) { return n.kind == op::rope; };
  const kind_sum a = rows_where(models::llama_3_1_8b_instruct, is_rope, step_pass::decode, 8, {}, inside);
  const kind_sum b = rows_where(models::llama_3_1_8b_instruct, is_rope, step_pass::decode, 8, {}, apart);
  CHECK(b.ceiling_us == a.ceiling_us);
  CHECK(b.predicted_us - a.predicted_us == doctest::Approx(32 * 3.0).epsilon(1e-9));
  CHECK(engines::rope_own_kernel(engine_kind::vllm));
  CHECK(!engines::rope_own_kernel(engine_kind::trtllm));
  CHECK(!engines::rope_own_kernel(engine_kind::sglang));  // its GQA rule is the next case's
  CHECK(shipped_calibration(devices::h100_sxm, engine{.kind = engine_kind::vllm}).rope_own_kernel);
}

TEST_CASE("prediction: SGLang rotates a GQA block's q and k and normalizes their heads in kernels of their own") {
  // The element-wise model as above (3 us a launch). Qwen3-30B-A3B (config.json:
  // num_hidden_layers 48, per-head q_norm / k_norm) in a decode step of 8 sequences: its 48 rope
  // rows 48 x 3 us more under SGLang's rule; its q_norm and k_norm rows 48 x 3 us more, one
  // launch for the pair a layer (fused_inplace_qknorm). DeepSeek-V3's rope sits in latent
  // attention blocks, which the GQA rule leaves inside; vLLM's rule (every block) takes its 61.
  calibration_set inside{};
  calibration_set sglang{};
  sglang.gqa_rope_own_kernel = true;
  sglang.qk_norm_own_kernel = true;
  calibration_set vllm{};
  vllm.rope_own_kernel = true;
  const auto is_rope = [](const node& n) { return n.kind == op::rope; };
  const auto is_qk_norm = [](const node& n) { return n.kind == op::qk_norm; };
  const parallel ep8{.tp = 8, .ep = 8};
  const model& qwen = models::qwen3_30b_a3b;
  const kind_sum rope_a = rows_where(qwen, is_rope, step_pass::decode, 8, ep8, inside);
  const kind_sum rope_b = rows_where(qwen, is_rope, step_pass::decode, 8, ep8, sglang);
  CHECK(rope_b.ceiling_us == rope_a.ceiling_us);
  CHECK(rope_b.predicted_us - rope_a.predicted_us == doctest::Approx(48 * 3.0).epsilon(1e-9));
  const kind_sum norm_a = rows_where(qwen, is_qk_norm, step_pass::decode, 8, ep8, inside);
  const kind_sum norm_b = rows_where(qwen, is_qk_norm, step_pass::decode, 8, ep8, sglang);
  CHECK(norm_b.ceiling_us == norm_a.ceiling_us);
  CHECK(norm_b.predicted_us - norm_a.predicted_us == doctest::Approx(48 * 3.0).epsilon(1e-9));
  const model& ds = models::deepseek_v3;
  const kind_sum mla_a = rows_where(ds, is_rope, step_pass::decode, 8, ep8, inside);
  CHECK(rows_where(ds, is_rope, step_pass::decode, 8, ep8, sglang).predicted_us == mla_a.predicted_us);
  CHECK(rows_where(ds, is_rope, step_pass::decode, 8, ep8, vllm).predicted_us - mla_a.predicted_us ==
        doctest::Approx(61 * 3.0).epsilon(1e-9));
  // An eager pass issues the same kernels: 48 + 48 launches more in a prompt's pass.
  const device& d = devices::h200_sxm;
  const device_roofline r = default_roofline(d);
  const step_estimate prompt = prefill(qwen, d, r, 1024, settings{}, ep8, engines::exec_facts_of(engine_kind::sglang));
  CHECK(kernel_launches(qwen, prompt, sglang) - kernel_launches(qwen, prompt) == 96);
  CHECK(kernel_launches(qwen, prompt, inside) == kernel_launches(qwen, prompt));
  const calibration_set shipped = shipped_calibration(d, engine{.kind = engine_kind::sglang});
  CHECK((shipped.gqa_rope_own_kernel && shipped.qk_norm_own_kernel && !shipped.rope_own_kernel));
  // TensorRT-LLM: the pair of norms one kernel with the rope in it (fused_qk_norm_rope), its
  // attention op's own rope off; vLLM: its rope apart, its norms inside.
  CHECK(!engines::gqa_rope_own_kernel(engine_kind::trtllm));
  CHECK(engines::qk_norm_own_kernel(engine_kind::trtllm));
  CHECK(!engines::gqa_rope_own_kernel(engine_kind::vllm));
  CHECK(!engines::qk_norm_own_kernel(engine_kind::vllm));
}

TEST_CASE("prediction: an MLA decode step's kv_b_proj reads the absorbed BMM pair's grid, a prefill's the GEMM's") {
  // Hand tables, no floors: GEMMs at 2x their ceiling, the BMM pair at 5x, measured in BF16 only
  // (vLLM's kind of table). DeepSeek-V3's kv_b_proj is block-scaled FP8.
  const double xs[] = {1, 65536};
  const double ys[] = {1, 1e12};
  const double twos[] = {2, 2, 2, 2}, fives[] = {5, 5, 5, 5};
  const calib_grid with_bmm[] = {{kernel_class::gemm, calib_format::bf16, 2, 2, xs, ys, twos, false},
                                 {kernel_class::gemm, calib_format::fp8_block, 2, 2, xs, ys, twos, false},
                                 {kernel_class::mla_bmm, calib_format::bf16, 2, 2, xs, ys, fives, false}};
  const calibration bmm{"h200_sxm", "sglang", "0", "this test", with_bmm, 3};
  const calibration gemm_only{"h200_sxm", "sglang", "0", "this test", with_bmm, 2};
  REQUIRE(check_calibration(bmm).ok());
  const model& m = models::deepseek_v3;
  const parallel p{.tp = 8, .ep = 8};
  // Decode at 1 and 64 sequences: the pair's ratio (an FP8 kv_b_proj reads the BF16 grid where
  // the table timed no other), over the node's own ceiling.
  for (const std::uint64_t rows : {1ull, 64ull}) {
    const kind_sum d = kv_b_rows(m, step_pass::decode, rows, p, {&bmm, &bmm});
    REQUIRE(d.ceiling_us > 0);
    CHECK(d.predicted_us == doctest::Approx(5 * d.ceiling_us).epsilon(1e-9));
    // Without the class the node stays one GEMM.
    const kind_sum g = kv_b_rows(m, step_pass::decode, rows, p, {&gemm_only, &gemm_only});
    CHECK(g.ceiling_us == d.ceiling_us);
    CHECK(g.predicted_us == doctest::Approx(2 * g.ceiling_us).epsilon(1e-9));
  }
  // A prompt's pass keeps the GEMM: the BMM pair is the absorbed form of a decode step.
  const kind_sum pf = kv_b_rows(m, step_pass::prefill, 2048, p, {&bmm, &bmm});
  REQUIRE(pf.ceiling_us > 0);
  CHECK(pf.predicted_us == doctest::Approx(2 * pf.ceiling_us).epsilon(1e-9));
}

TEST_CASE("prediction: Gated DeltaNet's recurrence and causal conv take the linear-attention grids' measured microseconds") {
  // Hand tables of measured microseconds a launch (bilinear in log x, log y). Qwen3-Next-80B-A3B:
  // 36 Gated DeltaNet layers of 48 (full attention every 4th), 16 key heads and 32 value heads of
  // 128: a sequence's state is 32 x 128 x 128 = 524,288 elements (262,144 a rank at TP 2), its
  // conv window (2 x 16 x 128 + 32 x 128) x (4 - 1) = 24,576 elements.
  const double dx[] = {1, 256}, px[] = {16, 8192};
  const double sy[] = {65536, 1048576}, cy[] = {6144, 98304};
  const double dv[] = {10, 20, 100, 200}, pv[] = {30, 40, 500, 900}, cv[] = {2, 3, 20, 30};
  const calib_grid grids[] = {{kernel_class::gdn_decode, calib_format::bf16, 2, 2, dx, sy, dv, true},
                              {kernel_class::gdn_prefill, calib_format::bf16, 2, 2, px, sy, pv, true},
                              {kernel_class::conv1d_decode, calib_format::bf16, 2, 2, dx, cy, cv, true}};
  const calibration hand{"h200_sxm", "sglang", "0", "this test", grids, 3};
  REQUIRE(check_calibration(hand).ok());
  const calibration_set cs{&hand, &hand};
  const model& m = models::qwen3_next_80b_a3b_instruct;
  auto recurrence = [&](step_pass pass, std::uint64_t rows, const parallel& p = {}) {
    return linear_rows(m, op::gdn_recurrence, pass, rows, p, cs);
  };
  // One sequence: 524,288 elements are 3/4 of the way from 65,536 to 1,048,576 in log2, so
  // 10 + (20 - 10) x 0.75 = 17.5 us a layer, 36 x 17.5 = 630 us (the ceiling, 4 MiB of state read
  // and written at 4,800 GB/s, under 1 us a layer).
  CHECK(recurrence(step_pass::decode, 1).predicted_us == doctest::Approx(630));
  // At TP 2 a rank holds 16 value heads, 262,144 elements, halfway: 15 us a layer, 540 us.
  CHECK(recurrence(step_pass::decode, 1, {.tp = 2}).predicted_us == doctest::Approx(540));
  // 128 sequences: 7/8 of the way from 1 to 256 in log2; at y's 3/4, 17.5 at one sequence and
  // 100 + 100 x 0.75 = 175 at 256: 17.5 + (175 - 17.5) x 7/8 = 155.3125 us a layer (the
  // ceiling: 128 x 4 MiB at 4,800 GB/s = 111.8 us), 36 x 155.3125 = 5,591.25 us.
  CHECK(recurrence(step_pass::decode, 128).predicted_us == doctest::Approx(5591.25));
  // 512 sequences, past the grid's 256: on along the line through its last two columns,
  // 175 + (175 - 17.5) / 255 x 256 = 333.1 us a layer, under the ceiling of 512 x 4 MiB at
  // 4,800 GB/s = 447.4 us: the ceiling binds.
  const kind_sum big = recurrence(step_pass::decode, 512);
  CHECK(big.predicted_us == doctest::Approx(big.ceiling_us));
  CHECK(big.ceiling_us > 36 * 447.4);
  // A prompt of 4,096 tokens: 8/9 of the way from 16 to 8,192 in log2; at y's 3/4, 37.5 at 16
  // tokens and 800 at 8,192: 37.5 + 762.5 x 8/9 = 715.28 us a layer, 36 x that = 25,750 us; a
  // prompt of 16,384 tokens, past the grid, on the line through 16 and 8,192 tokens:
  // 800 + 762.5 / 8,176 x 8,192 = 1,564.0 us a layer, 56,303.6 us.
  CHECK(recurrence(step_pass::prefill, 4096).predicted_us == doctest::Approx(36 * (37.5 + 762.5 * 8.0 / 9.0)));
  CHECK(recurrence(step_pass::prefill, 16384).predicted_us == doctest::Approx(36 * (800 + 762.5 / 8176 * 8192)));
  // A state past the grid's last y (1,048,576): 64 value heads of 128 x 128 at TP 1 would be
  // 2^20 elements, on the grid; the grid continues along its last y segment instead, as for x.
  {
    const calib_grid& g = grids[0];
    // One sequence, 2^21 elements: 20 + (20 - 10) / (1,048,576 - 65,536) x 1,048,576 = 30.67 us.
    CHECK(detail::extrapolated_value(g, 1, 2097152.0) == doctest::Approx(20 + 10.0 / 983040 * 1048576));
    // Inside the grid it is the bilinear value.
    CHECK(detail::extrapolated_value(g, 128, 524288) == lookup(hand, kernel_class::gdn_decode, calib_format::bf16, 128, 524288).value);
  }
  // The conv at one sequence: 24,576 is halfway from 6,144 to 98,304: 2.5 us a layer, 90 us.
  CHECK(linear_rows(m, op::conv1d_update, step_pass::decode, 1, {}, cs).predicted_us == doctest::Approx(90));
  // The gates and the q / k L2 norm: their own launches (3 us each a layer at least) unless the
  // engine's one-token kernel applies them (SGLang's and vLLM's), then only their ceilings; a
  // prompt's pass launches them either way.
  calibration_set fused = cs;
  fused.gdn_decode_applies_gates = true;
  for (const op k : {op::gdn_gates, op::l2_norm}) {
    const kind_sum own = linear_rows(m, k, step_pass::decode, 1, {}, cs);
    const kind_sum inside = linear_rows(m, k, step_pass::decode, 1, {}, fused);
    CHECK(own.predicted_us >= 36 * 3.0);
    CHECK(inside.predicted_us == inside.ceiling_us);
    CHECK(inside.ceiling_us == own.ceiling_us);
    CHECK(linear_rows(m, k, step_pass::prefill, 16, {}, fused).predicted_us >= 36 * 3.0);
  }
  CHECK(shipped_calibration(devices::h200_sxm, engine{.kind = engine_kind::sglang}).gdn_decode_applies_gates);
  CHECK(shipped_calibration(devices::h200_sxm, engine{.kind = engine_kind::vllm}).gdn_decode_applies_gates);
  CHECK(!shipped_calibration(devices::h200_sxm, engine{.kind = engine_kind::trtllm}).gdn_decode_applies_gates);
  // No conv1d_prefill grid: a prompt's conv keeps the element-wise model, far under the grids'.
  CHECK(linear_rows(m, op::conv1d_update, step_pass::prefill, 16, {}, cs).predicted_us < 36 * 30);
  CHECK(recurrence(step_pass::decode, 1).worst == calib_source::measured);
  // Kimi Delta Attention's recurrence (GLM-5.3-Flash: 64 heads of 128 x 128, 1,048,576 state
  // elements, the grid's last y) decays each channel, not each head: another kernel, which
  // reads the Gated DeltaNet grid as a stand-in and says so: 20 us a layer at one sequence
  // (its ceiling, 8 MiB of state read and written at 4,800 GB/s, 1.75 us).
  const model& kda = models::glm_5_3_flash_nvfp4;
  const kind_sum k1 = linear_rows(kda, op::gdn_recurrence, step_pass::decode, 1, {}, cs);
  std::size_t kda_layers = 0;
  for (std::size_t ii = 0; ii < kda.c.n_instances; ++ii) {
    const instance& in = kda.c.instances[ii];
    if (in.sec != section::main) continue;
    const block& b = kda.c.blocks[in.block];
    for (std::size_t ni = b.first; ni < b.end; ++ni) if (kda.c.nodes[ni].kind == op::gdn_recurrence) ++kda_layers;
  }
  REQUIRE(kda_layers > 0);
  CHECK(k1.predicted_us == doctest::Approx(static_cast<double>(kda_layers) * 20));
  CHECK(k1.worst == calib_source::stand_in);
  // Mamba2's state update (Nemotron-3-Nano: 64 heads of 64 x 128, 524,288 elements, as
  // Qwen3-Next's): a prompt's chunked scan reads the Gated DeltaNet prefill grid as a stand-in,
  // 715.28 us a layer at 4,096 tokens as above; a decode step's update keeps the element-wise
  // model, under the grid's 17.5 us at one sequence.
  const model& mamba = models::nemotron_3_nano_30b_a3b_nvfp4;
  std::size_t mamba_layers = 0;
  for (std::size_t ii = 0; ii < mamba.c.n_instances; ++ii) {
    const instance& in = mamba.c.instances[ii];
    if (in.sec != section::main) continue;
    const block& b = mamba.c.blocks[in.block];
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      if (mamba.c.nodes[ni].kind == op::ssm_update) ++mamba_layers;
    }
  }
  REQUIRE(mamba_layers > 0);
  const kind_sum scan = linear_rows(mamba, op::ssm_update, step_pass::prefill, 4096, {}, cs);
  CHECK(scan.predicted_us == doctest::Approx(static_cast<double>(mamba_layers) * (37.5 + 762.5 * 8.0 / 9.0)));
  CHECK(scan.worst == calib_source::stand_in);
  const kind_sum update = linear_rows(mamba, op::ssm_update, step_pass::decode, 1, {}, cs);
  CHECK(update.predicted_us < static_cast<double>(mamba_layers) * 17.5);
  CHECK(update.worst == calib_source::measured);
  // A stand-in ranks between measured and a fallback table.
  CHECK(detail::worse(calib_source::measured, calib_source::stand_in) == calib_source::stand_in);
  CHECK(detail::worse(calib_source::stand_in, calib_source::fallback) == calib_source::fallback);
  CHECK(detail::worse(calib_source::none, calib_source::stand_in) == calib_source::none);
}

TEST_CASE("prediction: TensorRT-LLM runs an MLA MoE decoder's norms inside its TP all-reduces in a decode step") {
  // DeepSeek-V3: 61 layers, the first 3 dense. Fused into an all-reduce under TP: each of the 58
  // MoE blocks' norm (post_attention_layernorm) and 60 of the 61 attention input norms (the first
  // layer's follows the embedding). Each launch the element-wise model charges costs 3 us plus its
  // bytes at 0.8 x 4,800 GB/s: 7,168 BF16 values in and out and the weight, 43,008 B, 0.011 us.
  // A fused norm keeps its ceiling (43,008 B at 4,800 GB/s, 0.009 us a norm).
  const model& m = models::deepseek_v3;
  const device& d = devices::h200_sxm;
  const device_roofline r = default_roofline(d);
  const engine trt{.kind = engine_kind::trtllm};
  const calibration_set fused = shipped_calibration(d, trt);
  REQUIRE(fused.norms_in_tp_all_reduce);
  calibration_set apart = fused;
  apart.norms_in_tp_all_reduce = false;
  auto step = [&](step_pass pass, const parallel& p, const calibration_set& cs) {
    const step_estimate e = pass == step_pass::decode ? decode_step(m, d, r, 1, 1024, settings{}, p, engines::exec_facts_of(trt))
                                                      : prefill(m, d, r, 64, settings{}, p, engines::exec_facts_of(trt));
    return predict(m, r.r, e, pass, pass == step_pass::decode ? 1 : 64, 1, 1024, p, kv_dtype::bf16, cs);
  };
  const parallel tp8{.tp = 8};
  const step_prediction own = step(step_pass::decode, tp8, apart);
  const step_prediction in_ar = step(step_pass::decode, tp8, fused);
  const double saved = own.predicted_us - in_ar.predicted_us;
  CHECK(saved > 118 * 3.0 - 58 * 0.009 - 1e-6);
  CHECK(saved < 118 * (3.0 + 0.011) + 1e-6);
  CHECK(in_ar.ceiling_us == own.ceiling_us);
  CHECK(in_ar.predicted_us >= in_ar.ceiling_us);
  // Nothing to fuse without TP, with attention data parallelism, or in a prompt's pass.
  CHECK(step(step_pass::decode, {}, fused).predicted_us == step(step_pass::decode, {}, apart).predicted_us);
  const parallel dp_attention{.tp = 8, .dp_attention = true};
  CHECK(step(step_pass::decode, dp_attention, fused).predicted_us == step(step_pass::decode, dp_attention, apart).predicted_us);
  CHECK(step(step_pass::prefill, tp8, fused).predicted_us == step(step_pass::prefill, tp8, apart).predicted_us);
  // A GQA MoE decoder (Qwen3-30B-A3B) keeps its norms' launches: the fact is DeepSeek-V3's layer.
  {
    const model& q = models::qwen3_30b_a3b;
    const step_estimate e = decode_step(q, d, r, 1, 1024, settings{}, {.tp = 4}, engines::exec_facts_of(trt));
    CHECK(predict(q, r.r, e, step_pass::decode, 1, 1, 1024, {.tp = 4}, kv_dtype::bf16, fused).predicted_us ==
          predict(q, r.r, e, step_pass::decode, 1, 1, 1024, {.tp = 4}, kv_dtype::bf16, apart).predicted_us);
  }
  CHECK(!shipped_calibration(d, engine{.kind = engine_kind::vllm}).norms_in_tp_all_reduce);
  CHECK(!shipped_calibration(d, engine{.kind = engine_kind::sglang}).norms_in_tp_all_reduce);
  // SGLang fuses the same norms under --enable-flashinfer-allreduce-fusion, on NVIDIA's Hopper and
  // Blackwell parts only (FlashInfer's kernel): a TP 8 decode step of DeepSeek-V3 under it saves
  // the same 118 launches as TensorRT-LLM's.
  const engine sgl_fused{.kind = engine_kind::sglang, .sglang = {.enable_flashinfer_allreduce_fusion = true}};
  CHECK(shipped_calibration(d, sgl_fused).norms_in_tp_all_reduce);
  CHECK(shipped_calibration(devices::b200, sgl_fused).norms_in_tp_all_reduce);
  CHECK(!shipped_calibration(devices::a100_sxm_80gb, sgl_fused).norms_in_tp_all_reduce);
  CHECK(!shipped_calibration(devices::mi300x, sgl_fused).norms_in_tp_all_reduce);
  // One client's TPOT (prediction, ceiling) in microseconds under engine `e` at TP 8.
  const auto tpot_us = [&](const engine& e) {
    const serve_result r = serve(m, d, {.engine = as_allocated(e), .parallel = tp8}, {.isl = 1000, .osl = 100, .concurrency = 1});
    REQUIRE(r.fits);
    return std::pair{r.tpot_ms * 1e3, r.ceiling_tpot_ms * 1e3};
  };
  const auto [apart_us, apart_ceiling_us] = tpot_us(engine{.kind = engine_kind::sglang});
  const auto [fused_us, fused_ceiling_us] = tpot_us(sgl_fused);
  CHECK(apart_us - fused_us > 118 * 3.0 - 58 * 0.009 - 1e-6);
  CHECK(apart_us - fused_us < 118 * (3.0 + 0.011) + 1e-6);
  CHECK(apart_ceiling_us == fused_ceiling_us);
}

TEST_CASE("prediction: a floor read once per grid gives what one lookup per point gives") {
  // The reference is the per-point form: the ratio at x, and the largest at x1 = 1, 2, 4, ...
  // below x and at most 16, each its own lookup.
  const double xs[] = {0.5, 1, 1.5, 2, 3, 7, 16, 17, 33, 100, 5000, 1e7};
  std::size_t checked = 0;
  for (const calibration* c : engines::all_calibrations) {
    const calibration_set cs{c, c};
    for (std::size_t g = 0; g < c->n_grids; ++g) {
      const calib_grid& gr = c->grids[g];
      const double ys[] = {gr.ys[0] / 2, gr.ys[0], (gr.ys[0] + gr.ys[gr.ny - 1]) / 3, gr.ys[gr.ny - 1], gr.ys[gr.ny - 1] * 3};
      for (const double x : xs) {
        for (const double y : ys) {
          const detail::floored_answer fa = detail::calibrated_floored(cs, gr.cls, gr.fmt, x, y, 16);
          const calib_lookup one = lookup(*c, gr.cls, gr.fmt, x, y);
          double most = 1;
          for (double x1 = 1; x1 < x && x1 <= 16; x1 *= 2) {
            const double r1 = lookup(*c, gr.cls, gr.fmt, x1, y).value;
            most = r1 > most ? r1 : most;
          }
          INFO(c->device, "/", c->engine, " ", name_of(gr.cls), " ", name_of(gr.fmt), " x=", x, " y=", y);
          CHECK(fa.value == one.value);
          CHECK(fa.most == most);
          CHECK(fa.from == calib_source::measured);
          CHECK(fa.floor_us == gr.floor_us);
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 1000);
  // No grid of the class in either table: the ceiling (ratio 1) and no floor.
  const calibration_set none{};
  const detail::floored_answer fa = detail::calibrated_floored(none, kernel_class::gemm, calib_format::bf16, 64, 1e6, 16);
  CHECK(fa.value == 1);
  CHECK(fa.most == 1);
  CHECK(fa.from == calib_source::none);
}

}  // namespace

namespace {
using namespace headroom;

bool gathers(const step_estimate& e) {
  for (std::size_t i = 0; i < e.n_links; ++i) {
    if (e.links[i].op == link_op::dp_gather_scatter) return true;
  }
  return false;
}

TEST_CASE("TensorRT-LLM's attention DP runs every block but the routed experts whole on each rank") {
  const engine trt = as_allocated(engine{.kind = engine_kind::trtllm});
  const engine sgl = as_allocated(engine{.kind = engine_kind::sglang});
  const parallel dep8{.tp = 8, .ep = 8, .dp_attention = true};
  // TensorRT-LLM: eight ranks of one whole replica each, the routed experts over all eight.
  CHECK(attention_dp_layout(dep8, trt) == parallel{.tp = 1, .ep = 8, .dp = 8});
  // SGLang keeps its dense layers over the TP ranks (--moe-dense-tp-size defaults to TP), and
  // under --moe-dense-tp-size 1 runs them on each rank as TensorRT-LLM does.
  CHECK(attention_dp_layout(dep8, sgl) == dep8);
  const engine sgl_dense_dp = as_allocated(engine{.kind = engine_kind::sglang, .sglang = {.moe_dense_tp_size = 1}});
  CHECK(attention_dp_layout(dep8, sgl_dense_dp) == parallel{.tp = 1, .ep = 8, .dp = 8});
  // Without DP attention nothing changes.
  CHECK(attention_dp_layout(parallel{.tp = 8, .ep = 8}, trt) == parallel{.tp = 8, .ep = 8});
  const model& m = models::deepseek_v3;
  // A rank of TensorRT-LLM's holds the dense MLPs, shared experts, embedding and LM head whole:
  // more weights than SGLang's rank, the same KV a token (MLA's latent is whole on every rank).
  const footprint_bytes t = rank_footprint(m, {}, dep8, trt);
  const footprint_bytes g = rank_footprint(m, {}, dep8, sgl);
  CHECK(t.loaded_weights > g.loaded_weights);
  CHECK(t.kv_per_token == g.kv_per_token);
  // Its decode step gathers no rows for a dense layer: each rank runs its own; SGLang's does.
  const device& d = devices::b200;
  const device_roofline r = default_roofline(d);
  const settings s{};
  CHECK_FALSE(gathers(decode_step(m, d, r, 64, 2048, s, attention_dp_layout(dep8, trt), engines::exec_facts_of(trt))));
  CHECK(gathers(decode_step(m, d, r, 64, 2048, s, dep8, engines::exec_facts_of(sgl))));
}
}  // namespace

namespace {
using namespace headroom;

TEST_CASE("under DP attention a decode step at more sequences never takes less") {
  // Each rank's attention is read at its own sequences: before, a step's attention was looked up
  // at the step's, so two sequences (one a rank, as one) read a smaller ratio than one did.
  const model& m = models::deepseek_v3;
  const parallel dep8{.tp = 8, .ep = 8, .dp_attention = true};
  for (const engine_kind k : {engine_kind::trtllm, engine_kind::sglang}) {
    for (const device* d : {&devices::b200, &devices::h200_sxm}) {
      const engine e = as_allocated(engine{.kind = k});
      const device_roofline r = default_roofline(*d);
      const settings s{.kv = kv_dtype::fp8};
      const calibration_set cs = shipped_calibration(*d, e);
      const parallel p = attention_dp_layout(dep8, e);
      double last = 0;
      for (std::uint64_t b = 1; b <= 64; b *= 2) {
        const step_estimate est = decode_step(m, *d, r, b, 2048, s, p, engines::exec_facts_of(e));
        const double us = predict(m, r.r, est, step_pass::decode, b, b, 2048, p, s.kv, cs).predicted_us;
        CAPTURE(name(k));
        CAPTURE(d->id);
        CAPTURE(b);
        CHECK(us >= last);
        last = us;
      }
    }
  }
}
}  // namespace

namespace {
using namespace headroom;

TEST_CASE("a collective of a larger message never takes less than a smaller one") {
  // The shipped tables' collectives are measured, and dip here and there; a step reads them
  // through the running minimum over larger messages.
  for (const device* d : {&devices::h100_sxm, &devices::h200_sxm, &devices::b200, &devices::mi300x, &devices::mi355x}) {
    for (const engine_kind k : {engine_kind::vllm, engine_kind::sglang}) {
      const calibration_set cs = shipped_calibration(*d, as_allocated(engine{.kind = k}));
      for (const kernel_class c : {kernel_class::all_reduce, kernel_class::all_to_all}) {
        for (const double ranks : {2.0, 4.0, 8.0}) {
          double last = 0;
          for (double bytes = 1024; bytes <= 64.0 * 1024 * 1024; bytes *= 2) {
            const detail::ratio_answer a = detail::calibrated_rising(cs, c, calib_format::bf16, bytes, ranks);
            if (a.from == calib_source::none) break;
            CAPTURE(d->id);
            CAPTURE(bytes);
            CHECK(a.value >= last);
            last = a.value;
          }
        }
      }
    }
  }
}
}  // namespace

TEST_CASE("serve: a decode step's breakdown sums to the step serve costs, class by class never below its ceiling") {
  // decode_step_breakdown: the kernels by cost class, less what a second stream hides, plus the
  // collectives, the host's time and the step cost, is the step; at one client (no other prompts
  // ride its steps, no speculation) that step is TPOT, and its ceiling the TPOT ceiling.
  std::size_t checked = 0;
  each_model_on_three_devices([&](const model& m, const device& d, engine_kind k, const deployment& dep) {
    const load l{.isl = 2000, .osl = 200, .concurrency = 1};
    // The setup points at these: they outlive it.
    const device_roofline roof = default_roofline(d);
    const calibration_set cs = shipped_calibration(d, dep.engine);
    const serving_facts sf = engines::serving_facts_of(k);
    const serve_setup su = setup_serving(m, d, roof, dep, l, engines::exec_facts_of(dep.engine), cs, sf);
    for (const std::uint64_t clients : {std::uint64_t{1}, std::uint64_t{64}}) {
      const serve_result r = serve_at(su, clients);
      if (!r.fits) continue;
      ++checked;
      INFO(m.id, " on ", d.id, " under ", name(k), " at ", clients, " clients");
      const decode_breakdown b = decode_step_breakdown(su, r.running_batch);
      CHECK(b.batch == r.running_batch);
      CHECK(b.context == 2100);
      double pred = 0, ceil = 0;
      for (std::size_t i = 0; i < all_cost_classes.size(); ++i) {
        CHECK(b.class_predicted_us[i] >= b.class_ceiling_us[i]);
        pred += b.class_predicted_us[i];
        ceil += b.class_ceiling_us[i];
      }
      CHECK(b.overlap_us >= 0);
      CHECK(b.collectives_predicted_us >= b.collectives_ceiling_us);
      CHECK(close(pred - b.overlap_us + b.collectives_predicted_us + b.host_us + b.step_cost_us, b.predicted_us));
      CHECK(close(ceil + b.collectives_ceiling_us, b.ceiling_us));
      if (clients == 1) {
        CHECK(close(b.predicted_us / 1e3, r.tpot_ms));
        CHECK(close(b.ceiling_us / 1e3, r.ceiling_tpot_ms));
      }
    }
  });
  CHECK(checked > 100);
  // A load that does not fit has no step.
  const device_roofline roof = default_roofline(devices::rtx_4090);
  const calibration_set cs = shipped_calibration(devices::rtx_4090, engine{});
  const serving_facts sf = engines::serving_facts_of(engine_kind::vllm);
  const serve_setup none = setup_serving(models::deepseek_v3, devices::rtx_4090, roof, deployment{}, load{.isl = 2000, .osl = 200},
                                         engines::exec_facts_of(engine{}), cs, sf);
  CHECK(decode_step_breakdown(none, 1).predicted_us == 0);
  // The busiest expert-parallel rank, as the routed rows wait for it: DeepSeek-V3 at EP 8, one
  // sequence, reads 8 / 8 = 1 expert a rank on the mean, its busiest rank the grouped share of
  // that; at TP 8 without EP, none is reported.
  const device_roofline b200 = default_roofline(devices::b200);
  const engine trt = as_allocated(engine{.kind = engine_kind::trtllm});
  const calibration_set trt_cs = shipped_calibration(devices::b200, trt);
  const auto step_at = [&](std::uint16_t ep) {
    const serve_setup su = setup_serving(models::deepseek_v3, devices::b200, b200, deployment{.engine = trt, .parallel = {.tp = 8, .ep = ep}},
                                         load{.isl = 1024, .osl = 1024}, engines::exec_facts_of(trt), trt_cs,
                                         engines::serving_facts_of(engine_kind::trtllm));
    return decode_step_breakdown(su, 1);
  };
  const decode_breakdown ep8 = step_at(8);
  CHECK(ep8.mean_rank_experts == doctest::Approx(1.0));
  CHECK(ep8.busiest_rank_experts == doctest::Approx(ep_busiest_share(256, 8, 1, 8, 8, 4)));
  CHECK(step_at(1).busiest_rank_experts == 0);
}

TEST_CASE("prediction: an ungated expert (Nemotron-3's up, relu2, down) is keyed by its two matrices") {
  // The MoE grids key a routed expert by its weight elements: a SwiGLU expert's three matrices,
  // gate_up holding two of them; Nemotron-3's expert has two, up and down (the tables' rows of
  // such experts are keyed so, tools/calibrate/convert.mjs). gated_experts tells the two apart by
  // the expert_gate_up node: it writes twice the intermediate width it is split by when gated.
  const model& nemotron = models::nemotron_3_nano_30b_a3b_bf16;
  const model& qwen = models::qwen3_30b_a3b;
  std::size_t n_nemotron = 0, n_qwen = 0;
  for (std::size_t b = 0; b < nemotron.c.n_blocks; ++b) {
    if (!detail::experts_block(nemotron.c, nemotron.c.blocks[b])) continue;
    CHECK_FALSE(detail::gated_experts(nemotron.c, nemotron.c.blocks[b]));
    ++n_nemotron;
  }
  for (std::size_t b = 0; b < qwen.c.n_blocks; ++b) {
    if (!detail::experts_block(qwen.c, qwen.c.blocks[b])) continue;
    CHECK(detail::gated_experts(qwen.c, qwen.c.blocks[b]));
    ++n_qwen;
  }
  CHECK(n_nemotron > 0);
  CHECK(n_qwen > 0);
}
