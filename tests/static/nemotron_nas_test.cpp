// SPDX-License-Identifier: MIT
// The nemotron_nas family on nvidia/Llama-3_3-Nemotron-Super-49B-v1
// (tests/data/configs/llama_3_3_nemotron_super_49b_v1/config.json): hidden 8192, vocab 128256,
// 80 layers, 64 query heads (head_dim 128), untied, BF16; block_configs transcribed below as
// runs of (n_heads_in_group, ffn_mult). Every number here is hand arithmetic on that file.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/nemotron_nas.hpp>

#include <array>
#include <cstdint>

namespace headroom_static_nemotron_nas_test {

namespace {
using namespace headroom;
namespace family = headroom::models::family;

// block_configs in order, as runs: {layers, n_heads_in_group (0: attention no_op), the FFN width}.
// The widths by DeciLM's _ffn_mult_to_intermediate_size (int(2 x ffn_mult x 8192 / 3) rounded up
// to a multiple of 256): 5.25 -> 28672, 2.625 -> 14336, 3.28125 -> 17920, 1.3125 -> 7168,
// 1.0 -> int(5461.33) = 5461 -> 5632, 0.5 -> int(2730.67) = 2730 -> 2816.
struct run {
  std::uint64_t layers, group, inter;
};
constexpr std::array<run, 25> runs{{
    {1, 8, 14336}, {5, 8, 28672}, {2, 0, 14336}, {3, 8, 28672}, {1, 0, 17920}, {30, 8, 28672},  // layers 0-41
    {1, 0, 7168}, {2, 0, 14336}, {1, 0, 7168}, {1, 0, 28672}, {1, 0, 7168}, {1, 0, 14336},     // 42-48
    {3, 0, 7168}, {1, 8, 28672}, {1, 0, 7168}, {2, 0, 5632}, {1, 0, 7168}, {3, 0, 5632},       // 49-59
    {2, 0, 7168}, {2, 0, 2816}, {2, 0, 5632}, {2, 0, 2816}, {1, 0, 5632}, {2, 0, 2816},        // 60-70
    {9, 8, 28672},                                                                              // 71-79
}};

constexpr family::nemotron_nas_dims super_dims() {
  family::nemotron_nas_dims d{.hidden = 8192, .vocab = 128256, .layers = 80, .q_heads = 64, .head_dim = 128};
  std::uint64_t l = 0;
  for (const run& r : runs) {
    for (std::uint64_t i = 0; i < r.layers; ++i, ++l) {
      d.kv_heads[l] = static_cast<std::uint16_t>(r.group == 0 ? 0 : 64 / r.group);
      d.ffn_units[l] = static_cast<std::uint16_t>(r.inter / 256);
    }
  }
  return d;
}
static_assert([] {
  std::uint64_t n = 0;
  for (const run& r : runs) n += r.layers;
  return n;
}() == 80);

constexpr model make_super() {
  model m{};
  m.id = "llama_3_3_nemotron_super_49b_v1";
  m.name = "Llama-3.3-Nemotron-Super-49B-v1";
  m.family = "nemotron_nas";
  m.c = family::nemotron_nas(super_dims());
  m.add_rule(all_weights(formats::bf16));
  return m;
}
constexpr model m = make_super();
constexpr auto fp = footprint(m, settings{.kv = kv_dtype::bf16});

// Blocks: embed, one attention (8 KV heads), six MLP widths, head.
static_assert(m.c.n_blocks == 9);

// Parameters by hand. An attention layer: q and o 8192 x 8192, k and v 1024 x 8192 (8 KV heads x
// 128), input_layernorm 8192 = 151,003,136; 49 layers have one (80 less 31 no_op). An FFN layer:
// 3 x inter x 8192 + post_attention_layernorm 8192; the widths over the 80 layers:
// 49 x 28672 + 6 x 14336 + 17920 + 10 x 7168 + 8 x 5632 + 6 x 2816 = 1,642,496.
static_assert(2 * 8192ULL * 8192 + 2 * 1024ULL * 8192 + 8192 == 151'003'136);
static_assert(49 * 28672ULL + 6 * 14336 + 17920 + 10 * 7168 + 8 * 5632 + 6 * 2816 == 1'642'496);
// Total: 49 x 151,003,136 + 3 x 8192 x 1,642,496 + 80 x 8192 + embed and lm_head 2 x 128256 x 8192
// + model.norm 8192 = 49,867,145,216 (the model card's 49B class), BF16: twice that in bytes.
static_assert(49 * 151'003'136ULL + 3 * 8192ULL * 1'642'496 + 80 * 8192ULL + 2 * 128256ULL * 8192 + 8192 ==
              49'867'145'216);
static_assert(parameter_count(m) == 49'867'145'216);
static_assert(fp.weights == 2 * 49'867'145'216ULL);

// KV per token: 49 attention layers x 2 (K, V) x 8 heads x 128 x 2 bytes; the no_op layers none.
static_assert(fp.kv_per_token == 49 * 2 * 8 * 128 * 2);
static_assert(fp.kv_per_token == 200'704);
static_assert(fp.state_per_seq == 0 && fp.conv_per_seq == 0);

// Weight floor: every stored byte but the embedding table (a row gather).
static_assert(weight_floor_bytes(m) == 2 * 49'867'145'216ULL - 128256ULL * 8192 * 2);

// Fit under engines::none (usable = memory x 0.9): one H200 (143,771 MiB x 0.9 = 135.7e9 B) holds
// the 99.73e9 B of weights and 8 sequences of 16k (8 x 16384 x 200,704 = 26.31e9 B): 126.04e9 B;
// one H100 SXM (81,559 MiB x 0.9 = 76.97e9 B) cannot hold the weights at all.
static_assert(fits(m, devices::h200_sxm, {.seqs = 8, .context = 16384, .engine = engines::none}));
static_assert(!fits(m, devices::h100_sxm, {.seqs = 1, .context = 4096, .engine = engines::none}));

}  // namespace
}  // namespace headroom_static_nemotron_nas_test
