# SPDX-License-Identifier: MIT
# headroom_check_arguments(<function> <required keyword>...)
#
# The checks every headroom_* function runs on its `cmake_parse_arguments(... arg ...)` result:
# each required keyword has a value, nothing is left unparsed, TARGET names a target, and the
# headroom CLI (which generates the files) is available. A macro, so it reads the caller's arg_*.
include_guard(GLOBAL)

macro(headroom_check_arguments fn)
  foreach(required ${ARGN})
    if(NOT DEFINED arg_${required} OR "${arg_${required}}" STREQUAL "")
      message(FATAL_ERROR "${fn}: ${required} is required")
    endif()
  endforeach()
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${fn}: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${arg_TARGET})
    message(FATAL_ERROR "${fn}: `${arg_TARGET}` is not a target")
  endif()
  if(NOT TARGET headroom::cli)
    message(FATAL_ERROR "${fn}: the headroom CLI is not available (install headroom with its tools, "
                        "or add_subdirectory it with HEADROOM_BUILD_TOOLS=ON)")
  endif()
endmacro()
