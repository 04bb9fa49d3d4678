// SPDX-License-Identifier: MIT
// MXFP4 routed experts under tensor parallel: the engines pad each rank's share of the expert
// intermediate size, so gpt-oss-120b at TP 4 and TP 8 (2880 / 4 = 720 and 2880 / 8 = 360, not
// whole pairs of 32-element blocks) is a valid plan whose ranks load the padded shape.
// Sources: vllm/model_executor/layers/quantization/mxfp4.py
// @007d50058a06dec0f82472d63c819244d460c40d (Mxfp4MoEMethod.create_weights: Triton pads the
// share to a multiple of 64, Marlin to 128 and the hidden size to 256, the FlashInfer SM100
// backends to 256); python/sglang/srt/layers/quantization/mxfp4.py
// @bafa16ec882f0c9b7dcfb2c2ed790acb30572c1f (FlashInfer 256 on capability 10.x, else 32 with
// triton_kernels). Every number below is hand arithmetic written next to it.
#include <cstdint>

#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/openai/gpt_oss_120b.hpp>

namespace headroom_static_mxfp4_tp_padding_test {

namespace {
using namespace headroom;

constexpr const model& oss = models::gpt_oss_120b;

// The first main-section instance of the block holding the node of kind `k`, and that node.
struct found {
  node n{};
  instance in{};
};
constexpr found expert_node(op k) {
  const circuit& c = oss.c;
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec != section::main) continue;
    const block& b = c.blocks[in.block];
    for (std::size_t ni = b.first; ni < b.end; ++ni) {
      if (c.nodes[ni].kind == k) return {c.nodes[ni], in};
    }
  }
  return {};
}
constexpr found gate_up = expert_node(op::expert_gate_up);
constexpr found down = expert_node(op::expert_down);

// The plans the engines serve it with are valid.
static_assert(valid(oss, {.tp = 2}) && valid(oss, {.tp = 4}) && valid(oss, {.tp = 8}));
static_assert(valid(oss, {.tp = 8, .ep = 8}) && valid(oss, {.tp = 4, .ep = 2}));

// MXFP4 g32 bytes of a [rows, k] weight: rows x (k / 2 + k / 32); the bias rows x 2 B (BF16).
// gpt-oss-120b: hidden 2880, expert intermediate 2880, 128 experts (config.json).
// TP 4: share 720 -> 768 (the next multiple of 64).
//   gate_up [2 x 768, 2880]: 1,536 x (1,440 + 90) + 1,536 x 2 = 2,353,152 B per expert
//   down    [2880, 768]:     2,880 x (384 + 24)  + 2,880 x 2 = 1,180,800 B per expert
static_assert(stored_bytes(oss, rank_node(oss, gate_up.n, gate_up.in, 4, 1), gate_up.in) == 128ULL * 2'353'152);
static_assert(stored_bytes(oss, rank_node(oss, down.n, down.in, 4, 1), down.in) == 128ULL * 1'180'800);
// TP 8: share 360 -> 384.
//   gate_up [768, 2880]: 768 x 1,530 + 768 x 2 = 1,176,576 B; down [2880, 384]: 2,880 x (192 + 12) + 5,760 = 593,280 B
static_assert(stored_bytes(oss, rank_node(oss, gate_up.n, gate_up.in, 8, 1), gate_up.in) == 128ULL * 1'176'576);
static_assert(stored_bytes(oss, rank_node(oss, down.n, down.in, 8, 1), down.in) == 128ULL * 593'280);
// TP 2: share 1,440 is 45 whole blocks but not a multiple of 64: loaded as 1,472.
//   gate_up 2,944 x 1,530 + 2,944 x 2 = 4,510,208 B; down 2,880 x (736 + 46) + 5,760 = 2,257,920 B
static_assert(stored_bytes(oss, rank_node(oss, gate_up.n, gate_up.in, 2, 1), gate_up.in) == 128ULL * 4'510'208);
static_assert(stored_bytes(oss, rank_node(oss, down.n, down.in, 2, 1), down.in) == 128ULL * 2'257'920);
// TP 1 and EP = TP keep whole experts: no padding (2880 = 45 x 64).
//   gate_up [5760, 2880] per expert: 5,760 x 1,530 + 5,760 x 2 = 8,824,320 B; TP 8 EP 8: 16 experts per rank.
static_assert(stored_bytes(oss, rank_node(oss, gate_up.n, gate_up.in, 8, 8), gate_up.in) == 16ULL * 8'824'320);

// vLLM on a device without MXFP4 MMA (H100: the Marlin path) pads further, per rank: at TP 4
// the share 768 is already a multiple of 128; the hidden size 2880 -> 3072.
//   gate_up [1536, 3072]: 1,536 x (1,536 + 96) + 3,072 = 2,509,824 B (+156,672 over 2,353,152)
//   down    [3072, 768]:  3,072 x 408 + 3,072 x 2     = 1,259,520 B (+78,720 over 1,180,800)
//   per rank: 36 layers x 128 experts x 235,392 B = 1,084,686,336 B
constexpr parallel tp4{.tp = 4};
constexpr engine_memory h100_tp4 = engine_memory_of(oss, devices::h100_sxm, {}, engines::vllm, tp4, 1, 131072);
static_assert(h100_tp4.loaded_weights_bytes_per_rank - rank_footprint(oss, {}, tp4).loaded_weights == 1'084'686'336ULL);
// On B200 (capability 10.0: FlashInfer's MXFP4 x BF16 MoE) the share is padded to 256 (768
// already is) and the hidden size to 256 too: the same 1,084,686,336 B per rank.
constexpr engine_memory b200_tp4 = engine_memory_of(oss, devices::b200, {}, engines::vllm, tp4, 1, 131072);
static_assert(b200_tp4.loaded_weights_bytes_per_rank - rank_footprint(oss, {}, tp4).loaded_weights == 1'084'686'336ULL);

// One device (TP 1), whole experts [5760, 2880] + [2880, 2880]: 8,824,320 + 2,880 x (1,440 + 90)
// + 5,760 = 4,412,160 B each unpadded, 36 x 128 = 4,608 of them. Each kernel's padding:
// - Marlin (H100, kept there; any capability with VLLM_MXFP4_USE_MARLIN): share 2880 -> 2944,
//   hidden -> 3072. gate_up [5888, 3072]: 5,888 x (1,536 + 96) + 5,888 x 2 =
//   9,620,992 (+796,672); down [3072, 2944]: 3,072 x (1,472 + 92) + 3,072 x 2 = 4,810,752
//   (+398,592): +1,195,264 B an expert, 5,507,776,512 B in all.
// - FlashInfer (capability 10.x, B300 is 10.3): both -> 3072. gate_up [6144, 3072]: 6,144 x 1,634 =
//   10,039,296 (+1,214,976); down [3072, 3072]: 3,072 x 1,634 = 5,019,648 (+607,488):
//   +1,822,464 B an expert, 8,397,914,112 B.
// - ROCm, 128 off gfx950 (MI300X): both -> 2944. gate_up [5888, 2944]: 5,888 x (1,472 + 92 + 2) =
//   9,220,608 (+396,288); down [2944, 2944]: 2,944 x 1,566 = 4,610,304 (+198,144): +594,432 B an
//   expert, 2,739,142,656 B. On gfx950 (MI355X) 256, FlashInfer's figure.
// - Triton (capability 12.0, RTX PRO 6000): 64 only, nothing beyond the 64-aligned share.
constexpr std::uint64_t padding_on(const device& d, const engine& e = engines::vllm) {
  return engine_memory_of(oss, d, {}, e, {}, 1, 4096).loaded_weights_bytes_per_rank -
         rank_footprint(oss, {}, {}).loaded_weights;
}
static_assert(padding_on(devices::h100_sxm) == 5'507'776'512ULL);
static_assert(padding_on(devices::rtx_pro_6000_server) == 0);
static_assert(padding_on(devices::b200, engine{.kind = engine_kind::vllm, .vllm = {.mxfp4_use_marlin = true}}) ==
              5'507'776'512ULL);
static_assert(padding_on(devices::b300) == 8'397'914'112ULL && padding_on(devices::b200) == 8'397'914'112ULL);
static_assert(padding_on(devices::mi300x) == 2'739'142'656ULL);
static_assert(padding_on(devices::mi355x) == 8'397'914'112ULL);
// SGLang (python/sglang/srt/layers/quantization/mxfp4.py @bafa16ec882f, create_weights; the
// FlashInfer MXFP4 backend server_args.py picks for gpt-oss on capability 10.x): FlashInfer's
// 256 / 256 on B200 and B300, the same 8,397,914,112 B; on Hopper (triton_kernels, share to 32),
// RTX PRO 6000 (12.0) and MI300X nothing: the whole 2,880 is already a multiple of 32 and 64.
static_assert(padding_on(devices::b200, engines::sglang) == 8'397'914'112ULL &&
              padding_on(devices::b300, engines::sglang) == 8'397'914'112ULL);
static_assert(padding_on(devices::h100_sxm, engines::sglang) == 0 && padding_on(devices::mi300x, engines::sglang) == 0 &&
              padding_on(devices::rtx_pro_6000_server, engines::sglang) == 0);
// Off capability 10.x SGLang pads the share to 32 only (triton_kernels; on ROCm not at all, a
// share still counted in whole 32-element blocks): below the 64-aligned share rank_footprint
// counts. TP 4: 720 -> 736, not 768:
//   gate_up [1472, 2880]: 1,472 x (1,440 + 90 + 2) = 2,255,104 B (-98,048 against 2,353,152)
//   down    [2880, 736]:  2,880 x (368 + 23) + 5,760 = 1,131,840 B (-48,960 against 1,180,800)
//   per rank: 36 x 128 x 147,008 = 677,412,864 B less. TP 2: 1,440 (whole 32s) against 1,472,
//   the same 32 rows an expert less: 677,412,864 B. TP 8: 360 -> 384 either way.
constexpr std::uint64_t sglang_delta(const device& d, const parallel& p) {
  return rank_footprint(oss, {}, p).loaded_weights -
         engine_memory_of(oss, d, {}, engines::sglang, p, 1, 4096).loaded_weights_bytes_per_rank;
}
static_assert(sglang_delta(devices::h100_sxm, tp4) == 677'412'864ULL && sglang_delta(devices::h100_sxm, {.tp = 2}) == 677'412'864ULL);
static_assert(sglang_delta(devices::mi300x, tp4) == 677'412'864ULL && sglang_delta(devices::rtx_pro_6000_server, tp4) == 677'412'864ULL);
static_assert(sglang_delta(devices::h100_sxm, {.tp = 8}) == 0);
// At TP 4 on a B200 the share (768) is whole 256s and the hidden size pads as above: the vLLM
// figure, 1,084,686,336 B per rank.
static_assert(engine_memory_of(oss, devices::b200, {}, engines::sglang, tp4, 1, 131072).loaded_weights_bytes_per_rank -
                  rank_footprint(oss, {}, tp4).loaded_weights ==
              1'084'686'336ULL);
// Both start at the model's full 131,072-token context.
static_assert(h100_tp4.engine_starts && b200_tp4.engine_starts);

// vLLM issue #22331 (ghostplant, 2025-08-28): gpt-oss-120b served with
// --tensor-parallel-size=2 on A100 80GB, "For TP=2/4, I get 77-78 tps": TP 4 starts (vLLM
// gptoss image of August 2025: utilization 0.90, the model's 131,072-token context). On the
// A100 (capability 80: Marlin) the share 720 is loaded as 768 x 3072, as on the H100 above.
constexpr engine_memory a100_tp4 = engine_memory_of(oss, devices::a100_sxm_80gb, {}, engines::vllm_0_20, tp4, 1, 131072);
static_assert(a100_tp4.engine_starts);
static_assert(a100_tp4.loaded_weights_bytes_per_rank - rank_footprint(oss, {}, tp4).loaded_weights == 1'084'686'336ULL);

// SemiAnalysisAI/InferenceX issue #828 (2026-03-01; vllm/vllm-openai:v0.15.1, bench/serving
// rows ix828-*): gpt-oss-120b served on 4 and on 8 x H100 SXM at TP 4 and TP 8, 64 concurrent
// requests of 1,024 prompt + 8,192 answer tokens, measured to the end. Under vLLM of that
// generation (utilization 0.90) both plans start and hold 64 sequences of 9,216 tokens.
static_assert(fits(oss, devices::h100_sxm, {.seqs = 64, .context = 1024 + 8192, .engine = engines::vllm_0_20, .parallel = {.tp = 4}}));
static_assert(fits(oss, devices::h100_sxm, {.seqs = 64, .context = 1024 + 8192, .engine = engines::vllm_0_20, .parallel = {.tp = 8}}));

}  // namespace
}  // namespace headroom_static_mxfp4_tp_padding_test
