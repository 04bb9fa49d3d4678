#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Regenerates every golden output of the CLI (tests/cli/goldens.txt -> tests/golden/), or with
# --check reports the stale ones and exits 1 without writing. Builds the CLI first.
#
#   tools/regen-goldens.sh [--check] [BUILD_DIR]     (BUILD_DIR defaults to build)
#
# Golden files change when a model or device table changes or joins a registry (list, matrix,
# "which other devices hold it"); review the diff, then commit it with the table change.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
if [[ "${1:-}" == "--check" ]]; then
  check=1
  shift
fi
build="${1:-build}"
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" --target headroom_cli >/dev/null
cli="$(pwd)/$build/tools/headroom"
[[ "$build" = /* ]] && cli="$build/tools/headroom"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
stale=0
while IFS= read -r line; do
  [[ "$line" =~ ^# || "$line" != *"|"* ]] && continue
  golden="$(echo "${line%%|*}" | xargs)"
  args="${line#*|}"
  out="$tmp/$golden"
  if [[ "$args" == *"@OUT@"* ]]; then
    # shellcheck disable=SC2086  # arguments are words, as CTest splits them
    "$cli" ${args//@OUT@/$out} >/dev/null 2>"$tmp/stderr" || { cat "$tmp/stderr"; echo "failed: headroom$args" >&2; exit 1; }
  else
    # shellcheck disable=SC2086
    "$cli" $args >"$out" 2>"$tmp/stderr" || { cat "$tmp/stderr"; echo "failed: headroom$args" >&2; exit 1; }
  fi
  if ! cmp -s "$out" "tests/golden/$golden"; then
    if ((check)); then
      echo "stale: tests/golden/$golden (headroom $(echo $args | xargs))"
      stale=1
    else
      cp "$out" "tests/golden/$golden"
      echo "wrote tests/golden/$golden"
    fi
  fi
done <tests/cli/goldens.txt
if ((check)); then
  ((stale)) && { echo "run tools/regen-goldens.sh to regenerate"; exit 1; }
  echo "every golden file is current"
fi
