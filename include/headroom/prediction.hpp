// SPDX-License-Identifier: MIT
// headroom: the calibrated prediction of a step beside its ceiling (docs/serving.md#prediction).
//
// The ceiling of a step (estimate.hpp) is a lower bound: every node at max(bytes / bandwidth,
// FLOPs / peak). The prediction costs the same rows by what kernels of their class measured on
// the device under the engine: time = ceiling x ratio(class, format, x, y), the ratio read from a
// calibration table (calibration.hpp; measured / ceiling, never below 1), and a collective at its
// measured time. So the prediction is never below the ceiling, row by row. Nor is a launch below
// its class's floor (the fastest kernel of the class the table measured): below the smallest
// measured shape a ratio read at the grid's edge times a tiny ceiling would be faster than any
// kernel the device ran.
//
// Where the (device, engine) table has no grid for a row's class and format, the prediction
// falls back, and says so: to the table of the nearest measured device of the same engine
// (engines/include/headroom/sla.hpp names it by compute capability). Linear attention (Gated
// DeltaNet's recurrence, the causal conv) reads measured microseconds a launch. Nodes of no
// measured class (norms, rotary, residual adds, gates, Mamba's one-token state update:
// memory-bound kernels) are costed by the element-wise model below (elementwise_rule).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/calibration.hpp>
#include <headroom/circuit.hpp>
#include <headroom/cost_class.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/kernels.hpp>
#include <headroom/model.hpp>
#include <headroom/node_cost.hpp>
#include <headroom/parallel.hpp>
#include <headroom/rank_node.hpp>
#include <headroom/roofline.hpp>
#include <headroom/detail/settings_core.hpp>
#include <headroom/step_estimate.hpp>
#include <headroom/stored_bytes.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom {

/// How a step's rows were run: a decode step (rows = seqs, each over `context`) or a prefill of
/// `rows` tokens of one prompt.
enum class step_pass : std::uint8_t { decode, prefill };

/// The parts of a step the serving model composes separately: weight-streaming kernels run at
/// the step's rows; attention and recurrent kernels at their sequences' contexts.
enum class step_part : std::uint8_t { dense, context };
inline constexpr std::size_t step_parts = 2;

/// How the engines launch the kernels no calibration table measures (norms, activations,
/// gates, the embedding gather, recurrent updates, the indexer): each kernel moves its bytes
/// at a share of the bandwidth and costs a fixed latency, the model NVIDIA aiconfigurator uses
/// for element-wise ops (aic-core/src/aiconfigurator_core/systems/h100_sxm.yaml, h200_sxm.yaml,
/// b200_sxm.yaml @095f58a51c4ca8e61b66ec108d86f223f8d559ce: mem_bw_empirical_scaling_factor 0.8,
/// mem_empirical_constant_latency 3 us, "correction based on observations"). Ops that the
/// engines run inside a neighbour's kernel launch nothing of their own: the residual add inside
/// the next fused add + RMSNorm, rotary embedding, the KV write and the q/k norms inside the
/// attention kernel, the router's top-k, the experts' activation and the EP reduce inside the
/// fused MoE kernel, activation quantization inside the quantized GEMM, views (copy, concat,
/// split) and the sampler's argmax (the engine's step overhead) -- as aiconfigurator's model
/// of a decoder layer counts them (aic-core/src/aiconfigurator_core/sdk/models/llama.py
/// @095f58a: add_norm twice, act_gate once, attention with its rope and cache write).
struct elementwise_rule {
  double bandwidth_share = 0.8;
  double launch_us = 3.0;
};
inline constexpr elementwise_rule default_elementwise_rule{};

/// Whether a node of op `o` launches its own kernel (see elementwise_rule). `expert_rows`: its
/// input carries one row per routed (token, expert) pair, i.e. it runs inside the MoE kernel.
constexpr bool launches_own_kernel(op o, bool expert_rows) {
  switch (o) {
    case op::residual_add:
    case op::rope:
    case op::kv_write:
    case op::qk_norm:
    case op::top_k:
    case op::act_quant:
    case op::copy:
    case op::concat:
    case op::split:
    case op::argmax:
    case op::blend:
    case op::ep_reduce: return false;
    case op::silu_mul:
    case op::swiglu_clamp:
    case op::relu2:
    case op::gelu_tanh:
    case op::gelu_tanh_mul: return !expert_rows;
    default: return true;
  }
}

/// The same for node `n`: a node whose input carries one row per routed (token, expert) pair
/// runs inside the MoE kernel; a q / k norm over all heads (MiniMax-M2's, `aux_split`) is no
/// per-head epilogue but kernels of its own, the sums of squares and then the scaling (SGLang's
/// rms_sumsq_serial and rms_apply_serial, python/sglang/srt/models/minimax_m2.py), with the
/// sums all-reduced between them under TP (step_links.hpp).
constexpr bool launches_own_kernel(const node& n) {
  if (n.kind == op::qk_norm && n.aux_split) return true;
  return launches_own_kernel(n.kind, n.n_in > 0 && n.in[0].rows_per_n > 1);
}

/// Which steps run a MoE layer's shared expert on a second CUDA stream, beside its router and
/// routed experts (docs/serving.md#streams): a step of at most `decode_rows` (decode) or
/// `prefill_rows` (prefill) token rows. 0: never, the kernels one after another on one stream.
struct shared_expert_streams {
  std::uint64_t decode_rows = 0;
  std::uint64_t prefill_rows = 0;
  [[nodiscard]] constexpr bool at(bool prefill, std::uint64_t rows) const {
    return rows != 0 && rows <= (prefill ? prefill_rows : decode_rows);
  }
};

/// A router GEMM kernel an engine runs in place of its general GEMM at small steps (DeepSeek-V3's
/// `dsv3_router_gemm`: BF16 in, FP32 out, one shape baked in): for a BF16 router of `hidden`
/// inputs and `experts[e]` outputs, at up to `max_rows` rows, its measured microseconds on the
/// device, `us[e]` at `rows` (ascending; between two points read on the line through them).
/// `max_rows` 0: none, the router reads the general GEMM's grid like any GEMM.
struct router_gemm_kernel {
  static constexpr std::size_t max_points = 8;
  std::uint64_t max_rows = 0;
  std::uint64_t hidden = 0;
  std::array<std::uint64_t, 2> experts{};
  std::size_t n = 0;
  std::array<double, max_points> rows{};
  std::array<std::array<double, max_points>, 2> us{};
  std::string_view source{};

  /// Which of `experts` a router of `k` inputs and `out` outputs at `t` rows is, or -1 when the
  /// kernel does not run it.
  [[nodiscard]] constexpr int runs(std::uint64_t k, std::uint64_t out, std::uint64_t t) const {
    if (max_rows == 0 || n == 0 || t == 0 || t > max_rows || k != hidden) return -1;
    for (std::size_t e = 0; e < experts.size(); ++e) {
      if (experts[e] != 0 && experts[e] == out) return static_cast<int>(e);
    }
    return -1;
  }
  /// Its measured time at `t` rows for experts[e] (the last point past the last row).
  [[nodiscard]] constexpr double us_at(int e, double t) const {
    const auto& v = us[static_cast<std::size_t>(e)];
    if (t <= rows[0]) return v[0];
    for (std::size_t i = 0; i + 1 < n; ++i) {
      if (t <= rows[i + 1]) return v[i] + (v[i + 1] - v[i]) * (t - rows[i]) / (rows[i + 1] - rows[i]);
    }
    return v[n - 1];
  }
};

/// What a prediction could read: the (device, engine) table and the one it falls back on, and
/// how the engine launches what no table measures.
/// An engine's latent attention module in a decode step, measured whole: DeepSeek-V3's layout
/// (latent_module_heads) on one rank of `heads` query heads, its projections' weights and its
/// KV cache in the formats named, the microseconds a layer at (sequences on the rank, context
/// tokens), a calib_grid of measured microseconds; 0 where nothing was measured (the lookup does
/// not read across such a cell). The module is every node of the
/// attention block but its input norm and residual add, as the engine runs it, its kernels'
/// launches and the gaps between them included; no TP all-reduce (docs/calibration.md,
/// "Latent attention modules").
struct latent_module_grid {
  std::uint16_t heads = 0;
  calib_format weights = calib_format::bf16;
  /// Over (sequences, context) in measured microseconds (`absolute_us`), `fmt` the KV cache's
  /// format; its `cls` is kernel_class::mla_decode's, the kernel at its heart.
  calib_grid grid{};
};
struct latent_module_table {
  std::string_view source{};
  const latent_module_grid* grids = nullptr;
  std::size_t n_grids = 0;
};
inline constexpr latent_module_table no_latent_module{};  // a sentinel, as no_calibration

/// The module's measured microseconds a layer at `seqs` sequences and `context` tokens, 0 where
/// the table does not hold them: no grid of (heads, weights, kv); more sequences or tokens than
/// its axes reach (a context below the first point reads as there: the module's time is flat
/// over the first few tokens); or a corner of the cell unmeasured. Bilinear in (log seqs, log
/// context), as calib_grid's lookup.
constexpr double latent_module_us(const latent_module_table& t, std::uint64_t heads, calib_format weights, calib_format kv,
                                  double seqs, double context) {
  for (std::size_t g = 0; g < t.n_grids; ++g) {
    const calib_grid& gr = t.grids[g].grid;
    if (t.grids[g].heads != heads || t.grids[g].weights != weights || gr.fmt != kv || gr.nx == 0 || gr.ny == 0) continue;
    if (seqs > gr.xs[gr.nx - 1] || context > gr.ys[gr.ny - 1]) return 0.0;
    const detail::calib_span sx = detail::calib_locate(gr.xs, gr.nx, seqs);
    const detail::calib_span sy = detail::calib_locate(gr.ys, gr.ny, context);
    const std::size_t ix1 = sx.t > 0 ? sx.i + 1 : sx.i, iy1 = sy.t > 0 ? sy.i + 1 : sy.i;
    const auto at = [&](std::size_t ix, std::size_t iy) { return gr.values[ix * gr.ny + iy]; };
    if (!(at(sx.i, sy.i) > 0 && at(sx.i, iy1) > 0 && at(ix1, sy.i) > 0 && at(ix1, iy1) > 0)) return 0.0;
    return grid_value(gr, sx, sy);
  }
  return 0.0;
}

/// A latent-module table's laws: a source named; every grid of positive heads, projection
/// weights of bf16, fp8_block or fp4 and a bf16 or fp8 KV cache, one grid a triple; its axes
/// non-empty, positive, finite and strictly ascending; its microseconds finite and positive or 0
/// (unmeasured), at least one measured.
constexpr bool latent_module_valid(const latent_module_table& t) {
  if (t.source.empty() || (t.n_grids != 0 && t.grids == nullptr)) return false;
  const auto ascending = [](const double* a, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      if (!(a[i] > 0 && a[i] < std::numeric_limits<double>::infinity())) return false;
      if (i > 0 && !(a[i] > a[i - 1])) return false;
    }
    return true;
  };
  for (std::size_t g = 0; g < t.n_grids; ++g) {
    const latent_module_grid& m = t.grids[g];
    const calib_grid& gr = m.grid;
    if (m.heads == 0 || gr.nx == 0 || gr.ny == 0 || gr.xs == nullptr || gr.ys == nullptr || gr.values == nullptr) return false;
    if (!gr.absolute_us || gr.cls != kernel_class::mla_decode) return false;
    if (m.weights != calib_format::bf16 && m.weights != calib_format::fp8_block && m.weights != calib_format::fp4) return false;
    if (gr.fmt != calib_format::bf16 && gr.fmt != calib_format::fp8) return false;
    if (!ascending(gr.xs, gr.nx) || !ascending(gr.ys, gr.ny)) return false;
    bool any = false;
    for (std::size_t i = 0; i < static_cast<std::size_t>(gr.nx) * gr.ny; ++i) {
      const double v = gr.values[i];
      if (!(v >= 0 && v < std::numeric_limits<double>::infinity())) return false;
      any = any || v > 0;
    }
    if (!any) return false;
    for (std::size_t h = 0; h < g; ++h) {
      if (t.grids[h].heads == m.heads && t.grids[h].weights == m.weights && t.grids[h].grid.fmt == gr.fmt) return false;
    }
  }
  return true;
}

struct calibration_set {
  const calibration* own = &no_calibration;
  const calibration* fallback = &no_calibration;  ///< the nearest measured device's (sla.hpp says which)
  elementwise_rule elementwise{};                 ///< the kernels no table measures
  shared_expert_streams shared_streams{};         ///< none by default: every kernel on one stream
  /// The engine's one-token Gated DeltaNet kernel applies the gates and the q / k L2 norm itself
  /// (SGLang's and vLLM's fused_recurrent_gated_delta_rule_packed_decode, which the gdn_decode
  /// grids time): in a decode step those nodes launch nothing of their own.
  bool gdn_decode_applies_gates = false;
  /// Under tensor parallelism without attention data parallelism, the engine runs the RMSNorm
  /// after each TP all-reduce of an MLA MoE decoder (DeepSeek-V3's) inside the all-reduce kernel
  /// (TensorRT-LLM's AllReduceFusionOp.RESIDUAL_RMS_NORM, engines/serving_facts.hpp): in a decode
  /// step the MoE block's norm and the attention block's input norm, but for one a rank (the
  /// norm a rank's first layer runs on its own), launch nothing of their own.
  bool norms_in_tp_all_reduce = false;
  /// The steps in which the engine runs a latent attention block's two norms, q_a's and kv_a's,
  /// on two streams (engines/serving_facts.hpp): the pair then costs the longer of the two, never
  /// less than both ceilings. None by default: one stream.
  shared_expert_streams latent_norm_streams{};
  /// The engine's router GEMM kernel on the device, measured (engines/router_gemm.hpp); none by
  /// default: a router is a GEMM of the table.
  router_gemm_kernel router_gemm{};
  /// The engine applies rotary embedding in a kernel of its own, outside the attention op its
  /// attention grids time (engines/serving_facts.hpp, rope_own_kernel); none by default: rope
  /// inside the attention kernel, as aiconfigurator's model of a layer counts it.
  bool rope_own_kernel = false;
  /// The engine applies rotary embedding in a kernel of its own in a GQA / MHA attention block
  /// (not in a multi-head latent attention block): SGLang's models call their rotary embedding
  /// before RadixAttention, whose forward its attention grids time (engines/serving_facts.hpp,
  /// gqa_rope_own_kernel). rope_own_kernel covers every block; none by default.
  bool gqa_rope_own_kernel = false;
  /// The engine normalizes each head of q and k (Qwen3's q_norm / k_norm) in one kernel of its
  /// own a layer, outside the attention op its grids time (engines/serving_facts.hpp,
  /// qk_norm_own_kernel); none by default: inside the attention kernel. A norm over all heads
  /// (MiniMax-M2's) launches its own kernels whatever this says (launches_own_kernel).
  bool qk_norm_own_kernel = false;
  /// The engine's latent attention module measured whole on the device (appended): a decode
  /// step's DeepSeek-V3-shaped attention block costs that instead of its kernels one by one.
  /// None by default.
  const latent_module_table* latent_module = &no_latent_module;
};

/// Where a prediction's ratios came from. `stand_in` (added after the others, so their values
/// stand): a kernel no table times read on a related kernel's measurements of the device's own
/// table (Kimi Delta Attention's recurrence and a prompt's Mamba2 scan on Gated DeltaNet's); it
/// ranks between `measured` and `fallback` (worse()).
enum class calib_source : std::uint8_t { measured, fallback, none, stand_in };
constexpr std::string_view name(calib_source s) {
  constexpr std::string_view names[] = {"measured", "fallback: the nearest measured device's table",
                                         "fallback: the ceiling (no table)", "stand-in: a related kernel's measurements"};
  return names[static_cast<std::size_t>(s)];
}
/// One word for a table column: measured, stand-in or fallback.
constexpr std::string_view short_name(calib_source s) {
  return s == calib_source::measured ? "measured" : s == calib_source::stand_in ? "stand-in" : "fallback";
}

struct step_prediction {
  double ceiling_us = 0;
  double predicted_us = 0;
  std::array<double, step_parts> ceiling_part_us{};
  std::array<double, step_parts> predicted_part_us{};
  double link_ceiling_us = 0;
  double link_predicted_us = 0;
  calib_source worst = calib_source::measured;  ///< the least measured source any row used
  /// The same kernels by cost class (cost_class.hpp, in its order): where the step's time goes.
  /// The classes sum to the kernels before two streams overlap; `overlap_us` is what a shared
  /// expert's (or a latent block's norm's) own stream hides of them, so that
  /// sum(class_predicted_us) - overlap_us + link_predicted_us == predicted_us (and the ceilings
  /// sum to ceiling_us less the links').
  std::array<double, all_cost_classes.size()> class_ceiling_us{};
  std::array<double, all_cost_classes.size()> class_predicted_us{};
  double overlap_us = 0;
  /// What the latent attention modules measured whole added to their nodes' predictions (0
  /// where none binds, or no module is read): part of predicted_us and of the classes, said
  /// apart so that a report can tell a measured floor from the kernels' sum.
  double module_floor_us = 0;
};

/// Sibling projections the engines run as one GEMM: q, k and v (QKVParallelLinear in vLLM and
/// SGLang, the fused QKV GEMM of TensorRT-LLM); MLA's q_a and kv_a (fused_qkv_a_proj_with_mqa in
/// vLLM's and SGLang's DeepSeek-V2/V3 models). 0: no group.
constexpr int gemm_group_of(linear_role r) {
  if (r == linear_role::q || r == linear_role::k || r == linear_role::v) return 1;
  if (r == linear_role::mla_q_a || r == linear_role::mla_kv_a) return 2;
  return 0;
}

namespace detail {

struct ratio_answer {
  double value = 1;
  calib_source from = calib_source::none;
  double floor_us = 0;  ///< the grid's floor: no launch of its class is predicted faster
};

// The grid of (k, f) in `c`, where per-tensor and block-scaled FP8 stand in for each other when
// the table measured one of them only (SGLang's Hopper MoE: block-scaled only); c.n_grids: none.
constexpr std::size_t grid_for(const calibration& c, kernel_class k, calib_format f) {
  const std::size_t g = find_grid(c, k, f);
  if (g != c.n_grids) return g;
  auto first_of = [&](std::initializer_list<calib_format> stand_ins) {
    for (const calib_format x : stand_ins) {
      if (const std::size_t i = find_grid(c, k, x); i != c.n_grids) return i;
    }
    return c.n_grids;
  };
  // The W4A16 kernels stand in for each other (Marlin's own two first); an MXFP4 one last reads
  // the BF16 MMA it widens into, an INT4 one without the three the fallback device's table.
  using cf = calib_format;
  switch (f) {
    case cf::fp8: return first_of({cf::fp8_block});
    // A table that timed no statically scaled FP8 (or whose scale computation costs nothing)
    // reads its dynamic rows.
    case cf::fp8_static: return first_of({cf::fp8, cf::fp8_block});
    case cf::fp8_block: return first_of({cf::fp8});
    case cf::int4_weight_only: return first_of({cf::mxfp4_marlin, cf::mxfp4_weight_only});
    case cf::mxfp4_marlin: return first_of({cf::int4_weight_only, cf::mxfp4_weight_only, cf::bf16});
    case cf::mxfp4_weight_only: return first_of({cf::int4_weight_only, cf::mxfp4_marlin, cf::bf16});
    case cf::bf16:
    case cf::fp4: return g;
  }
  return g;
}

// The grid a lookup reads: the device's own table's, else the fallback's (found = false: neither
// has one). A flag, not a null pointer: g++ under UBSan does not constant-evaluate an address
// compared with null.
struct found_grid {
  const calib_grid* grid = nullptr;
  calib_source from = calib_source::none;
  bool found = false;
};
constexpr found_grid grid_in(const calibration_set& cs, kernel_class k, calib_format f) {
  if (const std::size_t g = grid_for(*cs.own, k, f); g != cs.own->n_grids) return {&cs.own->grids[g], calib_source::measured, true};
  if (const std::size_t g = grid_for(*cs.fallback, k, f); g != cs.fallback->n_grids) {
    return {&cs.fallback->grids[g], calib_source::fallback, true};
  }
  return {};
}

// The ratio (or absolute time) for one lookup.
constexpr ratio_answer calibrated(const calibration_set& cs, kernel_class k, calib_format f, double x, double y) {
  const found_grid fg = grid_in(cs, k, f);
  if (!fg.found) return {};
  const calib_grid& gr = *fg.grid;
  return {grid_value(gr, calib_locate(gr.xs, gr.nx, x), calib_locate(gr.ys, gr.ny, y)), fg.from, gr.floor_us};
}

// A collective's time at (bytes x, ranks y), never above its time at a larger message of the
// table (the running minimum over the grid's x above): a smaller message can be sent as the
// larger one, so a larger one measured faster bounds it, and measured tables dip (an all-to-all
// of 64 KB over 8 ranks read below one of 32 KB in the H100's table). So the time never falls
// as the message grows.
constexpr ratio_answer calibrated_rising(const calibration_set& cs, kernel_class k, calib_format f, double x, double y) {
  const found_grid fg = grid_in(cs, k, f);
  if (!fg.found) return {};
  const calib_grid& gr = *fg.grid;
  const auto sy = calib_locate(gr.ys, gr.ny, y);
  double v = grid_value(gr, calib_locate(gr.xs, gr.nx, x), sy);
  for (std::size_t ix = 0; ix < gr.nx; ++ix) {
    if (gr.xs[ix] <= x) continue;
    const double above = grid_value(gr, calib_span{ix, 0.0, false}, sy);
    if (above < v) v = above;
  }
  return {v, fg.from, gr.floor_us};
}

// The ratio at (x, y), and the largest ratio of the same table at x1 = 1, 2, 4, ... below x and at
// most `upto` (the floors below). The grid is found and y located once: the same arithmetic as
// one calibrated() per point, so the same numbers, at a fraction of the cost (a search evaluates
// this for every row of every step).
struct floored_answer {
  double value = 1;
  calib_source from = calib_source::none;
  double most = 1;
  double floor_us = 0;  ///< the grid's floor (ratio_answer)
};
// `scale(x1)`: what the ratio at x1 multiplies in the floor, relative to one row (the weights a
// routed-experts launch streams at x1 rows over those at one; 1 for a weight every row shares):
// `most` is then the largest ratio x scale, so the floor is the time of the longest of those
// launches, and the time is never less at more rows than at x1.
struct unit_scale {
  constexpr double operator()(double) const { return 1.0; }
};
// A routed node's grouping as the busiest rank sees it under `slots` expert slots: its
// group-limited routing (ep_busiest_share), unless redundant experts (EPLB, placed by load, not
// by group) break it. {groups, top_groups}; {0, 0}: none.
struct expert_grouping {
  std::uint64_t groups = 0, top_groups = 0;
};
constexpr expert_grouping grouping_under(const node& n, std::uint64_t slots) {
  return slots == n.experts && n.expert_groups != 0 ? expert_grouping{n.expert_groups, n.top_groups} : expert_grouping{};
}
// The experts a rank touches on the mean at `rows` token rows over `ep` ranks of `slots`, a
// shared expert fused into the routed kernel (`fused`) one more on every rank.
constexpr double mean_rank_experts(std::uint64_t slots, std::uint64_t top_k, std::uint64_t rows, std::uint64_t ep, double fused) {
  return distinct_experts(slots, top_k, rows) / static_cast<double>(ep) + fused;
}
// ep_busiest_share at one and at 2, 4, 8 and 16 rows, worked out once a step for a (experts,
// top-k, grouping): every routed row of a step asks for the same few (a binomial sum each).
struct busy_memo {
  std::uint64_t experts = 0;
  std::uint64_t top_k = 0;
  std::uint64_t groups = 0;
  std::uint64_t top_groups = 0;
  std::array<double, 5> at_pow2{};  // rows 1, 2, 4, 8, 16; 0 until worked out
  constexpr double at(std::uint64_t e, std::uint64_t k, std::uint64_t g, std::uint64_t tg, std::uint64_t rows, std::uint64_t ep) {
    if (ep <= 1) return 1.0;
    std::size_t i = 0;
    while (i < at_pow2.size() && (std::uint64_t{1} << i) != rows) ++i;
    if (i == at_pow2.size()) return ep_busiest_share(e, k, rows, ep, g, tg);
    if (e != experts || k != top_k || g != groups || tg != top_groups) {
      experts = e;
      top_k = k;
      groups = g;
      top_groups = tg;
      at_pow2 = {};
    }
    if (at_pow2[i] == 0) at_pow2[i] = ep_busiest_share(e, k, rows, ep, g, tg);
    return at_pow2[i];
  }
};
template <class Scale = unit_scale>
constexpr floored_answer calibrated_floored(const calibration_set& cs, kernel_class k, calib_format f, double x, double y,
                                            double upto, Scale scale = {}) {
  const found_grid fg = grid_in(cs, k, f);
  if (!fg.found) return {};
  const calib_grid& gr = *fg.grid;
  const calib_span sy = calib_locate(gr.ys, gr.ny, y);
  floored_answer out{grid_value(gr, calib_locate(gr.xs, gr.nx, x), sy), fg.from, 1, gr.floor_us};
  calib_span sx1{};
  for (double x1 = 1; x1 < x && x1 <= upto; x1 *= 2) {
    sx1 = calib_locate(gr.xs, gr.nx, x1, sx1.i);  // x1 rises: the walk resumes
    const double r1 = grid_value(gr, sx1, sy) * scale(x1);
    out.most = r1 > out.most ? r1 : out.most;
  }
  return out;
}

// The measured kernel a GEMM of weight format `w` runs as on path `how`: block-scaled FP8
// weights (fp8/block<r>x<c>) run the engines' block-scaled kernels, not the per-tensor ones.
constexpr calib_format calib_format_of(const exec& how, const tensor_format& w) {
  // A weight-only kernel of MXFP4 weights (gpt-oss's experts under vLLM: engines/exec_facts.hpp)
  // reads the W4A16 MXFP4 kernels' grid, Marlin's where the kernel fact names Marlin; any other
  // 4-bit weight-only kernel the INT4 one.
  if (how.path == exec_path::weight_only) {
    if (w.kind != format_kind::mxfp4) return calib_format::int4_weight_only;
    return how.fact->marlin ? calib_format::mxfp4_marlin : calib_format::mxfp4_weight_only;
  }
  if (how.path == exec_path::exact_fp8_emulation) return calib_format::fp8;
  if (how.path == exec_path::native) {
    if (how.kind == mma_kind::fp4_block_scale || how.kind == mma_kind::mxf8f6f4) return calib_format::fp4;
    if (how.kind == mma_kind::fp8) {
      return w.kind == format_kind::fp8 && w.scale == scale_kind::block ? calib_format::fp8_block : calib_format::fp8;
    }
    if (how.kind == mma_kind::fp4_fp8_nvfp4_scaled) return calib_format::fp8;
  }
  return calib_format::bf16;
}

// The same for a node's formats: per-tensor FP8 whose activation is quantized with a scale the
// checkpoint stores reads the statically scaled grid. headroom's rules count that scale among a
// projection's extra scalars (ModelOpt's input_scale: models/recipes.hpp, modelopt_fp8_kv; the
// config.json importer's ModelOpt recipe), and a dynamic recipe stores none.
constexpr calib_format calib_format_of(const exec& how, const resolved_formats& f) {
  const calib_format base = calib_format_of(how, f.weight);
  const bool stored_scale = f.activation.kind == format_kind::fp8 && f.activation.scale == scale_kind::tensor && f.extra_scalars >= 1;
  return base == calib_format::fp8 && how.kind == mma_kind::fp8 && stored_scale ? calib_format::fp8_static : base;
}

// The less measured of two sources: measured, stand_in, fallback, none.
constexpr int calib_rank(calib_source s) {
  switch (s) {
    case calib_source::measured: return 0;
    case calib_source::stand_in: return 1;
    case calib_source::fallback: return 2;
    case calib_source::none: return 3;
  }
  return 3;
}
constexpr calib_source worse(calib_source a, calib_source b) { return calib_rank(a) > calib_rank(b) ? a : b; }

// N x K of the GEMM a node runs in: its own weight, or the sum of its group's in its block.
// The format an absorbed MLA's BMM pair is read in: the kv_b weight's own where a table timed
// it (each table holds the kernel its engine runs that weight with: tools/calibrate/convert.mjs,
// SGLang's block-scaled FP8 one its BF16 rows), else BF16: an engine whose table timed BF16 BMMs
// alone runs them in BF16 whatever the checkpoint (vLLM on NVIDIA keeps BF16 copies of W_UK and
// W_UV for torch.bmm: aiconfigurator's collector/vllm/collect_mla_bmm.py
// @095f58a51c4ca8e61b66ec108d86f223f8d559ce). The device's own table first, then the fallback.
// found = false: neither has an mla_bmm grid.
struct bmm_grid {
  calib_format fmt = calib_format::bf16;
  bool found = false;
};
constexpr bmm_grid absorbed_bmm_format(const calibration_set& cs, calib_format weight) {
  for (const calibration* c : {cs.own, cs.fallback}) {
    if (grid_for(*c, kernel_class::mla_bmm, weight) != c->n_grids) return {weight, true};
    if (grid_for(*c, kernel_class::mla_bmm, calib_format::bf16) != c->n_grids) return {calib_format::bf16, true};
  }
  return {};
}

constexpr double gemm_elements(const circuit& c, const node& n, std::uint8_t bi) {
  const int g = gemm_group_of(n.role);
  if (g == 0) return static_cast<double>(n.weight_out()) * static_cast<double>(n.weight_k());
  const block& b = c.blocks[bi];
  double sum = 0;
  for (std::size_t i = b.first; i < b.end; ++i) {
    const node& o = c.nodes[i];
    if (o.kind == op::linear && gemm_group_of(o.role) == g) sum += static_cast<double>(o.weight_out()) * static_cast<double>(o.weight_k());
  }
  return sum;
}

// The elements a token of the states node `n` reads holds on one rank of `tp`.
constexpr std::uint64_t read_elements(const block& b, const node& n, std::uint64_t tp) {
  std::uint64_t e = 0;
  for (std::size_t i = 0; i < b.n_states; ++i) {
    if (n.reads & (1u << i)) e += rank_state(b.states[i], tp).elements;
  }
  return e;
}

// A paged attention whose every head reads one latent row a token, the row every TP rank keeps
// whole (MLA run absorbed, DeepSeek-V3: mla_parts_of in models/blocks/attention.hpp): the
// kernel the engines run is the MLA decode kernel (FlashMLA, FlashInfer's or TensorRT-LLM's
// MLA), not a GQA one, and its ceiling is the mla_decode rows' (docs/calibration.md).
constexpr bool reads_shared_latent(const block& b, const node& n) {
  if (n.kind != op::paged_attention || n.pool > 1) return false;
  bool any = false;
  for (std::size_t i = 0; i < b.n_states; ++i) {
    if ((n.reads & (1u << i)) == 0) continue;
    if (b.states[i].split != shard::replicated || b.states[i].kind != state_kind::paged_kv) return false;
    any = true;
  }
  return any;
}

// The linear-attention kernels (kernel_class::gdn_* and conv1d_*): a delta-rule recurrence or a
// causal conv (Gated DeltaNet's, Mamba's, Kimi Delta Attention's: one kernel, causal_conv1d). A
// Gated DeltaNet recurrence decays and gates each value head by one scalar (blocks/gdn.hpp: its
// g and beta inputs are as wide); Kimi Delta Attention's decays each channel (blocks/kda.hpp),
// another kernel of the same chunked family, which reads the Gated DeltaNet grids as a stand-in
// and says so (calib_source::stand_in): on B200 under vLLM its measured kernels run 0.8-1.9x Gated DeltaNet's
// at one state size (NVIDIA aiconfigurator, kda_perf.parquet: 48 heads of 128, 8,192 tokens
// 625 us against 329 us; 64 sequences 77 us against 70 us), where the element-wise model put a
// prompt's scan at an eighth of the measured time.
constexpr bool gdn_recurrence_node(const node& n) {
  return n.kind == op::gdn_recurrence && n.n_in >= 4 && n.in[2].width == n.in[3].width;
}
// Mamba2's state update in a prompt's pass is the chunked SSD scan (mamba_chunk_scan_combined,
// the Triton kernels SGLang, vLLM and TensorRT-LLM all carry), which no table covers but one: it
// reads the Gated DeltaNet prefill grid at its state elements (heads x head_dim x d_state), a
// stand-in, as Kimi Delta Attention's recurrence does. On B200 the two chunked scans run alike
// at one state size: Nemotron-3-Nano's 64 heads of 64 x 128 (524,288 elements) take 95.1, 718.0
// and 2,837.6 us at 1,024, 8,192 and 32,768 tokens under TensorRT-LLM 1.3.0rc15
// (b200_sxm/linear_attention/trtllm/1.3.0rc15/mamba2_perf.parquet), Gated DeltaNet's cell at
// that state 89.3, 595.8 and 2,293 under SGLang 0.5.14 (1.06-1.24x); the element-wise model had
// put the 8,192-token scan at 42 us a layer. A decode step's update keeps the element-wise model
// (memory-bound, as Gated DeltaNet's one-token kernel measures: 69.5 us against the model's 69
// at 64 sequences of Qwen3.5-27B's state on B200).
constexpr bool linear_attention_node(const node& n) {
  return n.kind == op::conv1d_update || n.kind == op::gdn_recurrence || n.kind == op::ssm_update;
}
// Whether a node of block `b` satisfies `holds`.
template <class Pred>
constexpr bool block_holds(const circuit& c, const block& b, Pred holds) {
  for (std::size_t i = b.first; i < b.end; ++i) {
    if (holds(c.nodes[i])) return true;
  }
  return false;
}
// A block holding a Gated DeltaNet recurrence.
constexpr bool gdn_block(const circuit& c, const block& b) {
  return block_holds(c, b, [](const node& n) { return gdn_recurrence_node(n); });
}
// A block of routed experts.
constexpr bool experts_block(const circuit& c, const block& b) {
  return block_holds(c, b, [](const node& n) { return cost_class_of(n.kind) == cost_class::routed_experts; });
}
// Whether a block's routed experts are gated (SwiGLU: gate and up, then down; three matrices an
// expert) or not (Nemotron-3's up, relu2, down: two): its expert_gate_up node writes twice the
// intermediate width it is split by when gated.
constexpr bool gated_experts(const circuit& c, const block& b) {
  return !block_holds(c, b, [](const node& n) {
    return n.kind == op::expert_gate_up && n.units != 0 && n.weight_out() < 2 * static_cast<std::uint64_t>(n.units);
  });
}
// A multi-head latent attention block (its latent projection, kv_a_proj_with_mqa).
constexpr bool latent_attention_block(const circuit& c, const block& b) {
  return block_holds(c, b, [](const node& n) { return n.kind == op::linear && n.role == linear_role::mla_kv_a; });
}
// Whether node `n` of block `bi` launches an element-wise kernel of its own under the engine's
// rules in `cs`: launches_own_kernel, and rotary embedding and per-head q / k norms where the
// engine runs them apart from the attention op (the pair of norms one kernel: the q norm's).
// The prediction's element-wise model and kernel_launches read the same answer.
constexpr bool own_elementwise_launch(const circuit& c, std::uint8_t bi, const node& n, const calibration_set& cs) {
  if (launches_own_kernel(n)) return true;
  if (n.kind == op::rope) {
    return cs.rope_own_kernel || (cs.gqa_rope_own_kernel && n.local == "rope" && !latent_attention_block(c, c.blocks[bi]));
  }
  return n.kind == op::qk_norm && cs.qk_norm_own_kernel && n.local == "q_norm";
}
// An MLA MoE decoder: a multi-head latent attention block and a routed-experts block.
// The query heads of block `b` when it is DeepSeek-V3's latent attention as the latent-module
// tables time it (latent_module_grid), else 0: the plain MLA block's nodes only (mla_parts,
// models/blocks/attention.hpp: input norm, q_a, q_a norm, q_b, kv_a, kv_a norm, rope, KV write,
// kv_b, attend, o, add), of DeepSeek-V3's widths: hidden 7,168, q_lora 1,536, the latent 512 +
// 64 of rope, a head's query 128 + 64 wide, its kv_b rows 128 + 128 and its output 128
// (config.json; Kimi-K2 keeps them with 64 heads). An indexed block (DeepSeek-V3.2's) or any
// other width is not the module measured.
inline constexpr std::uint64_t latent_module_hidden = 7168;  // DeepSeek-V3's hidden_size
constexpr std::uint64_t latent_module_heads(const circuit& c, const block& b) {
  constexpr std::uint64_t hidden = latent_module_hidden, q_lora = 1536, kv_lora = 512, rope = 64, nope = 128, v_head = 128;
  std::uint64_t heads = 0, nodes = 0, norms = 0;
  for (std::uint16_t ni = b.first; ni < b.end; ++ni) {
    const node& n = c.nodes[ni];
    ++nodes;
    switch (n.kind) {
      case op::rms_norm: ++norms; continue;
      case op::rope:
      case op::kv_write:
      case op::residual_add: continue;
      case op::paged_attention:
        if (!reads_shared_latent(b, n)) return 0;
        continue;
      case op::linear: break;
      default: return 0;
    }
    const std::uint64_t k = n.weight_k(), out = n.weight_out();
    switch (n.role) {
      case linear_role::mla_q_a:
        if (k != hidden || out != q_lora) return 0;
        break;
      case linear_role::mla_kv_a:
        if (k != hidden || out != kv_lora + rope) return 0;
        break;
      case linear_role::mla_q_b:
        if (n.units == 0 || k != q_lora || out != n.units * (nope + rope)) return 0;
        heads = n.units;
        break;
      case linear_role::mla_kv_b:
        if (n.units == 0 || k != kv_lora || out != n.units * (nope + v_head)) return 0;
        break;
      case linear_role::o:
        if (n.units == 0 || out != hidden || k != n.units * v_head) return 0;
        break;
      default: return 0;
    }
  }
  return nodes == 12 && norms == 3 ? heads : 0;
}
// Of such a block, the nodes the module holds: all but the input norm (the norm of the hidden
// width) and the residual add.
constexpr bool in_latent_module(const node& n) {
  if (n.kind == op::residual_add) return false;
  return !(n.kind == op::rms_norm && n.n_in > 0 && n.in[0].width == latent_module_hidden);
}

constexpr bool mla_moe_circuit(const circuit& c) {
  bool mla = false, moe = false;
  for (std::size_t bi = 0; bi < c.n_blocks; ++bi) {
    mla = mla || latent_attention_block(c, c.blocks[bi]);
    moe = moe || experts_block(c, c.blocks[bi]);
  }
  return mla && moe;
}
// The norms an engine that fuses the norm after a TP all-reduce runs inside the all-reduce
// kernel (calibration_set::norms_in_tp_all_reduce): the routed-experts block's norm, after the
// attention's all-reduce, and the latent attention block's input norm, after the previous
// layer's.
enum class fused_norm : std::uint8_t { none, moe_norm, input_norm };
constexpr fused_norm fused_norm_of(const circuit& c, std::uint8_t block_index, const node& n) {
  if (n.kind != op::rms_norm) return fused_norm::none;
  const block& b = c.blocks[block_index];
  if (n.local == "post_norm" && experts_block(c, b)) return fused_norm::moe_norm;
  if (n.local == "input_norm" && latent_attention_block(c, b)) return fused_norm::input_norm;
  return fused_norm::none;
}

// The value of grid `gr` at (x, y), continued past the grid's last point of an axis along the
// line through its last two (linear_attention_us below); at or inside the grid, grid_value.
constexpr double extrapolated_value(const calib_grid& gr, double x, double y) {
  const calib_span sy = calib_locate(gr.ys, gr.ny, y);
  // The value at column ix and y, y continued past the last row.
  auto column = [&](std::size_t ix) {
    const double v = grid_value(gr, calib_span{ix, 0.0, false}, sy);
    const std::size_t ny = gr.ny;
    if (!(y > gr.ys[ny - 1])) return v;
    if (ny == 1) return v * (y / gr.ys[0]);
    const double slope = (gr.values[ix * ny + ny - 1] - gr.values[ix * ny + ny - 2]) / (gr.ys[ny - 1] - gr.ys[ny - 2]);
    return slope > 0 ? v + slope * (y - gr.ys[ny - 1]) : v;
  };
  const std::size_t nx = gr.nx;
  if (!(x > gr.xs[nx - 1])) {
    const calib_span sx = calib_locate(gr.xs, nx, x);
    const double lo = column(sx.i);
    return sx.t > 0 ? lo + (column(sx.i + 1) - lo) * sx.t : lo;
  }
  const double last = column(nx - 1);
  if (nx == 1) return last * (x / gr.xs[0]);
  const double slope = (last - column(nx - 2)) / (gr.xs[nx - 1] - gr.xs[nx - 2]);
  return slope > 0 ? last + slope * (x - gr.xs[nx - 1]) : last;
}

// A linear-attention row's measured microseconds a launch: bilinear in (log x, log y) inside
// the grid; past its last x or y along the straight line through the last two points of that
// axis (a fixed cost and a cost per sequence, token or state element: a batch, a prompt or a
// state larger than any measured adds work at the rate the largest two measured did), never
// below the edge; below its first point the edge (the launch's fixed cost). x: the sequences of
// a decode step, the tokens of a prefill; y: the elements of the state the node updates, one
// sequence's on this rank. found = false: no table.
constexpr ratio_answer linear_attention_us(const calibration_set& cs, const circuit& c, const node& n, std::uint8_t bi,
                                           step_pass pass, std::uint64_t rows, std::uint64_t seqs, const parallel& plan) {
  const bool prefill = pass == step_pass::prefill;
  if (n.kind == op::ssm_update && !prefill) return {};  // Mamba's one-token update: the element-wise model
  const kernel_class k = n.kind == op::conv1d_update ? (prefill ? kernel_class::conv1d_prefill : kernel_class::conv1d_decode)
                                                      : (prefill ? kernel_class::gdn_prefill : kernel_class::gdn_decode);
  const found_grid fg = grid_in(cs, k, calib_format::bf16);
  if (!fg.found) return {};
  const block& bl = c.blocks[bi];
  const std::uint64_t btp = block_tp(bl, plan);
  std::uint64_t elements = 0;
  for (std::size_t si = 0; si < bl.n_states; ++si) {
    if (n.updates & (1u << si)) elements += rank_state(bl.states[si], btp).elements;
  }
  const double x = static_cast<double>(prefill ? rows : seqs);
  const double y = static_cast<double>(elements);
  const bool stand_in = n.kind == op::ssm_update || (n.kind == op::gdn_recurrence && !gdn_recurrence_node(n));
  return {extrapolated_value(*fg.grid, x, y), stand_in ? worse(fg.from, calib_source::stand_in) : fg.from, 0};
}

}  // namespace detail

/// The part of a step a row belongs to: attention, MLA, the indexer and recurrent updates read
/// their sequences' context or state; everything else streams weights or activations at the
/// step's rows.
constexpr step_part part_of(op o) {
  switch (cost_class_of(o)) {
    case cost_class::attention:
    case cost_class::latent_attention:
    case cost_class::indexer:
    case cost_class::recurrent: return step_part::context;
    default: return step_part::dense;
  }
}

/// The two paths of a MoE layer that an engine can run on two streams: the router, top-k and
/// routed experts (`routed`), and the shared expert (`shared`: its GEMMs, its activation, its
/// sigmoid gate). Everything else (norms, the blend that joins the two, the residual) runs after
/// both on the main stream.
enum class moe_path : std::uint8_t { none, routed, shared };
constexpr moe_path moe_path_of(const node& n) {
  switch (n.kind) {
    case op::blend: return moe_path::none;  // joins the two paths (its input: one row per expert)
    case op::router:
    case op::top_k:
    case op::expert_gate_up:
    case op::expert_down: return moe_path::routed;
    default: break;
  }
  if (shared_expert_node(n)) return moe_path::shared;  // kernels.hpp
  if (n.n_in > 0 && n.in[0].rows_per_n > 1) return moe_path::routed;  // the experts' activation
  return moe_path::none;
}

/// The two norms of a latent attention block that an engine can run on two streams: q_a's
/// (side 0) and kv_a's (side 1); -1 for any other node. Both read only the fused q_a / kv_a
/// GEMM's output, so neither waits for the other.
constexpr int latent_norm_side(const circuit& c, std::uint8_t block_index, const node& n) {
  if (n.kind != op::rms_norm) return -1;
  const int side = n.local == "q_a_norm" ? 0 : n.local == "kv_a_norm" ? 1 : -1;
  if (side < 0) return -1;
  const block& b = c.blocks[block_index];
  // A block that held a MoE layer too would pair its norms with the MoE paths: kept on one stream.
  return detail::latent_attention_block(c, b) && !detail::experts_block(c, b) ? side : -1;
}

/// The kernels a pass of estimate `est` launches, as the prediction costs them: each GEMM (a
/// fused group -- q, k and v; MLA's q_a and kv_a -- once), each MoE layer's two grouped GEMMs,
/// each attention kernel, each element-wise op that launches its own kernel, each collective.
/// An engine that runs a pass eagerly (no CUDA graph) issues them one by one from the host.
constexpr double kernel_launches(const model& m, const step_estimate& est, const calibration_set& cs) {
  double n = 0;
  for (std::size_t ri = 0; ri < est.n_rows; ++ri) {
    const node& nd = m.c.nodes[est.rows[ri].node];
    bool own = false;
    switch (cost_class_of(nd.kind)) {
      case cost_class::linear: {
        const linear_role r = nd.role;
        own = r == linear_role::q || r == linear_role::mla_q_a || gemm_group_of(r) == 0;
        break;
      }
      case cost_class::routed_experts:
      case cost_class::attention:
      case cost_class::latent_attention: own = true; break;
      default: own = detail::own_elementwise_launch(m.c, est.rows[ri].block, nd, cs);
    }
    if (own) n += static_cast<double>(est.rows[ri].count);
  }
  for (std::size_t li = 0; li < est.n_links; ++li) n += static_cast<double>(est.links[li].count);
  return n;
}
/// The same with no engine's rules: rotary embedding and per-head q / k norms inside the
/// attention kernel.
constexpr double kernel_launches(const model& m, const step_estimate& est) { return kernel_launches(m, est, calibration_set{}); }

/// The prediction of estimate `est` of model `m` on constants `r`: `pass` and (rows, seqs,
/// context) as the estimate was run, `tp` the plan's tensor-parallel width (a sharded weight's share), `kv` the
/// KV cache's element type; a prefill run after `cached` tokens of each sequence (prefill()'s) says so.
constexpr step_prediction predict(const model& m, const roofline& r, const step_estimate& est, step_pass pass,
                                  std::uint64_t rows, std::uint64_t seqs, std::uint64_t context, const parallel& plan,
                                  kv_dtype kv, const calibration_set& cs, std::uint64_t cached = 0) {
  step_prediction out{};
  const double roof_gbps = r.dram_gbps;
  const circuit& c = m.c;
  const double t = static_cast<double>(rows);
  const calib_format kvf = kv == kv_dtype::fp8 ? calib_format::fp8 : calib_format::bf16;
  // A shared expert on its own stream overlaps the routed path of its layer: per block, the
  // longer of the two paths' predictions, never below both paths' ceilings (the two streams share
  // the one memory). Blocks whose rows are split by layer rules are summed per block, not per layer.
  const bool streams = cs.shared_streams.at(pass == step_pass::prefill, rows);
  // A latent attention block's q_a and kv_a norms on two streams alike (a block holds either
  // those norms or a MoE layer's two paths, never both: `paths` serves both pairs).
  const bool norm_streams = cs.latent_norm_streams.at(pass == step_pass::prefill, rows);
  const bool fused_norms = pass == step_pass::decode && cs.norms_in_tp_all_reduce && plan.tp > 1 && !plan.dp_attention &&
                           detail::mla_moe_circuit(c);
  bool input_norm_kept = false;  // the input norm of a rank's first layer runs on its own
  detail::busy_memo busy_at{};
  std::array<std::array<double, 4>, max_blocks> paths{};  // routed / q_a norm, shared / kv_a norm: predicted, ceiling
  // A latent attention block the engine's module table holds (calibration_set::latent_module):
  // its nodes are costed one by one as below, their predictions kept by class and part, and the
  // module measured whole is then their floor (after the loop). One token a sequence only: a
  // speculative verify's rows are not the module the tables time.
  struct module_sums {
    std::uint64_t heads = 0;  // the block's query heads (latent_module_heads); 0: not a module
    calib_format weights = calib_format::bf16;
    bool weights_read = false;
    double layers = 0;
    std::array<double, all_cost_classes.size()> cls_pred{};
    std::array<double, step_parts> part_pred{};
  };
  std::array<module_sums, max_blocks> modules{};
  const bool read_modules = pass == step_pass::decode && rows == seqs && cs.latent_module->n_grids != 0;
  if (read_modules) {
    for (std::size_t bi = 0; bi < c.n_blocks && bi < max_blocks; ++bi) modules[bi].heads = detail::latent_module_heads(c, c.blocks[bi]);
  }
  const auto add = [&](const site_row& row, const node& n, double ceiling, double predicted) {
    const auto part = static_cast<std::size_t>(part_of(n.kind));
    out.ceiling_part_us[part] += ceiling;
    const auto cls = static_cast<std::size_t>(cost_class_of(n.kind));
    out.class_ceiling_us[cls] += ceiling;
    out.class_predicted_us[cls] += predicted;
    if (modules[row.block].heads != 0 && detail::in_latent_module(n)) {
      module_sums& ms = modules[row.block];
      ms.cls_pred[cls] += predicted;
      ms.part_pred[part] += predicted;
      if (n.kind == op::paged_attention) ms.layers = static_cast<double>(row.count);
      if (n.role == linear_role::mla_q_b) {
        ms.weights = detail::calib_format_of(row.how, row.formats);
        ms.weights_read = true;
      }
    }
    const moe_path mp = streams ? moe_path_of(n) : moe_path::none;
    int side = mp == moe_path::none ? -1 : mp == moe_path::routed ? 0 : 1;
    if (side < 0 && norm_streams) side = latent_norm_side(c, row.block, n);
    if (side < 0) {
      out.predicted_part_us[part] += predicted;
      return;
    }
    const auto i = static_cast<std::size_t>(side);
    paths[row.block][i] += predicted;
    paths[row.block][i + 2] += ceiling;
  };
  for (std::size_t ri = 0; ri < est.n_rows; ++ri) {
    const site_row& row = est.rows[ri];
    const node& n = c.nodes[row.node];
    const double ceiling = row.time_us;
    // A linear-attention kernel at its measured time a launch (never below its ceiling).
    if (detail::linear_attention_node(n)) {
      const detail::ratio_answer la = detail::linear_attention_us(cs, c, n, row.block, pass, rows, seqs, plan);
      if (la.from != calib_source::none) {
        const double measured = static_cast<double>(row.count) * la.value;
        add(row, n, ceiling, ceiling > measured ? ceiling : measured);
        out.worst = detail::worse(out.worst, la.from);
        continue;
      }
    }
    detail::ratio_answer a{};
    // A rank's share of a weight: 1 / tp of it; of an expert, what rank_node keeps of it
    // (expert_share: its intermediate over tp / ep, a rank holding experts / ep of them), a
    // token reading top_k / ep of them there.
    // Routed experts span all dp x tp ranks (node_tp); every other node runs on a rank's own
    // rows: a data-parallel replica's, and under DP attention an attention block's rank's.
    const double share = n.split == shard::replicated ? 1.0
                         : n.split == shard::experts
                             ? (n.units == 0 ? 1.0 : static_cast<double>(n.units) / static_cast<double>(expert_share(n, moe_ranks(plan), plan.ep)))
                             : static_cast<double>(block_tp(c.blocks[row.block], plan));
    const double own_rows =
        n.split == shard::experts ? t
                                  : static_cast<double>(rank_rows(rows, seqs, block_row_shares(c.blocks[row.block], plan), est.wide_rows, est.wide_seqs));
    switch (cost_class_of(n.kind)) {
      case cost_class::linear:
      case cost_class::routed_experts: {
        // A GEMM: by its rows and its weight's elements (a routed expert: one expert's gate_up +
        // down, gate_up holding 2 of the 3 matrices; an ungated expert's up and down, 1 of 2
        // each, as the tables' rows of such experts are keyed). Its time never falls below the same
        // kernel's at one row, which streams the same weights (the measured ratios of small
        // shapes are not monotone in the rows).
        const bool routed = cost_class_of(n.kind) == cost_class::routed_experts;
        const std::uint64_t slots = expert_slots(n, plan);  // with the plan's redundant experts
        // Group-limited routing loads the ranks its groups live on (ep_busiest_share).
        const detail::expert_grouping grouping = detail::grouping_under(n, slots);
        const std::uint64_t groups = grouping.groups, top_groups = grouping.top_groups;
        const double elems = static_cast<double>(n.weight_out()) * static_cast<double>(n.weight_k());
        const bool gated = !routed || detail::gated_experts(c, c.blocks[row.block]);
        const double y = routed ? (n.kind == op::expert_gate_up ? elems * (gated ? 1.5 : 2.0) : elems * (gated ? 3.0 : 2.0)) / share
                                : detail::gemm_elements(c, n, row.block) / share;
        // An MLA decode step runs kv_b_proj absorbed: two batched GEMMs over the heads (the
        // query's nope half into the latent, the attention's output out of it), timed as a pair
        // where a table measured them (kernel_class::mla_bmm), else the one GEMM of its weight.
        const calib_format weight_fmt = detail::calib_format_of(row.how, row.formats);
        const detail::bmm_grid bmm = !routed && pass == step_pass::decode && n.role == linear_role::mla_kv_b
                                         ? detail::absorbed_bmm_format(cs, weight_fmt)
                                         : detail::bmm_grid{};
        const kernel_class k = routed ? kernel_class::moe_gemm : bmm.found ? kernel_class::mla_bmm : kernel_class::gemm;
        const calib_format f = bmm.found ? bmm.fmt : weight_fmt;
        // The weight-streaming regime ends by 16 rows on every measured device; above it the
        // ceiling grows with the rows and so does the time.
        // Prefill's logits GEMM runs at each sequence's last prompt token only (logits_op).
        const double m_rows = pass == step_pass::prefill && logits_op(n.kind) ? static_cast<double>(seqs) : own_rows;
        // A rank's experts at one row: top_k / ep of them on the mean (under EP wider than
        // top_k, half an expert at EP 16 of DeepSeek-V3's 8: some ranks read none, the busiest
        // ep_busiest_share times the mean, which the floor multiplies in). At x1 rows it streams the
        // distinct experts x1 tokens touch there (node_cost.hpp), and waits for the busiest rank:
        // a launch at more rows streams those weights and more, so its time never falls below
        // theirs at the measured ratio of x1 rows (aiter's MoE rows on gfx942 take 4.5x the
        // ceiling at 4 tokens and 1.2x at 8, where 8 tokens stream about twice the experts).
        // A shared expert fused into the routed kernel (est.fused_experts: kernels.hpp) is one
        // more expert streamed at every row count.
        const double fused = routed ? static_cast<double>(est.fused_experts) : 0.0;
        const double copies = routed ? static_cast<double>(n.top_k) / static_cast<double>(plan.ep) + fused : 1.0;
        const double busy_one = routed ? busy_at.at(slots, n.top_k, groups, top_groups, 1, plan.ep) : 1.0;
        auto streamed = [&](double x1) {
          if (!routed || x1 <= 1) return 1.0;
          const auto r = static_cast<std::uint64_t>(x1);
          const double spread = detail::mean_rank_experts(slots, n.top_k, r, plan.ep, fused);
          const double more = spread > copies ? spread / copies : 1.0;
          return more * busy_at.at(slots, n.top_k, groups, top_groups, r, plan.ep) / busy_one;
        };
        const detail::floored_answer fa = detail::calibrated_floored(cs, k, f, m_rows, y, 16, streamed);
        a = {fa.value, fa.from};
        const double most = fa.most;
        const double weight_us = copies * static_cast<double>(one_weight_bytes(n, row.formats)) / share / (roof_gbps * 1e3);
        // And never below the class's floor, once per launch: a GEMM of a fused group takes its
        // share of the group's launch by elements; an MoE layer's launch is split 2 : 1 between
        // gate_up and down, as its elements are.
        const double launch_share = routed ? (n.kind == op::expert_gate_up ? 2.0 / 3.0 : 1.0 / 3.0)
                                           : elems / share / y;
        const double launch_us = static_cast<double>(row.count) * fa.floor_us * launch_share;
        // Under expert parallelism the step waits for the busiest rank: the experts it touches
        // over the mean (at the step's rows; at one row for the one-row floor). The ceiling
        // keeps a rank's mean count (node_cost), a lower bound of the busiest rank's.
        const double busy = routed ? busy_at.at(slots, n.top_k, groups, top_groups, rows, plan.ep) : 1.0;
        // A routed row's one-row floor holds one row's activations beside the weights a rank
        // reads there (copies): the row's ceiling less its experts' weights at the step's rows
        // (the mean a rank reads, spread_t) is its rows' activations, a row's share of which
        // joins the floor. With the weights alone the step at more rows could read below the
        // step at one by that share, once the busiest rank's share fell faster than the grid rose.
        const double weights_us = static_cast<double>(row.count) * weight_us;
        // (The rank's experts as its ceiling counts them, node_cost: its share of the distinct
        // experts the step's rows touch, the mean a rank reads.)
        const double spread_t = routed ? detail::mean_rank_experts(slots, n.top_k, static_cast<std::uint64_t>(t), plan.ep, fused) : copies;
        const double rows_us = routed && ceiling > weights_us * spread_t / copies ? (ceiling - weights_us * spread_t / copies) / t : 0.0;
        const double weight_floor_us = (weights_us + rows_us) * most * busy_one;
        const double floor_us = weight_floor_us > launch_us ? weight_floor_us : launch_us;
        const double ratio = a.value < 1 ? 1 : a.value;
        // A router the engine runs on its own kernel: that kernel's measured time, once per
        // launch, never below the ceiling.
        const int rk = n.kind == op::router && row.formats.weight == formats::bf16
                           ? cs.router_gemm.runs(n.weight_k(), n.weight_out(), static_cast<std::uint64_t>(m_rows))
                           : -1;
        if (rk >= 0) {
          const double kernel_us = static_cast<double>(row.count) * cs.router_gemm.us_at(rk, m_rows);
          add(row, n, ceiling, ceiling > kernel_us ? ceiling : kernel_us);
          continue;
        }
        // The busiest rank's experts against those the ceiling reads: the share is over the
        // mean a rank touches (distinct / ep), which the ceiling reads too.
        const double mean_t = routed ? detail::mean_rank_experts(slots, n.top_k, rows, plan.ep, fused) : 1.0;
        const double busiest = routed && spread_t > 0 ? busy * mean_t / spread_t : 1.0;
        add(row, n, ceiling, ceiling * ratio * busiest > floor_us ? ceiling * ratio * busiest : floor_us);
        out.worst = detail::worse(out.worst, a.from);
        continue;
      }
      case cost_class::attention:
      case cost_class::latent_attention: {
        const bool mla = cost_class_of(n.kind) == cost_class::latent_attention || detail::reads_shared_latent(c.blocks[row.block], n);
        if (pass == step_pass::prefill) {
          // By one sequence's tokens and the work beside them, the rank's sequences x its heads
          // (MLA: one layout, DeepSeek-V3's) or x its query width, heads x head_dim (GQA / MHA):
          // at one prompt the kernel's time is mostly fixed until enough heads and sequences
          // fill the device (docs/calibration.md).
          const block& bl = c.blocks[row.block];
          const double b = static_cast<double>(ceil_div(seqs, block_row_shares(bl, plan)));
          const double q_width = n.n_in > 0 ? static_cast<double>(n.in[0].width) : 0.0;
          double width = q_width;
          if (mla) {
            // Its heads; a node that declares none (DeepSeek-V4's window attention) holds as
            // many as its query is latent rows wide.
            const std::uint64_t row_elements = detail::read_elements(bl, n, block_tp(bl, plan));
            width = n.heads != 0 ? static_cast<double>(n.heads) : row_elements != 0 ? q_width / static_cast<double>(row_elements) : 1.0;
          }
          width /= share;
          // After a cached prefix the kernel is read at the whole sequence, prefix and new tokens,
          // and its ratio applied to the new tokens' share of the causal work (the ceiling's):
          // aiconfigurator's rule, the measured time at s + prefix times (full² - prefix²) / full²
          // (aic-core/rust/aiconfigurator-core/src/operators/attention.rs @095f58a5, prefix_correction).
          a = detail::calibrated(cs, mla ? kernel_class::mla_prefill : kernel_class::prefill_attention, kvf,
                                 own_rows / b + static_cast<double>(cached), b * width);
          break;
        }
        // Decode: by sequences and what one sequence reads; B sequences never take less than
        // one does (the measured ratios at small batches are not monotone in the batch).
        // A sliding-window layer attends over its window, not the context: its kernel is the
        // one measured at that many KV tokens (its ceiling already reads only the window).
        // GQA / MHA grids are by the KV elements a sequence reads, tokens x the rank's K and V
        // elements a token (docs/calibration.md: a kernel reading little is mostly fixed cost);
        // MLA's by context (one layout, DeepSeek-V3's).
        const kernel_class k = mla ? kernel_class::mla_decode : kernel_class::gqa_decode;
        std::uint64_t attended = n.window != 0 && n.window < context ? n.window : context;
        if (n.selected != 0 && n.selected < attended) attended = n.selected;
        double y = static_cast<double>(attended);
        if (!mla) {
          const block& bl = c.blocks[row.block];
          y *= static_cast<double>(detail::read_elements(bl, n, block_tp(bl, plan)));
        }
        // The rank's own sequences (a replica's; under DP attention the rank's share).
        const double b = static_cast<double>(ceil_div(seqs, block_row_shares(c.blocks[row.block], plan)));
        const detail::floored_answer fa = detail::calibrated_floored(cs, k, kvf, b, y, 16);
        a = {fa.value, fa.from};
        const double most = fa.most;
        const double ratio = a.value < 1 ? 1 : a.value;
        // One sequence's ceiling at the worst small batch; and one launch of the class's floor.
        const double seq_floor_us = ceiling / b * most;
        const double launch_us = static_cast<double>(row.count) * fa.floor_us;
        const double floor_us = seq_floor_us > launch_us ? seq_floor_us : launch_us;
        add(row, n, ceiling, ceiling * ratio > floor_us ? ceiling * ratio : floor_us);
        out.worst = detail::worse(out.worst, a.from);
        continue;
      }
      default: {
        // A Gated DeltaNet block's gates and q / k L2 norm inside the engine's measured one-token
        // kernel: that kernel's time holds them; the nodes keep their ceiling.
        if (pass == step_pass::decode && cs.gdn_decode_applies_gates && (n.kind == op::gdn_gates || n.kind == op::l2_norm) &&
            detail::gdn_block(c, c.blocks[row.block]) && detail::grid_in(cs, kernel_class::gdn_decode, calib_format::bf16).found) {
          add(row, n, ceiling, ceiling);
          continue;
        }
        // No table measures it: aiconfigurator's element-wise model, a launch per kernel. A norm
        // the all-reduce kernel runs costs nothing beside it (its ceiling stays).
        const bool own_kernel = detail::own_elementwise_launch(c, row.block, n, cs);
        const double launch = own_kernel ? cs.elementwise.launch_us : 0.0;
        const double each = row.one.bytes / (roof_gbps * 1e3 * cs.elementwise.bandwidth_share) + launch;
        std::uint64_t fused = 0;
        if (fused_norms && row.count != 0) {
          const detail::fused_norm f = detail::fused_norm_of(c, row.block, n);
          if (f != detail::fused_norm::none) fused = row.count;
          if (f == detail::fused_norm::input_norm && !input_norm_kept) {
            --fused;
            input_norm_kept = true;
          }
        }
        const double count = static_cast<double>(row.count - fused);
        add(row, n, ceiling, ceiling > count * each ? ceiling : count * each);
        continue;
      }
    }
    const double ratio = a.value < 1 ? 1 : a.value;
    const double launch_us = static_cast<double>(row.count) * a.floor_us;
    add(row, n, ceiling, ceiling * ratio > launch_us ? ceiling * ratio : launch_us);
    out.worst = detail::worse(out.worst, a.from);
  }
  // The measured modules as their nodes' floor: no module is predicted faster than the engine's
  // module measured whole (its microseconds a layer at the rank's sequences and the context,
  // times its layers), against the nodes' predictions less what the two norms' streams hide. The
  // excess is spread over the module's classes and parts by their shares of its prediction.
  if (read_modules) {
    for (std::size_t bi = 0; bi < c.n_blocks && bi < max_blocks; ++bi) {
      const module_sums& ms = modules[bi];
      if (ms.heads == 0 || !ms.weights_read || ms.layers == 0) continue;
      const block& bl = c.blocks[bi];
      const std::uint64_t rank_heads = ms.heads / block_tp(bl, plan);
      const double b = static_cast<double>(ceil_div(seqs, block_row_shares(bl, plan)));
      const double each_us = latent_module_us(*cs.latent_module, rank_heads, ms.weights, kvf, b, static_cast<double>(context));
      double pred = 0;
      for (const double v : ms.cls_pred) pred += v;
      const auto& pb = paths[bi];
      const double longer = pb[0] > pb[1] ? pb[0] : pb[1];
      const double hidden = pb[0] + pb[1] - (longer > pb[2] + pb[3] ? longer : pb[2] + pb[3]);
      const double excess = each_us * ms.layers - (pred - hidden);
      if (!(excess > 0) || !(pred > 0)) continue;
      out.module_floor_us += excess;
      for (std::size_t k = 0; k < all_cost_classes.size(); ++k) out.class_predicted_us[k] += excess * ms.cls_pred[k] / pred;
      for (std::size_t p = 0; p < step_parts; ++p) out.predicted_part_us[p] += excess * ms.part_pred[p] / pred;
    }
  }
  for (const auto& b : paths) {
    const double longer = b[0] > b[1] ? b[0] : b[1];
    const double both = b[2] + b[3];
    out.predicted_part_us[static_cast<std::size_t>(step_part::dense)] += longer > both ? longer : both;
    out.overlap_us += b[0] + b[1] - (longer > both ? longer : both);
  }
  // The MoE exchange's group: every dp x tp rank (step_links.hpp).
  const auto moe_group = static_cast<double>(moe_ranks(plan));
  for (std::size_t li = 0; li < est.n_links; ++li) {
    const link_row& l = est.links[li];
    double each = l.lookup_us > 0 ? l.lookup_us : l.each_us;
    if (l.op == link_op::tp_all_reduce || l.op == link_op::lm_head_gather || l.op == link_op::dp_gather_scatter) {
      const detail::ratio_answer a =
          detail::calibrated_rising(cs, kernel_class::all_reduce, calib_format::bf16, l.bytes_each,
                                    l.op == link_op::dp_gather_scatter && plan.dp > 1 ? moe_group : static_cast<double>(plan.tp));
      if (a.from != calib_source::none && a.value > each) each = a.value;
      out.worst = detail::worse(out.worst, a.from);
    } else if (l.op == link_op::ep_all_to_all) {
      const detail::ratio_answer a = detail::calibrated_rising(cs, kernel_class::all_to_all, calib_format::bf16,
                                                               l.lookup_bytes > 0 ? l.lookup_bytes : l.bytes_each, moe_group);
      if (a.from != calib_source::none && a.value > each) each = a.value;
    }
    out.link_ceiling_us += l.time_us;
    out.link_predicted_us += static_cast<double>(l.count) * each;
  }
  for (std::size_t p = 0; p < step_parts; ++p) {
    out.ceiling_us += out.ceiling_part_us[p];
    out.predicted_us += out.predicted_part_us[p];
  }
  out.ceiling_us += out.link_ceiling_us;
  out.predicted_us += out.link_predicted_us;
  return out;
}

}  // namespace headroom
