# SPDX-License-Identifier: MIT
# headroom_add_model(TARGET <target> NAME <id> CONFIG <config.json | checkpoint folder>
#                    [QUANT <hf_quant_config.json>] [OUTPUT <file.hpp>])
#
# Generates a constexpr model header from a Hugging Face checkpoint's config.json with
# `headroom import` at build time and hands it to <target>: the header is a source of the target
# (generated before it compiles) and the folder above `headroom/models/` is on the target's
# include path, so the target includes it as <headroom/models/<NAME>.hpp> and uses
# `headroom::models::<NAME>` like a shipped model (docs/importing.md). The rule reruns when the
# config, the quantization config or the headroom executable (and so its importer) changes.
# OUTPUT defaults to ${CMAKE_CURRENT_BINARY_DIR}/headroom_models/headroom/models/<NAME>.hpp.
include(${CMAKE_CURRENT_LIST_DIR}/HeadroomCheckArguments.cmake)

function(headroom_add_model)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;NAME;CONFIG;QUANT;OUTPUT" "")
  headroom_check_arguments(headroom_add_model TARGET NAME CONFIG)
  get_filename_component(arg_CONFIG "${arg_CONFIG}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  set(depends $<TARGET_FILE:headroom::cli>)
  if(IS_DIRECTORY "${arg_CONFIG}")
    list(APPEND depends ${arg_CONFIG}/config.json)
    # A folder's hf_quant_config.json is read when QUANT is not given: it is an input too.
    if(NOT arg_QUANT AND EXISTS ${arg_CONFIG}/hf_quant_config.json)
      list(APPEND depends ${arg_CONFIG}/hf_quant_config.json)
    endif()
  else()
    list(APPEND depends ${arg_CONFIG})
  endif()
  set(command import ${arg_CONFIG})
  if(arg_QUANT)
    get_filename_component(arg_QUANT "${arg_QUANT}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND command --quant ${arg_QUANT})
    list(APPEND depends ${arg_QUANT})
  endif()
  if(NOT arg_OUTPUT)
    set(root ${CMAKE_CURRENT_BINARY_DIR}/headroom_models)
    set(arg_OUTPUT ${root}/headroom/models/${arg_NAME}.hpp)
  else()
    get_filename_component(arg_OUTPUT "${arg_OUTPUT}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})
    get_filename_component(root "${arg_OUTPUT}" DIRECTORY)
  endif()
  get_filename_component(out_dir "${arg_OUTPUT}" DIRECTORY)
  file(MAKE_DIRECTORY ${out_dir})
  add_custom_command(OUTPUT ${arg_OUTPUT}
    COMMAND headroom::cli ${command} --id ${arg_NAME} -o ${arg_OUTPUT}
    DEPENDS ${depends}
    COMMENT "headroom: importing ${arg_NAME} from ${arg_CONFIG}"
    VERBATIM)
  target_sources(${arg_TARGET} PRIVATE ${arg_OUTPUT})
  target_include_directories(${arg_TARGET} PRIVATE ${root})
endfunction()
