#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A stand-in for `headroom serve ... --json` that prints fixed numbers, so accuracy.py's
arithmetic can be checked by hand before the real `serve` exists. The numbers are arbitrary
test inputs (not predictions): test_accuracy.py derives every expected error from them.

model_a -> ttft 110, tpot 12, ceilings 50 / 8, 500 output tokens/s, its device's own tables;
model_b -> ttft 200, tpot 30, ceilings 100 / 20, 2,000 output tokens/s, a fallback table;
refused -> exit 2 with a one-line message;  nofit -> fits false;  badjson -> not JSON;
--request-rate R: the same numbers, or at R >= 100 a saturated run (capacity 42.5 a second);
--breakdown: where TTFT goes, a front end of 10 ms and the rest prefill.
When FAKE_HEADROOM_LOG names a file, each call appends its arguments there as one JSON line.
"""
import json
import os
import sys

FIXED = {"model_a": (110.0, 12.0, 50.0, 8.0), "model_b": (200.0, 30.0, 100.0, 20.0),
         "nofit": (1.0, 1.0, 1.0, 1.0)}
TOKENS_PER_S = {"model_a": 500.0, "model_b": 2000.0, "nofit": 1.0}


def main(argv):
    log = os.environ.get("FAKE_HEADROOM_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(json.dumps(argv) + "\n")
    if len(argv) < 3 or argv[0] != "serve" or "--json" not in argv:
        print("fake_headroom: expected `serve MODEL DEVICE ... --json`", file=sys.stderr)
        return 2
    model = argv[1]
    if model == "refused":
        print(f"serve: model '{model}' is not shipped", file=sys.stderr)
        return 2
    if model == "badjson":
        print("this is not JSON")
        return 0
    ttft, tpot, c_ttft, c_tpot = FIXED[model]
    if "--request-rate" in argv:  # an open loop: at 100 requests a second or more, saturated
        rate = float(argv[argv.index("--request-rate") + 1])
        if rate >= 100:
            print(json.dumps({"runs": [{"request_rate": rate, "concurrency": None, "ttft_ms": None, "tpot_ms": tpot,
                                        "ceiling_ttft_ms": c_ttft, "ceiling_tpot_ms": c_tpot, "fits": True,
                                        "saturated": True, "capacity_rps": 42.5, "calibration": "measured"}]}))
            return 0
        concurrency = 0
    else:
        concurrency = int(argv[argv.index("--concurrency") + 1])
    run = {"concurrency": concurrency, "running_batch": concurrency, "ttft_ms": ttft,
           "tpot_ms": tpot, "e2e_ms": ttft + tpot * 99, "tokens_per_s": TOKENS_PER_S[model],
           "tokens_per_s_per_gpu": 1.0, "tokens_per_s_per_user": 1.0, "ceiling_ttft_ms": c_ttft,
           "ceiling_tpot_ms": c_tpot, "gpus": 1, "fits": model != "nofit",
           "calibration": "measured" if model == "model_a" else "fallback: the nearest measured device's table",
           "wait_ms": 0.0, "transfer_ms": 0.0}
    if "--breakdown" in argv:  # where TTFT goes: a front end of 10 ms, the rest the prompt's prefill
        run["ttft_breakdown"] = {"front_end_ms": 10.0, "first_round_ms": 0.0, "in_flight_ms": 0.0, "poll_ms": 0.0,
                                 "decode_steps_ms": 0.0, "prefill_ms": ttft - 10.0, "admission_ms": 0.0}
    print(json.dumps({"runs": [run]}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
