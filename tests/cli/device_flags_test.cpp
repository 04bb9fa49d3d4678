// SPDX-License-Identifier: MIT
// Devices made on the command line (docs/cli.md#devices-without-a-rebuild): the short flags, the
// spec file, aliases and Hub ids. Every expected number is hand arithmetic written out here or a
// datasheet figure with its source.
#include <doctest/doctest.h>

#include <string>

#include <headroom/devices.hpp>
#include <headroom/engines.hpp>

#include "headroom/args/common.hpp"
#include "headroom/args/device_flags.hpp"
#include "headroom/io/device_spec.hpp"
#include "headroom/checkpoint/hub_id.hpp"
#include "headroom/import/importer.hpp"

using namespace headroom;
using namespace headroom::cli;

TEST_CASE("an H100 with less memory: only the memory changes") {
  device_flags f;
  f.memory = "64GiB";
  const device& d = resolve_target_device(f, "h100_sxm");
  CHECK(d.memory_bytes == 68'719'476'736ULL);  // 64 x 1,073,741,824
  // H100 SXM5 datasheet: 3.35 TB/s, BF16 989.5 dense (the shipped entry's figures, kept).
  CHECK(d.bandwidth_gbps == 3350);
  CHECK(d.peak.bf16 == devices::h100_sxm.peak.bf16);
  CHECK(d.peak.fp8 == devices::h100_sxm.peak.fp8);
  CHECK(d.id == "h100_sxm_custom");
  CHECK(device_arg(d) == "h100_sxm --gpu-memory 64GiB");
  // engines::none counts 0.9 of HBM: 68,719,476,736 x 900 / 1000 = 61,847,529,062.4 -> 61,847,529,062.
  CHECK(usable_bytes(d, engines::usable) == 61'847'529'062ULL);
}

TEST_CASE("a device made by the flags alone: an RTX 3090-like card") {
  device_flags f;
  f.memory = "24GiB";
  f.bandwidth = "936GB/s";
  f.bf16 = "71";
  const device& d = resolve_target_device(f, "");
  CHECK(d.memory_bytes == 25'769'803'776ULL);  // 24 x 1,073,741,824
  CHECK(d.bandwidth_gbps == 936);
  CHECK(d.peak.bf16 == 71);
  CHECK(d.peak.fp16 == 71);
  CHECK(!d.runs(mma_kind::fp8));
  CHECK(!d.runs(mma_kind::fp4_block_scale));
  CHECK(d.id == "custom");
  CHECK(device_arg(d) == "--gpu-memory 24GiB --bandwidth 936GB/s --bf16-tflops 71");
}

TEST_CASE("--fp8-tflops 0 and --fp4-tflops give or take away a path") {
  device_flags f;
  f.fp8 = "0";
  const device& no_fp8 = resolve_target_device(f, "h100_sxm");
  CHECK(!no_fp8.runs(mma_kind::fp8));
  device_flags g;
  g.fp4 = "1979";
  const device& fp4 = resolve_target_device(g, "h100_sxm");
  CHECK(fp4.runs(mma_kind::fp4_block_scale));
  CHECK(fp4.runs(mma_kind::mxf8f6f4));
  CHECK(fp4.peak.nvfp4 == 1979);
}

TEST_CASE("bandwidth units: GB/s and TB/s are decimal") {
  CHECK(parse_gbps("--bandwidth", "3.35TB/s") == 3350);
  CHECK(parse_gbps("--bandwidth", "936GB/s") == 936);
  CHECK_THROWS_AS(parse_gbps("--bandwidth", "936"), usage_error);
  CHECK_THROWS_AS(parse_gbps("--bandwidth", "-1GB/s"), usage_error);
  CHECK_THROWS_AS(parse_gbps("--bandwidth", "infGB/s"), usage_error);
  CHECK_THROWS_AS(parse_tflops("--bf16-tflops", "1e3"), usage_error);
  CHECK(parse_tflops("--bf16-tflops", "989.5") == 989.5);
}

TEST_CASE("a spec file: every key read, errors name line and column") {
  const std::string path = std::string(HEADROOM_SOURCE_DIR) + "/tests/cli/devices/rtx_a4000.json";
  const owned_device o = load_device_spec(path);
  // NVIDIA RTX A4000 datasheet: 448 GB/s, tensor 153.4 TFLOPS with sparsity = 76.7 dense.
  CHECK(o.d.memory_bytes == 16'000'000'000ULL);
  CHECK(o.d.bandwidth_gbps == 448);
  CHECK(o.d.peak.bf16 == 153.4 / 2);
  CHECK(o.d.peak.int8 == 153.4);
  CHECK(o.d.runs(mma_kind::int8));
  CHECK(o.d.family == mma_family::mma_sync);
  CHECK(o.d.id == "rtx_a4000");
  CHECK_THROWS_WITH_AS(parse_device_spec("{\n  \"schema_version\": 1,\n  \"id\": \"a\",\n  \"bandwith_gbps\": 1\n}", "x.json"),
                       "x.json:4:3: unknown key `bandwith_gbps` (did you mean `bandwidth_gbps`?)", usage_error);
  CHECK_THROWS_WITH_AS(parse_device_spec(R"({"schema_version": 1, "id": "h100_sxm", "base": "h100_sxm", "source": "x"})", "y.json"),
                       "y.json:1:29: key `id`: `h100_sxm` is a shipped device's id: choose another", usage_error);
  CHECK_THROWS_WITH_AS(parse_device_spec(R"({"schema_version": 2})", "z.json"),
                       "z.json:1:20: key `schema_version`: unsupported schema version `2` (this headroom reads 1)", usage_error);
}

TEST_CASE("a spec with a base changes only what it names") {
  const owned_device o = parse_device_spec(
      R"({"schema_version": 1, "id": "h100_mig_3g", "base": "h100_sxm", "memory_bytes": 42949672960, "source": "a 3g.40gb MIG slice"})",
      "mig.json");
  CHECK(o.d.memory_bytes == 40ULL * 1'073'741'824);  // 40 GiB
  CHECK(o.d.bandwidth_gbps == devices::h100_sxm.bandwidth_gbps);
  CHECK(o.d.family == mma_family::wgmma);
  CHECK(o.d.runs(mma_kind::fp8));
}

TEST_CASE("aliases name one shipped device, in any spelling") {
  CHECK(&resolve_device("dgx-spark") == &devices::gb10);
  CHECK(&resolve_device("DGX-Spark") == &devices::gb10);
  CHECK(&resolve_device("h100") == &devices::h100_sxm);
  CHECK(&resolve_device("H200") == &devices::h200_sxm);
  CHECK(&resolve_device("b200") == &devices::b200);
  CHECK(&resolve_device("rtx-5090") == &devices::rtx_5090);
  CHECK(&resolve_device("mi300x") == &devices::mi300x);
  CHECK_THROWS_AS(resolve_device("a100"), usage_error);  // 40 / 80 GB, SXM / PCIe: no one entry
  // aiconfigurator's system names (its systems/*.yaml): the SXM boards shipped here.
  CHECK(&resolve_device("b200_sxm") == &devices::b200);
  CHECK(&resolve_device("B300-SXM") == &devices::b300);
  CHECK(&resolve_device("a100_sxm") == &devices::a100_sxm_80gb);
  CHECK_THROWS_AS(resolve_device("a100_pcie"), usage_error);  // 40 or 80 GB
  // Its earlier releases' name for the GB200 system (SupportedSystems, sdk/common.py @ca90d206).
  CHECK(&resolve_device("gb200_sxm") == &devices::gb200);
}

TEST_CASE("Hub ids are told apart from local paths") {
  CHECK(import::looks_like_hub_id("meta-llama/Llama-3.1-8B-Instruct"));
  CHECK(import::looks_like_hub_id("Qwen/Qwen3-14B"));
  CHECK(!import::looks_like_hub_id("config.json"));
  CHECK(!import::looks_like_hub_id("./ckpt/config.json"));
  CHECK(!import::looks_like_hub_id("/abs/path"));
  CHECK(!import::looks_like_hub_id("a/b/c"));
  CHECK(!import::looks_like_hub_id("org/config.json"));
  CHECK(!import::looks_like_hub_id(std::string(HEADROOM_SOURCE_DIR) + "/tests"));
  CHECK_THROWS_AS(import::refuse_hub_id("--config", "Qwen/Qwen3-14B"), import::import_error);
}
