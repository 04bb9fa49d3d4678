// SPDX-License-Identifier: MIT
// Ids people type: every spelling the tool itself prints names its entry, case-insensitively.
#include <doctest/doctest.h>

#include <cctype>
#include <string>

#include <headroom/devices.hpp>
#include <headroom/models.hpp>

#include "headroom/args/common.hpp"

using namespace headroom;
using namespace headroom::cli;

namespace {
std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}
}  // namespace

TEST_CASE("the spellings named in the issue resolve") {
  CHECK(&resolve_model("Llama-3.1-8B-Instruct") == &models::llama_3_1_8b_instruct);
  CHECK(&resolve_model("meta-llama/Llama-3.1-8B-Instruct") == &models::llama_3_1_8b_instruct);
  CHECK(&resolve_model("LLAMA_3_1_8B_INSTRUCT") == &models::llama_3_1_8b_instruct);
  CHECK(&resolve_device("GB10") == &devices::gb10);
  CHECK(&resolve_device("H200-SXM") == &devices::h200_sxm);
}

TEST_CASE("every model resolves by id, display name and Hub repository id, in any case") {
  for (const model* m : models::all) {
    CAPTURE(m->id);
    CHECK(&resolve_model(m->id) == m);
    CHECK(&resolve_model(upper(m->id)) == m);
    CHECK(&resolve_model(m->name) == m);
    CHECK(&resolve_model(upper(m->name)) == m);
    if (!m->source.repo.empty()) CHECK(&resolve_model(m->source.repo) == m);
  }
}

TEST_CASE("every device resolves by id and display name, in any case") {
  for (const device* d : devices::all) {
    CAPTURE(d->id);
    CHECK(&resolve_device(d->id) == d);
    CHECK(&resolve_device(upper(d->id)) == d);
    CHECK(&resolve_device(d->name) == d);
  }
}

TEST_CASE("a spelling that is no entry's is still refused with suggestions") {
  CHECK_THROWS_WITH_AS(resolve_model("Llama-3.1-8B-Instruc"),
                       "unknown model `Llama-3.1-8B-Instruc` (nearest: llama_3_1_8b_instruct, llama_3_1_70b_instruct, "
                       "llama_3_1_405b_instruct; `headroom list models` lists all; a checkpoint not shipped: --config "
                       "PATH/config.json)",
                       usage_error);
}
