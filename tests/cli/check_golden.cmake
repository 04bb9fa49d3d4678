# Runs the CLI and compares its stdout byte for byte with a golden file.
# Regenerate a golden file on purpose with: build/tools/headroom <args> > tests/golden/<file>
execute_process(COMMAND ${CLI} ${ARGS} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "headroom ${ARGS} exited ${rc}")
endif()
file(READ ${GOLDEN} expected)
if(NOT out STREQUAL expected)
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/actual.md "${out}")
  message(FATAL_ERROR "output differs from ${GOLDEN}; actual output written to ${CMAKE_CURRENT_BINARY_DIR}/actual.md")
endif()
