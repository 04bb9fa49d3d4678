// SPDX-License-Identifier: MIT
// headroom CLI: the engine flags as one table, merged from the engines' own rows (each engine
// spells its flags beside its knobs, engines/<engine>.hpp) -- each flag's spelling, help, owning
// engines and knob, read from and written back as text -- and resolve_engine, which walks it.
// CLI11 declares the flags from the same table (engine_cli.hpp) and engine_flags_text writes
// them from it, so a flag is named once.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <headroom/engines/flags.hpp>
#include <headroom/engines/registry.hpp>

#include "headroom/args/common.hpp"
#include "headroom/args/engine_flags.hpp"

namespace headroom::cli {

std::string_view display_name(engine_kind k) { return engines::rules_of(k).display_name; }

namespace {

// "a, b or c": the names a refused value could have been.
template <typename Names>
std::string or_list(const Names& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) {
    s += fmt::format("{}{}", i == 0 ? "" : i + 1 == names.size() ? " or " : ", ", names[i]);
  }
  return s;
}

std::uint32_t to_u32(std::string_view flag, std::uint64_t v) {
  if (v > UINT32_MAX) throw usage_error(fmt::format("{}: {} is too large", flag, v));
  return static_cast<std::uint32_t>(v);
}
// A count into a 32-bit knob, range-checked.
std::uint32_t parse_count32(std::string_view flag, std::string_view text) { return to_u32(flag, parse_count(flag, text)); }

bool parse_on_off(std::string_view flag, std::string_view text) {
  if (text != "on" && text != "off") throw usage_error(fmt::format("{}: expected on or off, got `{}`", flag, text));
  return text == "on";
}

// A choice by name (in any case where the engine reads it so: vLLM's
// CompilationConfig.validate_cudagraph_mode_before upper-cases the mode), as its index.
std::uint64_t parse_choice(std::string_view flag, std::string_view text, const engine_flag& row) {
  std::string want(text);
  if (row.text == knob_text::choice_any_case) {
    for (char& c : want) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  }
  for (std::size_t i = 0; i < row.choices.size(); ++i) {
    if (want == row.choices[i]) return i;
  }
  if (row.noun.empty()) throw usage_error(fmt::format("{}: expected {}, got `{}`", flag, or_list(row.choices), text));
  throw usage_error(fmt::format("{}: unknown {} `{}` (expected {})", flag, row.noun, text, or_list(row.choices)));
}

// The knob word a flag's text stands for (engine_flag.hpp: a fraction as millionths, a switch
// as 1, a choice as its index).
std::uint64_t parse_word(std::string_view flag, const std::string& text, const engine_flag& row) {
  switch (row.text) {
    case knob_text::fraction: return parse_fraction(flag, text).millionths;
    case knob_text::count: return parse_count(flag, text);
    case knob_text::count32: return parse_count32(flag, text);
    case knob_text::bytes: return parse_bytes(flag, text);
    case knob_text::on_switch: return 1;
    case knob_text::on_off: return parse_on_off(flag, text) ? 1 : 0;
    case knob_text::choice:
    case knob_text::choice_any_case: return parse_choice(flag, text, row);
  }
  return 0;
}

// A knob word written back as the flag's text ("" for a switch: the flag alone).
std::string show_word(std::uint64_t w, const engine_flag& row) {
  switch (row.text) {
    case knob_text::fraction: return num(fraction{static_cast<std::uint32_t>(w)}.value());
    case knob_text::count:
    case knob_text::count32:
    case knob_text::bytes: return fmt::format("{}", w);
    case knob_text::on_switch: return {};
    case knob_text::on_off: return w != 0 ? "on" : "off";
    case knob_text::choice:
    case knob_text::choice_any_case: return std::string(row.choices[w]);
  }
  return {};
}

constexpr std::uint8_t bit(engine_kind k) { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(k)); }

// Every engine's rows merged by spelling, in the engines' order.
std::vector<engine_knob> merged_knobs() {
  std::vector<engine_knob> out;
  for (const engines::engine_flag_list& r : engines::all_flags) {
    for (const engine_flag& row : r.flags) {
      auto it = std::find_if(out.begin(), out.end(), [&](const engine_knob& k) { return k.flag == row.flag; });
      if (it == out.end()) {
        out.push_back({row.flag, row.help, row.text});
        it = out.end() - 1;
      }
      it->owners = static_cast<std::uint8_t>(it->owners | bit(r.kind));
      it->rows[static_cast<std::size_t>(r.kind)] = &row;
    }
  }
  return out;
}

// The engines that read `k`, in declaration order.
std::vector<engine_kind> owners_of(const engine_knob& k) {
  std::vector<engine_kind> owners;
  for (const engine_kind o : all_engine_kinds) {
    if ((k.owners & bit(o)) != 0) owners.push_back(o);
  }
  return owners;
}
// "vllm / sglang": the engines by `name_of`.
std::string joined(const std::vector<engine_kind>& kinds, std::string_view (*name_of)(engine_kind)) {
  std::string s;
  for (const engine_kind k : kinds) s += fmt::format("{}{}", s.empty() ? "" : " / ", name_of(k));
  return s;
}

engine_kind parse_engine(std::string_view text) {
  for (const engine_rules* r : engines::all_rules) {
    if (text == name(r->kind) || (!r->alias.empty() && text == r->alias)) return r->kind;  // or its other spelling
  }
  throw usage_error(fmt::format("--engine: unknown engine `{}` (expected vllm, sglang, trtllm, llama.cpp or none)", text));
}

// --kv-cache-dtype: the KV dtype it names, which must agree with --kv when both are given.
void read_kv_cache_dtype(const std::string& text, kv_dtype& kv, bool kv_given) {
  kv_dtype want{};
  if (text == "auto") {
    return;  // the checkpoint's (auto_kv_dtype), resolved by the caller once the model is known
  } else if (text == "bf16") {
    want = kv_dtype::bf16;
  } else if (text == "fp8" || text == "fp8_e4m3" || text == "fp8_e5m2") {
    want = kv_dtype::fp8;
  } else {
    throw usage_error(fmt::format("--kv-cache-dtype: unknown value `{}` (expected auto, bf16, fp8, fp8_e4m3 or fp8_e5m2)", text));
  }
  if (kv_given && want != kv) throw usage_error(fmt::format("--kv-cache-dtype {} contradicts --kv {}", text, name(kv)));
  kv = want;
}

std::size_t index_of(std::string_view flag) {
  const auto all = engine_knobs();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i].flag == flag) return i;
  }
  throw std::logic_error(fmt::format("no engine flag {}", flag));
}

}  // namespace

std::span<const engine_knob> engine_knobs() {
  static const std::vector<engine_knob> knobs = merged_knobs();
  return knobs;
}

std::string engine_flags::given(std::string_view flag) const {
  const std::size_t i = index_of(flag);
  if (engine_knobs()[i].is_switch()) return on[i] != 0 ? "true" : "";
  return text[i];
}

std::string& engine_flags::text_of(std::string_view flag) { return text[index_of(flag)]; }
int& engine_flags::on_of(std::string_view flag) { return on[index_of(flag)]; }

std::string owners_text(const engine_knob& k) { return joined(owners_of(k), display_name); }

bool read_by(const engine_knob& k, engine_kind e) { return (k.owners & bit(e)) != 0; }

std::optional<std::string> shown_knob(const engine_knob& k, const engine& e) {
  const engine_flag* row = k.rows[static_cast<std::size_t>(e.kind)];
  if (row == nullptr || row->get == nullptr) return std::nullopt;
  const std::uint64_t w = row->get(e);
  if (w == row->get(engine{.kind = e.kind})) return std::nullopt;  // the engine's default
  return show_word(w, *row);
}

engine resolve_engine(const engine_flags& fl, kv_dtype& kv, bool kv_given) {
  engine e{.kind = parse_engine(fl.engine)};
  if (is_arithmetic(e)) e = engines::none;  // the pure arithmetic under the shipped usable-memory policy

  const auto knobs = engine_knobs();
  for (std::size_t i = 0; i < knobs.size(); ++i) {
    const engine_knob& k = knobs[i];
    if (fl.given(k.flag).empty() || read_by(k, e.kind)) continue;
    const auto owners = owners_of(k);
    throw usage_error(fmt::format("{} is a {} flag; the selected engine is {} (pass --engine {} to use it)", k.flag,
                                  joined(owners, name), name(e.kind), name(owners.front())));
  }
  const std::string kv_text = fl.given(kv_cache_dtype_flag.flag);
  if (!kv_text.empty()) read_kv_cache_dtype(kv_text, kv, kv_given);
  for (const engine_knob& k : knobs) {
    const std::string text = fl.given(k.flag);
    const engine_flag* row = k.rows[static_cast<std::size_t>(e.kind)];
    if (!text.empty() && row != nullptr && row->set != nullptr) row->set(e, parse_word(k.flag, text, *row));
  }
  return e;
}

}  // namespace headroom::cli
