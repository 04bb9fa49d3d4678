#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The bash completion completes commands, model ids, device ids and flags from the tool itself.
#   completion_test.sh CLI COMPLETION_SCRIPT
set -euo pipefail
cli="$1"
# shellcheck source=/dev/null
source "$2"
fail=0
expect() {  # expect "words..." cword "wanted completion"
  local -a words
  read -r -a words <<<"$1"
  COMP_WORDS=("$cli" "${words[@]}")
  COMP_CWORD=$2
  COMPREPLY=()
  _headroom
  if [[ " ${COMPREPLY[*]} " != *" $3 "* ]]; then
    echo "FAIL: '$1' (word $2): '$3' not among: ${COMPREPLY[*]}"
    fail=1
  fi
}
expect "fi" 1 fit
expect "fit llama_3_1_8" 2 llama_3_1_8b_instruct
expect "fit llama_3_1_8b_instruct h100" 3 h100_sxm
expect "fit llama_3_1_8b_instruct h100_sxm --cont" 4 --context
expect "header llama_3_1_8b_instruct h100_sxm --macro" 4 --macro-prefix
expect "list mo" 2 models
expect "report x y --kv f" 5 fp8
expect "matrix --for" 2 --format
expect "matrix --format c" 3 csv
expect "fit --format json llama_3_1_8" 4 llama_3_1_8b_instruct
expect "se" 1 serve
expect "serve llama_3_1_8b_instruct h100_sxm --isl 1000 --con" 6 --concurrency
expect "sla llama_3_1_8" 2 llama_3_1_8b_instruct
expect "plot par" 2 pareto
expect "plot pareto llama_3_1_8" 3 llama_3_1_8b_instruct
expect "fit llama_3_1_8b_instruct --gpu" 3 --gpu-memory
expect "fit llama_3_1_8b_instruct --device" 3 --device-spec
expect "fit llama_3_1_8b_instruct --gpu-memory 24GiB h100" 5 h100_sxm
expect "fit llama_3_1_8b_instruct --bandwidth 936" 4 936GB/s
# After `plot`, the charts (not models), whatever flags come first: a flag's value is not a
# positional (plan and engine flags included).
expect_not() {  # expect_not "words..." cword "unwanted completion"
  local -a words
  read -r -a words <<<"$1"
  COMP_WORDS=("$cli" "${words[@]}")
  COMP_CWORD=$2
  COMPREPLY=()
  _headroom
  if [[ " ${COMPREPLY[*]} " == *" $3 "* ]]; then
    echo "FAIL: '$1' (word $2): '$3' offered: ${COMPREPLY[*]}"
    fail=1
  fi
}
expect "plot r" 2 roofline
expect "plot --tp 2 r" 4 roofline
expect_not "plot --tp 2 llama_3_1_8" 4 llama_3_1_8b_instruct
expect "plot decode --tp 2 llama_3_1_8" 5 llama_3_1_8b_instruct
expect "fit llama_3_1_8b_instruct --max-model-len 8192 h100" 5 h100_sxm
expect "fit --tp 2 llama_3_1_8" 4 llama_3_1_8b_instruct
exit $fail
