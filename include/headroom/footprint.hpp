// SPDX-License-Identifier: MIT
// headroom: what a model holds in device memory (docs/model.md#footprint).
//
// weights: every tensor the checkpoint stores, once: matmul weights with their scale tensors
//   (routed experts x E), embedding table, norm weights, biases, conv taps, A_log, dt_bias. A
//   node that reads a tensor another node stores (tied lm_head, a draft head's shared
//   embedding / lm_head) adds nothing.
// kv_per_token: per token of one sequence, every paged-KV state of every main-section block
//   instance at its own element size (draft blocks too when speculative decoding is on).
//   Sliding-window layers hold every token by default (engines that give every layer one page
//   size keep them: vLLM's physical allocation); with settings.evict_sliding they hold
//   min(context, window) tokens, counted as `swa_kv_per_token` over `swa_window` tokens. Their
//   attention reads min(context, window) tokens either way (node_cost).
// state_per_seq: recurrent h states (GDN / Mamba) at ssm_h_dtype; conv_per_seq: conv windows.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/model.hpp>
#include <headroom/node_cost.hpp>
#include <headroom/settings.hpp>
#include <headroom/validate.hpp>

namespace headroom {

struct footprint_bytes {
  byte_count weights = 0;         ///< every stored tensor of the checkpoint (its total_size)
  byte_count draft_weights = 0;   ///< of which the draft (MTP) head's own tensors
  byte_count vision_weights = 0;  ///< of which a stored vision encoder's tensors (loaded, not in decode)
  byte_count loaded_weights = 0;  ///< what the engine loads: weights, less the draft's unless speculative
  byte_count kv_per_token = 0;    ///< full-attention KV bytes per token of one sequence
  byte_count swa_kv_per_token = 0;  ///< sliding-window KV bytes per kept token
  std::uint64_t swa_window = 0;     ///< tokens a sliding layer keeps (0: none)
  byte_count state_per_seq = 0;   ///< recurrent h state bytes per sequence
  byte_count conv_per_seq = 0;    ///< conv window bytes per sequence

  /// Bytes per sequence at `context` tokens.
  [[nodiscard]] constexpr byte_count per_seq(std::uint64_t context) const {
    byte_count b = checked_mul(kv_per_token, context);
    b = checked_add(b, checked_mul(swa_kv_per_token, std::min(context, swa_window)));
    return checked_add(checked_add(b, state_per_seq), conv_per_seq);
  }
  /// loaded_weights + seqs * per_seq(context), exact.
  [[nodiscard]] constexpr byte_count bytes(std::uint64_t seqs, std::uint64_t context) const {
    return checked_add(loaded_weights, checked_mul(seqs, per_seq(context)));
  }
};

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

namespace detail {
// What one instance of a block adds: stored bytes and per-token / per-sequence state bytes.
struct block_bytes {
  byte_count weights = 0;
  byte_count kv = 0;
  byte_count swa_kv = 0;
  std::uint64_t window = 0;
  byte_count state = 0;
  byte_count conv = 0;
};

/// Whether a layer-ranged rule decides node `n`'s formats in section `sec` for some layer: the
/// first rule that matches it regardless of layer has a range. Nodes that store no matmul
/// weight have no formats.
constexpr bool layer_dependent(const model& m, const node& n, section sec) {
  if (!n.has_weight() || !n.stores_weight) return false;
  for (std::size_t r = 0; r < m.n_rules; ++r) {
    precision_rule any_layer = m.rules[r];
    any_layer.layer_lo = 0;
    any_layer.layer_hi = no_layer;
    if (any_layer.matches(n, {0, 0, sec, layer_kind::none})) return m.rules[r].layer_lo != 0 || m.rules[r].layer_hi != no_layer;
  }
  return false;
}

constexpr block_bytes states_of(const circuit& c, const block& b, const settings& s) {
  block_bytes out{};
  for (std::size_t si = 0; si < b.n_states; ++si) {
    const state_decl& st = b.states[si];
    const byte_count u = unit_bytes(st, s);
    if (st.kind == state_kind::paged_kv) {
      std::uint64_t window = 0;  // the window of the attention node that reads this state
      for (std::size_t ni = b.first; ni < b.end; ++ni) {
        if (c.nodes[ni].reads & (1u << si)) window = std::max(window, c.nodes[ni].window);
      }
      if (window == 0 || !s.evict_sliding) {
        out.kv = checked_add(out.kv, u);
      } else {
        require_table(out.window == 0 || out.window == window, "sliding layers with different windows");
        out.window = window;
        out.swa_kv = checked_add(out.swa_kv, u);
      }
    } else if (st.kind == state_kind::recurrent) {
      out.state = checked_add(out.state, u);
    } else {
      out.conv = checked_add(out.conv, u);
    }
  }
  return out;
}
}  // namespace detail

constexpr footprint_bytes footprint(const model& m, const settings& s) {
  validate(m);
  footprint_bytes fp{};
  const circuit& c = m.c;
  auto add = [&](const detail::block_bytes& bb, section sec, std::uint64_t count) {
    const byte_count w = checked_mul(count, bb.weights);
    fp.weights = checked_add(fp.weights, w);
    if (sec == section::draft) fp.draft_weights = checked_add(fp.draft_weights, w);
    if (sec == section::vision) fp.vision_weights = checked_add(fp.vision_weights, w);
    if (sec == section::vision || (sec == section::draft && !s.speculative)) return;
    fp.kv_per_token = checked_add(fp.kv_per_token, checked_mul(count, bb.kv));
    if (bb.window != 0) {
      detail::require_table(fp.swa_window == 0 || fp.swa_window == bb.window, "sliding layers with different windows");
      fp.swa_window = bb.window;
      fp.swa_kv_per_token = checked_add(fp.swa_kv_per_token, checked_mul(count, bb.swa_kv));
    }
    fp.state_per_seq = checked_add(fp.state_per_seq, checked_mul(count, bb.state));
    fp.conv_per_seq = checked_add(fp.conv_per_seq, checked_mul(count, bb.conv));
  };
  if (!formats_depend_on_layer(m)) {
    // Every instance of a block in one section holds the same bytes: visit each block once.
    for (std::uint8_t bi = 0; bi < c.n_blocks; ++bi) {
      const block& b = c.blocks[bi];
      for (const section sec : {section::main, section::draft, section::vision}) {
        const std::uint64_t count = c.uses[3u * bi + static_cast<std::size_t>(sec)];
        if (count == 0) continue;
        detail::block_bytes bb = detail::states_of(c, b, s);
        bb.weights = block_stored_bytes(m, b, {bi, 0, sec, layer_kind::none});
        add(bb, sec, count);
      }
    }
  } else {
    // Layer-dependent rules: each (block, section) is costed once for its states and the nodes
    // no layer-ranged rule can reach; per instance only the other weight nodes are resolved.
    std::array<std::array<bool, 3>, max_nodes> dependent{};
    for (std::uint8_t bi = 0; bi < c.n_blocks; ++bi) {
      const block& b = c.blocks[bi];
      for (const section sec : {section::main, section::draft, section::vision}) {
        const std::uint64_t count = c.uses[3u * bi + static_cast<std::size_t>(sec)];
        if (count == 0) continue;
        detail::block_bytes bb = detail::states_of(c, b, s);
        const instance any{bi, 0, sec, layer_kind::none};
        for (std::size_t ni = b.first; ni < b.end; ++ni) {
          const bool dep = detail::layer_dependent(m, c.nodes[ni], sec);
          dependent[ni][static_cast<std::size_t>(sec)] = dep;
          if (!dep) bb.weights = checked_add(bb.weights, stored_bytes(m, c.nodes[ni], any));
        }
        add(bb, sec, count);
      }
    }
    // A node's bytes depend only on the rule that resolves it: each (node, rule) is sized once.
    std::array<std::array<byte_count, max_rules>, max_nodes> sized{};
    for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
      const instance& in = c.instances[ii];
      const block& b = c.blocks[in.block];
      byte_count w = 0;
      for (std::size_t ni = b.first; ni < b.end; ++ni) {
        if (!dependent[ni][static_cast<std::size_t>(in.sec)]) continue;
        std::size_t r = 0;
        while (r < m.n_rules && !m.rules[r].matches(c.nodes[ni], in)) ++r;
        if (r == m.n_rules) {  // no rule: stored_bytes names the error
          w = checked_add(w, stored_bytes(m, c.nodes[ni], in));
          continue;
        }
        if (sized[ni][r] == 0) sized[ni][r] = stored_bytes(m, c.nodes[ni], in);
        w = checked_add(w, sized[ni][r]);
      }
      fp.weights = checked_add(fp.weights, w);
      if (in.sec == section::draft) fp.draft_weights = checked_add(fp.draft_weights, w);
      if (in.sec == section::vision) fp.vision_weights = checked_add(fp.vision_weights, w);
    }
  }
  fp.loaded_weights = s.speculative ? fp.weights : fp.weights - fp.draft_weights;
  return fp;
}

/// Logical parameters of every stored weight, norm, bias and small tensor (a 4-bit value counts
/// one), scale tensors excluded: the figure model cards and parameter registries publish.
constexpr std::uint64_t parameter_count(const model& m) {
  std::uint64_t p = 0;
  for (const section sec : {section::main, section::draft, section::vision}) {
    for_each_node(m, sec, [&](const node& n, const instance&, const block&) {
      p = checked_add(p, n.aux_params);
      const std::uint64_t copies = is_routed_expert(n.kind) ? n.experts : 1;
      if (n.bias) p = checked_add(p, checked_mul(copies, n.weight_out()));
      if (!n.has_weight() || !n.stores_weight) return;
      const std::uint64_t rows = n.kind == op::embed ? n.table_rows : n.weight_out();
      p = checked_add(p, checked_mul(copies, checked_mul(rows, n.weight_k())));
    });
  }
  return p;
}

/// Elements of the scale tensors the checkpoint stores (F32 fp8 scales, E4M3 / E8M0 group
/// scales, per-tensor globals and extra scalars): the Hub's safetensors element count is
/// parameter_count + scale_elements for checkpoints with one value per byte.
constexpr std::uint64_t scale_elements(const model& m) {
  std::uint64_t p = 0;
  for (const section sec : {section::main, section::draft, section::vision}) {
    for_each_node(m, sec, [&](const node& n, const instance& in, const block&) {
      if (!n.has_weight() || !n.stores_weight || n.kind == op::embed) return;
      const resolved_formats f = formats_of(m, n, in);
      const std::uint64_t copies = is_routed_expert(n.kind) ? n.experts : 1;
      const std::uint64_t t = n.weight_tensors == 0 ? 1 : n.weight_tensors;
      const std::uint64_t out = n.weight_out() / t;
      const std::uint64_t k = n.weight_k();
      std::uint64_t per = f.extra_scalars;
      const tensor_format& w = f.weight;
      switch (w.kind) {
        case format_kind::fp8:
          // Checked like every byte count: a hand-written table can make these wrap.
          if (w.scale == scale_kind::tensor) per = checked_add(per, 1);
          if (w.scale == scale_kind::channel || w.scale == scale_kind::token) per = checked_add(per, out);
          if (w.scale == scale_kind::group) per = checked_add(per, checked_mul(out, k / w.group));
          if (w.scale == scale_kind::block) per = checked_add(per, checked_mul(ceil_div(out, w.block_r), ceil_div(k, w.block_c)));
          break;
        case format_kind::mxfp4: per = checked_add(per, checked_mul(out, k) / 32); break;
        case format_kind::nvfp4: per = checked_add(per, checked_mul(out, k) / w.group + 1); break;
        default: break;
      }
      p = checked_add(p, checked_mul(copies, checked_mul(t, per)));
    });
  }
  return p;
}

}  // namespace headroom
