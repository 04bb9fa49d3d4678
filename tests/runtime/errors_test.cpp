// SPDX-License-Identifier: MIT
// Bad input at run time: a clear headroom::error naming what and where, never a crash or a
// wrapped number.
#include <doctest/doctest.h>

#include <string>

#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

namespace {
using namespace headroom;

template <typename F>
std::string error_of(F&& f, error_kind expected) {
  try {
    f();
  } catch (const error& e) {
    CHECK(e.kind() == expected);
    return e.what();
  }
  FAIL("no headroom::error thrown");
  return {};
}
}  // namespace

TEST_CASE("an unknown format spelling is refused with the list of valid ones") {
  const std::string msg = error_of([] { (void)parse_format("fp16"); }, error_kind::bad_format);
  CHECK(msg == "unknown format `fp16` (expected bf16, f32, i32, fp8/<token|tensor|channel|g<n>|block<r>x<c>[/ue8m0]>, nvfp4/g<n>, mxfp4/g32, "
                "int8/<token|channel>, awq/g<n>, gptq/g<n> or int4/g<n>[/zp])");
  CHECK_FALSE(try_parse_format("nvfp4/g0").has_value());
  CHECK(parse_format("fp8/block128x128") == formats::fp8_block(128, 128));
}

TEST_CASE("a context of 0 or zero sequences is an error") {
  const model& m = models::llama_3_1_8b_instruct;
  CHECK(error_of([&] { (void)fits(m, devices::h100_sxm, {.seqs = 1, .context = 0}); }, error_kind::bad_input) ==
        "deployment: context must be at least 1 token");
  CHECK(error_of([&] { (void)need_bytes(m, {.seqs = 0, .context = 4096}); }, error_kind::bad_input) ==
        "deployment: seqs must be at least 1");
  CHECK(error_of([&] { (void)max_seqs(m, devices::h100_sxm, 0, {}); }, error_kind::bad_input) ==
        "deployment: context must be at least 1 token");
  const auto r = default_roofline(devices::h100_sxm);
  CHECK(error_of([&] { (void)decode_step(m, devices::h100_sxm, r, 1, 0, {}); }, error_kind::bad_input) ==
        "context must be at least 1 token");
  CHECK(error_of([&] { (void)decode_step(m, devices::h100_sxm, r, 0, 4096, {}); }, error_kind::bad_input) ==
        "decode batch must be at least 1");
  CHECK(error_of([&] { (void)prefill(m, devices::h100_sxm, r, 0, {}); }, error_kind::bad_input) ==
        "prefill needs at least 1 token");
}

TEST_CASE("seqs x context overflowing 64 bits is an error, not a wrapped number") {
  const model& m = models::llama_3_1_8b_instruct;
  // 2^40 tokens x 131,072 B = 2^57 per sequence; x 2^10 sequences = 2^67 bytes.
  const std::string msg =
      error_of([&] { (void)need_bytes(m, {.seqs = 1ULL << 10, .context = 1ULL << 40}); }, error_kind::overflow);
  CHECK(msg.find("byte count overflows 64 bits") == 0);
  CHECK_FALSE(fits(m, devices::h100_sxm, {.seqs = 1ULL << 10, .context = 1ULL << 20}));
  CHECK(error_of([] { (void)checked_mul(1ULL << 32, 1ULL << 32); }, error_kind::overflow) ==
        "byte count overflows 64 bits: 4294967296 x 4294967296");
  CHECK(error_of([] { (void)checked_add(~0ULL, 1); }, error_kind::overflow) ==
        "byte count overflows 64 bits: 18446744073709551615 + 1");
}

TEST_CASE("a shape a format cannot store is an error naming both") {
  CHECK(error_of([] { (void)bytes(formats::nvfp4_g16, 1, 24); }, error_kind::bad_format) ==
        "format nvfp4/g16 has no byte size for 1 x 24 (not a multiple of its group, or over 64 bits)");
}
