# Every bad input exits 2, prints its error on stderr and nothing on stdout.
foreach(args "report;no_such_model;h100_sxm" "report;llama_3_1_8b_instruct;h100" "report;llama_3_1_8b_instruct;h100_sxm;--kv;fp16"
             "report;llama_3_1_8b_instruct;h100_sxm;--ssm-h;f64" "report;llama_3_1_8b_instruct;h100_sxm;--context;0"
             "report;llama_3_1_8b_instruct;h100_sxm;--context;-5" "list;gpus")
  execute_process(COMMAND ${CLI} ${args} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "headroom ${args}: exit ${rc}, expected 2 (stderr: ${err})")
  endif()
  if(NOT out STREQUAL "")
    message(FATAL_ERROR "headroom ${args}: wrote to stdout on error: ${out}")
  endif()
  if(err STREQUAL "")
    message(FATAL_ERROR "headroom ${args}: no error message")
  endif()
endforeach()
