#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Instructions per decode estimate (callgrind) for every shipped model, side by side over trees:
#
#   bench/callgrind/run.sh [--calls N] TREE...    # e.g. bench/callgrind/run.sh /tmp/hr-476db5b .
#
# Each TREE is a checkout of this repository (a `git worktree add` of an older commit works);
# decode_counts.cpp from THIS checkout is compiled against each tree's headers with g++ -O2 and
# run under valgrind --tool=callgrind; the table (Markdown, stdout) gives instructions per call
# of decode_step (documented call, h20, C=1, context 4096) and, where the tree has engine
# execution facts, of the CLI's path (single-device plan, vLLM's facts). Instruction counts do
# not depend on machine load, so the figures are repeatable on a busy machine.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=compile_counts.sh
source "$here/compile_counts.sh"
calls=50
if [[ "${1:-}" == "--calls" ]]; then calls="$2"; shift 2; fi
(($#)) || { echo "usage: $0 [--calls N] TREE..." >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cols=()
i=0
for tree in "$@"; do
  compile_counts "$tree" "$work/counts$i"
  echo "== $label: running under callgrind ($calls calls per model and path)" >&2
  (cd "$work" && valgrind --tool=callgrind --callgrind-out-file="$work/cg$i.%p" "$work/counts$i" "$calls" >/dev/null 2>"$work/vg$i.log")
  cols+=("$label=$work/cg$i")
  i=$((i + 1))
done
python3 - "$calls" "${cols[@]}" <<'PY'
import glob, sys
calls = int(sys.argv[1])
cols = []
for arg in sys.argv[2:]:
    label, prefix = arg.split("=", 1)
    counts = {}
    for f in glob.glob(prefix + ".*.*"):
        name = total = None
        for line in open(f):
            if line.startswith("desc: Trigger: Client Request: "):
                name = line.split("Client Request: ", 1)[1].strip()
            elif line.startswith("summary:"):
                total = int(line.split()[1])
        if name and total is not None:
            counts[name] = total / calls
    cols.append((label, counts))
names = sorted({n for _, c in cols for n in c}, key=lambda n: (n.split()[0], n.split()[1]))
print("| path | model | " + " | ".join(f"{l} (instr/call)" for l, _ in cols) + " |")
print("|---|---|" + "---:|" * len(cols))
for n in names:
    path, model = n.split(" ", 1)
    print(f"| {path} | {model} | " + " | ".join(f"{c[n]:,.0f}" if n in c else "-" for _, c in cols) + " |")
PY
