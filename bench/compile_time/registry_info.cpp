// SPDX-License-Identifier: MIT
// Helper for measure.py: lists the registries in order, with each model's node count (the sum
// over its circuit's instances of their block's node count), one tab-separated line per entry.
// Built and run by the script on the host; not part of the benchmark timings.
#include <cstdio>
#include <string>

#include "../runtime/common.hpp"

int main() {
  std::size_t i = 0;
  for (const headroom::model* m : headroom::models::all) {
    std::printf("model\t%zu\t%s\t%llu\n", i++, std::string{m->id}.c_str(),
                static_cast<unsigned long long>(headroom_bench::node_count(*m)));
  }
  i = 0;
  for (const headroom::device* d : headroom::devices::all) {
    std::printf("device\t%zu\t%s\n", i++, std::string{d->id}.c_str());
  }
  return 0;
}
