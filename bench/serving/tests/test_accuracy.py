# SPDX-License-Identifier: MIT
"""accuracy.py's arithmetic against hand-computed numbers, with fake_headroom.py standing in
for `headroom serve`. Run: python3 -m unittest discover -s bench/serving/tests

The fake answers (fake_headroom.py): model_a ttft 110 / tpot 12 / ceilings 50 / 8,
model_b ttft 200 / tpot 30 / ceilings 100 / 20. fixture.csv holds the measured side.

Hand arithmetic:
  calibrate ratios measured / ceiling:
    c1 model_a: TTFT 100/50 = 2,  TPOT 10/8  = 1.25
    c2 model_b: TTFT 300/100 = 3, TPOT 30/20 = 1.5
    c3 model_a: TTFT 150/50 = 3,  TPOT 16/8  = 2.0
    constants: TTFT median(2, 3, 3) = 3;  TPOT median(1.25, 1.5, 2.0) = 1.5
  validate:
    v1 model_a, measured 100 / 10: TTFT |110-100|/100 = 10 %, TPOT |12-10|/10 = 20 %;
       baseline TTFT 3*50 = 150 -> 50 %, TPOT 1.5*8 = 12 -> 20 %; ceiling 8 <= 10 yes
    v2 model_b, measured 250 / 40: TTFT 50/250 = 20 %, TPOT 10/40 = 25 %;
       baseline TTFT 300 -> 20 %, TPOT 30 -> 25 %; ceiling 20 <= 40 yes
    v3 model_a, measured - / 6: TPOT |12-6|/6 = 100 %; baseline 12 -> 100 %; 8 <= 6 no
    v4 refused (exit 2), v5 MTP without acceptance, v6 fits=false: not run
    v7 model_a at dp=2 (sent with --dp 2), measured 100 / 10: TTFT 10 %, TPOT 20 %; baseline
       TTFT 150 -> 50 %, TPOT 12 -> 20 %; ceiling 8 <= 10 yes
    v8 model_b, measured 200 / 60: TTFT 0 %, TPOT 30/60 = 50 %; baseline TTFT 300 -> 50 %,
       TPOT 30 -> 50 %; ceiling 20 <= 60 yes
  sglang / h200_sxm (v1..v4): TPOT errors 20, 25, 100 -> median 25,
    p90 rank 0.9*2 = 1.8 -> 25 + 0.8*(100-25) = 85; TTFT 10, 20 -> median 15,
    p90 rank 0.9 -> 10 + 0.9*10 = 19; baseline TTFT 20, 50 -> median 35, p90 20 + 0.9*30 = 47;
    ceiling 2/3
  trtllm / b200 (v5..v8, v7 and v8 ran): TPOT 20, 50 -> median 35, p90 rank 0.9 -> 20 + 0.9*30
    = 47; TTFT 0, 10 -> 5, 9; baseline TPOT 35, 47; baseline TTFT 50, 50; ceiling 2/2
  all validate rows: TPOT 20, 20, 25, 50, 100 -> median 25, p90 rank 3.6 -> 50 + 0.6*50 = 80;
    TTFT 0, 10, 10, 20 -> median 10, p90 rank 2.7 -> 10 + 0.7*10 = 17; baseline TPOT as TPOT;
    baseline TTFT 20, 50, 50, 50 -> median 50, p90 50; ceiling 4/5; refused 3 of 8
  own kernel tables (model_a rows that ran: v1, v3, v7): TPOT 20, 20, 100 -> median 20,
    p90 rank 1.8 -> 20 + 0.8*80 = 84; TTFT 10, 10 -> 10, 10; baseline TPOT 20, 20, 100 -> 20,
    84; baseline TTFT 50, 50 -> 50, 50; ceiling 2/3
"""
import csv
import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import accuracy  # noqa: E402

FAKE = os.path.join(HERE, "fake_headroom.py")
FIXTURE = os.path.join(HERE, "fixture.csv")


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = accuracy.main(list(args))
    return code, out.getvalue(), err.getvalue()


def fixture_with_column(name, row_id, value):
    """The fixture as CSV text with a column `name`: `value` on row `row_id`, empty elsewhere."""
    with open(FIXTURE) as f:
        rows = list(csv.reader(f))
    rows[0].insert(-1, name)
    for r in rows[1:]:
        r.insert(-1, value if r[0] == row_id else "")
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    return text.getvalue()


def fixture_with_rate(row_id, rate, keep_concurrency=False):
    """The fixture with a request_rate column: `rate` on row `row_id`, its concurrency emptied
    (an open loop's row) unless `keep_concurrency`."""
    rows = list(csv.reader(io.StringIO(fixture_with_column("request_rate", row_id, rate))))
    col = rows[0].index("concurrency")
    for r in rows[1:]:
        if r[0] == row_id and not keep_concurrency:
            r[col] = ""
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    return text.getvalue()


def fixture_with_values(values):
    """The fixture with `values` {(row id, column): text} set in place (columns it has)."""
    with open(FIXTURE) as f:
        rows = list(csv.reader(f))
    head = rows[0]
    for r in rows[1:]:
        for (row_id, col), text in values.items():
            if r[0] == row_id:
                r[head.index(col)] = text
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def fixture_with_columns(values):
    """The fixture with `values` {(row id, column): text}, adding (before `note`) the columns
    it lacks, empty on the other rows."""
    with open(FIXTURE) as f:
        rows = list(csv.reader(f))
    for (_, col) in values:
        if col not in rows[0]:
            for r in rows:
                r.insert(-1, col if r is rows[0] else "")
    head = rows[0]
    for r in rows[1:]:
        for (row_id, col), text in values.items():
            if r[0] == row_id:
                r[head.index(col)] = text
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def fixture_with_flags(row_id, flags):
    """The fixture with an engine_flags column: `flags` on row `row_id`, empty elsewhere."""
    return fixture_with_column("engine_flags", row_id, flags)


def table_row(text, label):
    for line in text.splitlines():
        if line.startswith(f"| {label} |"):
            return [c.strip() for c in line.strip("|").split("|")]
    raise AssertionError(f"no table row '{label}' in:\n{text}")


class Arithmetic(unittest.TestCase):
    def test_percentiles(self):
        self.assertEqual(accuracy.median([3, 1, 2]), 2)
        self.assertEqual(accuracy.median([4, 1, 3, 2]), 2.5)
        self.assertAlmostEqual(accuracy.percentile([20, 25, 100], 90), 85.0)
        self.assertAlmostEqual(accuracy.percentile([10, 20], 90), 19.0)
        self.assertEqual(accuracy.percentile([7], 90), 7)
        self.assertAlmostEqual(accuracy.abs_pct_error(12, 10), 20.0)


class Report(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.log = os.path.join(self.tmp.name, "calls.jsonl")
        os.environ["FAKE_HEADROOM_LOG"] = self.log

    def tearDown(self):
        os.environ.pop("FAKE_HEADROOM_LOG", None)
        self.tmp.cleanup()

    def test_validate_table(self):
        out_csv = os.path.join(self.tmp.name, "rows.csv")
        code, out, err = run("--headroom", FAKE, "--measurements", FIXTURE, "--csv", out_csv)
        self.assertEqual(code, 0, err)
        self.assertIn("TTFT x3.000, TPOT x1.500", out)
        # columns: label rows ran | TPOT med p90 | TTFT med p90 | base TPOT | base TTFT | ceiling
        self.assertEqual(table_row(out, "sglang / h200_sxm"),
                         ["sglang / h200_sxm", "4", "3", "25.0", "85.0", "15.0", "19.0",
                          "25.0", "85.0", "35.0", "47.0", "2/3"])
        self.assertEqual(table_row(out, "trtllm / b200"),
                         ["trtllm / b200", "4", "2", "35.0", "47.0", "5.0", "9.0",
                          "35.0", "47.0", "50.0", "50.0", "2/2"])
        self.assertEqual(table_row(out, "all"),
                         ["all", "8", "5", "25.0", "80.0", "10.0", "17.0",
                          "25.0", "80.0", "50.0", "50.0", "4/5"])
        self.assertEqual(table_row(out, "all, own kernel tables"),
                         ["all, own kernel tables", "3", "3", "20.0", "84.0", "10.0", "10.0",
                          "20.0", "84.0", "50.0", "50.0", "2/3"])
        # By vendor: every device of the fixture is NVIDIA's, so its row is "all"'s, and no
        # AMD row is printed.
        self.assertEqual(table_row(out, "all, NVIDIA devices"),
                         ["all, NVIDIA devices", "8", "5", "25.0", "80.0", "10.0", "17.0",
                          "25.0", "80.0", "50.0", "50.0", "4/5"])
        self.assertNotIn("all, AMD devices", out)
        # By source: every validate row of the fixture is one source's, so its row is "all"'s.
        self.assertEqual(table_row(out, "fixture"),
                         ["fixture", "8", "5", "25.0", "80.0", "10.0", "17.0",
                          "25.0", "80.0", "50.0", "50.0", "4/5"])
        self.assertIn("Refused or not expressible: 3 of 8 rows.", out)
        self.assertIn("| v4 | refused | h200_sxm | exit 2: serve: model 'refused' is not shipped |", out)
        self.assertIn("| v5 | model_a | b200 | speculative decoding without a published "
                      "acceptance length |", out)
        self.assertIn("| v6 | nofit | b200 | fits=false: the plan does not start |", out)
        with open(out_csv, newline="") as f:
            rows = {r["id"]: r for r in csv.DictReader(f)}
        self.assertEqual(sorted(rows), ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"])
        self.assertEqual(rows["v1"]["tpot_abs_pct_error"], "20.0000")
        self.assertEqual(rows["v1"]["baseline_ttft_ms"], "150.0000")
        self.assertEqual(rows["v3"]["ttft_abs_pct_error"], "")
        self.assertEqual(rows["v3"]["ceiling_tpot_le_measured"], "false")
        self.assertEqual(rows["v4"]["status"], "refused")
        # serve --breakdown's terms (the stand-in's: front end 10, prefill 100 for model_a, wait 0)
        self.assertEqual(rows["v1"]["predicted_ttft_front_end_ms"], "10.0000")
        self.assertEqual(rows["v1"]["predicted_ttft_prefill_ms"], "100.0000")
        self.assertEqual(rows["v1"]["predicted_ttft_wait_ms"], "0.0000")
        self.assertEqual(rows["v4"]["predicted_ttft_prefill_ms"], "")

    def test_amd_devices_are_summed_apart(self):
        # v8 moved to an MI300X: the AMD line is v8's alone (TPOT 30 against 60: 50 %, TTFT 0 %,
        # baseline 50 / 50 %, ceiling 20 <= 60); the NVIDIA line the other seven rows, of which
        # v1..v3 and v7 ran (TPOT 20, 20, 25, 100 -> 22.5, p90 rank 2.7 -> 25 + 0.7*75 = 77.5;
        # TTFT 10, 10, 20 -> 10, p90 rank 1.8 -> 18; baseline TTFT 20, 50, 50 -> 50, 50; ceiling
        # 3/4) over 7 rows.
        path = os.path.join(self.tmp.name, "amd.csv")
        with open(path, "w", newline="") as f:
            f.write(fixture_with_values({("v8", "device"): "mi300x"}))
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 0, err)
        self.assertEqual(table_row(out, "all, AMD devices"),
                         ["all, AMD devices", "1", "1", "50.0", "50.0", "0.0", "0.0",
                          "50.0", "50.0", "50.0", "50.0", "1/1"])
        self.assertEqual(table_row(out, "all, NVIDIA devices"),
                         ["all, NVIDIA devices", "7", "4", "22.5", "77.5", "10.0", "18.0",
                          "22.5", "77.5", "50.0", "50.0", "3/4"])

    def test_commands(self):
        run("--headroom", FAKE, "--measurements", FIXTURE)
        with open(self.log) as f:
            calls = [json.loads(line) for line in f]
        # v1 is the only row with a plan and an fp8 KV cache; v8 the only speculative one
        v1 = [c for c in calls if "--kv" in c]
        self.assertEqual(len(v1), 1)
        v1 = v1[0]
        self.assertEqual(v1, ["serve", "model_a", "h200_sxm", "--isl", "1024", "--osl", "100",
                              "--concurrency", "8", "--engine", "sglang", "--tp", "2",
                              "--kv", "fp8", "--breakdown", "--json"])
        v8 = [c for c in calls if "--speculative-tokens" in c]
        self.assertEqual(len(v8), 1)
        v8 = v8[0]
        self.assertEqual(v8[-10:], ["--tp", "8", "--ep", "8", "--speculative-tokens", "3",
                                   "--acceptance-length", "2.5", "--breakdown", "--json"])
        # v7 carries its data-parallel degree
        self.assertEqual([c for c in calls if "--dp" in c],
                         [["serve", "model_a", "b200", "--isl", "1024", "--osl", "100", "--concurrency", "8",
                           "--engine", "trtllm", "--dp", "2", "--breakdown", "--json"]])
        # v5 (no acceptance) is never sent: 3 calibrate + v1 v2 v3 v4 v6 v7 v8
        self.assertEqual(len(calls), 10)

    def test_speculation_without_acceptance_at_one_client_scores_ttft_alone(self):
        # v5 (MTP, no acceptance length) at one client instead of eight: model_a's TTFT 110
        # against 100 measured is 10 %; its TPOT and the ceiling check are not scored, and the
        # command carries A = 1 (TTFT at one client does not read it).
        with open(FIXTURE) as f:
            rows = list(csv.reader(f))
        head = rows[0]
        at = head.index("concurrency")
        for r in rows[1:]:
            if r[0] == "v5":
                r[at] = "1"
        keep = [rows[0]] + [r for r in rows[1:] if r[1] == "calibrate" or r[0] == "v5"]
        path = os.path.join(self.tmp.name, "one.csv")
        with open(path, "w", newline="") as f:
            csv.writer(f, lineterminator="\n").writerows(keep)
        out_csv = os.path.join(self.tmp.name, "rows.csv")
        code, out, err = run("--headroom", FAKE, "--measurements", path, "--csv", out_csv)
        self.assertEqual(code, 0, err)
        # columns: label rows ran | TPOT med p90 | TTFT med p90 | base TPOT | base TTFT | ceiling
        self.assertEqual(table_row(out, "trtllm / b200"),
                         ["trtllm / b200", "1", "1", "-", "-", "10.0", "10.0", "-", "-", "50.0", "50.0", "-"])
        self.assertIn("Refused or not expressible: 0 of 1 rows.", out)
        with open(out_csv, newline="") as f:
            got = {r["id"]: r for r in csv.DictReader(f)}
        self.assertEqual(got["v5"]["status"], "ran")
        self.assertEqual(got["v5"]["predicted_tpot_ms"], "")
        self.assertEqual(got["v5"]["tpot_abs_pct_error"], "")
        self.assertEqual(got["v5"]["ttft_abs_pct_error"], "10.0000")
        with open(self.log) as f:
            calls = [json.loads(line) for line in f]
        spec = [c for c in calls if "--speculative-tokens" in c]
        self.assertEqual(len(spec), 1)
        self.assertEqual(spec[0][-6:], ["--speculative-tokens", "3", "--acceptance-length", "1", "--breakdown", "--json"])

    def test_engine_flags_are_passed_as_given(self):
        # v2 carries two flags.
        path = os.path.join(tempfile.mkdtemp(), "flags.csv")
        with open(path, "w", newline="") as f:
            f.write(fixture_with_flags("v2", "--scheduler-recv-interval 10 --chunked-prefill-size 8192"))
        run("--headroom", FAKE, "--measurements", path)
        with open(self.log) as f:
            calls = [json.loads(line) for line in f]
        flagged = [c for c in calls if "--scheduler-recv-interval" in c]
        self.assertEqual(len(flagged), 1)
        self.assertEqual(flagged[0][-6:], ["--scheduler-recv-interval", "10", "--chunked-prefill-size", "8192",
                                           "--breakdown", "--json"])

    def calls_with_requests(self, total):
        # The fake's logged commands for the fixture with v1's `requests` set to `total`, those
        # that carry --requests-per-client.
        path = os.path.join(tempfile.mkdtemp(), "requests.csv")
        with open(path, "w", newline="") as f:
            f.write(fixture_with_column("requests", "v1", total))
        if os.path.exists(self.log):
            os.remove(self.log)
        run("--headroom", FAKE, "--measurements", path)
        with open(self.log) as f:
            calls = [json.loads(line) for line in f]
        return [c for c in calls if "--requests-per-client" in c]

    def test_requests_become_requests_per_client(self):
        # v1 runs 8 clients; a benchmark that sent 40 requests in all sent 5 a client.
        sent = self.calls_with_requests("40")
        self.assertEqual(len(sent), 1)
        self.assertEqual(sent[0][-6:], ["--kv", "fp8", "--requests-per-client", "5", "--breakdown", "--json"])

    def test_requests_the_clients_do_not_divide_round_to_the_nearest(self):
        # v1 runs 8 clients: 100 requests are 12.5 a client, sent as 13; 99 are 12.375, sent as 12.
        for total, each in (("100", "13"), ("99", "12")):
            sent = self.calls_with_requests(total)
            self.assertEqual(len(sent), 1)
            self.assertEqual(sent[0][-4:], ["--requests-per-client", each, "--breakdown", "--json"])

    def test_range_ratio_sends_the_mean_lengths(self):
        # v1 is 1024 / 100 tokens; drawn from floor(0.8 x 1024) = 819 to 1024 the prompts average
        # (819 + 1024) / 2 = 921.5, sent as 922; answers from 80 to 100, 90.
        self.assertEqual(accuracy.mean_length(1024, 0.8), 922)
        self.assertEqual(accuracy.mean_length(8192, 0.8), 7373)  # (6553 + 8192) / 2 = 7372.5
        self.assertEqual(accuracy.mean_length(1024, None), 1024)
        path = os.path.join(tempfile.mkdtemp(), "ratio.csv")
        with open(path, "w", newline="") as f:
            f.write(fixture_with_column("range_ratio", "v1", "0.8"))
        run("--headroom", FAKE, "--measurements", path)
        with open(self.log) as f:
            calls = [json.loads(line) for line in f]
        sent = [c for c in calls if "922" in c]
        self.assertEqual(len(sent), 1)
        self.assertEqual(sent[0][sent[0].index("--isl"):sent[0].index("--isl") + 4], ["--isl", "922", "--osl", "90"])

    def test_request_rate_rows_run_an_open_loop(self):
        # v1 as an open loop of 2.5 requests a second: --request-rate in place of --concurrency,
        # no --requests-per-client; scored as any row (the fake answers v1 as before: TPOT 20 %).
        path = os.path.join(tempfile.mkdtemp(), "rate.csv")
        with open(path, "w", newline="") as f:
            f.write(fixture_with_rate("v1", "2.5"))
        if os.path.exists(self.log):
            os.remove(self.log)
        code, out, _ = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 0)
        with open(self.log) as f:
            calls = [json.loads(line) for line in f]
        sent = [c for c in calls if "--request-rate" in c]
        self.assertEqual(len(sent), 1)
        self.assertEqual(sent[0][7:11], ["--request-rate", "2.5", "--engine", "sglang"])
        self.assertNotIn("--concurrency", sent[0])
        self.assertEqual(table_row(out, "sglang / h200_sxm")[3], "25.0")  # as test_validate_table

    def test_a_saturated_rate_is_listed_with_the_capacity(self):
        path = os.path.join(tempfile.mkdtemp(), "flood.csv")
        with open(path, "w", newline="") as f:
            f.write(fixture_with_rate("v1", "150"))
        code, out, _ = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 0)
        self.assertIn("| v1 | model_a | h200_sxm | saturated: the measured rate is at or above the 42.50 requests a "
                      "second predicted served |", out)

    def assert_headline_as_without(self, out):
        """The TTFT / TPOT tables with an optional column filled are as without it
        (test_validate_table's "all" row)."""
        self.assertEqual(table_row(out, "all"),
                         ["all", "8", "5", "25.0", "80.0", "10.0", "17.0",
                          "25.0", "80.0", "50.0", "50.0", "4/5"])

    def test_output_tokens_per_s_scored_where_published(self):
        # Published: v1 400 (model_a's 500: |500-400|/400 = 25 %), v2 2,500 (model_b's 2,000:
        # 20 %), v3 500 (0 %); v5 (speculation, no acceptance length) 500 is not scored.
        # sglang / h200_sxm: 0, 20, 25 -> median 20, p90 rank 1.8 -> 20 + 0.8 x 5 = 24.
        path = os.path.join(self.tmp.name, "tps.csv")
        with open(path, "w", newline="") as f:
            f.write(fixture_with_values({("v1", "output_tokens_per_s"): "400",
                                         ("v2", "output_tokens_per_s"): "2500",
                                         ("v3", "output_tokens_per_s"): "500",
                                         ("v5", "output_tokens_per_s"): "500"}))
        out_csv = os.path.join(self.tmp.name, "rows.csv")
        code, out, err = run("--headroom", FAKE, "--measurements", path, "--csv", out_csv)
        self.assertEqual(code, 0, err)
        self.assertIn("| engine / device (output tokens/s) | rows scored | tok/s med % | tok/s p90 % |", out)
        self.assertEqual(table_row(out, "sglang / h200_sxm")[:3], ["sglang / h200_sxm", "4", "3"])
        tps = out[out.index("(output tokens/s)"):]
        self.assertEqual(table_row(tps, "sglang / h200_sxm"), ["sglang / h200_sxm", "3", "20.0", "24.0"])
        self.assertEqual(table_row(tps, "all"), ["all", "3", "20.0", "24.0"])
        self.assertEqual(table_row(tps[tps.index("source (output tokens/s)"):], "fixture"),
                         ["fixture", "3", "20.0", "24.0"])
        self.assert_headline_as_without(out)
        with open(out_csv, newline="") as f:
            got = {r["id"]: r for r in csv.DictReader(f)}
        self.assertEqual(got["v1"]["measured_output_tokens_per_s"], "400.0000")
        self.assertEqual(got["v1"]["predicted_output_tokens_per_s"], "500.0000")
        self.assertEqual(got["v1"]["output_tokens_per_s_abs_pct_error"], "25.0000")
        self.assertEqual(got["v8"]["output_tokens_per_s_abs_pct_error"], "")

    def test_no_throughput_table_without_published_throughput(self):
        code, out, _ = run("--headroom", FAKE, "--measurements", FIXTURE)
        self.assertEqual(code, 0)
        self.assertNotIn("output tokens/s", out)

    def test_a_row_may_publish_throughput_alone(self):
        # v2 without TTFT and TPOT, 1,600 tokens/s published: model_b's 2,000 is 25 % above;
        # its TTFT and TPOT cells are empty, the ceiling check has nothing to compare.
        path = os.path.join(self.tmp.name, "alone.csv")
        with open(path, "w", newline="") as f:
            f.write(fixture_with_values({("v2", "ttft_ms"): "", ("v2", "tpot_ms"): "",
                                         ("v2", "output_tokens_per_s"): "1600"}))
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 0, err)
        tps = out[out.index("(output tokens/s)"):]
        self.assertEqual(table_row(tps, "all"), ["all", "1", "25.0", "25.0"])

    def test_medians_scored_where_published(self):
        # Published medians (fixture means in brackets; fake_headroom's model_a 110 / 12,
        # model_b 200 / 30):
        #   v1 TTFT 55 [100]: |110-55|/55 = 100 %, mean / median 100/55 = 1.818;
        #      TPOT 8 [10]: |12-8|/8 = 50 %, 10/8 = 1.25
        #   v2 TTFT 200 [250]: 0 %, 1.25;  TPOT 32 [40]: |30-32|/32 = 6.25 %, 1.25
        #   v8 TPOT 50 [60]: |30-50|/50 = 40 %, 1.2 (no TTFT median)
        #   v4 TTFT 90: refused, not scored
        # Against the means (test_validate_table): v1 10 / 20 %, v2 20 / 25 %, v8 TPOT 50 %.
        # sglang / h200_sxm: TTFT 2 rows, mean-error median(10, 20) = 15, median-error
        #   median(100, 0) = 50, ratio median(1.818, 1.25) = 1.534; TPOT 2 rows, median(20, 25)
        #   = 22.5, median(50, 6.25) = 28.125, median(1.25, 1.25) = 1.25
        # trtllm / b200: TTFT 0 rows; TPOT 1 row: 50, 40, 1.2
        # all: TTFT as sglang / h200_sxm; TPOT 3 rows: median(20, 25, 50) = 25,
        #   median(50, 6.25, 40) = 40, median(1.25, 1.25, 1.2) = 1.25
        path = os.path.join(self.tmp.name, "medians.csv")
        with open(path, "w", newline="") as f:
            f.write(fixture_with_columns({("v1", "ttft_median_ms"): "55", ("v1", "tpot_median_ms"): "8",
                                          ("v2", "ttft_median_ms"): "200", ("v2", "tpot_median_ms"): "32",
                                          ("v8", "tpot_median_ms"): "50", ("v4", "ttft_median_ms"): "90"}))
        out_csv = os.path.join(self.tmp.name, "rows.csv")
        code, out, err = run("--headroom", FAKE, "--measurements", path, "--csv", out_csv)
        self.assertEqual(code, 0, err)
        meds = out[out.index("(mean and median)"):]
        self.assertEqual(table_row(meds, "sglang / h200_sxm"),
                         ["sglang / h200_sxm", "2", "15.0", "50.0", "1.53", "2", "22.5", "28.1", "1.25"])
        self.assertEqual(table_row(meds, "trtllm / b200"),
                         ["trtllm / b200", "0", "-", "-", "-", "1", "50.0", "40.0", "1.20"])
        self.assertEqual(table_row(meds, "all"),
                         ["all", "2", "15.0", "50.0", "1.53", "3", "25.0", "40.0", "1.25"])
        self.assert_headline_as_without(out)
        with open(out_csv, newline="") as f:
            got = {r["id"]: r for r in csv.DictReader(f)}
        self.assertEqual(got["v1"]["measured_ttft_median_ms"], "55.0000")
        self.assertEqual(got["v1"]["ttft_median_abs_pct_error"], "100.0000")
        self.assertEqual(got["v2"]["tpot_median_abs_pct_error"], "6.2500")
        self.assertEqual(got["v8"]["ttft_median_abs_pct_error"], "")
        self.assertEqual(got["v4"]["measured_ttft_median_ms"], "90.0000")
        self.assertEqual(got["v4"]["ttft_median_abs_pct_error"], "")

    def test_no_medians_table_without_published_medians(self):
        code, out, _ = run("--headroom", FAKE, "--measurements", FIXTURE)
        self.assertEqual(code, 0)
        self.assertNotIn("mean and median", out)

    def test_calibrate_split(self):
        code, out, _ = run("--headroom", FAKE, "--measurements", FIXTURE, "--split", "calibrate")
        self.assertEqual(code, 0)
        # c1 c3 model_a: TPOT |12-10|/10 = 20 %, |12-16|/16 = 25 %; c2: 0 %
        self.assertEqual(table_row(out, "vllm / h100_sxm")[:5],
                         ["vllm / h100_sxm", "3", "3", "20.0", "24.0"])


class BadInput(unittest.TestCase):
    def bad_fixture(self, text):
        f = tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False)
        f.write(text)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_bad_number_names_line_and_column(self):
        with open(FIXTURE) as f:
            lines = f.read().splitlines()
        lines[3] = lines[3].replace(",4,mean,", ",four,mean,")
        path = self.bad_fixture("\n".join(lines) + "\n")
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assertEqual(err, f"accuracy.py: {path}:4: concurrency: 'four' is not a whole number\n")

    def test_engine_flags_must_be_flags(self):
        path = self.bad_fixture(fixture_with_flags("c1", "stream 10"))
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 2)
        self.assertEqual(err, f"accuracy.py: {path}:2: engine_flags 'stream' is not a flag\n")

    def test_disaggregated_rows_name_their_workers(self):
        # c1 is a one-device row: gpus 1, tp 1 (fixture.csv).
        flags = "--disagg --prefill-workers 1 --prefill-tp 2 --decode-workers 2 --decode-tp 4"
        path = self.bad_fixture(fixture_with_flags("c1", flags))
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assertEqual(err, f"accuracy.py: {path}:2: gpus 1 is not the workers' 10 devices\n")

    def test_requests_at_least_one_a_client(self):
        path = self.bad_fixture(fixture_with_column("requests", "v1", "7"))
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assertEqual(err, f"accuracy.py: {path}:5: requests 7 are fewer than the 8 clients\n")

    def test_request_rate_or_concurrency_not_both(self):
        path = self.bad_fixture(fixture_with_rate("v1", "2.5", keep_concurrency=True))
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assertEqual(err, f"accuracy.py: {path}:5: request_rate and concurrency both given (an open loop has no "
                              "clients)\n")

    def test_range_ratio_at_most_one(self):
        path = self.bad_fixture(fixture_with_column("range_ratio", "v1", "1.5"))
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 2)
        self.assertEqual(err, f"accuracy.py: {path}:5: range_ratio 1.5 is above 1\n")

    def test_a_row_needs_something_measured(self):
        path = self.bad_fixture(fixture_with_values({("v1", "ttft_ms"): "", ("v1", "tpot_ms"): ""}))
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assertEqual(err, f"accuracy.py: {path}:5: none of ttft_ms, tpot_ms and output_tokens_per_s is given\n")

    def test_a_median_belongs_beside_a_mean(self):
        path = self.bad_fixture(fixture_with_columns({("v1", "stat"): "p50", ("v1", "ttft_median_ms"): "90"}))
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assertEqual(err, f"accuracy.py: {path}:5: ttft_median_ms is given but stat is 'p50', "
                              f"not mean (a median belongs beside a mean)\n")

    def test_a_median_needs_its_mean(self):
        # v3 publishes no TTFT.
        path = self.bad_fixture(fixture_with_columns({("v3", "ttft_median_ms"): "5"}))
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 2)
        self.assertEqual(err, f"accuracy.py: {path}:7: ttft_median_ms is given without ttft_ms\n")

    def test_output_tokens_per_s_must_be_positive(self):
        path = self.bad_fixture(fixture_with_values({("v1", "output_tokens_per_s"): "-3"}))
        code, out, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 2)
        self.assertEqual(err, f"accuracy.py: {path}:5: output_tokens_per_s: -3.0 must be positive\n")

    def test_missing_column(self):
        path = self.bad_fixture("id,split\nx,validate\n")
        code, _, err = run("--headroom", FAKE, "--measurements", path)
        self.assertEqual(code, 2)
        self.assertIn(f"{path}:1: missing column(s) engine, model", err)

    def test_missing_binary(self):
        code, _, err = run("--headroom", "/nonexistent/headroom", "--measurements", FIXTURE)
        self.assertEqual(code, 2)
        self.assertEqual(err, "accuracy.py: --headroom /nonexistent/headroom: not an executable file\n")

    def test_csv_not_half_written(self):
        target = os.path.join(tempfile.gettempdir(), "no-such-dir-accuracy", "rows.csv")
        code, _, err = run("--headroom", FAKE, "--measurements", FIXTURE, "--csv", target)
        self.assertEqual(code, 2)
        self.assertFalse(os.path.exists(target))
        self.assertIn("cannot write", err)


if __name__ == "__main__":
    unittest.main()
