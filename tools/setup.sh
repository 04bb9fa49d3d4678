#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# headroom's one entry point: installs the Debian packages it needs when missing, configures,
# builds, then runs the main job or every test.
#
#   tools/setup.sh            # set up, build the CLI only (target headroom_cli), print the default
#                             # hardware report (headroom, no arguments)
#   tools/setup.sh test       # set up, build with clang 14 (sanitizers) and g++ 12, run every
#                             # test and each fuzz target
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-run}"

# libclang-rt-14-dev: libFuzzer and the sanitizer runtimes for clang (only recommended by clang,
# so a --no-install-recommends install lacks it); the fuzz targets need it. libxml2-utils and
# librsvg2-bin: the plot tests check every golden SVG with xmllint and rsvg-convert. ninja-build:
# the build tool (below).
packages=(g++ clang cmake make libboost1.81-dev libfmt-dev doctest-dev libcli11-dev nlohmann-json3-dev libbenchmark-dev
          libclang-rt-14-dev libxml2-utils librsvg2-bin ninja-build)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "headroom: installing ${missing[*]}"
  sudo_cmd=""
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

jobs="$(nproc 2>/dev/null || echo 2)"
build() {  # build DIR CXX TARGET [cmake args...]; TARGET all: every test (and what the options keep)
  local dir="$1" cxx="$2" target="$3" generator=()
  shift 3
  # Ninja for a new build folder: it starts a target's compiles before the targets it links
  # against are linked, where Make builds one target at a time, and on two cores that kept a
  # core idle for about 40 s of each of CI's builds. A folder configured before keeps its
  # generator (CMake refuses to change it).
  if [ ! -f "$dir/CMakeCache.txt" ]; then generator=(-G Ninja); fi
  cmake -S . -B "$dir" "${generator[@]}" -DCMAKE_CXX_COMPILER="$cxx" "$@" >/dev/null
  cmake --build "$dir" -j "$jobs" --target "$target"
}

case "$mode" in
  run)
    # Only the CLI: the tests and benchmarks are `tools/setup.sh test`'s (the configuration
    # still declares them, so a later `cmake --build build` builds them in the same tree).
    build build g++ headroom_cli -DCMAKE_BUILD_TYPE=Release -DHEADROOM_UNITY_CLI=ON
    ./build/tools/headroom
    ;;
  test)
    # Two configurations, the library compiled once in each. clang 14 first, with AddressSanitizer
    # and UBSan and libFuzzer's coverage hooks: every test (its compile-time tests must build and
    # its suite pass too), then each fuzz target for a fixed number of inputs from a fixed seed
    # (tests/fuzz/run.sh; any finding fails the run; README: how to run them longer). g++ 12 last,
    # optimised, with the benchmarks (the compiler users build them with), so CTest's summary line
    # ends the output, its CLI library in unity batches as the first command builds it.
    # -O1: the sanitizers' usual level, their reports still exact. Both configurations compile
    # the CLI library and the run-time and CLI test executables in unity batches (clang: 849 s
    # -> 562 s of CPU for the build, bench/README.md "CI"); a file's own includes are checked by
    # the default configuration (unity off), which compiles each file alone.
    build build-clang clang++ all -DHEADROOM_BUILD_BENCH=OFF -DHEADROOM_BUILD_FUZZ=ON \
      -DHEADROOM_UNITY_CLI=ON -DHEADROOM_UNITY_TESTS=ON \
      "-DCMAKE_CXX_FLAGS=-O1 -gline-tables-only -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"
    (cd build-clang && ctest -j "$jobs" --output-on-failure)
    HEADROOM_FUZZ_BUILD=build-clang tests/fuzz/run.sh
    build build-gcc g++ all -DCMAKE_BUILD_TYPE=Release -DHEADROOM_UNITY_CLI=ON -DHEADROOM_UNITY_TESTS=ON
    cd build-gcc && ctest -j "$jobs" --output-on-failure
    ;;
  *)
    echo "usage: tools/setup.sh [run|test]" >&2
    exit 2
    ;;
esac
