// SPDX-License-Identifier: MIT
#include "headroom/import/block_configs.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>

namespace headroom::cli::import {

namespace {

// An entry's part ("attention" or "ffn") as an object whose keys are all known; the keys a
// value other than the default would change (sinks, windows, sparsity, a linear replacement)
// are refused unless null / false.
const json& block_part(std::string_view file, const std::string& where, const json& entry, std::string_view part,
                       std::initializer_list<std::string_view> known) {
  if (!entry.is_object()) fail_key(file, where, fmt::format("expected an object, got {}", shown_value(entry)));
  const auto it = entry.find(std::string(part));
  const std::string at = fmt::format("{}.{}", where, part);
  if (it == entry.end() || !it->is_object()) fail_key(file, at, "missing, or not an object");
  for (const auto& [k, value] : it->items()) {
    bool listed = false;
    for (const std::string_view x : known) listed = listed || x == k;
    if (!listed) fail_key(file, fmt::format("{}.{}", at, k), "unknown to model_type `nemotron-nas` (nothing is guessed)");
    const bool off = value.is_null() || value == false;
    if (!off && (k == "replace_with_linear" || k == "sparsify" || k == "num_sink_tokens" || k == "window_length" ||
                 k == "unshifted_sink" || k == "use_prefill_window_in_sink_attention")) {
      fail_key(file, fmt::format("{}.{}", at, k),
               fmt::format("is {}, the nemotron_nas family needs null or false (vLLM's DeciLMDecoderLayer builds only "
                           "GQA attention and SwiGLU FFNs, or none)",
                           shown_value(value)));
    }
  }
  return *it;
}

bool no_op(std::string_view file, const std::string& at, const json& part) {
  const auto it = part.find("no_op");
  if (it == part.end() || it->is_null()) return false;
  return as_bool(file, at + ".no_op", *it);
}

const json& entries(std::string_view file, std::string_view key, const json& v) {
  if (!v.is_array()) fail_key(file, key, fmt::format("expected an array of per-layer blocks, got {}", shown_value(v)));
  if (v.size() > 256) fail_key(file, key, fmt::format("has {} entries, more than the family holds (256)", v.size()));
  return v;
}

}  // namespace

std::array<std::uint16_t, 256> block_kv_heads(std::string_view file, std::string_view key, const json& v,
                                              std::uint64_t q_heads) {
  std::array<std::uint16_t, 256> out{};
  const json& list = entries(file, key, v);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string where = fmt::format("{}[{}]", key, i);
    const json& a = block_part(file, where, list[i], "attention",
                               {"n_heads_in_group", "no_op", "num_sink_tokens", "replace_with_linear", "sparsify",
                                "unshifted_sink", "use_prefill_window_in_sink_attention", "window_length"});
    const std::string at = where + ".attention";
    if (no_op(file, at, a)) continue;
    const auto g = a.find("n_heads_in_group");
    if (g == a.end() || g->is_null()) fail_key(file, at + ".n_heads_in_group", "missing for an attention that is not a no_op");
    const std::uint64_t group = as_uint(file, at + ".n_heads_in_group", *g);
    if (group == 0 || q_heads % group != 0 || q_heads / group > 0xffff) {
      fail_key(file, at + ".n_heads_in_group",
               fmt::format("is {}, which does not divide num_attention_heads ({}) into KV heads", group, q_heads));
    }
    out[i] = static_cast<std::uint16_t>(q_heads / group);
  }
  return out;
}

std::uint64_t ffn_mult_to_intermediate_size(double ffn_mult, std::uint64_t hidden) {
  const double x = 2 * ffn_mult * static_cast<double>(hidden) / 3;
  if (!std::isfinite(x) || x < 0 || x >= 1e15) return 0;
  const auto n = static_cast<std::uint64_t>(x);  // Python's int(): truncation toward zero
  return n % 256 == 0 ? n : n + 256 - n % 256;
}

std::array<std::uint16_t, 256> block_ffn_units(std::string_view file, std::string_view key, const json& v,
                                               std::uint64_t hidden) {
  std::array<std::uint16_t, 256> out{};
  const json& list = entries(file, key, v);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string where = fmt::format("{}[{}]", key, i);
    const json& f = block_part(file, where, list[i], "ffn", {"ffn_mult", "no_op", "replace_with_linear", "sparsify"});
    const std::string at = where + ".ffn";
    if (no_op(file, at, f)) continue;
    const auto m = f.find("ffn_mult");
    if (m == f.end() || !m->is_number()) fail_key(file, at + ".ffn_mult", "expected a number for an FFN that is not a no_op");
    const std::uint64_t inter = ffn_mult_to_intermediate_size(m->get<double>(), hidden);
    if (inter == 0 || inter / 256 > 0xffff) {
      fail_key(file, at + ".ffn_mult", fmt::format("is {}, which gives no FFN width the family holds", shown_value(*m)));
    }
    out[i] = static_cast<std::uint16_t>(inter / 256);
  }
  return out;
}

}  // namespace headroom::cli::import
