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
//  - SGLang's DP attention (python/sglang/srt/layers/dp_attention.py): attention runs
//    data parallel (attention TP size 1 when dp = tp), each rank with its own sequences; MoE
//    and the vocab-parallel embedding / LM head stay split over the tp ranks.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/distinct_uses.hpp>
#include <headroom/error.hpp>
#include <headroom/model.hpp>
#include <headroom/stored_bytes.hpp>
#include <headroom/parallel.hpp>
#include <headroom/rank_node.hpp>

namespace headroom {

/// The first rule a plan breaks, in the order they are checked.
enum class plan_rule : std::uint8_t {
  ok,
  degrees_positive,             ///< tp, pp, ep, dp >= 1
  ep_divides_tp,                ///< expert ranks lie inside the tp x dp group
  ep_needs_experts,             ///< ep > 1 on a model without routed experts
  ep_divides_experts,           ///< routed experts split evenly
  tp_divides_query_heads,       ///< attention heads split evenly
  kv_heads_split_or_replicate,  ///< tp | kv heads, or kv heads | tp
  tp_divides_padded_vocab,      ///< round_up(vocab, 64) % tp == 0
  tp_divides_dimensions,        ///< intermediate sizes, GDN / Mamba heads and groups
  shard_fits_format,            ///< a sharded weight still has a byte size at its format (groups, blocks)
  pp_within_layers,             ///< every pipeline stage keeps at least one layer
  redundant_experts_need_ep,    ///< redundant experts are expert slots over ep > 1 ranks
};
/// Every plan rule, in declaration order (the order they are checked).
inline constexpr std::array all_plan_rules{
    plan_rule::ok,           plan_rule::degrees_positive,       plan_rule::ep_divides_tp,
    plan_rule::ep_needs_experts, plan_rule::ep_divides_experts, plan_rule::tp_divides_query_heads,
    plan_rule::kv_heads_split_or_replicate, plan_rule::tp_divides_padded_vocab, plan_rule::tp_divides_dimensions,
    plan_rule::shard_fits_format, plan_rule::pp_within_layers, plan_rule::redundant_experts_need_ep,
};
static_assert(detail::lists_values_in_order(all_plan_rules));
inline constexpr std::size_t plan_rules = all_plan_rules.size();

/// The rule as a sentence, for run-time errors and advice.
constexpr std::string_view describe(plan_rule r) {
  constexpr std::string_view text[] = {
      "valid",
      "tp, pp, ep and dp must be at least 1",
      "ep must divide tp x dp (expert ranks sit inside the tensor- and data-parallel group)",
      "ep > 1 needs a model with routed experts",
      "ep must divide the routed experts (with the redundant ones)",
      "tp must divide the query heads",
      "tp must divide the KV heads, or be a multiple of them (heads replicate)",
      "tp must divide the vocabulary padded to a multiple of 64",
      "tp must divide every sharded dimension (intermediate size, GDN / Mamba heads and groups)",
      "a sharded weight's shape, and its input row, must still fit their formats' groups or blocks",
      "pp must not exceed the layers",
      "redundant experts need ep > 1 (they are extra expert slots over the expert-parallel ranks)",
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
inline void redundant_experts_need_expert_parallel() {}

}  // namespace detail

namespace detail {
// Layers of the main section (instances carrying a layer index), counted up to `most`: the
// instances after that many layers are not visited.
constexpr std::uint64_t main_layers_upto(const model& m, std::uint64_t most) {
  std::uint64_t n = 0;
  std::uint16_t last = no_layer;
  for (std::size_t ii = 0; ii < m.c.n_instances && n < most; ++ii) {
    const instance& in = m.c.instances[ii];
    if (in.sec != section::main || in.layer == no_layer || in.layer == last) continue;
    last = in.layer;
    ++n;
  }
  return n;
}
}  // namespace detail

/// Layers of the main section (instances carrying a layer index).
constexpr std::uint64_t main_layers(const model& m) { return detail::main_layers_upto(m, ~std::uint64_t{0}); }

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


namespace detail {
// The first rule `p` breaks on `m`, or plan_rule::ok (plan_violation, below, keeps the latest).
constexpr plan_rule plan_violation_of(const model& m, const parallel& p) {
  if (p.tp == 0 || p.pp == 0 || p.ep == 0 || p.dp == 0) return plan_rule::degrees_positive;
  if ((static_cast<std::uint64_t>(p.tp) * p.dp) % p.ep != 0) return plan_rule::ep_divides_tp;
  const circuit& c = m.c;
  bool experts = false;
  for (std::size_t ni = 0; ni < c.n_nodes; ++ni) experts = experts || is_routed_expert(c.nodes[ni].kind);
  if (p.ep > 1 && !experts) return plan_rule::ep_needs_experts;
  std::array<bool, plan_rules> broken{};
  // Whether one rank's share `rn` of a stored weight fits its resolved formats.
  auto check_weight = [&](const node& rn, const instance& in) {
    const resolved_formats f = formats_of(m, rn, in);
    const std::uint64_t t = rn.weight_tensors == 0 ? 1 : rn.weight_tensors;
    std::uint64_t b = 0;  // the laws' answer, unused: only whether the shape has one
    const bool sized = rn.kind == op::embed ? detail::law_bytes(f.weight, rn.table_rows, rn.weight_k(), true, b)
                                            : (rn.weight_out() % t == 0 &&
                                               detail::law_bytes(f.weight, rn.weight_out() / t, rn.weight_k(), true, b));
    // The activation a rank feeds the matmul is its share of the input row: a grouped
    // activation format (fp8/g128, nvfp4/g16) needs that share to be whole groups too, as
    // the engines' quantised kernels do (e.g. a 1,536-wide expert input at TP=8 is 192: no).
    const bool act_sized = rn.kind == op::embed || detail::law_bytes(f.activation, 1, rn.weight_k(), false, b);
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
      const std::uint64_t ntp = node_tp(b, n, p);
      if (n.split == shard::experts) {
        const std::uint64_t slots = expert_slots(n, p);
        if (slots % p.ep != 0) broken[static_cast<std::size_t>(plan_rule::ep_divides_experts)] = true;
        if (n.units % (ntp / p.ep) != 0) broken[static_cast<std::size_t>(plan_rule::tp_divides_dimensions)] = true;
        if (slots % p.ep != 0 || n.units % (ntp / p.ep) != 0) continue;
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
      if (ntp == 1 && p.ep == 1) {
        check_weight(n, in);  // rank_node(n, 1, 1) is n: no copy
      } else {
        check_weight(rank_node(m, n, in, ntp, p.ep), in);
      }
    }
  };
  // Every instance of one distinct use resolves alike: each is checked once.
  for_each_distinct_use(m, section_bit(section::main) | section_bit(section::draft), false,
                        [&](const instance& in, std::uint32_t) { check_block(in); });
  for (const plan_rule r : all_plan_rules) {
    if (r != plan_rule::ok && broken[static_cast<std::size_t>(r)]) return r;
  }
  // Whether the model has pp layers, not how many: a plan check on every estimate counts no
  // further than the stages (one, mostly).
  if (detail::main_layers_upto(m, p.pp) < p.pp) return plan_rule::pp_within_layers;
  if (p.redundant_experts != 0 && p.ep < 2) return plan_rule::redundant_experts_need_ep;
  return plan_rule::ok;
}

// A shipped table's verdict on the latest plan it was checked against, kept per thread: the
// CLI's path checks the plan on every estimate (most often the same plan, one device), and a
// shipped table is a constant, so its verdict on a plan cannot change. Not constexpr (a
// thread_local); constant evaluation checks each time.
inline plan_rule kept_plan_violation(const model& m, const parallel& p) {
  thread_local const model* of = nullptr;
  thread_local parallel plan{};
  thread_local plan_rule verdict = plan_rule::ok;
  if (of != &m || !(plan == p)) {
    of = nullptr;  // until worked out: a check that throws leaves nothing kept
    verdict = plan_violation_of(m, p);
    of = &m;
    plan = p;
  }
  return verdict;
}
}  // namespace detail

/// The first rule `p` breaks on `m`, or plan_rule::ok.
constexpr plan_rule plan_violation(const model& m, const parallel& p) {
  if (!std::is_constant_evaluated() && m.checked_as == &m) return detail::kept_plan_violation(m, p);
  return detail::plan_violation_of(m, p);
}

constexpr bool valid(const model& m, const parallel& p) { return plan_violation(m, p) == plan_rule::ok; }

namespace detail {
[[noreturn]] inline void bad_plan_at_run_time(const model& m, const parallel& p, plan_rule r) {
  fail(error_kind::bad_input, "plan tp=" + std::to_string(p.tp) + " pp=" + std::to_string(p.pp) +
                                  " ep=" + std::to_string(p.ep) + (p.dp > 1 ? " dp=" + std::to_string(p.dp) : std::string()) +
                                  (p.dp_attention ? " dp-attention" : "") +
                                  (p.redundant_experts != 0 ? " redundant-experts=" + std::to_string(p.redundant_experts) : "") +
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
      case plan_rule::redundant_experts_need_ep: detail::redundant_experts_need_expert_parallel(); break;
      case plan_rule::ok: break;
    }
  }
  detail::bad_plan_at_run_time(m, p, r);
}

}  // namespace headroom
