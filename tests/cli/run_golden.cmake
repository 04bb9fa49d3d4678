# SPDX-License-Identifier: MIT
# One golden case of goldens.txt: runs the CLI in the source root and compares its output with
# tests/golden/<file> byte for byte. Regenerate on purpose with tools/regen-goldens.sh.
#   -DCLI=<headroom> -DSOURCE_DIR=<root> -DWORK_DIR=<scratch folder> -DGOLDEN=<file> -DARGS=<arguments>
separate_arguments(args UNIX_COMMAND "${ARGS}")
set(out_file "")
if(ARGS MATCHES "@OUT@")
  get_filename_component(stem "${GOLDEN}" NAME)
  set(out_file "${WORK_DIR}/${stem}")
  file(REMOVE "${out_file}")
  string(REPLACE "@OUT@" "${out_file}" args "${args}")
endif()
execute_process(COMMAND ${CLI} ${args} WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "headroom ${ARGS}: exit ${rc}: ${err}")
endif()
# Only an over-committed header warns; any other output on stderr is a failure.
if(NOT err STREQUAL "" AND NOT GOLDEN MATCHES "overcommitted")
  message(FATAL_ERROR "headroom ${ARGS}: unexpected stderr: ${err}")
endif()
if(out_file)
  if(NOT out STREQUAL "")
    message(FATAL_ERROR "headroom ${ARGS}: wrote to stdout with -o: ${out}")
  endif()
  file(READ "${out_file}" out)
endif()
file(READ "${SOURCE_DIR}/tests/golden/${GOLDEN}" expected)
if(NOT out STREQUAL expected)
  get_filename_component(stem "${GOLDEN}" NAME)
  file(WRITE "${WORK_DIR}/actual--${stem}" "${out}")
  message(FATAL_ERROR "headroom ${ARGS}: output differs from tests/golden/${GOLDEN}; actual output in "
                      "${WORK_DIR}/actual--${stem} (tools/regen-goldens.sh regenerates every golden file)")
endif()
