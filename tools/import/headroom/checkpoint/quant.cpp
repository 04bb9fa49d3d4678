// SPDX-License-Identifier: MIT
#include "headroom/checkpoint/quant.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "headroom/import/exclusions.hpp"
#include "headroom/import/importer.hpp"

namespace headroom::cli::import {

namespace detail {
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

// Kept BF16 whatever the list says: transformers never converts the output head
// (get_keys_to_not_convert), vLLM builds DeepSeek's MTP eh_proj without a quantization config,
// and DeepSeek-V3's router (DeepseekV3TopkRouter) is not a Linear the quantizer replaces.
void keep_unconverted_bf16(std::vector<precision_rule>& rules, const quant_shape& s) {
  keep_bf16(rules, for_op(op::lm_head, formats::bf16));
  if (s.family == "mla_moe") {
    keep_bf16(rules, for_op(op::router, formats::bf16));
    if (s.mtp_layers > 0) keep_bf16(rules, for_role(linear_role::mtp_fc, formats::bf16));
    // DeepSeek-V3.2's and GLM-5's indexer weights_proj: ReplicatedLinear(quant_config=None) in
    // vLLM deepseek_v2.py's Indexer.
    if (s.role_layers.count(linear_role::index_weights) != 0) keep_bf16(rules, for_role(linear_role::index_weights, formats::bf16));
  }
  // MiMo-V2-Flash's o_proj is BF16 in every layer: the release lists each main layer's in
  // ignored_layers (AWS neuronx-distributed-inference contrib/models/MiMo-V2-Flash
  // preprocess_mimo_v2_flash_fp8.py: "o_proj is BF16 (listed in quantization_config.ignored_layers)";
  // NVIDIA-NeMo/Automodel mimo_v2_flash/state_dict_adapter.py, NON_QUANTIZED_KEY_PATTERNS), and the
  // MTP layers' o_proj and eh_proj are built without a quantization config (vLLM mimo_v2.py
  // MiMoV2Attention: `quant_config if "mtp.layers" not in prefix else None`; ROCm/ATOM#755 found
  // neither with a weight_scale on disk). A transcription without the list reads the same.
  if (s.family == "mimo_v2_flash") {
    keep_bf16(rules, for_role(linear_role::o, formats::bf16));
    if (s.mtp_layers > 0) keep_bf16(rules, for_role(linear_role::mtp_fc, formats::bf16));
  }
}

void shard_tiled_scales(recipe& rec, const circuit& c, std::uint64_t shards) {
  if (shards <= 1) return;
  std::vector<precision_rule> padded;
  for (std::size_t i = 0; i < c.n_instances; ++i) {
    const instance& in = c.instances[i];
    if (in.layer == no_layer) continue;
    const block& b = c.blocks[in.block];
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      const node& n = c.nodes[ni];
      if (n.kind != op::linear || !n.has_weight()) continue;
      if (n.role != linear_role::q && n.role != linear_role::k && n.role != linear_role::v) continue;
      const auto rule = std::find_if(rec.rules.begin(), rec.rules.end(), [&](const precision_rule& r) { return r.matches(n, in); });
      if (rule == rec.rules.end() || rule->weight.scale != scale_kind::block || rule->weight.ue8m0) continue;
      const std::uint64_t rows = n.weight_out(), br = rule->weight.block_r, bc = rule->weight.block_c;
      if (rows % shards != 0) continue;
      const std::uint64_t tiled = shards * ((rows / shards + br - 1) / br);
      const std::uint64_t extra = (tiled - (rows + br - 1) / br) * ((n.weight_k() + bc - 1) / bc);
      if (extra == 0) continue;
      if (extra + rule->extra_scalars > 255) throw import_error("the shard-tiled block scales need more than 255 extra scalars a tensor");
      precision_rule r = in_section(*rule, in.sec);
      r.any_op = false;
      r.kind = op::linear;
      r.any_role = false;
      r.role = n.role;
      r.layer_lo = in.layer;
      r.layer_hi = static_cast<std::uint16_t>(in.layer + 1);
      r.extra_scalars = static_cast<std::uint8_t>(rule->extra_scalars + extra);
      padded.push_back(r);
    }
  }
  rec.rules.insert(rec.rules.begin(), padded.begin(), padded.end());
  if (!padded.empty()) {
    rec.note += fmt::format("; {} q / k / v scale tensors tiled per {} row shards (extra F32 block rows)", padded.size(), shards);
  }
}
}  // namespace detail

std::map<linear_role, std::set<std::uint64_t>> role_layers(const circuit& c) {
  std::map<linear_role, std::set<std::uint64_t>> out;
  for (std::size_t i = 0; i < c.n_instances; ++i) {
    const instance& in = c.instances[i];
    if (in.sec != section::main || in.layer == no_layer) continue;
    const block& b = c.blocks[in.block];
    for (std::size_t n = b.first; n < b.end; ++n) {
      if (c.nodes[n].has_weight() && c.nodes[n].kind == op::linear) out[c.nodes[n].role].insert(in.layer);
    }
  }
  return out;
}

namespace {
using detail::exclusions;
using detail::keep_bf16;
using detail::keep_embed_bf16;

// NVIDIA's DeepSeek-V4-*-NVFP4 (ModelOpt, moe_quant_algo NVFP4): the routed experts of every main
// layer NVFP4 (quantized_layers: layers.N.ffn.experts), everything else the block-FP8 recipe's;
// `ignore` names what ModelOpt left alone: attention, shared experts, the head and the MTP layer,
// whose experts stay expert_dtype's MXFP4. SGLang reads it so (HybridFp8NvFp4Config,
// sgl-project/sglang#25820: FP8 linears, NVFP4 FusedMoE experts).
void nvfp4_experts(std::string_view file, const json& q, const quant_shape& s, recipe& out) {
  const std::string p = "quantization_config.";
  if (q["moe_quant_algo"] != "NVFP4") fail_key(file, p + "moe_quant_algo", fmt::format("{} is not supported yet (NVFP4)", shown_value(q["moe_quant_algo"])));
  if (s.expert_dtype != "fp4") fail_key(file, "expert_dtype", "expected fp4 beside moe_quant_algo NVFP4 (the MTP layer's experts)");
  if (q.value("quant_algo", "") != "MIXED_PRECISION") fail_key(file, p + "quant_algo", "expected MIXED_PRECISION beside moe_quant_algo");
  if (q.contains("kv_cache_quant_algo") && !q["kv_cache_quant_algo"].is_null()) {
    fail_key(file, p + "kv_cache_quant_algo", "a quantized KV cache beside moe_quant_algo is not supported yet");
  }
  const std::uint64_t g = q.contains("group_size") ? as_uint(file, p + "group_size", q["group_size"]) : 16;
  if (g == 0 || g > 1024) fail_key(file, p + "group_size", fmt::format("{} is not a usable group size", g));
  json ignore = q.value("ignore", json::array());
  if (ignore.is_array()) std::sort(ignore.begin(), ignore.end());
  if (ignore != json::array({"*.attn.*", "*.ffn.shared_experts.*", "head", "mtp.*"})) {
    fail_key(file, p + "ignore", "expected *.attn.*, *.ffn.shared_experts.*, head and mtp.* (the modules left block-FP8)");
  }
  const json groups = q.value("config_groups", json::object());
  for (const auto& [name, grp] : groups.items()) {
    const json w = grp.is_object() ? grp.value("weights", json()) : json();
    if (!w.is_object() || w.value("num_bits", json()) != 4 || w.value("group_size", json()) != g) {
      fail_key(file, p + "config_groups." + name, fmt::format("expected 4-bit weights in groups of {}", g));
    }
  }
  const json layers = q.value("quantized_layers", json());
  if (!layers.is_object() || layers.size() != s.layers) {
    fail_key(file, p + "quantized_layers", fmt::format("expected layers.N.ffn.experts for each of the {} layers", s.layers));
  }
  for (std::uint64_t l = 0; l < s.layers; ++l) {
    const auto it = layers.find(fmt::format("layers.{}.ffn.experts", l));
    if (it == layers.end() || !it->is_object() || it->value("quant_algo", "") != "NVFP4" || it->value("group_size", json(g)) != g) {
      fail_key(file, p + "quantized_layers", fmt::format("layers.{}.ffn.experts: expected NVFP4 in groups of {}", l, g));
    }
  }
  const tensor_format f = formats::nvfp4(static_cast<std::uint32_t>(g));
  out.rules.push_back(with_scalars(in_section(for_op(op::expert_gate_up, f, f), section::main), 1));
  out.rules.push_back(with_scalars(in_section(for_op(op::expert_down, f, f), section::main), 1));
  out.note += fmt::format("; the main layers' routed experts ModelOpt NVFP4 (E4M3 scale per {}, F32 weight_scale_2 and "
                          "input_scale per tensor), the MTP layer's MXFP4", g);
}

// DeepSeek-V4's block FP8 (vLLM vllm/model_executor/models/deepseek_v4.py @f1b76c1,
// DeepseekV4FP8Config): the block scales stored one F8_E8M0 byte each (scale_fmt ue8m0);
// expert_dtype fp4 makes the routed experts MXFP4 (Mxfp4MoEMethod), run with FP8 activations per
// 32 (vLLM's MegaMoE staging); built without a quantization config, hence BF16: the compressors'
// wkv / wgate and the indexer's weights_proj; the routers, embed and head BF16; the
// hyper-connection mixes F32. The MTP layer's e_proj / h_proj are block FP8 like the rest.
recipe deepseek_v4_recipe(std::string_view file, const json& q, const quant_shape& s, tensor_format w, tensor_format a) {
  const std::string p = "quantization_config.";
  if (w.scale != scale_kind::block) fail_key(file, p + "weight_block_size", "absent: model_type deepseek_v4 stores block scales");
  if (!q.contains("scale_fmt")) fail_key(file, p + "scale_fmt", "absent: model_type deepseek_v4 stores ue8m0 (F8_E8M0) block scales");
  if (q.contains("modules_to_not_convert") || q.contains("ignored_layers")) {
    fail_key(file, p + "modules_to_not_convert", "not read for model_type deepseek_v4 (its unconverted modules are vLLM's, listed in the recipe)");
  }
  w.ue8m0 = true;
  recipe out{{}, fmt::format("FP8 E4M3 weights with one F8_E8M0 scale per {}x{} block, dynamic FP8 activations per "
                             "{}-group", w.block_r, w.block_c, w.block_c)};
  if (q.contains("moe_quant_algo")) nvfp4_experts(file, q, s, out);
  if (s.expert_dtype == "fp4") {
    out.rules.push_back(for_op(op::expert_gate_up, formats::mxfp4, formats::fp8_group(32)));
    out.rules.push_back(for_op(op::expert_down, formats::mxfp4, formats::fp8_group(32)));
    out.note += "; routed experts MXFP4 (expert_dtype fp4) with FP8 activations per 32";
  } else if (!s.expert_dtype.empty() && s.expert_dtype != "fp8") {
    fail_key(file, "expert_dtype", fmt::format("`{}` is not supported yet (fp4, fp8 or absent)", s.expert_dtype));
  }
  out.rules.push_back(for_role(linear_role::compress, formats::bf16));
  out.rules.push_back(for_role(linear_role::index_weights, formats::bf16));
  out.rules.push_back(for_role(linear_role::hc_mix, formats::f32));
  out.rules.push_back(for_op(op::router, formats::bf16));
  out.rules.push_back(for_op(op::embed, formats::bf16));
  out.rules.push_back(for_op(op::lm_head, formats::bf16));
  out.rules.push_back(all_weights(w, a));
  return out;
}

// quantization_config.quant_method "fp8" (transformers' FineGrainedFP8 and Qwen's / DeepSeek's
// FP8 releases): E4M3 weights with F32 scales per block (weight_block_size) or per tensor, and
// dynamic activations per 1 x block-column group (or per tensor).
recipe fp8_recipe(std::string_view file, const json& q, const quant_shape& s) {
  const std::string p = "quantization_config.";
  if (s.family == "deepseek_v4" && q.contains("moe_quant_algo")) {  // ModelOpt's keys beside (nvfp4_experts)
    only_keys(file, p, q, {"quant_method", "fmt", "activation_scheme", "weight_block_size", "scale_fmt", "moe_quant_algo",
                           "quant_algo", "group_size", "config_groups", "ignore", "kv_cache_quant_algo", "producer",
                           "quantized_layers"});
  } else {
    only_keys(file, p, q, {"quant_method", "fmt", "activation_scheme", "weight_block_size", "modules_to_not_convert",
                           "ignored_layers", "scale_fmt", "packed_modules_mapping"});
  }
  // vLLM's Fp8Config reads packed_modules_mapping to expand a fused module's ignored name into its
  // parts; empty (MiMo-V2-Flash's release), it maps nothing.
  if (q.contains("packed_modules_mapping") && q["packed_modules_mapping"] != json::object()) {
    fail_key(file, p + "packed_modules_mapping", fmt::format("{} is not supported yet ({{}} only)", shown_value(q["packed_modules_mapping"])));
  }
  // DeepSeek-V3.1's `scale_fmt: ue8m0` rounds each block scale to a power of two; the
  // checkpoint still stores them as F32 weight_scale_inv, so the bytes do not change.
  if (q.contains("scale_fmt") && q["scale_fmt"] != "ue8m0") {
    fail_key(file, p + "scale_fmt", fmt::format("{} is not supported yet (ue8m0 or absent)", shown_value(q["scale_fmt"])));
  }
  // MiniMax-M2 spells the same E4M3 format as torch does: float8_e4m3fn.
  if (q.contains("fmt") && q["fmt"] != "e4m3" && q["fmt"] != "float8_e4m3fn") {
    fail_key(file, p + "fmt", fmt::format("{} is not supported yet (e4m3 / float8_e4m3fn only)", shown_value(q["fmt"])));
  }
  if (q.contains("activation_scheme") && q["activation_scheme"] != "dynamic") {
    fail_key(file, p + "activation_scheme", fmt::format("{} is not supported yet (dynamic only)", shown_value(q["activation_scheme"])));
  }
  tensor_format w = formats::fp8_tensor;
  tensor_format a = formats::fp8_tensor;
  std::string note = "FP8 E4M3 weights with one F32 scale per tensor, dynamic per-tensor FP8 activations";
  if (q.contains("weight_block_size") && !q["weight_block_size"].is_null()) {
    const json& b = q["weight_block_size"];
    if (!b.is_array() || b.size() != 2 || !b[0].is_number_unsigned() || !b[1].is_number_unsigned() || b[0] == 0 || b[1] == 0) {
      fail_key(file, p + "weight_block_size", fmt::format("expected [rows, columns] of positive integers, got {}", shown_value(b)));
    }
    const auto r = b[0].get<std::uint32_t>();
    const auto c = b[1].get<std::uint32_t>();
    w = formats::fp8_block(r, c);
    a = formats::fp8_group(c);
    note = fmt::format("FP8 E4M3 weights with one F32 weight_scale_inv per {}x{} block, dynamic FP8 activations per "
                       "{}-group (scale dtype F32 assumed)", r, c, c);
  }
  if (s.family == "deepseek_v4") return deepseek_v4_recipe(file, q, s, w, a);
  exclusions ex(file, p + "modules_to_not_convert", s);
  if (q.contains("modules_to_not_convert")) ex.add(q["modules_to_not_convert"]);
  if (q.contains("ignored_layers")) ex.add(q["ignored_layers"]);
  recipe out{ex.finish(), note};
  detail::keep_unconverted_bf16(out.rules, s);
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
// and k_scale / v_scale on k_proj / v_proj when the KV cache is FP8. `q` is in the legacy
// spelling, but for `ignore` (modelopt_legacy_spelling reads config.json's other one).
recipe modelopt_recipe(std::string_view file, const std::string& p, const json& q, const quant_shape& s) {
  // ModelOpt's MIXED_PRECISION names a format per module (quant_int.cpp).
  if (q.is_object() && q.value("quant_algo", "") == "MIXED_PRECISION") return detail::modelopt_mixed_recipe(file, p, q, s);
  only_keys(file, p, q, {"quant_method", "quant_algo", "kv_cache_quant_algo", "group_size", "exclude_modules", "ignore", "producer"});
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
    note += "; k_proj / v_proj carry F32 k_scale / v_scale (FP8 KV cache, the engines' --kv-cache-dtype auto)";
  }
  const std::string excluded = q.contains("ignore") ? "ignore" : "exclude_modules";
  exclusions ex(file, p + excluded, s);
  if (q.contains(excluded)) ex.add(q[excluded]);
  recipe out{ex.finish(), note};
  if (kv_fp8) out.kv = kv_dtype::fp8;
  const bool k_kept = ex.excludes_role(linear_role::k);
  // The FP8 KV cache's k_scale / v_scale are stored on k_proj / v_proj even where the
  // projection itself stays BF16 (Nemotron-3's excluded attention layers).
  for (precision_rule& r : out.rules) {
    if (kv_fp8 && !r.any_role && (r.role == linear_role::k || r.role == linear_role::v)) r.extra_scalars = 1;
  }
  // A router stays BF16 whether or not the list names it: ModelOpt's default_disabled_quantizers
  // turn off `*router*` and `*mlp.gate.*` (NVIDIA/Model-Optimizer modelopt_recipes, as the shipped
  // qwen3_6_35b_a3b_nvfp4 table's provenance cites it, its tensor count holding routers BF16);
  // Nemotron-H's (NemotronHTopkRouter), DeepSeek-V3's and GLM-5's (MoEGate) are bare weight
  // Parameters no quantizer converts, and vLLM deepseek_v2.py @002d607 builds DeepseekV2MoE's gate
  // as a GateLinear without the quantization config. Lists that name mlp.gate (Qwen3-30B-A3B-NVFP4's,
  // DeepSeek-V3-0324-FP4's) say the same; NVIDIA's Kimi-K2.5 NVFP4 export does not name it.
  if (s.routed || s.family == "nemotron_h") keep_bf16(out.rules, for_op(op::router, formats::bf16));
  keep_embed_bf16(out.rules);
  if (kv_fp8 && !k_kept) {
    out.rules.push_back(with_scalars(for_role(linear_role::k, f, f), 2));
    out.rules.push_back(with_scalars(for_role(linear_role::v, f, f), 2));
  }
  out.rules.push_back(with_scalars(all_weights(f, f), 1));
  return out;
}

}  // namespace

namespace detail {
// Recent ModelOpt exports write config.json's quantization_config in a compressed-tensors-like
// spelling beside hf_quant_config.json's legacy one: `ignore` for `exclude_modules`,
// `kv_cache_scheme` {type float, num_bits 8} for `kv_cache_quant_algo` "FP8", the group size in
// `config_groups`. vLLM reads both (vllm/model_executor/layers/quantization/modelopt.py at commit
// 00155cde, ModelOptQuantConfigBase.from_config: "ignore" is the key in config.json;
// kv_cache_scheme float / 8 bits is "FP8", any other scheme none); the bytes are the same, so
// the importer reads them as the legacy keys. `config_groups` must hold one group whose weights
// (and input activations, when given) are the quant_algo's: 4-bit floats for NVFP4, 8-bit for
// FP8; its group size is the legacy `group_size` (one stated at the top must agree). `ignore`
// stays as it is: modelopt_recipe reads it as exclude_modules, naming it in its messages.
json modelopt_legacy_spelling(std::string_view file, const json& q) {
  if (!q.is_object() || q.value("quant_method", "") != "modelopt") return q;
  const std::string p = "quantization_config.";
  json out = q;
  if (out.contains("ignore") && out.contains("exclude_modules")) fail_key(file, p + "ignore", "given beside exclude_modules: give one");
  if (out.contains("kv_cache_scheme")) {
    const json& k = out["kv_cache_scheme"];
    if (out.contains("kv_cache_quant_algo")) fail_key(file, p + "kv_cache_scheme", "given beside kv_cache_quant_algo: give one");
    if (!k.is_null()) {
      if (!k.is_object() || k.value("type", "") != "float" || !k.contains("num_bits") || k["num_bits"] != 8) {
        fail_key(file, p + "kv_cache_scheme", fmt::format("{} is not supported yet (8-bit float, the FP8 KV cache, or null)",
                                                          shown_value(k)));
      }
      only_keys(file, p + "kv_cache_scheme.", k, {"type", "num_bits", "dynamic"});
      out["kv_cache_quant_algo"] = "FP8";
    }
    out.erase("kv_cache_scheme");
  }
  if (out.value("quant_algo", "") == "MIXED_PRECISION") {
    modelopt_mixed_groups(file, out);
    out.erase("config_groups");
    return out;
  }
  if (out.contains("config_groups")) {
    const json& g = out["config_groups"];
    const std::string gp = p + "config_groups";
    if (!g.is_object() || g.size() != 1) fail_key(file, gp, "expected one group (several groups are not supported yet)");
    const std::string name = gp + "." + g.begin().key() + ".";
    const json& grp = g.begin().value();
    if (!grp.is_object()) fail_key(file, name.substr(0, name.size() - 1), "expected an object");
    only_keys(file, name, grp, {"weights", "input_activations", "targets"});
    const std::string algo = out.value("quant_algo", "");
    const std::uint64_t bits = algo == "NVFP4" ? 4 : 8;
    for (const char* part : {"weights", "input_activations"}) {
      if (!grp.contains(part)) {
        if (std::string_view(part) == "weights") fail_key(file, name + part, "missing");
        continue;
      }
      const json& w = grp[part];
      if (!w.is_object()) fail_key(file, name + part, "expected an object");
      only_keys(file, name + part + ".", w, {"type", "num_bits", "group_size", "dynamic"});
      if (w.value("type", "") != "float" || !w.contains("num_bits") || as_uint(file, name + part + ".num_bits", w["num_bits"]) != bits) {
        fail_key(file, name + part, fmt::format("is not the {}-bit float quant_algo `{}` names", bits, algo));
      }
      if (!w.contains("group_size") || w["group_size"].is_null()) continue;
      if (out.contains("group_size") && out["group_size"] != w["group_size"]) {
        fail_key(file, name + part + ".group_size",
                 fmt::format("is {}, but group_size is {}", shown_value(w["group_size"]), shown_value(out["group_size"])));
      }
      out["group_size"] = w["group_size"];
    }
    out.erase("config_groups");
  }
  return out;
}

}  // namespace detail

recipe quant_from_config(std::string_view file, const json& q, const quant_shape& s) {
  if (!q.is_object()) fail_key(file, "quantization_config", fmt::format("expected an object, got {}", shown_value(q)));
  const std::string method = get_string(file, "quantization_config.quant_method", q, "quant_method");
  if (method == "fp8") return fp8_recipe(file, q, s);
  if (method == "mxfp4") return mxfp4_recipe(file, q, s);
  if (method == "modelopt") return modelopt_recipe(file, "quantization_config.", detail::modelopt_legacy_spelling(file, q), s);
  if (method == "awq") return detail::awq_recipe(file, q, s);
  if (method == "gptq") return detail::gptq_recipe(file, q, s);
  if (method == "compressed-tensors") return detail::compressed_tensors_recipe(file, q, s);
  fail_key(file, "quantization_config.quant_method",
           fmt::format("`{}` is not supported yet (supported: fp8, mxfp4, modelopt, awq, gptq, compressed-tensors)", method));
}

recipe quant_from_modelopt_file(const std::string& file, const quant_shape& s) {
  const json j = read_json(file, quant_file);
  only_keys(file, "", j, {"producer", "quantization"});
  if (!j.contains("quantization") || !j["quantization"].is_object()) fail_key(file, "quantization", "missing, or not an object");
  return modelopt_recipe(file, "quantization.", j["quantization"], s);
}

std::string expert_dtype_of(std::string_view file, const json& config) {
  const auto e = config.find("expert_dtype");
  if (e == config.end() || e->is_null()) return {};
  if (!e->is_string()) fail_key(file, "expert_dtype", fmt::format("expected a string, got {}", shown_value(*e)));
  const auto q = config.find("quantization_config");
  if (q == config.end() || !q->is_object() || q->value("quant_method", "") != "fp8") {
    fail_key(file, "expert_dtype", "qualifies a block-FP8 quantization_config (quant_method fp8), which is absent");
  }
  return e->get<std::string>();
}

bool stores_f16(const json& q) {
  if (!q.is_object()) return false;
  const auto m = q.find("quant_method");
  return m != q.end() && (*m == "awq" || *m == "gptq");
}

}  // namespace headroom::cli::import
