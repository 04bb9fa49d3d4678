// SPDX-License-Identifier: MIT
// headroom internals: what an engine's KV-cache manager needs to know about one rank of a model
// -- its layers by kind (full attention, sliding-window attention, recurrent state), the
// compressor states (state_kind::compressor) by slot shape, the bytes of one layer per token or
// per sequence, and the widths the profiling forward allocates.
//
// Totals come from rank_footprint (so a parallel plan's per-rank bytes flow through); the
// circuit only says how many layers of each kind share those totals.
#pragma once

#include <array>
#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/footprint.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/parallel_rules.hpp>
#include <headroom/stored_bytes.hpp>
#include <headroom/detail/settings_core.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom::detail {

/// The compressor states of one shape on the rank: `layers` states (one per layer instance) of
/// `rows` token slots, `slot_bytes` a slot. DeepSeek-V4-Flash has three: the ratio-4 KV
/// compressor's (8 rows of 8,192 B), its indexer's (8 of 2,048 B), the ratio-128 one's (128 of
/// 4,096 B).
struct compressor_group {
  std::uint64_t rows = 0;
  byte_count slot_bytes = 0;
  std::uint64_t layers = 0;
};
inline constexpr std::size_t max_compressor_groups = 4;

struct kv_layout {
  std::uint64_t n_full = 0;       ///< full-attention layers (KV per token)
  std::uint64_t n_swa = 0;        ///< sliding-window attention layers
  std::uint64_t n_state = 0;      ///< recurrent layers (Mamba / GDN: state per sequence)
  std::uint64_t window = 0;       ///< tokens a sliding layer attends to
  byte_count full_per_token = 0;  ///< all full-attention layers, per token (this rank)
  byte_count swa_per_token = 0;   ///< all sliding layers, per token (this rank)
  byte_count state_per_seq = 0;   ///< all recurrent layers, per sequence: h + conv (this rank)
  byte_count conv_per_seq = 0;    ///< the conv windows' share of state_per_seq
  std::uint64_t conv_columns = 0; ///< past inputs a conv window keeps per channel (kernel - 1)
  std::array<compressor_group, max_compressor_groups> compressor{};  ///< compressor states by shape
  std::size_t n_compressor = 0;       ///< groups in use
  byte_count compressor_per_seq = 0;  ///< all compressor states, per sequence (this rank)
  std::uint64_t head_dim = 0;     ///< attention head size (0: a latent row, MLA)
  bool latent = false;            ///< MLA: one latent row per token, replicated on every rank
  std::uint64_t vocab = 0;        ///< lm_head rows (logits width)
  std::uint64_t q_heads = 0;      ///< query heads of an attention layer (its query width / head size)
  std::uint64_t hidden = 0;       ///< residual-stream width

  /// One full-attention layer's bytes per token (vLLM's page of one token).
  [[nodiscard]] constexpr byte_count full_layer_token() const { return n_full == 0 ? 0 : ceil_div(full_per_token, n_full); }
  [[nodiscard]] constexpr byte_count swa_layer_token() const { return n_swa == 0 ? 0 : ceil_div(swa_per_token, n_swa); }
  [[nodiscard]] constexpr byte_count state_layer_seq() const { return n_state == 0 ? 0 : ceil_div(state_per_seq, n_state); }
};

/// The layout of the rank whose footprint is `fp` (computed with sliding layers apart from full
/// ones: detail::rank_footprint_of(..., true)).
constexpr kv_layout layout_of(const model& m, const footprint_bytes& fp, const settings& s) {
  kv_layout l{};
  const circuit& c = m.c;
  for (std::uint8_t bi = 0; bi < c.n_blocks; ++bi) {
    const block& b = c.blocks[bi];
    std::uint64_t count = c.uses_in(bi, section::main);
    if (s.speculative) count += c.uses_in(bi, section::draft);
    if (count == 0) continue;
    bool full = false;     // a paged state no windowed node reads
    bool sliding = false;  // a paged state a windowed node reads
    bool recurrent = false;
    for (std::size_t si = 0; si < b.n_states; ++si) {
      const state_decl& st = b.states[si];
      if (st.kind == state_kind::paged_kv) {
        bool windowed = false;
        if (st.heads == 0) {
          l.latent = true;
          l.head_dim = headroom::detail::max(l.head_dim, st.elements);
        } else {
          l.head_dim = headroom::detail::max(l.head_dim, st.elements / st.heads);
        }
        for (std::size_t ni = b.first; ni < b.end; ++ni) {
          if ((c.nodes[ni].reads & (1u << si)) && c.nodes[ni].window != 0) {
            windowed = true;
            l.window = headroom::detail::max(l.window, c.nodes[ni].window);
          }
        }
        (windowed ? sliding : full) = true;
      } else if (st.kind == state_kind::compressor) {
        // Not a recurrent (Mamba-like) layer: vLLM pages it as a sliding window beside the
        // layer's KV and SGLang keeps it in its own rings (docs/engines.md), so the hybrid
        // Mamba rules do not apply; grouped by slot shape for the engines' rules.
        const std::uint64_t slot = unit_bytes(st, s) / st.rows;  // replicated: whole on every rank
        std::size_t g = 0;
        while (g < l.n_compressor && !(l.compressor[g].rows == st.rows && l.compressor[g].slot_bytes == slot)) ++g;
        require_table(g < max_compressor_groups, "more compressor-state shapes than engine_layout holds");
        if (g == l.n_compressor) l.compressor[l.n_compressor++] = {st.rows, slot, 0};
        l.compressor[g].layers += count;
        l.compressor_per_seq = checked_add(l.compressor_per_seq, checked_mul(count, checked_mul(slot, st.rows)));
      } else {
        recurrent = true;
        if (st.kind == state_kind::conv_window) {
          // kernel - 1 columns: the window's elements over the channels its conv node reads.
          for (std::size_t ni = b.first; ni < b.end; ++ni) {
            const node& n = c.nodes[ni];
            if ((n.updates & (1u << si)) && n.kind == op::conv1d_update && n.n_in > 0 && n.in[0].width != 0) {
              l.conv_columns = headroom::detail::max(l.conv_columns, st.elements / n.in[0].width);
            }
          }
        }
      }
    }
    // A layer with both (DeepSeek-V4: a window beside compressed rows) counts in each kind: its
    // compressed bytes grow with the request, its window's stop at the window.
    if (sliding) l.n_swa += count;
    if (full) l.n_full += count;
    if (recurrent) l.n_state += count;
  }
  for (std::size_t ni = 0; ni < c.n_nodes; ++ni) {
    const node& n = c.nodes[ni];
    if (n.kind == op::lm_head) l.vocab = headroom::detail::max(l.vocab, n.weight_out());
    if (n.kind == op::embed && n.n_out > 0) l.hidden = headroom::detail::max(l.hidden, n.out[0].width);
    if (n.kind == op::paged_attention && n.n_in > 0 && l.head_dim != 0 && !l.latent) {
      l.q_heads = headroom::detail::max(l.q_heads, n.in[0].width / l.head_dim);
    }
  }
  l.full_per_token = fp.kv_per_token;
  l.swa_per_token = fp.swa_kv_per_token;
  // The footprint's state_per_seq holds compressor states too (engines::none and llama.cpp
  // count them per sequence); the recurrent share is what is left.
  l.state_per_seq = checked_add(sat_sub(fp.state_per_seq, l.compressor_per_seq), fp.conv_per_seq);
  l.conv_per_seq = fp.conv_per_seq;
  return l;
}

/// Bytes of an activation edge at `n` tokens (0 for a shape the format cannot hold).
constexpr byte_count edge_bytes(const edge& x, std::uint64_t n) {
  std::uint64_t b = 0;
  return detail::law_bytes(x.format, x.rows(n), x.width, false, b) ? b : 0;
}

/// Hidden-wide bf16 tensors alive across a layer besides the node's own edges: the residual,
/// the normed input and the sublayer output. Calibrated on vLLM issue #10517 (Llama-3.1-8B,
/// no chunked prefill, so the profiled batch is max_model_len tokens): the activation peak is
/// 2.07 GiB at 20,000 tokens and 2.99 GiB at 29,000, 110,592 B per token = the gate_up output
/// and the SiLU output (86,016 B) + 3 x 8,192 B.
inline constexpr std::uint64_t forward_hidden_tensors = 3;

/// The largest live set of one forward over `tokens` tokens: for every node of the main
/// section, its inputs and outputs alive together, plus forward_hidden_tensors hidden-wide
/// tensors. The lm_head runs on `logit_rows` rows only (the
/// engines gather the last token of each request before it), so it is left to the sampler term.
constexpr byte_count forward_peak_bytes(const model& m, std::uint64_t tokens, std::uint64_t hidden) {
  const circuit& c = m.c;
  byte_count peak = 0;
  for (std::uint8_t bi = 0; bi < c.n_blocks; ++bi) {
    if (c.uses_in(bi, section::main) == 0) continue;
    const block& b = c.blocks[bi];
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      const node& n = c.nodes[ni];
      if (n.kind == op::lm_head || n.kind == op::argmax || n.kind == op::embed) continue;
      byte_count live = 0;
      for (std::size_t i = 0; i < n.n_in; ++i) live = checked_add(live, edge_bytes(n.in[i], tokens));
      for (std::size_t o = 0; o < n.n_out; ++o) live = checked_add(live, edge_bytes(n.out[o], tokens));
      peak = headroom::detail::max(peak, live);
    }
  }
  return checked_add(peak, checked_mul(checked_mul(checked_mul(hidden, tokens), 2), forward_hidden_tensors));
}

/// How an engine's MXFP4 MoE kernel lays out a rank's routed experts: the rank's intermediate
/// share rounded up to `inter`, the hidden size to `hidden` (1: as is). The default is the
/// 64-aligned share rank_footprint counts (mxfp4_expert_partition_align); each engine's memory
/// rule says what its kernel on the device does (engine_vllm.hpp, engine_sglang.hpp).
struct mxfp4_padding {
  std::uint64_t inter = mxfp4_expert_partition_align;
  std::uint64_t hidden = 1;
};

/// What a rank loads for MXFP4 routed experts laid out as `pad`, against the 64-aligned share
/// rank_footprint counts: `more` bytes on top of it or `less` below it (one of the two is 0).
struct mxfp4_padding_delta {
  byte_count more = 0;
  byte_count less = 0;
};

/// mxfp4_padding_delta of layout `pad`, weights, scales and bias rows alike. Under pipeline
/// parallel the stage whose delta is largest counts (an upper bound where stages differ).
constexpr mxfp4_padding_delta mxfp4_padding_bytes(const model& m, const parallel& p, const mxfp4_padding& pad) {
  if (pad.inter == mxfp4_expert_partition_align && pad.hidden <= 1) return {};
  // Most models have no MXFP4 weight: skip the walk over every instance (compile time).
  bool any = false;
  for (std::size_t r = 0; r < m.n_rules; ++r) any = any || m.rules[r].weight.kind == format_kind::mxfp4;
  if (!any) return {};
  const circuit& c = m.c;
  const std::uint64_t layers = main_layers(m);
  const std::uint64_t pp = p.pp == 0 ? 1 : p.pp;
  mxfp4_padding_delta worst{};
  bool first = true;
  for (std::uint64_t st = 0; st < pp; ++st) {
    const std::uint64_t lo = pp == 1 ? 0 : pp_first_layer(layers, pp, st);
    const std::uint64_t hi = pp == 1 ? UINT64_MAX : pp_first_layer(layers, pp, st + 1);
    byte_count engine = 0;
    byte_count counted = 0;
    for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
      const instance& in = c.instances[ii];
      if (in.sec != section::main || (in.layer != no_layer && (in.layer < lo || in.layer >= hi))) continue;
      const block& b = c.blocks[in.block];
      for (std::size_t ni = b.first; ni < b.end; ++ni) {
        const node& n = c.nodes[ni];
        const std::uint64_t tp = node_tp(b, n, p);
        if (!is_routed_expert(n.kind) || !n.stores_weight) continue;
        if (formats_of(m, n, in).weight.kind != format_kind::mxfp4) continue;
        const node loaded = rank_node(m, n, in, tp, p);  // the 64-aligned share
        const std::uint64_t ru = expert_share(n, tp, p.ep);
        const std::uint64_t hidden = n.kind == op::expert_gate_up ? n.weight_k() : n.weight_out();
        const node padded = reshape_expert_shard(rank_node(n, tp, p), ru, round_up(ru, pad.inter), round_up(hidden, pad.hidden));
        engine = checked_add(engine, stored_bytes(m, padded, in));
        counted = checked_add(counted, stored_bytes(m, loaded, in));
      }
    }
    const mxfp4_padding_delta d = engine >= counted ? mxfp4_padding_delta{engine - counted, 0} : mxfp4_padding_delta{0, counted - engine};
    const bool larger = d.more > worst.more || (d.more == 0 && worst.more == 0 && d.less < worst.less);
    if (first || larger) worst = d;
    first = false;
  }
  return worst;
}

/// `weights` (rank_footprint's, with the 64-aligned share) as an engine loads them under `pad`.
constexpr byte_count mxfp4_loaded_weights(const model& m, const parallel& p, const mxfp4_padding& pad, byte_count weights) {
  const mxfp4_padding_delta d = mxfp4_padding_bytes(m, p, pad);
  return checked_add(weights, d.more) - d.less;  // less <= the experts' bytes, part of weights
}

}  // namespace headroom::detail
