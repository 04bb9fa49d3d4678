// SPDX-License-Identifier: MIT
// Parallel plans at compile time, under the compilers' default constant-evaluation limits:
// fits() and HEADROOM_ASSERT_FITS with a plan, per-rank bytes by hand, and the registry laws of
// the sharding declarations.
#include <utility>

#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

namespace headroom_static_parallel_test {

namespace {
using namespace headroom;

// Every state that splits by heads declares them (never a `heads == 0` sentinel); every split
// node names what it divides; a replicated state carries no heads.
constexpr bool sharding_declared(const model& m) {
  const circuit& c = m.c;
  for (std::size_t bi = 0; bi < c.n_blocks; ++bi) {
    const block& b = c.blocks[bi];
    for (std::size_t si = 0; si < b.n_states; ++si) {
      const state_decl& st = b.states[si];
      if (st.split == shard::replicated) {
        if (st.heads != 0) return false;
      } else if (st.heads == 0 || st.elements % st.heads != 0) {
        return false;
      }
      // Paged KV is either split by KV heads or a replicated latent row (MLA).
      if (st.kind == state_kind::paged_kv && st.split != shard::kv_heads && st.split != shard::replicated) return false;
    }
  }
  for (std::size_t ni = 0; ni < c.n_nodes; ++ni) {
    const node& n = c.nodes[ni];
    if (n.split != shard::replicated && n.units == 0) return false;
    if (n.aux_split && n.split == shard::replicated) return false;
    if (is_routed_expert(n.kind) && n.split != shard::experts) return false;
    if ((n.kind == op::embed || n.kind == op::lm_head) && n.split != shard::vocab) return false;
  }
  return true;
}
// One constant evaluation per model: the whole registry in one would pass clang's default
// step limit.
template <std::size_t I>
constexpr bool all_sharding_declared_at = sharding_declared(*models::all[I]);
template <std::size_t... I>
constexpr bool all_sharding_declared(std::index_sequence<I...>) {
  return (all_sharding_declared_at<I> && ...);
}
static_assert(all_sharding_declared(std::make_index_sequence<models::all.size()>{}));

// Every model accepts TP=2 except where an engine refuses it, and the single-rank plan is
// always valid.
// One constant evaluation per model: the whole registry in one would pass clang's default
// step limit.
template <std::size_t I>
constexpr bool single_rank_valid_at = valid(*models::all[I], {});
template <std::size_t... I>
constexpr bool single_rank_valid(std::index_sequence<I...>) {
  return (single_rank_valid_at<I> && ...);
}
static_assert(single_rank_valid(std::make_index_sequence<models::all.size()>{}));

// Qwen3-Next-80B: its K/V states declare 2 KV heads, so TP=2 keeps one each:
// 12 attention layers x 2 (K, V) x 1 head x 256 x 2 B = 12,288 B per token (not 24,576).
static_assert(kv_per_token_per_rank(models::qwen3_next_80b_a3b_instruct, {}, 2) == 12 * 2 * 1 * 256 * 2);
// TP=4 replicates: 4 is a multiple of 2 KV heads, one head per rank.
static_assert(kv_per_token_per_rank(models::qwen3_next_80b_a3b_instruct, {}, 4) == 12 * 2 * 1 * 256 * 2);

// One sequence needs 159.3 GB on one device (more than an H200's 135.68 GB usable); at TP=2
// each rank holds about half the weights (79.7 GB) and 16 sequences of 32k tokens add
// 16 x (32,768 x 12,288 + 37,748,736 + 884,736) = 7.06 GB: it fits.
static_assert(!fits(models::qwen3_next_80b_a3b_instruct, devices::h200_sxm, {.seqs = 1, .context = 4096}));
static_assert(fits(models::qwen3_next_80b_a3b_instruct, devices::h200_sxm, {.seqs = 16, .context = 32768, .parallel = {.tp = 2}}));
HEADROOM_ASSERT_FITS(models::qwen3_next_80b_a3b_instruct, devices::h200_sxm,
                     {.seqs = 16, .context = 32768, .parallel = {.tp = 2}});
// Llama-3.1-70B on 2 x H100, the pure arithmetic (engines::none): 70,555,025,408 B a rank +
// 9 x 4,096 x 163,840 B of KV = 76,594,823,168 <= 76,968,728,985 usable; a tenth sequence
// (+671,088,640) does not fit. (vLLM holds fewer: its activation peak, CUDA graphs and
// non-torch memory come out of the same rank.)
constexpr engine arithmetic = engines::none;
HEADROOM_ASSERT_FITS(models::llama_3_1_70b_instruct, devices::h100_sxm,
                     {.seqs = 9, .context = 4096, .engine = arithmetic, .parallel = {.tp = 2}});
static_assert(!fits(models::llama_3_1_70b_instruct, devices::h100_sxm,
                    {.seqs = 10, .context = 4096, .engine = arithmetic, .parallel = {.tp = 2}}));
static_assert(!fits(models::llama_3_1_70b_instruct, devices::h100_sxm, {.seqs = 9, .context = 4096, .parallel = {.tp = 2}}));
static_assert(max_seqs(rank_footprint(models::llama_3_1_70b_instruct, {}, {.tp = 2}), devices::h100_sxm, 4096, engines::usable) == 9);

// A sharded decode step evaluates at compile time and pays for its links.
static_assert(decode_step(models::llama_3_1_70b_instruct, devices::h100_sxm, default_roofline(devices::h100_sxm), 1,
                          4096, {}, {.tp = 4})
                  .link_us > 0);
}  // namespace
}  // namespace headroom_static_parallel_test
