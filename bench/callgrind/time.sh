#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Wall time per decode estimate for every shipped model, side by side over trees:
#
#   bench/callgrind/time.sh [--calls N] [--rounds R] TREE...   # e.g. time.sh /tmp/hr-476db5b .
#
# decode_counts.cpp from THIS checkout is compiled against each tree's headers (g++ -O2, as
# run.sh does) and run in its `time` mode (best of 5 batches of N calls per model and path).
# The trees' binaries take turns, R rounds, and each figure is the best over the rounds: a
# shared VM's speed drifts by a third for seconds at a time, so only times taken in the same
# stretch compare (run.sh's instruction counts do not drift at all). Markdown on stdout.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=compile_counts.sh
source "$here/compile_counts.sh"
calls=3000
rounds=8
while [[ "${1:-}" == --* ]]; do
  case "$1" in
    --calls) calls="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
(($#)) || { echo "usage: $0 [--calls N] [--rounds R] TREE..." >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
labels=()
i=0
for tree in "$@"; do
  compile_counts "$tree" "$work/counts$i"
  labels+=("$label")
  i=$((i + 1))
done
for ((r = 1; r <= rounds; r++)); do
  echo "== round $r of $rounds" >&2
  for ((k = 0; k < i; k++)); do "$work/counts$k" "$calls" time | sed "s|^|$k |"; done
done > "$work/times"
python3 - "$work/times" "${labels[@]}" <<'PY'
import sys
path, labels = sys.argv[1], sys.argv[2:]
best = {}
for line in open(path):
    k, kind, model, ns, _ = line.split()
    key = (kind, model, int(k))
    best[key] = min(best.get(key, float("inf")), float(ns))
names = sorted({(kind, model) for kind, model, _ in best})
print("| path | model | " + " | ".join(f"{l} (ns/call)" for l in labels) + " |")
print("|---|---|" + "---:|" * len(labels))
for kind, model in names:
    cells = [f"{best[(kind, model, k)]:,.0f}" if (kind, model, k) in best else "-" for k in range(len(labels))]
    print(f"| {kind} | {model} | " + " | ".join(cells) + " |")
PY
