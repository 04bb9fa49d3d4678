// SPDX-License-Identifier: MIT
// End-to-end estimates against outside numbers: an independent roofline computation for
// Llama-3.1-8B-Instruct on h100-sxm (datasheet constants), reproduced within 0.5 % (its prefill
// with the logits at every prompt row, which headroom takes at the last one); the
// distinct-expert law on Qwen3-Next's routed experts by hand arithmetic.
#include <doctest/doctest.h>

#include <cmath>
#include <string_view>

#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

namespace {
using namespace headroom;

bool within(double actual, double expected, double rel) { return std::fabs(actual - expected) <= rel * std::fabs(expected); }

// Bound to constexpr first: the compiler computes them, so the test also proves they are
// constant expressions.
constexpr auto h100 = default_roofline(devices::h100_sxm);
constexpr const model& llama = models::llama_3_1_8b_instruct;
constexpr double c1 = decode_step(llama, devices::h100_sxm, h100, 1, 4096, {}).total_us;
constexpr double c16 = decode_step(llama, devices::h100_sxm, h100, 16, 4096, {}).total_us;
constexpr double c128 = decode_step(llama, devices::h100_sxm, h100, 128, 4096, {}).total_us;
constexpr double p4k = prefill(llama, devices::h100_sxm, h100, 4096, {}).total_us;
constexpr double p32k = prefill(llama, devices::h100_sxm, h100, 32768, {}).total_us;

// The seed costs a prefill's logits at all T rows; headroom at the last prompt token, as the
// engines run them (circuit_kinds.hpp, logits_op). The seed's time less headroom's over those
// two nodes, each max(bytes / 3,350 GB/s, FLOPs / 989.5 TFLOPS): the lm_head [T or 1, 4096] x
// [128256, 4096] BF16 with BF16 logits out, and the argmax reading the logits and writing an
// i32 id a row.
double seed_logits_minus_headroom_us(double t) {
  const double h = 4096, v = 128256, w = 2 * v * h, bw = 3350e3, peak = 989.5e6;  // per us
  auto us = [&](double bytes, double flops) { return std::fmax(bytes / bw, flops / peak); };
  const double seed = us(2 * t * h + w + 2 * t * v, 2 * t * h * v) + us(2 * t * v + 4 * t, 0);
  const double own = us(2 * h + w + 2 * v, 2 * h * v) + us(2 * v + 4, 0);
  return seed - own;
}

}  // namespace

TEST_CASE("Llama-3.1-8B on H100 SXM reproduces the seed report within 0.5 %") {
  // Reference figures (datasheet 3350 GB/s, 989.5 TFLOPS, context 4096): decode 4.644 / 7.104 /
  // 25.465 ms, prefill 74.5 / 844.5 ms.
  CHECK(within(c1, 4644.0, 0.005));
  CHECK(within(c16, 7104.0, 0.005));
  CHECK(within(c128, 25465.0, 0.005));
  CHECK(within(p4k + seed_logits_minus_headroom_us(4096), 74500.0, 0.005));
  CHECK(within(p32k + seed_logits_minus_headroom_us(32768), 844500.0, 0.005));
  // At 4k: the seed's lm_head 4.349 ms of FLOPs (2 x 4096 x 4096 x 128256 at 989.5 TFLOPS) and its
  // argmax 313.6 us of logits; headroom's lm_head 313.7 us of weight, its argmax 0.1 us.
  CHECK(within(seed_logits_minus_headroom_us(4096), 4349.2 + 313.6 - 313.7 - 0.1, 0.001));
  // Run-time evaluation of the same code path gives the same numbers.
  CHECK(decode_step(llama, devices::h100_sxm, h100, 16, 4096, {}).total_us == c16);
}

TEST_CASE("Llama-3.1-8B decode by hand: weights, KV and edges over bandwidth") {
  // C=128: every node memory-bound. Bytes = weight floor 15,009,849,344 + KV 128 x 32 x 4096
  // x 4096 + edges; edges are < 2 % of the step, so the step is within 2 % of the first two.
  const double floor_and_kv = 15'009'849'344.0 + 128.0 * 32 * 4096 * 4096;
  CHECK(c128 >= floor_and_kv / 3350e3);
  CHECK(within(c128, floor_and_kv / 3350e3, 0.02));
  // Context is a per-query input: at 8192 tokens the KV part doubles.
  const double c128_8k = decode_step(llama, devices::h100_sxm, h100, 128, 8192, {}).total_us;
  CHECK(within(c128_8k - c128, 128.0 * 32 * 4096 * 4096 / 3350e3, 1e-9));
  // fp8 KV halves the KV bytes.
  const double c128_fp8 = decode_step(llama, devices::h100_sxm, h100, 128, 4096, {.kv = kv_dtype::fp8}).total_us;
  CHECK(within(c128 - c128_fp8, 128.0 * 32 * 4096 * 2048 / 3350e3, 1e-9));
}

TEST_CASE("Qwen3-Next routed-expert bytes follow the distinct-expert law") {
  const model& m = models::qwen3_next_80b_a3b_instruct;
  // The MoE block's expert_gate_up node: one expert's gate + up = 2 x 512 x 2048 x 2 B.
  const block* moe = nullptr;
  for (std::size_t i = 0; i < m.c.n_blocks; ++i) {
    if (m.c.blocks[i].name == "moe") moe = &m.c.blocks[i];
  }
  REQUIRE(moe != nullptr);
  const node* gate_up = nullptr;
  for (std::size_t i = moe->first; i < moe->end; ++i) {
    if (m.c.nodes[i].local == "gate_up") gate_up = &m.c.nodes[i];
  }
  REQUIRE(gate_up != nullptr);
  const double one_expert = 2.0 * 512 * 2048 * 2;
  for (std::uint64_t t : {1ULL, 16ULL, 128ULL}) {
    const cost c = node_cost(*gate_up, *moe, {}, {.rows = t, .seqs = t, .context = 4096, .s = {}}, devices::h100_sxm, h100.r);
    // Edges: input t x 10 rows x 2048 bf16 + ids t x 10 i32 + output t x 10 x 1024 bf16.
    const double td = static_cast<double>(t);
    const double edges = td * 10.0 * 2048 * 2 + td * 10.0 * 4 + td * 10.0 * 1024 * 2;
    const double distinct = 512.0 * (1.0 - std::pow(1.0 - 10.0 / 512.0, static_cast<double>(t)));
    CHECK(within(c.bytes - edges, distinct * one_expert, 1e-12));
    CHECK(c.by == bound::memory);
  }
  // At t = 1 exactly top_k = 10 experts are read.
  CHECK(distinct_experts(512, 10, 1) == 10.0);
}

TEST_CASE("Qwen3-Next decode is memory-bound at C = 1, 16, 128 on H100, H200, B200 and GB10") {
  // A BF16 projection at C=128 does about 128 FLOP per byte; these four devices' BF16 peak over
  // bandwidth is 295, 206, 292 and 497 FLOP/B, so every node stays memory-bound. (On an H20,
  // 148 TFLOPS / 4 TB/s = 37 FLOP/B, the projections at C=128 are compute-bound.)
  const model& m = models::qwen3_next_80b_a3b_instruct;
  for (const device* d : {&devices::h100_sxm, &devices::h200_sxm, &devices::b200, &devices::gb10}) {
    const auto r = default_roofline(*d);
    for (std::uint64_t c : {1ULL, 16ULL, 128ULL}) {
      const auto st = decode_step(m, *d, r, c, 4096, {});
      CAPTURE(d->id);
      CAPTURE(c);
      CHECK(st.compute_bound_us == 0.0);
      CHECK(st.memory_bound_us == doctest::Approx(st.total_us));
    }
  }
}

TEST_CASE("GB10 uses its measured constants; others are datasheet ceilings") {
  const auto gb10 = default_roofline(devices::gb10);
  CHECK(gb10.measured);
  CHECK(std::string_view(gb10.basis.view()) == "measured achievable (devices/measured/gb10.json: the seed system's kernels/gb10/common/KERNEL_FAMILIES.toml [roofline], S32)");
  for (const device* d : {&devices::h100_sxm, &devices::h200_sxm, &devices::b200}) {
    const auto r = default_roofline(*d);
    CHECK_FALSE(r.measured);
    CHECK(r.basis.view().starts_with("datasheet ceiling (sources "));
    CHECK(projection_label(r) == " (roofline projection, unmeasured)");
  }
  // Llama C=1 on GB10 at 249 GB/s: 15,009,849,344 B of weights alone take 60.28 ms.
  const double t = decode_step(models::llama_3_1_8b_instruct, devices::gb10, gb10, 1, 4096, {}).total_us;
  CHECK(t > 15'009'849'344.0 / 249e3);
}

namespace {
// The `attend` row of DeepSeek-V3's MLA block (61 layers) in an estimate.
const site_row& mla_attend(const step_estimate& e) {
  for (std::size_t i = 0; i < e.n_rows; ++i) {
    const node& n = models::deepseek_v3.c.nodes[e.rows[i].node];
    if (n.local == "attend" && models::deepseek_v3.c.blocks[e.rows[i].block].name == "mla") return e.rows[i];
  }
  FAIL("no MLA attend row");
  return e.rows[0];
}
}  // namespace

TEST_CASE("DeepSeek-V3's MLA: a prompt costed expanded, a decode step absorbed, by hand") {
  // config.json: 128 heads, kv_lora_rank 512, qk_rope_head_dim 64, qk_nope_head_dim 128,
  // v_head_dim 128. Absorbed: a query of 128 x (512 + 64) = 73,728 and an output of
  // 128 x 512 = 65,536 over each attended latent row, 2 x (73,728 + 65,536) = 278,528 FLOPs a
  // row and attended token. Expanded (kv_b_proj's 128 x (128 + 128) = 32,768 rows up-project
  // the latent): 2 x (32,768 + 128 x 64) = 81,920.
  const auto h200 = default_roofline(devices::h200_sxm);
  // A prompt of 8,192 tokens attends over its causal half, 4,096: expanded.
  const step_estimate prompt = prefill(models::deepseek_v3, devices::h200_sxm, h200, 8192, {});
  const site_row& pre = mla_attend(prompt);
  CHECK(pre.count == 61);
  CHECK(pre.one.flops == 8192.0 * 4096.0 * 81920.0);
  // A decode step of one sequence at 4,096 tokens: the expanded form would up-project the 4,095
  // rows beyond its own, 2 x 512 x 32,768 each (1.37e11 FLOPs against the absorbed 1.14e9).
  const step_estimate step = decode_step(models::deepseek_v3, devices::h200_sxm, h200, 1, 4096, {});
  const site_row& dec = mla_attend(step);
  CHECK(dec.one.flops == 4096.0 * 278528.0);
  // At TP 8 a rank holds 16 heads: 2 x (4,096 + 16 x 64) = 10,240 a row and attended token.
  const step_estimate prompt8 = prefill(models::deepseek_v3, devices::h200_sxm, h200, 8192, {}, {.tp = 8});
  const site_row& tp8 = mla_attend(prompt8);
  CHECK(tp8.one.flops == 8192.0 * 4096.0 * 10240.0);
}
