// SPDX-License-Identifier: MIT
// An EAGLE-3 draft checkpoint served beside its target (models/eagle3.hpp): the bytes of the
// head and of its attention layer's KV by hand, from the config and the engines' source, and
// the engines' pools with it. Every number is hand arithmetic written here or a published
// checkpoint size (the target's total_size 16,060,522,496), never a value read back from
// headroom.
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>
#include <headroom/models/drafts/registry.hpp>
#include <headroom/serve.hpp>

namespace headroom_static_eagle3_draft_test {

namespace {
using namespace headroom;

constexpr model served = models::with_draft(models::llama_3_1_8b_instruct, models::drafts::eagle3_llama3_1_instruct_8b);
constexpr settings spec{.speculative = true};

// yuhuili/EAGLE3-LLaMA3.1-Instruct-8B (hidden 4096, 32 / 8 heads of 128, inter 14336, draft
// vocab 32000), in BF16 parameters:
//   fc [4096, 3 x 4096]                          50,331,648
//   hidden_norm, input_layernorm 2 x 4096             8,192
//   q_proj [4096, 2 x 4096]                      33,554,432
//   k_proj, v_proj 2 x [1024, 8192]              16,777,216
//   o_proj [4096, 4096]                          16,777,216
//   post_attention_layernorm                          4,096
//   gate_proj, up_proj 2 x [14336, 4096]        117,440,512
//   down_proj [4096, 14336]                      58,720,256
//   norm                                              4,096
//   lm_head [32000, 4096]                       131,072,000
//   sum                                         424,689,664 parameters = 849,379,328 B
// plus d2t, 32,000 int64 = 256,000 B: 849,635,328 B. embed_tokens is the target's (not stored).
constexpr byte_count draft_bytes = 849'635'328;
constexpr byte_count target_bytes = 16'060'522'496;  // the target's published total_size

constexpr footprint_bytes off = footprint(served, {});
constexpr footprint_bytes on = footprint(served, spec);
static_assert(off.draft_weights == draft_bytes && off.weights == target_bytes + draft_bytes);
static_assert(off.loaded_weights == target_bytes);              // no speculation: the head stays on disk
static_assert(on.loaded_weights == target_bytes + draft_bytes);
// KV per token: 32 target layers and, speculating, the head's one: 8 KV heads x 128 x (K, V) x 2 B
// = 4,096 B a layer.
static_assert(off.kv_per_token == 32 * 4'096 && on.kv_per_token == 33 * 4'096);
// The plain target is unchanged by the head's existence.
static_assert(footprint(models::llama_3_1_8b_instruct, {}).weights == target_bytes);

// TP 2: the layer splits (q / k / v / o by heads, gate / up / down by the intermediate size),
// lm_head by the draft vocabulary, while fc (ReplicatedLinear), the norms and d2t stay whole:
// (50,331,648 + 16,384 + (33,554,432 + 16,777,216 + 16,777,216) / 2 + 176,160,768 / 2
// + 131,072,000 / 2) x 2 B + 256,000 = 237,518,848 x 2 + 256,000 = 475,293,696 B.
constexpr footprint_bytes on_tp2 = rank_footprint(served, spec, {.tp = 2});
static_assert(on_tp2.draft_weights == 475'293'696);
// Its KV per token: 4 of the 8 KV heads a rank, 33 layers x 4 x 128 x 2 x 2 B.
static_assert(on_tp2.kv_per_token == 33 * 2'048);

// vLLM: the head's layer joins the target's KV cache group (one group of 33 layers), so a
// 16-token block is 16 x 33 x 4,096 = 2,162,688 B; its weights come off the same budget. And its
// CUDA graphs follow decode steps of 1 + K tokens a sequence (K = 1, the head's one layer, where
// --num-speculative-tokens is not given): on the H100, 1,024 sequences and 8,192 batched tokens,
// the sizes up to min(2 x 1,024 x 2, 512) = 512 are 1, 2, 4, 8..248 by 8, 256..512 by 16 = 51,
// and rounded up to multiples of 2 the 1 and the 2 are one: 50, the FULL decode graphs (sizes up
// to 2 x 1,024) the same 50. Two graphs fewer than the plain target's 51 + 51.
static_assert(detail::vllm_graphs_captured(vllm_cudagraph_mode::full_and_piecewise, 1024, 8192) == 51 + 51);
static_assert(detail::vllm_graphs_captured(vllm_cudagraph_mode::full_and_piecewise, 1024, 8192, 0, 2) == 50 + 50);
constexpr engine_memory plain = engine_memory_of(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, engine{}, {}, 1, 8192);
constexpr engine_memory drafted = engine_memory_of(served, devices::h100_sxm, spec, engine{}, {}, 1, 8192);
static_assert(plain.block_bytes == 16 * 32 * 4'096 && drafted.block_bytes == 2'162'688);
static_assert(drafted.loaded_weights_bytes_per_rank == target_bytes + draft_bytes);
static_assert(plain.cuda_graph_bytes - drafted.cuda_graph_bytes == 2 * engine_constants::vllm_cudagraph_bytes_per_graph);
static_assert(plain.available_kv_cache_bytes - drafted.available_kv_cache_bytes ==
              draft_bytes - 2 * engine_constants::vllm_cudagraph_bytes_per_graph);
static_assert(drafted.kv_cache_blocks == drafted.available_kv_cache_bytes / 2'162'688);

// SGLang: the draft worker's own pool of the target's token count is one price per token of
// (32 + 1) x 4,096 B over the budget less both models' weights.
constexpr engine sglang{.kind = engine_kind::sglang};
constexpr engine_memory sg = engine_memory_of(served, devices::h100_sxm, spec, sglang, {}, 1, 8192);
constexpr engine_memory sg_plain = engine_memory_of(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, sglang, {}, 1, 8192);
static_assert(sg.loaded_weights_bytes_per_rank == target_bytes + draft_bytes);
static_assert(sg.available_kv_cache_bytes == sg.budget_bytes - target_bytes - draft_bytes);
static_assert(sg.kv_cache_tokens == sg.available_kv_cache_bytes / 135'168);
static_assert(sg_plain.kv_cache_tokens == sg_plain.available_kv_cache_bytes / 131'072);

// Speculating, the serve path finds a draft head to draft with.
static_assert(has_draft_head(served) && !has_draft_head(models::llama_3_1_8b_instruct));

}  // namespace
}  // namespace headroom_static_eagle3_draft_test
