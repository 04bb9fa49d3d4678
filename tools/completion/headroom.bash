# SPDX-License-Identifier: MIT
# bash completion for headroom: commands, then model and device ids (asked of the installed
# tool itself, so new tables complete without editing this file), then each command's flags.
_headroom_ids() {  # _headroom_ids models|devices
  "${_headroom_cmd:-headroom}" list "$1" --json 2>/dev/null |
    sed -n 's/^    {$//; s/^      "id": "\([^"]*\)",$/\1/p'
}

_headroom() {
  local cur prev words cword
  _init_completion 2>/dev/null || {
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD - 1]}"
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
  }
  _headroom_cmd="${words[0]}"
  local commands="list report matrix fit plan decode prefill serve sla header plot import verify"
  if ((cword == 1)); then
    mapfile -t COMPREPLY < <(compgen -W "$commands --help --version" -- "$cur")
    return
  fi
  local command="${words[1]}"
  case "$prev" in
    -o | --output | --measured | --config | --gguf | --quant | --device-spec)
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return
      ;;
    --kv | --kv-cache-dtype) mapfile -t COMPREPLY < <(compgen -W "auto bf16 fp8 fp8_e4m3 fp8_e5m2" -- "$cur"); return ;;
    --ssm-h) mapfile -t COMPREPLY < <(compgen -W "f32 bf16 f16" -- "$cur"); return ;;
    --engine) mapfile -t COMPREPLY < <(compgen -W "vllm sglang trtllm llama.cpp none" -- "$cur"); return ;;
    --format) mapfile -t COMPREPLY < <(compgen -W "md json csv h" -- "$cur"); return ;;
    --models) mapfile -t COMPREPLY < <(compgen -W "$(_headroom_ids models)" -- "$cur"); return ;;
    --devices) mapfile -t COMPREPLY < <(compgen -W "all $(_headroom_ids devices)" -- "$cur"); return ;;
    --gpu-memory) mapfile -t COMPREPLY < <(compgen -W "16GiB 24GiB 32GiB 48GiB 64GiB 80GiB" -- "$cur"); return ;;
    --bandwidth) mapfile -t COMPREPLY < <(compgen -W "GB/s TB/s" -P "${cur//[^0-9.]/}" -- "") ; return ;;
    --bf16-tflops | --fp8-tflops | --fp4-tflops) return ;;  # a number
  esac
  if [[ "$cur" == -* ]]; then
    local flags
    flags="$("$_headroom_cmd" "$command" --help 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)"
    mapfile -t COMPREPLY < <(compgen -W "$flags --help" -- "$cur")
    return
  fi
  # Positionals: `list` takes what to list; the others MODEL then DEVICE. A word after a flag
  # that takes a value is that value, not a positional: the flags that do are read from the
  # command's own --help (`--tp N`, `--max-model-len TOKENS`), so engine and plan flags count.
  local positional=0 i value_flags
  value_flags=" $("$_headroom_cmd" "$command" --help 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]* [A-Z][A-Z_.,]*' | cut -d' ' -f1 | tr '\n' ' ') "
  for ((i = 2; i < cword; i++)); do
    [[ "${words[i]}" == -* ]] && continue
    [[ "${words[i - 1]}" == --* && "$value_flags" == *" ${words[i - 1]} "* ]] && continue
    case "${words[i - 1]}" in -o | --output | --measured | --config | --gguf | --quant | --id | --kv | --kv-cache-dtype | --ssm-h | --engine | --models | --devices | --context | --seqs | --batch | --tokens | --macro-prefix | --format | --isl | --osl | --prefix | --concurrency | --requests-per-client | --ttft-ms | --tpot-ms | --gpus | --prefill-workers | --prefill-tp | --decode-workers | --decode-tp | --speculative-tokens | --acceptance-length | --draft-model | --calibration | --device-spec | --gpu-memory | --bandwidth | --bf16-tflops | --fp8-tflops | --fp4-tflops) continue ;; esac
    positional=$((positional + 1))
  done
  case "$command" in
    list) ((positional == 0)) && mapfile -t COMPREPLY < <(compgen -W "models devices" -- "$cur") ;;
    matrix) ;;
    sla) ((positional == 0)) && mapfile -t COMPREPLY < <(compgen -W "$(_headroom_ids models)" -- "$cur") ;;
    plot)  # the chart, the model, then devices
      if ((positional == 0)); then
        mapfile -t COMPREPLY < <(compgen -W "roofline memory decode pareto" -- "$cur")
      elif ((positional == 1)); then
        mapfile -t COMPREPLY < <(compgen -W "$(_headroom_ids models)" -- "$cur")
      else
        mapfile -t COMPREPLY < <(compgen -W "$(_headroom_ids devices)" -- "$cur")
      fi
      ;;
    import) ((positional == 0)) && mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;  # a config.json or folder
    verify)  # the checkpoint folder, then a model id
      if ((positional == 0)); then
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
      else
        mapfile -t COMPREPLY < <(compgen -W "$(_headroom_ids models)" -- "$cur")
      fi
      ;;
    *)
      if ((positional == 0)); then
        mapfile -t COMPREPLY < <(compgen -W "$(_headroom_ids models)" -- "$cur")
      else
        mapfile -t COMPREPLY < <(compgen -W "$(_headroom_ids devices)" -- "$cur")
      fi
      ;;
  esac
}
complete -F _headroom headroom
