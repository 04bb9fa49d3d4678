// SPDX-License-Identifier: MIT
// Format spellings and byte laws (docs/model.md#formats-and-byte-laws). fp8/channel counts one
// F32 scale per output channel, the [out, 1] weight_scale of compressed-tensors' channel strategy.
#include <headroom/tensor_format.hpp>

#include <string_view>

namespace headroom_static_tensor_format_test {

namespace {
using namespace headroom;

constexpr bool round_trips(std::string_view s) {
  const auto f = try_parse_format(s);
  return f.has_value() && name(*f).view() == s;
}
static_assert(round_trips("bf16"));
static_assert(round_trips("f32"));
static_assert(round_trips("i32"));
static_assert(round_trips("fp8/token"));
static_assert(round_trips("fp8/tensor"));
static_assert(round_trips("fp8/channel"));
static_assert(round_trips("fp8/g128"));
static_assert(round_trips("fp8/block128x128"));
static_assert(round_trips("fp8/block128x128/ue8m0"));
static_assert(round_trips("nvfp4/g16"));
static_assert(round_trips("mxfp4/g32"));
static_assert(round_trips("int8/channel"));
static_assert(round_trips("int8/token"));
static_assert(round_trips("awq/g128"));
static_assert(round_trips("gptq/g32"));
static_assert(round_trips("int4/g128"));
static_assert(round_trips("int4/g64/zp"));

// Refused spellings: anything but the canonical lowercase form.
static_assert(!try_parse_format(""));
static_assert(!try_parse_format("BF16"));
static_assert(!try_parse_format("fp8"));
static_assert(!try_parse_format("fp8/"));
static_assert(!try_parse_format("fp8/g0"));
static_assert(!try_parse_format("fp8/block128"));
static_assert(!try_parse_format("fp8/block0x128"));
static_assert(!try_parse_format("fp8/block128x128/ue8m0/"));
static_assert(!try_parse_format("fp8/g128/ue8m0"));
static_assert(!try_parse_format("nvfp4/16"));
static_assert(!try_parse_format("nvfp4/g"));
static_assert(!try_parse_format("fp16"));
static_assert(!try_parse_format("fp8/token "));
static_assert(!try_parse_format(" bf16"));
static_assert(!try_parse_format("fp8/g0128"));   // leading zero is not canonical
static_assert(!try_parse_format("mxfp4/g16"));   // MXFP4 is group 32 by definition
static_assert(!try_parse_format("fp8/g-1"));
static_assert(!try_parse_format("int8"));
static_assert(!try_parse_format("int8/g128"));
static_assert(!try_parse_format("awq/g0"));
static_assert(!try_parse_format("gptq/g"));
static_assert(!try_parse_format("int4/zp"));
static_assert(!try_parse_format("int4/g128/"));
static_assert(!try_parse_format("int4/g128/zpx"));
static_assert(!try_parse_format("awq/g128/zp"));  // AWQ always stores zeros: no variant

// Edge formats.
static_assert(!is_edge_format(*try_parse_format("fp8/channel")));
static_assert(!is_edge_format(*try_parse_format("fp8/block128x128")));
static_assert(is_edge_format(*try_parse_format("fp8/token")));
static_assert(is_edge_format(*try_parse_format("nvfp4/g16")));
static_assert(!is_edge_format(formats::mxfp4));
static_assert(is_edge_format(formats::int8_token));
static_assert(!is_edge_format(formats::int8_channel));
static_assert(!is_edge_format(formats::awq(128)));
static_assert(!is_edge_format(formats::gptq(128)));
static_assert(!is_edge_format(formats::int4(128)));
static_assert(element_bits(formats::awq(128)) == 4 && element_bits(formats::int8_channel) == 8);

// Byte laws, each checked by hand arithmetic.
static_assert(bytes(formats::bf16, 3, 5120) == 30720);
static_assert(bytes(formats::f32, 2, 7) == 56);
static_assert(bytes(formats::nvfp4_g16, 1, 5120) == 2560 + 320 + 4);
static_assert(bytes(formats::fp8_token, 4, 256) == 1024 + 16);
static_assert(bytes(formats::fp8_group(128), 2, 256) == 512 + 16);
static_assert(bytes(formats::nvfp4_g16, 8, 5120) == 23072);
static_assert(weight_bytes(formats::nvfp4_g16, 8, 5120) == 8 * 2880 + 4);
static_assert(weight_bytes(formats::bf16, 8, 5120) == bytes(formats::bf16, 8, 5120));
static_assert(!try_bytes(formats::nvfp4_g16, 1, 24));
static_assert(!try_bytes(formats::fp8_group(128), 1, 200));
static_assert(!try_bytes(formats::bf16, ~0ULL, 2));

// fp8/channel: one F32 scale per output channel (rows of an [out, in] weight), not per input.
static_assert(weight_bytes(formats::fp8_channel, 4096, 14336) == 4096ULL * 14336 + 4 * 4096);
// fp8/block128x128: one F32 per 128x128 block, partial blocks rounded up (DeepSeek-V3's
// weight_scale_inv is [ceil(out/128), ceil(in/128)]): [7168, 2048] -> 56 x 16 scales.
static_assert(weight_bytes(formats::fp8_block(128, 128), 7168, 2048) == 7168ULL * 2048 + 4 * 56 * 16);
static_assert(weight_bytes(formats::fp8_block(128, 128), 129, 1) == 129 + 4 * 2 * 1);
// fp8/block128x128/ue8m0: the same blocks, one F8_E8M0 byte each (DeepSeek-V4-Flash's
// weight_scale_inv): [7168, 2048] -> 56 x 16 bytes of scales.
static_assert(weight_bytes(formats::fp8_block(128, 128, true), 7168, 2048) == 7168ULL * 2048 + 56 * 16);
static_assert(weight_bytes(formats::fp8_block(128, 128, true), 129, 1) == 129 + 2 * 1);
// Groups and blocks that are not powers of two take the division path of the laws (the shipped
// formats' 16, 32, 128 take a shift): fp8/g96 over [2, 192] is 384 + 4 x 2 x (192 / 96);
// fp8/block3x5 over [7, 11] is 77 + 4 x ceil(7/3) x ceil(11/5) = 77 + 4 x 3 x 3; nvfp4/g24 over
// an activation row of 48 is 24 + 48 / 24 + 4 x 1, and 40 is no whole number of groups.
static_assert(bytes(formats::fp8_group(96), 2, 192) == 384 + 4 * 2 * 2);
static_assert(!try_bytes(formats::fp8_group(96), 2, 160));
static_assert(weight_bytes(formats::fp8_block(3, 5), 7, 11) == 77 + 4 * 3 * 3);
static_assert(weight_bytes(formats::fp8_block(3, 5), 6, 10) == 60 + 4 * 2 * 2);
static_assert(bytes(formats::nvfp4(24), 1, 48) == 24 + 2 + 4);
static_assert(!try_bytes(formats::nvfp4(24), 1, 40));
// MXFP4: E2M1 pairs plus one E8M0 byte per 32 values = 0.53125 B/param.
static_assert(weight_bytes(formats::mxfp4, 2880, 2880) == 2880ULL * 2880 / 2 + 2880ULL * 2880 / 32);
// NVFP4 weight: 0.5 + 1/16 = 0.5625 B/param plus one F32 global per tensor.
static_assert(weight_bytes(formats::nvfp4_g16, 4096, 4096) == 4096ULL * 4096 * 9 / 16 + 4);

// The INT4 / INT8 layouts, tensor by tensor, for Qwen2.5-7B's q_proj [n = 3584, k = 3584] at
// group 128 (G = 28 groups per output channel).
// int8/channel: I8 weight + one 16-bit scale per output channel ([n, 1]).
static_assert(weight_bytes(formats::int8_channel, 4096, 14336) == 4096ULL * 14336 + 2 * 4096);
// int8/token activation: I8 values + one F32 scale per token.
static_assert(bytes(formats::int8_token, 4, 256) == 1024 + 16);
// AWQ: qweight I32 [3584, 448] = 6,422,528; qzeros I32 [28, 448] = 50,176; scales F16 [28, 3584] = 200,704.
static_assert(weight_bytes(formats::awq(128), 3584, 3584) == 6'422'528 + 50'176 + 200'704);
// GPTQ: qweight I32 [448, 3584] = 6,422,528; qzeros and scales as AWQ; g_idx I32 [3584] = 14,336.
static_assert(weight_bytes(formats::gptq(128), 3584, 3584) == 6'422'528 + 50'176 + 200'704 + 14'336);
// compressed-tensors pack-quantized: weight_packed I32 [3584, 448] = 6,422,528; weight_scale
// BF16 [3584, 28] = 200,704; weight_shape I64 [2] = 16; asymmetric adds weight_zero_point I32 [448, 28] = 50,176.
static_assert(weight_bytes(formats::int4(128), 3584, 3584) == 6'422'528 + 200'704 + 16);
static_assert(weight_bytes(formats::int4(128, true), 3584, 3584) == 6'422'528 + 200'704 + 16 + 50'176);
// A zero-point row count that is not a multiple of 8 rounds its I32 up: [ceil(12/8), 1] = 2 x 4 bytes.
static_assert(weight_bytes(formats::int4(128, true), 12, 128) == 12 * 64 + 2 * 12 + 16 + 8);
// Shapes a layout cannot pack have no size.
static_assert(!try_weight_bytes(formats::awq(128), 12, 128));    // AWQ packs n by eight
static_assert(!try_weight_bytes(formats::gptq(128), 16, 100));   // k not whole groups
static_assert(!try_weight_bytes(formats::gptq(4), 16, 12));      // GPTQ packs k by eight
static_assert(!try_weight_bytes(formats::int4(128), 16, 132));   // k not whole groups
static_assert(!try_weight_bytes(formats::awq(8), (~0ULL / 4) & ~7ULL, 8));  // over 64 bits

// An activation whose bytes are affine in rows (detail::bytes_affine_in_rows: scales per
// token, per group along a row or one per tensor) is read as a x rows + b, a and b from the law
// at 1 and 2 rows (node_cost.hpp's act_quant). The law must then agree at every row count.
constexpr bool affine_where_claimed(std::string_view spelling, std::uint64_t d) {
  const tensor_format f = *try_parse_format(spelling);
  std::uint64_t one = 0, two = 0;
  if (!detail::bytes_affine_in_rows(f, d) || !detail::law_bytes(f, 1, d, false, one) ||
      !detail::law_bytes(f, 2, d, false, two)) {
    return true;  // nothing claimed
  }
  const std::uint64_t a = two - one, b = one - a;
  for (std::uint64_t rows : {3ULL, 4ULL, 5ULL, 7ULL, 8ULL, 15ULL, 16ULL, 17ULL, 31ULL, 127ULL, 128ULL, 129ULL, 4096ULL, 100'003ULL}) {
    std::uint64_t at = 0;
    if (!detail::law_bytes(f, rows, d, false, at) || at != a * rows + b) return false;
  }
  return true;
}
constexpr bool affine_for_every_format() {
  for (std::string_view s : {"bf16", "f32", "i32", "fp8/token", "fp8/tensor", "fp8/channel", "fp8/g128", "fp8/g16",
                             "fp8/block1x128", "fp8/block128x128", "fp8/block128x128/ue8m0", "nvfp4/g16", "mxfp4/g32",
                             "int8/channel", "int8/token", "awq/g128", "gptq/g32", "int4/g128", "int4/g64/zp"}) {
    for (std::uint64_t d : {1ULL, 2ULL, 3ULL, 16ULL, 32ULL, 48ULL, 128ULL, 130ULL, 2880ULL, 7168ULL}) {
      if (!affine_where_claimed(s, d)) return false;
    }
  }
  return true;
}
static_assert(affine_for_every_format());
// What is claimed, by hand from the laws above: fp8/g128 at 7,168 wide is 7,168 + 56 x 4 bytes a
// row; nvfp4/g16 3,584 + 448 + one F32 global a row; fp8/tensor 7,168 a row and one F32 scale.
static_assert(detail::bytes_affine_in_rows(*try_parse_format("fp8/g128"), 7168));
static_assert(bytes(*try_parse_format("fp8/g128"), 2, 7168) - bytes(*try_parse_format("fp8/g128"), 1, 7168) == 7168 + 56 * 4);
static_assert(detail::bytes_affine_in_rows(formats::nvfp4_g16, 7168));
static_assert(bytes(formats::nvfp4_g16, 1, 7168) == 3584 + 448 + 4);
static_assert(detail::bytes_affine_in_rows(formats::fp8_tensor, 7168) && bytes(formats::fp8_tensor, 1, 7168) == 7168 + 4);
// Not claimed: scales over blocks of rows, a packed row of half a byte, the int4 layouts.
static_assert(!detail::bytes_affine_in_rows(*try_parse_format("fp8/block128x128"), 7168));
static_assert(!detail::bytes_affine_in_rows(formats::nvfp4_g16, 7));
static_assert(!detail::bytes_affine_in_rows(*try_parse_format("int4/g128"), 7168));
}  // namespace
}  // namespace headroom_static_tensor_format_test
