// SPDX-License-Identifier: MIT
// The integer recipes: AutoAWQ and AutoGPTQ INT4 (quant_method awq / gptq) and
// compressed-tensors (pack-quantized INT4 weights, int-quantized W8A8 INT8). Each keeps the
// activations of a weight-only scheme BF16: the engines dequantise the weights in registers and
// run the activation's MMA (include/headroom/roofline.hpp, kind_of_activation). Also ModelOpt's
// MIXED_PRECISION, whose per-module formats are mapped to roles as exclusion lists are.
#include <algorithm>

#include <fmt/format.h>

#include "headroom/import/exclusions.hpp"
#include "headroom/checkpoint/quant.hpp"

namespace headroom::cli::import::detail {

namespace {

const std::string qc = "quantization_config.";

// `bits` must be 4: the INT4 layouts are the only ones with a byte law.
void require_4_bits(std::string_view file, const json& q, std::string_view key) {
  if (!q.contains(key)) fail_key(file, qc + std::string(key), "missing");
  const std::uint64_t bits = as_uint(file, qc + std::string(key), q[std::string(key)]);
  if (bits != 4) fail_key(file, qc + std::string(key), fmt::format("{} is not supported yet (4-bit only)", bits));
}

std::uint32_t group_size(std::string_view file, const json& q, const std::string& key) {
  const auto it = q.find("group_size");
  if (it == q.end()) fail_key(file, key, "missing");
  if (it->is_number_integer() && it->get<std::int64_t>() == -1) {
    fail_key(file, key, "-1 (one group per output channel) is not supported yet");
  }
  const std::uint64_t g = as_uint(file, key, *it);
  if (g == 0 || g > 65536) fail_key(file, key, fmt::format("{} is not a usable group size", g));
  return static_cast<std::uint32_t>(g);
}

// The weight-only recipe once the format is known: the list's modules, the unconverted ones
// and the embedding BF16, every other weight at `w` with BF16 activations.
recipe weight_only(std::string_view file, const std::string& list_key, const json* list, const quant_shape& s,
                   const tensor_format& w, std::string note) {
  exclusions ex(file, list_key, s);
  if (list != nullptr) ex.add(*list);
  recipe out{ex.finish(), std::move(note)};
  keep_unconverted_bf16(out.rules, s);
  keep_embed_bf16(out.rules);
  out.rules.push_back(all_weights(w));
  return out;
}

const json* find(const json& q, std::string_view key) {
  const auto it = q.find(std::string(key));
  return it == q.end() ? nullptr : &*it;
}

}  // namespace

// AutoAWQ (transformers' AwqConfig): qweight / qzeros / scales of the GEMM layout.
recipe awq_recipe(std::string_view file, const json& q, const quant_shape& s) {
  only_keys(file, qc, q, {"quant_method", "bits", "w_bit", "group_size", "q_group_size", "zero_point", "version",
                          "modules_to_not_convert", "backend", "do_fuse", "fuse_max_seq_len", "modules_to_fuse",
                          "exllama_config"});
  if (q.contains("q_group_size") || q.contains("w_bit")) {
    fail_key(file, qc + (q.contains("w_bit") ? "w_bit" : "q_group_size"),
             "AutoAWQ's quant_config.json spelling: config.json spells it bits / group_size");
  }
  require_4_bits(file, q, "bits");
  const std::uint32_t g = group_size(file, q, qc + "group_size");
  if (q.contains("version") && q["version"] != "gemm") {
    fail_key(file, qc + "version", fmt::format("{} is not supported yet (the GEMM layout only)", shown_value(q["version"])));
  }
  if (q.contains("zero_point") && q["zero_point"] != true) {
    fail_key(file, qc + "zero_point", fmt::format("{} is not supported yet (AWQ with zero points only)", shown_value(q["zero_point"])));
  }
  return weight_only(file, qc + "modules_to_not_convert", find(q, "modules_to_not_convert"), s, formats::awq(g),
                     fmt::format("AWQ INT4 (GEMM layout): I32 qweight, I32 qzeros and F16 scales per {} inputs, BF16 "
                                 "activations; the F16 tensors counted at BF16's two bytes", g));
}

// AutoGPTQ / optimum (transformers' GPTQConfig): qweight / qzeros / scales / g_idx.
recipe gptq_recipe(std::string_view file, const json& q, const quant_shape& s) {
  // Calibration and kernel settings: no stored tensor depends on them. desc_act and sym change
  // values, not shapes: g_idx and qzeros are stored either way.
  only_keys(file, qc, q, {"quant_method", "bits", "group_size", "desc_act", "sym", "checkpoint_format",
                          "modules_in_block_to_quantize", "batch_size", "block_name_to_quantize",
                          "cache_block_outputs", "damp_percent", "dataset", "exllama_config", "max_input_length",
                          "model_seqlen", "module_name_preceding_first_block", "pad_token_id", "tokenizer",
                          "true_sequential", "use_cuda_fp16", "use_exllama", "static_groups", "model_name_or_path",
                          "model_file_base_name", "damp_auto_increment", "lm_head", "meta", "backend"});
  require_4_bits(file, q, "bits");
  const std::uint32_t g = group_size(file, q, qc + "group_size");
  if (q.contains("checkpoint_format") && q["checkpoint_format"] != "gptq") {
    fail_key(file, qc + "checkpoint_format",
             fmt::format("{} is not supported yet (the gptq layout only)", shown_value(q["checkpoint_format"])));
  }
  if (q.contains("lm_head") && q["lm_head"] != false) fail_key(file, qc + "lm_head", "a quantized lm_head is not supported yet");
  if (const json* m = find(q, "modules_in_block_to_quantize"); m != nullptr && !m->is_null()) {
    fail_key(file, qc + "modules_in_block_to_quantize", "a partial list is not supported yet (every Linear of a block)");
  }
  return weight_only(file, qc + "modules_to_not_convert", nullptr, s, formats::gptq(g),
                     fmt::format("GPTQ INT4: I32 qweight, I32 qzeros and F16 scales per {} inputs, I32 g_idx, BF16 "
                                 "activations; the F16 tensors counted at BF16's two bytes", g));
}

namespace {

struct ct_args {
  std::uint64_t bits = 0;
  std::string type, strategy;
  std::uint64_t group = 0;
  bool symmetric = true;
  bool dynamic = false;
};

// One QuantizationArgs object (compressed_tensors/quantization/quant_args.py).
ct_args read_args(std::string_view file, const std::string& p, const json& a) {
  if (!a.is_object()) fail_key(file, p, fmt::format("expected an object, got {}", shown_value(a)));
  only_keys(file, p + ".", a, {"num_bits", "type", "symmetric", "group_size", "strategy", "block_structure", "dynamic",
                               "actorder", "observer", "observer_kwargs", "scale_dtype", "zp_dtype"});
  ct_args out;
  out.bits = as_uint(file, p + ".num_bits", a.value("num_bits", json()));
  out.type = get_string(file, p + ".type", a, "type");
  out.strategy = get_string(file, p + ".strategy", a, "strategy");
  if (const json* g = find(a, "group_size"); g != nullptr && !g->is_null()) out.group = as_uint(file, p + ".group_size", *g);
  if (const json* x = find(a, "symmetric"); x != nullptr) out.symmetric = as_bool(file, p + ".symmetric", *x);
  if (const json* x = find(a, "dynamic"); x != nullptr && x->is_boolean()) out.dynamic = x->get<bool>();
  for (const char* k : {"block_structure", "scale_dtype", "zp_dtype"}) {
    if (const json* x = find(a, k); x != nullptr && !x->is_null()) {
      fail_key(file, p + "." + k, fmt::format("{} is not supported yet", shown_value(*x)));
    }
  }
  return out;
}

}  // namespace

// compressed-tensors (llm-compressor's checkpoints): one config group over every Linear.
recipe compressed_tensors_recipe(std::string_view file, const json& q, const quant_shape& s) {
  only_keys(file, qc, q, {"quant_method", "format", "config_groups", "ignore", "kv_cache_scheme", "quantization_status",
                          "global_compression_ratio", "sparsity_config", "transform_config", "version"});
  const std::string format = get_string(file, qc + "format", q, "format");
  if (const json* k = find(q, "kv_cache_scheme"); k != nullptr && !k->is_null()) {
    fail_key(file, qc + "kv_cache_scheme", "a quantized KV cache with stored scales is not supported yet");
  }
  for (const char* k : {"sparsity_config", "transform_config"}) {
    if (const json* x = find(q, k); x != nullptr && !x->is_null() && !x->empty()) {
      fail_key(file, qc + k, "is not supported yet");
    }
  }
  if (const json* st = find(q, "quantization_status"); st != nullptr && *st != "compressed") {
    fail_key(file, qc + "quantization_status", fmt::format("{}: only compressed checkpoints store the packed layout", shown_value(*st)));
  }
  const json* groups = find(q, "config_groups");
  if (groups == nullptr || !groups->is_object() || groups->size() != 1) {
    fail_key(file, qc + "config_groups", "expected one group (several schemes in one checkpoint are not supported yet)");
  }
  const std::string gp = qc + "config_groups." + groups->begin().key();
  const json& group = groups->begin().value();
  if (!group.is_object()) fail_key(file, gp, "expected an object");
  only_keys(file, gp + ".", group, {"targets", "weights", "input_activations", "output_activations", "format"});
  if (group.value("targets", json()) != json::array({"Linear"})) {
    fail_key(file, gp + ".targets", fmt::format("{} is not supported yet ([\"Linear\"] only)", shown_value(group.value("targets", json()))));
  }
  if (const json* o = find(group, "output_activations"); o != nullptr && !o->is_null()) {
    fail_key(file, gp + ".output_activations", "is not supported yet");
  }
  const json* wj = find(group, "weights");
  if (wj == nullptr) fail_key(file, gp + ".weights", "missing");
  const ct_args w = read_args(file, gp + ".weights", *wj);
  const json* aj = find(group, "input_activations");
  const json* ignore = find(q, "ignore");
  if (format == "pack-quantized") {
    if (w.bits != 4 || w.type != "int" || w.strategy != "group" || w.group == 0) {
      fail_key(file, gp + ".weights", "pack-quantized: only 4-bit int weights in groups (strategy group) are supported yet");
    }
    if (aj != nullptr && !aj->is_null()) fail_key(file, gp + ".input_activations", "pack-quantized: expected null (weight only)");
    if (w.group > 65536) fail_key(file, gp + ".weights.group_size", "not a usable group size");
    const auto g = static_cast<std::uint32_t>(w.group);
    return weight_only(file, qc + "ignore", ignore, s, formats::int4(g, !w.symmetric),
                       fmt::format("compressed-tensors W4A16: I32-packed INT4 weights, a 16-bit scale per {} inputs{}, "
                                   "I64 weight_shape, BF16 activations", g, w.symmetric ? "" : " and packed zero points"));
  }
  if (format == "int-quantized") {
    if (w.bits != 8 || w.type != "int" || w.strategy != "channel" || !w.symmetric) {
      fail_key(file, gp + ".weights", "int-quantized: only symmetric 8-bit int weights per channel are supported yet");
    }
    if (aj == nullptr || aj->is_null()) fail_key(file, gp + ".input_activations", "int-quantized: expected 8-bit activations");
    const ct_args a = read_args(file, gp + ".input_activations", *aj);
    if (a.bits != 8 || a.type != "int" || a.strategy != "token" || !a.dynamic || !a.symmetric) {
      fail_key(file, gp + ".input_activations", "only dynamic symmetric 8-bit int activations per token are supported yet");
    }
    exclusions ex(file, qc + "ignore", s);
    if (ignore != nullptr) ex.add(*ignore);
    recipe out{ex.finish(), "compressed-tensors W8A8 INT8: I8 weights with a 16-bit scale per output channel, dynamic "
                            "INT8 activations per token"};
    keep_unconverted_bf16(out.rules, s);
    keep_embed_bf16(out.rules);
    out.rules.push_back(all_weights(formats::int8_channel, formats::int8_token));
    return out;
  }
  fail_key(file, qc + "format",
           fmt::format("`{}` is not supported yet (supported: pack-quantized, int-quantized; float-quantized FP8 "
                       "writes its scales in the model's dtype, and fp8/channel counts F32)", format));
}

}  // namespace headroom::cli::import::detail

namespace headroom::cli::import::detail {

namespace {
// One quantized_layers format: ModelOpt's per-module quant_algo (vLLM
// vllm/model_executor/layers/quantization/modelopt.py @00155cde, ModelOptMixedPrecisionConfig:
// FP8 per tensor, NVFP4 W4A4; NVIDIA's Qwen3.6 exports add W4A16_NVFP4, NVFP4 weights under BF16
// activations). Each quantized projection stores an F32 input_scale beside its weight scales,
// W4A16 included: nvidia/Qwen3.6-35B-A3B-NVFP4's index counts 4 tensors per NVFP4 projection
// (models/include/headroom/models/checkpoints/qwen/qwen3_6_35b_a3b_nvfp4.hpp, its provenance).
precision_rule formatted(precision_rule r, const std::string& algo, std::uint32_t g) {
  r.weight = algo == "FP8" ? formats::fp8_tensor : formats::nvfp4(g);
  r.activation = algo == "W4A16_NVFP4" ? formats::bf16 : r.weight;
  r.extra_scalars = 1;
  return r;
}
}  // namespace

// ModelOpt's MIXED_PRECISION (hf_quant_config.json's quantization, or config.json's copy once
// modelopt_legacy_spelling has checked its config_groups): `quantized_layers` names each
// quantized module with its format; a module not named stays BF16 (the recipes start from
// base_disable_all). Each format's modules are mapped to roles as an exclusion list is
// (exclusions.hpp): a role must have one format in every layer that stores it.
recipe modelopt_mixed_recipe(std::string_view file, const std::string& p, const json& q, const quant_shape& s) {
  only_keys(file, p, q, {"quant_method", "quant_algo", "kv_cache_quant_algo", "quantized_layers", "exclude_modules", "ignore", "producer"});
  const std::string key = p + "quantized_layers";
  // NVIDIA's Nemotron-3.5-Lightning recipe (NVIDIA/Model-Optimizer modelopt_recipes/models/nvidia/
  // NVIDIA-Nemotron-3.5-Lightning-30B-A3B-BF16/ptq/w4a16_nvfp4_4o6.yaml @0261ad48) calibrates the
  // KV quantizer (`*[kv]_bmm_quantizer` e4m3: k_scale / v_scale stored), where the Qwen3.6 exports
  // cast it with a constant amax (none stored); neither file records which: refused, not guessed.
  if (s.family == "nemotron_h") {
    fail_key(file, key, "MIXED_PRECISION in the nemotron_h family is not supported yet (its published recipe "
                        "calibrates the FP8 KV cache, storing k_scale / v_scale, which the file does not record)");
  }
  const json& layers = q.contains("quantized_layers") ? q["quantized_layers"] : json();
  if (!layers.is_object() || layers.empty()) fail_key(file, key, "expected an object of module -> {quant_algo, group_size}");
  std::map<std::pair<std::string, std::uint32_t>, json> by_format;
  for (const auto& [module, f] : layers.items()) {
    if (!f.is_object()) fail_key(file, key + "." + module, "expected an object");
    only_keys(file, key + "." + module + ".", f, {"quant_algo", "group_size"});
    const std::string algo = f.value("quant_algo", "");
    std::uint64_t g = 0;
    if (algo == "NVFP4" || algo == "W4A16_NVFP4") {
      g = f.contains("group_size") ? as_uint(file, key + "." + module + ".group_size", f["group_size"]) : 16;
      if (g == 0 || g > 1024) fail_key(file, key + "." + module + ".group_size", fmt::format("{} is not a usable group size", g));
    } else if (algo != "FP8" || f.contains("group_size")) {
      fail_key(file, key + "." + module, fmt::format("{} is not supported yet (FP8, NVFP4 or W4A16_NVFP4)", shown_value(f)));
    }
    by_format[{algo, static_cast<std::uint32_t>(g)}].push_back(module);
  }
  std::vector<precision_rule> heads;
  std::vector<precision_rule> rest;
  std::string note = "ModelOpt MIXED_PRECISION:";
  for (const auto& [fmt_key, modules] : by_format) {
    exclusions ex(file, key, s);
    ex.add(modules);
    for (const precision_rule& r : ex.finish()) {
      if (!r.any_section) fail_key(file, key, fmt::format("names a module of an MTP layer in {}: not supported yet", fmt_key.first));
      const bool seen = std::any_of(rest.begin(), rest.end(), [&](const precision_rule& x) {
        return x.any_op == r.any_op && x.kind == r.kind && x.any_role == r.any_role && x.role == r.role;
      }) || std::any_of(heads.begin(), heads.end(), [&](const precision_rule& x) { return !r.any_op && x.kind == r.kind; });
      if (seen || r.layer_lo != 0 || r.layer_hi != no_layer) {
        fail_key(file, key, "a module has two formats across layers: per-layer precision is not supported yet");
      }
      (!r.any_op && r.kind == op::lm_head ? heads : rest).push_back(formatted(r, fmt_key.first, fmt_key.second));
    }
    note += fmt::format(" {} {}", modules.size(), fmt_key.first);
  }
  note += " modules (F32 input_scale on each), the rest BF16";
  recipe out{heads, note};
  const std::string excluded = q.contains("ignore") ? "ignore" : "exclude_modules";
  exclusions ex(file, p + excluded, s);
  if (q.contains(excluded)) ex.add(q[excluded]);
  const std::vector<precision_rule> kept = ex.finish();
  for (const precision_rule& r : kept) {
    if (!r.any_section) out.rules.push_back(r);  // the MTP draft, BF16 ahead of the roles' formats
  }
  out.rules.insert(out.rules.end(), rest.begin(), rest.end());
  for (const precision_rule& r : kept) {
    const bool quantized = std::any_of(rest.begin(), rest.end(), [&](const precision_rule& x) {
      return x.any_op == r.any_op && x.kind == r.kind && x.any_role == r.any_role && x.role == r.role;
    });
    if (quantized) fail_key(file, p + excluded, "names a module quantized_layers quantizes: the two lists disagree");
  }
  if (q.contains("kv_cache_quant_algo") && !q["kv_cache_quant_algo"].is_null()) {
    if (q["kv_cache_quant_algo"] != "FP8") {
      fail_key(file, p + "kv_cache_quant_algo", fmt::format("{} is not supported yet (FP8 or null)", shown_value(q["kv_cache_quant_algo"])));
    }
    // An FP8 KV cache cast with a constant amax: no k_scale / v_scale tensors. Both Qwen3.6
    // releases are modelopt_recipes/huggingface/qwen3_5/ptq/w4a16_nvfp4-fp8_attn-kv_fp8_cast
    // (NVIDIA/Model-Optimizer @28675dcd, models/Qwen/Qwen3.6-27B and -35B-A3B aliases), and the
    // 35B's index holds none (qwen3_6_35b_a3b_nvfp4.hpp's provenance).
    out.kv = kv_dtype::fp8;
    out.note += "; FP8 KV cache cast (no k_scale / v_scale)";
  }
  out.rules.push_back(for_op(op::embed, formats::bf16));
  out.rules.push_back(all_weights(formats::bf16));
  return out;
}

}  // namespace headroom::cli::import::detail

namespace headroom::cli::import::detail {

// config.json's MIXED_PRECISION spelling lists, per group, its modules (`targets`) and their
// weights' / input activations' bits; vLLM reads the format of each module from quantized_layers
// (ModelOptMixedPrecisionConfig.from_config, modelopt.py @00155cde). The groups must say the same
// as quantized_layers: each group the modules of one format, 4-bit weights in groups of its size
// for NVFP4 and W4A16_NVFP4, 8-bit for FP8, and input activations of the same bits unless the
// format is weight-only (W4A16_NVFP4: none).
void modelopt_mixed_groups(std::string_view file, const json& q) {
  const std::string p = "quantization_config.";
  const json& layers = q.contains("quantized_layers") ? q["quantized_layers"] : json();
  if (!layers.is_object()) fail_key(file, p + "quantized_layers", "missing beside quant_algo MIXED_PRECISION");
  const json& groups = q.contains("config_groups") ? q["config_groups"] : json();
  if (!groups.is_object()) fail_key(file, p + "config_groups", "missing beside quant_algo MIXED_PRECISION");
  std::size_t targets = 0;
  for (const auto& [name, grp] : groups.items()) {
    const std::string gp = p + "config_groups." + name;
    if (!grp.is_object()) fail_key(file, gp, "expected an object");
    only_keys(file, gp + ".", grp, {"weights", "input_activations", "targets"});
    const json& t = grp.contains("targets") ? grp["targets"] : json();
    if (!t.is_array() || t.empty() || !t[0].is_string()) fail_key(file, gp + ".targets", "expected module names");
    const auto first = layers.find(t[0].get<std::string>());
    if (first == layers.end() || !first->is_object()) {
      fail_key(file, gp + ".targets", fmt::format("`{}` is not in quantized_layers", t[0].get<std::string>()));
    }
    for (const json& m : t) {
      const auto it = m.is_string() ? layers.find(m.get<std::string>()) : layers.end();
      if (it == layers.end() || *it != *first) {
        fail_key(file, gp + ".targets", fmt::format("{} is not a module quantized_layers gives {}", shown_value(m), shown_value(*first)));
      }
    }
    targets += t.size();
    const std::string algo = first->value("quant_algo", "");
    const bool fp4 = algo != "FP8";
    for (const char* part : {"weights", "input_activations"}) {
      const bool want = std::string_view(part) == "weights" || algo != "W4A16_NVFP4";
      if (!grp.contains(part)) {
        if (want) fail_key(file, gp + "." + part, fmt::format("missing, but quantized_layers gives these modules {}", algo));
        continue;
      }
      if (!want) fail_key(file, gp + "." + part, "given, but quantized_layers makes these modules W4A16_NVFP4 (BF16 activations)");
      const json& w = grp[part];
      const std::string wp = gp + "." + part;
      if (!w.is_object()) fail_key(file, wp, "expected an object");
      only_keys(file, wp + ".", w, {"type", "num_bits", "group_size", "dynamic"});
      const json g = fp4 ? first->value("group_size", json(16)) : json();
      if (w.value("type", "") != "float" || w.value("num_bits", json()) != (fp4 ? 4 : 8) || w.value("group_size", json()) != g) {
        fail_key(file, wp, fmt::format("is not the {} quantized_layers gives its targets", algo));
      }
    }
  }
  if (targets != layers.size()) {
    fail_key(file, p + "config_groups", fmt::format("target {} modules, quantized_layers names {}", targets, layers.size()));
  }
}

}  // namespace headroom::cli::import::detail
