// SPDX-License-Identifier: MIT
// The JSON text scanner of the manifest loader (detail/json_scan.hpp).
#include "headroom/io/detail/json_scan.hpp"

#include <algorithm>
#include <utility>

#include "headroom/io/manifest.hpp"

namespace headroom::cli {

namespace json_scan {

namespace {
std::size_t skip_ws(std::string_view t, std::size_t i) {
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) ++i;
  return i;
}
std::size_t skip_string(std::string_view t, std::size_t i) {  // i at the opening quote
  ++i;
  while (i < t.size() && t[i] != '"') i += t[i] == '\\' ? 2u : 1u;
  return std::min(i + 1, t.size());
}
std::size_t skip_value(std::string_view t, std::size_t i) {
  if (i >= t.size()) return i;
  if (t[i] == '"') return skip_string(t, i);
  if (t[i] == '{' || t[i] == '[') {
    int depth = 0;
    while (i < t.size()) {
      if (t[i] == '"') {
        i = skip_string(t, i);
        continue;
      }
      if (t[i] == '{' || t[i] == '[') ++depth;
      if (t[i] == '}' || t[i] == ']') --depth;
      ++i;
      if (depth == 0) break;
    }
    return i;
  }
  while (i < t.size() && std::string_view(",}] \t\r\n").find(t[i]) == std::string_view::npos) ++i;
  return i;
}

}  // namespace

scanned scan_object(std::string_view t) {
  scanned s{};
  std::size_t i = skip_ws(t, 0);
  s.object_at = i;
  if (i >= t.size() || t[i] != '{') return s;  // not an object: no members to find
  i = skip_ws(t, i + 1);
  while (i < t.size() && t[i] == '"') {
    member m{};
    m.key_at = i;
    const std::size_t key_end = skip_string(t, i);
    m.key = nlohmann::json::parse(t.substr(i, key_end - i)).get<std::string>();
    i = skip_ws(t, key_end);
    i = skip_ws(t, i + 1);  // the colon
    m.value_at = i;
    m.value_end = skip_value(t, i);
    s.members.push_back(std::move(m));
    i = skip_ws(t, s.members.back().value_end);
    if (i < t.size() && t[i] == ',') i = skip_ws(t, i + 1);
  }
  return s;
}


}  // namespace json_scan

}  // namespace headroom::cli
