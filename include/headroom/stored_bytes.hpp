// SPDX-License-Identifier: MIT
// headroom: the stored-byte laws -- the bytes a node stores (matmul weights with their scale
// tensors, embedding tables, norm weights, biases, conv taps), what a checkpoint's total_size
// counts (docs/model.md#footprint). Both memory (footprint.hpp, rank_footprint.hpp) and the cost
// model (node_cost.hpp) read them, so neither depends on the other. The per-element byte laws
// themselves are tensor_format.hpp's; nothing here restates them.
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/error.hpp>
#include <headroom/model.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom {

namespace detail {
// one_weight_bytes of a weight of `out` rows and `k` columns (n.weight_out(), n.weight_k()),
// for a caller that has them already (node_cost reads them for the FLOPs too).
constexpr std::uint64_t one_weight_bytes_of(const node& n, const resolved_formats& f, std::uint64_t out, std::uint64_t k) {
  const std::uint64_t t = n.weight_tensors == 0 ? 1 : n.weight_tensors;
  require_table(t == 1 || out % t == 0, "a weight's rows do not split evenly into its tensors");
  const std::uint64_t each = t == 1 ? out : out / t;  // one tensor (most weights): no division
  return checked_mul(t, checked_add(weight_bytes(f.weight, each, k), 4u * f.extra_scalars));
}
// one_bias_bytes of a node whose weight has `out` rows.
constexpr std::uint64_t one_bias_bytes_of(const node& n, std::uint64_t out) { return n.bias ? bytes(n.aux_format, 1, out) : 0; }
}  // namespace detail

/// Stored bytes of one copy of a node's matmul weight (one expert for routed experts), with
/// every scale tensor: a weight stored as `weight_tensors` checkpoint tensors (gate and up
/// apart) carries each tensor's own per-tensor scales and extra F32 scalars.
constexpr std::uint64_t one_weight_bytes(const node& n, const resolved_formats& f) {
  return detail::one_weight_bytes_of(n, f, n.weight_out(), n.weight_k());
}

/// Stored small parameters of a node (norm weights, conv taps, A_log, dt_bias, sinks).
constexpr std::uint64_t aux_only_bytes(const node& n) {
  return n.aux_params == 0 ? 0 : bytes(n.aux_format, 1, n.aux_params);
}
/// One copy of the node's bias (one expert's for routed experts), at aux_format.
constexpr std::uint64_t one_bias_bytes(const node& n) { return detail::one_bias_bytes_of(n, n.weight_out()); }

/// Stored small parameters and every copy of the bias.
constexpr std::uint64_t aux_bytes(const node& n) {
  const std::uint64_t copies = is_routed_expert(n.kind) ? n.experts : 1;
  return checked_add(aux_only_bytes(n), checked_mul(copies, one_bias_bytes(n)));
}

/// Stored bytes of one node (all its copies), 0 if it reads another node's tensor.
constexpr byte_count stored_bytes(const model& m, const node& n, const instance& i) {
  byte_count b = aux_bytes(n);
  if (!n.has_weight() || !n.stores_weight) return b;
  const resolved_formats f = formats_of(m, n, i);
  if (n.kind == op::embed) return checked_add(b, weight_bytes(f.weight, n.table_rows, n.weight_k()));
  const std::uint64_t copies = is_routed_expert(n.kind) ? n.experts : 1;
  return checked_add(b, checked_mul(copies, one_weight_bytes(n, f)));
}

/// Stored bytes of one instance of a block.
constexpr byte_count block_stored_bytes(const model& m, const block& b, const instance& in) {
  byte_count w = 0;
  for (std::size_t ni = b.first; ni < b.end; ++ni) w = checked_add(w, stored_bytes(m, m.c.nodes[ni], in));
  return w;
}

/// Of a block instance's stored bytes, those of weights the engine builds at load time.
constexpr byte_count block_runtime_bytes(const model& m, const block& b, const instance& in) {
  byte_count w = 0;
  for (std::size_t ni = b.first; ni < b.end; ++ni) {
    if (m.c.nodes[ni].runtime_copy) w = checked_add(w, stored_bytes(m, m.c.nodes[ni], in));
  }
  return w;
}

/// Logical parameters of every stored weight, norm, bias and small tensor (a 4-bit value counts
/// one), scale tensors excluded: the figure model cards and parameter registries publish.
constexpr std::uint64_t parameter_count(const model& m) {
  std::uint64_t p = 0;
  for (const section sec : all_sections) {
    for_each_node(m, sec, [&](const node& n, const instance&, const block&) {
      p = checked_add(p, n.aux_params);
      const std::uint64_t copies = is_routed_expert(n.kind) ? n.experts : 1;
      if (n.bias) p = checked_add(p, checked_mul(copies, n.weight_out()));
      if (!n.has_weight() || !n.stores_weight || n.runtime_copy) return;
      const std::uint64_t rows = n.kind == op::embed ? n.table_rows : n.weight_out();
      p = checked_add(p, checked_mul(copies, checked_mul(rows, n.weight_k())));
    });
  }
  return p;
}

namespace detail {
/// Scale elements of one [n, k] weight tensor: tensor_format's weight law less the values
/// (element_bits each), divided by the scale element's size -- F32 (4 bytes) for fp8 scales but
/// 1 byte for fp8/block<r>x<c>/ue8m0's;
/// E8M0 (MXFP4) and E4M3 (NVFP4) group scales 1 byte, NVFP4's one per-tensor global scale F32.
constexpr std::uint64_t weight_scale_elements(const tensor_format& f, std::uint64_t n, std::uint64_t k) {
  if (is_plain(f)) return 0;
  // Integer layouts store scales of two sizes (16-bit scales, I32 packed zeros, g_idx, the
  // weight_shape pair), so their elements are counted tensor by tensor (tensor_format.hpp).
  switch (f.kind) {
    case format_kind::int8: return n;  // one scale per output channel
    case format_kind::awq4:
    case format_kind::gptq4: {
      const std::uint64_t groups = k / f.group;
      const std::uint64_t e = checked_add(checked_mul(n, groups), checked_mul(n / 8, groups));
      return f.kind == format_kind::gptq4 ? checked_add(e, k) : e;
    }
    case format_kind::int4: {
      const std::uint64_t groups = k / f.group;
      const std::uint64_t e = checked_add(checked_mul(n, groups), 2);
      return f.zero_point ? checked_add(e, checked_mul(ceil_div(n, 8), groups)) : e;
    }
    default: break;
  }
  const std::uint64_t values = checked_mul(checked_mul(n, k), element_bits(f)) / 8;
  const std::uint64_t scale = weight_bytes(f, n, k) - values;
  switch (f.kind) {
    case format_kind::fp8: return f.ue8m0 ? scale : scale / 4;  // F32 scales, or one UE8M0 byte each
    case format_kind::nvfp4: return scale - 4 + 1;
    default: return scale;
  }
}
}  // namespace detail

/// Elements of the scale tensors the checkpoint stores (F32 fp8 scales, E4M3 / E8M0 group
/// scales, per-tensor globals and extra scalars): the Hub's safetensors element count is
/// parameter_count + scale_elements for checkpoints with one value per byte.
constexpr std::uint64_t scale_elements(const model& m) {
  std::uint64_t p = 0;
  for (const section sec : all_sections) {
    for_each_node(m, sec, [&](const node& n, const instance& in, const block&) {
      if (!n.has_weight() || !n.stores_weight || n.runtime_copy || n.kind == op::embed) return;
      const resolved_formats f = formats_of(m, n, in);
      const std::uint64_t copies = is_routed_expert(n.kind) ? n.experts : 1;
      const std::uint64_t t = n.weight_tensors == 0 ? 1 : n.weight_tensors;
      const std::uint64_t per = checked_add(f.extra_scalars, detail::weight_scale_elements(f.weight, n.weight_out() / t, n.weight_k()));
      p = checked_add(p, checked_mul(copies, checked_mul(t, per)));
    });
  }
  return p;
}

}  // namespace headroom
