// SPDX-License-Identifier: MIT
// The measured-roofline manifest loader: the shipped GB10 manifest gives exactly the GB10
// table's measured constants (a local GB10 measurement, source S32:
// 249.0 GB/s, 123.7 / 243.6 / 490.8 TFLOPS, context 4096), and they evaluate through the
// same constexpr functions. The error classes are checked with their exact messages through
// the CLI (error_cases.txt); here, positions and what the CLI cannot reach.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "headroom/io/manifest.hpp"

namespace {
using namespace headroom;
using namespace headroom::cli;

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The path as the CLI sees it when run from the source root, as the device table names it.
manifest shipped_gb10() {
  return parse_manifest(read(HEADROOM_SOURCE_DIR "/devices/measured/gb10.json"), "devices/measured/gb10.json",
                        &devices::gb10);
}

std::string error_of(std::string_view text, const device* expected = nullptr) {
  try {
    (void)parse_manifest(text, "m.json", expected);
  } catch (const manifest_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("devices/measured/gb10.json gives exactly devices::gb10.measured") {
  const manifest mf = shipped_gb10();
  const measured_constants& table = devices::gb10.measured;
  CHECK(mf.d == &devices::gb10);
  // The measured numbers, written out (source S32) ...
  CHECK(mf.r.dram_gbps == 249.0);
  CHECK(mf.r.bf16_tflops == 123.7);
  CHECK(mf.r.fp8_tflops == 243.6);
  CHECK(mf.r.nvfp4_tflops == 490.8);
  CHECK(mf.context_tokens == 4096);
  // ... and the device table's, bit for bit.
  CHECK(mf.r.dram_gbps == table.dram_gbps);
  CHECK(mf.r.bf16_tflops == table.bf16_tflops);
  CHECK(mf.r.fp8_tflops == table.fp8_tflops);
  CHECK(mf.r.nvfp4_tflops == table.nvfp4_tflops);
  CHECK(mf.context_tokens == table.context_tokens);
  CHECK(mf.source == "the seed system's kernels/gb10/common/KERNEL_FAMILIES.toml [roofline], S32");
  CHECK("devices/measured/gb10.json: " + mf.source == std::string(table.source));
  // The loaded constants are the device's default ones: same basis, same numbers out.
  constexpr device_roofline shipped = default_roofline(devices::gb10);
  CHECK(mf.constants.measured);
  CHECK(mf.constants.basis.view() == shipped.basis.view());
  constexpr double c16 = decode_step(models::qwen3_next_80b_a3b_instruct, devices::gb10, shipped, 16, 4096, {}).total_us;
  CHECK(decode_step(models::qwen3_next_80b_a3b_instruct, devices::gb10, mf.constants, 16, 4096, {}).total_us == c16);
}

TEST_CASE("a manifest error names the file, the line and the column") {
  // Columns count characters, not bytes: each U+00E9 before `bogus` is two bytes, one column.
  CHECK(error_of("{\"source\": \"\u00e9\u00e9\u00e9\", \"bogus\": 1}") ==
        "m.json:1:19: unknown key `bogus` (schema_version 1 keys: schema_version, device, source, dram_gbps, "
        "bf16_tflops, fp8_tflops, nvfp4_tflops, context_tokens, notes)");
  // A key written with an escape is named decoded.
  CHECK(error_of("{\"schema_version\": 1,\n \"n\\u00e9\": 1}") == "m.json:2:2: unknown key `n\u00e9` (schema_version 1 keys: "
        "schema_version, device, source, dram_gbps, bf16_tflops, fp8_tflops, nvfp4_tflops, context_tokens, notes)");
  // A missing key is placed at the object's opening brace.
  CHECK(error_of("\n\n  {\"schema_version\": 1}") ==
        "m.json:3:3: missing keys `device`, `source`, `dram_gbps`, `bf16_tflops`, `fp8_tflops`, `nvfp4_tflops`, "
        "`context_tokens`");
  CHECK(error_of("") == "m.json:1:1: malformed JSON: syntax error while parsing value - unexpected end of input; "
                        "expected '[', '{', or a literal");
  // A syntax error is placed where the parser stopped: the last character of the offending token.
  CHECK(error_of("{\"schema_version\": 1,\n\n   \"device\" \"gb10\"}") ==
        "m.json:3:18: malformed JSON: syntax error while parsing object separator - unexpected string literal; "
        "expected ':'");
}

TEST_CASE("a manifest's device is a registry id, spelled exactly, and the command's device") {
  const std::string body = R"(, "source": "s", "dram_gbps": 1, "bf16_tflops": 1, "fp8_tflops": 1,
    "nvfp4_tflops": 1, "context_tokens": 1})";
  CHECK(error_of(R"({"schema_version": 1, "device": "h200-sxm")" + body) ==
        "m.json:1:33: key `device`: unknown device `h200-sxm` (nearest: h200_sxm, h100_sxm, h800_sxm; `headroom list "
        "devices` lists all)");
  CHECK(error_of(R"({"schema_version": 1, "device": "h200_sxm")" + body, &devices::h100_sxm) ==
        "m.json:1:33: key `device`: the manifest measures `h200_sxm`, the command asks for `h100_sxm`");
  // Integers are numbers; notes are optional; the basis names the file and the source.
  const manifest mf = parse_manifest(R"({"schema_version": 1, "device": "h200_sxm")" + body, "m.json", &devices::h200_sxm);
  CHECK(mf.r.dram_gbps == 1.0);
  CHECK(mf.notes.empty());
  CHECK(mf.constants.basis.view() == "measured achievable (m.json: s)");
}
