// SPDX-License-Identifier: MIT
// Compile-fail cases: each HEADROOM_CASE_* block must fail to build with OUR diagnostic text
// (matched by tests/CMakeLists.txt), and each has a passing twin with the input fixed. A case
// compiles alone; the twins compile together (every HEADROOM_CASE_*_TWIN defined at once), so
// each block is a namespace of its own.
#include <headroom/calibration.hpp>
#include <headroom/devices/nvidia_blackwell.hpp>
#include <headroom/devices/nvidia_hopper.hpp>
#include <headroom/headroom.hpp>
// The four models the cases use, not the whole registry: each model table costs its own constant
// evaluation (models/essential.hpp), and every case compiles this file once per compiler.
#include <headroom/models/checkpoints/meta/llama_3_1_70b_instruct.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>
#include <headroom/models/checkpoints/openai/gpt_oss_120b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_next_80b_a3b_instruct.hpp>
#include <headroom/models/gqa_moe.hpp>  // a user MoE table (TOP_K_OVER_EXPERTS)

#include <array>

#include "../laws/law.hpp"
#if defined(HEADROOM_CASE_SLA_TPOT) || defined(HEADROOM_CASE_SLA_TPOT_TWIN) || defined(HEADROOM_CASE_SLA_TTFT) || \
    defined(HEADROOM_CASE_SLA_TTFT_TWIN) || defined(HEADROOM_CASE_SLA_ENGINE_VENDOR) ||                          \
    defined(HEADROOM_CASE_SLA_ENGINE_VENDOR_TWIN) || defined(HEADROOM_CASE_SLA_DISAGG_TPOT) ||                 \
    defined(HEADROOM_CASE_SLA_DISAGG_TPOT_TWIN) || defined(HEADROOM_CASE_SLA_SPECULATIVE_TOKENS) ||               \
    defined(HEADROOM_CASE_SLA_SPECULATIVE_TOKENS_TWIN) || defined(HEADROOM_CASE_SLA_PREFIX) ||                    \
    defined(HEADROOM_CASE_SLA_PREFIX_TWIN)
#include <headroom/sla.hpp>  // only where asked: the calibration tables are not free to compile
#endif
#if defined(HEADROOM_CASE_SLA_SPECULATIVE_TOKENS) || defined(HEADROOM_CASE_SLA_SPECULATIVE_TOKENS_TWIN)
#include <headroom/models/drafts/registry.hpp>
#endif
#if defined(HEADROOM_CASE_SLA_ENGINE_VENDOR) || defined(HEADROOM_CASE_SLA_ENGINE_VENDOR_TWIN)
#include <headroom/devices/amd_cdna.hpp>
#endif

namespace cases {
// Llama-3.1-8B's shape (meta-llama/Llama-3.1-8B-Instruct config.json), with one field changed
// by `change`: the user tables below break one law each, and their twins keep it.
template <typename Change>
constexpr headroom::models::family::dense_gqa_dims llama_8b_dims_with(Change change) {
  headroom::models::family::dense_gqa_dims d{.gqa = {.hidden = 4096, .vocab = 128256, .layers = 32, .q_heads = 32, .kv_heads = 8, .head_dim = 128}, .inter = 14336};
  change(d);
  return d;
}
inline constexpr auto unchanged = [](headroom::models::family::dense_gqa_dims&) {};
// A user table outside the registry: a dense GQA circuit, every weight at `w`, activations at `a`.
constexpr headroom::model user_dense(const headroom::models::family::dense_gqa_dims& d,
                                     headroom::tensor_format w = headroom::formats::bf16,
                                     headroom::tensor_format a = headroom::formats::bf16) {
  headroom::model m{};
  m.id = "user_model";
  m.c = headroom::models::family::dense_gqa(d);
  m.add_rule(headroom::all_weights(w, a));
  return m;
}
// A user device table: the H100 SXM with one field changed by `change`.
template <typename Change>
constexpr headroom::device h100_with(Change change) {
  headroom::device d = headroom::devices::h100_sxm;
  d.id = "user_device";
  change(d);
  return d;
}
inline constexpr auto unchanged_device = [](headroom::device&) {};
}  // namespace cases

namespace {
using namespace headroom;

#if defined(HEADROOM_CASE_DOES_NOT_FIT)
namespace does_not_fit {
// The arithmetic (engines::none): 16,060,522,496 + 128 x 32768 x 131072 = 565,816,336,384 B
// needed; 76,968,728,985 B usable.
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h100_sxm,
                     {.seqs = 128, .context = 32768, .engine = {.kind = engine_kind::none}});
}  // namespace does_not_fit
#endif
#if defined(HEADROOM_CASE_DOES_NOT_FIT_TWIN)
namespace does_not_fit_twin {
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h100_sxm,
                     {.seqs = 8, .context = 32768, .engine = {.kind = engine_kind::none}});
}  // namespace does_not_fit_twin
#endif
#if defined(HEADROOM_CASE_QWEN_DOES_NOT_FIT)
namespace qwen_does_not_fit {
// vLLM (the default): 148 GiB of bf16 weights exceed 0.92 x the H200's 139.97 GiB.
HEADROOM_ASSERT_FITS(models::qwen3_next_80b_a3b_instruct, devices::h200_sxm, {.seqs = 1, .context = 4096});
}  // namespace qwen_does_not_fit
#endif
#if defined(HEADROOM_CASE_QWEN_DOES_NOT_FIT_TWIN)
namespace qwen_does_not_fit_twin {
HEADROOM_ASSERT_FITS(models::qwen3_next_80b_a3b_instruct, devices::b200, {.seqs = 1, .context = 4096});
}  // namespace qwen_does_not_fit_twin
#endif
#if defined(HEADROOM_CASE_ENGINE_ONE_REQUEST)
namespace engine_one_request {
// vLLM issue #27508: gpt-oss-120b on one H100 at --gpu-memory-utilization 0.95
// --max-num-batched-tokens 1024 refused to start: one 131,072-token request needs 4.54 GiB =
// 18 layer tensors x 32,768 B pages x (8,192 full + 73 sliding blocks) = 4,874,895,360 B.
HEADROOM_ASSERT_FITS(models::gpt_oss_120b, devices::h100_sxm,
                     {.seqs = 1, .context = 131072,
                      .engine = {.kind = engine_kind::vllm, .vllm = {.gpu_memory_utilization = {950000}, .max_num_batched_tokens = 1024}}});
}  // namespace engine_one_request
#endif
#if defined(HEADROOM_CASE_ENGINE_ONE_REQUEST_TWIN)
namespace engine_one_request_twin {
HEADROOM_ASSERT_FITS(models::gpt_oss_120b, devices::h100_sxm,
                     {.seqs = 1, .context = 32768,
                      .engine = {.kind = engine_kind::vllm, .vllm = {.gpu_memory_utilization = {950000}, .max_num_batched_tokens = 1024}}});
}  // namespace engine_one_request_twin
#endif
#if defined(HEADROOM_CASE_SLA_TPOT)
namespace sla_tpot {
// 16 clients of an 8B model on one H100 cannot decode a token in 2 ms: its weights alone take
// 16,060,522,496 B / 3.35 TB/s = 4.8 ms a step. The error names the target, 2,000 us.
HEADROOM_ASSERT_SLA(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                    {.isl = 1000, .osl = 100, .concurrency = 16, .ttft_ms = 2000, .tpot_ms = 2});
}  // namespace sla_tpot
#endif
#if defined(HEADROOM_CASE_SLA_TPOT_TWIN)
namespace sla_tpot_twin {
HEADROOM_ASSERT_SLA(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                    {.isl = 1000, .osl = 100, .concurrency = 16, .ttft_ms = 2000, .tpot_ms = 100});
}  // namespace sla_tpot_twin
#endif
#if defined(HEADROOM_CASE_SLA_DISAGG_TPOT)
namespace sla_disagg_tpot {
// Disaggregated, the decode worker still streams the 8B model's 16,060,522,496 B of weights a
// step: 4.8 ms at 3.35 TB/s, so no token in 2 ms. The error names the target, 2,000 us.
constexpr headroom::disaggregation one_and_one{.prefill_workers = 1, .prefill_tp = 1, .decode_workers = 1, .decode_tp = 1};
HEADROOM_ASSERT_SLA_DISAGG(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, one_and_one,
                           {.isl = 1000, .osl = 100, .concurrency = 16, .ttft_ms = 2000, .tpot_ms = 2});
}  // namespace sla_disagg_tpot
#endif
#if defined(HEADROOM_CASE_SLA_DISAGG_TPOT_TWIN)
namespace sla_disagg_tpot_twin {
// A parenthesized expression works as well as a named constant.
HEADROOM_ASSERT_SLA_DISAGG(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                           (headroom::disaggregation{.prefill_workers = 1, .prefill_tp = 1, .decode_workers = 1, .decode_tp = 1}),
                           {.isl = 1000, .osl = 100, .concurrency = 16, .ttft_ms = 2000, .tpot_ms = 100});
}  // namespace sla_disagg_tpot_twin
#endif
#if defined(HEADROOM_CASE_SLA_TTFT)
namespace sla_ttft {
// A 1,000-token prompt of an 8B model needs 2 x 8e9 x 1,000 = 1.6e16 FLOPs: 16 ms at 989.5 dense
// BF16 TFLOP/s, so no first token in 1 ms. The error names the target, 1,000 us.
HEADROOM_ASSERT_SLA(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                    {.isl = 1000, .osl = 100, .concurrency = 1, .ttft_ms = 1, .tpot_ms = 100});
}  // namespace sla_ttft
#endif
#if defined(HEADROOM_CASE_SLA_TTFT_TWIN)
namespace sla_ttft_twin {
HEADROOM_ASSERT_SLA(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                    {.isl = 1000, .osl = 100, .concurrency = 1, .ttft_ms = 2000, .tpot_ms = 100});
}  // namespace sla_ttft_twin
#endif
#if defined(HEADROOM_CASE_SLA_SPECULATIVE_TOKENS) || defined(HEADROOM_CASE_SLA_SPECULATIVE_TOKENS_TWIN)
namespace sla_speculative {
// Llama-3.1-8B with its EAGLE-3 head, drafting one token a step (the deployment's K) on vLLM,
// whose own --num-speculative-tokens is `knob`.
inline constexpr headroom::model served =
    headroom::models::with_draft(models::llama_3_1_8b_instruct, headroom::models::drafts::eagle3_llama3_1_instruct_8b);
constexpr headroom::deployment drafting(std::uint64_t knob) {
  headroom::deployment d{.engine = headroom::engines::vllm, .speculation = {.tokens = 1, .acceptance_milli = 1500}};
  d.engine.vllm.num_speculative_tokens = knob;
  return d;
}
inline constexpr headroom::sla one_client{.isl = 1000, .osl = 100, .concurrency = 1, .ttft_ms = 100000, .tpot_ms = 1000};
}  // namespace sla_speculative
#endif
#if defined(HEADROOM_CASE_SLA_SPECULATIVE_TOKENS)
// vLLM told to draft two tokens a step while the deployment drafts one: the deployment
// contradicts itself, and the error names the rule.
HEADROOM_ASSERT_SLA(sla_speculative::served, devices::h100_sxm, (sla_speculative::drafting(2)), (sla_speculative::one_client));
#endif
#if defined(HEADROOM_CASE_SLA_SPECULATIVE_TOKENS_TWIN)
HEADROOM_ASSERT_SLA(sla_speculative::served, devices::h100_sxm, (sla_speculative::drafting(1)), (sla_speculative::one_client));
#endif
#if defined(HEADROOM_CASE_SLA_PREFIX)
namespace sla_prefix {
// A prompt wholly in the prefix cache has no token to prefill, so no first token to time: the
// error names the rule.
HEADROOM_ASSERT_SLA(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                    {.isl = 1000, .osl = 100, .concurrency = 1, .ttft_ms = 2000, .tpot_ms = 100, .prefix = 1000});
}  // namespace sla_prefix
#endif
#if defined(HEADROOM_CASE_SLA_PREFIX_TWIN)
namespace sla_prefix_twin {
HEADROOM_ASSERT_SLA(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                    {.isl = 1000, .osl = 100, .concurrency = 1, .ttft_ms = 2000, .tpot_ms = 100, .prefix = 900});
}  // namespace sla_prefix_twin
#endif
#if defined(HEADROOM_CASE_SLA_ENGINE_VENDOR)
namespace sla_engine_vendor {
// TensorRT-LLM runs on NVIDIA GPUs only: an SLA of it on an MI300X has no answer, whatever the
// targets, and the error names the device and the engine.
HEADROOM_ASSERT_SLA(models::llama_3_1_8b_instruct, devices::mi300x, {.engine = engines::trtllm},
                    {.isl = 1000, .osl = 100, .concurrency = 1, .ttft_ms = 100000, .tpot_ms = 1000});
}  // namespace sla_engine_vendor
#endif
#if defined(HEADROOM_CASE_SLA_ENGINE_VENDOR_TWIN)
namespace sla_engine_vendor_twin {
HEADROOM_ASSERT_SLA(models::llama_3_1_8b_instruct, devices::mi300x, {.engine = engines::vllm},
                    {.isl = 1000, .osl = 100, .concurrency = 1, .ttft_ms = 100000, .tpot_ms = 1000});
}  // namespace sla_engine_vendor_twin
#endif
#if defined(HEADROOM_CASE_ENGINE_KNOB)
namespace engine_knob {
// An SGLang profile written in C++ with a memory fraction of 2.0 would let a 141 GB model "fit"
// an 80 GB H100; SGLang refuses a fraction above 1 (server_args.py), and so does the law.
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h100_sxm,
                     {.seqs = 1, .context = 4096, .engine = {.kind = engine_kind::sglang, .sglang = {.mem_fraction_static = {2000000}}}});
}  // namespace engine_knob
#endif
#if defined(HEADROOM_CASE_ENGINE_KNOB_TWIN)
namespace engine_knob_twin {
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, devices::h100_sxm,
                     {.seqs = 1, .context = 4096, .engine = {.kind = engine_kind::sglang, .sglang = {.mem_fraction_static = {880000}}}});
}  // namespace engine_knob_twin
#endif
#if defined(HEADROOM_CASE_ENGINE_BLOCK_ZERO)
namespace engine_block_zero {
// A vLLM block size of 0 would divide by zero: a compile error naming the law, in a plain fits().
static_assert(fits(models::llama_3_1_8b_instruct, devices::h100_sxm,
                   {.seqs = 1, .context = 4096, .engine = {.kind = engine_kind::vllm, .vllm = {.block_size = 0}}}));
}  // namespace engine_block_zero
#endif
#if defined(HEADROOM_CASE_ENGINE_BLOCK_ZERO_TWIN)
namespace engine_block_zero_twin {
static_assert(fits(models::llama_3_1_8b_instruct, devices::h100_sxm,
                   {.seqs = 1, .context = 4096, .engine = {.kind = engine_kind::vllm, .vllm = {.block_size = 16}}}));
}  // namespace engine_block_zero_twin
#endif
#if defined(HEADROOM_CASE_OVERFLOW)
namespace overflow {
// 2^40 sequences x 2^40 tokens x 131,072 B overflows 64 bits: a compile error, not a wrapped number.
static_assert(need_bytes(models::llama_3_1_8b_instruct, {.seqs = 1ULL << 40, .context = 1ULL << 40}) > 0);
}  // namespace overflow
#endif
#if defined(HEADROOM_CASE_OVERFLOW_TWIN)
namespace overflow_twin {
static_assert(need_bytes(models::llama_3_1_8b_instruct, {.seqs = 1ULL << 10, .context = 1ULL << 20}) > 0);
}  // namespace overflow_twin
#endif
#if defined(HEADROOM_CASE_CONTEXT_ZERO)
namespace context_zero {
static_assert(fits(models::llama_3_1_8b_instruct, devices::h100_sxm, {.seqs = 1, .context = 0}));
}  // namespace context_zero
#endif
#if defined(HEADROOM_CASE_CONTEXT_ZERO_TWIN)
namespace context_zero_twin {
static_assert(fits(models::llama_3_1_8b_instruct, devices::h100_sxm, {.seqs = 1, .context = 1}));
}  // namespace context_zero_twin
#endif
#if defined(HEADROOM_CASE_BAD_SHAPE)
namespace bad_shape {
// NVFP4 groups of 16 cannot cover a row of 24 values.
static_assert(bytes(formats::nvfp4_g16, 1, 24) > 0);
}  // namespace bad_shape
#endif
#if defined(HEADROOM_CASE_BAD_SHAPE_TWIN)
namespace bad_shape_twin {
static_assert(bytes(formats::nvfp4_g16, 1, 32) > 0);
}  // namespace bad_shape_twin
#endif
#if defined(HEADROOM_CASE_PLAN_BREAKS_RULE)
namespace plan_breaks_rule {
// Llama-3.1-70B has 64 query heads: TP=3 does not divide them (vLLM refuses it), so the plan
// is a compile error naming the rule, not a guessed footprint.
HEADROOM_ASSERT_FITS(models::llama_3_1_70b_instruct, devices::h100_sxm, {.seqs = 1, .context = 4096, .parallel = {.tp = 3}});
}  // namespace plan_breaks_rule
#endif
#if defined(HEADROOM_CASE_PLAN_BREAKS_RULE_TWIN)
namespace plan_breaks_rule_twin {
HEADROOM_ASSERT_FITS(models::llama_3_1_70b_instruct, devices::h100_sxm, {.seqs = 1, .context = 4096, .parallel = {.tp = 4}});
}  // namespace plan_breaks_rule_twin
#endif
#if defined(HEADROOM_CASE_REDUNDANT_EXPERTS_SPLIT)
namespace redundant_experts_split {
// gpt-oss-120b routes over 128 experts: 4 redundant make 132 slots a layer, which 8 EP ranks
// cannot share evenly (132 = 8 x 16 + 4), so the plan names the rule.
HEADROOM_ASSERT_FITS(models::gpt_oss_120b, devices::h100_sxm,
                     {.seqs = 1, .context = 4096, .parallel = {.tp = 8, .ep = 8, .redundant_experts = 4}});
}  // namespace redundant_experts_split
#endif
#if defined(HEADROOM_CASE_REDUNDANT_EXPERTS_SPLIT_TWIN)
namespace redundant_experts_split_twin {
// 8 redundant: 136 slots, 17 a rank.
HEADROOM_ASSERT_FITS(models::gpt_oss_120b, devices::h100_sxm,
                     {.seqs = 1, .context = 4096, .parallel = {.tp = 8, .ep = 8, .redundant_experts = 8}});
}  // namespace redundant_experts_split_twin
#endif
#if defined(HEADROOM_CASE_ZERO_LAYERS) || defined(HEADROOM_CASE_ZERO_LAYERS_TWIN)
namespace zero_layers {
// A user table outside the registry: zero layers would hold nothing per sequence and "fit"
// 10^9 sequences of 10^9 tokens.
#if defined(HEADROOM_CASE_ZERO_LAYERS)
constexpr model user_model = cases::user_dense(cases::llama_8b_dims_with([](auto& d) { d.gqa.layers = 0; }));
HEADROOM_ASSERT_FITS(user_model, devices::h100_sxm, {.seqs = 1'000'000'000, .context = 1'000'000'000});
#else
constexpr model user_model = cases::user_dense(cases::llama_8b_dims_with(cases::unchanged));
HEADROOM_ASSERT_FITS(user_model, devices::h100_sxm, {.seqs = 1, .context = 4096});
#endif
}  // namespace zero_layers
#endif
#if defined(HEADROOM_CASE_ZERO_KV_HEADS) || defined(HEADROOM_CASE_ZERO_KV_HEADS_TWIN)
namespace zero_kv_heads {
// kv_heads = 0 gave 0 KV bytes per token and "fits" for a million sequences.
#if defined(HEADROOM_CASE_ZERO_KV_HEADS)
constexpr model user_model = cases::user_dense(cases::llama_8b_dims_with([](auto& d) { d.gqa.kv_heads = 0; }));
#else
constexpr model user_model = cases::user_dense(cases::llama_8b_dims_with(cases::unchanged));
#endif
static_assert(fits(user_model, devices::h100_sxm, {.seqs = 1, .context = 4096}));
}  // namespace zero_kv_heads
#endif
#if defined(HEADROOM_CASE_WRAPPING_Q_WIDTH) || defined(HEADROOM_CASE_WRAPPING_Q_WIDTH_TWIN)
namespace wrapping_q_width {
// q_heads x head_dim = 2^33 x 2^31 wrapped to 0 in the attention block builder.
#if defined(HEADROOM_CASE_WRAPPING_Q_WIDTH)
constexpr model user_model = cases::user_dense(cases::llama_8b_dims_with([](auto& d) {
  d.gqa.q_heads = d.gqa.kv_heads = 1ULL << 33;
  d.gqa.head_dim = 1ULL << 31;
}));
#else
constexpr model user_model = cases::user_dense(cases::llama_8b_dims_with(cases::unchanged));
#endif
static_assert(fits(user_model, devices::h100_sxm, {.seqs = 1, .context = 4096}));
}  // namespace wrapping_q_width
#endif
#if defined(HEADROOM_CASE_TOP_K_OVER_EXPERTS) || defined(HEADROOM_CASE_TOP_K_OVER_EXPERTS_TWIN)
namespace top_k_over_experts {
// top_k > experts was accepted (more distinct experts read than exist).
constexpr model make_user_model() {
  model m{};
  m.id = "user_moe";
#if defined(HEADROOM_CASE_TOP_K_OVER_EXPERTS)
  constexpr std::uint64_t top_k = 16;
#else
  constexpr std::uint64_t top_k = 8;
#endif
  m.c = models::family::gqa_moe({.gqa = {.hidden = 2048, .vocab = 151936, .layers = 48, .q_heads = 32, .kv_heads = 4, .head_dim = 128}, .experts = 8, .top_k = top_k, .moe_inter = 768});
  m.add_rule(all_weights(formats::bf16));
  return m;
}
constexpr model user_moe = make_user_model();
static_assert(fits(user_moe, devices::h100_sxm, {.seqs = 1, .context = 4096}));
}  // namespace top_k_over_experts
#endif
#if defined(HEADROOM_CASE_ZERO_BF16_PEAK) || defined(HEADROOM_CASE_ZERO_BF16_PEAK_TWIN)
namespace zero_bf16_peak {
// A zero BF16 peak made compute free.
#if defined(HEADROOM_CASE_ZERO_BF16_PEAK)
constexpr device user_device = cases::h100_with([](device& d) { d.peak.bf16 = 0; });
#else
constexpr device user_device = cases::h100_with(cases::unchanged_device);
#endif
static_assert(decode_step(models::llama_3_1_8b_instruct, user_device, datasheet_roofline(user_device), 1, 4096, {}).total_us > 0);
}  // namespace zero_bf16_peak
#endif
#if defined(HEADROOM_CASE_NEGATIVE_BANDWIDTH) || defined(HEADROOM_CASE_NEGATIVE_BANDWIDTH_TWIN)
namespace negative_bandwidth {
// A negative bandwidth gave a 17 us decode step.
#if defined(HEADROOM_CASE_NEGATIVE_BANDWIDTH)
constexpr device user_device = cases::h100_with([](device& d) { d.bandwidth_gbps = -3350; });
#else
constexpr device user_device = cases::h100_with(cases::unchanged_device);
#endif
static_assert(decode_step(models::llama_3_1_8b_instruct, user_device, datasheet_roofline(user_device), 1, 4096, {}).total_us > 0);
}  // namespace negative_bandwidth
#endif
#if defined(HEADROOM_CASE_USABLE_PERMILLE) || defined(HEADROOM_CASE_USABLE_PERMILLE_TWIN)
namespace usable_permille {
// A usable share of 5000 permille gave 5x the visible memory (engines::none under a user's
// usable-memory policy; the twin's policy gives the default 0.9).
constexpr device user_device = cases::h100_with(cases::unchanged_device);
#if defined(HEADROOM_CASE_USABLE_PERMILLE)
constexpr usable_policy user_policy{.fallback = {5000, "user policy"}};
#else
constexpr usable_policy user_policy{.fallback = {900, "user policy"}};
#endif
HEADROOM_ASSERT_FITS(models::llama_3_1_8b_instruct, user_device,
                     {.seqs = 1, .context = 4096, .engine = {.kind = engine_kind::none, .usable = &user_policy}});
}  // namespace usable_permille
#endif
#if defined(HEADROOM_CASE_MXFP4_ACTIVATION) || defined(HEADROOM_CASE_MXFP4_ACTIVATION_TWIN)
namespace mxfp4_activation {
// An mxfp4 activation was reported as "native bf16": activations take edge formats only.
#if defined(HEADROOM_CASE_MXFP4_ACTIVATION)
constexpr model user_model = cases::user_dense(cases::llama_8b_dims_with(cases::unchanged), formats::mxfp4, formats::mxfp4);
#else
constexpr model user_model = cases::user_dense(cases::llama_8b_dims_with(cases::unchanged), formats::mxfp4, formats::bf16);
#endif
static_assert(decode_step(user_model, devices::b200, datasheet_roofline(devices::b200), 1, 4096, {}).total_us > 0);
}  // namespace mxfp4_activation
#endif
#if defined(HEADROOM_CASE_SCALE_TERM_WRAPS)
namespace scale_term_wraps {
// The fp8/g1 scale term 4 x rows x (d / 1) wrapped: 2^62 elements gave 2^62 bytes.
static_assert(bytes(formats::fp8_group(1), 1, 1ULL << 62) > 0);
}  // namespace scale_term_wraps
#endif
#if defined(HEADROOM_CASE_SCALE_TERM_WRAPS_TWIN)
namespace scale_term_wraps_twin {
static_assert(bytes(formats::fp8_group(1), 1, 1ULL << 40) == (1ULL << 40) * 5);
}  // namespace scale_term_wraps_twin
#endif
#if defined(HEADROOM_CASE_ENUM_OUT_OF_ORDER) || defined(HEADROOM_CASE_ENUM_OUT_OF_ORDER_TWIN)
namespace enum_out_of_order {
// An enum table's all-values list holds 0, 1, ..., N-1 in declaration order; the case swaps
// q8_0 and q4_0, so its names would be looked up one value off.
#if defined(HEADROOM_CASE_ENUM_OUT_OF_ORDER)
inline constexpr auto user_table = detail::make_enum_table(
    std::array{ggml_cache_type::f16, ggml_cache_type::bf16, ggml_cache_type::f32, ggml_cache_type::q4_0, ggml_cache_type::q8_0},
    {"f16", "bf16", "f32", "q4_0", "q8_0"});
#else
inline constexpr auto user_table = detail::make_enum_table(
    std::array{ggml_cache_type::f16, ggml_cache_type::bf16, ggml_cache_type::f32, ggml_cache_type::q8_0, ggml_cache_type::q4_0},
    {"f16", "bf16", "f32", "q8_0", "q4_0"});
#endif
static_assert(user_table.name(ggml_cache_type::q8_0) == "q8_0");
}  // namespace enum_out_of_order
#endif
#if defined(HEADROOM_CASE_CALIBRATION_RATIO) || defined(HEADROOM_CASE_CALIBRATION_RATIO_TWIN)
namespace calibration_ratio {
// A calibration ratio below 1 says the ceiling was not a lower bound: the table is refused.
constexpr double cal_x[] = {1, 2};
constexpr double cal_y[] = {1};
#if defined(HEADROOM_CASE_CALIBRATION_RATIO)
constexpr double cal_v[] = {1.2, 0.8};
#else
constexpr double cal_v[] = {1.2, 1.1};
#endif
constexpr calib_grid cal_g[] = {{kernel_class::gemm, calib_format::bf16, 2, 1, cal_x, cal_y, cal_v, false}};
static_assert(validated(calibration{"user_device", "vllm", "0", "a user table", cal_g, 1}));
}  // namespace calibration_ratio
#endif
#if defined(HEADROOM_CASE_CALIBRATION_OLD_AXIS) || defined(HEADROOM_CASE_CALIBRATION_OLD_AXIS_TWIN)
namespace calibration_old_axis {
// Decode attention's grids were by context tokens until 2026-12-05 and are now by the KV
// elements one sequence reads, under a new name: a table written for the old axis names the
// class it used and is told the new one (a deprecation: an error under -Werror).
constexpr double cal_x[] = {1, 64};
constexpr double cal_y[] = {1024, 8192};
constexpr double cal_v[] = {20, 4, 30, 2};
#if defined(HEADROOM_CASE_CALIBRATION_OLD_AXIS)
constexpr calib_grid cal_g[] = {{kernel_class::decode_attention, calib_format::bf16, 2, 2, cal_x, cal_y, cal_v, false}};
#else
constexpr calib_grid cal_g[] = {{kernel_class::gqa_decode, calib_format::bf16, 2, 2, cal_x, cal_y, cal_v, false}};
#endif
static_assert(validated(calibration{"user_device", "vllm", "0", "a user table", cal_g, 1}));
}  // namespace calibration_old_axis
#endif
#if defined(HEADROOM_CASE_CALIBRATION_AXIS) || defined(HEADROOM_CASE_CALIBRATION_AXIS_TWIN)
namespace calibration_axis {
// Axes are strictly ascending: a repeated point would make lookup divide by ln(1) = 0.
#if defined(HEADROOM_CASE_CALIBRATION_AXIS)
constexpr double cal_x[] = {2, 2};
#else
constexpr double cal_x[] = {1, 2};
#endif
constexpr double cal_y[] = {1};
constexpr double cal_v[] = {1.2, 1.1};
constexpr calib_grid cal_g[] = {{kernel_class::gemm, calib_format::bf16, 2, 1, cal_x, cal_y, cal_v, false}};
static_assert(validated(calibration{"user_device", "vllm", "0", "a user table", cal_g, 1}));
}  // namespace calibration_axis
#endif
#if defined(HEADROOM_CASE_LAW_NAMES_ENTRY) || defined(HEADROOM_CASE_LAW_NAMES_ENTRY_TWIN)
namespace law_names_entry {
// A registry law names the entry that breaks it and the column (tests/laws/law.hpp): an H100
// copy that claims the FP8 instruction with no FP8 peak.
inline constexpr device broken_h100 = cases::h100_with([](device& d) { d.peak.fp8 = 0; });
enum class device_column { none, fp8_kind_matches_fp8_peak };
constexpr device_column fp8_law(const device& d) {
  return d.runs(mma_kind::fp8) == (d.peak.fp8 > 0) ? device_column::none : device_column::fp8_kind_matches_fp8_peak;
}
#if defined(HEADROOM_CASE_LAW_NAMES_ENTRY)
inline constexpr std::array<const device*, 2> registry{&devices::h100_sxm, &broken_h100};
#else
inline constexpr std::array<const device*, 2> registry{&devices::h100_sxm, &devices::h200_sxm};
#endif
static_assert(headroom::laws::every_entry_obeys<registry, fp8_law>());
}  // namespace law_names_entry
#endif
}  // namespace
