// SPDX-License-Identifier: MIT
// Parallel plans: per-rank bytes against public logs and hand arithmetic, the collectives a
// sharded step pays by hand, ceilings under a plan against measured multi-GPU speeds, and the
// law over the whole registry that no advice names an invalid plan or a larger one than needed.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "headroom/commands.hpp"
#include "headroom/args/engine_flags.hpp"
#include "headroom/commands/report.hpp"
#include "../sweep_sample.hpp"

namespace {
using namespace headroom;

bool near_rel(double actual, double expected, double rel) { return std::fabs(actual - expected) <= rel * std::fabs(expected); }
constexpr double gib_d = 1024.0 * 1024.0 * 1024.0;

// Llama-3.1-70B BF16: 141,107,412,992 B stored, of which the norm vectors (80 layers x 2 x
// 8,192 + the final 8,192 = 1,318,912 values = 2,637,824 B) are replicated on every rank
// (vLLM RMSNorm); everything else splits evenly: q/k/v/gate|up by output columns, o/down by
// input columns, embedding and LM head by vocab rows (128,256 = 2,004 x 64, divisible by 8).
constexpr byte_count llama70_norms = 2'637'824;
constexpr byte_count llama70_rank(std::uint64_t tp) { return (141'107'412'992ULL - llama70_norms) / tp + llama70_norms; }
static_assert(rank_footprint(models::llama_3_1_70b_instruct, {}, {.tp = 2}).loaded_weights == llama70_rank(2));
static_assert(rank_footprint(models::llama_3_1_70b_instruct, {}, {.tp = 4}).loaded_weights == llama70_rank(4));
static_assert(rank_footprint(models::llama_3_1_70b_instruct, {}, {.tp = 8}).loaded_weights == llama70_rank(8));
// KV per token per rank: 80 layers x 2 (K, V) x 8 / tp KV heads x 128 x 2 B.
static_assert(rank_footprint(models::llama_3_1_70b_instruct, {}, {.tp = 4}).kv_per_token == 80 * 2 * 2 * 128 * 2);

// Qwen3-Next-80B at TP=2: 12 attention layers x 2 x (2 / 2) KV heads x 256 x 2 B = 12,288 B
// of KV per token (its K/V states declare their 2 KV heads); the 36 Gated DeltaNet layers keep
// 32 / 2 value heads of 128 x 128 f32 state = 36 x 16 x 65,536 = 37,748,736 B, and conv
// windows of 8,192 / 2 channels x 3 taps x 2 B = 36 x 24,576 = 884,736 B per sequence.
static_assert(kv_per_token_per_rank(models::qwen3_next_80b_a3b_instruct, {}, 2) == 12'288);
static_assert(rank_footprint(models::qwen3_next_80b_a3b_instruct, {}, {.tp = 2}).state_per_seq == 37'748'736);
static_assert(rank_footprint(models::qwen3_next_80b_a3b_instruct, {}, {.tp = 2}).conv_per_seq == 884'736);

// Pipeline stages as vLLM's get_pp_indices: 80 layers over 3 stages = 27, 27, 26 (base 26, the
// remainder 2 goes to stages pp-2 and pp-3, never the last); 61 over 2 = 31, 30; 126 over 4 =
// 31, 32, 32, 31.
static_assert(pp_first_layer(80, 3, 1) == 27 && pp_first_layer(80, 3, 2) == 54 && pp_first_layer(80, 3, 3) == 80);
static_assert(pp_first_layer(61, 2, 1) == 31 && pp_first_layer(126, 4, 1) == 31 && pp_first_layer(126, 4, 2) == 63);

// The single-device plan changes nothing: the same footprint and bit-identical estimates.
static_assert(rank_footprint(models::deepseek_v3, {}, {}).loaded_weights == footprint(models::deepseek_v3, {}).loaded_weights);
constexpr auto h100_roof = default_roofline(devices::h100_sxm);
static_assert(decode_step(models::qwen3_30b_a3b, devices::h100_sxm, h100_roof, 16, 4096, {}, {}).total_us ==
              decode_step(models::qwen3_30b_a3b, devices::h100_sxm, h100_roof, 16, 4096, {}).total_us);

}  // namespace

TEST_CASE("per-rank weights against public logs") {
  // HabanaAI/vllm-fork issue #809 (https://github.com/HabanaAI/vllm-fork/issues/809): DeepSeek-R1
  // (the DeepSeek-V3 architecture and FP8 block-scaled checkpoint) at tensor_parallel_size 8,
  // "Pre-loading model weights on hpu:0 took 79.41 GiB of device memory".
  const footprint_bytes ds8 = rank_footprint(models::deepseek_v3, {}, {.tp = 8});
  CHECK(near_rel(static_cast<double>(ds8.loaded_weights) / gib_d, 79.41, 0.01));
  // MLA keeps its latent row on every rank: per-rank KV does not shrink with TP (vLLM
  // MLAAttentionSpec), 61 layers x (512 + 64) x 2 B = 70,272 B at TP 1 and 8.
  CHECK(ds8.kv_per_token == 61 * (512 + 64) * 2);

  // vLLM issue #17327 (https://github.com/vllm-project/vllm/issues/17327): Qwen3-235B-A22B (BF16)
  // with --tensor-parallel-size 4 on 4 x H20 96 GB runs out of memory; on 8 x H20 it serves.
  // Per rank: 470.19 GB / 4 = 117.5 GB > 92.36 GB usable; / 8 = 58.96 GB fits.
  CHECK_FALSE(fits(models::qwen3_235b_a22b, devices::h20, {.seqs = 1, .context = 4096, .parallel = {.tp = 4}}));
  CHECK(fits(models::qwen3_235b_a22b, devices::h20, {.seqs = 1, .context = 4096, .parallel = {.tp = 8}}));

  // sgl-project/sglang issue #3416 (https://github.com/sgl-project/sglang/issues/3416): DeepSeek-V3
  // loads on 8 x H200 at TP 8 ("Load weight end ... avail mem=58.12 GB" of 140.4 GiB per GPU,
  // i.e. about 82 GiB taken by weights, context and buffers): 79.3 GiB of weights per rank fit.
  CHECK(fits(models::deepseek_v3, devices::h200_sxm, {.seqs = 1, .context = 4096, .parallel = {.tp = 8}}));
  CHECK(static_cast<double>(ds8.loaded_weights) / gib_d < 140.4 - 58.12);
}

TEST_CASE("the collectives of a TP=4 decode step by hand") {
  // Llama-3.1-70B, C = 1, on H100 SXM (NVLink 4: 450 GB/s each way, 0.5 us a hop): 161 ring
  // all-reduces (the vocab-parallel embedding, then o and down in each of 80 layers) of
  // 1 x 8,192 x 2 B each: 2 x 3/4 x 16,384 B / 450,000 B/us + 2 x 3 hops x 0.5 us; then the
  // logits gathered: 3/4 x 128,256 x 2 B / 450,000 B/us + 3 x 0.5 us.
  const step_estimate st = decode_step(models::llama_3_1_70b_instruct, devices::h100_sxm, h100_roof, 1, 4096, {}, {.tp = 4});
  const double all_reduce = 2.0 * 3.0 / 4.0 * 16384.0 / 450000.0 + 3.0;
  const double gather = 3.0 / 4.0 * 256512.0 / 450000.0 + 1.5;
  CHECK(near_rel(st.link_us, 161.0 * all_reduce + gather, 1e-12));
  CHECK(st.link_share() > 0.0);
  CHECK(st.link_share() < 1.0);
  // A rank reads a quarter of the matmul weights: the step is well under the single-device one.
  const step_estimate one = decode_step(models::llama_3_1_70b_instruct, devices::h100_sxm, h100_roof, 1, 4096, {});
  CHECK(st.total_us - st.link_us < 0.26 * one.total_us);
}

TEST_CASE("a plan larger than the scale-up domain pays the scale-out link") {
  // GB10 has no scale-up link (domain 1): TP=2 of Llama-3.1-8B runs its collectives over the
  // ConnectX-7 200 GbE (25 GB/s each way, 2 us a hop). C = 1: 65 all-reduces (embedding, then o
  // and down in 32 layers) of 4,096 x 2 B: 2 x 1/2 x 8,192 / 25,000 + 2 x 1 x 2 us each; the
  // logits: 1/2 x 128,256 x 2 B / 25,000 + 2 us.
  const step_estimate st = decode_step(models::llama_3_1_8b_instruct, devices::gb10, default_roofline(devices::gb10), 1,
                                       4096, {}, {.tp = 2});
  for (std::size_t i = 0; i < st.n_links; ++i) CHECK(st.links[i].scale_out);
  CHECK(near_rel(st.link_us, 65.0 * (8192.0 / 25000.0 + 4.0) + (128256.0 / 25000.0 + 2.0), 1e-12));
  // H100 SXM: TP=16 spans two 8-GPU NVLink domains, so its all-reduces leave NVLink; TP=8 x
  // PP=2 keeps TP inside a domain and sends one stage boundary over the NIC.
  const step_estimate tp16 = decode_step(models::llama_3_1_70b_instruct, devices::h100_sxm, h100_roof, 1, 4096, {}, {.tp = 16});
  const step_estimate tp8pp2 =
      decode_step(models::llama_3_1_70b_instruct, devices::h100_sxm, h100_roof, 1, 4096, {}, {.tp = 8, .pp = 2});
  CHECK(tp16.links[0].scale_out);
  bool pp_out = false;
  for (std::size_t i = 0; i < tp8pp2.n_links; ++i) {
    if (tp8pp2.links[i].op == link_op::pp_send) pp_out = tp8pp2.links[i].scale_out && tp8pp2.links[i].count == 1;
    if (tp8pp2.links[i].op == link_op::tp_all_reduce) CHECK_FALSE(tp8pp2.links[i].scale_out);
  }
  CHECK(pp_out);
  CHECK(tp16.link_us > tp8pp2.link_us);
}

TEST_CASE("ceilings under a plan stay above measured multi-GPU decode speeds") {
  // vLLM issue #11705 (https://github.com/vllm-project/vllm/issues/11705): DeepSeek-V3 on 16 x
  // H100 with --tensor-parallel-size 8 --pipeline-parallel-size 2, one request: "Avg generation
  // throughput: 2.9 tokens/s". The plan crosses the scale-out link at the stage boundary.
  const step_estimate ds = decode_step(models::deepseek_v3, devices::h100_sxm, h100_roof, 1, 4096, {}, {.tp = 8, .pp = 2});
  CHECK(ds.tokens_per_s(1) >= 2.9);
  CHECK(fits(models::deepseek_v3, devices::h100_sxm, {.seqs = 1, .context = 4096, .parallel = {.tp = 8, .pp = 2}}));
  // vLLM issue #7567 (https://github.com/vllm-project/vllm/issues/7567), a comment: Llama-3.1-70B
  // BF16 on 2 x A100 PCIe at TP 2, one request: 17 tokens/s. The registry's nearest entry is
  // the A100 SXM 80GB (2,039 GB/s against the PCIe card's 1,935): the ceiling stays above it
  // with a wide margin (~5 % of bandwidth either way does not decide it).
  const step_estimate l70 = decode_step(models::llama_3_1_70b_instruct, devices::a100_sxm_80gb,
                                        default_roofline(devices::a100_sxm_80gb), 1, 4096, {}, {.tp = 2});
  CHECK(l70.tokens_per_s(1) >= 17.0);
}

TEST_CASE("plan rules refuse what the engines refuse") {
  // 64 query heads: TP=3 is refused (vLLM verify_with_parallel_config); 8 KV heads and TP=16
  // replicate (16 is a multiple of 8), TP=12 neither splits nor replicates them.
  CHECK(plan_violation(models::llama_3_1_70b_instruct, {.tp = 3}) == plan_rule::tp_divides_query_heads);
  CHECK(valid(models::llama_3_1_70b_instruct, {.tp = 16}));
  CHECK(plan_violation(models::qwen3_235b_a22b, {.tp = 8, .ep = 3}) == plan_rule::ep_divides_tp);
  CHECK(plan_violation(models::llama_3_1_8b_instruct, {.tp = 2, .ep = 2}) == plan_rule::ep_needs_experts);
  CHECK(plan_violation(models::llama_3_1_8b_instruct, {.pp = 33}) == plan_rule::pp_within_layers);
  CHECK_THROWS_AS(validate(models::llama_3_1_70b_instruct, {.tp = 3}), headroom::error);
  // Expert parallel: 128 experts over 8 ranks, each whole: 16 experts a rank.
  const footprint_bytes ep8 = rank_footprint(models::qwen3_235b_a22b, {}, {.tp = 8, .ep = 8});
  const footprint_bytes tp8 = rank_footprint(models::qwen3_235b_a22b, {}, {.tp = 8});
  CHECK(ep8.loaded_weights == tp8.loaded_weights);  // the same expert bytes either way (BF16, no scales)
  // DP attention replicates attention weights on each rank and deals sequences out.
  const footprint_bytes dp8 = rank_footprint(models::deepseek_v3, {}, {.tp = 8, .ep = 8, .dp_attention = true});
  CHECK(dp8.loaded_weights > rank_footprint(models::deepseek_v3, {}, {.tp = 8, .ep = 8}).loaded_weights);
  CHECK(rank_seqs(17, {.tp = 8, .dp_attention = true}) == 3);
}

TEST_CASE("redundant experts: expert slots dealt out over the EP ranks, by hand") {
  // DeepSeek-V3 routes over 256 experts a layer. Wide EP over 48 ranks (the GB200 / GB300
  // disaggregated recipes' decode workers, each rank whole but for the routed experts: tp 1,
  // dp 48) cannot share them evenly (256 = 48 x 5 + 16); with 32 redundant experts (SGLang
  // --ep-num-redundant-experts 32, TensorRT-LLM num_slots 288) each rank holds 288 / 48 = 6.
  CHECK(plan_violation(models::deepseek_v3, {.ep = 48, .dp = 48}) == plan_rule::ep_divides_experts);
  CHECK(valid(models::deepseek_v3, {.ep = 48, .dp = 48, .redundant_experts = 32}));
  CHECK(plan_violation(models::deepseek_v3, {.tp = 8, .ep = 8, .redundant_experts = 4}) == plan_rule::ep_divides_experts);  // 260 = 8 x 32 + 4
  CHECK(plan_violation(models::deepseek_v3, {.tp = 8, .redundant_experts = 8}) == plan_rule::redundant_experts_need_ep);
  CHECK(plan_violation(models::llama_3_1_8b_instruct, {.redundant_experts = 8}) == plan_rule::redundant_experts_need_ep);
  // 8 redundant over 8 ranks: one more expert on each rank in each of the 58 MoE layers (61
  // layers, the first 3 dense). One DeepSeek-V3 expert (config.json: hidden 7168,
  // moe_intermediate_size 2048; FP8 with 128 x 128 blocks of FP32 scale_inv): gate and up
  // 2 x 2048 x 7168 and down 7168 x 2048 bytes = 44,040,192, and (2 x 16 x 56 + 56 x 16) x 4
  // = 10,752 scale bytes: 44,050,944 bytes; x 58 = 2,554,954,752.
  const footprint_bytes plain = rank_footprint(models::deepseek_v3, {}, {.tp = 8, .ep = 8});
  const footprint_bytes spare = rank_footprint(models::deepseek_v3, {}, {.tp = 8, .ep = 8, .redundant_experts = 8});
  CHECK(spare.loaded_weights - plain.loaded_weights == 2'554'954'752ULL);
  CHECK(spare.kv_per_token == plain.kv_per_token);
}

TEST_CASE("sequences are dealt out whole over the ranks that schedule their own, by hand") {
  CHECK(rank_rows(8192, 1, 4) == 8192);        // one prompt runs on one rank
  CHECK(rank_rows(4 * 1024, 4, 2) == 2048);    // four prompts over two ranks: two each
  CHECK(rank_rows(3 * 1024, 3, 2) == 2048);    // three over two: the busiest holds two
  CHECK(rank_rows(64, 64, 8) == 8);            // a decode step: one row a sequence
  CHECK(rank_rows(1000, 3, 4) == 250);         // rows not whole per sequence split evenly
  CHECK(rank_rows(4096, 1, 1) == 4096);
  // A pass of prompts beside decoding sequences (serve's chunked prefill): each prompt stays on
  // its rank, and the busiest rank fills its ceil(seqs / ranks) sequences with decoding ones.
  // One 2,000-token prompt and three decode rows over two ranks: the prompt and one decode row
  // (an even split had given ceil(2,003 / 2) = 1,002, half the prompt); over eight, the prompt.
  CHECK(rank_rows(2003, 4, 2, 2000, 1) == 2001);
  CHECK(rank_rows(2003, 4, 8, 2000, 1) == 2000);
  // Two 1,000-token prompts and six decode rows over four ranks: 2 sequences a rank, one prompt
  // and one decode row on the busiest.
  CHECK(rank_rows(2006, 8, 4, 1000, 2) == 1001);
  // A 512-token chunk beside three sequences verifying K = 3 draft tokens (4 rows each): 524 rows
  // over two ranks, the chunk and one verifying sequence.
  CHECK(rank_rows(524, 4, 2, 512, 1) == 516);
  CHECK(rank_rows(1000, 3, 4, 0, 0) == 250);   // no prompts said: as above
  CHECK(rank_rows(2003, 4, 1, 2000, 1) == 2003);
  // Llama-3.1-8B prefilled on two data-parallel replicas: one 1,024-token prompt runs all its
  // rows through its replica's q projection, as on one device; two prompts, one each.
  const auto h100 = default_roofline(devices::h100_sxm);
  const auto q_row = [](const step_estimate& e) {
    for (std::size_t i = 0; i < e.n_rows; ++i) {
      if (models::llama_3_1_8b_instruct.c.nodes[e.rows[i].node].local == "q") return e.rows[i].one.bytes;
    }
    return 0.0;
  };
  const step_estimate alone = prefill(models::llama_3_1_8b_instruct, devices::h100_sxm, h100, 1024, {});
  const step_estimate one = prefill(models::llama_3_1_8b_instruct, devices::h100_sxm, h100, 1024, {}, {.dp = 2});
  const step_estimate two = prefill(models::llama_3_1_8b_instruct, devices::h100_sxm, h100, 2048, 2, {}, {.dp = 2}, no_exec_facts);
  REQUIRE(q_row(alone) > 0);
  CHECK(q_row(one) == q_row(alone));
  CHECK(q_row(two) == q_row(alone));
}

TEST_CASE("a device's order of a subset of the model's plans is valid_plans' order of that subset") {
  // `headroom sla` works the model's valid plans out once (model_plans, no device in it) and
  // orders only those it searches for each device: the order valid_plans(m, d) gives them.
  for (const model* m : {&models::deepseek_v3, &models::qwen3_32b, &models::qwen3_30b_a3b}) {
    const plan_list all = model_plans(*m);
    for (const device* d : {&devices::h100_sxm, &devices::gb200, &devices::rtx_4090, &devices::mi300x}) {
      const plan_list full = valid_plans(*m, *d);
      CHECK(full.n == all.n);
      plan_list subset{};
      std::vector<parallel> expected;
      for (std::size_t i = 0; i < all.n; ++i) {
        if (all.plans[i].pp == 1) subset.plans[subset.n++] = all.plans[i];
      }
      for (std::size_t i = 0; i < full.n; ++i) {
        if (full.plans[i].pp == 1) expected.push_back(full.plans[i]);
      }
      const plan_list got = ordered_plans(subset, *d);
      REQUIRE(got.n == expected.size());
      for (std::size_t i = 0; i < got.n; ++i) CHECK(got.plans[i] == expected[i]);
    }
  }
}

TEST_CASE("the smallest plan by hand") {
  // The pure arithmetic (engines::none), which the hand sums below follow.
  constexpr engine arithmetic = engines::none;
  // tests/static/catalogue_test.cpp derives it: Llama-3.1-405B BF16 on H100 SXM needs 11
  // devices as PP=11 (128 query heads rule out TP=11; 9 and 10 devices do not hold it).
  CHECK(smallest_plan(models::llama_3_1_405b_instruct, devices::h100_sxm, {.seqs = 1, .context = 4096, .engine = arithmetic}) ==
        parallel{.pp = 11});
  // Llama-3.1-70B BF16 on RTX 5090 (30.77 GB usable): TP=5 breaks the 64 query heads; PP=5 keeps
  // 16 layers of 1,711,308,800 B a stage + the 2,101,346,304 B embedding (or LM head and final
  // norm) + 16 x 4,096 B x 4,096 tokens of KV = 29,750,755,328 B at most: it fits on 5.
  CHECK(smallest_plan(models::llama_3_1_70b_instruct, devices::rtx_5090, {.seqs = 1, .context = 4096, .engine = arithmetic}) ==
        parallel{.pp = 5});
  CHECK(need_bytes(models::llama_3_1_70b_instruct, {.seqs = 1, .context = 4096, .parallel = {.pp = 5}}) ==
        16ULL * 1'711'308'800 + 2'101'346'304 + 16'384 + 16ULL * 4096 * 4096);
}

TEST_CASE("no advice anywhere names an invalid plan, nor a larger one than needed (whole matrix)") {
  // Every pair (a quarter under AddressSanitizer, every model and device among them: sweep_sample.hpp).
  std::vector<cli::matrix_row> rows;
  for (std::size_t part = 0; part < headroom_test::sweep_stride; ++part) {
    const auto [ms, ds] = headroom_test::sweep_part(models::all, devices::all, part);
    const auto part_rows = cli::compute_matrix(ms, ds);
    REQUIRE(part_rows.size() == ms.size() * ds.size());
    rows.insert(rows.end(), part_rows.begin(), part_rows.end());
  }
  for (const cli::matrix_row& r : rows) {
    INFO(r.m->id, " on ", r.d->id);
    if (r.c1.fits) {
      CHECK_FALSE(r.c1.advice.has_value());
      continue;
    }
    if (!r.c1.advice) continue;  // no valid plan up to 64 x 16 holds it
    const parallel p = *r.c1.advice;
    // The matrix's KV dtype: the checkpoint's where its quantization config names one (--kv auto).
    settings s{};
    s.kv = cli::auto_kv_dtype(cli::matrix_query{}.e, *r.m);
    CHECK(valid(*r.m, p));
    CHECK(fits(*r.m, *r.d, {.seqs = 1, .context = 4096, .settings = s, .parallel = p}));
    // Every valid candidate of fewer devices does not fit.
    const plan_list l = valid_plans(*r.m, *r.d);
    for (std::size_t i = 0; i < l.n; ++i) {
      if (l.plans[i].ranks() < p.ranks()) {
        CHECK_FALSE(fits(*r.m, *r.d, {.seqs = 1, .context = 4096, .settings = s, .parallel = l.plans[i]}));
      }
    }
  }
  // The report's advice (C = 1 and C = 128 at 4k) obeys the same law.
  for (const model* m : models::all) {
    for (const device* d : {&devices::h100_sxm, &devices::rtx_5090, &devices::l4}) {
      const report::report_data data = report::compute(*m, *d, default_roofline(*d), {});
      for (const report::fit_advice& a : data.advice) {
        if (a.plan) CHECK(valid(*m, *a.plan));
      }
    }
  }
}

TEST_CASE("a shipped table's kept plan verdict follows the plan asked, as a copy's does") {
  // Llama-3.1-8B has 32 query heads and 8 KV heads: tp 3 breaks a rule, tp 2 and 8 do not.
  const model& m = models::llama_3_1_8b_instruct;
  const model copy = m;
  const std::array<parallel, 5> asked{parallel{.tp = 2}, parallel{.tp = 3}, parallel{.tp = 3}, parallel{.tp = 8}, parallel{.tp = 3}};
  for (const parallel& p : asked) {
    CAPTURE(p.tp);
    CHECK(plan_violation(m, p) == plan_violation(copy, p));
    CHECK(valid(m, p) == (p.tp != 3));
  }
  // Another table in between: the kept verdict is the latest table's.
  CHECK(plan_violation(models::qwen3_30b_a3b, parallel{.tp = 3}) == plan_violation(model{models::qwen3_30b_a3b}, parallel{.tp = 3}));
  CHECK(valid(m, parallel{.tp = 2}));
  CHECK_FALSE(valid(m, parallel{.tp = 3}));
}
