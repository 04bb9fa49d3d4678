#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds and runs headroom's benchmarks and prints one Markdown table on stdout
# (progress goes to stderr). Results are also kept in build-bench/results/.
#
#   bench/run.sh           # full run: run-time benchmarks with g++ and clang++, compile-time grid
#   bench/run.sh --quick   # smoke test: short benchmark times, 1 compile each, small grid
#
# Options: --quick, --runtime-only, --compile-time-only, --compilers g++,clang++
# Environment: BENCH_MIN_TIME (seconds per benchmark, default 0.5; quick 0.05),
#              BENCH_REPETITIONS (default 3; quick 1).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
do_runtime=1
do_compile=1
compilers="g++,clang++"
while (($#)); do
  case "$1" in
    --quick) quick=1 ;;
    --runtime-only) do_compile=0 ;;
    --compile-time-only) do_runtime=0 ;;
    --compilers) compilers="$2"; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done

if ((quick)); then
  min_time="${BENCH_MIN_TIME:-0.05}"
  reps="${BENCH_REPETITIONS:-1}"
else
  min_time="${BENCH_MIN_TIME:-0.5}"
  reps="${BENCH_REPETITIONS:-3}"
fi
jobs="$(nproc)"
results=build-bench/results
mkdir -p "$results"
report_args=()

if ((do_runtime)); then
  IFS=, read -r -a cxx_list <<<"$compilers"
  for cxx in "${cxx_list[@]}"; do
    # g++ builds in build-bench (the documented directory), any other compiler next to it
    # (clang++ -> build-bench-clang).
    name="${cxx##*/}"
    name="${name//+/}"
    if [[ "$cxx" == "g++" ]]; then dir=build-bench; else dir="build-bench-${name//[^A-Za-z0-9._-]/_}"; fi
    echo "== building headroom_bench with $cxx in $dir (Release)" >&2
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
      -DHEADROOM_BUILD_TESTS=OFF -DHEADROOM_INSTALL=OFF >/dev/null
    cmake --build "$dir" -j "$jobs" --target headroom_bench >&2
    out="$results/runtime-${cxx//[^A-Za-z0-9+]/_}.json"
    echo "== running headroom_bench ($cxx): min_time ${min_time}s x ${reps} repetition(s)" >&2
    bench_args=(--benchmark_min_time="$min_time" --benchmark_out="$out" --benchmark_out_format=json)
    if ((reps > 1)); then
      bench_args+=(--benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true)
    fi
    "$dir/bench/headroom_bench" "${bench_args[@]}" >&2
    report_args+=(--runtime "$cxx=$out")
  done
fi

if ((do_compile)); then
  echo "== compile-time measurements ($compilers)" >&2
  ct_args=(--compilers "$compilers" --json "$results/compile-time.json")
  ((quick)) && ct_args+=(--quick)
  # Its own table goes to stderr; the combined one below is the result.
  python3 bench/compile_time/measure.py "${ct_args[@]}" >&2
  report_args+=(--compile-time "$results/compile-time.json")
fi

python3 bench/report.py "${report_args[@]}" | tee "$results/bench.md"
echo "(also written to $results/bench.md)" >&2
