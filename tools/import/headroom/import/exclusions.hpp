// SPDX-License-Identifier: MIT
// A checkpoint's list of unquantized modules (modules_to_not_convert, ignored_layers,
// exclude_modules, compressed-tensors' ignore) -> the precision rules that keep them BF16.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <headroom/model.hpp>

#include "headroom/import/exclusion_patterns.hpp"
#include "headroom/import/json_keys.hpp"
#include "headroom/checkpoint/quant.hpp"

namespace headroom::cli::import::detail {

// The rules that keep a checkpoint's unquantized modules BF16, from its exclusion list.
class exclusions {
 public:
  exclusions(std::string_view file, std::string key, const quant_shape& s) : file_(file), key_(std::move(key)), s_(s) {}

  void add(const json& list) {
    if (list.is_null()) return;
    if (!list.is_array()) fail_key(file_, key_, fmt::format("expected an array of module names, got {}", shown_value(list)));
    for (const json& item : list) {
      if (!item.is_string()) fail_key(file_, key_, fmt::format("expected module names, got {}", shown_value(item)));
      add_one(item.get<std::string>());
    }
  }

  // Rules in a canonical order (draft section first, then by op, then by role): the output does
  // not depend on the order of the checkpoint's list.
  std::vector<precision_rule> finish() {
    if (!draft_ && !draft_modules_.empty()) {
      fail_key(file_, key_, fmt::format("`{}` names a module of an MTP layer: per-module precision of the draft is not "
                                        "supported yet (the whole layer is)", draft_modules_.front()));
    }
    // Modules listed layer by layer (or whole dense layers): BF16 everywhere once every layer
    // that stores the role is listed; a layer listed for a module it lacks (Gemma-4's global
    // layers have no v_proj) excludes nothing there.
    for (const auto& [role, listed] : role_numbered_) {
      const auto has = s_.role_layers.find(role);
      if (has == s_.role_layers.end()) continue;
      std::set<std::uint64_t> layers;
      std::set_intersection(listed.begin(), listed.end(), has->second.begin(), has->second.end(),
                            std::inserter(layers, layers.end()));
      if (layers.empty()) continue;
      if (layers != has->second) {
        fail_key(file_, key_, fmt::format("`{}` is listed for {} of the {} layers that have it: per-layer precision is "
                                          "not supported yet", role_module_.at(role), layers.size(), has->second.size()));
      }
      push(for_role(role, formats::bf16));
    }
    for (const auto& [a, b] : {std::pair{"linear_attn.in_proj_qkv", "linear_attn.in_proj_z"},
                               std::pair{"mlp.shared_expert.gate_proj", "mlp.shared_expert.up_proj"}}) {
      if (halves_[a] != halves_[b]) fail_key(file_, key_, fmt::format("`{}` and `{}` are one projection in headroom: list both", a, b));
    }
    std::vector<precision_rule> ranges;
    for (const auto& [suffix, layers] : numbered_) {
      const std::vector<precision_rule> rules = rules_for(suffix, suffix);
      std::set<std::uint64_t> want;
      const bool router = suffix == "mlp.gate" || suffix == "mlp.router" || suffix == "block_sparse_moe.gate";
      const std::uint64_t lo = router && s_.family == "mla_moe" ? s_.first_dense : 0;
      const auto has = rules.front().any_role ? s_.role_layers.end() : s_.role_layers.find(rules.front().role);
      if (has != s_.role_layers.end()) {
        want = has->second;  // the layers whose kind has the module (Qwen3-Next's in_proj_ba, Nemotron-H's mixers)
      } else {
        for (std::uint64_t l = lo; l < s_.layers; ++l) want.insert(l);
      }
      if (layers == want) {
        for (const precision_rule& r : rules) push(r);
        continue;
      }
      // Nemotron-3's ModelOpt exports keep single layers BF16 (the Mamba layer before each
      // attention layer): a rule per run of consecutive listed layers.
      if (s_.family != "nemotron_h") {
        fail_key(file_, key_, fmt::format("`{}` is listed for {} of the {} layers that have it: per-layer precision is "
                                          "not supported yet", suffix, layers.size(), want.size()));
      }
      for (auto l = layers.begin(); l != layers.end();) {
        std::uint64_t hi = *l + 1;
        auto next = std::next(l);
        while (next != layers.end() && *next == hi) ++hi, ++next;
        for (precision_rule r : rules) {
          r.layer_lo = static_cast<std::uint16_t>(*l);
          r.layer_hi = static_cast<std::uint16_t>(hi);
          ranges.push_back(r);
        }
        l = next;
      }
    }
    std::vector<precision_rule> out;
    if (draft_) out.push_back(in_section(all_weights(formats::bf16), section::draft));
    std::sort(rules_.begin(), rules_.end(), [](const precision_rule& a, const precision_rule& b) {
      return std::tuple(a.any_op, a.kind, a.any_role, a.role) < std::tuple(b.any_op, b.kind, b.any_role, b.role);
    });
    for (const precision_rule& r : rules_) out.push_back(r);
    for (const precision_rule& r : ranges) out.push_back(r);
    return out;
  }

  [[nodiscard]] bool excludes_role(linear_role role) const {
    return std::any_of(rules_.begin(), rules_.end(), [&](const precision_rule& r) { return !r.any_role && r.role == role; });
  }

 private:
  void add_one(const std::string& module) {
    std::string s = module;
    // compressed-tensors' ignore list may hold `re:.*<suffix>$` (every module ending in the
    // suffix, i.e. the suffix in every layer) or `re:.*<module>.*` (every module inside it, in
    // every layer: Moonshot's Kimi-K2.5 lists `re:.*self_attn.*`, `re:.*shared_experts.*` and
    // `re:.*mlp\.(gate|up|gate_up|down)_proj.*`), where the module may hold `\.` and one group of
    // alternatives. Any other regular expression is refused.
    if (s.rfind("re:", 0) == 0) {
      for (const std::string& one : regex_modules(file_, key_, module, s.substr(3))) add_one(one == "lm_head" ? one : "model.layers.*." + one);
      return;
    }
    while (!s.empty() && (s.back() == '*' || s.back() == '.')) s.pop_back();
    // A leading `*.` (Qwen3.5-397B-A17B's `*.mlp.shared_expert.*`): the module in every layer.
    if (s.rfind("*.", 0) == 0 && s.find('*', 2) == std::string::npos) {
      s = std::string(s_.family == "nemotron_h" ? "backbone.layers.*." : "model.layers.*.") + s.substr(2);
    }
    // A multimodal wrapper (transformers' *ForConditionalGeneration) names its text decoder
    // model.language_model: the same modules as a text-only checkpoint's model.*.
    constexpr std::string_view wrapped = "model.language_model.";
    if (s.rfind(wrapped, 0) == 0) s = "model." + s.substr(wrapped.size());
    // Kimi-K2.5's wrapper names it language_model (language_model.model.layers.*,
    // language_model.lm_head), its tower vision_tower and mm_projector: counted in the vision
    // section, BF16 in every recipe, so a list keeping them unconverted changes no byte.
    if (s.rfind("language_model.", 0) == 0) s = s.substr(std::string_view("language_model.").size());
    if (s == "vision_tower" || s == "mm_projector") return;
    // A vision tower is held as BF16 parameters (vision_tower.hpp) or not counted, and vLLM keeps
    // any module named `visual` unquantized (modelopt.py @00155cde, get_quant_method): Qwen3.5's
    // `model.visual*` changes no byte.
    if (s == "model.visual" || s.rfind("model.visual.", 0) == 0) return;
    // Qwen3.5's MTP module apart from the decoder (`mtp.*`, vLLM qwen3_5_mtp.py): the whole draft.
    if (s == "mtp" || (s.rfind("mtp.layers.", 0) == 0 && s.size() > 11 && s.find('.', 11) == std::string::npos &&
                       std::all_of(s.begin() + 11, s.end(), [](char c) { return c >= '0' && c <= '9'; }))) {
      if (s_.mtp_layers == 0) fail_key(file_, key_, fmt::format("`{}` names an MTP layer, the model builds none", module));
      if (s != "mtp" && std::stoull(s.substr(11)) >= s_.mtp_layers) {
        fail_key(file_, key_, fmt::format("`{}` names an MTP layer beyond the model's {}", module, s_.mtp_layers));
      }
      draft_ = true;
      return;
    }
    // The gemma4 family counts the text decoder only (docs/importing.md): a vision or audio tower
    // kept unconverted changes no byte it counts.
    if (s_.family == "gemma4") {
      for (std::string_view tower : {"model.vision_tower", "model.embed_vision", "model.audio_tower", "model.embed_audio"}) {
        if (s.rfind(tower, 0) == 0) return;
      }
    }
    // Nemotron-H names its decoder `backbone` (backbone.layers.N.mixer.*, backbone.embeddings).
    const std::string_view layers_prefix = s_.family == "nemotron_h" ? "backbone.layers." : "model.layers.";
    if (s_.family == "nemotron_h" && s == "backbone.embeddings") s = "embed_tokens";
    if (s.rfind(layers_prefix, 0) == 0) {
      const std::string rest = s.substr(layers_prefix.size());
      const std::size_t dot = rest.find('.');
      const std::string index = rest.substr(0, dot);
      const std::string suffix = dot == std::string::npos ? "" : rest.substr(dot + 1);
      if (index == "*") {
        if (suffix.empty()) fail_key(file_, key_, fmt::format("`{}` excludes every layer: nothing is quantized", module));
        targets(suffix, module);
        return;
      }
      if (index.empty() || !std::all_of(index.begin(), index.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        fail_key(file_, key_, fmt::format("`{}`: expected a layer number or * after model.layers.", module));
      }
      const std::uint64_t layer = std::stoull(index);
      if (layer >= s_.layers) {
        // An MTP layer (DeepSeek-V3 numbers it after the main layers): whole-layer exclusions only.
        if (layer < s_.layers + s_.mtp_layers && suffix.empty()) {
          draft_ = true;
          return;
        }
        // A module of an MTP layer that stays BF16 whatever the list says (GLM-5's FP8 list names
        // layer 78's eh_proj, router, indexer weights_proj and norms one by one).
        if (layer < s_.layers + s_.mtp_layers && (is_aux(suffix) || always_bf16(suffix))) return;
        // Another module of an MTP layer: subsumed when the list also keeps the whole layer BF16
        // (NVIDIA's GLM-5-NVFP4 lists `model.layers.78*` and its projections one by one), refused
        // otherwise (finish).
        if (layer < s_.layers + s_.mtp_layers) {
          draft_modules_.push_back(module);
          return;
        }
        fail_key(file_, key_, fmt::format("`{}` names layer {}, the model has {} layers", module, layer, s_.layers));
      }
      if (suffix.empty()) {
        // A whole dense layer of an MLA MoE model (GLM-5.1-NVFP4 keeps layers 0-2 BF16): every
        // projection it stores, held like the same modules listed one by one. A layer with a
        // router and experts is not a list of roles: refused.
        if (s_.family != "mla_moe" || layer >= s_.first_dense) {
          fail_key(file_, key_, fmt::format("`{}`: per-layer precision is not supported yet", module));
        }
        for (const auto& [role, layers] : s_.role_layers) {
          if (layers.count(layer) == 0) continue;
          role_numbered_[role].insert(layer);
          role_module_.emplace(role, module);
        }
        return;
      }
      if (is_aux(suffix)) return;
      const std::vector<precision_rule> rules = rules_for(suffix, module);  // refuses a module the family lacks
      // Two modules headroom holds as one projection (qkvz, shared_gate_up) must be listed together.
      if (suffix == "linear_attn.in_proj_qkv" || suffix == "mlp.shared_expert.gate_proj") halves_[suffix].insert(layer);
      if (suffix == "linear_attn.in_proj_z" || suffix == "mlp.shared_expert.up_proj") halves_[suffix].insert(layer);
      const bool roles_only = std::none_of(rules.begin(), rules.end(), [](const precision_rule& r) { return r.any_role; });
      if (s_.family != "nemotron_h" && roles_only) {
        for (const precision_rule& r : rules) {
          role_numbered_[r.role].insert(layer);
          role_module_.emplace(r.role, suffix);
        }
        return;
      }
      numbered_[suffix].insert(layer);
      return;
    }
    // MiMo-V2.5's release lists `model.decoder.self_attn.o_proj` after each layer's o_proj
    // (https://huggingface.co/XiaomiMiMo/MiMo-V2.5/blob/main/config.json); its checkpoints store
    // no tensor of that name, and the mimo_v2_flash family keeps o_proj BF16 anyway
    // (quant.cpp keep_unconverted_bf16).
    if (s_.family == "mimo_v2_flash" && s == "model.decoder.self_attn.o_proj") return;
    constexpr std::string_view model_prefix = "model.";
    if (s.rfind(model_prefix, 0) == 0) s = s.substr(model_prefix.size());
    targets(s, module);
  }

  // Parameters no quantizer converts, whatever a list says: norms, Nemotron-H's conv1d, and the
  // router's F32 e_score_correction_bias (GLM-5's FP8 list names it per layer).
  [[nodiscard]] bool is_aux(std::string_view s) const {
    constexpr std::string_view bias = "e_score_correction_bias";
    return is_norm(s) || is_conv(s) || (s.size() >= bias.size() && s.substr(s.size() - bias.size()) == bias);
  }

  // Modules quant.cpp keeps BF16 in every recipe of the family (keep_unconverted_bf16).
  [[nodiscard]] bool always_bf16(std::string_view s) const {
    if (s_.family != "mla_moe") return false;
    return s == "eh_proj" || s == "mlp.gate" || s == "self_attn.indexers_proj" || s == "self_attn.indexer.weights_proj";
  }

  // Nemotron-H's conv1d weight and bias are aux parameters of the Mamba mixer: BF16 in every recipe.
  [[nodiscard]] bool is_conv(std::string_view s) const { return s_.family == "nemotron_h" && s == "mixer.conv1d"; }

  void targets(const std::string& suffix, std::string_view module) {
    if (is_aux(suffix)) return;  // norms are aux parameters, BF16 in every recipe
    for (const precision_rule& r : rules_for(suffix, module)) push(r);
  }

  // The BF16 rules that keep the module `suffix` (of every layer) unconverted.
  std::vector<precision_rule> rules_for(const std::string& suffix, std::string_view module) const {
    std::vector<precision_rule> out;
    auto op_rule = [&](op o) { out.push_back(for_op(o, formats::bf16)); return out; };
    auto role_rule = [&](linear_role r) { out.push_back(for_role(r, formats::bf16)); return out; };
    if (suffix == "lm_head") return op_rule(op::lm_head);
    if (suffix == "embed_tokens") return op_rule(op::embed);
    // Every routed expert of the layer (Qwen3.5-MoE's fused mlp.experts module).
    if (suffix == "mlp.experts" && s_.routed) return out.push_back(for_op(op::expert_gate_up, formats::bf16)), op_rule(op::expert_down);
    if (suffix == "mlp.gate" || suffix == "mlp.router" || suffix == "block_sparse_moe.gate") return op_rule(op::router);
    // MiniMax-M2's list names bare module names, which transformers matches anywhere in a
    // module's name: `gate` is block_sparse_moe.gate (its experts are w1 / w2 / w3, no
    // gate_proj), and `e_score_correction_bias` is an F32 parameter no quantizer converts.
    if (suffix == "gate" && s_.family == "gqa_moe") return op_rule(op::router);
    if (suffix == "e_score_correction_bias") return out;
    // DeepSeek-V3's MLP names (Kimi-K2.5's lists): the dense layers' mlp.{gate,up,down}_proj and
    // the MoE layers' mlp.shared_experts (a contains-pattern may name it bare).
    if (suffix == "mlp.shared_experts" || suffix == "shared_experts") {
      role_rule(linear_role::shared_gate_up);
      return role_rule(linear_role::shared_down);
    }
    if (suffix == "mlp.up_proj" && s_.role_layers.count(linear_role::gate_up) == 0 && s_.role_layers.count(linear_role::up) != 0) {
      return role_rule(linear_role::up);  // an ungated MLP's up projection
    }
    if (suffix == "mlp.gate_proj" || suffix == "mlp.up_proj" || suffix == "mlp.gate_up_proj") return role_rule(linear_role::gate_up);
    if (suffix == "mlp.down_proj") return role_rule(linear_role::down);
    if (suffix == "self_attn") {
      if (s_.family == "mla_moe") {
        for (linear_role r : {linear_role::mla_q_a, linear_role::mla_q_b, linear_role::mla_kv_a, linear_role::mla_kv_b})
          role_rule(r);
        // ModelOpt's `self_attn*` is the subtree, the lightning indexer with it (vLLM modelopt.py
        // @00155cde, apply_vllm_mapper: `module_path*` is `module_path` and `module_path.*`).
        if (s_.role_layers.count(linear_role::index_q) != 0) {
          for (linear_role r : {linear_role::index_q, linear_role::index_k, linear_role::index_weights}) role_rule(r);
        }
      } else {
        for (linear_role r : {linear_role::q, linear_role::k, linear_role::v}) role_rule(r);
      }
      return role_rule(linear_role::o);
    }
    if (s_.family == "nemotron_h") {
      // HF modeling_nemotron_h.py: every layer's mixer is `mixer` (Mamba2, attention or MoE).
      if (suffix == "mixer.gate") return op_rule(op::router);
      static constexpr std::pair<std::string_view, linear_role> mixer_roles[] = {
          {"mixer.in_proj", linear_role::mamba_in},
          {"mixer.out_proj", linear_role::mamba_out},
          {"mixer.q_proj", linear_role::q},
          {"mixer.k_proj", linear_role::k},
          {"mixer.v_proj", linear_role::v},
          {"mixer.o_proj", linear_role::o},
          {"mixer.shared_experts.up_proj", linear_role::shared_up},
          {"mixer.shared_experts.down_proj", linear_role::shared_down},
          {"mixer.fc1_latent_proj", linear_role::moe_latent_in},
          {"mixer.fc2_latent_proj", linear_role::moe_latent_out},
      };
      for (const auto& [spelling, role] : mixer_roles) {
        if (suffix == spelling) return role_rule(role);
      }
    }
    // Subtrees named whole: Qwen3.5's gated-delta-net projections (in_proj_qkv | in_proj_z,
    // in_proj_b | in_proj_a, out_proj: qkvz, ba, gdn_out), a shared expert's projections (Qwen's
    // mlp.shared_expert, DeepSeek's / GLM's mlp.shared_experts; the gate beside it is its own
    // module, mlp.shared_expert_gate), a dense MLP (Gemma-4 keeps `mlp` beside its experts).
    if (suffix == "linear_attn" && s_.role_layers.count(linear_role::qkvz) != 0) {
      for (linear_role r : {linear_role::qkvz, linear_role::ba}) role_rule(r);
      return role_rule(linear_role::gdn_out);
    }
    if ((suffix == "mlp.shared_expert" || suffix == "mlp.shared_experts") &&
        s_.role_layers.count(linear_role::shared_gate_up) != 0) {
      role_rule(linear_role::shared_gate_up);
      return role_rule(linear_role::shared_down);
    }
    if (suffix == "mlp" && s_.family == "gemma4") {
      role_rule(linear_role::gate_up);
      return role_rule(linear_role::down);
    }
    // Gemma-4's router (proj, scale, per_expert_scale) is an aux parameter set, BF16 in every recipe.
    if (suffix == "router" && s_.family == "gemma4") return out;
    static constexpr std::pair<std::string_view, linear_role> roles[] = {
        {"self_attn.q_proj", linear_role::q},
        {"self_attn.k_proj", linear_role::k},
        {"self_attn.v_proj", linear_role::v},
        {"self_attn.o_proj", linear_role::o},
        {"self_attn.q_a_proj", linear_role::mla_q_a},
        {"self_attn.q_b_proj", linear_role::mla_q_b},
        {"self_attn.kv_a_proj_with_mqa", linear_role::mla_kv_a},
        {"self_attn.kv_b_proj", linear_role::mla_kv_b},
        {"linear_attn.in_proj_ba", linear_role::ba},
        {"mlp.shared_expert_gate", linear_role::shared_gate},
        {"mlp.shared_expert.gate_proj", linear_role::shared_gate_up},  // Qwen's shared expert, module by module
        {"mlp.shared_expert.up_proj", linear_role::shared_gate_up},
        {"mlp.shared_expert.down_proj", linear_role::shared_down},
        {"linear_attn.in_proj_qkv", linear_role::qkvz},  // Qwen3.5's gated delta net, module by module
        {"linear_attn.in_proj_z", linear_role::qkvz},
        {"linear_attn.out_proj", linear_role::gdn_out},
        {"eh_proj", linear_role::mtp_fc},
    };
    for (const auto& [spelling, role] : roles) {
      if (suffix == spelling) return role_rule(role);
    }
    // The lightning indexer's weights_proj (DeepSeek-V3.2, GLM-5), BF16 whatever the list says
    // (quant.cpp keep_unconverted_bf16). GLM-5's FP8 release lists it as `self_attn.indexers_proj`,
    // the name of GLM-5's own modelling code; the loaders map `indexers_proj.` to
    // `indexer.weights_proj.`, the one tensor.
    if ((suffix == "self_attn.indexers_proj" || suffix == "self_attn.indexer.weights_proj") &&
        s_.role_layers.count(linear_role::index_weights) != 0) {
      return role_rule(linear_role::index_weights);
    }
    // The whole indexer (ModelOpt's `self_attn.indexer*`): wq_b, wk and weights_proj (its k_norm
    // is a norm).
    if (suffix == "self_attn.indexer" && s_.role_layers.count(linear_role::index_q) != 0) {
      for (linear_role r : {linear_role::index_q, linear_role::index_k}) role_rule(r);
      return role_rule(linear_role::index_weights);
    }
    fail_key(file_, key_, fmt::format("`{}` names no module whose precision headroom can set apart in the {} family", module, s_.family));
  }

  void push(const precision_rule& r) {
    const bool seen = std::any_of(rules_.begin(), rules_.end(), [&](const precision_rule& x) {
      return x.any_op == r.any_op && x.kind == r.kind && x.any_role == r.any_role && x.role == r.role;
    });
    if (!seen) rules_.push_back(r);
  }

  std::string_view file_;
  std::string key_;
  quant_shape s_;
  bool draft_ = false;
  std::vector<std::string> draft_modules_;  ///< single modules of MTP layers (see add_one)
  std::vector<precision_rule> rules_;
  std::map<std::string, std::set<std::uint64_t>> numbered_;
  std::map<linear_role, std::set<std::uint64_t>> role_numbered_;  ///< roles listed layer by layer (not Nemotron-H)
  std::map<std::string, std::set<std::uint64_t>> halves_;  ///< layers naming each half of a held-together pair
  std::map<linear_role, std::string> role_module_;                ///< the first suffix (or whole layer) naming each
};

}  // namespace headroom::cli::import::detail
