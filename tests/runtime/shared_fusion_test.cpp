// SPDX-License-Identifier: MIT
// SGLang's shared-experts fusion (kernels.hpp shared_fusion; engines/exec_facts.hpp): where the
// engine runs DeepSeek-V3's shared expert inside the routed experts' kernel, the shared nodes
// fold no rows and the routed rows read one expert more. Expected numbers are hand arithmetic
// from DeepSeek-V3's config.json (hidden 7,168, moe_intermediate_size 2,048, 256 routed experts,
// top 8, one shared expert, FP8 weights in 128 x 128 blocks with an F32 scale each).
#include <doctest/doctest.h>

#include <cstdint>

#include <headroom/devices.hpp>
#include <headroom/engines/exec_facts.hpp>
#include <headroom/models.hpp>
#include <headroom/sla.hpp>

namespace {
using namespace headroom;

const site_row* row_of(const model& m, const step_estimate& e, op kind, linear_role role = linear_role::none) {
  for (std::size_t i = 0; i < e.n_rows; ++i) {
    const node& n = m.c.nodes[e.rows[i].node];
    if (n.kind == kind && (role == linear_role::none || n.role == role)) return &e.rows[i];
  }
  return nullptr;
}

engine sglang(bool disable_fusion) {
  engine e{.kind = engine_kind::sglang};
  e.sglang.disable_shared_experts_fusion = disable_fusion;
  return e;
}

}  // namespace

TEST_CASE("SGLang fuses DeepSeek-V3's shared expert at TP on NVIDIA, not under EP, on AMD or when told not to") {
  const model& m = models::deepseek_v3;
  const parallel tp8{.tp = 8};
  const parallel ep8{.tp = 8, .ep = 8};
  CHECK(fused_shared_experts(m, devices::h200_sxm, tp8, engines::exec_facts_of(sglang(false))) == 1);
  CHECK(fused_shared_experts(m, devices::b200, tp8, engines::exec_facts_of(sglang(false))) == 1);
  CHECK(fused_shared_experts(m, devices::a100_sxm_80gb, tp8, engines::exec_facts_of(sglang(false))) == 1);  // sm 80
  CHECK(fused_shared_experts(m, devices::h200_sxm, ep8, engines::exec_facts_of(sglang(false))) == 0);
  CHECK(fused_shared_experts(m, devices::mi300x, tp8, engines::exec_facts_of(sglang(false))) == 0);
  CHECK(fused_shared_experts(m, devices::h200_sxm, tp8, engines::exec_facts_of(sglang(true))) == 0);
  CHECK(fused_shared_experts(m, devices::h200_sxm, tp8, engines::exec_facts_of(engine{.kind = engine_kind::vllm})) == 0);
  CHECK(fused_shared_experts(m, devices::h200_sxm, tp8, engines::exec_facts_of(engine{.kind = engine_kind::trtllm})) == 0);
  CHECK(fused_shared_experts(models::deepseek_v3_0324_fp4, devices::b200, tp8, engines::exec_facts_of(sglang(false))) == 1);
  // Other MoE models with a shared expert keep it apart (the fact names DeepSeek-V3's layout).
  CHECK(fused_shared_experts(models::qwen3_next_80b_a3b_instruct, devices::h200_sxm, parallel{.tp = 4},
                             engines::exec_facts_of(sglang(false))) == 0);
  CHECK(fused_shared_experts(models::kimi_k2_instruct, devices::h200_sxm, tp8, engines::exec_facts_of(sglang(false))) == 0);
}

TEST_CASE("a fused shared expert folds no rows of its own and is one expert more in the routed rows") {
  const model& m = models::deepseek_v3;
  const device& d = devices::h200_sxm;
  const device_roofline r = default_roofline(d);
  const parallel tp8{.tp = 8};
  const step_estimate fused = decode_step(m, d, r, 1, 2048, {}, tp8, engines::exec_facts_of(sglang(false)));
  const step_estimate apart = decode_step(m, d, r, 1, 2048, {}, tp8, engines::exec_facts_of(sglang(true)));
  CHECK(fused.fused_experts == 1);
  CHECK(apart.fused_experts == 0);
  CHECK(row_of(m, fused, op::linear, linear_role::shared_gate_up) == nullptr);
  CHECK(row_of(m, fused, op::linear, linear_role::shared_down) == nullptr);
  REQUIRE(row_of(m, apart, op::linear, linear_role::shared_gate_up) != nullptr);
  const site_row* fg = row_of(m, fused, op::expert_gate_up);
  const site_row* ag = row_of(m, apart, op::expert_gate_up);
  REQUIRE(fg != nullptr);
  REQUIRE(ag != nullptr);
  CHECK(fg->count == ag->count);  // 58 MoE layers either way
  // One token: the 8 experts it is routed to, and with the fusion the shared one as a ninth.
  // A rank's slice of one expert's gate_up at TP 8: 7,168 x (2 x 2,048 / 8) FP8 bytes, and
  // (7,168 / 128) x (512 / 128) = 224 block scales of 4 bytes: 3,670,016 + 896 = 3,670,912 B.
  CHECK(fg->one.bytes - ag->one.bytes == doctest::Approx(3670912.0));
  // Its FLOPs: the token through one more expert's slice, 2 x 7,168 x 512 = 7,340,032.
  CHECK(fg->one.flops - ag->one.flops == doctest::Approx(7340032.0));
  // The down projection alike, from a rank's 2,048 / 8 = 256 intermediate back to 7,168: 256 x
  // 7,168 = 1,835,008 FP8 bytes and (256 / 128) x (7,168 / 128) = 112 scales, 448 B.
  const site_row* fd = row_of(m, fused, op::expert_down);
  const site_row* ad = row_of(m, apart, op::expert_down);
  REQUIRE(fd != nullptr);
  REQUIRE(ad != nullptr);
  CHECK(fd->one.bytes - ad->one.bytes == doctest::Approx(1835008.0 + 448.0));
  // A prefill pass alike (the shared expert's rows absent, the routed rows one expert more).
  const step_estimate pf = prefill(m, d, r, 1000, {}, tp8, engines::exec_facts_of(sglang(false)));
  CHECK(pf.fused_experts == 1);
  CHECK(row_of(m, pf, op::linear, linear_role::shared_gate_up) == nullptr);
}

TEST_CASE("the prediction of a fused step streams the shared expert with the routed ones, on one stream") {
  // SGLang's dual stream runs only when nothing is fused: the step's overlap is then the latent
  // norms' alone, and the routed experts' prediction is one expert's more than apart at one token.
  const model& m = models::deepseek_v3;
  const device& d = devices::b200;
  const device_roofline r = default_roofline(d);
  const parallel tp8{.tp = 8};
  const calibration_set cs = shipped_calibration(d, sglang(false));
  const auto step = [&](bool disable) {
    const step_estimate e = decode_step(m, d, r, 1, 1536, {.kv = kv_dtype::fp8}, tp8, engines::exec_facts_of(sglang(disable)));
    return predict(m, r.r, e, step_pass::decode, 1, 1, 1536, tp8, kv_dtype::fp8, cs);
  };
  const step_prediction fused = step(false);
  const step_prediction apart = step(true);
  const auto routed = static_cast<std::size_t>(cost_class::routed_experts);
  CHECK(fused.class_predicted_us[routed] > apart.class_predicted_us[routed]);
  CHECK(fused.overlap_us < apart.overlap_us);
  CHECK(fused.ceiling_us <= fused.predicted_us);
}
