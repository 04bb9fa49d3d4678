// SPDX-License-Identifier: MIT
// headroom: each engine's fixed costs beyond its kernels (docs/serving.md#fixed-costs): per
// forward pass (the GPU idle between steps while the host schedules, samples and launches), and
// per request (the HTTP front end, tokenization and admission before the first step).
#pragma once

#include <headroom/detail/engine_vllm.hpp>
#include <headroom/device.hpp>
#include <headroom/engine.hpp>
#include <headroom/kernels.hpp>
#include <headroom/serve.hpp>

namespace headroom::engines {

// Per forward pass: the GPU idle between two decode steps that the engine's overlap of host work
// with CUDA-graph replay leaves, as profiled by the engines' own developers.
//
// vLLM: 160 us, the middle of the "150-170us" token gap with CUDA graphs measured for V1's
// asynchronous scheduling (Llama-2-7B, batch 256; down from 5-6 ms synchronous),
// https://github.com/vllm-project/vllm/pull/11133 (the design of which async scheduling is the
// release form, https://github.com/vllm-project/vllm/issues/10634).
inline constexpr std::string_view vllm_step_source =
    "vLLM PR #11133: 150-170 us GPU idle between CUDA-graph decode steps under async scheduling (160 us)";
// SGLang: none. Its overlap scheduler runs one batch ahead; the Nsight profile of five
// consecutive decode batches shows no GPU idle (SGLang v0.4 release post, "Zero-Overhead Batch
// Scheduler", https://lmsys.org/blog/2024-12-04-sglang-v0-4/).
inline constexpr std::string_view sglang_step_source =
    "SGLang v0.4 post (lmsys.org 2024-12-04): no GPU idle between decode steps with the overlap scheduler";
// TensorRT-LLM: 580 us, the host work its PyTorch executor's overlap loop leaves exposed as GPU
// idle per iteration (Llama-3.1-8B-Instruct-FP8, B200, concurrency 64),
// https://github.com/NVIDIA/TensorRT-LLM/issues/13957.
inline constexpr std::string_view trtllm_step_source =
    "TensorRT-LLM issue #13957: ~580 us/iteration of host overhead exposed as GPU idle (PyTorch executor)";

// Admission (serving_facts::kv_on_demand): how much of a request's KV the scheduler must find
// free before it runs it.
// - vLLM: none beyond the tokens it schedules now. Scheduler.schedule allocates a running
//   request's slots step by step and, when allocate_slots fails, preempts the lowest-priority
//   running request; a waiting request starts when its new tokens' blocks can be allocated
//   (vllm/v1/core/sched/scheduler.py @b4622cf924bc72504aed99e486062d6633fde39e).
// - SGLang: a request's prompt plus min(max_new_tokens, 4,096) x new_token_ratio of its answer,
//   the ratio 0.7 decaying to a seventh of it while the pool holds (PrefillAdder,
//   CLIP_MAX_NEW_TOKENS, python/sglang/srt/managers/schedule_policy.py
//   @ad0119fdde519598c25f5c48b95dacaa2b85d607); decode retracts requests when the pool runs out.
// - TensorRT-LLM: the whole request, ISL + OSL, by default (SchedulerConfig
//   capacity_scheduler_policy = GUARANTEED_NO_EVICT, tensorrt_llm/llmapi/llm_args.py
//   @fcd3f31682808ae56118ae43c1d7864a3a945e6f).
// So under vLLM and SGLang the sequences of a closed loop, at contexts spread between ISL and
// ISL + OSL, fill the pool at their mean, and that bounds the running batch; TensorRT-LLM's
// batch stays bounded by whole requests.
inline constexpr std::string_view vllm_admission_source =
    "vLLM v1 Scheduler.schedule: KV allocated as tokens are scheduled, a running request preempted when it runs out";
inline constexpr std::string_view sglang_admission_source =
    "SGLang PrefillAdder: a prompt plus min(max_new_tokens, 4096) x new_token_ratio reserved; decode retracts when full";

// Per request, before the first step: the front end's share of TTFT at one client, from the
// server-side decomposition of single requests under vLLM 0.19.0 (MiniMax-M2.5 FP8, 2 x MI300X)
// in andyluo7/cpu-gpu-codesign-agentic-inference @5fac1f03ae73c7b276234a4f3fcacd0c1b333128,
// RESULTS_SUMMARY.md, "HTTP OH" (tokenization + scheduling): 7 ms at 1K prompt tokens, 131 ms
// at 100K. The line through those two: (131 - 7) / 99,000 = 1.25 us a prompt token, and
// 7 - 1.25 = 5.75 ms fixed (it gives 15.75 ms at 8K and 45.75 ms at 32K against the measured 15
// and 47). The HTTP server, the tokenizer and admission are the same work in SGLang's and
// TensorRT-LLM's OpenAI-compatible servers; no engine-specific decomposition is published, so
// all three carry this one.
inline constexpr double front_end_us = 5750;
inline constexpr double front_end_us_per_prompt_token = 1.25;
inline constexpr std::string_view front_end_source =
    "andyluo7/cpu-gpu-codesign-agentic-inference RESULTS_SUMMARY.md: single-request HTTP overhead 7 ms at 1K, "
    "131 ms at 100K prompt tokens (vLLM 0.19.0)";

// SGLang polls for new requests every --scheduler-recv-interval forward passes
// (managers/scheduler_recv_skipper.py, SchedulerRecvSkipper.handle: a decode pass counts one).
constexpr std::uint64_t sglang_poll_passes(const engine& e) { return e.sglang.scheduler_recv_interval; }

// Eager passes. SGLang runs an extend (prefill) batch without a CUDA graph unless
// --enable-piecewise-cuda-graph; TensorRT-LLM's PyTorch executor graphs generation-only batches;
// vLLM V1 graphs every pass (FULL_AND_PIECEWISE) unless --enforce-eager or cudagraph_mode NONE
// (every pass eager) or FULL_DECODE_ONLY (prefill eager).
constexpr eager_passes sglang_eager(const engine& e) {
  return e.sglang.enable_piecewise_cuda_graph ? eager_passes::none : eager_passes::prefill;
}
constexpr eager_passes trtllm_eager(const engine&) { return eager_passes::prefill; }
constexpr eager_passes vllm_eager(const engine& e) {
  if (e.vllm.enforce_eager || e.vllm.cudagraph_mode == vllm_cudagraph_mode::none) return eager_passes::all;
  return e.vllm.cudagraph_mode == vllm_cudagraph_mode::full_decode_only ? eager_passes::prefill : eager_passes::none;
}
// vLLM replays a pass from a CUDA graph only up to its largest capture size
// (detail::vllm_largest_capture_size: 512 tokens by default, fewer under a small --max-num-seqs
// or --max-num-batched-tokens, --max-cudagraph-capture-size where given, 2 x max_num_seqs x
// (1 + K) when K tokens are drafted a step, the sizes then multiples of 1 + K); a prompt's chunk
// of more tokens, or a decode batch of more, runs eagerly. The capture sizes are those the memory
// rule counts. Under --enforce-eager or NONE every pass is eager already (0: no limit).
constexpr std::uint64_t vllm_graph_max_tokens(const engine& e, std::uint64_t max_num_seqs, std::uint64_t max_num_batched_tokens,
                                              std::uint64_t decode_query_len) {
  if (vllm_eager(e) == eager_passes::all) return 0;
  return headroom::detail::vllm_largest_capture_size(max_num_seqs, max_num_batched_tokens, e.vllm.max_cudagraph_capture_size,
                                                     decode_query_len, e.vllm.cudagraph_mode);
}
inline constexpr std::string_view vllm_graph_source =
    "vLLM CudagraphDispatcher: a batch above the largest capture size (min(2 x max_num_seqs x (1 + K), 512) by default) runs "
    "eagerly (docs/design/cuda_graphs.md)";
// The host's time a kernel of an eager pass adds to the pass: SGLang's own log of DeepSeek-V3
// prefilling one new token, "forward cost-82.6406478881836 ms" eager against
// 23.097753524780273 ms replayed from a CUDA graph (sgl-project/sglang PR #12160, 2025-10-26;
// its TP size is not stated, headroom's serve tests run it at TP 8). The graph replays the same
// kernels, so the 59.5 ms between them is the host's, over the 859 kernels headroom counts in
// that pass (kernel_launches, the shared expert inside the routed experts' kernel as SGLang runs
// it by default at TP: exec_facts.hpp, sglang_shared_fusion; 1,033 with it apart, as counted
// until 2026-12-06): 69.3 us a kernel. It adds to the kernels rather than hiding behind them: the
// gap between an eager and a graphed prefill stays put as the prompt grows (docs/serving.md,
// "Eager passes"). No other engine publishes its own figure; TensorRT-LLM's executor issues a
// context batch from Python alike, so both carry it.
inline constexpr double host_launch_us = (82.6406478881836 - 23.097753524780273) * 1000.0 / 859.0;
inline constexpr std::string_view host_launch_source =
    "SGLang PR #12160: DeepSeek-V3 one-token prefill 82.6 ms eager, 23.1 ms graphed: 59.5 ms of host time over its 859 "
    "kernels (its shared expert fused)";
// A model without routed experts takes about half that a launch: SGLang's piecewise CUDA graphs
// took Llama-3.1-8B-Instruct-FP8 at TP 8 with 1,024-token prompts from 29.97 to 19.66 ms mean TTFT
// at one client (sgl-project/sglang PR #13094), 10.31 ms over the 357 launches headroom counts in
// that pass under SGLang's rules (kernel_launches: each of the 32 layers' rotary embedding a
// launch of its own, gqa_rope_own_kernel; 325 without them, as counted until 2026-12-06): 28.9 us
// a launch (four clients, whose prompts share a pass: 59.62 to 48.53 ms, the same 11.1 ms).
// Which figure a model takes is whether it routes tokens to experts
// (serving_facts::host_us_per_launch): the two measured passes are DeepSeek-V3's (MoE) and
// Llama's (dense), and no pass of a third kind is published.
inline constexpr double host_launch_dense_us = (29.97 - 19.66) * 1000.0 / 357.0;
inline constexpr std::string_view host_launch_dense_source =
    "SGLang PR #13094: Llama-3.1-8B-Instruct-FP8 (TP 8, 1,024-token prompts) 29.97 ms mean TTFT eager, 19.66 ms with "
    "piecewise CUDA graphs at one client: 10.31 ms of host time over its 357 kernels";

// A MoE layer's shared expert on a second CUDA stream beside its router and routed experts
// (prediction.hpp, shared_expert_streams):
// - vLLM: steps of at most 256 tokens, any pass (VLLM_SHARED_EXPERTS_STREAM_TOKEN_THRESHOLD,
//   default 256, vllm/envs.py; the fork and join in
//   vllm/model_executor/layers/fused_moe/runner/shared_experts.py, should_run_shared_in_aux_stream).
// - SGLang: steps of at most 1,024 tokens, any pass (DUAL_STREAM_TOKEN_THRESHOLD,
//   python/sglang/srt/models/deepseek_v2.py, DeepseekV2MoE.forward_normal_dual_stream; the Qwen2
//   MoE block Qwen3-Next uses takes the same alt_stream, python/sglang/srt/models/qwen2_moe.py).
// - TensorRT-LLM: the passes it replays from CUDA graphs, its generation-only batches
//   (tensorrt_llm/_torch/models/modeling_deepseekv3.py, Deepseekv3MoE.forward:
//   maybe_execute_in_parallel(_compute_routed_output, _compute_shared_output, ..., aux_stream);
//   tensorrt_llm/_torch/modules/multi_stream_utils.py: "Multi-stream is only enabled when cuda
//   graph is turned on").
inline constexpr shared_expert_streams vllm_shared_streams{256, 256};
inline constexpr shared_expert_streams sglang_shared_streams{1024, 1024};
inline constexpr shared_expert_streams trtllm_shared_streams{~std::uint64_t{0}, 0};

/// The streams an engine runs a shared expert on; engines::none and llama.cpp: one stream.
// Whether the engine's one-token Gated DeltaNet kernel applies the gates and the q / k L2 norm
// (calibration_set::gdn_decode_applies_gates). SGLang and vLLM run
// fused_recurrent_gated_delta_rule_packed_decode with A_log, dt_bias, a, b and
// use_qk_l2norm_in_kernel=True, as NVIDIA aiconfigurator's collectors time it
// (collector/sglang/collect_gdn.py, after python/sglang/srt/models/qwen3_5.py @0.5.14;
// collector/vllm/collect_gdn.py, after vllm/model_executor/layers/fla/ops/fused_recurrent.py
// @0.24.0; aiconfigurator @095f58a51c4ca8e61b66ec108d86f223f8d559ce). TensorRT-LLM's timed kernel,
// fused_recurrent_gated_delta_rule, takes the gates computed before it (collector/trtllm/collect_gdn.py).
constexpr bool gdn_decode_applies_gates(engine_kind k) { return k == engine_kind::vllm || k == engine_kind::sglang; }
// Whether the engine applies rotary embedding in a kernel of its own (calibration_set::
// rope_own_kernel). vLLM's models call their RotaryEmbedding between the QKV GEMM and the
// attention op (`q, k = self.rotary_emb(positions, q, k)` before `self.attn(q, k, v)`:
// vllm/model_executor/models/llama.py @0035bdf2b1ac243ef6f31eef27411b022461df8e, gpt_oss.py
// @0025d69bcf08bb1b135103167f0bbc82b9af6e69 OAIAttention.forward; the MLA wrapper likewise
// rotates q_pe / k_pe before its attention), a kernel the compiler cannot fold into the GEMM or
// into the attention custom op; and aiconfigurator's vLLM attention rows time the
// attention impl's forward and its KV cache update without it (collector/vllm/collect_attn.py
// @095f58a51c4ca8e61b66ec108d86f223f8d559ce). TensorRT-LLM applies rope inside its attention
// op, which its rows time; SGLang fuses it into the KV write or the attention kernel depending
// on backend and version, not known here: both keep rope inside the attention.
constexpr bool rope_own_kernel(engine_kind k) { return k == engine_kind::vllm; }
// Whether the engine applies rotary embedding in a kernel of its own in a GQA / MHA attention
// block (calibration_set::gqa_rope_own_kernel). SGLang's GQA models call their rotary embedding
// between the QKV GEMM and RadixAttention (`q, k = self.rotary_emb(positions, q, k, ...)`,
// Qwen3MoeAttention.apply_qk_norm_rope, python/sglang/srt/models/qwen3_moe.py
// @008af3a6f95b956ea4d50986f9a921f13dced28b; the fused q/k-norm-and-rope kernel there only with
// --enable-fused-qk-norm-rope, off by default in server_args.py), and aiconfigurator's SGLang
// attention rows time RadixAttention's forward, the KV write and the attention, without it
// (collector/sglang/collect_attn.py @095f58a51c4ca8e61b66ec108d86f223f8d559ce, run_iter). A
// latent attention block keeps its rope inside: SGLang's trtllm_mla backend rotates q_pe / k_pe
// with its FP8 quantization on SM100, and the placement on other backends varies by version.
constexpr bool gqa_rope_own_kernel(engine_kind k) { return k == engine_kind::sglang; }
// Whether the engine normalizes each head of q and k (Qwen3's q_norm / k_norm) in a kernel of
// its own, one for the pair (calibration_set::qk_norm_own_kernel). SGLang's apply_qk_norm runs
// fused_inplace_qknorm over q and k before the rotary embedding (the same qwen3_moe.py and commit;
// sgl-project/sglang PR #15835), outside the RadixAttention forward its rows time. TensorRT-LLM's
// QKNormRoPEAttention (Qwen3's) runs torch.ops.trtllm.fused_qk_norm_rope on the
// packed QKV before its attention op and turns the op's own rope off (fuse_qk_norm_rope, on by
// default: tensorrt_llm/_torch/modules/qk_norm_attention.py
// @a98a9061d72f6fd39f5d055ebdd2c6878a100e2c), so the pair is one kernel of its own there too,
// with the rope in it. vLLM's are left inside: which kernel its compiler fuses them into, beside
// the rope it already counts (rope_own_kernel), is not known here.
constexpr bool qk_norm_own_kernel(engine_kind k) { return k == engine_kind::sglang || k == engine_kind::trtllm; }

// Whether the engine runs the RMSNorm after each TP all-reduce of an MLA MoE decoder inside the
// all-reduce kernel (calibration_set::norms_in_tp_all_reduce). TensorRT-LLM's DeepSeek-V3 decoder
// layer does so by default whenever it has TP and no attention DP
// (tensorrt_llm/_torch/models/modeling_deepseekv3.py @a43cf9e363d5657061b5ce0e12f3d993a08d8158,
// DeepseekV3DecoderLayer: enable_fusion unless TRTLLM_DEEPSEEK_EAGER_FUSION_DISABLED=1 or
// enable_attention_dp; PRE_MOE_FUSION = POST_MOE_FUSION = enable_fusion and has_tp; forward_MoE
// runs self.allreduce with AllReduceFusionOp.RESIDUAL_RMS_NORM over post_attention_layernorm and
// over next_layer_layernorm; a dense layer fuses the next layer's norm alike, POST_MLP_FUSION, and
// its own only for NVFP4, which headroom leaves launched). NVIDIA aiconfigurator times the
// all-reduce unfused (collector/network/collect_all_reduce.py, fusion_op NONE, @095f58a51c4c), so
// the fused norm adds nothing measured. vLLM and SGLang launch the norm after the all-reduce.
// Decode steps only: a prompt's messages are large, and which all-reduce strategy TensorRT-LLM
// picks for them (and whether the norm then runs apart) is not modelled.
constexpr bool norms_in_tp_all_reduce(engine_kind k) { return k == engine_kind::trtllm; }
// SGLang does the same under --enable-flashinfer-allreduce-fusion (off by default): its
// LayerCommunicator runs the post-attention norm inside the attention's all-reduce and defers
// the MLP's all-reduce into the next layer's input norm (forward_with_allreduce_fusion), when the
// plan has TP, no attention DP, the layer is not the last and a step carries at most 2,048
// tokens (should_fuse_mlp_allreduce_with_next_layer, apply_flashinfer_allreduce_fusion,
// FUSE_ALLREDUCE_MAX_BATCH_SIZE; python/sglang/srt/layers/communicator.py
// @fd3907ee4618e96b73ee94d9a836db78efb5d046), on SM90 and SM100 with FlashInfer: NVIDIA's parts.
// headroom applies it where it applies TensorRT-LLM's, an MLA MoE decoder's decode steps, though
// SGLang's LayerCommunicator serves other MoE decoders too.
constexpr bool norms_in_tp_all_reduce(const engine& e, const device& d) {
  if (e.kind != engine_kind::sglang) return norms_in_tp_all_reduce(e.kind);
  return e.sglang.enable_flashinfer_allreduce_fusion && d.vendor == "NVIDIA" && sm_of(d.arch) >= 90;
}

// A latent attention block's q_a and kv_a norms on two streams (calibration_set::latent_norm_streams):
// - SGLang: the steps it replays from CUDA graphs, its decode steps ("overlap qk norm":
//   q_a_layernorm on the current stream, kv_a_layernorm on alt_stream when get_is_capture_mode(),
//   python/sglang/srt/models/deepseek_v2.py @3e4a39ee73308590c5c753108bdcb8d333f7f1c6,
//   DeepseekV2AttentionMLA.forward_absorb_prepare);
// - TensorRT-LLM: its graphed generation-only batches (maybe_execute_in_parallel of
//   q_a_layernorm and kv_a_layernorm on aux_stream, tensorrt_llm/_torch/modules/attention.py, MLA;
//   multi-stream only under CUDA graphs, as above);
// - vLLM runs the two one after the other (MultiHeadLatentAttentionWrapper).
inline constexpr shared_expert_streams sglang_latent_norm_streams{~std::uint64_t{0}, 0};
inline constexpr shared_expert_streams trtllm_latent_norm_streams{~std::uint64_t{0}, 0};

constexpr shared_expert_streams latent_norm_streams_of(engine_kind k) {
  switch (k) {
    case engine_kind::sglang: return sglang_latent_norm_streams;
    case engine_kind::trtllm: return trtllm_latent_norm_streams;
    case engine_kind::vllm:
    case engine_kind::none:
    case engine_kind::llama_cpp: return {};
  }
  return {};
}

constexpr shared_expert_streams shared_streams_of(engine_kind k) {
  switch (k) {
    case engine_kind::vllm: return vllm_shared_streams;
    case engine_kind::sglang: return sglang_shared_streams;
    case engine_kind::trtllm: return trtllm_shared_streams;
    case engine_kind::none:
    case engine_kind::llama_cpp: return {};
  }
  return {};
}

// Where a new prompt's chunks run (serving_facts::prompts_ride_decode_steps):
// - vLLM: in the running sequences' step. The V1 scheduler has no prefill or decode phase: each
//   step fills one token budget with the running requests' next tokens and new requests' prompt
//   chunks (Scheduler.schedule, vllm/v1/core/sched/scheduler.py
//   @b4622cf924bc72504aed99e486062d6633fde39e).
// - TensorRT-LLM: in the same forward step too (in-flight batching: the PyTorch executor's
//   scheduler picks context and generation requests together and runs them in one
//   _forward_step, tensorrt_llm/_torch/pyexecutor/py_executor.py
//   @fcd3f31682808ae56118ae43c1d7864a3a945e6f).
// - SGLang: in an extend batch of their own, while the decode batch waits: Scheduler.
//   get_next_batch_to_run runs a new prefill batch when get_new_batch_prefill forms one, the
//   decode batch otherwise, and mixes the two only under --enable-mixed-chunk, off by default
//   (ServerArgs.enable_mixed_chunk = False; python/sglang/srt/managers/scheduler.py and
//   python/sglang/srt/server_args.py @ad0119fdde519598c25f5c48b95dacaa2b85d607).
// The passes an engine plans ahead of the one executing (serving_facts::steps_ahead): a request
// arriving mid-run joins the first one not yet planned.
// - vLLM: one, under async scheduling, on by default ("the scheduler operate[s] one step ahead of
//   the current execution", vllm-project/vllm PR #19970; SchedulerConfig.async_scheduling = None,
//   which VllmConfig turns on unless an option is incompatible, vllm/config/scheduler.py and
//   vllm/config/vllm.py @1f8758d584e8f599219d75adf658e182ed809a43); none with
//   --no-async-scheduling.
// - SGLang: one, its overlap scheduler running "one batch ahead" (SGLang v0.4 post, above); none
//   with --disable-overlap-schedule (ServerArgs.disable_overlap_schedule, python/sglang/srt/
//   server_args.py @469c63e54e7d94591617ef9590c6aa26d54dc1bb).
// - TensorRT-LLM: one, its overlap scheduler ("At step n, the system launches GPU computation for
//   step n+1 ... The optimization introduces one extra decoding step"; enabled by default,
//   disable_overlap_scheduler=True turns it off: docs/source/features/overlap-scheduler.md
//   @081661b76c54f3516a894b682f1f15ceb7d3a03c).
constexpr std::uint64_t vllm_ahead(const engine& e) { return e.vllm.no_async_scheduling ? 0 : 1; }
constexpr std::uint64_t sglang_ahead(const engine& e) { return e.sglang.disable_overlap_schedule ? 0 : 1; }
constexpr std::uint64_t trtllm_ahead(const engine& e) { return e.trtllm.disable_overlap_scheduler ? 0 : 1; }
inline constexpr std::string_view vllm_ahead_source = "vLLM PR #19970: async scheduling plans one step ahead (default on)";
inline constexpr std::string_view sglang_ahead_source = "SGLang v0.4 post: the overlap scheduler runs one batch ahead (default on)";
// A disaggregated SGLang decode worker takes requests between its steps: each iteration of its
// loop (event_loop_overlap_disagg_decode) first receives requests and runs process_decode_queue,
// which pre-allocates a new request's KV slots and only then tells the prefill worker where to
// write (the prefill side holds the request in its bootstrap queue until it knows), and polls the
// transfers; get_next_disagg_decode_batch_to_run then emits a transferred request's first token
// (process_batch_result_prebuilt) before the next step launches (sgl-project/sglang
// python/sglang/srt/disaggregation/decode.py @0035ca42c2d615f77778ce3bf825d6ce6e089661). A request
// arriving while the worker decodes others waits for the step in flight twice, before its
// pre-allocation and before its first token: half a step each on average, one step in all.
inline constexpr double sglang_disagg_admit_steps = 1.0;
inline constexpr std::string_view sglang_admit_source =
    "SGLang disaggregation/decode.py @0035ca42: pre-allocation and the first token at the top of the decode loop, "
    "half a step each";
inline constexpr std::string_view trtllm_ahead_source =
    "TensorRT-LLM overlap-scheduler.md: one extra decoding step; enabled by default";

// Pipeline stages (serving_facts::pipeline_micro_batches): whether the running sequences are
// dealt out over pp micro-batches that walk the stages in turn.
// - SGLang: yes. event_loop_pp keeps a running batch for each micro-batch (running_mbs) and
//   runs them round the stages in turn, a new request joining the micro-batch whose turn
//   takes it (python/sglang/srt/managers/scheduler_pp_mixin.py
//   @00ff98d34dc4ce18f05bcf01b3833a19fe3ed5c9).
// - vLLM: no. Its engine keeps pp batches in flight (VllmConfig.max_concurrent_batches), but
//   Scheduler.schedule skips a running request with no new tokens to schedule, "PP>1 and we
//   have already scheduled all prompt tokens but they are not finished yet" (its
//   num_computed_tokens moves when it is scheduled): a decoding sequence waits for its pass to
//   come back, so the decoding sequences travel through the stages as one batch
//   (vllm/v1/core/sched/scheduler.py @00024d314514900f361ad072af6931e403b7f589).
// - TensorRT-LLM: no, below max_batch_size. Its scheduler avoids the requests "currently in
//   flight across all micro batches" (PyExecutor.inflight_req_ids,
//   tensorrt_llm/_torch/pyexecutor/py_executor.py @0004396720054fd8e205cbf616f21f0b57c6b412), so a
//   micro-batch takes every running sequence it may.
inline constexpr std::string_view vllm_pipeline_source =
    "vLLM Scheduler.schedule: under PP a running request with a pass in flight has no new tokens and is skipped";
inline constexpr std::string_view sglang_pipeline_source =
    "SGLang event_loop_pp: a running batch for each micro-batch, walking the stages in turn";
inline constexpr std::string_view trtllm_pipeline_source =
    "TensorRT-LLM PyExecutor: the scheduler avoids requests in flight across all micro batches";

constexpr bool always_ride(const engine&) { return true; }
constexpr bool sglang_rides(const engine& e) { return e.sglang.enable_mixed_chunk; }
inline constexpr std::string_view vllm_mixing_source =
    "vLLM v1 Scheduler.schedule: one token budget for running requests' tokens and new prompts' chunks";
inline constexpr std::string_view trtllm_mixing_source =
    "TensorRT-LLM PyExecutor: context and generation requests in one forward step (in-flight batching)";
inline constexpr std::string_view sglang_mixing_source =
    "SGLang Scheduler.get_next_batch_to_run: a prefill (extend) batch apart from decode unless --enable-mixed-chunk "
    "(then the chunk joins the running decode batch, ScheduleBatch.mix_with_running)";

// Prefix caching (serving_facts::prefix_cache_off): on by default in all three. vLLM V1's
// enable_prefix_caching defaults to True (vllm/config/cache.py
// @002f10e5cfa1373a19a0d2756598a34b700d20e5); SGLang's radix cache is on unless
// --disable-radix-cache (python/sglang/srt/server_args.py
// @ad0119fdde519598c25f5c48b95dacaa2b85d607); TensorRT-LLM's KV cache block reuse is on by
// default (KvCacheConfig.enable_block_reuse = True, tensorrt_llm/llmapi/llm_args.py). Of their
// switches headroom reads vLLM's and SGLang's.
constexpr bool vllm_prefix_cache_off(const engine& e) { return e.vllm.no_enable_prefix_caching; }
inline constexpr std::string_view vllm_prefix_cache_source =
    "vLLM config/cache.py: prefix caching is on unless --no-enable-prefix-caching";
constexpr bool sglang_prefix_cache_off(const engine& e) { return e.sglang.disable_radix_cache; }
inline constexpr std::string_view sglang_prefix_cache_source =
    "SGLang server_args.py: the radix (prefix) cache is on unless --disable-radix-cache";

inline constexpr serving_facts vllm_serving{160, vllm_step_source, front_end_us, front_end_us_per_prompt_token,
                                            front_end_source, nullptr, &vllm_eager, host_launch_us,
                                            host_launch_source, true, vllm_admission_source, &always_ride,
                                            vllm_mixing_source, &vllm_ahead, vllm_ahead_source, host_launch_dense_us,
                                            host_launch_dense_source, 0, {}, false, vllm_pipeline_source,
                                            &vllm_graph_max_tokens, vllm_graph_source, &vllm_prefix_cache_off,
                                            vllm_prefix_cache_source};
inline constexpr serving_facts sglang_serving{0, sglang_step_source, front_end_us, front_end_us_per_prompt_token,
                                              front_end_source, &sglang_poll_passes, &sglang_eager, host_launch_us,
                                              host_launch_source, true, sglang_admission_source, &sglang_rides,
                                              sglang_mixing_source, &sglang_ahead, sglang_ahead_source, host_launch_dense_us,
                                              host_launch_dense_source, sglang_disagg_admit_steps, sglang_admit_source,
                                              true, sglang_pipeline_source, nullptr, {}, &sglang_prefix_cache_off,
                                              sglang_prefix_cache_source};
inline constexpr serving_facts trtllm_serving{580, trtllm_step_source, front_end_us, front_end_us_per_prompt_token,
                                              front_end_source, nullptr, &trtllm_eager, host_launch_us,
                                              host_launch_source, false, {}, &always_ride, trtllm_mixing_source, &trtllm_ahead,
                                              trtllm_ahead_source, host_launch_dense_us, host_launch_dense_source, 0, {},
                                              false, trtllm_pipeline_source};

/// The fixed costs of an engine; engines::none and llama.cpp: none (the kernels alone).
constexpr const serving_facts& serving_facts_of(engine_kind k) {
  switch (k) {
    case engine_kind::vllm: return vllm_serving;
    case engine_kind::sglang: return sglang_serving;
    case engine_kind::trtllm: return trtllm_serving;
    case engine_kind::none:
    case engine_kind::llama_cpp: return no_serving_facts;
  }
  return no_serving_facts;
}

}  // namespace headroom::engines
