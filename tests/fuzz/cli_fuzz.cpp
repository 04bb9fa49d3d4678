// SPDX-License-Identifier: MIT
// libFuzzer target: the CLI dispatcher (headroom::cli::run_main) in-process. The input is
// split at NUL bytes into at most 24 arguments. `-o` is refused by the harness's run_io (a
// fuzzer must not write files where it runs), `matrix` runs only over named models and devices
// (below); everything else runs as on the command line.
// A finding is a crash or sanitizer report, or a broken contract:
//   * an exit code other than 0, 1, 2, or 3 (`fit`: the load does not fit);
//   * a failure (1, 2) whose stderr is not exactly one printable line, or that wrote output;
//   * a 3 without its answer on stdout and its one printable stderr line.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "headroom/run.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args{"headroom"};
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  while (args.size() < 25) {
    const std::size_t nul = rest.find('\0');
    args.emplace_back(rest.substr(0, nul));
    if (nul == std::string_view::npos) break;
    rest.remove_prefix(nul + 1);
  }
  if (size == 0) args.pop_back();  // no input: `headroom` with no arguments
  // `matrix` over every model x device takes 12 s under the sanitizers (0.7 s in a release
  // build), past the run's 10-second timeout: the harness asks it only of models and devices it
  // names (its arithmetic over the whole registry is the tests'), and skips the input otherwise.
  if (args.size() > 1 && args[1] == "matrix") {
    bool models = false, devices = false;
    for (std::size_t i = 2; i < args.size(); ++i) {
      const std::string_view a = args[i];
      const bool m = a == "--models" || a.rfind("--models=", 0) == 0;
      const bool d = a == "--devices" || a.rfind("--devices=", 0) == 0;
      const std::string_view value = a.find('=') != std::string_view::npos ? a.substr(a.find('=') + 1)
                                     : i + 1 < args.size()                  ? std::string_view(args[i + 1])
                                                                            : std::string_view();
      if (value.empty() || value == "all") continue;
      models = models || m;
      devices = devices || d;
    }
    if (!models || !devices) return 0;
  }
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  std::ostringstream out;
  std::ostringstream err;
  headroom::cli::run_io io{out, err, true, false};
  const int code = headroom::cli::run_main(static_cast<int>(args.size()), argv.data(), io);
  if (code < 0 || code > 3) std::abort();
  if (code != 0) {
    const std::string e = err.str();
    if (e.empty() || e.back() != '\n' || e.find('\n') != e.size() - 1) std::abort();
    if (headroom::cli::printable(e.substr(0, e.size() - 1)) != e.substr(0, e.size() - 1)) std::abort();
    if (code == 3 ? out.str().empty() : !out.str().empty()) std::abort();
  }
  return 0;
}
