// SPDX-License-Identifier: MIT
// headroom CLI: text that lands in generated code. Names (import --id, header --macro-prefix and the
// C++ namespace derived from it) checked against C's and C++'s rules, so that a generated
// header always compiles: letters, digits and `_`, no leading digit, not a keyword of C11 or
// C++20, and not a reserved name (C11 7.1.3 and C++20 [lex.name]: `_` followed by an
// uppercase letter, or any `__`). Paths in the command a header names are shell-quoted.
#pragma once

#include <string>
#include <string_view>

namespace headroom::cli {

/// Why `name` cannot be a C / C++ identifier, or empty when it can.
std::string identifier_problem(std::string_view name);

/// `word` as one POSIX shell word: as is when it holds only letters, digits and `_-./:=,+@%`,
/// else in single quotes (a `'` written '\''), so that a header's "Regenerate with:" line
/// is a command a shell runs as written.
std::string shell_word(std::string_view word);

}  // namespace headroom::cli
