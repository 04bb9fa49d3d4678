# SPDX-License-Identifier: MIT
# Sourced by run.sh and time.sh: compile_counts TREE OUT compiles decode_counts.cpp from this
# checkout against TREE's headers (g++ -O2) into OUT and sets `label` to TREE's short commit
# (with "+" when its headers differ from that commit).
compile_counts() {
  local tree out d
  tree="$(cd "$1" && pwd)"
  out="$2"
  label="$(git -C "$tree" rev-parse --short HEAD)$(git -C "$tree" diff --quiet HEAD -- include models devices engines || echo +)"
  echo "== $label ($tree): compiling" >&2
  local inc=()
  for d in include models/include devices/include engines/include; do [[ -d "$tree/$d" ]] && inc+=("-I$tree/$d"); done
  g++ -std=c++20 -O2 "${inc[@]}" "$(dirname "${BASH_SOURCE[0]}")/decode_counts.cpp" -o "$out"
}
