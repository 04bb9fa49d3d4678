// SPDX-License-Identifier: MIT
// headroom: serving answers under the shipped engines' facts and calibration tables, and the
// compile-time SLA check (docs/serving.md).
//
//   constexpr auto r = headroom::serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
//                                      {.isl = 1024, .osl = 128, .concurrency = 16});
//   HEADROOM_ASSERT_SLA(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
//                       {.isl = 1024, .osl = 128, .concurrency = 16, .ttft_ms = 500, .tpot_ms = 20});
//
// and, disaggregated, HEADROOM_ASSERT_SLA_DISAGG(model, device, deployment, disaggregation, sla).
// A missed target fails to compile naming it and both numbers, in microseconds:
//   headroom::detail::tpot_target_missed<models::..., devices::..., PredictedUs, TargetUs>
#pragma once

#include <cstdint>

#include <headroom/calibration.hpp>
#include <headroom/check.hpp>
#include <headroom/engines/calibration.hpp>
#include <headroom/engines/exec_facts.hpp>
#include <headroom/engines/registry.hpp>
#include <headroom/engines/router_gemm.hpp>
#include <headroom/engines/serving_facts.hpp>
#include <headroom/serve.hpp>

namespace headroom {

/// The measured device whose table a device without one reads: the same NVIDIA generation
/// (compute capability: Ampere sm_80 / sm_86 -> A100 SXM 80 GB, Ada sm_89 -> L40S, Hopper
/// sm_90 -> H100 SXM, datacenter Blackwell sm_100 to sm_110 -> B200, the workstation and
/// GeForce Blackwell of sm_120 and sm_121 (RTX 50, RTX PRO, GB10), whose kernels are the
/// mma.sync family's and whose memory is GDDR7 or LPDDR5X, not HBM -> RTX PRO 6000 Blackwell
/// Server Edition); an AMD Instinct part of the FP8
/// generations, the NVIDIA part of its memory class (CDNA 3, gfx942: MI300X and MI325X -> H200
/// SXM; CDNA 4, gfx950: MI355X -> B200; docs/calibration.md); any other device (older AMD parts,
/// TPU, Gaudi, Apple) -> H100 SXM, the most measured one.
constexpr std::string_view nearest_measured_device(const device& d) {
  const std::uint16_t sm = sm_of(d.arch);
  if (sm >= 120) return "rtx_pro_6000_server";
  if (sm >= 100) return "b200";
  if (sm >= 90) return "h100_sxm";
  if (sm == 89) return "l40s";
  if (sm >= 80) return "a100_sxm_80gb";
  // A borrowed ratio is the other part's kernels' efficiency against its own ceiling, which
  // carries best between parts alike in memory bandwidth and matrix peaks (docs/calibration.md:
  // what the H100's ratios did on an MI355X).
  if (d.arch.starts_with("gfx95")) return "b200";
  if (d.arch.starts_with("gfx94")) return "h200_sxm";
  return "h100_sxm";
}

/// The table a device's missing grids fall back on: the nearest measured device's, and where
/// that is the device itself (its own table lacks the class), the next nearest: the same
/// silicon's sibling for Hopper and Blackwell (H200, GB200), B200 for the RTX PRO 6000 (the
/// classes aiconfigurator did not time there, such as SGLang's MLA prefill in FP8), Hopper for Ampere and Ada, whose
/// tables lack whole classes (aiconfigurator timed A100's MoE under power-law routing only, so
/// the A100 tables hold no MoE grid; headroom reads `balanced` rows, docs/calibration.md).
constexpr std::string_view fallback_device(const device& d) {
  const std::string_view nearest = nearest_measured_device(d);
  if (nearest != d.id) return nearest;
  if (nearest == "b200") return "gb200";
  if (nearest == "rtx_pro_6000_server") return "b200";
  if (nearest == "h100_sxm") return "h200_sxm";
  return "h100_sxm";  // a100_sxm_80gb, l40s
}

/// The calibration a deployment's engine has on device `d`, the table it falls back on, and
/// the streams the engine runs a shared expert on. Engines without tables of their own
/// (llama.cpp, engines::none) read vLLM's tables and run one stream.
constexpr calibration_set shipped_calibration(const device& d, const engine& e) {
  const engine_kind k = engines::rules_of(e).serving_time ? e.kind : engines::vllm.kind;
  // A second stream on NVIDIA's parts only: SGLang creates its alt_stream only under CUDA
  // (`torch.cuda.Stream() if _is_cuda else None`, python/sglang/srt/models/deepseek_v2.py
  // @3e4a39ee73308590c5c753108bdcb8d333f7f1c6, DeepseekV2Model), and vLLM runs the shared expert
  // on its aux stream only where `current_platform.is_cuda()`, false under ROCm
  // (vllm/model_executor/layers/fused_moe/runner/shared_experts.py
  // @b7bc5f0adbd872f4edfc7e464393b1f35c93eb24, SharedExperts._determine_shared_experts_order).
  const bool cuda = d.vendor == "NVIDIA";
  return {&engines::calibration_of(d.id, k),
          &engines::calibration_of(fallback_device(d), k),
          default_elementwise_rule,
          cuda ? engines::shared_streams_of(e.kind) : shared_expert_streams{},
          engines::gdn_decode_applies_gates(k),
          engines::norms_in_tp_all_reduce(e, d),
          cuda ? engines::latent_norm_streams_of(e.kind) : shared_expert_streams{},
          engines::router_gemm_of(e.kind, d),
          engines::rope_own_kernel(k),
          engines::gqa_rope_own_kernel(k),
          engines::qk_norm_own_kernel(k),
          &engines::latent_module_of(d.id, k)};
}

/// serve() on the device's default constants, the engine's execution facts, its step cost and
/// the shipped calibration tables.
constexpr serve_result serve(const model& m, const device& d, const deployment& dep, const load& l,
                             const disaggregation& dis = {}) {
  return serve(m, d, default_roofline(d), dep, l, engines::exec_facts_of(dep.engine), shipped_calibration(d, dep.engine),
               engines::serving_facts_of(dep.engine.kind), dis);
}

/// A load and its targets. Targets in whole milliseconds, or in microseconds where `*_us` is
/// set (clang 14 takes no floating-point template argument); 0: no target.
struct sla {
  std::uint64_t isl = 1024;
  std::uint64_t osl = 128;
  std::uint64_t concurrency = 1;
  std::uint64_t ttft_ms = 0;
  std::uint64_t tpot_ms = 0;
  std::uint64_t ttft_us = 0;
  std::uint64_t tpot_us = 0;
  std::uint64_t requests_per_client = load{}.requests_per_client;  ///< load::requests_per_client
  std::uint64_t prefix = 0;  ///< load::prefix: of each prompt's isl tokens, those in the engine's prefix cache (appended)
  bool prefix_shared = false;  ///< load::prefix_shared: one prefix every request shares, held once (appended)
  [[nodiscard]] constexpr std::uint64_t ttft_target_us() const { return ttft_us != 0 ? ttft_us : ttft_ms * 1000; }
  [[nodiscard]] constexpr std::uint64_t tpot_target_us() const { return tpot_us != 0 ? tpot_us : tpot_ms * 1000; }
};

namespace detail {
// Named in a build error: the predicted time (microseconds, rounded up) and the target.
template <const model& Model, const device& Device, std::uint64_t PredictedUs, std::uint64_t TargetUs>
struct ttft_target_missed;
template <const model& Model, const device& Device, std::uint64_t PredictedUs, std::uint64_t TargetUs>
struct tpot_target_missed;
// The engine does not start or holds no request of ISL + OSL tokens (`headroom fit` says why).
template <const model& Model, const device& Device, engine_term Term, std::uint64_t ContextTokens>
struct sla_load_does_not_fit;
// The engine does not run on the device's vendor's parts (engine_rules::vendors).
template <const device& Device, engine_kind Engine>
struct engine_does_not_run_on_device;
constexpr std::uint64_t micros_up(double ms) {
  const double us = ms * 1000.0;
  const auto whole = static_cast<std::uint64_t>(us);
  return static_cast<double>(whole) < us ? whole + 1 : whole;
}
}  // namespace detail

/// detail::fits when the deployment meets both targets; otherwise a compile error naming the
/// target missed and both numbers (a type, as assert_fits answers: check.hpp says why).
/// Disaggregated when `Dis` names workers (HEADROOM_ASSERT_SLA_DISAGG).
template <const model& Model, const device& Device, deployment Dep, sla Target, disaggregation Dis = disaggregation{}>
consteval auto assert_sla() {
  constexpr serve_result r =
      serve(Model, Device, Dep,
            load{.isl = Target.isl, .osl = Target.osl, .concurrency = Target.concurrency,
                 .requests_per_client = Target.requests_per_client, .prefix = Target.prefix,
                 .prefix_shared = Target.prefix_shared},
            Dis);
  constexpr std::uint64_t ttft = detail::micros_up(r.ttft_ms);
  constexpr std::uint64_t tpot = detail::micros_up(r.tpot_ms);
  if constexpr (!engines::runs_on(Dep.engine.kind, Device.vendor)) {
    return detail::failed<detail::engine_does_not_run_on_device<Device, Dep.engine.kind>>();
  } else if constexpr (!r.fits) {
    return detail::failed<detail::sla_load_does_not_fit<Model, Device, r.term, Target.isl + Target.osl>>();
  } else if constexpr (Target.ttft_target_us() != 0 && ttft > Target.ttft_target_us()) {
    return detail::failed<detail::ttft_target_missed<Model, Device, ttft, Target.ttft_target_us()>>();
  } else if constexpr (Target.tpot_target_us() != 0 && tpot > Target.tpot_target_us()) {
    return detail::failed<detail::tpot_target_missed<Model, Device, tpot, Target.tpot_target_us()>>();
  } else {
    return detail::passed();
  }
}

}  // namespace headroom

/// static_assert that a deployment meets its TTFT and TPOT targets; the last braces are a
/// `headroom::sla` initializer.
#define HEADROOM_ASSERT_SLA(model_entry, device_entry, deployment_init, ...)                         \
  static_assert(sizeof(typename decltype(::headroom::assert_sla<model_entry, device_entry,                  \
                                                               ::headroom::deployment deployment_init, \
                                                               ::headroom::sla __VA_ARGS__>())::type) != 0, \
                "headroom: " #model_entry " on " #device_entry " must meet its serving targets")

/// The same for disaggregated serving: `workers` is a `disaggregation` constant naming the prefill
/// and decode workers (a name, or a parenthesized expression: a braced list's commas would split
/// the macro's arguments), e.g.
///   constexpr headroom::disaggregation pd{.prefill_workers = 1, .prefill_tp = 8, .decode_workers = 2, .decode_tp = 8};
///   HEADROOM_ASSERT_SLA_DISAGG(models::deepseek_v3, devices::h200_sxm, {}, pd, {.isl = 1024, ...});
#define HEADROOM_ASSERT_SLA_DISAGG(model_entry, device_entry, deployment_init, workers, ...)                  \
  static_assert(sizeof(typename decltype(::headroom::assert_sla<model_entry, device_entry,                    \
                                                               ::headroom::deployment deployment_init,   \
                                                               ::headroom::sla __VA_ARGS__, workers>())::type) != 0, \
                "headroom: " #model_entry " on " #device_entry " (disaggregated) must meet its serving targets")
