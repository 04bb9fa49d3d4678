# SPDX-License-Identifier: MIT
# One compile-fail case (or the twins' one translation unit) as its own compile, so that CTest runs them in parallel: a
# `cmake --build` per case would share one build tree, and two build tools writing the same tree
# at once corrupt its state, so those tests had to run one at a time.
#
# Runs exactly the command the build system would run for the case's object library (read from
# BINARY_DIR/compile_commands.json: same compiler, flags, sanitizers, include paths and
# definitions), front end only, and prints the compiler's output; CTest matches it against the
# case's regex.
#   cmake -DBINARY_DIR=... -DDEFINE=HEADROOM_CASE_X|HEADROOM_CASE_TWINS -P run_case.cmake
# Exit status: the compiler's (the twins must build; a case's test passes on its regex only).
foreach(var BINARY_DIR DEFINE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_case.cmake: -D${var}=... is required")
  endif()
endforeach()
set(db ${BINARY_DIR}/compile_commands.json)
if(NOT EXISTS ${db})
  message(FATAL_ERROR "run_case.cmake: ${db} is missing (tests/CMakeLists.txt exports the cases' commands)")
endif()
file(READ ${db} json)
string(JSON count LENGTH "${json}")
math(EXPR last "${count} - 1")
set(command "")
foreach(i RANGE ${last})
  string(JSON candidate GET "${json}" ${i} command)
  # The case's own definition, not a prefix of another (X vs X_TWIN).
  if(candidate MATCHES "-D${DEFINE}( |$)")
    string(JSON directory GET "${json}" ${i} directory)
    set(command "${candidate}")
    break()
  endif()
endforeach()
if(command STREQUAL "")
  message(FATAL_ERROR "run_case.cmake: no command in ${db} defines ${DEFINE}")
endif()
separate_arguments(argv UNIX_COMMAND "${command}")
# The object goes where the build would put it (-o); the build tool creates that folder, so we must.
list(FIND argv "-o" at)
if(at GREATER_EQUAL 0)
  math(EXPR at "${at} + 1")
  list(GET argv ${at} object)
  cmake_path(ABSOLUTE_PATH object BASE_DIRECTORY "${directory}")
  cmake_path(GET object PARENT_PATH object_dir)
  file(MAKE_DIRECTORY "${object_dir}")
endif()
# Only the front end: every case is a constant evaluation or a static_assert, decided before any
# code is generated, so the compile stops there (under the sanitizers' instrumentation code
# generation was most of a case's time). No object is written.
list(APPEND argv -fsyntax-only)
execute_process(COMMAND ${argv} WORKING_DIRECTORY ${directory} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${DEFINE}: the compiler exited ${rc}")
endif()
