#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs the libFuzzer targets (clang 14, ASan + UBSan, the library instrumented too) from their
# seed corpora in tests/fuzz/corpus/<target>. Any finding (a crash, a sanitizer report, a broken
# contract, a timeout, running out of memory) fails the run and leaves its input in
# BUILD/fuzz-artifacts/. New inputs go to BUILD/corpus-<target>, never into the tree.
#
#   tests/fuzz/run.sh              # CI: a fixed seed and a fixed number of inputs per target,
#                                  # one target per core at a time (40-55 s for all five on a
#                                  # 2-core machine), so a run's verdict depends on the tree
#                                  # alone, never on the machine's speed
#   tests/fuzz/run.sh 600          # exploring: 10 minutes per target, a fresh seed each run
#   HEADROOM_FUZZ_BUILD=dir tests/fuzz/run.sh
#
# BUILD (default build-fuzz) is configured here when it has no CMake cache; an existing one must
# have been configured with HEADROOM_BUILD_FUZZ=ON and -fsanitize=fuzzer-no-link (tools/setup.sh
# test builds its clang configuration that way and fuzzes from it, so the library is compiled once).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-}"
dir="${HEADROOM_FUZZ_BUILD:-build-fuzz}"
jobs="$(nproc 2>/dev/null || echo 2)"
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHEADROOM_BUILD_FUZZ=ON \
    -DHEADROOM_BUILD_TESTS=OFF -DHEADROOM_BUILD_BENCH=OFF -DHEADROOM_INSTALL=OFF \
    "-DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" >/dev/null
elif ! grep -q "^HEADROOM_BUILD_FUZZ:BOOL=ON" "$dir/CMakeCache.txt" || ! grep -q "^CMAKE_CXX_FLAGS:.*fuzzer-no-link" "$dir/CMakeCache.txt"; then
  echo "headroom: $dir is not a fuzzing configuration (HEADROOM_BUILD_FUZZ=ON, -fsanitize=fuzzer-no-link)" >&2
  exit 2
fi
cmake --build "$dir" -j "$jobs" --target headroom_fuzz_manifest headroom_fuzz_cli headroom_fuzz_config headroom_fuzz_safetensors headroom_fuzz_gguf
mkdir -p "$dir/fuzz-artifacts"
# Inputs per target in CI: 10 to 20 s each on a quiet 2-core machine.
declare -A runs=([manifest]=120000 [cli]=12000 [config]=30000 [safetensors]=60000 [gguf]=60000)
# One target per core at a time: each target's inputs and seed are fixed, so running them side by
# side changes no verdict, only the wall time (66 s -> 40-55 s on 2 cores in CI). Exploring runs (a
# time budget each) run one after another. Results are printed in the targets' order once all
# have run.
fuzz_one() {  # fuzz_one TARGET: runs it, its log in $dir/fuzz-TARGET.log, exit status its verdict
  local target="$1" budget corpus
  if [ -n "$seconds" ]; then
    budget=(-max_total_time="$seconds")
    corpus="$dir/corpus-$target"  # kept: each exploring run starts where the last one stopped
  else
    budget=(-seed=1 -runs="${runs[$target]}")
    corpus="$dir/ci-corpus-$target"  # emptied: a CI run starts from the seed corpus alone
    rm -rf "$corpus"
  fi
  mkdir -p "$corpus"
  # The CLI target reads manifests by relative path (devices/measured/...): run from the root.
  "$dir/tests/fuzz/headroom_fuzz_$target" "${budget[@]}" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$dir/fuzz-artifacts/$target-" \
    "$corpus" "tests/fuzz/corpus/$target" 2>"$dir/fuzz-$target.log"
}
targets=(manifest cli config safetensors gguf)
at_once="$jobs"
if [ -n "$seconds" ]; then at_once=1; fi
declare -A pid
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$at_once" ]; do wait -n || true; done
  if [ -n "$seconds" ]; then
    echo "headroom: fuzzing $target for ${seconds} s"
  else
    echo "headroom: fuzzing $target, ${runs[$target]} inputs from seed 1"
  fi
  fuzz_one "$target" &
  pid[$target]=$!
done
failed=0
for target in "${targets[@]}"; do
  if ! wait "${pid[$target]}"; then
    tail -n 60 "$dir/fuzz-$target.log" >&2
    echo "headroom: fuzz target $target found a problem (input in $dir/fuzz-artifacts/)" >&2
    failed=1
    continue
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$dir/fuzz-$target.log" | sed "s/^/  $target: /"
done
exit "$failed"
