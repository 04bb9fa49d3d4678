// SPDX-License-Identifier: MIT
// The model header of an imported model, in the form of the shipped ones.
#include <fmt/format.h>

#include <string>

#include "headroom/input/bounded_file.hpp"
#include "headroom/input/identifiers.hpp"
#include "headroom/import/importer.hpp"
#include "headroom/checkpoint/quant.hpp"
#include "headroom/input/usage_error.hpp"

namespace headroom::cli::import {

namespace {
std::string format_expr(const tensor_format& f) {
  switch (f.kind) {
    case format_kind::bf16: return "formats::bf16";
    case format_kind::f32: return "formats::f32";
    case format_kind::i32: return "formats::i32";
    case format_kind::mxfp4: return "formats::mxfp4";
    case format_kind::nvfp4: return f.group == 16 ? "formats::nvfp4_g16" : fmt::format("formats::nvfp4({})", f.group);
    case format_kind::int8: return f.scale == scale_kind::token ? "formats::int8_token" : "formats::int8_channel";
    case format_kind::awq4: return fmt::format("formats::awq({})", f.group);
    case format_kind::gptq4: return fmt::format("formats::gptq({})", f.group);
    case format_kind::int4: return fmt::format("formats::int4({}{})", f.group, f.zero_point ? ", true" : "");
    case format_kind::fp8:
      switch (f.scale) {
        case scale_kind::tensor: return "formats::fp8_tensor";
        case scale_kind::token: return "formats::fp8_token";
        case scale_kind::channel: return "formats::fp8_channel";
        case scale_kind::group: return fmt::format("formats::fp8_group({})", f.group);
        case scale_kind::block: return fmt::format("formats::fp8_block({}, {}{})", f.block_r, f.block_c, f.ue8m0 ? ", true" : "");
        case scale_kind::none: break;
      }
  }
  return "formats::bf16";
}
}  // namespace

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
  // A rule for some layers only (Nemotron-H's per-layer exclusions): the range set on a copy.
  if (r.layer_lo != 0 || r.layer_hi != no_layer) {
    e = fmt::format("[] {{ precision_rule r = {}; r.layer_lo = {}; r.layer_hi = {}; return r; }}()", e, r.layer_lo, r.layer_hi);
  }
  return e;
}

std::string emit_header(const imported& im, std::string_view command) {
  // Designated initialisers in declaration order; a piece's members (consecutive, one group)
  // nest in braces under the piece's name, and a piece left at its defaults is omitted.
  std::string dims;
  for (std::size_t i = 0; i < im.dims.size();) {
    const std::string& group = im.dims[i].group;
    std::string inner;
    for (; i < im.dims.size() && im.dims[i].group == group; ++i) {
      const dim_value& d = im.dims[i];
      if (!d.is_default) inner += fmt::format("{}.{} = {}", inner.empty() ? "" : ", ", d.member, d.text);
    }
    if (inner.empty()) continue;
    const std::string item = group.empty() ? inner : fmt::format(".{} = {{{}}}", group, inner);
    dims += fmt::format("{}{}", dims.empty() ? "" : ", ", item);
  }
  // The config's recurrent-state dtype, only when it names one (Qwen3.5's mamba_ssm_dtype).
  const std::string state = im.m.config_state_dtype
                                ? fmt::format("  m.config_state_dtype = state_dtype::{};\n", name(*im.m.config_state_dtype))
                                : std::string();
  // The quantization config's KV cache dtype, only when it names one (ModelOpt kv_cache_quant_algo).
  const std::string kv = im.m.config_kv_dtype
                             ? fmt::format("  m.config_kv_dtype = kv_dtype::{};\n", name(*im.m.config_kv_dtype))
                             : std::string();
  // A multimodal config's vision_config, as SGLang sizes it (model::vision_config).
  const vision_config_keys& vc = im.m.vision_config;
  const std::string vision =
      vc.present ? fmt::format("  m.vision_config = {{.present = true, .num_hidden_layers = {}, .hidden_size = {}}};\n",
                               vc.num_hidden_layers, vc.hidden_size)
                 : std::string();
  // A GGUF's tensor table (model::file_weights): the file's bytes, not the circuit's.
  const std::string file_weights =
      im.m.file_weights != 0 ? fmt::format("  m.file_weights = {};\n", im.m.file_weights) : std::string();
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
      "{state}"
      "{kv}"
      "{vision}"
      "{file_weights}"
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
      fmt::arg("dims", dims), fmt::arg("state", state), fmt::arg("kv", kv),
      fmt::arg("vision", vision), fmt::arg("file_weights", file_weights),
      fmt::arg("rules", rules));
}

std::string model_id(std::string_view requested, std::string_view folder, std::string_view file) {
  const std::string id = requested.empty() ? snake_case(folder) : std::string(requested);
  if (id.empty() || id != snake_case(id)) {
    throw import_error(printable(fmt::format("--id: `{}` is not a snake_case identifier (e.g. qwen3_4b)", elided(id))));
  }
  // The id names a C++ variable and, upper-cased, the macros of a header: C's rules apply.
  if (const std::string why = identifier_problem(id); !why.empty()) {
    throw import_error(requested.empty() ? fmt::format("{}: the id taken from the folder's name: {} (give --id)", file, why)
                                         : "--id: " + why);
  }
  return id;
}

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

}  // namespace headroom::cli::import
