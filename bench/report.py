#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Prints one Markdown table from headroom_bench JSON output(s) and measure.py's JSON.

  bench/report.py --runtime g++=build-bench/results/runtime-g++.json \\
                  --runtime clang++=build-bench/results/runtime-clang++.json \\
                  --compile-time build-bench/results/compile-time.json

Run time: per-call rows are CPU time per call (median over repetitions when there are several);
the sweep row is wall time of one whole sweep, and its estimates/s a rate over wall time.
Standard library only.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent / "compile_time"))
import measure  # noqa: E402  (shares the compile-time rows)

UNIT_TO_US = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}


def run(cmd: list[str]) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def machine_line(compilers: list[str]) -> str:
    cpu = ""
    for line in run(["lscpu"]).splitlines():
        if line.startswith("Model name:"):
            cpu = line.split(":", 1)[1].strip()
            break
    cpu = cpu or platform.processor() or "unknown CPU"
    cores = run(["nproc"]) or "?"
    comps = ", ".join(measure.compiler_label(c) for c in compilers)
    bench = run(["dpkg-query", "-W", "-f=${Version}", "libbenchmark-dev"])
    sha = run(["git", "-C", str(measure.ROOT), "rev-parse", "--short", "HEAD"])
    dirty = " (+ local changes)" if run(["git", "-C", str(measure.ROOT), "status", "--porcelain"]) else ""
    parts = [f"{cores} cores (nproc), {cpu}", comps]
    if bench:
        parts.append(f"Google Benchmark {bench}")
    if sha:
        parts.append(f"headroom {sha}{dirty}")
    return "Machine: " + "; ".join(parts) + "."


def load_runtime(path: Path) -> dict[str, dict]:
    """name -> entry; the median aggregate when repetitions ran, else the single run."""
    data = json.loads(path.read_text())
    out: dict[str, dict] = {}
    entries = data.get("benchmarks", [])
    medians = [e for e in entries if e.get("aggregate_name") == "median"]
    for e in medians or [e for e in entries if e.get("run_type", "iteration") == "iteration"]:
        out[e.get("run_name", e["name"])] = e
    return out


def fmt_num(x: float) -> str:
    if x >= 1e5:
        return f"{x:,.0f}"
    if x >= 100:
        return f"{x:.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.3f}" if x < 1 else f"{x:.2f}"


def runtime_rows(runs: dict[str, dict[str, dict]], comps: list[str]) -> list[list[str]]:
    names: list[str] = []
    for c in comps:
        for n in runs.get(c, {}):
            if n not in names:
                names.append(n)
    rows = []
    for n in names:
        first = next(runs[c][n] for c in comps if n in runs.get(c, {}))
        label = first.get("label", "")
        shown = re.sub(r"/real_time$", "", n)
        if n.startswith("sweep"):
            cells_ms, cells_rate = [], []
            for c in comps:
                e = runs.get(c, {}).get(n)
                if e is None:
                    cells_ms.append("")
                    cells_rate.append("")
                    continue
                cells_ms.append(fmt_num(e["real_time"] * UNIT_TO_US[e["time_unit"]] / 1e3))
                cells_rate.append(fmt_num(e.get("estimates_per_s", 0.0)))
            est = int(first.get("estimates", 0))
            failed = int(first.get("failed", 0))
            extra = f", {failed} rejected by the core" if failed else ""
            rows.append(["run time", f"`{shown}`: one sweep of {est:,} decode estimates ({label}{extra}), wall",
                         *cells_ms, "ms"])
            rows.append(["run time", f"`{shown}`: estimates per second (target: sweep ≤ 1 s)", *cells_rate, "1/s"])
            continue
        cells = []
        for c in comps:
            e = runs.get(c, {}).get(n)
            cells.append("" if e is None else fmt_num(e["cpu_time"] * UNIT_TO_US[e["time_unit"]]))
        rows.append(["run time", f"`{shown}` ({label})", *cells, "µs/call (CPU)"])
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runtime", action="append", default=[], metavar="CXX=FILE",
                    help="headroom_bench --benchmark_out JSON built with compiler CXX (repeatable)")
    ap.add_argument("--compile-time", type=Path, default=None, help="measure.py --json output")
    args = ap.parse_args()

    runs: dict[str, dict[str, dict]] = {}
    for spec in args.runtime:
        cxx, _, f = spec.partition("=")
        runs[cxx] = load_runtime(Path(f))
    ct = json.loads(args.compile_time.read_text()) if args.compile_time else None

    comps: list[str] = list(runs)
    if ct:
        for c in ct["compilers"]:
            if c not in comps:
                comps.append(c)
    labels = {c: measure.compiler_label(c) for c in comps}

    print(machine_line(comps))
    print()
    print("| part | measurement | " + " | ".join(labels[c] for c in comps) + " | unit |")
    print("|---|---|" + "---:|" * len(comps) + "---|")
    rows = runtime_rows(runs, comps) if runs else []
    for r in rows:
        print("| " + " | ".join(r) + " |")
    if ct:
        ct_comps = list(ct["compilers"])
        for r in measure.markdown_rows(ct):
            key, what, cells = r[0], r[1], dict(zip(ct_comps, r[2:]))
            print("| compile time | " + f"{key}: {what}" + " | " + " | ".join(cells.get(c, "") for c in comps) + " | s |")
    print()
    notes = []
    if runs:
        notes.append("Run time: `headroom_bench` built Release + `-O2` with each compiler, single thread; "
                     "per-call rows are CPU time per call, the sweep is wall time.")
    if ct:
        notes.append(f"Compile time: median wall time of {ct['reps']} compile(s) per cell, `-std=c++20 -c` and "
                     "include paths only; grid TUs take the first N models and M devices in registry order.")
        for k, v in ct.get("failures", {}).items():
            notes.append(f"Compile failure: {k}: {v}")
    for n in notes:
        print(n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
