// SPDX-License-Identifier: MIT
#include "headroom/import/importer.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>
#include <type_traits>

#include <headroom/models/config_keys.hpp>

#include "headroom/import/reflect.hpp"

namespace headroom::cli::import {

namespace {

using json = nlohmann::json;
namespace ck = models::config_keys;
namespace fs = std::filesystem;

[[noreturn]] void fail_key(std::string_view file, std::string_view key, std::string_view why) {
  throw import_error(fmt::format("{}: key `{}`: {}", file, key, why));
}

json read_json(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw import_error(fmt::format("{}: cannot open the file", path));
  std::stringstream ss;
  ss << in.rdbuf();
  try {
    json j = json::parse(ss.str());
    if (!j.is_object()) throw import_error(fmt::format("{}: expected a JSON object at the top level", path));
    return j;
  } catch (const json::parse_error& e) {
    throw import_error(fmt::format("{}: not valid JSON (at byte {})", path, e.byte));
  }
}

std::string list_model_types() {
  std::string s;
  for (const ck::profile& p : ck::profiles) s += (s.empty() ? "" : ", ") + std::string(p.model_type);
  return s;
}

std::uint64_t as_uint(std::string_view file, std::string_view key, const json& v) {
  if (v.is_number_unsigned()) return v.get<std::uint64_t>();
  if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(v.get<std::int64_t>());
  fail_key(file, key, fmt::format("expected a non-negative integer, got {}", v.dump()));
}

bool as_bool(std::string_view file, std::string_view key, const json& v) {
  if (v.is_boolean()) return v.get<bool>();
  fail_key(file, key, fmt::format("expected true or false, got {}", v.dump()));
}

// Reads one profile's dims from a config object, recording which keys it used.
class dims_reader {
 public:
  dims_reader(std::string_view file, const json& cfg, const ck::profile& p, imported& im)
      : file_(file), cfg_(cfg), p_(p), im_(im) {}

  template <typename T>
  void bind(std::string_view member, T& out) {
    const ck::binding* b = nullptr;
    for (const ck::binding& x : p_.bindings) {
      if (x.member == member) b = &x;
    }
    if (b == nullptr) {
      throw import_error(fmt::format("{}: model_type `{}` has no binding for `{}` (a headroom table bug)", file_,
                                     p_.model_type, member));
    }
    if (b->how == ck::source::fixed) {
      set_fallback(*b, out);
      return;
    }
    used_.insert(std::string(b->key));
    if (!b->gate.empty()) {
      used_.insert(std::string(b->gate));
      const json* g = find(b->gate);
      if (g != nullptr && !g->is_null() && !as_bool(file_, b->gate, *g)) {
        set_fallback(*b, out);
        return;
      }
    }
    const json* v = find(b->key);
    if (v == nullptr || v->is_null()) {
      switch (b->how) {
        case ck::source::required:
          fail_key(file_, b->key, fmt::format("missing (required by model_type `{}`)", p_.model_type));
        case ck::source::optional:
          set_fallback(*b, out);
          note(fmt::format("{} absent: {}", b->key, b->why));
          return;
        case ck::source::quotient:
          if constexpr (std::is_same_v<T, std::uint64_t>) {
            const std::uint64_t n = required_uint(b->num);
            const std::uint64_t d = required_uint(b->den);
            if (d == 0 || n % d != 0) {
              fail_key(file_, b->key, fmt::format("absent, and {} / {} = {} / {} is not a whole number", b->num, b->den, n, d));
            }
            out = n / d;
            note(fmt::format("{} absent: {} / {} = {} ({})", b->key, b->num, b->den, out, b->why));
            return;
          } else {
            break;
          }
        case ck::source::fixed: break;
      }
      throw import_error(fmt::format("{}: binding of `{}` cannot be a quotient (a headroom table bug)", file_, member));
    }
    assign(b->key, *v, out, b->how == ck::source::required);
  }

  // The checks of the profile, once the dims are read.
  void run_checks(std::uint64_t layers, std::uint64_t interval, std::string_view pattern) {
    for (const ck::check& c : p_.checks) {
      used_.insert(std::string(c.key));
      const json* v = find(c.key);
      if (v == nullptr) continue;  // absent: the class's default, which is the value checked
      switch (c.kind) {
        case ck::check_kind::equals: {
          const json want = json::parse(c.expected);
          if (*v != want) fail_key(file_, c.key, fmt::format("is {}, the importer needs {} ({})", v->dump(), c.expected, c.why));
          break;
        }
        case ck::check_kind::layer_types_alternate:
        case ck::check_kind::layer_types_interval: {
          if (!v->is_array() || v->size() != layers) {
            fail_key(file_, c.key, fmt::format("expected an array of num_hidden_layers ({}) strings", layers));
          }
          for (std::size_t i = 0; i < v->size(); ++i) {
            std::string want;
            if (c.kind == ck::check_kind::layer_types_alternate) {
              want = i % 2 == 0 ? "sliding_attention" : "full_attention";
            } else {
              want = (i + 1) % interval == 0 ? "full_attention" : "linear_attention";
            }
            if ((*v)[i] != want) {
              fail_key(file_, c.key, fmt::format("layer {} is {}, the importer needs \"{}\" ({})", i, (*v)[i].dump(), want, c.why));
            }
          }
          break;
        }
        case ck::check_kind::pattern_length: {
          const std::uint64_t n = as_uint(file_, c.key, *v);
          if (n != pattern.size()) {
            fail_key(file_, c.key, fmt::format("is {}, but hybrid_override_pattern has {} characters ({})", n, pattern.size(), c.why));
          }
          break;
        }
      }
    }
  }

  // Every key is used, ignored with a reason, or refused.
  void classify() {
    for (const auto& [key, value] : cfg_.items()) {
      if (used_.count(key) != 0) continue;
      if (ignored(key)) continue;
      fail_key(file_, key, fmt::format("unknown to model_type `{}` (neither read nor ignored with a reason; "
                                       "nothing is guessed)", p_.model_type));
    }
  }

  void note(std::string n) { notes_.push_back(std::move(n)); }
  [[nodiscard]] const std::vector<std::string>& notes() const { return notes_; }

 private:
  const json* find(std::string_view key) const {
    const auto it = cfg_.find(std::string(key));
    return it == cfg_.end() ? nullptr : &*it;
  }
  std::uint64_t required_uint(std::string_view key) {
    used_.insert(std::string(key));
    const json* v = find(key);
    if (v == nullptr || v->is_null()) fail_key(file_, key, fmt::format("missing (required by model_type `{}`)", p_.model_type));
    return as_uint(file_, key, *v);
  }
  bool ignored(std::string_view key) const {
    for (const ck::ignored& i : ck::common_ignored) {
      if (i.key == key) return true;
    }
    for (const ck::ignored& i : p_.ignored_keys) {
      if (i.key == key) return true;
    }
    return false;
  }
  template <typename T>
  void set_fallback(const ck::binding& b, T& out) {
    if constexpr (std::is_same_v<T, bool>) {
      out = b.fallback != 0;
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
      out = b.fallback;
    } else {
      throw import_error(fmt::format("{}: `{}` has no fallback (a headroom table bug)", file_, b.member));
    }
  }
  template <typename T>
  void assign(std::string_view key, const json& v, T& out, bool required) {
    if constexpr (std::is_same_v<T, bool>) {
      out = as_bool(file_, key, v);
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
      out = as_uint(file_, key, v);
      // A zero width or count builds an empty model; first_k_dense_replace 0 is a real value.
      if (required && out == 0 && key != "first_k_dense_replace") fail_key(file_, key, "must be at least 1");
    } else {
      static_assert(std::is_same_v<T, std::string_view>);
      if (!v.is_string()) fail_key(file_, key, fmt::format("expected a string, got {}", v.dump()));
      im_.strings.push_back(v.get<std::string>());
      out = im_.strings.back();
      if (required && out.empty()) fail_key(file_, key, "must not be empty");
    }
  }

  std::string_view file_;
  const json& cfg_;
  const ck::profile& p_;
  imported& im_;
  std::set<std::string> used_;
  std::vector<std::string> notes_;
};

template <typename T>
std::string cxx_text(const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_same_v<T, std::uint64_t>) {
    return std::to_string(v);
  } else {
    return fmt::format("\"{}\"", v);
  }
}

// ---- quantization ---------------------------------------------------------------------------

// What the precision recipe needs to know of the circuit.
struct quant_shape {
  std::string_view family;
  std::uint64_t layers = 0;       // main layers
  std::uint64_t first_dense = 0;  // mla_moe: layers before the first MoE layer
  std::uint64_t mtp_layers = 0;
};

std::string format_expr(const tensor_format& f) {
  switch (f.kind) {
    case format_kind::bf16: return "formats::bf16";
    case format_kind::f32: return "formats::f32";
    case format_kind::i32: return "formats::i32";
    case format_kind::mxfp4: return "formats::mxfp4";
    case format_kind::nvfp4: return f.group == 16 ? "formats::nvfp4_g16" : fmt::format("formats::nvfp4({})", f.group);
    case format_kind::fp8:
      switch (f.scale) {
        case scale_kind::tensor: return "formats::fp8_tensor";
        case scale_kind::token: return "formats::fp8_token";
        case scale_kind::channel: return "formats::fp8_channel";
        case scale_kind::group: return fmt::format("formats::fp8_group({})", f.group);
        case scale_kind::block: return fmt::format("formats::fp8_block({}, {})", f.block_r, f.block_c);
        case scale_kind::none: break;
      }
  }
  return "formats::bf16";
}

std::string rule_expr(const precision_rule& r) {
  const std::string formats = r.activation == formats::bf16
                                  ? format_expr(r.weight)
                                  : format_expr(r.weight) + ", " + format_expr(r.activation);
  std::string e;
  if (!r.any_role) {
    e = fmt::format("for_role(linear_role::{}, {})", name(r.role), formats);
  } else if (!r.any_op) {
    e = fmt::format("for_op(op::{}, {})", name(r.kind), formats);
  } else {
    e = fmt::format("all_weights({})", formats);
  }
  if (!r.any_section) e = fmt::format("in_section({}, section::{})", e, name(r.sec));
  if (r.extra_scalars != 0) e = fmt::format("with_scalars({}, {})", e, r.extra_scalars);
  return e;
}

// The rules that keep a checkpoint's unquantized modules BF16, from its exclusion list.
class exclusions {
 public:
  exclusions(std::string_view file, std::string key, const quant_shape& s) : file_(file), key_(std::move(key)), s_(s) {}

  void add(const json& list) {
    if (list.is_null()) return;
    if (!list.is_array()) fail_key(file_, key_, fmt::format("expected an array of module names, got {}", list.dump()));
    for (const json& item : list) {
      if (!item.is_string()) fail_key(file_, key_, fmt::format("expected module names, got {}", item.dump()));
      add_one(item.get<std::string>());
    }
  }

  // Rules in a canonical order (draft section first, then by op, then by role): the output does
  // not depend on the order of the checkpoint's list.
  std::vector<precision_rule> finish() {
    for (const auto& [suffix, layers] : numbered_) {
      std::set<std::uint64_t> want;
      const bool router = suffix == "mlp.gate" || suffix == "mlp.router" || suffix == "block_sparse_moe.gate";
      const std::uint64_t lo = router && s_.family == "mla_moe" ? s_.first_dense : 0;
      for (std::uint64_t l = lo; l < s_.layers; ++l) want.insert(l);
      if (layers != want) {
        fail_key(file_, key_, fmt::format("`{}` is listed for {} of the {} layers that have it: per-layer precision is "
                                          "not supported yet", suffix, layers.size(), want.size()));
      }
    }
    std::vector<precision_rule> out;
    if (draft_) out.push_back(in_section(all_weights(formats::bf16), section::draft));
    std::sort(rules_.begin(), rules_.end(), [](const precision_rule& a, const precision_rule& b) {
      return std::tuple(a.any_op, a.kind, a.any_role, a.role) < std::tuple(b.any_op, b.kind, b.any_role, b.role);
    });
    for (const precision_rule& r : rules_) out.push_back(r);
    return out;
  }

  [[nodiscard]] bool excludes_role(linear_role role) const {
    return std::any_of(rules_.begin(), rules_.end(), [&](const precision_rule& r) { return !r.any_role && r.role == role; });
  }

 private:
  void add_one(const std::string& module) {
    std::string s = module;
    while (!s.empty() && (s.back() == '*' || s.back() == '.')) s.pop_back();
    constexpr std::string_view layers_prefix = "model.layers.";
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
        fail_key(file_, key_, fmt::format("`{}` names layer {}, the model has {} layers", module, layer, s_.layers));
      }
      if (suffix.empty()) fail_key(file_, key_, fmt::format("`{}`: per-layer precision is not supported yet", module));
      if (is_norm(suffix)) return;
      targets(suffix, module);  // refuses a module the family does not have before counting layers
      numbered_[suffix].insert(layer);
      return;
    }
    constexpr std::string_view model_prefix = "model.";
    if (s.rfind(model_prefix, 0) == 0) s = s.substr(model_prefix.size());
    targets(s, module);
  }

  static bool is_norm(std::string_view s) {
    const std::size_t dot = s.rfind('.');
    const std::string_view last = dot == std::string_view::npos ? s : s.substr(dot + 1);
    return last.size() >= 4 && last.substr(last.size() - 4) == "norm";
  }

  void targets(const std::string& suffix, std::string_view module) {
    if (is_norm(suffix)) return;  // norms are aux parameters, BF16 in every recipe
    auto op_rule = [&](op o) { push(for_op(o, formats::bf16)); };
    auto role_rule = [&](linear_role r) { push(for_role(r, formats::bf16)); };
    if (suffix == "lm_head") return op_rule(op::lm_head);
    if (suffix == "embed_tokens") return op_rule(op::embed);
    if (suffix == "mlp.gate" || suffix == "mlp.router" || suffix == "block_sparse_moe.gate") return op_rule(op::router);
    if (suffix == "self_attn") {
      if (s_.family == "mla_moe") {
        for (linear_role r : {linear_role::mla_q_a, linear_role::mla_q_b, linear_role::mla_kv_a, linear_role::mla_kv_b})
          role_rule(r);
      } else {
        for (linear_role r : {linear_role::q, linear_role::k, linear_role::v}) role_rule(r);
      }
      return role_rule(linear_role::o);
    }
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
        {"eh_proj", linear_role::mtp_fc},
    };
    for (const auto& [spelling, role] : roles) {
      if (suffix == spelling) return role_rule(role);
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
  std::vector<precision_rule> rules_;
  std::map<std::string, std::set<std::uint64_t>> numbered_;
};

// The embedding table stays BF16: none of these quantizers converts an embedding.
void keep_embed_bf16(std::vector<precision_rule>& rules) {
  const bool has = std::any_of(rules.begin(), rules.end(), [](const precision_rule& r) {
    return !r.any_op && r.kind == op::embed;
  });
  if (!has) rules.push_back(for_op(op::embed, formats::bf16));
}

// Adds `r` unless a rule for the same op and role is there already.
void keep_bf16(std::vector<precision_rule>& rules, const precision_rule& r) {
  const bool has = std::any_of(rules.begin(), rules.end(), [&](const precision_rule& x) {
    return x.any_op == r.any_op && x.kind == r.kind && x.any_role == r.any_role && x.role == r.role && x.any_section;
  });
  if (!has) rules.push_back(r);
}

struct recipe {
  std::vector<precision_rule> rules;
  std::string note;
};

// Keys of a quantization object: each read, ignored with a reason, or refused.
void only_keys(std::string_view file, std::string_view prefix, const json& obj,
               std::initializer_list<std::string_view> known) {
  for (const auto& [key, value] : obj.items()) {
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      fail_key(file, fmt::format("{}{}", prefix, key), "unknown to the importer (nothing is guessed)");
    }
  }
}

std::string get_string(std::string_view file, const std::string& key, const json& obj, std::string_view field) {
  const auto it = obj.find(std::string(field));
  if (it == obj.end() || it->is_null()) fail_key(file, key, "missing");
  if (!it->is_string()) fail_key(file, key, fmt::format("expected a string, got {}", it->dump()));
  return it->get<std::string>();
}

// quantization_config.quant_method "fp8" (transformers' FineGrainedFP8 and Qwen's / DeepSeek's
// FP8 releases): E4M3 weights with F32 scales per block (weight_block_size) or per tensor, and
// dynamic activations per 1 x block-column group (or per tensor).
recipe fp8_recipe(std::string_view file, const json& q, const quant_shape& s) {
  const std::string p = "quantization_config.";
  only_keys(file, p, q, {"quant_method", "fmt", "activation_scheme", "weight_block_size", "modules_to_not_convert",
                         "ignored_layers"});
  if (q.contains("fmt") && q["fmt"] != "e4m3") fail_key(file, p + "fmt", fmt::format("{} is not supported yet (e4m3 only)", q["fmt"].dump()));
  if (q.contains("activation_scheme") && q["activation_scheme"] != "dynamic") {
    fail_key(file, p + "activation_scheme", fmt::format("{} is not supported yet (dynamic only)", q["activation_scheme"].dump()));
  }
  tensor_format w = formats::fp8_tensor;
  tensor_format a = formats::fp8_tensor;
  std::string note = "FP8 E4M3 weights with one F32 scale per tensor, dynamic per-tensor FP8 activations";
  if (q.contains("weight_block_size") && !q["weight_block_size"].is_null()) {
    const json& b = q["weight_block_size"];
    if (!b.is_array() || b.size() != 2 || !b[0].is_number_unsigned() || !b[1].is_number_unsigned() || b[0] == 0 || b[1] == 0) {
      fail_key(file, p + "weight_block_size", fmt::format("expected [rows, columns] of positive integers, got {}", b.dump()));
    }
    const auto r = b[0].get<std::uint32_t>();
    const auto c = b[1].get<std::uint32_t>();
    w = formats::fp8_block(r, c);
    a = formats::fp8_group(c);
    note = fmt::format("FP8 E4M3 weights with one F32 weight_scale_inv per {}x{} block, dynamic FP8 activations per "
                       "{}-group (scale dtype F32 assumed)", r, c, c);
  }
  exclusions ex(file, p + "modules_to_not_convert", s);
  if (q.contains("modules_to_not_convert")) ex.add(q["modules_to_not_convert"]);
  if (q.contains("ignored_layers")) ex.add(q["ignored_layers"]);
  recipe out{ex.finish(), note};
  // Kept BF16 whatever the list says: transformers never converts the output head
  // (get_keys_to_not_convert), vLLM builds DeepSeek's MTP eh_proj without a quantization config,
  // and DeepSeek-V3's router (DeepseekV3TopkRouter) is not a Linear the quantizer replaces.
  keep_bf16(out.rules, for_op(op::lm_head, formats::bf16));
  if (s.family == "mla_moe") {
    keep_bf16(out.rules, for_op(op::router, formats::bf16));
    if (s.mtp_layers > 0) keep_bf16(out.rules, for_role(linear_role::mtp_fc, formats::bf16));
  }
  keep_embed_bf16(out.rules);
  out.rules.push_back(all_weights(w, a));
  return out;
}

// quantization_config.quant_method "mxfp4" (gpt-oss): only the routed experts are MXFP4
// (transformers' Mxfp4 quantizer converts the experts alone); the list names what stays BF16.
recipe mxfp4_recipe(std::string_view file, const json& q, const quant_shape& s) {
  const std::string p = "quantization_config.";
  only_keys(file, p, q, {"quant_method", "modules_to_not_convert"});
  exclusions ex(file, p + "modules_to_not_convert", s);
  if (q.contains("modules_to_not_convert")) ex.add(q["modules_to_not_convert"]);
  (void)ex.finish();  // validated: every non-expert weight is BF16 in this recipe anyway
  return {{for_op(op::expert_gate_up, formats::mxfp4), for_op(op::expert_down, formats::mxfp4), all_weights(formats::bf16)},
          "routed experts MXFP4 (E2M1 pairs + one E8M0 scale per 32), everything else BF16"};
}

// NVIDIA ModelOpt (hf_quant_config.json's `quantization`, or quantization_config with
// quant_method "modelopt"): FP8 per tensor or NVFP4 per 16, an F32 input_scale per projection,
// and k_scale / v_scale on k_proj / v_proj when the KV cache is FP8.
recipe modelopt_recipe(std::string_view file, const std::string& p, const json& q, const quant_shape& s) {
  only_keys(file, p, q, {"quant_method", "quant_algo", "kv_cache_quant_algo", "group_size", "exclude_modules", "producer"});
  const std::string algo = get_string(file, p + "quant_algo", q, "quant_algo");
  tensor_format f{};
  std::string note;
  if (algo == "FP8") {
    f = formats::fp8_tensor;
    note = "ModelOpt FP8: E4M3 weights with an F32 weight_scale and input_scale per projection";
  } else if (algo == "NVFP4") {
    std::uint64_t g = 16;
    if (q.contains("group_size")) g = as_uint(file, p + "group_size", q["group_size"]);
    if (g == 0 || g > 1024) fail_key(file, p + "group_size", fmt::format("{} is not a usable group size", g));
    f = formats::nvfp4(static_cast<std::uint32_t>(g));
    note = fmt::format("ModelOpt NVFP4: E2M1 weights and activations, E4M3 scale per {}, F32 weight_scale_2 and "
                       "input_scale per projection", g);
  } else {
    fail_key(file, p + "quant_algo", fmt::format("`{}` is not supported yet (supported: FP8, NVFP4)", algo));
  }
  bool kv_fp8 = false;
  if (q.contains("kv_cache_quant_algo") && !q["kv_cache_quant_algo"].is_null()) {
    const std::string kv = get_string(file, p + "kv_cache_quant_algo", q, "kv_cache_quant_algo");
    if (kv != "FP8") fail_key(file, p + "kv_cache_quant_algo", fmt::format("`{}` is not supported yet (FP8 or null)", kv));
    kv_fp8 = true;
    note += "; k_proj / v_proj carry F32 k_scale / v_scale (FP8 KV cache: run with --kv fp8)";
  }
  exclusions ex(file, p + "exclude_modules", s);
  if (q.contains("exclude_modules")) ex.add(q["exclude_modules"]);
  recipe out{ex.finish(), note};
  const bool k_kept = ex.excludes_role(linear_role::k);
  keep_embed_bf16(out.rules);
  if (kv_fp8 && !k_kept) {
    out.rules.push_back(with_scalars(for_role(linear_role::k, f, f), 2));
    out.rules.push_back(with_scalars(for_role(linear_role::v, f, f), 2));
  }
  out.rules.push_back(with_scalars(all_weights(f, f), 1));
  return out;
}

recipe quant_from_config(std::string_view file, const json& q, const quant_shape& s) {
  if (!q.is_object()) fail_key(file, "quantization_config", fmt::format("expected an object, got {}", q.dump()));
  const std::string method = get_string(file, "quantization_config.quant_method", q, "quant_method");
  if (method == "fp8") return fp8_recipe(file, q, s);
  if (method == "mxfp4") return mxfp4_recipe(file, q, s);
  if (method == "modelopt") return modelopt_recipe(file, "quantization_config.", q, s);
  fail_key(file, "quantization_config.quant_method",
           fmt::format("`{}` is not supported yet (supported: fp8, mxfp4, modelopt)", method));
}

recipe quant_from_modelopt_file(const std::string& file, const quant_shape& s) {
  const json j = read_json(file);
  only_keys(file, "", j, {"producer", "quantization"});
  if (!j.contains("quantization") || !j["quantization"].is_object()) fail_key(file, "quantization", "missing, or not an object");
  return modelopt_recipe(file, "quantization.", j["quantization"], s);
}

std::string folder_name(const fs::path& config_file) {
  const fs::path abs = fs::absolute(config_file).lexically_normal();
  return abs.parent_path().filename().string();
}

template <typename Dims>
std::uint64_t layers_of(const Dims& d) {
  if constexpr (requires { d.layers; }) {
    return d.layers;
  } else {
    return d.pattern.size();
  }
}

}  // namespace

std::string snake_case(std::string_view text) {
  std::string out;
  bool gap = false;
  for (char c : text) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
    if (!alnum) {
      gap = !out.empty();
      continue;
    }
    if (gap) out += '_';
    gap = false;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

std::unique_ptr<imported> import_config(const import_request& r) {
  auto im = std::make_unique<imported>();
  fs::path config = r.config;
  std::string quant = r.quant;
  std::error_code ec;
  if (fs::is_directory(config, ec)) {
    const fs::path folder = config;
    config = folder / "config.json";
    if (quant.empty() && fs::exists(folder / "hf_quant_config.json", ec)) quant = (folder / "hf_quant_config.json").string();
  }
  const std::string file = config.string();
  im->config_path = file;
  im->quant_path = quant;
  const json cfg = read_json(file);

  const auto mt = cfg.find("model_type");
  if (mt == cfg.end()) fail_key(file, "model_type", "missing (it chooses the family)");
  if (!mt->is_string()) fail_key(file, "model_type", fmt::format("expected a string, got {}", mt->dump()));
  im->model_type = mt->get<std::string>();
  const ck::profile* p = ck::find_profile(im->model_type);
  if (p == nullptr) {
    fail_key(file, "model_type", fmt::format("`{}` is not supported (supported: {})", im->model_type, list_model_types()));
  }
  if (const auto a = cfg.find("architectures"); a != cfg.end()) {
    const bool names_it = a->is_array() && std::find(a->begin(), a->end(), json(p->architecture)) != a->end();
    if (!names_it) {
      fail_key(file, "architectures", fmt::format("{} does not name {}, the class of model_type `{}`", a->dump(),
                                                  p->architecture, im->model_type));
    }
  }
  for (std::string_view key : {"torch_dtype", "dtype"}) {
    const auto t = cfg.find(std::string(key));
    if (t != cfg.end() && *t != "bfloat16") {
      fail_key(file, key, fmt::format("{} is not supported yet (bfloat16 checkpoints, quantized or not)", t->dump()));
    }
  }

  im->id = r.id.empty() ? snake_case(folder_name(config)) : r.id;
  if (im->id.empty() || im->id != snake_case(im->id)) {
    throw import_error(fmt::format("--id: `{}` is not a snake_case identifier (e.g. qwen3_4b)", im->id));
  }
  im->name = r.id.empty() ? folder_name(config) : r.id;
  im->repo = "";
  if (const auto n = cfg.find("_name_or_path"); n != cfg.end() && n->is_string()) im->repo = n->get<std::string>();

  bool built = false;
  boost::hana::for_each(all_dims, [&](auto t) {
    using Dims = typename decltype(t)::type;
    if (built || family_of<Dims>::name != p->family) return;
    built = true;
    Dims d{};
    dims_reader reader(file, cfg, *p, *im);
    for_each_member(d, [&](std::string_view member, auto& value) { reader.bind(member, value); });
    std::uint64_t interval = 0;
    std::string_view pattern;
    if constexpr (requires { d.full_attention_interval; }) interval = d.full_attention_interval;
    if constexpr (requires { d.pattern; }) pattern = d.pattern;
    reader.run_checks(layers_of(d), interval, pattern);
    reader.classify();

    const Dims defaults{};
    for_each_member(d, [&](std::string_view member, auto& value) {
      bool same = false;
      for_each_member(defaults, [&](std::string_view m2, const auto& v2) {
        if constexpr (std::is_same_v<std::decay_t<decltype(value)>, std::decay_t<decltype(v2)>>) {
          if (m2 == member) same = value == v2;
        }
      });
      im->dims.push_back({std::string(member), cxx_text(value), same});
    });

    quant_shape qs{p->family, layers_of(d), 0, 0};
    if constexpr (requires { d.first_dense; }) qs.first_dense = d.first_dense;
    if constexpr (requires { d.mtp_layers; }) qs.mtp_layers = d.mtp_layers;
    recipe rec{{all_weights(formats::bf16)}, "every tensor BF16"};
    const auto qc = cfg.find("quantization_config");
    if (qc != cfg.end() && !quant.empty()) {
      throw import_error(fmt::format("{}: key `quantization_config`: present, and --quant {} names a second "
                                     "quantization config: give one", file, quant));
    }
    if (qc != cfg.end()) rec = quant_from_config(file, *qc, qs);
    if (!quant.empty()) rec = quant_from_modelopt_file(quant, qs);

    try {
      im->m.c = family_of<Dims>::build(d);
    } catch (const headroom::error& e) {
      throw import_error(fmt::format("{}: the model does not fit headroom's circuit ({})", file, e.what()));
    }
    for (const precision_rule& rule : rec.rules) {
      if (im->m.n_rules >= max_rules) throw import_error(fmt::format("{}: the precision recipe needs more than {} rules", file, max_rules));
      im->m.add_rule(rule);
      im->rule_exprs.push_back(rule_expr(rule));
    }
    std::string notes = rec.note;
    for (const std::string& n : reader.notes()) notes += "; " + n;
    im->notes = notes;
  });

  im->files = quant.empty() ? fmt::format("config.json (model_type {})", im->model_type)
                            : fmt::format("config.json (model_type {}); hf_quant_config.json", im->model_type);
  im->m.id = im->id;
  im->m.name = im->name;
  im->m.family = p->family;
  im->m.source = {im->repo, im->files, im->notes};
  return im;
}

std::string emit_header(const imported& im, std::string_view command) {
  std::string dims;
  for (const dim_value& d : im.dims) {
    if (d.is_default) continue;
    dims += fmt::format("{}.{} = {}", dims.empty() ? "" : ", ", d.member, d.text);
  }
  std::string rules;
  for (const std::string& r : im.rule_exprs) rules += fmt::format("  m.add_rule({});\n", r);
  auto quoted = [](std::string_view s) {
    std::string out;
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out;
  };
  return fmt::format(
      "// SPDX-License-Identifier: MIT\n"
      "// headroom: {name} ({family}). Generated by `{command}`\n"
      "// from {config}{quant}; do not edit: regenerate (docs/importing.md).\n"
      "#pragma once\n"
      "\n"
      "#include <headroom/model.hpp>\n"
      "#include <headroom/models/{family}.hpp>\n"
      "\n"
      "namespace headroom::models {{\n"
      "\n"
      "namespace detail {{\n"
      "constexpr model make_{id}() {{\n"
      "  model m{{}};\n"
      "  m.id = \"{id}\";\n"
      "  m.name = \"{qname}\";\n"
      "  m.family = \"{family}\";\n"
      "  m.source = {{\"{repo}\", \"{files}\", \"{notes}\"}};\n"
      "  m.c = family::{family}({{{dims}}});\n"
      "{rules}"
      "  return m;\n"
      "}}\n"
      "}}  // namespace detail\n"
      "\n"
      "inline constexpr model {id} = detail::make_{id}();\n"
      "\n"
      "}}  // namespace headroom::models\n",
      fmt::arg("name", im.name), fmt::arg("qname", quoted(im.name)), fmt::arg("family", im.m.family),
      fmt::arg("command", command), fmt::arg("config", im.config_path),
      fmt::arg("quant", im.quant_path.empty() ? "" : " and " + im.quant_path), fmt::arg("id", im.id),
      fmt::arg("repo", quoted(im.repo)), fmt::arg("files", quoted(im.files)), fmt::arg("notes", quoted(im.notes)),
      fmt::arg("dims", dims), fmt::arg("rules", rules));
}

}  // namespace headroom::cli::import
