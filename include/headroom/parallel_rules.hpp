// SPDX-License-Identifier: MIT
// headroom: the rules a parallel plan must satisfy and what one rank of it holds of each node.
//
// Sources (engine repository, file, commit):
//  - vLLM vllm/config/model.py `verify_with_parallel_config`: num_attention_heads % tp == 0.
//  - vLLM vllm/model_executor/layers/linear.py @0036d38de46c: every shard size goes through
//    `divide(a, b)` (exact); QKVParallelLinear keeps num_kv_heads / tp KV heads per rank, or,
//    when tp >= num_kv_heads, one head replicated tp / num_kv_heads times (tp must then be a
//    multiple of the KV-head count); RowParallelLinear keeps its bias whole on every rank.
//  - vLLM vllm/model_executor/layers/vocab_parallel_embedding.py @7f5d141a0abd: the vocab is
//    padded to a multiple of 64 (DEFAULT_VOCAB_PADDING_SIZE) and each rank holds
//    divide(padded, tp) rows.
//  - vLLM vllm/model_executor/layers/fused_moe/config.py @00c1c6a2054b: without EP every rank
//    holds every expert at intermediate / tp; with EP experts split over the ranks and each is
//    whole. SGLang (`moe_tp_size = tp_size // ep_size`) and TensorRT-LLM (moe_tp x moe_ep = tp)
//    allow ep < tp: experts / ep per rank, each at intermediate / (tp / ep). We model that and
//    require ep | tp and ep | experts (SGLang's and vLLM-with-EPLB's even split; vLLM without
//    EPLB also accepts an uneven split, which we refuse rather than model).
//  - vLLM vllm/model_executor/layers/mamba/mamba_utils.py @2afe1e8573cf: Mamba2 and GDN state
//    per rank is heads / tp (conv channels / tp).
//  - vLLM vllm/distributed/utils.py @5a6541db9bfa `get_pp_indices`: L // pp layers per stage,
//    the remainder one extra layer each on stages pp-2, pp-3, ... (never the last).
//  - SGLang --enable-dp-attention (python/sglang/srt/layers/dp_attention.py): attention runs
//    data parallel (attention TP size 1 when dp = tp), each rank with its own sequences; MoE
//    and the vocab-parallel embedding / LM head stay split over the tp ranks.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/error.hpp>
#include <headroom/model.hpp>
#include <headroom/stored_bytes.hpp>
#include <headroom/parallel.hpp>

namespace headroom {

/// vLLM's DEFAULT_VOCAB_PADDING_SIZE.
inline constexpr std::uint64_t vocab_padding = 64;

/// The first rule a plan breaks, in the order they are checked.
enum class plan_rule : std::uint8_t {
  ok,
  degrees_positive,             ///< tp, pp, ep >= 1
  ep_divides_tp,                ///< expert ranks lie inside the tp group
  ep_needs_experts,             ///< ep > 1 on a model without routed experts
  ep_divides_experts,           ///< routed experts split evenly
  tp_divides_query_heads,       ///< attention heads split evenly
  kv_heads_split_or_replicate,  ///< tp | kv heads, or kv heads | tp
  tp_divides_padded_vocab,      ///< round_up(vocab, 64) % tp == 0
  tp_divides_dimensions,        ///< intermediate sizes, GDN / Mamba heads and groups
  shard_fits_format,            ///< a sharded weight still has a byte size at its format (groups, blocks)
  pp_within_layers,             ///< every pipeline stage keeps at least one layer
};
/// Every plan rule, in declaration order (the order they are checked).
inline constexpr std::array all_plan_rules{
    plan_rule::ok,           plan_rule::degrees_positive,       plan_rule::ep_divides_tp,
    plan_rule::ep_needs_experts, plan_rule::ep_divides_experts, plan_rule::tp_divides_query_heads,
    plan_rule::kv_heads_split_or_replicate, plan_rule::tp_divides_padded_vocab, plan_rule::tp_divides_dimensions,
    plan_rule::shard_fits_format, plan_rule::pp_within_layers,
};
static_assert(detail::lists_values_in_order(all_plan_rules));
inline constexpr std::size_t plan_rules = all_plan_rules.size();

/// The rule as a sentence, for run-time errors and advice.
constexpr std::string_view describe(plan_rule r) {
  constexpr std::string_view text[] = {
      "valid",
      "tp, pp and ep must be at least 1",
      "ep must divide tp (expert ranks sit inside the tensor-parallel group)",
      "ep > 1 needs a model with routed experts",
      "ep must divide the routed experts",
      "tp must divide the query heads",
      "tp must divide the KV heads, or be a multiple of them (heads replicate)",
      "tp must divide the vocabulary padded to a multiple of 64",
      "tp must divide every sharded dimension (intermediate size, GDN / Mamba heads and groups)",
      "a sharded weight's shape, and its input row, must still fit their formats' groups or blocks",
      "pp must not exceed the layers",
  };
  return detail::name_in(text, all_plan_rules, r);
}

namespace detail {
// The compile errors a plan can raise: the function's name is the rule (see error.hpp).
inline void parallel_degrees_must_be_positive() {}
inline void expert_parallel_must_divide_tensor_parallel() {}
inline void expert_parallel_needs_routed_experts() {}
inline void expert_parallel_must_divide_routed_experts() {}
inline void tensor_parallel_must_divide_query_heads() {}
inline void tensor_parallel_must_divide_or_be_a_multiple_of_kv_heads() {}
inline void tensor_parallel_must_divide_padded_vocab() {}
inline void tensor_parallel_must_divide_every_sharded_dimension() {}
inline void sharded_weight_must_fit_its_format() {}
inline void pipeline_stages_must_not_exceed_layers() {}

constexpr std::uint64_t round_up(std::uint64_t a, std::uint64_t m) { return checked_mul(ceil_div(a, m), m); }
}  // namespace detail

/// Layers of the main section (instances carrying a layer index).
constexpr std::uint64_t main_layers(const model& m) {
  std::uint64_t n = 0;
  std::uint16_t last = no_layer;
  for (std::size_t ii = 0; ii < m.c.n_instances; ++ii) {
    const instance& in = m.c.instances[ii];
    if (in.sec != section::main || in.layer == no_layer || in.layer == last) continue;
    last = in.layer;
    ++n;
  }
  return n;
}

/// First layer of pipeline stage `stage` of `pp` over `layers` (vLLM get_pp_indices); stage
/// == pp gives `layers`.
constexpr std::uint64_t pp_first_layer(std::uint64_t layers, std::uint64_t pp, std::uint64_t stage) {
  const std::uint64_t base = layers / pp;
  const std::uint64_t rem = layers % pp;
  // Stages pp-1-rem .. pp-2 carry one extra layer: count those before `stage`.
  const std::uint64_t lo = pp - 1 - rem;  // first stage with an extra layer (when rem > 0)
  std::uint64_t extra = 0;
  if (rem > 0 && stage > lo) extra = (stage < pp - 1 ? stage : pp - 1) - lo;
  return base * stage + extra;
}

/// Whether a block runs attention-side (it holds KV or recurrent state): under DP attention it
/// is not split over TP.
constexpr bool mixer_block(const block& b) { return b.n_states != 0; }

/// The TP degree a block's nodes split over under the plan.
constexpr std::uint64_t block_tp(const block& b, const parallel& p) {
  return p.dp_attention && mixer_block(b) ? 1 : p.tp;
}

/// Sequences one rank serves: DP attention deals sequences out over the tp ranks.
constexpr std::uint64_t rank_seqs(std::uint64_t seqs, const parallel& p) {
  return p.dp_attention ? ceil_div(seqs, p.tp) : seqs;
}

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
      if (x.rows_per_n > 1) x.rows_per_n = std::max<std::uint64_t>(1, ceil_div(x.rows_per_n, ep));
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
      n.experts = n.experts / ep;
      n.top_k = std::max<std::uint64_t>(1, ceil_div(n.top_k, ep));
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
  for (std::size_t i = 0; i < n.n_in; ++i) n.in[i] = detail::share(n.in[i], units, ru);
  for (std::size_t i = 0; i < n.n_out; ++i) n.out[i] = detail::share(n.out[i], units, ru);
  return n;
}

/// MXFP4 routed experts: each rank's share of an expert's intermediate size is padded up to a
/// multiple of 64 (two 32-element blocks) when loaded, so a share that is not whole blocks
/// still loads (gpt-oss at TP 4: 2880 / 4 = 720 = 22.5 blocks, loaded as 768). 64 is the least
/// any engine pads to: vLLM's Triton path and SGLang's default path round up to 64, vLLM's
/// other backends further (the engine adds that: engine_vllm.hpp). Sources:
/// vllm/model_executor/layers/quantization/mxfp4.py @007d50058a06dec0f82472d63c819244d460c40d
/// (Mxfp4MoEMethod.create_weights, `intermediate_size_per_partition_after_pad`);
/// python/sglang/srt/layers/quantization/mxfp4.py @0043c43a4245d909ba8efe91e7ae3d7384b6bfc5
/// (Mxfp4MoEMethod.create_weights). Other grouped formats are not padded by the engines (vLLM's
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

/// The first rule `p` breaks on `m`, or plan_rule::ok.
constexpr plan_rule plan_violation(const model& m, const parallel& p) {
  if (p.tp == 0 || p.pp == 0 || p.ep == 0) return plan_rule::degrees_positive;
  if (p.tp % p.ep != 0) return plan_rule::ep_divides_tp;
  const circuit& c = m.c;
  bool experts = false;
  for (std::size_t ni = 0; ni < c.n_nodes; ++ni) experts = experts || is_routed_expert(c.nodes[ni].kind);
  if (p.ep > 1 && !experts) return plan_rule::ep_needs_experts;
  std::array<bool, plan_rules> broken{};
  // Whether one rank's share `rn` of a stored weight fits its resolved formats.
  auto check_weight = [&](const node& rn, const instance& in) {
    const resolved_formats f = formats_of(m, rn, in);
    const std::uint64_t t = rn.weight_tensors == 0 ? 1 : rn.weight_tensors;
    const bool sized = rn.kind == op::embed ? try_weight_bytes(f.weight, rn.table_rows, rn.weight_k()).has_value()
                                            : (rn.weight_out() % t == 0 &&
                                               try_weight_bytes(f.weight, rn.weight_out() / t, rn.weight_k()).has_value());
    // The activation a rank feeds the matmul is its share of the input row: a grouped
    // activation format (fp8/g128, nvfp4/g16) needs that share to be whole groups too, as
    // the engines' quantised kernels do (e.g. a 1,536-wide expert input at TP=8 is 192: no).
    const bool act_sized = rn.kind == op::embed || try_bytes(f.activation, 1, rn.weight_k()).has_value();
    if (!sized || !act_sized) broken[static_cast<std::size_t>(plan_rule::shard_fits_format)] = true;
  };
  auto check_block = [&](const instance& in) {
    const block& b = c.blocks[in.block];
    const std::uint64_t tp = block_tp(b, p);
    for (std::size_t si = 0; si < b.n_states; ++si) {
      const state_decl& st = b.states[si];
      if (st.split == shard::replicated || tp == 1) continue;
      if (rank_units(st.split, st.heads, tp) == 0 || st.elements % st.heads != 0) {
        broken[static_cast<std::size_t>(st.split == shard::kv_heads ? plan_rule::kv_heads_split_or_replicate
                                                                     : plan_rule::tp_divides_dimensions)] = true;
      }
    }
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      const node& n = c.nodes[ni];
      if (n.split == shard::replicated) continue;
      if (n.split == shard::experts) {
        if (n.experts != 0 && n.experts % p.ep != 0) broken[static_cast<std::size_t>(plan_rule::ep_divides_experts)] = true;
        if (n.units % (tp / p.ep) != 0) broken[static_cast<std::size_t>(plan_rule::tp_divides_dimensions)] = true;
        if (n.experts % p.ep != 0 || n.units % (tp / p.ep) != 0) continue;
      } else if (tp > 1 && rank_units(n.split, n.units, tp) == 0) {
        plan_rule r = plan_rule::tp_divides_dimensions;
        if (n.split == shard::kv_heads) r = plan_rule::kv_heads_split_or_replicate;
        if (n.split == shard::vocab) r = plan_rule::tp_divides_padded_vocab;
        if (n.split == shard::heads && (n.role == linear_role::q || n.kind == op::paged_attention || n.kind == op::mla_attention ||
                                        n.role == linear_role::mla_q_b))
          r = plan_rule::tp_divides_query_heads;
        broken[static_cast<std::size_t>(r)] = true;
        continue;
      }
      if (!n.has_weight() || !n.stores_weight) continue;
      if (tp == 1 && p.ep == 1) {
        check_weight(n, in);  // rank_node(n, 1, 1) is n: no copy
      } else {
        check_weight(rank_node(m, n, in, tp, p.ep), in);
      }
    }
  };
  if (formats_depend_on_layer(m)) {
    for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
      if (c.instances[ii].sec != section::vision) check_block(c.instances[ii]);
    }
  } else {
    // Every instance of a block in one section resolves alike: each (block, section) once.
    for (std::uint8_t bi = 0; bi < c.n_blocks; ++bi) {
      for (const section sec : {section::main, section::draft}) {
        if (c.uses_in(bi, sec) != 0) check_block({bi, 0, sec, layer_kind::none});
      }
    }
  }
  for (const plan_rule r : all_plan_rules) {
    if (r != plan_rule::ok && broken[static_cast<std::size_t>(r)]) return r;
  }
  if (p.pp > main_layers(m)) return plan_rule::pp_within_layers;
  return plan_rule::ok;
}

constexpr bool valid(const model& m, const parallel& p) { return plan_violation(m, p) == plan_rule::ok; }

namespace detail {
[[noreturn]] inline void bad_plan_at_run_time(const model& m, const parallel& p, plan_rule r) {
  fail(error_kind::bad_input, "plan tp=" + std::to_string(p.tp) + " pp=" + std::to_string(p.pp) +
                                  " ep=" + std::to_string(p.ep) + (p.dp_attention ? " dp-attention" : "") +
                                  " is invalid for `" + std::string(m.id) + "`: " + std::string(describe(r)));
}
}  // namespace detail

/// A plan that breaks a rule is a compile error named after the rule in constant evaluation,
/// a headroom::error (bad_input) saying which rule at run time.
constexpr void validate(const model& m, const parallel& p) {
  const plan_rule r = plan_violation(m, p);
  if (r == plan_rule::ok) return;
  if (std::is_constant_evaluated()) {
    switch (r) {
      case plan_rule::degrees_positive: detail::parallel_degrees_must_be_positive(); break;
      case plan_rule::ep_divides_tp: detail::expert_parallel_must_divide_tensor_parallel(); break;
      case plan_rule::ep_needs_experts: detail::expert_parallel_needs_routed_experts(); break;
      case plan_rule::ep_divides_experts: detail::expert_parallel_must_divide_routed_experts(); break;
      case plan_rule::tp_divides_query_heads: detail::tensor_parallel_must_divide_query_heads(); break;
      case plan_rule::kv_heads_split_or_replicate: detail::tensor_parallel_must_divide_or_be_a_multiple_of_kv_heads(); break;
      case plan_rule::tp_divides_padded_vocab: detail::tensor_parallel_must_divide_padded_vocab(); break;
      case plan_rule::tp_divides_dimensions: detail::tensor_parallel_must_divide_every_sharded_dimension(); break;
      case plan_rule::shard_fits_format: detail::sharded_weight_must_fit_its_format(); break;
      case plan_rule::pp_within_layers: detail::pipeline_stages_must_not_exceed_layers(); break;
      case plan_rule::ok: break;
    }
  }
  detail::bad_plan_at_run_time(m, p, r);
}

}  // namespace headroom
