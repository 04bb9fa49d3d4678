// SPDX-License-Identifier: MIT
// headroom: what one rank of a parallel plan holds and runs of each node, state and block --
// the shares of parallel_rules.hpp's rules (its sources cite the engines' sharding code), and
// the MXFP4 expert padding the engines load.
#pragma once

#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom {

/// vLLM's DEFAULT_VOCAB_PADDING_SIZE.
inline constexpr std::uint64_t vocab_padding = 64;

namespace detail {
constexpr std::uint64_t round_up(std::uint64_t a, std::uint64_t m) { return checked_mul(ceil_div(a, m), m); }
}  // namespace detail

/// Whether a block runs attention-side (it holds KV or recurrent state): under DP attention it
/// is not split over TP.
constexpr bool mixer_block(const block& b) { return b.n_states != 0; }

/// The TP degree a block's nodes split over under the plan.
constexpr std::uint64_t block_tp(const block& b, const parallel& p) {
  return p.dp_attention && mixer_block(b) ? 1 : p.tp;
}

/// The ranks a MoE layer's routed experts span: every dp x tp rank (node_tp, below).
constexpr std::uint64_t moe_ranks(const parallel& p) { return static_cast<std::uint64_t>(p.tp) * (p.dp == 0 ? 1 : p.dp); }

/// The TP degree node `n` of block `b` splits over: routed experts (and their activations) over
/// all dp x tp ranks, as vLLM flattens TP across DP for its MoE layers
/// (vllm/model_executor/layers/fused_moe/config.py @002d6073aa034d4f5545d45021b0e56d1f3c3593,
/// FusedMoEParallelConfig.flatten_tp_across_dp_and_pcp: flatten_tp_size = dp x pcp x tp; with
/// expert parallelism on, that whole group is the EP group), every other node over block_tp.
constexpr std::uint64_t node_tp(const block& b, const node& n, const parallel& p) {
  return n.split == shard::experts ? moe_ranks(p) : block_tp(b, p);
}

/// A routed expert's slots under plan `p`: the layer's experts and the plan's redundant copies
/// (parallel::redundant_experts), which the ep ranks share evenly -- each rank holds and
/// streams (experts + redundant) / ep of them. The load balancer picks which experts it copies
/// from the routing it sees; headroom routes uniformly, so a copy counts as one more expert of
/// the layer. Any other node: its `experts` (0).
constexpr std::uint64_t expert_slots(const node& n, const parallel& p) {
  return p.redundant_experts != 0 && is_routed_expert(n.kind) && n.experts != 0 ? n.experts + p.redundant_experts : n.experts;
}

/// Groups the sequences are dealt out over: the dp replicas, and under DP attention the tp
/// ranks of each.
constexpr std::uint64_t seq_shares(const parallel& p) {
  return static_cast<std::uint64_t>(p.dp == 0 ? 1 : p.dp) * (p.dp_attention ? p.tp : 1);
}

/// The shares one rank's rows of block `b` are of a step's: a data-parallel replica's, and under
/// DP attention an attention block's rank's (every other block of a replica runs all its rows).
constexpr std::uint64_t block_row_shares(const block& b, const parallel& p) {
  return static_cast<std::uint64_t>(p.dp == 0 ? 1 : p.dp) * (p.dp_attention && mixer_block(b) ? p.tp : 1);
}

/// Rows the busiest of `shares` ranks runs of a step of `rows` rows over `seqs` sequences,
/// each dealt out whole (a prompt is not split over ranks): ceil(seqs / shares) sequences of
/// rows / seqs rows each. One prompt runs all its rows on one rank; a decode step (one row a
/// sequence) ceil(seqs / shares). Rows that are not whole per sequence (a pass mixing decode
/// rows and a prompt's chunk) split evenly.
constexpr std::uint64_t rank_rows(std::uint64_t rows, std::uint64_t seqs, std::uint64_t shares) {
  if (shares <= 1) return rows;
  if (seqs == 0 || rows % seqs != 0) return ceil_div(rows, shares);
  return checked_mul(ceil_div(seqs, shares), rows / seqs);
}
/// The same for a pass whose sequences are not alike: `wide_seqs` of the `seqs` hold `wide_rows`
/// rows each (prompts, or one prompt's chunk) and the others the rest evenly (decoding
/// sequences, a row each or a speculative verify's 1 + K). The busiest rank holds
/// ceil(wide_seqs / shares) of the prompts and fills its ceil(seqs / shares) sequences with the
/// others: a prompt's rows stay on its rank, where an even split had put half a 2,000-token
/// prompt on each of two ranks and made the pass that carries it cheaper than the prompt alone.
/// wide_seqs 0 (or a mix these numbers cannot hold): rank_rows above.
constexpr std::uint64_t rank_rows(std::uint64_t rows, std::uint64_t seqs, std::uint64_t shares, std::uint64_t wide_rows,
                                  std::uint64_t wide_seqs) {
  if (shares <= 1) return rows;
  if (wide_seqs == 0 || wide_seqs >= seqs || wide_rows == 0) return rank_rows(rows, seqs, shares);
  const std::uint64_t wide_all = checked_mul(wide_rows, wide_seqs);
  if (wide_all >= rows) return rank_rows(rows, seqs, shares);
  const std::uint64_t narrow_each = ceil_div(rows - wide_all, seqs - wide_seqs);
  const std::uint64_t per = ceil_div(seqs, shares), wide = ceil_div(wide_seqs, shares);
  return checked_add(checked_mul(wide, wide_rows), checked_mul(per - wide, narrow_each));
}

/// Sequences one rank serves: data parallel and DP attention deal them out (seq_shares).
constexpr std::uint64_t rank_seqs(std::uint64_t seqs, const parallel& p) { return ceil_div(seqs, seq_shares(p)); }

/// How many of `units` one rank keeps under `how` at `tp` (0: the split is invalid).
constexpr std::uint64_t rank_units(shard how, std::uint64_t units, std::uint64_t tp) {
  switch (how) {
    case shard::replicated: return units;
    case shard::kv_heads:
      if (units == 0) return 0;
      if (tp <= units) return units % tp == 0 ? units / tp : 0;
      return tp % units == 0 ? 1 : 0;
    case shard::vocab: {
      const std::uint64_t padded = detail::round_up(units, vocab_padding);
      return padded % tp == 0 ? padded / tp : 0;
    }
    default: return units != 0 && units % tp == 0 ? units / tp : 0;
  }
}

namespace detail {
// w scaled to one rank's share (ru of `units`): exact for weights, rounded up for activations.
constexpr std::uint64_t share(std::uint64_t w, std::uint64_t units, std::uint64_t ru) {
  if (units == 0 || ru == units) return w;
  return ceil_div(checked_mul(w, ru), units);
}
constexpr edge share(edge x, std::uint64_t units, std::uint64_t ru) {
  x.width = share(x.width, units, ru);
  return x;
}
}  // namespace detail

/// What one rank holds and runs of node `n` at TP degree `tp` (the block's) and EP degree
/// `ep`: the same node with its weight shape, activations, small parameters and routed
/// experts cut to the rank's share, so stored_bytes and node_cost apply unchanged.
constexpr node rank_node(node n, std::uint64_t tp, std::uint64_t ep) {
  if (n.split == shard::replicated || (tp == 1 && ep == 1)) return n;
  if (n.split == shard::experts) {
    // Experts / ep per rank, each expert's intermediate / (tp / ep). Rows routed per token
    // (top_k of them) shrink to the rank's share of the experts, at least one.
    const std::uint64_t moe_tp = tp / ep;
    const std::uint64_t units = n.units;
    const std::uint64_t ru = moe_tp == 0 || units % moe_tp != 0 ? units : units / moe_tp;
    auto routed = [&](edge x) {
      if (x.rows_per_n > 1) x.rows_per_n = headroom::detail::max<std::uint64_t>(1, ceil_div(x.rows_per_n, ep));
      return x;
    };
    for (std::size_t i = 0; i < n.n_in; ++i) {
      n.in[i] = routed(n.in[i]);
      if (i == 0 && n.kind != op::expert_gate_up) n.in[i] = detail::share(n.in[i], units, ru);  // the intermediate
    }
    for (std::size_t i = 0; i < n.n_out; ++i) {
      n.out[i] = routed(n.out[i]);
      if (n.kind != op::expert_down) n.out[i] = detail::share(n.out[i], units, ru);
    }
    if (is_routed_expert(n.kind)) {
      n.ep_ranks = static_cast<std::uint16_t>(ep);
      n.route_top_k = n.top_k;
      n.experts = n.experts / ep;
      n.top_k = headroom::detail::max<std::uint64_t>(1, ceil_div(n.top_k, ep));
    }
    return n;
  }
  const std::uint64_t units = n.split == shard::vocab ? detail::round_up(n.units, vocab_padding) : n.units;
  const std::uint64_t ru = rank_units(n.split, n.units, tp);
  if (n.split == shard::vocab) {
    if (n.kind == op::embed) {
      n.table_rows = ru;
    } else {
      for (std::size_t i = 0; i < n.n_out; ++i) n.out[i].width = ru;
    }
    return n;
  }
  if (n.aux_split) n.aux_params = detail::share(n.aux_params, n.units, ru);
  if (n.kind == op::mla_attention) {
    // Split by query heads (kv_b_proj is column-parallel by head): the rank's heads, their
    // rows of kv_b_proj, query and output; the latent row it reads stays whole.
    n.kv_b_out = detail::share(n.kv_b_out, units, ru);
    n.heads = static_cast<std::uint32_t>(detail::share(n.heads, units, ru));
  } else if (reads_linear_weight(n.kind)) {
    if (n.split == shard::rows) {
      n.in[0] = detail::share(n.in[0], units, ru);
    } else {
      for (std::size_t i = 0; i < n.n_out; ++i) n.out[i] = detail::share(n.out[i], units, ru);
    }
    return n;
  }
  if (n.kv_b_out != 0) {  // an MLA's absorbed attend: its expanded form's heads split alike
    n.kv_b_out = detail::share(n.kv_b_out, units, ru);
    n.heads = static_cast<std::uint32_t>(detail::share(n.heads, units, ru));
  }
  for (std::size_t i = 0; i < n.n_in; ++i) n.in[i] = detail::share(n.in[i], units, ru);
  for (std::size_t i = 0; i < n.n_out; ++i) n.out[i] = detail::share(n.out[i], units, ru);
  return n;
}

/// MXFP4 routed experts: each rank's share of an expert's intermediate size is padded up to a
/// multiple of 64 (two 32-element blocks) when loaded, so a share that is not whole blocks
/// still loads (gpt-oss at TP 4: 2880 / 4 = 720 = 22.5 blocks, loaded as 768). 64 is vLLM's
/// Triton path (vllm/model_executor/layers/quantization/mxfp4.py
/// @007d50058a06dec0f82472d63c819244d460c40d, Mxfp4MoEMethod.create_weights,
/// `intermediate_size_per_partition_after_pad`); each engine's memory rule lays the experts out
/// as the kernel it picks does, from this (detail::mxfp4_padding in the engines layer: vLLM's
/// other kernels pad further, SGLang's triton_kernels path to 32 only). Other grouped formats
/// are not padded by the engines (vLLM's
/// Fp8MoEMethod raises when the share is not whole blocks): a share must stay whole groups.
inline constexpr std::uint64_t mxfp4_expert_partition_align = 64;

/// A routed-expert rank node `rn` (from rank_node) with its intermediate share `ru` re-widened
/// to `padded` and its hidden width to `hidden` (0: unchanged): the loaded shape.
constexpr node reshape_expert_shard(node rn, std::uint64_t ru, std::uint64_t padded, std::uint64_t hidden = 0) {
  if (ru == 0) return rn;
  if (rn.kind == op::expert_gate_up) {
    for (std::size_t i = 0; i < rn.n_out; ++i) {
      if (rn.out[i].width % ru == 0) rn.out[i].width = rn.out[i].width / ru * padded;
    }
    if (hidden != 0 && rn.n_in > 0) rn.in[0].width = hidden;
  } else if (rn.kind == op::expert_down) {
    if (rn.n_in > 0) rn.in[0].width = padded;
    if (hidden != 0) {
      for (std::size_t i = 0; i < rn.n_out; ++i) rn.out[i].width = hidden;
    }
  }
  return rn;
}

/// One rank's share of an expert's intermediate size (the expert node's `units` over tp / ep).
constexpr std::uint64_t expert_share(const node& n, std::uint64_t tp, std::uint64_t ep) {
  const std::uint64_t moe_tp = tp / ep;
  return moe_tp == 0 || n.units % moe_tp != 0 ? n.units : n.units / moe_tp;
}

/// What one rank loads of node `n` of instance `in`: rank_node, with an MXFP4 routed expert's
/// intermediate share padded as the engines load it (mxfp4_expert_partition_align).
constexpr node rank_node(const model& m, const node& n, const instance& in, std::uint64_t tp, std::uint64_t ep) {
  node rn = rank_node(n, tp, ep);
  if (!is_routed_expert(n.kind) || !n.stores_weight || formats_of(m, n, in).weight.kind != format_kind::mxfp4) return rn;
  const std::uint64_t ru = expert_share(n, tp, ep);
  const std::uint64_t padded = detail::round_up(ru, mxfp4_expert_partition_align);
  return padded == ru ? rn : reshape_expert_shard(rn, ru, padded);
}

namespace detail {
// A rank node `rn` of node `n` under plan `p`: a routed expert's share of the expert slots.
constexpr node with_slot_share(node rn, const node& n, const parallel& p) {
  if (p.redundant_experts != 0 && is_routed_expert(n.kind) && n.experts != 0) rn.experts = expert_slots(n, p) / p.ep;
  return rn;
}
}  // namespace detail

/// What one rank of plan `p` runs of node `n` at TP degree `tp`: rank_node at the plan's EP, a
/// routed expert holding its share of the layer's expert slots (expert_slots).
constexpr node rank_node(const node& n, std::uint64_t tp, const parallel& p) {
  return detail::with_slot_share(rank_node(n, tp, p.ep), n, p);
}

/// What one rank of plan `p` loads of node `n` at TP degree `tp` (node_tp): the same, with an
/// MXFP4 routed expert's share padded as the engines load it.
constexpr node rank_node(const model& m, const node& n, const instance& in, std::uint64_t tp, const parallel& p) {
  return detail::with_slot_share(rank_node(m, n, in, tp, p.ep), n, p);
}

/// One rank's share of a state's elements at the block's TP degree.
constexpr state_decl rank_state(state_decl st, std::uint64_t tp) {
  if (st.split == shard::replicated || tp == 1) return st;
  const std::uint64_t ru = rank_units(st.split, st.heads, tp);
  st.elements = detail::share(st.elements, st.heads, ru);
  st.heads = ru;
  return st;
}

/// The block's states cut to one rank (node_cost reads them through the block).
constexpr block rank_block(block b, std::uint64_t tp) {
  for (std::size_t i = 0; i < b.n_states; ++i) b.states[i] = rank_state(b.states[i], tp);
  return b;
}

}  // namespace headroom
