#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets (clang 14, ASan + UBSan, library instrumented too) and runs each
# for SECONDS (default 30) from its seed corpus in tests/fuzz/corpus/<target>. Any finding (a
# crash, a sanitizer report, a broken contract, a timeout, running out of memory) fails the run
# and leaves its input in BUILD/fuzz-artifacts/. New inputs go to BUILD/corpus-<target>, never
# into the tree.
#
#   tests/fuzz/run.sh              # 30 s per target (CI)
#   tests/fuzz/run.sh 600          # 10 minutes per target
#   HEADROOM_FUZZ_BUILD=dir tests/fuzz/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-30}"
dir="${HEADROOM_FUZZ_BUILD:-build-fuzz}"
jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHEADROOM_BUILD_FUZZ=ON \
  -DHEADROOM_BUILD_TESTS=OFF -DHEADROOM_BUILD_BENCH=OFF -DHEADROOM_INSTALL=OFF \
  "-DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" >/dev/null
cmake --build "$dir" -j "$jobs" --target headroom_fuzz_manifest headroom_fuzz_cli headroom_fuzz_config headroom_fuzz_safetensors headroom_fuzz_gguf
mkdir -p "$dir/fuzz-artifacts"
for target in manifest cli config safetensors gguf; do
  mkdir -p "$dir/corpus-$target"
  echo "headroom: fuzzing $target for ${seconds} s"
  # The CLI target reads manifests by relative path (devices/measured/...): run from the root.
  "$dir/tests/fuzz/headroom_fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$dir/fuzz-artifacts/$target-" \
    "$dir/corpus-$target" "tests/fuzz/corpus/$target" 2>"$dir/fuzz-$target.log" || {
    tail -n 60 "$dir/fuzz-$target.log" >&2
    echo "headroom: fuzz target $target found a problem (input in $dir/fuzz-artifacts/)" >&2
    exit 1
  }
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$dir/fuzz-$target.log" | sed "s/^/  $target: /"
done
