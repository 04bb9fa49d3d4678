// SPDX-License-Identifier: MIT
// The translation unit a build that checks one pair compiles: the header that declares `fits`,
// the assertion's header, one model and one device. Its cost is the project's compile-time
// budget (README, "Performance"), and most of a TU's cost is what it parses: the test
// (tests/CMakeLists.txt, static.one_check_headers) compiles this with -H and fails if the
// spelling parsers' public headers (tensor_format.hpp, settings.hpp), which instantiate
// std::optional for parsers a check never calls, come back into it through a library header.
#include <headroom/check.hpp>
#include <headroom/fit.hpp>
#include <headroom/devices/nvidia_hopper.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>

namespace headroom_one_check_headers_test {
// Llama-3.1-8B holds 64 sequences of 4,096 tokens on an H100 under vLLM's defaults: its README
// "Ten lines" example (max_seqs 106 at 4,096, tests/static/interface_test.cpp).
HEADROOM_ASSERT_FITS(headroom::models::llama_3_1_8b_instruct, headroom::devices::h100_sxm, {.seqs = 64, .context = 4096});
}  // namespace headroom_one_check_headers_test
