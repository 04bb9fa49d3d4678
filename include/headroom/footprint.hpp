// SPDX-License-Identifier: MIT
// headroom: what a model holds in device memory (seed-system 2.8, fixed per 8.2.1/8.2.2).
//
// weights: every tensor the checkpoint stores, once: matmul weights with their scale tensors
//   (routed experts x E), embedding table, norm weights, biases, conv taps, A_log, dt_bias. A
//   node that reads a tensor another node stores (tied lm_head, a draft head's shared
//   embedding / lm_head) adds nothing.
// kv_per_token: per token of one sequence, every paged-KV state of every main-section block
//   instance at its own element size (draft blocks too when speculative decoding is on).
//   Sliding-window layers keep min(context, window) tokens (the same model the decode-step
//   time uses): their bytes are `swa_kv_per_token` over `swa_window` tokens.
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

namespace headroom {

struct footprint_bytes {
  byte_count weights = 0;         ///< every stored tensor of the checkpoint (its total_size)
  byte_count draft_weights = 0;   ///< of which the draft (MTP) head's own tensors
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
  return checked_add(b, checked_mul(copies, one_weight_bytes(n, f.weight)));
}

constexpr footprint_bytes footprint(const model& m, const settings& s) {
  footprint_bytes fp{};
  const circuit& c = m.c;
  // Stored bytes of a block instance depend only on (block, section) unless a rule names layers.
  const bool per_layer = formats_depend_on_layer(m);
  std::array<byte_count, 2 * max_blocks> memo{};
  std::array<bool, 2 * max_blocks> known{};
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    const block& b = c.blocks[in.block];
    const std::size_t key = 2u * in.block + (in.sec == section::draft ? 1u : 0u);
    byte_count w = 0;
    if (!per_layer && known[key]) {
      w = memo[key];
    } else {
      for (std::size_t ni = b.first; ni < b.end; ++ni) w = checked_add(w, stored_bytes(m, c.nodes[ni], in));
      memo[key] = w;
      known[key] = true;
    }
    fp.weights = checked_add(fp.weights, w);
    if (in.sec == section::draft) fp.draft_weights = checked_add(fp.draft_weights, w);
    if (in.sec == section::draft && !s.speculative) continue;
    for (std::size_t si = 0; si < b.n_states; ++si) {
      const state_decl& st = b.states[si];
      const byte_count u = unit_bytes(st, s);
      if (st.kind == state_kind::paged_kv) {
        std::uint64_t window = 0;  // the window of the attention node that reads this state
        for (std::size_t ni = b.first; ni < b.end; ++ni) {
          if (c.nodes[ni].reads & (1u << si)) window = std::max(window, c.nodes[ni].window);
        }
        if (window == 0) {
          fp.kv_per_token = checked_add(fp.kv_per_token, u);
        } else {
          detail::require_table(!(fp.swa_window != 0 && fp.swa_window != window), "sliding layers with different windows");
          fp.swa_window = window;
          fp.swa_kv_per_token = checked_add(fp.swa_kv_per_token, u);
        }
      } else if (st.kind == state_kind::recurrent) {
        fp.state_per_seq = checked_add(fp.state_per_seq, u);
      } else {
        fp.conv_per_seq = checked_add(fp.conv_per_seq, u);
      }
    }
  }
  fp.loaded_weights = s.speculative ? fp.weights : fp.weights - fp.draft_weights;
  return fp;
}

/// Parameters (elements) of every stored tensor, scales excluded: the checkpoint's parameter
/// count as the Hub reports it for an unquantized checkpoint.
constexpr std::uint64_t parameter_count(const model& m) {
  std::uint64_t p = 0;
  const circuit& c = m.c;
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    const block& b = c.blocks[in.block];
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      const node& n = c.nodes[ni];
      p = checked_add(p, n.aux_params);
      const std::uint64_t copies = is_routed_expert(n.kind) ? n.experts : 1;
      if (n.bias) p = checked_add(p, checked_mul(copies, n.weight_out()));
      if (!n.has_weight() || !n.stores_weight) continue;
      if (n.kind == op::embed) {
        p = checked_add(p, checked_mul(n.table_rows, n.weight_k()));
      } else {
        p = checked_add(p, checked_mul(copies, checked_mul(n.weight_out(), n.weight_k())));
      }
    }
  }
  return p;
}

}  // namespace headroom
