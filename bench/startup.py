#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Process CPU time (user + system) of a command, per run, averaged over N runs.

    python3 bench/startup.py N COMMAND...   # e.g. 300 build/tools/headroom --version

Uses the children's rusage, so it works where `perf` is not installed; run /bin/true the same way
for the machine's floor (fork, exec and the dynamic loader of a C program).
"""
import resource
import subprocess
import sys


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    n = int(sys.argv[1])
    cmd = sys.argv[2:]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(n):
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"{cpu / n * 1e3:.2f} ms CPU per run over {n} runs: {' '.join(cmd)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
