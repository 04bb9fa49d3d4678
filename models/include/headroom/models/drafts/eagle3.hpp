// SPDX-License-Identifier: MIT
// headroom: an EAGLE-3 draft checkpoint added to its target -- a separate draft model served
// beside the model it drafts for (vLLM --speculative-config '{"method": "eagle3", "model": ...}',
// SGLang --speculative-algorithm EAGLE3 --speculative-draft-model-path ...).
//
// The draft becomes the target's draft section, as an MTP head is, so every rule that already
// holds a draft head holds it too: its weights load and its attention layer holds KV only when
// speculative decoding is on (settings::speculative), its nodes are the K draft steps of a
// round (serve.hpp), it sits on the last pipeline stage.
//
// The head, as vLLM builds it (vllm/model_executor/models/llama_eagle3.py
// @00bd1493b3e82d6c13c68ee8a0e1c5a96707e190, Eagle3LlamaForCausalLM):
//   fc [hidden, 3 x target_hidden]  ReplicatedLinear: the target's three auxiliary hidden
//                                   states projected to one (whole on every TP rank);
//   input_layernorm, hidden_norm    RMSNorms of the token's embedding and of that hidden state,
//                                   concatenated to 2 x hidden;
//   q/k/v_proj over 2 x hidden      QKVParallelLinear(qkv_input_size = 2 * hidden_size) on layer 0;
//   o_proj, post_attention_layernorm, gate/up/down_proj: a Llama layer;
//   norm, lm_head [draft_vocab, hidden]  its own head over the draft vocabulary (ParallelLMHead);
//   d2t [draft_vocab] int64         draft_id_to_target_id, whole on every rank; t2d is skipped
//                                   at load ("if 't2d' in name: continue").
// embed_tokens is the target's: vllm/v1/spec_decode/eagle.py
// @008603a39fff2a383a293c62eec0c752c42199f2 (EagleProposer.load_model) drops the draft's copy
// and points it at the target's when the checkpoint stores none (`has_own_embed_tokens`); a
// checkpoint that stores one different from the target's keeps it (own_embed).
// The draft's attention layer is an Attention layer of the same vllm_config, so vLLM adds it to
// the KV cache spec beside the target's (load_model: draft_attn_layer_names = the layers the
// draft added; validate_same_kv_cache_group: one group) -- the per-token KV grows by its layer.
// SGLang gives the draft worker its own token-to-KV pool of the target's token count
// (python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py
// @001ccef0072a4537d4ec6bdd50a73e6feb2c907d, init_memory: `max_total_num_tokens =
// server_args.draft_runner_cache_size`), the same price per token as one pool holding both.
#pragma once

#include <cstdint>
#include <type_traits>

#include <headroom/circuit.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/error.hpp>
#include <headroom/model.hpp>
#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/stack.hpp>

namespace headroom::models::family {

/// An EAGLE-3 head's config.json (LlamaForCausalLMEagle3): hidden_size, num_attention_heads,
/// num_key_value_heads, head_dim (hidden / heads when absent), intermediate_size, vocab_size,
/// draft_vocab_size (vocab_size when absent), target_hidden_size (hidden_size when absent).
struct eagle3_dims {
  std::uint64_t hidden = 0;
  std::uint64_t q_heads = 0;
  std::uint64_t kv_heads = 0;
  std::uint64_t head_dim = 0;
  std::uint64_t inter = 0;
  std::uint64_t vocab = 0;
  std::uint64_t draft_vocab = 0;
  std::uint64_t target_hidden = 0;
  std::uint64_t layers = 1;  ///< num_hidden_layers: one in every published EAGLE-3 head
  bool own_embed = false;    ///< the checkpoint stores an embed_tokens of its own, kept apart from the target's
};

namespace detail {
// Reached only in constant evaluation: the name is the diagnostic.
inline void eagle3_needs_a_target_without_a_draft_head() {}
inline void eagle3_vocab_must_match_the_target() {}
inline void eagle3_target_hidden_must_match_the_target() {}
inline void eagle3_heads_of_one_layer_only() {}

[[noreturn]] inline void refuse_eagle3(const char* what) { ::headroom::detail::fail(error_kind::bad_model, what); }

/// The head's attention: the Llama attention block without its input norm (the head's input
/// block norms both halves), q/k/v reading the 2 x hidden concatenation.
constexpr std::uint8_t eagle3_attention(circuit& c, const eagle3_dims& d) {
  const blocks::gqa_dims a{.hidden = d.hidden, .q_heads = d.q_heads, .kv_heads = d.kv_heads, .head_dim = d.head_dim};
  blocks::detail::gqa_parts p = blocks::detail::gqa_parts_of("eagle_attn", a, checked_mul(d.q_heads, d.head_dim));
  const std::uint64_t wide = checked_mul(2, d.hidden);
  p.q.in[0].width = wide;
  p.k.in[0].width = wide;
  p.v.in[0].width = wide;
  return c.add_block("eagle_attn", {p.q, p.k, p.v, p.rope, p.kv_write, p.attend, p.o, p.add}, {p.k_state, p.v_state});
}
}  // namespace detail

/// `target` with the EAGLE-3 head `d` as its draft section (layer numbers after the target's,
/// as vLLM numbers them: start_layer_id = the target's layer count). Every draft weight is BF16
/// whatever the target's recipe (the published heads are 16-bit). A target that has its own
/// draft (MTP) head, whose vocabulary differs from the head's vocab_size or whose width differs
/// from its target_hidden_size, is refused.
constexpr model with_eagle3(const model& target, const eagle3_dims& d) {
  const circuit& tc = target.c;
  std::uint64_t target_vocab = 0, target_hidden = 0;
  for (std::size_t ni = 0; ni < tc.n_nodes; ++ni) {
    const node& n = tc.nodes[ni];
    if (n.kind == op::lm_head) target_vocab = headroom::detail::max(target_vocab, n.weight_out());
    if (n.kind == op::embed && n.n_out > 0) target_hidden = headroom::detail::max(target_hidden, n.out[0].width);
  }
  if (tc.layers_in(section::draft) != 0) {
    if (std::is_constant_evaluated()) detail::eagle3_needs_a_target_without_a_draft_head();
    detail::refuse_eagle3("EAGLE-3 draft: the target has its own draft (MTP) head; an engine drafts with one or the other");
  }
  if (d.vocab != target_vocab) {
    if (std::is_constant_evaluated()) detail::eagle3_vocab_must_match_the_target();
    detail::refuse_eagle3("EAGLE-3 draft: its vocab_size differs from the target's (the draft's tokens map onto the target's)");
  }
  if ((d.target_hidden != 0 ? d.target_hidden : d.hidden) != target_hidden) {
    if (std::is_constant_evaluated()) detail::eagle3_target_hidden_must_match_the_target();
    detail::refuse_eagle3("EAGLE-3 draft: its target_hidden_size (hidden_size when absent) differs from the target's hidden size");
  }
  if (d.layers != 1) {
    if (std::is_constant_evaluated()) detail::eagle3_heads_of_one_layer_only();
    detail::refuse_eagle3("EAGLE-3 draft: heads of one decoder layer only (num_hidden_layers 1)");
  }
  model m = target;
  circuit& c = m.c;
  const std::uint64_t h = d.hidden;
  const std::uint64_t th = d.target_hidden != 0 ? d.target_hidden : h;
  const std::uint64_t dv = d.draft_vocab != 0 ? d.draft_vocab : d.vocab;
  // fc(3 x target hidden) -> hidden_norm; embed -> input_layernorm; concat to 2 x hidden.
  const auto in = c.add_block("eagle_in", {nd("fc", op::linear, {e(checked_mul(3, th))}, {e(h)}, linear_role::mtp_fc),
                                           with_aux(nd("hidden_norm", op::rms_norm, {e(h)}, {e(h)}), h),
                                           blocks::detail::embed_node(d.vocab, h, d.own_embed),
                                           with_aux(nd("input_layernorm", op::rms_norm, {e(h)}, {e(h)}), h),
                                           nd("concat", op::concat, {e(h), e(h)}, {e(checked_mul(2, h))})});
  const auto attn = detail::eagle3_attention(c, d);
  const auto mlp = blocks::swiglu_mlp(c, "eagle_mlp", h, d.inter);
  // norm, lm_head over the draft vocabulary and d2t: draft_vocab int64 entries, held as twice
  // as many i32 (8 bytes each), whole on every rank.
  node lm = sharded(nd("lm_head", op::lm_head, {e(h)}, {e(dv)}), shard::vocab, dv);
  lm = with_aux(lm, checked_mul(2, dv), formats::i32);
  const auto head = c.add_block("eagle_head", {with_aux(nd("norm", op::final_norm, {e(h)}, {e(h)}), h), lm,
                                               nd("argmax", op::argmax, {e(dv)}, {e(1, formats::i32)})});
  blocks::layer_spec layer{};
  layer.then(in, layer_kind::none).then(attn, layer_kind::full_attention).then(mlp, layer_kind::full_attention);
  layer.then(head, layer_kind::none);
  blocks::stack(c, 1, [&](std::uint64_t) -> const auto& { return layer; }, section::draft, tc.layers_in(section::main));
  // First matching rule wins: the draft section's BF16 rule goes before the target's.
  ::headroom::detail::require_table(m.n_rules < max_rules, "too many precision rules for an EAGLE-3 draft");
  for (std::size_t r = m.n_rules; r > 0; --r) m.rules[r] = m.rules[r - 1];
  m.rules[0] = in_section(all_weights(formats::bf16), section::draft);
  ++m.n_rules;
  return m;
}

}  // namespace headroom::models::family
