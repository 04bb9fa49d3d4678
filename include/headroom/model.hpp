// SPDX-License-Identifier: MIT
// headroom: a model = a circuit (the family's template instantiated with a checkpoint's dims),
// a precision recipe (first matching rule wins), per-row loop facts, and provenance.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include <headroom/circuit.hpp>
#include <headroom/detail/settings_core.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom {

/// Which weight-bearing nodes a precision rule applies to. Unset fields match anything.
struct precision_rule {
  bool any_op = true;
  op kind = op::linear;
  bool any_role = true;
  linear_role role = linear_role::none;
  bool any_section = true;
  section sec = section::main;
  std::uint16_t layer_lo = 0;       ///< layers [layer_lo, layer_hi) (prologue/epilogue match only the full range)
  std::uint16_t layer_hi = no_layer;
  tensor_format weight = formats::bf16;
  tensor_format activation = formats::bf16;
  /// F32 scalars the checkpoint stores per weight tensor beyond the format's own scales
  /// (ModelOpt's `input_scale`; `k_scale` / `v_scale` on k_proj / v_proj with an FP8 KV cache).
  std::uint8_t extra_scalars = 0;

  [[nodiscard]] constexpr bool matches(const node& n, const instance& i) const {
    if (!any_op && n.kind != kind) return false;
    if (!any_role && n.role != role) return false;
    if (!any_section && i.sec != sec) return false;
    if (layer_lo != 0 || layer_hi != no_layer) {
      if (i.layer == no_layer || i.layer < layer_lo || i.layer >= layer_hi) return false;
    }
    return true;
  }
};

/// A rule that sets every weight and activation to one format (a plain BF16 checkpoint).
constexpr precision_rule all_weights(tensor_format w, tensor_format a = formats::bf16) {
  precision_rule r{};
  r.weight = w;
  r.activation = a;
  return r;
}
constexpr precision_rule for_op(op o, tensor_format w, tensor_format a = formats::bf16) {
  precision_rule r = all_weights(w, a);
  r.any_op = false;
  r.kind = o;
  return r;
}
constexpr precision_rule for_role(linear_role role, tensor_format w, tensor_format a = formats::bf16) {
  precision_rule r = for_op(op::linear, w, a);
  r.any_role = false;
  r.role = role;
  return r;
}
constexpr precision_rule in_section(precision_rule r, section s) {
  r.any_section = false;
  r.sec = s;
  return r;
}
constexpr precision_rule with_scalars(precision_rule r, std::uint8_t n) {
  r.extra_scalars = n;
  return r;
}

/// A checkpoint's vision_config as SGLang sizes the tower when it lowers its default
/// mem_fraction_static (adjust_mem_fraction_for_vlm, SGLang's memory rule): the values of
/// its num_hidden_layers and hidden_size keys, 0 where the config names no such key (Qwen3.5 /
/// 3.6 name the depth `depth`, and SGLang then reads 24).
struct vision_config_keys {
  bool present = false;  ///< the config has a vision_config
  std::uint32_t num_hidden_layers = 0;
  std::uint32_t hidden_size = 0;
  friend constexpr bool operator==(const vision_config_keys&, const vision_config_keys&) = default;
};

/// An engine loop that runs a layer kind's nodes once per sequence (docs/model.md#per-row-loops;
/// `cite` names the engine source): above `rows_above` rows, the site costs rows x its one-row time.
struct loop_site {
  layer_kind kind = layer_kind::none;
  std::string_view block;  ///< empty: every block of that layer kind
  std::string_view local;  ///< empty: every node of the block
  std::uint64_t rows_above = 1;
  std::string_view cite;   ///< where the engine loops (file:line or issue)
  std::string_view family{};  ///< an engine's site (kernels.hpp): the model family it applies to; empty: every family
};

/// Where a model's numbers come from.
struct provenance {
  std::string_view repo;      ///< the checkpoint's repository id
  std::string_view files;     ///< files the dims, formats and sizes were read from
  std::string_view notes;     ///< assumptions (dtype of small tensors, what ships, ...)
};

inline constexpr std::size_t max_rules = 32;  // Nemotron-3 Super: per-layer FP8 ranges
inline constexpr std::size_t max_loop_sites = 8;

struct model {
  std::string_view id;      ///< snake_case of the repository name
  std::string_view name;    ///< label for reports
  std::string_view family;  ///< architecture template
  provenance source;
  circuit c;
  std::array<precision_rule, max_rules> rules{};
  std::uint8_t n_rules = 0;
  std::array<loop_site, max_loop_sites> loops{};
  std::uint8_t n_loops = 0;
  /// The recurrent-state dtype the checkpoint's config.json names (Qwen3.5's `mamba_ssm_dtype`);
  /// unset when the config names none. vLLM allocates the GDN temporal state in it when
  /// its Mamba SSM cache dtype is left "auto" (cli::auto_state_dtype); settings.ssm_h stays the knob.
  std::optional<state_dtype> config_state_dtype{};
  /// The KV cache dtype the checkpoint's quantization config names (ModelOpt's
  /// `kv_cache_quant_algo: FP8`); unset when it names none. vLLM, SGLang and TensorRT-LLM
  /// allocate the KV cache in it when their KV dtype is "auto" (cli::auto_kv_dtype);
  /// settings.kv stays the knob.
  std::optional<kv_dtype> config_kv_dtype{};
  /// When non-zero: the bytes of the tensors the checkpoint file declares (a GGUF's tensor
  /// table, docs/gguf.md), which footprint() takes as the stored weights in place of the
  /// circuit's per-node sum: a GGUF mixes ggml block types tensor by tensor (Q4_K_M keeps some
  /// ffn_down and attn_v in Q6_K), which no precision rule spells. 0: the circuit's sum.
  std::uint64_t file_weights = 0;
  /// The checkpoint's vision_config (a multimodal checkpoint; none for a text-only one).
  vision_config_keys vision_config{};
  /// Set by checked_table() (checked_table.hpp) only: the address of the constant this table
  /// was checked as when it was compiled. A copy keeps the original's address, not its own, so
  /// a copy (which may have been edited since) is checked again wherever it is used.
  const model* checked_as = nullptr;

  constexpr void add_rule(const precision_rule& r) {
    detail::require_table(!(n_rules >= max_rules), "too many precision rules");
    rules[n_rules++] = r;
  }
  constexpr void add_loop(const loop_site& l) {
    detail::require_table(!(n_loops >= max_loop_sites), "too many loop sites");
    loops[n_loops++] = l;
  }
};

/// Calls f(node, instance, block) for every node of every block instance of section `sec`, in
/// execution order.
template <typename F>
constexpr void for_each_node(const model& m, section sec, F&& f) {
  const circuit& c = m.c;
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec != sec) continue;
    const block& b = c.blocks[in.block];
    for (std::size_t ni = b.first; ni < b.end; ++ni) f(c.nodes[ni], in, b);
  }
}

/// Whether any precision rule depends on the layer index: if none does, every instance of a
/// block in one section resolves to the same formats, and per-block sums can be memoised.
constexpr bool formats_depend_on_layer(const model& m) {
  for (std::size_t r = 0; r < m.n_rules; ++r) {
    if (m.rules[r].layer_lo != 0 || m.rules[r].layer_hi != no_layer) return true;
  }
  return false;
}

/// Formats a weight-bearing node runs at in one instance.
struct resolved_formats {
  tensor_format weight = formats::bf16;
  tensor_format activation = formats::bf16;
  std::uint8_t extra_scalars = 0;  ///< F32 scalars stored per weight tensor beyond the format's scales
  friend constexpr bool operator==(const resolved_formats&, const resolved_formats&) = default;
};

namespace detail {
[[noreturn]] inline void no_rule_at_run_time(const model& m, const node& n) {
  fail(error_kind::bad_model, "model `" + std::string(m.id) + "`: no precision rule matches node `" +
                                  std::string(n.local) + "`");
}
}  // namespace detail

namespace detail {
/// The first rule matching a weight-bearing node in one instance; none is a table error.
constexpr const precision_rule& rule_of(const model& m, const node& n, const instance& i) {
  for (std::size_t r = 0; r < m.n_rules; ++r) {
    if (m.rules[r].matches(n, i)) return m.rules[r];
  }
  if (std::is_constant_evaluated()) detail::no_precision_rule_matches_a_weight_node();
  detail::no_rule_at_run_time(m, n);
}
constexpr resolved_formats formats_in(const precision_rule& r) { return {r.weight, r.activation, r.extra_scalars}; }
constexpr bool same_formats(const resolved_formats& f, const precision_rule& r) {
  return f.weight == r.weight && f.activation == r.activation && f.extra_scalars == r.extra_scalars;
}
}  // namespace detail

/// The first matching rule's formats; a weight node no rule matches is a table error.
constexpr resolved_formats formats_of(const model& m, const node& n, const instance& i) {
  return detail::formats_in(detail::rule_of(m, n, i));
}

}  // namespace headroom
