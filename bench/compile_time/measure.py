#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compile-time cost of headroom's static checks, standard library only.

Generates translation units, compiles each with every compiler (`-std=c++20 -c`, include paths,
nothing else), and prints one Markdown table of the median wall time per TU:

  headers_full        headroom.hpp + models.hpp + devices.hpp, no check (the baseline)
  fits_largest_x1     the baseline + exactly one fits() on the largest model (by node count)
  grid_NxM            the baseline + fits() for the first N registry models x first M devices
  single_headers      headroom.hpp + one model header + the one device header it needs
  single_fits         single_headers + one fits() on that pair (the common path)
  fit_hpp_fits        fit.hpp (the header that declares fits) + the same model and device
                      headers + the same fits(): what a build that checks one pair includes

Each check is `constexpr bool fit_k = headroom::fits(models::X, devices::Y, {.seqs = 1,
.context = 4096}); static_assert(fit_k || !fit_k);`: fits() is constant-evaluated exactly once
and the TU compiles whether or not the model fits. Then, once, for the baseline and the largest
grid TU: g++ -ftime-report ("constant expression evaluation") and clang -ftime-trace (its
constant-evaluation events when the compiler emits them; clang 14 emits none, so the table also
gives Total Frontend minus Total Source, i.e. the frontend time outside the headers).

  bench/compile_time/measure.py            # full: N, M in {1, 5, all}, median of 3
  bench/compile_time/measure.py --quick    # 1 repetition, N, M in {1, 5}: a smoke test
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INCLUDE_DIRS = [ROOT / "include", ROOT / "models" / "include", ROOT / "devices" / "include",
                ROOT / "engines" / "include"]
MODEL_DIR = ROOT / "models" / "include" / "headroom" / "models"
DEVICE_DIR = ROOT / "devices" / "include" / "headroom" / "devices"
FULL_HEADERS = ["headroom/headroom.hpp", "headroom/models.hpp", "headroom/devices.hpp"]
DEPLOYMENT = "{.seqs = 1, .context = 4096}"
COMMON_MODEL = "llama_3_1_8b_instruct"
COMMON_DEVICE = "h100_sxm"
COMPILE_TIMEOUT_S = 600


class CompileError(RuntimeError):
    pass


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def base_cmd(cxx: str) -> list[str]:
    return [cxx, "-std=c++20", *[f"-I{p}" for p in INCLUDE_DIRS]]


def compile_tu(cxx: str, src: Path, obj: Path, extra: list[str] | None = None) -> tuple[float, float, str]:
    """Compiles src to obj; returns (wall s, child CPU user+sys s, stderr). Raises CompileError."""
    cmd = base_cmd(cxx) + (extra or []) + ["-c", str(src), "-o", str(obj)]
    ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S)
    dt = time.perf_counter() - t0
    ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        first = next((l for l in r.stderr.splitlines() if "error" in l), r.stderr.strip()[:300])
        raise CompileError(f"{cxx} {src.name}: {first}")
    cpu = (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime)
    return dt, cpu, r.stderr


def compiler_label(cxx: str) -> str:
    out = subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"(\d+\.\d+\.\d+)", out.splitlines()[0] if out else "")
    return f"{Path(cxx).name} {m.group(1)}" if m else Path(cxx).name


def registry_names(path: Path) -> list[str]:
    """The `&name` entries of `inline constexpr std::array<...> all{...};` or of `inline constexpr
    auto all = std::to_array<...>({...});`, in order."""
    text = path.read_text()
    m = re.search(r"\ball\b[^;{]*\{(.*?)\}\)?;", text, re.S)
    if not m:
        raise SystemExit(f"cannot find the `all` array in {path}")
    return re.findall(r"&\s*(\w+)", m.group(1))


def registry_facts(cxx: str, work: Path) -> tuple[list[tuple[str, int]], list[str]]:
    """(model id, node count) and device ids in registry order, from a helper built with cxx."""
    exe = work / "registry_info"
    src = Path(__file__).with_name("registry_info.cpp")
    r = subprocess.run(base_cmd(cxx) + ["-O0", str(src), "-o", str(exe)], capture_output=True, text=True,
                       timeout=COMPILE_TIMEOUT_S)
    if r.returncode != 0:
        raise SystemExit(f"building {src.name} failed:\n{r.stderr[-2000:]}")
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    models, devices = [], []
    for line in out.splitlines():
        f = line.split("\t")
        if f[0] == "model":
            models.append((f[2], int(f[3])))
        elif f[0] == "device":
            devices.append(f[2])
    return models, devices


def header_declaring(directory: Path, kind: str, name: str) -> str | None:
    pat = re.compile(rf"\binline\s+constexpr\s+{kind}\s+{re.escape(name)}\b")
    for h in sorted(directory.glob("*.hpp")):
        if pat.search(h.read_text()):
            return f"headroom/{directory.name}/{h.name}"
    return None


def tu_text(headers: list[str], pairs: list[tuple[str, str]]) -> str:
    lines = ["// Generated by bench/compile_time/measure.py.", *[f"#include <{h}>" for h in headers], ""]
    for k, (m, d) in enumerate(pairs):
        lines.append(f"constexpr bool fit_{k} = headroom::fits(headroom::models::{m}, headroom::devices::{d}, {DEPLOYMENT});")
        lines.append(f"static_assert(fit_{k} || !fit_{k});")
    lines.append("int headroom_compile_time_tu();")  # a TU is never empty
    return "\n".join(lines) + "\n"


def parse_grid(spec: str, total: int) -> list[int]:
    out = []
    for s in spec.split(","):
        s = s.strip()
        n = total if s == "all" else int(s)
        n = min(n, total)
        if n >= 1 and n not in out:
            out.append(n)
    return out


def gcc_const_eval_s(stderr: str) -> float | None:
    """Wall seconds of GCC's "constant expression evaluation" timevar (-ftime-report)."""
    for line in stderr.splitlines():
        if line.strip().startswith("constant expression evaluation"):
            nums = re.findall(r"(\d+\.\d+)\s*\(", line)
            if len(nums) >= 3:
                return float(nums[2])  # usr, sys, wall
    return None


def clang_trace_facts(trace: Path) -> dict:
    """Constant-evaluation events (seconds) if clang emits any, and frontend outside headers."""
    events = json.loads(trace.read_text()).get("traceEvents", [])
    totals: dict[str, float] = {}
    for e in events:
        if e.get("ph") == "X" and str(e.get("name", "")).startswith("Total "):
            totals[e["name"][6:]] = e.get("dur", 0) / 1e6
    pat = re.compile(r"(?i)constexpr|constant|evaluat")
    const_names = sorted(n for n in totals if pat.search(n))
    if not const_names:  # no aggregate: sum the raw events (may double count nesting)
        raw = [e for e in events if e.get("ph") == "X" and pat.search(str(e.get("name", "")))]
        const_s = sum(e.get("dur", 0) for e in raw) / 1e6 if raw else None
        const_names = sorted({str(e["name"]) for e in raw})
    else:
        const_s = sum(totals[n] for n in const_names)
    frontend = totals.get("Frontend")
    source = totals.get("Source", 0.0)
    return {
        "const_eval_s": const_s,
        "const_eval_events": const_names,
        "frontend_s": frontend,
        "source_s": source,
        "frontend_outside_headers_s": None if frontend is None else frontend - source,
    }


def fmt_s(x: float | None, sign: bool = False) -> str:
    if x is None:
        return "n/a"
    return f"{x:+.2f}" if sign else f"{x:.2f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="1 repetition, grid {1,5} x {1,5} (smoke test)")
    ap.add_argument("--reps", type=int, default=None, help="repetitions per TU and compiler (default 3; quick 1)")
    ap.add_argument("--models", default=None, help="grid N values, e.g. 1,5,all (default 1,5,all; quick 1,5)")
    ap.add_argument("--devices", default=None, help="grid M values (default 1,5,all; quick 1,5)")
    ap.add_argument("--compilers", default="g++,clang++", help="comma-separated (default g++,clang++)")
    ap.add_argument("--no-trace", action="store_true", help="skip the -ftime-report / -ftime-trace runs")
    ap.add_argument("--keep", type=Path, default=None, help="write the TUs (and traces) here and keep them")
    ap.add_argument("--json", type=Path, default=None, help="also write the results as JSON here")
    args = ap.parse_args()

    reps = args.reps if args.reps is not None else (1 if args.quick else 3)
    grid_default = "1,5" if args.quick else "1,5,all"
    compilers = [c for c in args.compilers.split(",") if c]
    for c in compilers:
        if shutil.which(c) is None:
            raise SystemExit(f"compiler not found: {c}")
    labels = {c: compiler_label(c) for c in compilers}

    work = args.keep if args.keep else Path(tempfile.mkdtemp(prefix="headroom-ct-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        model_names = registry_names(MODEL_DIR / "registry.hpp")
        device_names = registry_names(DEVICE_DIR / "registry.hpp")
        facts_models, facts_devices = registry_facts(compilers[0], work)
        if len(facts_models) != len(model_names) or len(facts_devices) != len(device_names):
            raise SystemExit("registry.hpp parse does not match the compiled registries")
        nodes = {name: n for name, (_, n) in zip(model_names, facts_models)}
        largest = max(model_names, key=lambda n: (nodes[n], -model_names.index(n)))
        device = COMMON_DEVICE if COMMON_DEVICE in device_names else device_names[0]

        tus: list[dict] = []

        def add(key: str, what: str, headers: list[str], pairs: list[tuple[str, str]]) -> None:
            src = work / f"{key}.cpp"
            src.write_text(tu_text(headers, pairs))
            tus.append({"key": key, "what": what, "src": src, "checks": len(pairs), "times": {c: [] for c in compilers},
                        "cpu": {c: [] for c in compilers}})

        add("headers_full", "headroom.hpp + models.hpp + devices.hpp, no check (baseline)", FULL_HEADERS, [])
        add("fits_largest_x1", f"baseline + 1 fits: {largest} ({nodes[largest]} nodes) on {device}", FULL_HEADERS,
            [(largest, device)])
        grid_keys = []
        for n in parse_grid(args.models or grid_default, len(model_names)):
            for m in parse_grid(args.devices or grid_default, len(device_names)):
                key = f"grid_{n}x{m}"
                grid_keys.append(key)
                pairs = [(mm, dd) for mm in model_names[:n] for dd in device_names[:m]]
                add(key, f"baseline + {n} models x {m} devices = {n * m} fits (registry order)", FULL_HEADERS, pairs)
        # A checkpoint's header lives in its publisher's folder (models/checkpoints/<publisher>/).
        found = sorted(MODEL_DIR.rglob(f"{COMMON_MODEL}.hpp"))
        mh = str(found[0].relative_to(MODEL_DIR.parents[1])) if found else None
        dh = header_declaring(DEVICE_DIR, "device", COMMON_DEVICE)
        if mh and dh:
            single = ["headroom/headroom.hpp", mh, dh]
            add("single_headers", f"headroom.hpp + <{mh}> + <{dh}>, no check", single, [])
            add("single_fits", f"single_headers + 1 fits: {COMMON_MODEL} on {COMMON_DEVICE}", single,
                [(COMMON_MODEL, COMMON_DEVICE)])
            add("fit_hpp_fits", f"fit.hpp + <{mh}> + <{dh}> + 1 fits", ["headroom/fit.hpp", mh, dh],
                [(COMMON_MODEL, COMMON_DEVICE)])
        else:
            log(f"note: no single header for {COMMON_MODEL} / {COMMON_DEVICE}; common-path rows skipped")

        failures: dict[tuple[str, str], str] = {}
        total = reps * len(tus) * len(compilers)
        done = 0
        for rep in range(reps):  # interleaved, so slow phases of a noisy machine spread over all TUs
            for tu in tus:
                for c in compilers:
                    done += 1
                    if (tu["key"], c) in failures:
                        continue
                    try:
                        dt, cpu, _ = compile_tu(c, tu["src"], work / f"{tu['key']}.o")
                        tu["times"][c].append(dt)
                        tu["cpu"][c].append(cpu)
                        log(f"[{done}/{total}] {labels[c]:>14} {tu['key']:<18} {dt:6.2f} s wall {cpu:6.2f} s cpu")
                    except (CompileError, subprocess.TimeoutExpired) as e:
                        failures[(tu["key"], c)] = str(e)
                        log(f"[{done}/{total}] FAILED {e}")

        largest_grid = max(grid_keys, key=lambda k: next(t["checks"] for t in tus if t["key"] == k)) if grid_keys else None
        traces: dict[str, dict] = {}
        if not args.no_trace:  # median over `reps` traced compiles of each TU, per fact
            gxx = next((c for c in compilers if "clang" not in c), None)
            clg = next((c for c in compilers if "clang" in c), None)
            for key in ["headers_full", "fits_largest_x1"] + ([largest_grid] if largest_grid else []):
                if not any(t["key"] == key for t in tus):
                    continue
                src = work / f"{key}.cpp"
                samples: list[dict] = []
                facts: dict = {}
                try:
                    for _ in range(reps):
                        one: dict = {}
                        if gxx:
                            _, _, err = compile_tu(gxx, src, work / f"{key}.gcc-report.o", ["-ftime-report"])
                            one["gcc_const_eval_s"] = gcc_const_eval_s(err)
                        if clg:
                            obj = work / f"{key}.trace.o"
                            compile_tu(clg, src, obj, ["-ftime-trace"])
                            one.update(clang_trace_facts(obj.with_suffix(".json")))
                        samples.append(one)
                    for k in samples[0]:
                        vals = [x[k] for x in samples]
                        nums = [v for v in vals if isinstance(v, (int, float))]
                        facts[k] = statistics.median(nums) if len(nums) == len(vals) and nums else vals[0]
                except (CompileError, subprocess.TimeoutExpired, OSError, ValueError) as e:
                    facts = {"error": str(e)}
                traces[key] = facts
                log(f"trace {key} (median of {len(samples)}): {facts}")

        results = {
            "reps": reps,
            "compilers": {c: labels[c] for c in compilers},
            "largest_model": {"name": largest, "nodes": nodes[largest]},
            "tus": [{"key": t["key"], "what": t["what"], "checks": t["checks"],
                     "median_s": {c: (statistics.median(t["times"][c]) if t["times"][c] else None) for c in compilers},
                     "median_cpu_s": {c: (statistics.median(t["cpu"][c]) if t["cpu"][c] else None) for c in compilers},
                     "times_s": t["times"], "cpu_s": t["cpu"]} for t in tus],
            "traces": traces,
            "largest_grid": largest_grid,
            "failures": {f"{k[0]}|{k[1]}": v for k, v in failures.items()},
        }
        if args.json:
            args.json.write_text(json.dumps(results, indent=1))
        print(markdown(results))
        return 1 if failures else 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def markdown_rows(results: dict) -> list[list[str]]:
    """Rows [translation unit, what, one cell per compiler] (shared with bench/report.py)."""
    comps = list(results["compilers"])
    med = {t["key"]: t["median_s"] for t in results["tus"]}
    fails = results.get("failures", {})
    rows = []

    def cell(key: str, c: str) -> str:
        if f"{key}|{c}" in fails:
            return "fails"
        return fmt_s(med[key][c])

    for t in results["tus"]:
        rows.append([f"`{t['key']}`", t["what"], *[cell(t["key"], c) for c in comps]])
        if t["key"] == "fits_largest_x1" and "headers_full" in med:
            d = []
            for c in comps:
                a, b = med["fits_largest_x1"][c], med["headers_full"][c]
                d.append(fmt_s(a - b, sign=True) if a is not None and b is not None else "n/a")
            rows.append(["Δ one fits, largest", "`fits_largest_x1` − `headers_full`, wall (target ≤ +0.3 s)", *d])
            cpu = {t["key"]: t.get("median_cpu_s", {}) for t in results["tus"]}
            d = []
            for c in comps:
                a, b = cpu["fits_largest_x1"].get(c), cpu["headers_full"].get(c)
                d.append(fmt_s(a - b, sign=True) if a is not None and b is not None else "n/a")
            rows.append(["Δ one fits, largest (CPU)", "the same difference in compiler user+sys CPU time", *d])
    tr = results.get("traces", {})
    if "headers_full" in tr and "fits_largest_x1" in tr and "error" not in tr["headers_full"] and "error" not in tr["fits_largest_x1"]:
        a, b = tr["fits_largest_x1"], tr["headers_full"]
        d = []
        for c in comps:
            k = "frontend_outside_headers_s" if "clang" in c else "gcc_const_eval_s"
            d.append(fmt_s(a[k] - b[k], sign=True) if a.get(k) is not None and b.get(k) is not None else "n/a")
        rows.append(["Δ one fits, largest (traced)", "g++: const-eval of `fits_largest_x1` − `headers_full`; "
                     "clang: frontend outside headers, same difference", *d])
    for key, f in tr.items():
        if "error" in f:
            rows.append([f"`{key}` traces", f["error"], *["n/a" for _ in comps]])
            continue
        ce = []
        for c in comps:
            if "clang" in c:
                ce.append(fmt_s(f.get("const_eval_s")) if f.get("const_eval_s") is not None else "n/a (no event)")
            else:
                ce.append(fmt_s(f.get("gcc_const_eval_s")))
        rows.append([f"`{key}` const-eval", "g++ -ftime-report \"constant expression evaluation\" (wall); "
                     "clang -ftime-trace constant-evaluation events", *ce])
        if any("clang" in c for c in comps):
            rows.append([f"`{key}` frontend outside headers",
                         "clang -ftime-trace: Total Frontend − Total Source (≈ the TU's own checks)",
                         *[fmt_s(f.get("frontend_outside_headers_s")) if "clang" in c else "" for c in comps]])
    return rows


def markdown(results: dict) -> str:
    comps = list(results["compilers"])
    head = ["translation unit", "contents", *[f"{results['compilers'][c]} (s)" for c in comps]]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * 2 + "---:|" * len(comps)]
    lines += ["| " + " | ".join(r) + " |" for r in markdown_rows(results)]
    lines.append("")
    lines.append(f"Median wall time of {results['reps']} compile(s), `-std=c++20 -c` + include paths only. "
                 f"Largest model by node count: {results['largest_model']['name']} "
                 f"({results['largest_model']['nodes']} nodes).")
    for k, v in results.get("failures", {}).items():
        lines.append(f"- failed: {k}: {v}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
