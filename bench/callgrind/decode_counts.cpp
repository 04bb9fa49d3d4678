// SPDX-License-Identifier: MIT
// Instructions per decode estimate, counted by callgrind (repeatable on a busy machine, unlike
// wall time): for every shipped model on one device, `calls` decode steps through the
// documented call and, where the tree has engine execution facts, through the CLI's path (the
// single-device plan under vLLM's facts). Each (model, path) is its own callgrind dump, named
// "<path> <model id>"; bench/callgrind/run.sh divides each dump's instruction count by `calls`.
// Built on its own against any tree of the repository (no Google Benchmark), so one run can
// compare trees side by side.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <valgrind/callgrind.h>

#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>
#if __has_include(<headroom/engines/exec_facts.hpp>)
#include <headroom/engines/exec_facts.hpp>
#define HEADROOM_COUNTS_FACTS 1
#endif

namespace {
// Inputs behind a volatile pointer: the optimiser can neither fold a call on the constexpr
// tables nor hoist it out of the loop.
struct inputs {
  const headroom::model* m;
  const headroom::device* d;
  headroom::device_roofline r;
  std::uint64_t batch;
  std::uint64_t context;
  headroom::settings s;
};
volatile double sink = 0;

bool timing = false;  // "time": wall ns per call (best of 5) instead of callgrind dumps

void count(const char* path, const headroom::model& m, int calls, double (*one)(const inputs&), const inputs& in0) {
  inputs in = in0;
  in.m = &m;
  inputs* volatile p = &in;
  if (timing) {
    double best = 1e30;
    for (int rep = 0; rep < 5; ++rep) {
      const auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < calls; ++i) sink = sink + one(*p);
      const std::chrono::duration<double, std::nano> dt = std::chrono::steady_clock::now() - t0;
      best = dt.count() / calls < best ? dt.count() / calls : best;
    }
    std::printf("%s %.*s %.0f ns\n", path, static_cast<int>(m.id.size()), m.id.data(), best);
    return;
  }
  CALLGRIND_ZERO_STATS;
  for (int i = 0; i < calls; ++i) sink = sink + one(*p);
  const std::string name = std::string(path) + " " + std::string(m.id);
  CALLGRIND_DUMP_STATS_AT(name.c_str());
}

double documented(const inputs& in) {
  return headroom::decode_step(*in.m, *in.d, in.r, in.batch, in.context, in.s).total_us;
}
#ifdef HEADROOM_COUNTS_FACTS
double cli_path(const inputs& in) {
  return headroom::decode_step(*in.m, *in.d, in.r, in.batch, in.context, in.s, headroom::parallel{},
                               headroom::engines::vllm_exec)
      .total_us;
}
#endif
}  // namespace

int main(int argc, char** argv) {
  const int calls = argc > 1 ? std::atoi(argv[1]) : 100;
  timing = argc > 2 && std::string(argv[2]) == "time";
  const headroom::device& d = headroom::devices::h20;
  const inputs in{nullptr, &d, headroom::default_roofline(d), 1, 4096, {}};
  for (const headroom::model* m : headroom::models::all) {
    count("decode_step", *m, calls, documented, in);
#ifdef HEADROOM_COUNTS_FACTS
    count("decode_step_vllm_facts", *m, calls, cli_path, in);
#endif
  }
  if (!timing) std::printf("%f\n", static_cast<double>(sink));
  return 0;
}
