// SPDX-License-Identifier: MIT
// headroom: the kinds a circuit is written in -- its ops, the roles of its linear layers, its
// sections, layer kinds, state kinds, tensor-parallel layouts and dtype keys -- each a closed
// enumeration listed once in order, with the names reports print. circuit.hpp builds nodes,
// blocks and circuits from them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <headroom/detail/enum_table.hpp>

namespace headroom {

/// The closed op vocabulary (docs/model.md#ops: each op's meaning and cost class).
enum class op : std::uint8_t {
  embed, rms_norm, gated_rms_norm, residual_add, copy, concat, split, linear, silu_mul,
  act_quant, qk_norm, rope, kv_write, paged_attention, sigmoid_gate_mul, gdn_gates,
  conv1d_update, l2_norm, gdn_recurrence, router, top_k, expert_gate_up, expert_down, blend,
  final_norm, lm_head, argmax, ssm_update, relu2,
  swiglu_clamp, layer_norm, kpool_compress, index_select, mla_attention, hc_expand, hc_pre,
  hc_post, hc_contract, gelu_tanh_mul, scalar_mul, logit_softcap, ep_reduce, state_snapshot, gelu_tanh,
};
/// Every op, in declaration order (a new op goes at the end of both lists and of its names).
inline constexpr std::array all_ops{
    op::embed, op::rms_norm, op::gated_rms_norm, op::residual_add, op::copy, op::concat, op::split, op::linear,
    op::silu_mul, op::act_quant, op::qk_norm, op::rope, op::kv_write, op::paged_attention, op::sigmoid_gate_mul,
    op::gdn_gates, op::conv1d_update, op::l2_norm, op::gdn_recurrence, op::router, op::top_k, op::expert_gate_up,
    op::expert_down, op::blend, op::final_norm, op::lm_head, op::argmax, op::ssm_update, op::relu2,
    op::swiglu_clamp, op::layer_norm, op::kpool_compress, op::index_select, op::mla_attention, op::hc_expand,
    op::hc_pre, op::hc_post, op::hc_contract, op::gelu_tanh_mul, op::scalar_mul, op::logit_softcap, op::ep_reduce,
    op::state_snapshot, op::gelu_tanh,
};
static_assert(detail::lists_values_in_order(all_ops));

/// Roles of linear projections, for precision rules and reports (append-only).
enum class linear_role : std::uint8_t {
  none, q, k, v, o, qkvz, ba, gdn_out, gate_up, down, shared_gate_up, shared_down, shared_gate,
  mtp_fc, up, mamba_in, mamba_out, mla_q_a, mla_q_b, mla_kv_a, mla_kv_b,
  moe_latent_in, moe_latent_out,                  // latent MoE: hidden -> latent, latent -> hidden
  kda_b, kda_f_a, kda_f_b, kda_g_a, kda_g_b,      // Kimi delta attention: beta, decay and gate low-rank pairs
  index_q, index_k, index_weights, index_gate,    // sparse-attention indexer
  hc_mix,                                         // hyper-connection mixes
  o_group,                                        // a grouped output projection (weight_groups blocks)
  shared_up,                                      // an ungated shared expert's up projection (Nemotron-3)
  compress,                                       // a KV compressor's wkv | wgate (DeepSeek-V4)
};
/// Every linear role, in declaration order.
inline constexpr std::array all_linear_roles{
    linear_role::none, linear_role::q, linear_role::k, linear_role::v, linear_role::o, linear_role::qkvz,
    linear_role::ba, linear_role::gdn_out, linear_role::gate_up, linear_role::down, linear_role::shared_gate_up,
    linear_role::shared_down, linear_role::shared_gate, linear_role::mtp_fc, linear_role::up, linear_role::mamba_in,
    linear_role::mamba_out, linear_role::mla_q_a, linear_role::mla_q_b, linear_role::mla_kv_a, linear_role::mla_kv_b,
    linear_role::moe_latent_in, linear_role::moe_latent_out, linear_role::kda_b, linear_role::kda_f_a,
    linear_role::kda_f_b, linear_role::kda_g_a, linear_role::kda_g_b, linear_role::index_q, linear_role::index_k,
    linear_role::index_weights, linear_role::index_gate, linear_role::hc_mix, linear_role::o_group,
    linear_role::shared_up, linear_role::compress,
};
static_assert(detail::lists_values_in_order(all_linear_roles));

/// main: the target model's forward; draft: the MTP head (speculative decoding); vision: an
/// encoder the checkpoint stores (multimodal), held in memory but not in a text decode step.
enum class section : std::uint8_t { main, draft, vision };
/// Every section, in declaration order.
inline constexpr std::array all_sections{section::main, section::draft, section::vision};
static_assert(detail::lists_values_in_order(all_sections));
inline constexpr std::size_t sections = all_sections.size();

enum class layer_kind : std::uint8_t { none, full_attention, linear_attention, sliding_attention, mamba, mlp };
/// Every layer kind, in declaration order.
inline constexpr std::array all_layer_kinds{layer_kind::none, layer_kind::full_attention, layer_kind::linear_attention,
                                            layer_kind::sliding_attention, layer_kind::mamba, layer_kind::mlp};
static_assert(detail::lists_values_in_order(all_layer_kinds));
inline constexpr std::size_t layer_kinds = all_layer_kinds.size();

enum class state_kind : std::uint8_t {
  paged_kv,     ///< one unit per token of a sequence (one side of K or V, or a latent row)
  recurrent,    ///< one unit per sequence (GDN / Mamba h)
  conv_window,  ///< one unit per sequence (rolling conv1d taps)
  /// One unit per sequence: a KV compressor's unpooled rows (DeepSeek-V4: `rows` tokens of kv |
  /// score, F32). Held per sequence like a recurrent state, but engines page it as a short
  /// sliding window beside the layer's KV (docs/engines.md), not in a Mamba state pool.
  compressor,
};
/// Every state kind, in declaration order.
inline constexpr std::array all_state_kinds{state_kind::paged_kv, state_kind::recurrent, state_kind::conv_window,
                                            state_kind::compressor};
static_assert(detail::lists_values_in_order(all_state_kinds));

/// How a stored tensor, a node's activations or a state split over tensor-parallel ranks: the
/// Megatron-style layouts vLLM (model_executor/layers/linear.py @0036d38,
/// vocab_parallel_embedding.py @7f5d141, fused_moe/config.py @00c1c6a) and SGLang (a port of the
/// same layers) load. `units` on the node or state is the count that splits (heads,
/// intermediate size, vocab): each rank keeps units / tp of them.
enum class shard : std::uint8_t {
  replicated,  ///< whole on every rank: norms, routers, MLA down-projections, a latent KV row
  heads,       ///< split by heads (QKVParallelLinear's query heads; GDN / Mamba heads): tp | units
  kv_heads,    ///< KV heads: split when tp <= units (tp | units), else replicated (units | tp)
  columns,     ///< ColumnParallelLinear / MergedColumnParallelLinear: output columns / tp
  rows,        ///< RowParallelLinear: input columns / tp; its bias stays whole on every rank
  experts,     ///< fused MoE: experts / ep ranks, each expert's intermediate / (tp / ep)
  vocab,       ///< VocabParallelEmbedding / ParallelLMHead: round_up(vocab, 64) / tp rows
};
/// Every shard layout in declaration order, and its name.
inline constexpr auto shard_table = detail::make_enum_table(
    std::array{shard::replicated, shard::heads, shard::kv_heads, shard::columns, shard::rows, shard::experts, shard::vocab},
    {"replicated"sv, "heads"sv, "kv_heads"sv, "columns"sv, "rows"sv, "experts"sv, "vocab"sv});
inline constexpr const auto& all_shards = shard_table.all;
constexpr std::string_view name(shard s) { return shard_table.name(s); }

/// Where a state's element type comes from: fixed, or a setting (one element size per state).
/// `fixed_u8`: one byte an element whatever the settings -- a cache the engines store as packed
/// bytes (FP8 values with their F32 scales) under any --kv, such as DeepSeek-V4's indexer keys.
enum class dtype_key : std::uint8_t { fixed_bf16, fixed_f32, kv_cache, ssm_h, conv, fixed_u8 };
/// Every dtype key, in declaration order.
inline constexpr std::array all_dtype_keys{dtype_key::fixed_bf16, dtype_key::fixed_f32, dtype_key::kv_cache,
                                           dtype_key::ssm_h, dtype_key::conv, dtype_key::fixed_u8};
static_assert(detail::lists_values_in_order(all_dtype_keys));

constexpr std::string_view name(op o) {
  constexpr std::string_view names[] = {
      "embed"sv, "rms_norm"sv, "gated_rms_norm"sv, "residual_add"sv, "copy"sv, "concat"sv, "split"sv, "linear"sv,
      "silu_mul"sv, "act_quant"sv, "qk_norm"sv, "rope"sv, "kv_write"sv, "paged_attention"sv,
      "sigmoid_gate_mul"sv, "gdn_gates"sv, "conv1d_update"sv, "l2_norm"sv, "gdn_recurrence"sv, "router"sv,
      "top_k"sv, "expert_gate_up"sv, "expert_down"sv, "blend"sv, "final_norm"sv, "lm_head"sv, "argmax"sv,
      "ssm_update"sv, "relu2"sv, "swiglu_clamp"sv, "layer_norm"sv, "kpool_compress"sv, "index_select"sv,
      "mla_attention"sv, "hc_expand"sv, "hc_pre"sv, "hc_post"sv, "hc_contract"sv, "gelu_tanh_mul"sv, "scalar_mul"sv,
      "logit_softcap"sv, "ep_reduce"sv, "state_snapshot"sv, "gelu_tanh"sv};
  static_assert(std::size(names) == all_ops.size(), "one name per op");
  return names[static_cast<std::size_t>(o)];
}
constexpr std::string_view name(linear_role r) {
  constexpr std::string_view names[] = {""sv,     "q"sv,       "k"sv,              "v"sv,           "o"sv,
                                        "qkvz"sv, "ba"sv,      "gdn_out"sv,        "gate_up"sv,     "down"sv,
                                        "shared_gate_up"sv, "shared_down"sv, "shared_gate"sv, "mtp_fc"sv,
                                        "up"sv,   "mamba_in"sv, "mamba_out"sv,      "mla_q_a"sv,     "mla_q_b"sv,
                                        "mla_kv_a"sv, "mla_kv_b"sv, "moe_latent_in"sv, "moe_latent_out"sv,
                                        "kda_b"sv, "kda_f_a"sv, "kda_f_b"sv, "kda_g_a"sv, "kda_g_b"sv, "index_q"sv,
                                        "index_k"sv, "index_weights"sv, "index_gate"sv, "hc_mix"sv, "o_group"sv,
                                        "shared_up"sv, "compress"sv};
  static_assert(std::size(names) == all_linear_roles.size(), "one name per linear role");
  return names[static_cast<std::size_t>(r)];
}
constexpr std::string_view name(layer_kind k) {
  constexpr std::string_view names[] = {"none"sv, "full_attention"sv, "linear_attention"sv, "sliding_attention"sv, "mamba"sv, "mlp"sv};
  return detail::name_in(names, all_layer_kinds, k);
}
constexpr std::string_view name(section s) {
  constexpr std::string_view names[] = {"main"sv, "draft"sv, "vision"sv};
  return detail::name_in(names, all_sections, s);
}

/// Ops that read a matmul weight through the node's (out, k) shape. mla_attention reads
/// kv_b_proj: absorbed into the query and the output in decode, it is read once per step.
constexpr bool reads_linear_weight(op o) {
  return o == op::linear || o == op::router || o == op::lm_head || o == op::expert_gate_up ||
         o == op::expert_down || o == op::mla_attention;
}
constexpr bool is_routed_expert(op o) { return o == op::expert_gate_up || o == op::expert_down; }
/// Ops that run only at each sequence's last prompt token in a prefill pass: the engines prune
/// the hidden states to those rows before the logits (vLLM vllm/v1/worker/gpu_model_runner.py
/// @4e1790651fc758c06c7a903dd4cd82364ac91b27, `hidden_states[logits_indices]`; SGLang
/// python/sglang/srt/layers/logits_processor.py @5993251f1c6c8930c561e46e385502f43838eb0b,
/// "Prefill without input logprobs": `last_index = cumsum(extend_seq_lens) - 1`), so the
/// lm_head GEMM, its vocab gather and the sampler see one row a sequence, not every token.
constexpr bool logits_op(op o) { return o == op::lm_head || o == op::argmax; }

}  // namespace headroom
