// SPDX-License-Identifier: MIT
// headroom needs C++20 (designated initialisers, consteval, class-type template arguments).
// Without this check a C++17 build fails deep inside a table with an unrelated message; with
// it the first error says what to change. Every public header includes this one first.
#pragma once

#if !defined(__cplusplus) || (__cplusplus < 202002L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 202002L))
#error "headroom needs C++20: compile with -std=c++20 (CMake: target_compile_features(... cxx_std_20), which headroom::core sets)"
#endif
