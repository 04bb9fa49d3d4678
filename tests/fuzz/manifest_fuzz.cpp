// SPDX-License-Identifier: MIT
// libFuzzer target: the measured-roofline manifest parser on arbitrary bytes.
// A finding is a crash or sanitizer report, or any of these broken contracts:
//   * an exception other than manifest_error escapes (e.g. the JSON library's own);
//   * a refusal is not one printable line starting `fuzz.json:<line>:<column>: `;
//   * an accepted manifest has a rate outside its physical range or an unknown device.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "headroom/io/manifest.hpp"
#include "headroom/run.hpp"

namespace {
bool located(const std::string& msg) {
  constexpr std::string_view prefix = "fuzz.json:";
  if (msg.rfind(prefix, 0) != 0) return false;
  std::size_t i = prefix.size();
  auto digits = [&] {
    const std::size_t start = i;
    while (i < msg.size() && msg[i] >= '0' && msg[i] <= '9') ++i;
    return i > start;
  };
  if (!digits() || i >= msg.size() || msg[i++] != ':') return false;
  if (!digits() || msg.compare(i, 2, ": ") != 0) return false;
  return true;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const headroom::cli::manifest m = headroom::cli::parse_manifest(text, "fuzz.json");
    const double rates[] = {m.r.dram_gbps, m.r.bf16_tflops, m.r.fp8_tflops, m.r.nvfp4_tflops};
    for (const double r : rates) {
      if (!std::isfinite(r) || r < 0.01 || r > 100'000) std::abort();
    }
    if (m.d == nullptr || m.context_tokens == 0) std::abort();
    if (headroom::cli::printable(m.source) != m.source || headroom::cli::printable(m.notes) != m.notes) std::abort();
  } catch (const headroom::cli::manifest_error& e) {
    const std::string msg = e.what();
    if (!located(msg) || headroom::cli::printable(msg) != msg) std::abort();
  }
  return 0;  // any other exception escapes: libFuzzer reports it as a crash
}
