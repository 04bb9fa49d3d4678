// SPDX-License-Identifier: MIT
// headroom: one validation of a model, a device and roofline constants, always on.
//
// Tables defined outside the registry (docs/adding-a-model.md shows how) meet the same laws as
// the shipped ones: every public entry point (footprint, fits, max_seqs, decode_step, prefill,
// weight_floor_bytes, smallest_plan, HEADROOM_ASSERT_FITS) calls validate() once per evaluation, so
// a zero-layer model, a zero KV head count, a zero BF16 peak or a 5x usable share can never
// produce a number. check_*() find the first broken rule; validate() turns it into
//   * during constant evaluation: a call to the non-constexpr function named after the rule
//     (detail::<table>_<field>_<rule>); the compiler prints that name and the call chain, whose
//     outermost call names the table entry (e.g. `fits(my_model, ...)`);
//   * at run time: headroom::error (bad_model / bad_device) whose one-line message names the
//     table, the field and the rule.
// HEADROOM_ASSERT_FITS reports it through an undefined template that carries the entry and the
// rule (detail::table_breaks_a_rule<Entry, rule>), like model_does_not_fit_on_device.
#pragma once

#include <cfloat>  // DBL_MAX, DBL_MIN: <limits> would cost every TU ~1,500 lines for two constants
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/device.hpp>
#include <headroom/error.hpp>
#include <headroom/model.hpp>
#include <headroom/roofline.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom {

/// Every law a model, device or roofline table must satisfy, one row each: the rule's name (the
/// enumerator, and the function a broken table calls during constant evaluation, so that the
/// compiler prints it) and its sentence (the run-time message). The checks are check_*() below.
#define HEADROOM_TABLE_RULES(X) \
  /* model */ \
  X(model_layers_must_be_positive, "layers must be at least 1 (no main-section layer instance)") \
  X(model_edge_width_must_be_positive, "every edge width must be positive (a zero dim: hidden, heads, head_dim, inter, vocab?)") \
  X(model_edge_rows_must_be_positive, "every edge must have at least one row") \
  X(model_edge_format_must_be_legal_for_an_activation, "an edge format must be legal for an activation (not mxfp4, fp8/channel or fp8/block) and well formed") \
  X(model_weight_shape_must_be_positive, "a weight's [out, k] (embed: [vocab, hidden]) must be positive") \
  X(model_experts_must_be_positive, "routed experts must be at least 1") \
  X(model_top_k_must_be_between_1_and_experts, "top_k must be between 1 and experts") \
  X(model_state_elements_must_be_positive, "a state's elements (kv_heads x head_dim, ...) must be positive") \
  X(model_state_heads_must_divide_elements, "a state's heads must divide its elements") \
  X(model_compressor_state_rows_must_divide_elements, "a compressor state declares its rows (dividing its elements); no other state declares rows") \
  X(model_rule_weight_format_must_be_well_formed, "a precision rule's weight format must be well formed") \
  X(model_rule_activation_format_must_be_legal_for_an_activation, "a precision rule's activation format must be legal for an activation (not mxfp4, fp8/channel or fp8/block) and well formed") \
  X(model_linear_must_have_a_role, "a linear node must name its linear role (q, o, gate_up, ...)") \
  X(model_role_must_be_on_a_linear, "only a linear node has a linear role") \
  X(model_weight_groups_must_divide_the_weight, "a grouped projection's groups must divide its weight's out and its input width") \
  X(model_latent_attention_heads_must_divide_its_weight, "a latent attention node's query heads must be positive and divide kv_b_proj's rows") \
  X(model_indexer_must_pool_tokens, "an index_select node must pool at least one token per index key") \
  /* device */ \
  X(device_memory_bytes_must_be_positive, "memory_bytes must be positive") \
  X(device_bandwidth_gbps_must_be_positive_and_finite, "bandwidth_gbps must be positive and finite") \
  X(device_peak_bf16_must_be_positive_and_finite, "peak.bf16 must be positive and finite") \
  X(device_peaks_must_be_finite_and_not_negative, "every peak must be finite and not negative") \
  X(device_native_kind_needs_a_positive_peak, "a native MMA kind needs a positive peak") \
  X(device_measured_constants_must_be_positive_and_finite, "measured constants must be positive and finite, context_tokens at least 1") \
  /* roofline constants */ \
  X(roofline_dram_gbps_must_be_positive_and_finite, "dram_gbps must be positive and finite") \
  X(roofline_tflops_must_be_positive_and_finite, "every TFLOPS constant must be positive and finite") \
  /* the share a usable-memory policy (engines::none's) gives a device */ \
  X(usable_permille_must_be_in_1_to_1000, "usable permille must be in [1, 1000] (a usable fraction in (0, 1])") \
  X(usable_bytes_must_be_positive, "usable bytes (memory_bytes x permille / 1000) must be positive")

/// The laws a model, device or roofline table must satisfy; `ok` when it satisfies all.
enum class table_rule : std::uint8_t {
  ok,
#define HEADROOM_DETAIL_RULE_ENUMERATOR(rule, sentence) rule,
  HEADROOM_TABLE_RULES(HEADROOM_DETAIL_RULE_ENUMERATOR)
#undef HEADROOM_DETAIL_RULE_ENUMERATOR
};

/// The first broken rule and where: `block` / `item` name the block and its node or state
/// (model), or the field (device, roofline).
struct table_finding {
  table_rule rule = table_rule::ok;
  std::string_view block;
  std::string_view item;
  [[nodiscard]] constexpr bool ok() const { return rule == table_rule::ok; }
};

/// The rule as a sentence, for run-time messages.
constexpr std::string_view describe(table_rule r) {
  switch (r) {
    case table_rule::ok: return "ok";
#define HEADROOM_DETAIL_RULE_SENTENCE(rule, sentence) \
  case table_rule::rule: return sentence;
    HEADROOM_TABLE_RULES(HEADROOM_DETAIL_RULE_SENTENCE)
#undef HEADROOM_DETAIL_RULE_SENTENCE
  }
  return "unknown rule";
}

namespace detail {

// Reached only during constant evaluation of a broken table: the name is the diagnostic.
#define HEADROOM_DETAIL_RULE_FUNCTION(rule, sentence) \
  inline void rule() {}
HEADROOM_TABLE_RULES(HEADROOM_DETAIL_RULE_FUNCTION)
#undef HEADROOM_DETAIL_RULE_FUNCTION

// Named in HEADROOM_ASSERT_FITS's error: `Entry` (the model or device) breaks `Rule`.
template <const auto& Entry, table_rule Rule>
struct table_breaks_a_rule;

/// Finite by comparisons only (std::isfinite is not constexpr in C++20, and arithmetic on an
/// infinity or NaN is not a constant expression): NaN fails x == x, +-inf the bounds.
constexpr bool finite(double x) {
  return x == x && x <= DBL_MAX && x >= -DBL_MAX;
}
/// Positive, finite and normal: a denormal rate is positive but its reciprocal overflows, so a
/// time divided by it would be infinite inside a constant expression.
constexpr bool positive_finite(double x) { return finite(x) && x >= DBL_MIN; }

/// A format value whose fields agree with its kind (the parser only builds these; a table
/// written by hand may not).
constexpr bool well_formed(const tensor_format& f) {
  // UE8M0 scales are a layout of FP8 block scales only.
  if (f.ue8m0 && (f.kind != format_kind::fp8 || f.scale != scale_kind::block)) return false;
  switch (f.kind) {
    case format_kind::bf16:
    case format_kind::f32:
    case format_kind::i32: return f.scale == scale_kind::none;
    case format_kind::mxfp4: return f.scale == scale_kind::group && f.group == 32;
    case format_kind::nvfp4: return f.scale == scale_kind::group && f.group > 0;
    case format_kind::int8: return f.scale == scale_kind::channel || f.scale == scale_kind::token;
    case format_kind::awq4:
    case format_kind::gptq4:
    case format_kind::int4: return f.scale == scale_kind::group && f.group > 0 && (!f.zero_point || f.kind == format_kind::int4);
    case format_kind::fp8:
      switch (f.scale) {
        case scale_kind::tensor:
        case scale_kind::token:
        case scale_kind::channel: return true;
        case scale_kind::group: return f.group > 0;
        case scale_kind::block: return f.block_r > 0 && f.block_c > 0;
        case scale_kind::none: return false;
      }
  }
  return false;
}

// node_problem and edge_problem take their node and edge by value: every shipped table is
// checked when it is compiled, and g++ 12 folds each reference to a sub-object of the table
// into an address (a third of the check's cost, by reference); a copy is read directly, and
// its edges through pointers taken once (include-all 4,655 -> 4,642 M compiler instructions).
constexpr table_rule edge_problem(edge x) {
  if (x.width == 0) return table_rule::model_edge_width_must_be_positive;
  if (x.rows_per_n == 0 && x.rows_fixed == 0) return table_rule::model_edge_rows_must_be_positive;
  // Most edges are BF16, legal as an activation and well formed exactly when unscaled and
  // without UE8M0 scales: the one comparison that settles them (checked every call).
  const bool legal = x.format.kind == format_kind::bf16 ? x.format.scale == scale_kind::none && !x.format.ue8m0
                                                        : well_formed(x.format) && is_edge_format(x.format);
  return legal ? table_rule::ok : table_rule::model_edge_format_must_be_legal_for_an_activation;
}

constexpr table_rule node_problem(node n) {
  const edge* in = n.in.data();
  for (std::size_t i = 0; i < n.n_in; ++i) {
    if (const table_rule r = edge_problem(in[i]); r != table_rule::ok) return r;
  }
  const edge* out = n.out.data();
  for (std::size_t i = 0; i < n.n_out; ++i) {
    if (const table_rule r = edge_problem(out[i]); r != table_rule::ok) return r;
  }
  if ((n.kind == op::linear) != (n.role != linear_role::none)) {
    return n.kind == op::linear ? table_rule::model_linear_must_have_a_role : table_rule::model_role_must_be_on_a_linear;
  }
  if (n.weight_groups > 1) {
    const std::uint64_t k = n.n_in > 0 ? n.in[0].width : 0;
    if (k % n.weight_groups != 0 || n.weight_out() % n.weight_groups != 0) return table_rule::model_weight_groups_must_divide_the_weight;
  }
  if (!n.has_weight()) {  // neither a weight shape, nor MLA, nor routed experts to check
    return n.kind == op::index_select && n.pool == 0 ? table_rule::model_indexer_must_pool_tokens : table_rule::ok;
  }
  if (n.weight_k() == 0 || n.weight_out() == 0) return table_rule::model_weight_shape_must_be_positive;
  if (n.kind == op::mla_attention && (n.heads == 0 || n.kv_b_out % n.heads != 0)) {
    return table_rule::model_latent_attention_heads_must_divide_its_weight;
  }
  if (is_routed_expert(n.kind)) {
    if (n.experts == 0) return table_rule::model_experts_must_be_positive;
    if (n.top_k == 0 || n.top_k > n.experts) return table_rule::model_top_k_must_be_between_1_and_experts;
  }
  return table_rule::ok;
}

}  // namespace detail

/// The first rule `m` breaks (nodes and states in block order, then precision rules).
constexpr table_finding check_model(const model& m) {
  const circuit& c = m.c;
  bool has_layer = false;
  for (std::size_t bi = 0; bi < c.n_blocks && !has_layer; ++bi) {
    for (std::size_t k = 1; k < layer_kinds; ++k) has_layer = has_layer || c.main_uses[bi][k] != 0;
  }
  if (!has_layer) return {table_rule::model_layers_must_be_positive, {}, "layers"};
  for (std::size_t bi = 0; bi < c.n_blocks; ++bi) {
    const block& b = c.blocks[bi];
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      if (const table_rule r = detail::node_problem(c.nodes[ni]); r != table_rule::ok) return {r, b.name, c.nodes[ni].local};
    }
    for (std::size_t si = 0; si < b.n_states; ++si) {
      const state_decl& st = b.states[si];
      if (st.elements == 0) return {table_rule::model_state_elements_must_be_positive, b.name, st.local};
      if (st.heads != 0 && st.elements % st.heads != 0) return {table_rule::model_state_heads_must_divide_elements, b.name, st.local};
      if ((st.kind == state_kind::compressor) != (st.rows != 0) || (st.rows != 0 && st.elements % st.rows != 0)) {
        return {table_rule::model_compressor_state_rows_must_divide_elements, b.name, st.local};
      }
    }
  }
  for (std::size_t ri = 0; ri < m.n_rules; ++ri) {
    const precision_rule& r = m.rules[ri];
    if (!detail::well_formed(r.weight)) return {table_rule::model_rule_weight_format_must_be_well_formed, "rules", "weight"};
    if (!detail::well_formed(r.activation) || !is_edge_format(r.activation)) {
      return {table_rule::model_rule_activation_format_must_be_legal_for_an_activation, "rules", "activation"};
    }
  }
  return {};
}

/// The first rule `d` breaks.
constexpr table_finding check_device(const device& d) {
  using detail::finite;
  using detail::positive_finite;
  if (d.memory_bytes == 0) return {table_rule::device_memory_bytes_must_be_positive, {}, "memory_bytes"};
  if (!positive_finite(d.bandwidth_gbps)) return {table_rule::device_bandwidth_gbps_must_be_positive_and_finite, {}, "bandwidth_gbps"};
  if (!positive_finite(d.peak.bf16)) return {table_rule::device_peak_bf16_must_be_positive_and_finite, {}, "peak.bf16"};
  const double peaks[] = {d.peak.fp16, d.peak.fp8, d.peak.int8, d.peak.nvfp4, d.peak.mxfp4};
  for (const double p : peaks) {
    if (!finite(p) || p < 0 || (p > 0 && p < DBL_MIN)) return {table_rule::device_peaks_must_be_finite_and_not_negative, {}, "peak"};
  }
  if (d.runs(mma_kind::fp8) && !(d.peak.fp8 > 0)) return {table_rule::device_native_kind_needs_a_positive_peak, {}, "peak.fp8"};
  if (d.runs(mma_kind::fp4_block_scale) && !(d.peak.nvfp4 > 0)) return {table_rule::device_native_kind_needs_a_positive_peak, {}, "peak.nvfp4"};
  if (d.runs(mma_kind::mxf8f6f4) && !(d.peak.mxfp4 > 0)) return {table_rule::device_native_kind_needs_a_positive_peak, {}, "peak.mxfp4"};
  if (d.has_measured) {
    const auto& x = d.measured;
    if (!positive_finite(x.dram_gbps) || !positive_finite(x.bf16_tflops) || !positive_finite(x.fp8_tflops) ||
        !positive_finite(x.nvfp4_tflops) || x.context_tokens == 0) {
      return {table_rule::device_measured_constants_must_be_positive_and_finite, {}, "measured"};
    }
  }
  return {};
}

/// The first rule the usable share `s` of device `d` breaks (engines::none's arithmetic).
constexpr table_finding check_usable(const device& d, const usable_share& s) {
  if (s.permille == 0 || s.permille > 1000) return {table_rule::usable_permille_must_be_in_1_to_1000, {}, "permille"};
  if (usable_bytes(d, s) == 0) return {table_rule::usable_bytes_must_be_positive, {}, "permille"};
  return {};
}

/// The first rule roofline constants break (every constant is a divisor of a time).
constexpr table_finding check_roofline(const roofline& r) {
  if (!detail::positive_finite(r.dram_gbps)) return {table_rule::roofline_dram_gbps_must_be_positive_and_finite, {}, "dram_gbps"};
  if (!detail::positive_finite(r.bf16_tflops) || !detail::positive_finite(r.fp8_tflops) ||
      !detail::positive_finite(r.nvfp4_tflops)) {
    return {table_rule::roofline_tflops_must_be_positive_and_finite, {}, "tflops"};
  }
  return {};
}

namespace detail {
// One switch from rule to named function: the only place a broken table meets the compiler.
constexpr void name_rule_at_compile_time(table_rule r) {
  switch (r) {
    case table_rule::ok: return;
#define HEADROOM_DETAIL_RULE_CALL(rule, sentence) \
  case table_rule::rule:                          \
    rule();                                       \
    return;
    HEADROOM_TABLE_RULES(HEADROOM_DETAIL_RULE_CALL)
#undef HEADROOM_DETAIL_RULE_CALL
  }
}

[[noreturn]] inline void broken_table_at_run_time(error_kind kind, std::string_view table, std::string_view id,
                                                  const table_finding& f) {
  std::string where;
  if (!f.block.empty()) where += "block `" + std::string(f.block) + "`, ";
  if (!f.item.empty()) where += "`" + std::string(f.item) + "`: ";
  const std::string named = id.empty() ? std::string(table) : std::string(table) + " `" + std::string(id) + "`";
  fail(kind, named + ": " + where + std::string(describe(f.rule)));
}
}  // namespace detail

/// Whether `m` is a constant whose laws were checked when it was compiled (checked_table.hpp):
/// at run time it cannot have changed since (it is const), so it is not checked again. Never
/// in constant evaluation, where the check costs no run time and names the broken rule.
constexpr bool checked_when_compiled(const model& m) {
  if (std::is_constant_evaluated()) return false;
  return m.checked_as == &m;
}

/// A broken model is a compile error in constant evaluation, a headroom::error at run time.
constexpr void validate(const model& m) {
  if (checked_when_compiled(m)) return;
  const table_finding f = check_model(m);
  if (f.ok()) return;
  if (std::is_constant_evaluated()) detail::name_rule_at_compile_time(f.rule);
  detail::broken_table_at_run_time(error_kind::bad_model, "model table", m.id, f);
}
constexpr void validate(const device& d) {
  const table_finding f = check_device(d);
  if (f.ok()) return;
  if (std::is_constant_evaluated()) detail::name_rule_at_compile_time(f.rule);
  detail::broken_table_at_run_time(error_kind::bad_device, "device table", d.id, f);
}
constexpr void validate(const roofline& r) {
  const table_finding f = check_roofline(r);
  if (f.ok()) return;
  if (std::is_constant_evaluated()) detail::name_rule_at_compile_time(f.rule);
  detail::broken_table_at_run_time(error_kind::bad_device, "roofline constants", "", f);
}

/// Usable bytes of `d` under the usable-memory policy `p` (engines::none's arithmetic): the
/// share the policy gives `d`, checked, times the visible bytes. A broken share is a compile
/// error in constant evaluation, a headroom::error (bad_device) at run time.
constexpr byte_count usable_bytes(const device& d, const usable_policy& p) {
  const usable_share s = usable_share_of(d, p);
  const table_finding f = check_usable(d, s);
  if (f.ok()) return usable_bytes(d, s);
  if (std::is_constant_evaluated()) detail::name_rule_at_compile_time(f.rule);
  detail::broken_table_at_run_time(error_kind::bad_device, "usable share of device", d.id, f);
}

}  // namespace headroom

#undef HEADROOM_TABLE_RULES
