// SPDX-License-Identifier: MIT
// Data parallel (parallel::dp, vLLM --data-parallel-size N [--enable-expert-parallel]): each
// replica keeps the whole attention, embedding and LM head of its tp group and serves its own
// sequences; vLLM's MoE layers span all dp x tp ranks
// (vllm/model_executor/layers/fused_moe/config.py @002d6073aa034d4f5545d45021b0e56d1f3c3593,
// FusedMoEParallelConfig.flatten_tp_across_dp_and_pcp). SGLang's --dp-size replicas each hold a
// whole tp plan (python/sglang/srt/managers/data_parallel_controller.py
// @fdd9edee7a8faeaeeef5d0f77af7a673b4c06297). Every number is hand arithmetic written next to it.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/openai/gpt_oss_120b.hpp>

namespace headroom_static_data_parallel_test {

namespace {
using namespace headroom;

constexpr const model& oss = models::gpt_oss_120b;
constexpr parallel dp8_ep8{.ep = 8, .dp = 8};  // --data-parallel-size 8 --enable-expert-parallel
constexpr parallel dp8{.dp = 8};               // --data-parallel-size 8: MoE as TP 8
constexpr parallel tp8_ep8{.tp = 8, .ep = 8};

static_assert(dp8_ep8.ranks() == 8 && dp8.ranks() == 8 && parallel{.tp = 2, .pp = 2, .dp = 2}.ranks() == 8);
static_assert(valid(oss, dp8_ep8) && valid(oss, dp8) && valid(oss, {.tp = 2, .ep = 8, .dp = 4}));
// EP lies inside the dp x tp group: 16 does not divide 1 x 8.
static_assert(plan_violation(oss, {.ep = 16, .dp = 8}) == plan_rule::ep_divides_tp);
static_assert(plan_violation(oss, {.dp = 0}) == plan_rule::degrees_positive);

// The MoE layers' nodes split over dp x tp = 8 ranks, every other node over tp = 1.
constexpr const block& moe_block() {
  for (std::uint8_t bi = 0; bi < oss.c.n_blocks; ++bi) {
    const block& b = oss.c.blocks[bi];
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      if (oss.c.nodes[ni].kind == op::expert_gate_up) return b;
    }
  }
  return oss.c.blocks[0];
}
constexpr const node& node_of(op k) {
  const block& b = moe_block();
  std::size_t i = b.first;
  while (i + 1 < b.end && oss.c.nodes[i].kind != k) ++i;
  return oss.c.nodes[i];
}
static_assert(node_tp(moe_block(), node_of(op::expert_gate_up), dp8_ep8) == 8);
static_assert(node_tp(moe_block(), node_of(op::router), dp8_ep8) == 1);

// KV per token per rank: each replica holds the KV of its own sequences whole (tp = 1), as one
// device does; at TP 8 the 8 KV heads split one per rank (a TP 8 rank holds 1 / 8 of it).
static_assert(rank_footprint(oss, {}, dp8_ep8).kv_per_token == footprint(oss, {}).kv_per_token);
static_assert(rank_footprint(oss, {}, tp8_ep8).kv_per_token * 8 == footprint(oss, {}).kv_per_token);
// Weights: the embedding and LM head are whole on every replica (vocab 201,088 x hidden 2,880 x
// 2 B each = 1,158,266,880 B) where a TP 8 rank holds an eighth of the 64-padded vocab
// (201,088 = 3,142 x 64; / 8 = 25,136 rows x 2,880 x 2 B = 144,783,360 B each); both hold 16
// whole experts per layer. So the replica's rank outweighs the TP 8 rank by at least the two
// tables' difference, 2 x (1,158,266,880 - 144,783,360) = 2,026,967,040 B.
static_assert(rank_footprint(oss, {}, dp8_ep8).loaded_weights - rank_footprint(oss, {}, tp8_ep8).loaded_weights >=
              2'026'967'040ULL);

// Sequences: each replica serves 1 / 8 of them.
static_assert(rank_seqs(64, dp8_ep8) == 8 && rank_seqs(65, dp8_ep8) == 9 && seq_shares(dp8_ep8) == 8);
static_assert(seq_shares({.tp = 4, .dp_attention = true, .dp = 2}) == 8);

// SGLang replicas: one rank of --dp-size 2 --tp 4 is a rank of the --tp 4 plan.
constexpr engine sgl = engines::sglang;
static_assert(rank_footprint(oss, {}, {.tp = 4, .dp = 2}, sgl).loaded_weights ==
              rank_footprint(oss, {}, {.tp = 4}, sgl).loaded_weights);

}  // namespace
}  // namespace headroom_static_data_parallel_test
