#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Judge `headroom serve` against public serving measurements (bench/serving/measurements.csv).

For every measured row the script runs
    headroom serve MODEL DEVICE --isl N --osl N --engine E (--concurrency N | --request-rate R) [--tp N] [--ep N]
        [--pp N] [--kv fp8] [--requests-per-client R] [--speculative-tokens K --acceptance-length A] --breakdown --json
reads runs[0] and compares its ttft_ms / tpot_ms with the measured ones, and its tokens_per_s
(the deployment's output tokens a second) with a row's output_tokens_per_s where the source
published one (a third table). It also scores the
baseline "constant x ceiling": one constant per metric, the median of measured / ceiling over
the rows of the `calibrate` split, times the row's ceiling_ttft_ms / ceiling_tpot_ms. The
calibrate rows are always run (the constant needs them) whatever --split selects.

Rows the command refuses (non-zero exit, unreadable JSON, fits=false) and rows that cannot be
expressed as a command (data-parallel replicas, speculative decoding without a published
acceptance length beyond one client) are counted and listed with the reason; none is dropped
silently. A row with speculative decoding but no published acceptance length at one client is
scored on TTFT alone: a client alone has its prompt prefilled with no decode step beside it, so
headroom's TTFT there does not read the acceptance length (the command gets A = 1, and its TPOT
is not scored).

Python 3 standard library only. See bench/serving/README.md for the method.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REQUIRED = ("id", "split", "engine", "model", "device", "tp", "ep", "dp", "pp", "kv_dtype",
            "isl_tokens", "osl_tokens", "concurrency", "ttft_ms", "tpot_ms", "spec_tokens",
            "acceptance_length")
ENGINES = ("vllm", "sglang", "trtllm")
SPLITS = ("calibrate", "validate")
RUN_KEYS = ("ttft_ms", "tpot_ms", "ceiling_ttft_ms", "ceiling_tpot_ms", "tokens_per_s", "fits")
# serve --breakdown's terms of TTFT (with the run's wait_ms and transfer_ms they sum to ttft_ms).
TTFT_PARTS = ("front_end_ms", "first_round_ms", "in_flight_ms", "poll_ms", "decode_steps_ms", "prefill_ms",
              "admission_ms")


class InputError(Exception):
    """Bad input: one line naming what and where."""


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    if n == 0:
        return None
    mid = n // 2
    return xs[mid] if n % 2 else (xs[mid - 1] + xs[mid]) / 2.0


def percentile(xs, p):
    """Linear interpolation between closest ranks: rank = p/100 * (n - 1), 0-based."""
    xs = sorted(xs)
    if not xs:
        return None
    rank = p / 100.0 * (len(xs) - 1)
    lo = int(rank)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (rank - lo)


def abs_pct_error(predicted, measured):
    return abs(predicted - measured) / measured * 100.0


def _number(text, where, kind, positive=True):
    try:
        value = kind(text)
    except ValueError:
        raise InputError(f"{where}: '{text}' is not a {'whole ' if kind is int else ''}number")
    if positive and not value > 0:
        raise InputError(f"{where}: {value} must be positive")
    return value


def read_measurements(path):
    """Parse and check the measurement table; raises InputError naming file:line:column."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
            if missing:
                raise InputError(f"{path}:1: missing column(s) {', '.join(missing)}")
            rows, seen = [], set()
            for line, raw in enumerate(reader, start=2):
                rows.append(_check_row(raw, f"{path}:{line}", seen))
    except OSError as e:
        raise InputError(f"{path}: cannot read ({e.strerror})")
    if not rows:
        raise InputError(f"{path}: no measurement rows")
    return rows


def _check_row(raw, where, seen):
    if None in raw or any(v is None for v in raw.values()):
        raise InputError(f"{where}: wrong number of fields")
    row = dict(raw)
    if not row["id"] or row["id"] in seen:
        raise InputError(f"{where}: id '{row['id']}' is empty or repeated")
    seen.add(row["id"])
    if row["split"] not in SPLITS:
        raise InputError(f"{where}: split '{row['split']}' (expected calibrate or validate)")
    if row["engine"] not in ENGINES:
        raise InputError(f"{where}: engine '{row['engine']}' (expected {', '.join(ENGINES)})")
    # Optional: an open loop's request rate (the benchmark's --request-rate, requests a second
    # arriving at random), in place of a concurrency; a row has one or the other.
    rate = row.get("request_rate") or ""
    row["request_rate"] = _number(rate, f"{where}: request_rate", float) if rate else None
    if row["request_rate"] is not None:
        if row["concurrency"]:
            raise InputError(f"{where}: request_rate and concurrency both given (an open loop has no clients)")
        if row.get("requests"):
            raise InputError(f"{where}: requests belongs to a closed loop; an open loop's row has request_rate")
        row["concurrency"] = None
    for col in ("tp", "ep", "dp", "pp", "isl_tokens", "osl_tokens", "concurrency"):
        if col == "concurrency" and row["request_rate"] is not None:
            continue
        row[col] = _number(row[col], f"{where}: {col}", int)
    for col in ("ttft_ms", "tpot_ms", "acceptance_length"):
        row[col] = _number(row[col], f"{where}: {col}", float) if row[col] else None
    # Optional: the run's output tokens a second, the whole deployment's (every GPU).
    tps = row.get("output_tokens_per_s") or ""
    row["output_tokens_per_s"] = _number(tps, f"{where}: output_tokens_per_s", float) if tps else None
    # Optional: the same run's medians, where the source publishes them beside the means the
    # row records (InferenceX's result files, vLLM's and SGLang's bench_serving print both).
    # serve predicts a mean; these say how much of a mean's error is a tail of slow requests.
    for col in ("ttft_median_ms", "tpot_median_ms"):
        value = row.get(col) or ""
        row[col] = _number(value, f"{where}: {col}", float) if value else None
        if row[col] is not None and row.get("stat") != "mean":
            raise InputError(f"{where}: {col} is given but stat is '{row.get('stat') or ''}', "
                             f"not mean (a median belongs beside a mean)")
        if row[col] is not None and row[col.replace("_median", "")] is None:
            raise InputError(f"{where}: {col} is given without {col.replace('_median', '')}")
    # Optional: the server's launch flags that the serving model reads, as the source gives them.
    row["engine_flags"] = (row.get("engine_flags") or "").split()
    if row["engine_flags"] and not row["engine_flags"][0].startswith("--"):
        raise InputError(f"{where}: engine_flags '{row['engine_flags'][0]}' is not a flag")
    # A disaggregated row's plan is its workers' (--prefill-* / --decode-* in engine_flags); its
    # tp, ep, dp and pp columns are 1, and gpus is every worker's devices.
    if "--disagg" in row["engine_flags"]:
        if any(row[col] != 1 for col in ("tp", "ep", "dp", "pp")):
            raise InputError(f"{where}: a --disagg row's plan is in engine_flags; tp, ep, dp and pp must be 1")
        flags = row["engine_flags"]

        def flag(name, default):
            return _number(flags[flags.index(name) + 1], f"{where}: {name}", int) if name in flags else default
        workers = (flag("--prefill-workers", 0) * flag("--prefill-tp", 1) +
                   flag("--decode-workers", 0) * flag("--decode-tp", 1))
        gpus = _number(row.get("gpus") or "0", f"{where}: gpus", int)
        if gpus != workers:
            raise InputError(f"{where}: gpus {gpus} is not the workers' {workers} devices")
    row["spec_tokens"] = (_number(row["spec_tokens"], f"{where}: spec_tokens", int)
                          if row["spec_tokens"] else None)
    # Optional: the requests the benchmark sent in all (its num_prompts), where the source says;
    # serve then runs requests / concurrency requests a client instead of its default. A benchmark
    # whose clients take the next prompt as they finish (vLLM's and SGLang's --max-concurrency)
    # may send a number the clients do not divide (100 over 8): the last round is part-full, and
    # serve, whose clients each send a whole number, runs the nearest (12.5 -> 13, halves up).
    requests = row.get("requests") or ""
    row["requests"] = _number(requests, f"{where}: requests", int) if requests else None
    if row["requests"] is not None and row["concurrency"] is not None and row["requests"] < row["concurrency"]:
        raise InputError(f"{where}: requests {row['requests']} are fewer than the "
                         f"{row['concurrency']} clients")
    # Optional: the benchmark's --random-range-ratio r, where it drew each request's lengths
    # uniformly over whole tokens from floor(r x nominal) to the nominal isl_tokens / osl_tokens
    # (InferenceX's bench_serving, sample_random_requests); serve then takes the mean lengths.
    ratio = row.get("range_ratio") or ""
    row["range_ratio"] = _number(ratio, f"{where}: range_ratio", float) if ratio else None
    if row["range_ratio"] is not None and row["range_ratio"] > 1:
        raise InputError(f"{where}: range_ratio {row['range_ratio']:g} is above 1")
    if row["ttft_ms"] is None and row["tpot_ms"] is None and row["output_tokens_per_s"] is None:
        raise InputError(f"{where}: none of ttft_ms, tpot_ms and output_tokens_per_s is given")
    if row["kv_dtype"] not in ("auto", "bf16", "fp8"):
        raise InputError(f"{where}: kv_dtype '{row['kv_dtype']}' (expected auto, bf16 or fp8)")
    return row


def mean_length(nominal, ratio):
    """The mean of lengths drawn uniformly over whole tokens from floor(ratio x nominal) to
    nominal, to the nearest token (halves up); `nominal` itself without a ratio."""
    if ratio is None:
        return nominal
    low = int(ratio * nominal)
    return (low + nominal + 1) // 2


def command_for(row, headroom):
    """The serve command for a row, or (None, reason) when the row cannot be expressed."""
    ttft_only = row["spec_tokens"] is not None and row["acceptance_length"] is None
    if ttft_only and row["concurrency"] != 1:
        return None, "speculative decoding without a published acceptance length"
    cmd = [headroom, "serve", row["model"], row["device"],
           "--isl", str(mean_length(row["isl_tokens"], row["range_ratio"])),
           "--osl", str(mean_length(row["osl_tokens"], row["range_ratio"])),
           *(["--request-rate", f"{row['request_rate']:g}"] if row["request_rate"] is not None
             else ["--concurrency", str(row["concurrency"])]),
           "--engine", row["engine"]]
    for flag in ("tp", "ep", "dp", "pp"):
        if row[flag] > 1:
            cmd += [f"--{flag}", str(row[flag])]
    if row["kv_dtype"] == "fp8":
        cmd += ["--kv", "fp8"]
    if row["requests"] is not None:
        cmd += ["--requests-per-client", str((2 * row["requests"] + row["concurrency"]) // (2 * row["concurrency"]))]
    cmd += row["engine_flags"]
    if row["spec_tokens"] is not None:
        # TTFT alone (the docstring): any A in [1, K + 1] gives the same TTFT at one client.
        a = 1 if ttft_only else row["acceptance_length"]
        cmd += ["--speculative-tokens", str(row["spec_tokens"]), "--acceptance-length", f"{a:g}"]
    return cmd + ["--breakdown", "--json"], None


def ttft_only(row):
    """Scored on TTFT alone: speculation at one client without a published acceptance length."""
    return row["spec_tokens"] is not None and row["acceptance_length"] is None


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def run_row(row, headroom, timeout):
    """Returns (run dict, None) or (None, reason)."""
    cmd, reason = command_for(row, headroom)
    if cmd is None:
        return None, reason
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"no answer within {timeout} s"
    if done.returncode != 0:
        why = first_line(done.stderr) or first_line(done.stdout) or "no message"
        return None, f"exit {done.returncode}: {why}"
    try:
        run = json.loads(done.stdout)["runs"][0]
        if run.get("saturated") is True:
            return None, (f"saturated: the measured rate is at or above the {float(run['capacity_rps']):.2f} "
                          f"requests a second predicted served")
        values = {k: run[k] for k in RUN_KEYS}
        for k in RUN_KEYS[:5]:
            values[k] = float(values[k])
        # Which tables the prediction read ("measured": the device's own).
        values["calibration"] = str(run.get("calibration", ""))
        # Where its TTFT goes (serve --breakdown), for the CSV; absent where serve gives none.
        parts = run.get("ttft_breakdown") or {}
        values["ttft_parts"] = {k: float(parts[k]) for k in TTFT_PARTS if k in parts}
        for k in ("wait_ms", "transfer_ms"):
            if run.get(k) is not None:
                values["ttft_parts"][k] = float(run[k])
    except (ValueError, KeyError, IndexError, TypeError) as e:
        return None, f"unreadable JSON ({type(e).__name__}: {e})"
    if values["fits"] is not True:
        return None, "fits=false: the plan does not start"
    return values, None


def fit_constants(results):
    """Median measured / ceiling over the calibrate rows that ran, per metric."""
    out = {}
    for metric in ("ttft", "tpot"):
        ratios = [r["row"][f"{metric}_ms"] / r["run"][f"ceiling_{metric}_ms"]
                  for r in results
                  if r["row"]["split"] == "calibrate" and r["run"] is not None
                  and r["row"][f"{metric}_ms"] is not None
                  and r["run"][f"ceiling_{metric}_ms"] > 0]
        out[metric] = median(ratios)
    return out


def score(result, constants):
    """Adds the per-row errors (None where a number is missing)."""
    row, run = result["row"], result["run"]
    for metric in ("ttft", "tpot"):
        measured = row[f"{metric}_ms"]
        ok = run is not None and measured is not None and not (metric == "tpot" and ttft_only(row))
        result[f"{metric}_err"] = abs_pct_error(run[f"{metric}_ms"], measured) if ok else None
        k = constants[metric]
        base = k * run[f"ceiling_{metric}_ms"] if ok and k is not None else None
        result[f"{metric}_base"] = base
        result[f"{metric}_base_err"] = abs_pct_error(base, measured) if base is not None else None
        # Against the run's published median, where there is one.
        median_ms = row.get(f"{metric}_median_ms")
        result[f"{metric}_med_err"] = (abs_pct_error(run[f"{metric}_ms"], median_ms)
                                       if ok and median_ms is not None else None)
    ok = run is not None and row["tpot_ms"] is not None and not ttft_only(row)
    result["ceiling_below"] = (run["ceiling_tpot_ms"] <= row["tpot_ms"]) if ok else None
    # Output tokens a second: scored where published, and not for a row whose speculation has
    # no published acceptance length (its answer rate reads one).
    measured = row["output_tokens_per_s"]
    ok = run is not None and measured is not None and not ttft_only(row)
    result["tps_err"] = abs_pct_error(run["tokens_per_s"], measured) if ok else None
    return result


def fmt(x, digits=1):
    return "-" if x is None else f"{x:.{digits}f}"


def vendor_of(device):
    """AMD for headroom's Instinct ids (mi300x, mi325x, mi355x, ...), NVIDIA for the others
    (every other device with serving rows is NVIDIA's)."""
    return "AMD" if device.startswith("mi") else "NVIDIA"


def summary_line(label, group):
    ran = [r for r in group if r["run"] is not None]
    cells = [label, str(len(group)), str(len(ran))]
    for key in ("tpot_err", "ttft_err", "tpot_base_err", "ttft_base_err"):
        xs = [r[key] for r in ran if r[key] is not None]
        cells += [fmt(median(xs)), fmt(percentile(xs, 90))]
    below = [r["ceiling_below"] for r in ran if r["ceiling_below"] is not None]
    cells.append(f"{sum(below)}/{len(below)}" if below else "-")
    return "| " + " | ".join(cells) + " |"


def throughput_line(label, group):
    xs = [r["tps_err"] for r in group if r["run"] is not None and r["tps_err"] is not None]
    return "| " + " | ".join([label, str(len(xs)), fmt(median(xs)), fmt(percentile(xs, 90))]) + " |"


def throughput_table(scored, key, title, total=False):
    """Output tokens a second of the rows that publish them, grouped by `key` (and a last
    "all" line when `total`)."""
    lines = ["", f"| {title} | rows scored | tok/s med % | tok/s p90 % |", "|---|---:|---:|---:|"]
    groups = {}
    for r in scored:
        groups.setdefault(key(r), []).append(r)
    lines += [throughput_line(label, groups[label]) for label in sorted(groups)]
    return lines + ([throughput_line("all", scored)] if total else [])


def medians_line(label, group):
    cells = [label]
    for metric in ("ttft", "tpot"):
        pairs = [r for r in group if r[f"{metric}_med_err"] is not None]
        ratios = [r["row"][f"{metric}_ms"] / r["row"][f"{metric}_median_ms"] for r in pairs]
        cells += [str(len(pairs)), fmt(median([r[f"{metric}_err"] for r in pairs])),
                  fmt(median([r[f"{metric}_med_err"] for r in pairs])), fmt(median(ratios), 2)]
    return "| " + " | ".join(cells) + " |"


def medians_table(scored):
    """The rows whose source published medians beside the means: the prediction against each,
    and the median of measured mean / median (a tail of slow requests lifts the mean)."""
    lines = ["", "| engine / device (mean and median) | TTFT rows | TTFT vs mean med % "
             "| TTFT vs median med % | TTFT mean / median | TPOT rows | TPOT vs mean med % "
             "| TPOT vs median med % | TPOT mean / median |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    groups = {}
    for r in scored:
        groups.setdefault(f"{r['row']['engine']} / {r['row']['device']}", []).append(r)
    lines += [medians_line(label, groups[label]) for label in sorted(groups)]
    return lines + [medians_line("all", scored)]


def report(results, constants, split):
    lines = [f"# headroom serve vs public measurements (split: {split})", "",
             f"Baseline constants (median measured / ceiling on the calibrate split): "
             f"TTFT x{fmt(constants['ttft'], 3)}, TPOT x{fmt(constants['tpot'], 3)}.", "",
             "Errors are absolute % errors of the prediction against the measurement; "
             "p90 interpolates linearly between ranks.", "",
             "| engine / device | rows | ran | TPOT med % | TPOT p90 % | TTFT med % | TTFT p90 % "
             "| base TPOT med % | base TPOT p90 % | base TTFT med % | base TTFT p90 % "
             "| ceiling TPOT <= measured |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    groups = {}
    for r in results:
        groups.setdefault((r["row"]["engine"], r["row"]["device"]), []).append(r)
    for (engine, device) in sorted(groups):
        lines.append(summary_line(f"{engine} / {device}", groups[(engine, device)]))
    lines.append(summary_line("all", results))
    own = [r for r in results if r["run"] is not None and r["run"]["calibration"] == "measured"]
    lines.append(summary_line("all, own kernel tables", own))
    # By vendor (the devices that have rows): AMD's Instinct parts are headroom's `mi*` ids.
    for vendor in ("NVIDIA", "AMD"):
        mine = [r for r in results if vendor_of(r["row"]["device"]) == vendor]
        if mine:
            lines.append(summary_line(f"all, {vendor} devices", mine))
    # The same by source (SOURCES.md's sections): what each publication's runs read.
    lines += ["", "| source | rows | ran | TPOT med % | TPOT p90 % | TTFT med % | TTFT p90 % "
              "| base TPOT med % | base TPOT p90 % | base TTFT med % | base TTFT p90 % "
              "| ceiling TPOT <= measured |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    sources = {}
    for r in results:
        sources.setdefault(r["row"].get("source") or "-", []).append(r)
    for source in sorted(sources):
        lines.append(summary_line(source, sources[source]))
    # Output tokens a second (the deployment's), where the source published them; no tables
    # when no row does.
    scored = [r for r in results if r.get("tps_err") is not None]
    if scored:
        lines += throughput_table(scored, lambda r: f"{r['row']['engine']} / {r['row']['device']}",
                                  "engine / device (output tokens/s)", total=True)
        lines += throughput_table(scored, lambda r: r["row"].get("source") or "-", "source (output tokens/s)")
    # The prediction against the published medians as well as the means, where both are.
    scored = [r for r in results if r.get("ttft_med_err") is not None or r.get("tpot_med_err") is not None]
    if scored:
        lines += medians_table(scored)
    refused = [r for r in results if r["run"] is None]
    lines += ["", f"Refused or not expressible: {len(refused)} of {len(results)} rows."]
    if refused:
        lines += ["", "| id | model | device | reason |", "|---|---|---|---|"]
        lines += [f"| {r['row']['id']} | {r['row']['model']} | {r['row']['device']} "
                  f"| {r['reason'].replace('|', '/')} |" for r in refused]
    return "\n".join(lines) + "\n"


CSV_FIELDS = ("id", "split", "engine", "device", "model", "concurrency", "measured_ttft_ms",
              "measured_tpot_ms", "predicted_ttft_ms", "predicted_tpot_ms", "ceiling_ttft_ms",
              "ceiling_tpot_ms", "ttft_abs_pct_error", "tpot_abs_pct_error",
              "baseline_ttft_ms", "baseline_tpot_ms", "baseline_ttft_abs_pct_error",
              "baseline_tpot_abs_pct_error", "ceiling_tpot_le_measured", "status", "reason",
              "calibration", "request_rate", "measured_output_tokens_per_s",
              "predicted_output_tokens_per_s", "output_tokens_per_s_abs_pct_error",
              "measured_ttft_median_ms", "measured_tpot_median_ms", "ttft_median_abs_pct_error",
              "tpot_median_abs_pct_error") + tuple("predicted_ttft_" + k for k in ("wait_ms",) + TTFT_PARTS + ("transfer_ms",))


def csv_record(r):
    row, run = r["row"], r["run"] or {}
    num = lambda x: "" if x is None else f"{x:.4f}"
    return {"id": row["id"], "split": row["split"], "engine": row["engine"],
            "device": row["device"], "model": row["model"], "concurrency": row["concurrency"],
            "measured_ttft_ms": num(row["ttft_ms"]), "measured_tpot_ms": num(row["tpot_ms"]),
            "predicted_ttft_ms": num(run.get("ttft_ms")),
            "predicted_tpot_ms": "" if ttft_only(row) else num(run.get("tpot_ms")),
            "ceiling_ttft_ms": num(run.get("ceiling_ttft_ms")),
            "ceiling_tpot_ms": "" if ttft_only(row) else num(run.get("ceiling_tpot_ms")),
            "ttft_abs_pct_error": num(r.get("ttft_err")),
            "tpot_abs_pct_error": num(r.get("tpot_err")),
            "baseline_ttft_ms": num(r.get("ttft_base")), "baseline_tpot_ms": num(r.get("tpot_base")),
            "baseline_ttft_abs_pct_error": num(r.get("ttft_base_err")),
            "baseline_tpot_abs_pct_error": num(r.get("tpot_base_err")),
            "ceiling_tpot_le_measured": "" if r.get("ceiling_below") is None
            else str(r["ceiling_below"]).lower(),
            "status": "ran" if r["run"] is not None else "refused",
            "reason": r["reason"] or ("TTFT alone: speculation at one client, acceptance length not published"
                                      if r["run"] is not None and ttft_only(row) else ""),
            "calibration": run.get("calibration", ""),
            "request_rate": "" if row.get("request_rate") is None else f"{row['request_rate']:g}",
            "measured_output_tokens_per_s": num(row.get("output_tokens_per_s")),
            "predicted_output_tokens_per_s": "" if ttft_only(row) else num(run.get("tokens_per_s")),
            "output_tokens_per_s_abs_pct_error": num(r.get("tps_err")),
            "measured_ttft_median_ms": num(row.get("ttft_median_ms")),
            "measured_tpot_median_ms": num(row.get("tpot_median_ms")),
            "ttft_median_abs_pct_error": num(r.get("ttft_med_err")),
            "tpot_median_abs_pct_error": num(r.get("tpot_med_err")),
            **{"predicted_ttft_" + k: num(run.get("ttft_parts", {}).get(k))
               for k in ("wait_ms",) + TTFT_PARTS + ("transfer_ms",)}}


def write_csv(path, results):
    """Write to a temporary file beside PATH, then rename: nothing half-written."""
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".accuracy-", suffix=".csv")
    except OSError as e:
        raise InputError(f"{path}: cannot write ({e.strerror})")
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=CSV_FIELDS, lineterminator="\n")
            w.writeheader()
            w.writerows(csv_record(r) for r in results)
        os.replace(tmp, path)
    except OSError as e:
        os.unlink(tmp)
        raise InputError(f"{path}: cannot write ({e.strerror})")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--headroom", default="build/tools/headroom", help="the headroom binary")
    ap.add_argument("--measurements", default=os.path.join(HERE, "measurements.csv"))
    ap.add_argument("--split", choices=("validate", "calibrate", "all"), default="validate")
    ap.add_argument("--csv", metavar="OUT", help="also write per-row results to OUT")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per command")
    args = ap.parse_args(argv)
    try:
        rows = read_measurements(args.measurements)
        if not (os.path.isfile(args.headroom) and os.access(args.headroom, os.X_OK)):
            raise InputError(f"--headroom {args.headroom}: not an executable file")
        wanted = [r for r in rows if args.split == "all" or r["split"] in (args.split, "calibrate")]
        results = []
        for row in wanted:
            run, reason = run_row(row, args.headroom, args.timeout)
            results.append({"row": row, "run": run, "reason": reason})
        constants = fit_constants(results)
        shown = [score(r, constants) for r in results
                 if args.split == "all" or r["row"]["split"] == args.split]
        if args.csv:
            write_csv(args.csv, shown)
    except InputError as e:
        print(f"accuracy.py: {e}", file=sys.stderr)
        return 2
    sys.stdout.write(report(shown, constants, args.split))
    return 0


if __name__ == "__main__":
    sys.exit(main())
