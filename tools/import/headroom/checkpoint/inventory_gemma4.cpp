// SPDX-License-Identifier: MIT
// headroom verify: Gemma-4's tensor names (inventory.cpp calls it for the gemma4 family).
#include "headroom/checkpoint/inventory_gemma4.hpp"

#include <fmt/format.h>

#include <utility>

namespace headroom::cli::import {

// Gemma-4 (transformers' modeling_gemma4.py, Gemma4ForConditionalGeneration): the decoder
// under model.language_model.*; the routed experts as two 3-D tensors with no `.weight`.
void gemma4_tensors(const model& m, const node& n, const instance& in, const block& b, const tensor_sinks& out) {
  const std::string blk(b.name);
  const std::string local(n.local);
  const std::string lm = "model.language_model.";
  const std::string layer = in.layer == no_layer ? lm : fmt::format("{}layers.{}.", lm, in.layer);
  const resolved_formats rf = n.has_weight() ? formats_of(m, n, in) : resolved_formats{};
  static constexpr std::pair<std::string_view, std::string_view> norms[] = {
      {"input_norm", "input_layernorm"},          {"q_norm", "self_attn.q_norm"},
      {"k_norm", "self_attn.k_norm"},             {"pre_norm", "pre_feedforward_layernorm"},
      {"post_norm_1", "post_feedforward_layernorm_1"}, {"pre_norm_2", "pre_feedforward_layernorm_2"},
      {"post_norm_2", "post_feedforward_layernorm_2"}, {"final_norm", "norm"}};
  for (const auto& [from, to] : norms) {
    if (local == from) return out.plain(layer + std::string(to) + ".weight", n.aux_format, {n.aux_params});
  }
  const bool attention = blk != "ffn";
  if (local == "post_norm") {
    return out.plain(layer + (attention ? "post_attention_layernorm" : "post_feedforward_layernorm") + ".weight",
                     n.aux_format, {n.aux_params});
  }
  if (n.kind == op::embed) return out.plain(lm + "embed_tokens.weight", rf.weight, {n.weight_out(), n.weight_k()});
  if (n.kind == op::lm_head) return n.stores_weight ? out.weight("lm_head", rf, n.role, n.weight_out(), n.weight_k()) : void();
  if (local == "layer_scalar") return out.plain(layer + "layer_scalar", n.aux_format, {1});
  if (n.kind == op::linear && attention) return out.weight(layer + "self_attn." + local + "_proj", rf, n.role, n.weight_out(), n.weight_k());
  if (local == "down") return out.weight(layer + "mlp.down_proj", rf, n.role, n.weight_out(), n.weight_k());
  if (local == "gate_up") {
    out.weight(layer + "mlp.gate_proj", rf, n.role, n.weight_out() / 2, n.weight_k());
    return out.weight(layer + "mlp.up_proj", rf, n.role, n.weight_out() / 2, n.weight_k());
  }
  if (n.kind == op::router) {  // proj [experts, hidden]; its aux: scale [hidden], per_expert_scale [experts]
    out.weight(layer + "router.proj", rf, n.role, n.weight_out(), n.weight_k());
    out.plain(layer + "router.scale", n.aux_format, {n.weight_k()});
    return out.plain(layer + "router.per_expert_scale", n.aux_format, {n.weight_out()});
  }
  if (is_routed_expert(n.kind) && rf.weight == formats::bf16) {
    const std::string name = layer + (n.kind == op::expert_down ? "experts.down_proj" : "experts.gate_up_proj");
    return out.plain(name, rf.weight, {n.experts, n.weight_out(), n.weight_k()});
  }
  if (n.has_weight() || n.aux_params != 0 || n.bias) detail::unsupported(m, fmt::format("the tensors of node `{}.{}` are", blk, local));
}

}  // namespace headroom::cli::import
