// SPDX-License-Identifier: MIT
#include "headroom/import/importer.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>
#include <type_traits>
#include <variant>
#include <vector>

#include <headroom/models/config_keys.hpp>

#include "headroom/import/block_type_lists.hpp"
#include "headroom/import/dims_reader.hpp"
#include "headroom/checkpoint/hub_id.hpp"
#include "headroom/import/json_keys.hpp"
#include "headroom/import/multimodal.hpp"
#include "headroom/import/no_effect.hpp"
#include "headroom/checkpoint/quant.hpp"
#include "headroom/import/ratios.hpp"
#include "headroom/import/reflect.hpp"

namespace headroom::cli::import {

namespace {

using json = nlohmann::json;
namespace ck = models::config_keys;
namespace fs = std::filesystem;

std::string list_model_types() {
  std::string s;
  for (const ck::profile& p : ck::profiles) s += (s.empty() ? "" : ", ") + std::string(p.model_type);
  return s;
}

using detail::dims_reader;

std::string folder_name(const fs::path& config_file) {
  const fs::path abs = fs::absolute(config_file).lexically_normal();
  return abs.parent_path().filename().string();
}

}  // namespace

namespace {
std::unique_ptr<imported> import_checked(const import_request& r);

// vision_config's size as SGLang reads it (model::vision_config): its num_hidden_layers and
// hidden_size where the config names them, 0 where it does not.
vision_config_keys read_vision_config(std::string_view file, const json& outer) {
  vision_config_keys v{};
  const auto vc = outer.find("vision_config");
  if (vc == outer.end() || !vc->is_object()) return v;
  v.present = true;
  const auto count = [&](const char* key) -> std::uint32_t {
    const auto it = vc->find(key);
    if (it == vc->end()) return 0;
    if (!it->is_number_unsigned() || it->get<std::uint64_t>() > UINT32_MAX) {
      fail_key(file, fmt::format("vision_config.{}", key), fmt::format("expected a count, got {}", shown_value(*it)));
    }
    return static_cast<std::uint32_t>(it->get<std::uint64_t>());
  };
  v.num_hidden_layers = count("num_hidden_layers");
  v.hidden_size = count("hidden_size");
  // Kimi-K2.5 spells them vt_num_hidden_layers and vt_hidden_size; SGLang's KimiK25VisionConfig
  // (python/sglang/srt/configs/kimi_k25.py @0565e31) does not read those and keeps its defaults,
  // 27 and 1152, which are the release's vt_* values.
  if (v.num_hidden_layers == 0) v.num_hidden_layers = count("vt_num_hidden_layers");
  if (v.hidden_size == 0) v.hidden_size = count("vt_hidden_size");
  return v;
}
// A Nemotron-H config without head_dim (the importer then reads hidden_size / num_attention_heads,
// as vLLM's NemotronHAttention does: models/nemotron_h.py @00b08dc): the checkpoint's own
// attention_head_dim, and transformers' NemotronHConfig default (head_dim=128,
// models/nemotron_h/configuration_nemotron_h.py @cfeb552, which an engine loading the config
// through transformers reads instead), must both be that width, or the engines build other heads.
void nemotron_h_head_dim(std::string_view file, const json& cfg, std::uint64_t head_dim) {
  if (cfg.contains("head_dim")) return;
  if (const auto a = cfg.find("attention_head_dim"); a != cfg.end() && *a != json(head_dim)) {
    fail_key(file, "attention_head_dim", fmt::format("is {}, but hidden_size / num_attention_heads (vLLM's head_dim when head_dim "
                                                     "is absent) is {}: give head_dim", shown_value(*a), head_dim));
  }
  if (head_dim != 128) {
    fail_key(file, "head_dim", fmt::format("absent, and hidden_size / num_attention_heads = {} (vLLM) is not transformers' "
                                           "NemotronHConfig default 128: give head_dim", head_dim));
  }
}
// text_config's quantization_config, its refusals naming the key where it is.
recipe quant_from_text_config(std::string_view file, const json& q, const quant_shape& s) {
  try {
    return quant_from_config(file, q, s);
  } catch (const import_error& e) {
    std::string why = e.what();
    constexpr std::string_view key = "key `quantization_config";
    if (const std::size_t at = why.find(key); at != std::string::npos) why.insert(at + 5, "text_config.");
    throw import_error(why);
  }
}
}  // namespace

namespace {
// A ModelOpt export whose config.json copy names no quant_method (Qwen/Qwen3-32B-FP8-Static-PerTensor:
// producer modelopt, a flat quant_algo, kv_cache_scheme "FP8"). vLLM names a method only for the
// nested `quantization.quant_algo` spelling (config/model.py, _normalize_quantization_config), so
// no engine reads this copy as a recipe; TensorRT-LLM reads the folder's hf_quant_config.json
// first (tensorrt_llm/_torch/model_config.py @1a0dc5f, ModelConfig.from_pretrained).
bool methodless_modelopt(const json& q) {
  if (!q.is_object() || q.contains("quant_method")) return false;
  const auto p = q.find("producer");
  return p != q.end() && p->is_object() && p->value("name", "") == "modelopt";
}

// The folder's hf_quant_config.json is read once the copy in config.json says the same on every
// key that changes bytes: quant_algo, the KV cache (kv_cache_scheme "FP8", an 8-bit float object,
// or none), the group size (its config_groups' or its own) and the list of unquantized modules.
std::string agreeing_modelopt_file(std::string_view config_file, const json& raw, const std::string& quant_path) {
  const std::string p = "quantization_config.";
  only_keys(config_file, p, raw, {"producer", "quant_algo", "kv_cache_scheme", "config_groups", "ignore", "group_size"});
  json copy = raw;
  copy["quant_method"] = "modelopt";
  const json* scheme = raw.contains("kv_cache_scheme") ? &raw["kv_cache_scheme"] : nullptr;
  if (scheme != nullptr && scheme->is_string()) {
    if (*scheme != "FP8") fail_key(config_file, p + "kv_cache_scheme", fmt::format("{} is not supported yet (\"FP8\")", shown_value(*scheme)));
    copy.erase("kv_cache_scheme");
    copy["kv_cache_quant_algo"] = "FP8";
  }
  const json qc = detail::modelopt_legacy_spelling(config_file, copy);
  const json j = read_json(quant_path, quant_file);
  const json q = j.is_object() && j.contains("quantization") ? j["quantization"] : json::object();
  auto field = [](const json& o, const char* key) { return o.is_object() && o.contains(key) ? o[key] : json(); };
  for (const char* key : {"quant_algo", "kv_cache_quant_algo", "group_size"}) {
    if (field(qc, key) != field(q, key)) {
      fail_key(config_file, p + key, fmt::format("is {}, but {} says quantization.{} {}: the two copies disagree",
                                                 shown_value(field(qc, key)), quant_path, key, shown_value(field(q, key))));
    }
  }
  const json listed = field(qc, "ignore").is_null() ? json::array() : field(qc, "ignore");
  const json excluded = field(q, "exclude_modules").is_null() ? json::array() : field(q, "exclude_modules");
  if (listed != excluded) {
    fail_key(config_file, p + "ignore", fmt::format("differs from {}'s quantization.exclude_modules: the two copies disagree", quant_path));
  }
  return quant_path;
}
}  // namespace

// vLLM vllm/model_executor/model_loader/weight_utils.py, get_quant_config: `hf_quant_config =
// getattr(model_config.hf_config, "quantization_config", None)`; when it is not None the config
// is built from it and the method's own files (ModelOpt's hf_quant_config.json) are not opened.
std::string second_quant_source(std::string_view config_file, const json& raw, const std::string& quant_path,
                                bool found_in_folder) {
  if (quant_path.empty()) return quant_path;
  if (found_in_folder && methodless_modelopt(raw)) return agreeing_modelopt_file(config_file, raw, quant_path);
  const bool modelopt = raw.is_object() && raw.value("quant_method", "") == "modelopt";
  const json qc = modelopt ? detail::modelopt_legacy_spelling(config_file, raw) : raw;
  // NVIDIA's DeepSeek-V4-*-NVFP4: a block-FP8 config whose routed experts are ModelOpt NVFP4;
  // config.json's copy is read (vLLM get_quant_config, SGLang likewise) once hf_quant_config.json
  // says the same of the experts (quant.cpp nvfp4_experts reads them).
  if (found_in_folder && raw.is_object() && raw.contains("moe_quant_algo")) {
    const json j = read_json(quant_path, quant_file);
    const json q = j.is_object() && j.contains("quantization") ? j["quantization"] : json::object();
    for (const char* key : {"quant_algo", "kv_cache_quant_algo", "group_size", "quantized_layers"}) {
      const json a = raw.contains(key) ? raw[key] : json();
      const json b = q.is_object() && q.contains(key) ? q[key] : json();
      if (a != b) fail_key(config_file, fmt::format("quantization_config.{}", key), fmt::format("differs from {}'s: the two copies disagree", quant_path));
    }
    return {};
  }
  if (!found_in_folder || !modelopt) {
    fail_key(config_file, "quantization_config",
             fmt::format("present, and --quant {} names a second quantization config: give one", quant_path));
  }
  const json j = read_json(quant_path, quant_file);
  const json q = j.is_object() && j.contains("quantization") ? j["quantization"] : json::object();
  for (const char* key : {"quant_algo", "kv_cache_quant_algo", "group_size", "quantized_layers"}) {
    const json a = qc.contains(key) ? qc[key] : json();
    const json b = q.is_object() && q.contains(key) ? q[key] : json();
    if (a != b && std::string_view(key) == "quantized_layers") {
      fail_key(config_file, "quantization_config.quantized_layers", fmt::format("differs from {}'s: the two copies disagree", quant_path));
    }
    if (a != b) {
      fail_key(config_file, fmt::format("quantization_config.{}", key),
               fmt::format("is {}, but {} says quantization.{} {}: the two copies disagree", shown_value(a), quant_path,
                           key, shown_value(b)));
    }
  }
  return {};
}

std::unique_ptr<imported> import_config(const import_request& r) {
  // The last line of defence: any step of the reading that goes beyond headroom's 64-bit
  // arithmetic (each names its own place where it can) still refuses as one line naming the file.
  try {
    return import_checked(r);
  } catch (const headroom::error& e) {
    throw import_error(fmt::format("{}: a number in it goes beyond headroom's 64-bit arithmetic ({})", r.config, e.what()));
  }
}

namespace {
std::unique_ptr<imported> import_checked(const import_request& r) {
  auto im = std::make_unique<imported>();
  fs::path config = r.config;
  std::string quant = r.quant;
  std::error_code ec;
  refuse_hub_id("--config", r.config);
  if (fs::is_directory(config, ec)) {
    // The folder's files stay inside it: a config.json linked to a file elsewhere is refused.
    const fs::path folder = config;
    config = folder / "config.json";
    try {
      confined_path(folder, "config.json", folder.string());
      if (quant.empty() && fs::exists(folder / "hf_quant_config.json", ec)) quant = (folder / "hf_quant_config.json").string();
      if (!quant.empty() && r.quant.empty()) confined_path(folder, "hf_quant_config.json", folder.string());
    } catch (const file_error& e) { throw import_error(e.what()); }
  }
  const std::string file = config.string();
  im->config_path = file;
  im->quant_path = quant;
  const json outer = read_json(file, config_file);

  const auto mt = outer.find("model_type");
  if (mt == outer.end()) fail_key(file, "model_type", "missing (it chooses the family)");
  if (!mt->is_string()) fail_key(file, "model_type", fmt::format("expected a string, got {}", shown_value(*mt)));
  im->model_type = mt->get<std::string>();
  const ck::profile* p = ck::find_profile(im->model_type);
  if (p == nullptr && !ck::known_refusal_of(im->model_type).empty()) {
    fail_key(file, "model_type", fmt::format("`{}` is not supported yet: {}", im->model_type, ck::known_refusal_of(im->model_type)));
  }
  if (p == nullptr) {
    fail_key(file, "model_type", fmt::format("`{}` is not supported (supported: {})", elided(im->model_type), list_model_types()));
  }
  if (const auto a = outer.find("architectures"); a != outer.end()) {
    const bool names_it = a->is_array() && std::find(a->begin(), a->end(), json(p->architecture)) != a->end();
    if (!names_it) {
      fail_key(file, "architectures", fmt::format("{} does not name {}, the class of model_type `{}`", shown_value(*a),
                                                  p->architecture, im->model_type));
    }
  }
  // A multimodal config's text model sits under text_config; the keys around it are checked here.
  std::uint64_t vision_params = 0;
  bool tower_absent = false;
  std::string spelling_note;
  const json cfg = [&] {
    if (p->family == "nemotron_h") return nemotron_h_patterns(file, "", outer, spelling_note);
    if (p->nested == nullptr) return outer;
    try {
      return text_config_of(file, outer, *p->nested, vision_params, tower_absent);
    } catch (const headroom::error& e) {
      // The core's message speaks of bytes; here the count is of parameters: keep the operands.
      std::string why = e.what();
      constexpr std::string_view core = "byte count overflows 64 bits: ";
      if (why.starts_with(core)) why.erase(0, core.size());
      fail_key(file, "vision_config", fmt::format("its widths give a parameter count beyond 64 bits ({})", why));
    }
  }();
  // The quantization config: the file's own, or text_config's in a multimodal wrapper that
  // has none (Kimi-K2.5: vLLM's KimiK25Config takes text_config's as the model's).
  const bool nested_quant = p->nested != nullptr && !outer.contains("quantization_config") && cfg.contains("quantization_config");
  const json* const qcfg = outer.contains("quantization_config") ? &outer["quantization_config"]
                           : nested_quant                       ? &cfg["quantization_config"]
                                                                : nullptr;
  if (p->nested != nullptr && outer.contains("quantization_config") && cfg.contains("quantization_config")) {
    fail_key(file, "text_config.quantization_config", "present beside the top-level quantization_config: give one");
  }
  // AWQ and GPTQ checkpoints keep their unquantized tensors in F16: two bytes, as BF16.
  const bool f16_ok = qcfg != nullptr && stores_f16(*qcfg);
  const std::string dtype_note = checkpoint_dtype_note(file, outer, cfg, p->nested != nullptr, f16_ok);

  im->id = model_id(r.id, folder_name(config), file);
  im->name = r.id.empty() ? folder_name(config) : r.id;
  im->repo = "";
  if (const auto n = outer.find("_name_or_path"); n != outer.end() && n->is_string()) im->repo = n->get<std::string>();

  // Everything but the dims struct and the builder is compiled once, over the dims' leaves
  // (reflect.hpp): what a family adds is its walk of the struct and its builder's call.
  const auto import_dims = [&](const std::vector<leaf>& leaves, const std::vector<leaf>& defaults,
                               const std::function<circuit()>& build) {
    dims_reader reader(file, cfg, *p, *im, p->nested == nullptr ? "" : "text_config.");
    reader.set_vision_params(vision_params);
    if (tower_absent) {
      reader.note("vision_config absent: no vision tower counted, the language model only (a checkpoint that ships "
                  "a tower holds more)");
    }
    if (!dtype_note.empty()) reader.note(dtype_note);
    if (!spelling_note.empty()) reader.note(spelling_note);
    for (const leaf& l : leaves) std::visit([&](auto* value) { reader.bind(l.member, *value); }, l.value);
    // The interval no_rope_layers is checked against (Llama 4's `pattern`). layer_types is held
    // against the built circuit below (check_layer_types), not against a pattern of our own.
    const std::uint64_t interval =
        leaf_or<std::uint64_t>(leaves, "full_attention_interval", leaf_or<std::uint64_t>(leaves, "pattern", 0));
    reader.run_checks(leaf_layers(leaves), interval, leaf_or<std::string_view>(leaves, "pattern", {}),
                      leaf_or<std::string_view>(leaves, "mtp_pattern", {}), leaf_or<std::uint64_t>(leaves, "mtp_layers", 0),
                      leaf_or<std::uint64_t>(leaves, "first_dense", 0), leaf_or<std::uint64_t>(leaves, "moe_step", 1));
    if (p->family == "nemotron_h") nemotron_h_head_dim(file, cfg, leaf_or<std::uint64_t>(leaves, "head_dim", 0));
    im->m.config_state_dtype = read_state_dtype(file, p->nested == nullptr ? "" : "text_config.", cfg, p->state_dtype_key);
    im->m.vision_config = read_vision_config(file, outer);
    reader.classify();

    for (std::size_t i = 0; i < leaves.size(); ++i) {
      std::visit(
          [&](auto* value) {
            const auto* fallback = std::get<decltype(value)>(defaults[i].value);
            im->dims.push_back({std::string(leaves[i].group), std::string(leaves[i].member), cxx_text(*value), *value == *fallback});
          },
          leaves[i].value);
    }

    try {
      im->m.c = build();
    } catch (const headroom::error& e) {
      throw import_error(fmt::format("{}: the model does not fit headroom's circuit ({})", file, e.what()));
    }
    reader.check_layer_types(im->m.c);
    const circuit& c = im->m.c;
    const bool routed = std::any_of(c.nodes.begin(), c.nodes.begin() + c.n_nodes,
                                    [](const node& n) { return n.kind == op::router && n.has_weight(); });
    const quant_shape qs{p->family, leaf_layers(leaves), leaf_or<std::uint64_t>(leaves, "first_dense", 0),
                         leaf_or<std::uint64_t>(leaves, "mtp_layers", 0), role_layers(c), expert_dtype_of(file, outer), routed};
    recipe rec{{all_weights(formats::bf16)}, "every tensor BF16"};
    // A ModelOpt folder's two copies: config.json's, as vLLM reads it, once they agree (quant.cpp).
    const std::string from_file = qcfg != nullptr ? second_quant_source(file, *qcfg, quant, r.quant.empty()) : quant;
    if (qcfg != nullptr && from_file.empty()) rec = nested_quant ? quant_from_text_config(file, *qcfg, qs) : quant_from_config(file, *qcfg, qs);
    if (!from_file.empty()) rec = quant_from_modelopt_file(from_file, qs);
    // MiMo-V2-Flash's block scales are tiled per num_key_value_heads shard (quant.hpp shard_tiled_scales).
    if (p->family == "mimo_v2_flash") detail::shard_tiled_scales(rec, c, leaf_or<std::uint64_t>(leaves, "kv_heads", 0));
    if (p->router_f32) {
      rec.rules.insert(rec.rules.begin(), for_op(op::router, formats::f32));
      rec.note += "; the router (mlp.gate) held in F32, as the model class keeps it";
    }

    for (const precision_rule& rule : rec.rules) {
      if (im->m.n_rules >= max_rules) throw import_error(fmt::format("{}: the precision recipe needs more than {} rules", file, max_rules));
      im->m.add_rule(rule);
      im->rule_exprs.push_back(rule_expr(rule));
    }
    im->m.config_kv_dtype = rec.kv;
    std::string notes = rec.note;
    for (const std::string& n : reader.notes()) notes += "; " + n;
    im->notes = notes;
  };

  bool built = false;
  boost::hana::for_each(all_families, [&](auto t) {
    using family = typename decltype(t)::type;
    using Dims = typename family::dims;
    if (built || family::name != p->family) return;
    built = true;
    Dims d{};
    Dims defaults{};
    import_dims(leaves_of(d), leaves_of(defaults), [&d] { return family::build(d); });
  });

  im->files = quant.empty() ? fmt::format("config.json (model_type {})", im->model_type)
                            : fmt::format("config.json (model_type {}); hf_quant_config.json", im->model_type);
  im->m.id = im->id;
  im->m.name = im->name;
  im->m.family = p->family;
  im->m.source = {im->repo, im->files, im->notes};
  return im;
}
}  // namespace

}  // namespace headroom::cli::import
