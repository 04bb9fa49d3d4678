// SPDX-License-Identifier: MIT
// The always-on validation at run time: a broken user table is a headroom::error whose one
// line names the table, the field and the rule, from every public entry point.
#include <doctest/doctest.h>

#include <string>

#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

namespace {
using namespace headroom;

// Built at run time (not constexpr), as a program that reads its tables would.
model user_model(std::uint64_t layers, std::uint64_t kv_heads) {
  model m{};
  m.id = "user_model";
  m.c = models::family::dense_gqa({.gqa = {.hidden = 4096, .vocab = 128256, .layers = layers, .q_heads = 32, .kv_heads = kv_heads, .head_dim = 128}, .inter = 14336});
  m.add_rule(all_weights(formats::bf16));
  return m;
}

device user_device() {
  device d = devices::h100_sxm;
  d.id = "user_device";
  return d;
}

template <typename F>
std::string message_of(F&& f, error_kind kind) {
  try {
    f();
  } catch (const error& e) {
    CHECK(e.kind() == kind);
    return e.what();
  }
  FAIL("no headroom::error");
  return {};
}
}  // namespace

TEST_CASE("a zero-layer model is refused by footprint, fits, max_seqs and the estimates") {
  const model m = user_model(0, 8);
  const std::string want = "model table `user_model`: `layers`: layers must be at least 1 (no main-section layer instance)";
  CHECK(message_of([&] { (void)footprint(m, {}); }, error_kind::bad_model) == want);
  CHECK(message_of([&] { (void)fits(m, devices::h100_sxm, {.seqs = 1'000'000'000, .context = 1'000'000'000}); },
                   error_kind::bad_model) == want);
  CHECK(message_of([&] { (void)max_seqs(m, devices::h100_sxm, 4096, {}); }, error_kind::bad_model) == want);
  CHECK(message_of([&] { (void)decode_step(m, devices::h100_sxm, default_roofline(devices::h100_sxm), 1, 4096, {}); },
                   error_kind::bad_model) == want);
  CHECK(message_of([&] { (void)prefill(m, devices::h100_sxm, default_roofline(devices::h100_sxm), 4096, {}); },
                   error_kind::bad_model) == want);
  CHECK(message_of([&] { (void)weight_floor_bytes(m); }, error_kind::bad_model) == want);
}

TEST_CASE("a forgotten head_dim is refused where the attention block is built") {
  CHECK(message_of([] {
          model m{};
          m.c = models::family::dense_gqa({.gqa = {.hidden = 4096, .vocab = 128256, .layers = 32, .q_heads = 32, .kv_heads = 8}, .inter = 14336});
        }, error_kind::bad_model) == "attention block `attn`: head_dim must be positive");
}

TEST_CASE("kv_heads = 0 is refused where the attention block is built") {
  CHECK(message_of([] { (void)user_model(32, 0); }, error_kind::bad_model) ==
        "attention block `attn`: kv_heads must be positive");
  CHECK(message_of([] { (void)user_model(32, 5); }, error_kind::bad_model) ==
        "attention block `attn`: kv_heads must divide q_heads");
}

TEST_CASE("broken device fields are refused with their field and rule") {
  device d = user_device();
  // A usable-memory policy (engines::none's) that gives 5x the visible memory.
  static constexpr usable_policy five_x{.fallback = {5000, "user policy"}};
  CHECK(message_of([&] { (void)fits(models::llama_3_1_8b_instruct, d, {.engine = {.kind = engine_kind::none, .usable = &five_x}}); },
                   error_kind::bad_device) ==
        "usable share of device `user_device`: `permille`: usable permille must be in [1, 1000] (a usable fraction in (0, 1])");
  d = user_device();
  d.bandwidth_gbps = -3350;
  CHECK(message_of([&] { (void)decode_step(models::llama_3_1_8b_instruct, d, datasheet_roofline(d), 1, 4096, {}); },
                   error_kind::bad_device) ==
        "device table `user_device`: `bandwidth_gbps`: bandwidth_gbps must be positive and finite");
  d = user_device();
  d.peak.bf16 = 0;
  CHECK(message_of([&] { (void)decode_step(models::llama_3_1_8b_instruct, d, datasheet_roofline(d), 1, 4096, {}); },
                   error_kind::bad_device) == "device table `user_device`: `peak.bf16`: peak.bf16 must be positive and finite");
  d = user_device();
  d.memory_bytes = 0;  // the plan search divides by the usable bytes
  CHECK(message_of([&] { (void)smallest_plan(models::llama_3_1_8b_instruct, d, {}); }, error_kind::bad_device) ==
        "device table `user_device`: `memory_bytes`: memory_bytes must be positive");
}

TEST_CASE("roofline constants are divisors: zero or non-finite ones are refused") {
  const device_roofline r = measured_roofline({0, 1, 1, 1}, "test");
  CHECK(message_of([&] { (void)decode_step(models::llama_3_1_8b_instruct, devices::h100_sxm, r, 1, 4096, {}); },
                   error_kind::bad_device) == "roofline constants: `dram_gbps`: dram_gbps must be positive and finite");
  CHECK(message_of([&] { (void)weight_floor_us(models::llama_3_1_8b_instruct, r); }, error_kind::bad_device) ==
        "roofline constants: `dram_gbps`: dram_gbps must be positive and finite");
}

TEST_CASE("the byte laws' scale terms refuse instead of wrapping") {
  CHECK_FALSE(try_bytes(formats::fp8_group(1), 1, 1ULL << 62).has_value());
  CHECK_THROWS_AS((void)bytes(formats::fp8_group(1), 1, 1ULL << 62), error);
}

TEST_CASE("an engine profile with a knob its engine refuses is refused at run time, naming the engine and the knob") {
  using namespace headroom;
  const deployment twice{.seqs = 1, .context = 4096,
                         .engine = {.kind = engine_kind::sglang, .sglang = {.mem_fraction_static = {2'000'000}}}};
  CHECK_THROWS_WITH_AS(fits(models::llama_3_1_8b_instruct, devices::h100_sxm, twice),
                       "engine sglang: mem_fraction_static must be at most 1 (0: the engine's default)", headroom::error);
  const deployment no_blocks{.seqs = 1, .context = 4096, .engine = {.kind = engine_kind::vllm, .vllm = {.block_size = 0}}};
  CHECK_THROWS_WITH_AS(max_seqs(models::llama_3_1_8b_instruct, devices::h100_sxm, 4096, {}, no_blocks.engine),
                       "engine vllm: block_size must be at least 1", headroom::error);
}

TEST_CASE("a model family builds into an empty circuit and refuses one that is not") {
  const models::family::dense_gqa_dims d{
      .gqa = {.hidden = 64, .vocab = 128, .layers = 2, .q_heads = 4, .kv_heads = 2, .head_dim = 16}, .inter = 128};
  circuit c = models::family::dense_gqa(d);
  CHECK(c.n_instances == 2 * 2 + 2);  // 2 layers x (attention, MLP) + embed + head
  CHECK(message_of([&] { models::family::dense_gqa(c, d); }, error_kind::bad_model) ==
        "model table is inconsistent: a model family builds into an empty circuit");
  CHECK(c.n_instances == 2 * 2 + 2);
}

TEST_CASE("a shipped table is checked once, when compiled; a copy of it at every call") {
  CHECK(checked_when_compiled(models::llama_3_1_8b_instruct));
  for (const model* m : models::all) CHECK(checked_when_compiled(*m));
  model copy = models::llama_3_1_8b_instruct;  // keeps the original's mark, not its own address
  CHECK_FALSE(checked_when_compiled(copy));
  copy.c.main_uses = {};
  CHECK(message_of([&] { (void)decode_step(copy, devices::h100_sxm, default_roofline(devices::h100_sxm), 1, 4096, {}); },
                   error_kind::bad_model) ==
        "model table `llama_3_1_8b_instruct`: `layers`: layers must be at least 1 (no main-section layer instance)");
  CHECK(message_of([] { (void)checked_table(models::llama_3_1_8b_instruct, models::llama_3_1_8b_instruct); },
                   error_kind::bad_model) ==
        "checked_table() marks a constant: it initialises an `inline constexpr model` only");
  // The shipped spelling, checked by the project's build rather than in each TU, refuses alike.
  CHECK(message_of([] { (void)detail::shipped_table(models::detail::fill_llama_3_1_8b_instruct, models::llama_3_1_8b_instruct); },
                   error_kind::bad_model) ==
        "checked_table() marks a constant: it initialises an `inline constexpr model` only");
}
