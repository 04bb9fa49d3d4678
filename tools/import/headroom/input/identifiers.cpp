// SPDX-License-Identifier: MIT
#include "headroom/input/identifiers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "headroom/input/bounded_file.hpp"

namespace headroom::cli {

namespace {

// C11 6.4.1 and C++20 [lex.key] (with the alternative tokens of [lex.digraph]), merged.
constexpr std::array<std::string_view, 103> keywords{
    "_Alignas", "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn", "_Static_assert",
    "_Thread_local", "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case",
    "catch", "char", "char16_t", "char32_t", "char8_t", "class", "co_await", "co_return", "co_yield", "compl", "concept",
    "const", "const_cast", "consteval", "constexpr", "constinit", "continue", "decltype", "default", "delete", "do",
    "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
    "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator",
    "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast", "requires", "restrict", "return",
    "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template", "this",
    "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual",
    "void", "volatile", "wchar_t", "while", "xor", "xor_eq"};

}  // namespace

std::string identifier_problem(std::string_view name) {
  if (name.empty()) return "an identifier cannot be empty";
  const auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  for (char c : name) {
    if (!letter(c) && !digit(c) && c != '_') {
      return fmt::format("`{}` is not a C identifier (letters, digits and `_` only)", elided(name));
    }
  }
  if (digit(name[0])) return fmt::format("`{}` starts with a digit, which a C identifier cannot", elided(name));
  if (name.size() >= 2 && name[0] == '_' && (name[1] == '_' || (name[1] >= 'A' && name[1] <= 'Z'))) {
    return fmt::format("`{}` is reserved in C and C++ (`_` then an uppercase letter or `_`)", elided(name));
  }
  if (name.find("__") != std::string_view::npos) {
    return fmt::format("`{}` is reserved in C++ (it contains `__`)", elided(name));
  }
  if (std::find(keywords.begin(), keywords.end(), name) != keywords.end()) {
    return fmt::format("`{}` is a C or C++ keyword", name);
  }
  return {};
}

std::string shell_word(std::string_view word) {
  const auto plain = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           std::string_view("_-./:=,+@%").find(c) != std::string_view::npos;
  };
  if (!word.empty() && std::all_of(word.begin(), word.end(), plain)) return std::string(word);
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace headroom::cli
