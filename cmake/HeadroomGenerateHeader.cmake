# SPDX-License-Identifier: MIT
# headroom_generate_header(TARGET <target> MODEL <id> DEVICE <id> SEQS <n> CONTEXT <n>
#                          [OUTPUT <file.h>] [MACRO_PREFIX <NAME>] [MEASURED <manifest.json>]
#                          [ARGS <more headroom header flags>...])
#
# Generates the deployment's self-contained header with the `headroom` CLI at build time and
# hands it to <target>: the header is a source of the target (generated before it compiles) and
# its folder is on the target's include path. The rule reruns when the headroom executable (and
# so its tables) or the manifest changes, so a firmware build cannot keep stale constants.
# OUTPUT defaults to ${CMAKE_CURRENT_BINARY_DIR}/headroom/<MODEL>--<DEVICE>.h. Include the header
# by its file name; with MACRO_PREFIX the macro names stay the same when the model or device
# changes.
include(${CMAKE_CURRENT_LIST_DIR}/HeadroomCheckArguments.cmake)

function(headroom_generate_header)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;MODEL;DEVICE;SEQS;CONTEXT;OUTPUT;MACRO_PREFIX;MEASURED" "ARGS")
  headroom_check_arguments(headroom_generate_header TARGET MODEL DEVICE SEQS CONTEXT)
  if(NOT arg_OUTPUT)
    set(arg_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/headroom/${arg_MODEL}--${arg_DEVICE}.h)
  endif()
  get_filename_component(arg_OUTPUT "${arg_OUTPUT}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})
  get_filename_component(out_dir "${arg_OUTPUT}" DIRECTORY)
  set(command header ${arg_MODEL} ${arg_DEVICE} --seqs ${arg_SEQS} --context ${arg_CONTEXT})
  set(depends $<TARGET_FILE:headroom::cli>)
  if(arg_MACRO_PREFIX)
    list(APPEND command --macro-prefix ${arg_MACRO_PREFIX})
  endif()
  if(arg_MEASURED)
    get_filename_component(arg_MEASURED "${arg_MEASURED}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND command --measured ${arg_MEASURED})
    list(APPEND depends ${arg_MEASURED})
  endif()
  list(APPEND command ${arg_ARGS} -o ${arg_OUTPUT})
  file(MAKE_DIRECTORY ${out_dir})
  add_custom_command(OUTPUT ${arg_OUTPUT}
    COMMAND headroom::cli ${command}
    DEPENDS ${depends}
    COMMENT "headroom: generating ${arg_OUTPUT}"
    VERBATIM)
  target_sources(${arg_TARGET} PRIVATE ${arg_OUTPUT})
  target_include_directories(${arg_TARGET} PRIVATE ${out_dir})
endfunction()
