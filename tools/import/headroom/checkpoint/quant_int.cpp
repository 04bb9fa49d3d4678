// SPDX-License-Identifier: MIT
// The integer recipes: AutoAWQ and AutoGPTQ INT4 (quant_method awq / gptq) and
// compressed-tensors (pack-quantized INT4 weights, int-quantized W8A8 INT8). Each keeps the
// activations of a weight-only scheme BF16: the engines dequantise the weights in registers and
// run the activation's MMA (include/headroom/roofline.hpp, kind_of_activation).
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
