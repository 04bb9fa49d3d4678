#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Measures how many config.json files of a corpus `headroom import` accepts (not run in CI).
#
#   tools/import-corpus.sh [-v] HEADROOM CORPUS_DIR
#
# CORPUS_DIR is searched for checkpoint folders (any folder holding a config.json; its
# hf_quant_config.json is read too, as `--config FOLDER` reads it) and for loose *.json files
# that are not in such a folder. Each is imported on its own; the script prints one line per
# config, `accepted  NAME  model_type` or `refused   NAME  <the importer's one-line reason>`,
# then the rate and the refusals grouped by reason (the file name taken out, so that configs
# refused for the same key count together). -v adds nothing but the import's notes of each
# accepted config. Exit status: 0 when every config was imported, 1 when some were refused,
# 2 on a usage error.
set -u

verbose=0
if [[ ${1:-} == -v ]]; then verbose=1; shift; fi
if [[ $# -ne 2 || ! -x $1 || ! -d $2 ]]; then
  echo "usage: $0 [-v] HEADROOM CORPUS_DIR" >&2
  exit 2
fi
headroom=$1
corpus=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The checkpoint folders, then the loose JSON files outside them (hf_quant_config.json and
# model.safetensors.index.json files are read with their folder, never on their own).
mapfile -t folders < <(find "$corpus" -name config.json -printf '%h\n' | sort -u)
mapfile -t loose < <(find "$corpus" -name '*.json' ! -name config.json ! -name hf_quant_config.json \
                       ! -name '*.index.json' ! -name generation_config.json -printf '%p\n' | sort |
                     while read -r f; do [[ -f $(dirname "$f")/config.json ]] || echo "$f"; done)

accepted=0
refused=0
: > "$scratch/reasons"
for input in "${folders[@]}" "${loose[@]}"; do
  name=${input#"$corpus"/}
  [[ $input == "$corpus" ]] && name=$(basename "$corpus")
  cfg=$input
  [[ -d $input ]] && cfg=$input/config.json
  model_type=$(grep -o '"model_type": *"[^"]*"' "$cfg" | head -1 | sed 's/.*: *"\(.*\)"/\1/')
  if "$headroom" import "$input" --id corpus_model > "$scratch/out" 2> "$scratch/err"; then
    accepted=$((accepted + 1))
    printf 'accepted  %s  %s\n' "$name" "${model_type:-?}"
    if [[ $verbose == 1 ]]; then sed -n 's|^// *note: *|    note: |p' "$scratch/out"; fi
  else
    refused=$((refused + 1))
    reason=$(grep -m1 'error:' "$scratch/err" || head -1 "$scratch/err")
    reason=${reason#headroom: error: }
    printf 'refused   %s  %s\n' "$name" "$reason"
    # Group by what follows the file name: "<file>: key `k`: why" -> "key `k`: why".
    printf '%s\n' "${reason#"$cfg": }" >> "$scratch/reasons"
  fi
done

total=$((accepted + refused))
if [[ $total -eq 0 ]]; then
  echo "no config.json found under $corpus" >&2
  exit 2
fi
echo
printf 'accepted %d of %d (%d%%), refused %d\n' "$accepted" "$total" $((100 * accepted / total)) "$refused"
if [[ $refused -gt 0 ]]; then
  echo
  echo "refusals by reason:"
  sort "$scratch/reasons" | uniq -c | sort -rn
  exit 1
fi
exit 0
