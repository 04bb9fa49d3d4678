// SPDX-License-Identifier: MIT
// The spellings an exclusion list's entries take that are not plain module paths: compressed-
// tensors' regular expressions and a norm's parameters (exclusions.hpp reads the lists).
#pragma once

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

#include "headroom/import/json_keys.hpp"

namespace headroom::cli::import::detail {

// The module paths `re:.*<body>$` or `re:.*<body>.*` names: the body with `\.` read as a dot
// and its one `(a|b|...)` group expanded.
inline std::vector<std::string> regex_modules(std::string_view file, const std::string& key, const std::string& module,
                                              std::string body) {
  const auto refuse = [&] {
    fail_key(file, key, fmt::format("`{}`: only `re:.*<module suffix>$` and `re:.*<module>.*` patterns are supported yet", module));
  };
  const bool suffix = body.size() > 3 && body.rfind(".*", 0) == 0 && body.back() == '$';
  const bool inside = body.size() > 4 && body.rfind(".*", 0) == 0 && body.substr(body.size() - 2) == ".*";
  if (!suffix && !inside) refuse();
  body = body.substr(2, body.size() - (suffix ? 3 : 4));
  std::string head;
  std::vector<std::string> alternatives;
  std::string tail;
  bool in_group = false;
  bool after_group = false;
  for (std::size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    std::string& out = after_group ? tail : in_group ? alternatives.back() : head;
    if (c == '\\' && i + 1 < body.size() && body[i + 1] == '.') {
      out += '.';
      ++i;
    } else if (c == '(' && !in_group && !after_group) {
      in_group = true;
      alternatives.emplace_back();
    } else if (c == '|' && in_group) {
      alternatives.emplace_back();
    } else if (c == ')' && in_group) {
      in_group = false;
      after_group = true;
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || (c == '.' && suffix)) {
      out += c;
    } else {
      refuse();
    }
  }
  if (in_group) refuse();
  if (alternatives.empty()) alternatives.emplace_back();
  std::vector<std::string> out;
  for (const std::string& a : alternatives) {
    std::string m = head + a + tail;
    if (m.empty() || m.front() == '.' || m.back() == '.' || m.find("..") != std::string::npos) refuse();
    out.push_back(std::move(m));
  }
  return out;
}

// A norm, or one of its parameters (GLM-5's FP8 list names the indexer's LayerNorm bias,
// `self_attn.indexer.k_norm.bias`): aux parameters, BF16 in every recipe.
inline bool is_norm(std::string_view s) {
  for (std::string_view param : {".weight", ".bias"}) {
    if (s.size() > param.size() && s.substr(s.size() - param.size()) == param) s.remove_suffix(param.size());
  }
  const std::size_t dot = s.rfind('.');
  const std::string_view last = dot == std::string_view::npos ? s : s.substr(dot + 1);
  return last.size() >= 4 && last.substr(last.size() - 4) == "norm";
}


}  // namespace headroom::cli::import::detail
