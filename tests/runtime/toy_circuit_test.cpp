// SPDX-License-Identifier: MIT
// A toy circuit small enough to check every number by hand (docs/model.md): 2 layers of
// rms_norm -> linear:gate_up [256, 64] -> silu_mul -> linear:down [64, 128] -> residual_add;
// prologue embed; epilogue final_norm -> lm_head [256, 64]; hidden 64, inter 128, vocab 256.
// W4A16: lm_head bf16/bf16, every other weight nvfp4/g16 with bf16 activations.
#include <doctest/doctest.h>

#include <headroom/headroom.hpp>

namespace {
using namespace headroom;

constexpr model toy(tensor_format activation) {
  model m{};
  m.id = "toy";
  m.name = "toy";
  m.family = "toy";
  circuit& c = m.c;
  node embed = nd("embed", op::embed, {}, {e(64)});
  embed.table_rows = 256;
  const auto pro = c.add_block("embed", {embed});
  const auto ffn = c.add_block("ffn", {nd("norm", op::rms_norm, {e(64)}, {e(64)}),
                                       nd("gate_up", op::linear, {e(64)}, {e(256)}, linear_role::gate_up),
                                       nd("act", op::silu_mul, {e(256)}, {e(128)}),
                                       nd("down", op::linear, {e(128)}, {e(64)}, linear_role::down),
                                       nd("add", op::residual_add, {e(64), e(64)}, {e(64)})});
  const auto head = c.add_block("head", {nd("final_norm", op::final_norm, {e(64)}, {e(64)}),
                                         nd("lm_head", op::lm_head, {e(64)}, {e(256)})});
  c.add(pro, no_layer, section::main, layer_kind::none);
  c.add(ffn, 0, section::main, layer_kind::linear_attention);
  c.add(ffn, 1, section::main, layer_kind::linear_attention);
  c.add(head, no_layer, section::main, layer_kind::none);
  m.add_rule(for_op(op::lm_head, formats::bf16));
  m.add_rule(for_op(op::embed, formats::bf16));
  m.add_rule(all_weights(formats::nvfp4_g16, activation));
  return m;
}

// 1000 GB/s, 100 / 200 / 400 TFLOPS (the fixture's `fp4dev` and `nofp4`).
constexpr device test_device(bool fp4) {
  device d{};
  d.id = fp4 ? "fp4dev" : "nofp4";
  d.name = d.id;
  d.memory_bytes = 64 * gib;
  d.bandwidth_gbps = 1000;
  d.peak = {.bf16 = 100, .fp8 = 200, .nvfp4 = fp4 ? 400.0 : 0.0};
  d.native = bit(mma_kind::bf16) | bit(mma_kind::fp8) | (fp4 ? bit(mma_kind::fp4_block_scale) : 0);
  d.sms = 1;
  d.sources = "S1";
  return d;
}

constexpr model w4a16 = toy(formats::bf16);
constexpr device fp4dev = test_device(true);
constexpr device nofp4 = test_device(false);
}  // namespace

TEST_CASE("toy W4A16: footprint and weight floor (hand arithmetic, docs/model.md)") {
  // gate_up nvfp4/g16 [256, 64] = 8192 + 1024 + 4 = 9220; down [64, 128] = 4096 + 512 + 4 = 4612;
  // lm_head bf16 [256, 64] = 32768; embedding 256 x 64 x 2 = 32768.
  constexpr auto fp = footprint(w4a16, {});
  static_assert(fp.weights == 32768 + 2 * (9220 + 4612) + 32768);
  CHECK(fp.weights == 93'200);
  CHECK(fp.kv_per_token == 0);
  CHECK(fp.state_per_seq == 0);
  CHECK(weight_floor_bytes(w4a16) == 60'432);
}

TEST_CASE("toy W4A16: decode C=1 bytes and time (hand arithmetic, docs/model.md)") {
  // Node bytes: embed 128; per layer norm 256, gate_up 128 + 512 + 9220, silu_mul 768,
  // down 256 + 128 + 4612, add 384; final_norm 256; lm_head 128 + 512 + 32768 = 66,320 B,
  // all memory-bound at 1000 GB/s: 0.06632 us.
  const auto r = datasheet_roofline(nofp4);
  const auto st = decode_step(w4a16, nofp4, r, 1, 4096, {});
  CHECK(st.bytes == doctest::Approx(66'320.0));
  CHECK(st.total_us == doctest::Approx(0.06632));
  CHECK(st.compute_bound_us == 0.0);
}

TEST_CASE("toy W4A4: NVFP4 activations run natively on an FP4 device, emulated at FP8 otherwise") {
  constexpr model w4a4 = toy(formats::nvfp4_g16);
  // A compute-bound prefill of 4096 tokens isolates the peak: gate_up FLOPs = 2 x 4096 x 64 x 256.
  const double flops = 2.0 * 4096 * 64 * 256;
  const auto on_fp4 = prefill(w4a4, fp4dev, datasheet_roofline(fp4dev), 4096, {});
  const auto on_fp8 = prefill(w4a4, nofp4, datasheet_roofline(nofp4), 4096, {});
  const site_row* a = nullptr;
  const site_row* b = nullptr;
  for (std::size_t i = 0; i < on_fp4.n_rows; ++i) {
    if (w4a4.c.nodes[on_fp4.rows[i].node].local == "gate_up") a = &on_fp4.rows[i];
  }
  for (std::size_t i = 0; i < on_fp8.n_rows; ++i) {
    if (w4a4.c.nodes[on_fp8.rows[i].node].local == "gate_up") b = &on_fp8.rows[i];
  }
  REQUIRE(a != nullptr);
  REQUIRE(b != nullptr);
  CHECK(a->how == exec{exec_path::native, mma_kind::fp4_block_scale});
  CHECK(b->how == exec{exec_path::exact_fp8_emulation, mma_kind::fp8});
  CHECK(a->one.flops == doctest::Approx(flops));
  // The act_quant in front of the MMA reads the bf16 edge and writes (and the MMA reads) the
  // nvfp4/g16 copy: 4096 x (128 + 2 x (32 + 4 + 4)) more bytes than the W4A16 edge.
  const auto w16 = prefill(w4a16, fp4dev, datasheet_roofline(fp4dev), 4096, {});
  double w16_bytes = 0;
  for (std::size_t i = 0; i < w16.n_rows; ++i) {
    if (w4a16.c.nodes[w16.rows[i].node].local == "gate_up") w16_bytes = w16.rows[i].one.bytes;
  }
  CHECK(a->one.bytes - w16_bytes == doctest::Approx(4096.0 * 2 * (32 + 4 + 4)));
}

TEST_CASE("per-row loops: a looped site costs rows x its one-row time, reported per layer kind") {
  model looped = w4a16;
  looped.add_loop({.kind = layer_kind::linear_attention, .block = "ffn", .local = "", .rows_above = 1, .cite = "test"});
  const auto r = datasheet_roofline(nofp4);
  // At 16 rows, one layer's ffn nodes at 1 row read 256 + 9860 + 768 + 4996 + 384 = 16,264 B;
  // at 16 rows in one launch: 4096 + (2048 + 8192 + 9220) + 12288 + (4096 + 2048 + 4612) + 6144
  // = 52,744 B. Added per layer = (16 x 16,264 - 52,744) B / 1000 GB/s; two layers.
  const auto plain = decode_step(w4a16, nofp4, r, 16, 4096, {});
  const auto loop = decode_step(looped, nofp4, r, 16, 4096, {});
  const double added = 2.0 * (16.0 * 16'264 - 52'744) / 1e6;
  REQUIRE(loop.n_flags == 1);
  CHECK(loop.flags[0].kind == layer_kind::linear_attention);
  CHECK(loop.flags[0].added_us == doctest::Approx(added));
  CHECK(loop.flags[0].sites == 10);
  CHECK(loop.total_us - plain.total_us == doctest::Approx(added));
  // At one row the loop adds nothing (rows_above 1), and prefill never loops.
  CHECK(decode_step(looped, nofp4, r, 1, 4096, {}).n_flags == 0);
  CHECK(prefill(looped, nofp4, r, 16, {}).total_us == doctest::Approx(prefill(w4a16, nofp4, r, 16, {}).total_us));
}
