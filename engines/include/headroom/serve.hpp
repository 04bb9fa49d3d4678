// SPDX-License-Identifier: MIT
// headroom: the serving model -- TTFT, TPOT and throughput of a deployment under a closed loop of
// `concurrency` clients, each sending ISL-token prompts for OSL-token answers
// (docs/serving.md). Every time comes twice: the ceiling (estimate.hpp, a lower bound) and the
// calibrated prediction (prediction.hpp).
//
// Aggregated serving (continuous batching with chunked prefill):
//   running batch B = min(clients, the sequences the engine's KV pool holds -- at ISL + OSL
//                         tokens where it reserves a request's whole length, at the mean context
//                         ISL + OSL / 2 where it allocates as tokens arrive --, the scheduler's
//                         cap); the other clients wait;
//   the first round's B prompts arrive together and are prefilled in steps of the token budget
//   (max_num_batched_tokens), a prompt's first token coming with the step that holds its last
//   token; chunking staggers their answers, so later prompts arrive one by one, each riding the
//   decode steps of the other B - 1 sequences; TPOT is a decode step at the mean context
//   ISL + OSL / 2 plus the share of the others' prompts a step carries; TTFT is the mean over
//   the run's requests (`requests_per_client` each: the first round, then steady state);
//   B slots serve N > B clients, each client waiting N / B - 1 services of a slot;
// Disaggregated: prefill workers batch whole prompts, the KV of a prompt crosses the scale-out
// link, decode workers run pure decode steps; the request rate is the smallest of the clients'
// closed loop, the prefill workers' and the decode workers' rates, and the wait goes to TTFT.
// Speculative decoding: a verify step of B x (K + 1) rows and K draft steps emit A tokens.
// An open loop (requests at random, `load::request_rate` a second): the running batch is what
// the rate keeps there (Little's law), the wait for a slot Erlang's C (serve_rate_at).
#pragma once

#include <array>
#include <cstdint>
#include <limits>

#include <headroom/calibration.hpp>
#include <headroom/cost_class.hpp>
#include <headroom/detail/crossing.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/device.hpp>
#include <headroom/engine_memory.hpp>
#include <headroom/estimate.hpp>
#include <headroom/fit.hpp>
#include <headroom/kernels.hpp>
#include <headroom/model.hpp>
#include <headroom/prediction.hpp>
#include <headroom/rank_footprint.hpp>

namespace headroom {

/// A load: a closed loop of `concurrency` clients sending ISL-token prompts for OSL-token answers.
/// `requests_per_client`: the requests each client sends in the run being predicted; the first
/// arrive together, the rest as answers end. 10, as the public serving benchmarks run
/// (InferenceX and aiconfigurator: num_prompts = 10 x concurrency); 0: steady state alone.
struct load {
  std::uint64_t isl = 1024;
  std::uint64_t osl = 128;
  std::uint64_t concurrency = 1;
  std::uint64_t requests_per_client = 10;
  /// An open loop instead (appended): requests arriving at random (a Poisson process) at this
  /// many a second, whatever the answers before them; `concurrency` and `requests_per_client`
  /// are then not read. 0: the closed loop (serve_rate_at).
  double request_rate = 0;
  /// Of each prompt's `isl` tokens, the first `prefix` are found in the engine's prefix cache (a
  /// system prompt, an earlier turn of the conversation): their KV is there, so the prompt's
  /// prefill computes the other isl - prefix tokens, which attend over all isl (appended;
  /// aiconfigurator's `--prefix`, a part of `--isl` too). Each sequence's KV is counted whole
  /// unless `prefix_shared`: prefixes of their own (earlier turns of different conversations).
  std::uint64_t prefix = 0;
  /// Every request's prefix is the same tokens (one system prompt): the engine's pool holds its
  /// whole blocks once, each sequence the rest (max_seqs_sharing), so the pool holds more of them.
  /// (Appended.)
  bool prefix_shared = false;
  /// The prompt tokens a request's prefill computes: isl less its cached prefix.
  [[nodiscard]] constexpr std::uint64_t new_tokens() const { return isl - prefix; }
};

/// Disaggregated serving: prefill and decode workers, each a tensor-parallel group of `*_tp`
/// devices, with its routed experts over `*_ep` of them and, with `*_dp_attention`, attention
/// data parallel over the TP ranks (SGLang's DP attention, TensorRT-LLM's attention DP). All
/// workers zero: aggregated serving. (The EP and DP-attention fields were appended: a
/// disaggregation written `{P, Tp, D, Td}` keeps its meaning.)
struct disaggregation {
  std::uint16_t prefill_workers = 0;
  std::uint16_t prefill_tp = 1;
  std::uint16_t decode_workers = 0;
  std::uint16_t decode_tp = 1;
  std::uint16_t prefill_ep = 1;
  bool prefill_dp_attention = false;
  std::uint16_t decode_ep = 1;
  bool decode_dp_attention = false;
  /// Prompt tokens one prefill pass of a scheduling rank holds: the prefill workers' own token
  /// budget (TensorRT-LLM's max_num_tokens, SGLang's max-prefill-tokens), which disaggregated
  /// recipes set apart from the decode workers'. 0: the engine's budget, as the decode side's.
  std::uint64_t prefill_batch_tokens = 0;
  /// Redundant experts of each side's MoE layers (parallel::redundant_experts), appended.
  std::uint16_t prefill_redundant_experts = 0;
  std::uint16_t decode_redundant_experts = 0;
  [[nodiscard]] constexpr bool on() const { return prefill_workers != 0 && decode_workers != 0; }
  /// One prefill worker's plan.
  [[nodiscard]] constexpr parallel prefill_plan() const {
    return {.tp = prefill_tp, .ep = prefill_ep, .dp_attention = prefill_dp_attention, .redundant_experts = prefill_redundant_experts};
  }
  /// One decode worker's plan.
  [[nodiscard]] constexpr parallel decode_plan() const {
    return {.tp = decode_tp, .ep = decode_ep, .dp_attention = decode_dp_attention, .redundant_experts = decode_redundant_experts};
  }
  friend constexpr bool operator==(const disaggregation&, const disaggregation&) = default;
};

/// The forward passes an engine runs eagerly, without a CUDA graph: the host issues each kernel.
enum class eager_passes : std::uint8_t { none, prefill, all };

/// What an engine adds beyond its kernels, and where each figure comes from: to every forward
/// pass (scheduling, sampling, launch or CUDA-graph replay the GPU waits for), and to every
/// request's first token (the HTTP front end, tokenization and admission: a fixed part and a
/// part per prompt token).
struct serving_facts {
  double step_overhead_us = 0;
  std::string_view source{};
  double request_overhead_us = 0;
  double prompt_token_overhead_us = 0;
  std::string_view request_source{};
  /// Forward passes between two polls for new requests under the engine's knobs (null: 1, every
  /// pass): a prompt arriving mid-run waits for the next poll.
  std::uint64_t (*poll_passes)(const engine&) = nullptr;
  /// The passes the engine runs eagerly under its knobs (null: none). Such a pass takes its
  /// kernels plus its kernel launches (kernel_launches, prediction.hpp) times `host_launch_us`
  /// (`host_launch_dense_us` for a model without routed experts: host_us_per_launch): the host
  /// issues them one by one, and the time it takes is not hidden behind the kernels.
  eager_passes (*eager)(const engine&) = nullptr;
  double host_launch_us = 0;
  std::string_view host_source{};
  /// The engine allocates a sequence's KV as its tokens arrive and admits a request on what is
  /// free now, preempting or retracting a running one when the pool runs out (vLLM's blocks,
  /// SGLang's pages): its running batch is bounded by the sequences the pool holds at their mean
  /// context, ISL + OSL / 2. False: it reserves a request's whole ISL + OSL at admission
  /// (TensorRT-LLM's GUARANTEED_NO_EVICT), and the pool of whole requests bounds the batch.
  bool kv_on_demand = false;
  std::string_view admission_source{};
  /// Whether, under the engine's knobs, a new prompt's chunks run in the same forward pass as
  /// the running sequences' decode rows (vLLM's one token budget for both, TensorRT-LLM's
  /// in-flight batching, SGLang's --enable-mixed-chunk): a chunk adds its rows to a pass whose
  /// weights the decoding rows stream anyway. Null or false: prompts run in passes of their own
  /// while decoding waits (SGLang's extend batches by default).
  bool (*prompts_ride_decode_steps)(const engine&) = nullptr;
  std::string_view mixing_source{};
  /// The forward passes the engine has scheduled beyond the one executing, under its knobs
  /// (null: none): a request arriving mid-run joins the first pass not yet planned, so it waits
  /// for those too.
  std::uint64_t (*steps_ahead)(const engine&) = nullptr;
  std::string_view ahead_source{};
  /// The host's time a launch of an eager pass of a model without routed experts, measured on a
  /// dense model's pass; `host_launch_us` is then a MoE model's (the two measured passes differ
  /// about twofold a launch). 0: `host_launch_us` for every model.
  double host_launch_dense_us = 0;
  std::string_view host_dense_source{};
  /// Disaggregated: the decode worker's steps a request waits beside its prefill and transfer
  /// when the worker is decoding others (its loop takes new requests and emits their first
  /// tokens between steps); 0: none.
  double disagg_admit_steps = 0;
  std::string_view admit_source{};
  /// Under pipeline stages (pp > 1), whether the scheduler deals the running sequences out over
  /// pp micro-batches, one a stage, so a decode step walks the stages at ceil(B / pp) sequences
  /// (forward(), serve.hpp); false: the decoding sequences travel through the stages together.
  bool pipeline_micro_batches = false;
  std::string_view pipeline_source{};
  /// The largest forward pass, in tokens on a scheduling rank, the engine replays from a CUDA
  /// graph under its knobs and its scheduler's cap and token budget (null or 0: no limit), a
  /// decode step carrying `decode_query_len` tokens a sequence (1 + K when K tokens are drafted a
  /// step, else 1); a pass of more runs eagerly, its kernel launches issued by the host
  /// (`host_launch_us` each) while its kernels run: it takes the longer of the two
  /// (serve_ctx::issued_us). (Until 2026-12-08 without `decode_query_len`: a function of the
  /// three-argument form no longer converts, and the compiler names this four-argument one.)
  std::uint64_t (*graph_max_tokens)(const engine&, std::uint64_t max_num_seqs, std::uint64_t max_num_batched_tokens,
                                    std::uint64_t decode_query_len) = nullptr;
  std::string_view graph_source{};
  /// Whether the engine's knobs turn its prefix cache off (null or false: on, as the engines
  /// ship): a load with a cached prefix (load::prefix) is then refused, not served as if cached.
  bool (*prefix_cache_off)(const engine&) = nullptr;
  std::string_view prefix_cache_source{};
  /// The front end's share of a request's TTFT for an `isl`-token prompt.
  [[nodiscard]] constexpr double request_us(std::uint64_t isl) const {
    return request_overhead_us + prompt_token_overhead_us * static_cast<double>(isl);
  }
  /// The host's time a launch of an eager pass of model `m` adds to the pass.
  [[nodiscard]] constexpr double host_us_per_launch(const model& m) const {
    return host_launch_dense_us > 0 && !has_routed_experts(m) ? host_launch_dense_us : host_launch_us;
  }
};
inline constexpr serving_facts no_serving_facts{};

/// Where a request's TTFT goes, in ms (serve_result::ttft_parts, appended). With serve_result's
/// `wait_ms` (the queue for a slot or a prefill worker) and `transfer_ms` (the KV transfer,
/// disaggregated) these terms sum to `ttft_ms`; an open loop has no first round.
struct ttft_breakdown {
  double front_end_ms = 0;     ///< HTTP, tokenization and admission before the engine sees the prompt
  double first_round_ms = 0;   ///< the first round's prompts arriving together, over the run's requests (its TTFT less a steady one, / requests a client)
  double in_flight_ms = 0;     ///< the pass in flight and those the scheduler planned ahead of the prompt
  double poll_ms = 0;          ///< the scheduler's polling interval (SGLang's --scheduler-recv-interval)
  double decode_steps_ms = 0;  ///< the other sequences' decode steps the prompt's chunks ride (aggregated)
  double prefill_ms = 0;       ///< the prompt's own prefill passes: its kernels, the prompts beside it, the host's issuing
  double admission_ms = 0;     ///< the decode worker's steps before it takes the transferred request (disaggregated)
};

/// The answer for one load.
struct serve_result {
  std::uint64_t concurrency = 0;
  std::uint64_t running_batch = 0;   ///< sequences in an instance's batch (per decode worker when disaggregated: those the request rate keeps there; one replica's under an engine's data-parallel replicas)
  std::uint64_t pool_seqs = 0;       ///< sequences of ISL + OSL tokens the KV pool holds
  bool fits = false;                 ///< the engine starts and holds at least one request
  engine_term term = engine_term::none;
  std::uint32_t gpus = 0;
  double ttft_ms = 0, tpot_ms = 0, e2e_ms = 0;
  double ttft_steady_ms = 0;         ///< TTFT once the clients' requests no longer arrive together (wait included)
  double cycle_ms = 0;               ///< a client's request to its next: e2e and the wait for its round's last prompt
  double wait_ms = 0;                ///< of ttft_ms: waiting for a slot or a prefill worker
  double transfer_ms = 0;            ///< of ttft_ms: the KV transfer (disaggregated)
  double tokens_per_s = 0, tokens_per_s_per_gpu = 0, tokens_per_s_per_user = 0;
  double ceiling_ttft_ms = 0, ceiling_tpot_ms = 0;
  calib_source calibration = calib_source::measured;
  /// Sequences the KV pool holds as a running batch: `pool_seqs` where the engine reserves a
  /// request's whole length, else as many at the mean context ISL + OSL / 2
  /// (serving_facts::kv_on_demand). The running batch never exceeds it.
  std::uint64_t batch_pool_seqs = 0;
  /// Aggregated: the sequences whose prompts the engine's token budget carries in steady state,
  /// budget x (OSL - 1 + c) / ISL + 1 (c: a prompt's chunks); the running batch never exceeds
  /// it. 0 when disaggregated (the prefill workers take the prompts).
  std::uint64_t budget_seqs = 0;
  /// An open loop (serve_rate_at; appended): the requests a second offered, 0 for a closed loop;
  /// the most a second the deployment serves (its running batch at the largest the pool, the
  /// cap and the budget allow, over a request's time in the batch); and whether the offered rate
  /// reaches that, the queue then growing without bound (TTFT and E2E infinite).
  double request_rate = 0;
  double capacity_rps = 0;
  bool saturated = false;
  std::uint64_t slots = 0;  ///< open loop: the largest running batch, B_max
  ttft_breakdown ttft_parts{};  ///< where ttft_ms goes (appended)
  /// The most sequences an instance's batch (a decode worker's when disaggregated) holds: the
  /// smallest of the KV pool's, the scheduler's cap and, aggregated, the token budget's, over the
  /// ranks that schedule their own sequences. A running batch below it is not full: when
  /// disaggregated the rest of the clients are in a prefill worker or its queue. (Appended.)
  std::uint64_t batch_limit = 0;
};

namespace detail {

// Reached in constant evaluation, these are the compile error (error.hpp's convention).
inline void serve_isl_osl_and_concurrency_must_be_positive() {}
inline void acceptance_length_must_be_between_1_and_speculative_tokens_plus_1() {}
inline void model_has_no_draft_head_for_speculative_decoding() {}
inline void speculative_tokens_differ_from_the_engines_own_setting() {}
inline void serve_request_rate_must_be_positive() {}
inline void serve_prefix_must_be_shorter_than_the_prompt() {}
inline void serve_prefix_needs_the_engines_prefix_cache() {}

constexpr std::uint64_t div_up(std::uint64_t a, std::uint64_t b) { return b == 0 ? 0 : (a + b - 1) / b; }

// Everything one evaluation needs, resolved once.
struct serve_ctx {
  const model* m;
  const device* d;
  const device_roofline* r;
  deployment dep;  // as served: the MTP head loaded when speculating
  const exec_facts* facts;
  const calibration_set* cs;
  const serving_facts* sf;
  load l;
  double prefill_host_us = 0;  // the host's time an eager pass with prompt tokens adds (0: graphed)
  double decode_host_us = 0;   // the same for an eager decode pass
  // A pass of more than `graph_max_tokens` tokens on a scheduling rank (0: no limit) has no CUDA
  // graph and runs eagerly, its launches issued in `graph_miss_host_us` (issued_us).
  std::uint64_t graph_max_tokens = 0;
  double graph_miss_host_us = 0;
  // A pass of `tokens` tokens a scheduling rank whose kernels take `kernels_us`, `host_us` the
  // host's time its kind adds where the engine runs that kind eagerly: the two add (the engine's
  // eager passes, docs/serving.md "Eager passes"). A pass of a graphed kind that outgrows the
  // largest graph is issued by the host while its kernels run: it takes the longer of the two.
  // vLLM's compiled forward issues its pieces without waiting on the GPU, and a long pass hides
  // the issuing: a 4,096-token prefill chunk of a DeepSeek-V4-class model eager against replayed
  // from a piecewise graph gained 1.3 % (local-inference-lab/vllm PR #742, six paired runs on
  // 4 x RTX PRO 6000, 32K prompts: 21,836 against 22,116 tokens/s), where adding 69 us a launch
  // would have cost it about a third.
  [[nodiscard]] constexpr double issued_us(double kernels_us, double host_us, std::uint64_t tokens) const {
    if (host_us != 0) return kernels_us + host_us;
    return graph_max_tokens != 0 && tokens > graph_max_tokens && graph_miss_host_us > kernels_us ? graph_miss_host_us : kernels_us;
  }
};

struct step_times {
  double ceiling_us = 0;
  double predicted_us = 0;
  calib_source worst = calib_source::measured;
  double decode_ceiling_us = 0;  // of ceiling_us: the decoding sequences' step alone
  double kernels_us = 0;         // of predicted_us: the kernels alone, without the host's time or the step cost
};

// One forward pass on one instance of plan `plan`: `dec` sequences decoding at context `ctx` and
// `pre` prompt tokens of ISL-token prompts (`pre_attention` the prediction of one whole prompt's
// prefill, scaled to `pre` tokens). Weight-streaming parts run at dec + pre rows. `prompt` of
// the `pre` rows are a new prompt's (the rest a speculative verify's draft tokens): only a pass
// with prompt tokens is an engine's prefill pass, eager where the engine runs those eagerly; a
// verify pass replays a CUDA graph as a decode step does (SGLang captures its decode graphs in
// TARGET_VERIFY mode when speculating, K + 1 tokens a sequence: sgl-project/sglang
// python/sglang/srt/model_executor/cuda_graph_runner.py, CudaGraphRunner; TensorRT-LLM graphs
// generation-only batches, draft tokens included; vLLM's full graphs take uniform decode
// batches of 1 + K tokens a sequence).
//
// Pipeline stages (pp > 1): the engine keeps up to pp passes in flight, one a stage. Where its
// scheduler deals the running sequences out over pp micro-batches
// (serving_facts::pipeline_micro_batches: SGLang), each stage takes them in turn and a
// sequence's token comes once its micro-batch has walked every stage: the walk of all layers
// (decode_step over the plan) at ceil(dec / pp) sequences, a speculative verify's draft rows
// with them. Where it does not (vLLM, TensorRT-LLM: a sequence with a pass in flight is not
// scheduled again, so the decoding sequences travel together), the walk is at all dec. The
// prompts' rows a pass carries are never split.
constexpr std::uint64_t micro_batch(std::uint64_t dec, const parallel& p, const serving_facts& sf) {
  return p.pp > 1 && sf.pipeline_micro_batches ? div_up(dec, p.pp) : dec;
}
// The decoding sequences' step of a forward pass on plan `plan` (forward() below): `dec_all`
// sequences at context `ctx`, a micro-batch of them under pipeline stages; empty at none.
constexpr step_prediction decode_of(const serve_ctx& x, const parallel& plan, std::uint64_t dec_all, std::uint64_t ctx) {
  const parallel p = attention_dp_layout(plan, x.dep.engine);
  const std::uint64_t dec = micro_batch(dec_all, p, *x.sf);
  if (dec == 0) return {};
  const step_estimate e = decode_step(*x.m, *x.d, *x.r, dec, ctx, x.dep.settings, p, *x.facts);
  return predict(*x.m, x.r->r, e, step_pass::decode, dec, dec, ctx, p, x.dep.settings.kv, *x.cs);
}
// forward() with its decoding sequences' step given: `decoded` = decode_of(x, plan, dec_all,
// ctx), which a caller with two passes of the same decoding sequences works out once.
constexpr step_times forward_with(const serve_ctx& x, const parallel& plan, std::uint64_t dec_all, std::uint64_t pre_all,
                                  const step_prediction& whole_prompt, std::uint64_t prompt, const step_prediction& decoded) {
  const settings& s = x.dep.settings;
  const parallel p = attention_dp_layout(plan, x.dep.engine);  // the layout the engine runs
  const std::uint64_t dec = micro_batch(dec_all, p, *x.sf);
  // A verify's draft rows (pre_all - prompt) belong to the decoding sequences: K a sequence.
  const std::uint64_t pre = dec_all == 0 || dec == dec_all ? pre_all : prompt + (pre_all - prompt) / dec_all * dec;
  step_times out{};
  std::array<double, step_parts> ceil{}, pred{};
  double link_c = 0, link_p = 0;
  if (dec != 0) {
    const step_prediction& sp = decoded;
    ceil = sp.ceiling_part_us, pred = sp.predicted_part_us;
    link_c = sp.link_ceiling_us, link_p = sp.link_predicted_us;
    out.worst = worse(out.worst, sp.worst);
    out.decode_ceiling_us = sp.ceiling_us;
  }
  if (pre != 0) {
    // The prompts' attention on one rank: the pass's prompts are dealt out over the ranks that
    // schedule their own (dp replicas, and under DP attention each TP rank), as its other rows
    // are (block_row_shares); a prompt is not split, so a rank attends over one whole prompt
    // when the pass holds one or more.
    const double prompts = static_cast<double>(pre) / static_cast<double>(x.l.new_tokens());
    const double dealt = prompts / static_cast<double>(seq_shares(p));
    const double share = prompts <= 1.0 ? prompts : dealt > 1.0 ? dealt : 1.0;
    constexpr auto ctx_part = static_cast<std::size_t>(step_part::context);
    constexpr auto dense = static_cast<std::size_t>(step_part::dense);
    ceil[ctx_part] += share * whole_prompt.ceiling_part_us[ctx_part];
    pred[ctx_part] += share * whole_prompt.predicted_part_us[ctx_part];
    // The weight-streaming kernels at every row of the step: one pass over dec + pre rows, of
    // the pass's sequences (the decoding ones, the whole prompts, or the one prompt whose chunk
    // it carries; a verify pass's rows are its decoding sequences' own), each dealt out whole
    // over the ranks that schedule their own (rank_rows): in a pass of both, the prompts are
    // its wide sequences, their rows on their ranks.
    const std::uint64_t rows = dec + pre;
    const std::uint64_t fresh = x.l.new_tokens();
    const std::uint64_t whole = pre % fresh == 0 ? pre / fresh : 0;
    const std::uint64_t seqs = dec != 0 && prompt == 0 ? dec
                               : dec != 0             ? dec + (whole != 0 ? whole : 1)
                               : whole != 0           ? whole
                                                      : detail::div_up(pre, fresh);
    const std::uint64_t each = rows / seqs;
    const std::uint64_t wide_seqs = dec != 0 && prompt != 0 ? seqs - dec : 0;
    const std::uint64_t wide_rows = wide_seqs != 0 ? detail::div_up(prompt, wide_seqs) : 0;
    const step_estimate e = prefill(*x.m, *x.d, *x.r, rows, seqs, s, p, *x.facts, wide_rows, wide_seqs);
    const step_prediction sp =
        predict(*x.m, x.r->r, e, step_pass::prefill, rows, seqs, each / 2 == 0 ? 1 : each / 2, p, s.kv, *x.cs);
    ceil[dense] = sp.ceiling_part_us[dense];
    pred[dense] = sp.predicted_part_us[dense];
    link_c = sp.link_ceiling_us, link_p = sp.link_predicted_us;
    out.worst = worse(out.worst, sp.worst);
  }
  out.ceiling_us = ceil[0] + ceil[1] + link_c;
  // An eager pass adds the host's issuing of its kernels to them.
  const double kernels_us = pred[0] + pred[1] + link_p;
  const double host_us = prompt != 0 ? x.prefill_host_us : dec + pre != 0 ? x.decode_host_us : 0.0;
  out.kernels_us = kernels_us;
  out.predicted_us = x.issued_us(kernels_us, host_us, div_up(dec + pre, seq_shares(p))) + x.sf->step_overhead_us;
  return out;
}
constexpr step_times forward(const serve_ctx& x, const parallel& plan, std::uint64_t dec_all, std::uint64_t ctx,
                             std::uint64_t pre_all, const step_prediction& whole_prompt, std::uint64_t prompt) {
  return forward_with(x, plan, dec_all, pre_all, whole_prompt, prompt, decode_of(x, plan, dec_all, ctx));
}
// A pass whose `pre` rows are all new prompts' tokens.
constexpr step_times forward(const serve_ctx& x, const parallel& p, std::uint64_t dec, std::uint64_t ctx,
                             std::uint64_t pre, const step_prediction& whole_prompt) {
  return forward(x, p, dec, ctx, pre, whole_prompt, pre);
}

// The draft head's K steps (MTP: the checkpoint's draft section) at `dec` sequences: each of its
// nodes at the rank's share, costed like the main section's (node_cost under the engine's paths),
// predicted like them.
constexpr step_times draft_steps(const serve_ctx& x, const parallel& plan, std::uint64_t dec_all, std::uint64_t ctx,
                                 std::uint32_t k) {
  step_times out{};
  const parallel p = attention_dp_layout(plan, x.dep.engine);
  const std::uint64_t dec = micro_batch(dec_all, p, *x.sf);  // a pipeline's micro-batch (forward())
  if (k == 0) return out;
  const circuit& c = x.m->c;
  const settings& s = x.dep.settings;
  step_estimate e{};
  for (std::size_t ii = 0; ii < c.n_instances && e.n_rows < max_rows; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec != section::draft) continue;
    const block& b = c.blocks[in.block];
    const std::uint64_t tp = block_tp(b, p);
    const block rb = rank_block(b, tp);
    for (std::uint16_t ni = b.first; ni < b.end && e.n_rows < max_rows; ++ni) {
      const node n = rank_node(c.nodes[ni], tp, p);
      const bool w = reads_linear_weight(n.kind);
      const resolved_formats f = w ? formats_of(*x.m, n, in) : resolved_formats{};
      site_row& row = e.rows.start(e.n_rows++);
      row.node = ni;
      row.block = in.block;
      row.formats = f;
      row.how = w ? exec_of(*x.d, f.weight, f.activation, *x.facts) : exec{};
      row.one = node_cost(n, rb, f, {dec, dec, ctx, s}, *x.d, x.r->r, row.how);
      row.count = 1;
      row.each_us = row.one.time_us;
      row.time_us = row.one.time_us;
    }
  }
  const step_prediction sp = predict(*x.m, x.r->r, e, step_pass::decode, dec, dec, ctx, p, s.kv, *x.cs);
  const double steps = static_cast<double>(k);
  out.ceiling_us = steps * sp.ceiling_us;
  out.predicted_us = steps * (sp.predicted_us + x.sf->step_overhead_us);
  out.worst = sp.worst;
  return out;
}

// TPOT of a decode step of `dec` sequences sharing the step with `pre` prompt tokens, with
// speculative decoding when the deployment asks for it.
constexpr step_times token_time(const serve_ctx& x, const parallel& p, std::uint64_t dec, std::uint64_t pre,
                                const step_prediction& whole_prompt) {
  const std::uint64_t ctx = x.l.isl + x.l.osl / 2;
  const speculation& sp = x.dep.speculation;
  if (sp.tokens == 0) return forward(x, p, dec, ctx, pre, whole_prompt);
  // Verify: every sequence runs K + 1 rows through the weights; attention reads its KV once
  // (costed at the decode step's sequences); then K draft steps. A tokens emitted per round.
  const std::uint64_t verify_rows = dec * (sp.tokens + 1u);
  step_times v = forward(x, p, dec, ctx, pre + verify_rows - dec, whole_prompt, pre);
  const step_times dr = draft_steps(x, p, dec, ctx, sp.tokens);
  const double a = static_cast<double>(sp.acceptance_milli) / 1000.0;
  return {(v.ceiling_us + dr.ceiling_us) / a, (v.predicted_us + dr.predicted_us) / a, worse(v.worst, dr.worst),
          (v.decode_ceiling_us + dr.ceiling_us) / a};
}

}  // namespace detail

/// Whether the checkpoint has an MTP draft head (a draft section) to speculate with.
constexpr bool has_draft_head(const model& m) {
  for (std::size_t bi = 0; bi < m.c.n_blocks; ++bi) {
    if (m.c.uses_in(bi, section::draft) != 0) return true;
  }
  return false;
}

/// Everything about a served configuration that does not depend on the number of clients:
/// what the engine holds, its budget and cap, one prompt's prefill. serve_at() evaluates a
/// concurrency on it (a search reuses one setup over its concurrency ladder).
struct serve_setup {
  detail::serve_ctx x;
  disaggregation dis{};
  parallel pd{};  ///< the decode side's plan (the deployment's when aggregated; one replica's, dp 1, under `replicas`)
  parallel pp{};  ///< the prefill side's plan
  /// Aggregated: the independent copies of the plan the clients are dealt out over, `dp` where
  /// the engine runs data parallel as replicas (engine_rules::dp_replicas: SGLang's --dp-size
  /// without DP attention, TensorRT-LLM, llama.cpp), each with its own scheduler, KV pool and
  /// share of the clients; 1 otherwise (vLLM's data-parallel ranks share their MoE layers and
  /// run as one instance whose batch spans them: `pd.dp`).
  std::uint64_t replicas = 1;
  serve_result base{};             ///< fits, term, pool_seqs, gpus
  std::uint64_t budget = 0;        ///< tokens a step may carry (max_num_batched_tokens)
  std::uint64_t cap = UINT64_MAX;  ///< the scheduler's cap on running sequences
  step_prediction whole{};         ///< one prompt's prefill on the prefill side
  /// Aggregated: the prompt tokens one pass of the instance carries at most, the token budget on
  /// each of its ranks that schedule their own sequences (budget x seq_shares(pd)).
  std::uint64_t pass_tokens = 0;
  detail::step_times full{};       ///< aggregated: a prefill step of `pass_tokens` (any concurrency's)
  detail::step_times part{};       ///< aggregated: a prefill step of one chunk of a prompt arriving alone
  detail::step_times one_prompt{};  ///< disaggregated: a prefill worker's pass of one prompt
  double transfer_us = 0;           ///< disaggregated: one prompt's KV over the scale-out link
  /// Disaggregated: the prompts a prefill worker's pass holds at most (its token budget on each
  /// rank that schedules its own prompts, at least one), and that pass (one_prompt at one): every
  /// answer at as many clients or more reads it, so it is worked out once.
  std::uint64_t prompts_batch = 1;
  detail::step_times prompts_pass{};
};

/// The setup of deployment `dep` for ISL / OSL (`l.concurrency` is not read), aggregated unless
/// `dis` names workers. `facts`: the engine's execution facts; `cs`: the calibration tables;
/// `sf`: the engine's fixed cost per step; `memo`: where a search keeps the rank footprints it has
/// worked out, the same answers either way (footprint_memo; null: none).
constexpr serve_setup setup_serving(const model& m, const device& d, const device_roofline& r, const deployment& dep,
                                    const load& l, const exec_facts& facts, const calibration_set& cs,
                                    const serving_facts& sf, const disaggregation& dis = {}, footprint_memo* memo = nullptr) {
  detail::validate(dep);
  if (l.isl == 0 || l.osl == 0 || l.concurrency == 0) {
    if (std::is_constant_evaluated()) detail::serve_isl_osl_and_concurrency_must_be_positive();
    detail::bad_deployment_at_run_time("serve: isl, osl and concurrency must be at least 1");
  }
  if (l.prefix >= l.isl) {
    if (std::is_constant_evaluated()) detail::serve_prefix_must_be_shorter_than_the_prompt();
    detail::bad_deployment_at_run_time("serve: the cached prefix must be shorter than the prompt (at least one new token to prefill)");
  }
  if (l.prefix != 0 && sf.prefix_cache_off != nullptr && sf.prefix_cache_off(dep.engine)) {
    if (std::is_constant_evaluated()) detail::serve_prefix_needs_the_engines_prefix_cache();
    detail::bad_deployment_at_run_time("serve: a cached prefix needs the engine's prefix cache, which its settings turn off");
  }
  if (dep.speculation.tokens != 0 &&
      (dep.speculation.acceptance_milli < 1000 || dep.speculation.acceptance_milli > 1000u * (dep.speculation.tokens + 1u))) {
    if (std::is_constant_evaluated()) detail::acceptance_length_must_be_between_1_and_speculative_tokens_plus_1();
    detail::bad_deployment_at_run_time("serve: the acceptance length must be between 1 and speculative tokens + 1");
  }
  if (dep.speculation.tokens != 0 && !has_draft_head(m)) {
    if (std::is_constant_evaluated()) detail::model_has_no_draft_head_for_speculative_decoding();
    detail::bad_deployment_at_run_time("serve: speculative tokens need the checkpoint's MTP draft head, and this model has none");
  }
  serve_setup su{{&m, &d, &r, dep, &facts, &cs, &sf, l}, dis};
  // With speculation on, the engine loads the draft head and holds its KV, and its own setting
  // of the tokens drafted a step (vLLM's --num-speculative-tokens, which its memory rule reads:
  // state pages, CUDA-graph sizes) is the deployment's K: unset, it takes K; set to another, the
  // deployment contradicts itself (the CLI says so before it gets here).
  if (dep.speculation.tokens != 0) {
    su.x.dep.settings.speculative = true;
    if (auto* const drafted = engines::rules_of(su.x.dep.engine).speculative_tokens; drafted != nullptr) {
      std::uint64_t& k = *drafted(su.x.dep.engine);
      if (k != 0 && k != dep.speculation.tokens) {
        if (std::is_constant_evaluated()) detail::speculative_tokens_differ_from_the_engines_own_setting();
        detail::bad_deployment_at_run_time("serve: the speculative tokens differ from the engine's own setting of them");
      }
      k = dep.speculation.tokens;
    }
  }
  const engine& eng = su.x.dep.engine;
  const settings& s = su.x.dep.settings;
  const std::uint64_t ctx_max = l.isl + l.osl;
  su.pd = dis.on() ? dis.decode_plan() : dep.parallel;
  su.pp = dis.on() ? dis.prefill_plan() : dep.parallel;
  if (!dis.on() && dep.parallel.dp > 1 && engines::rules_of(eng).dp_replicas) {
    su.replicas = dep.parallel.dp;
    su.pd.dp = su.pp.dp = 1;
  }
  if (dis.on()) {  // each side's plan, as the engine lays it out, obeys the rules an aggregated plan does
    validate(m, attention_dp_layout(su.pd, eng));
    validate(m, attention_dp_layout(su.pp, eng));
  }
  su.base.gpus = dis.on() ? static_cast<std::uint32_t>(dis.prefill_workers * dis.prefill_tp + dis.decode_workers * dis.decode_tp)
                          : dep.parallel.ranks();
  su.budget = ctx_max;
  // What the engine holds on one rank (engines::none: the arithmetic). A prefix every request
  // shares is held once: its full-attention KV beside the weights, each sequence the rest.
  const std::uint64_t shared = l.prefix_shared ? l.prefix : 0;
  if (is_arithmetic(eng)) {
    footprint_bytes fp = rank_footprint(m, s, su.pd, eng, memo);
    fp.loaded_weights = checked_add(fp.loaded_weights, checked_mul(fp.kv_per_token, shared));
    su.base.pool_seqs = max_seqs(fp, d, ctx_max - shared, usable_policy_of(eng));
    su.base.term = su.base.pool_seqs == 0 ? engine_term::no_memory_for_kv_cache : engine_term::none;
    su.base.batch_pool_seqs = su.base.pool_seqs;
  } else {
    const engine_memory em = engine_memory_of(m, d, s, eng, su.pd, 1, ctx_max, memo);
    su.base.term = stopping_term(em, 1, ctx_max);
    su.base.pool_seqs = su.base.term == engine_term::none ? max_seqs_sharing(em, ctx_max, shared) : 0;
    // An engine that allocates as tokens arrive runs its sequences at their mean context.
    const std::uint64_t mean_ctx = l.isl + l.osl / 2;
    su.base.batch_pool_seqs = su.base.pool_seqs != 0 && sf.kv_on_demand ? max_seqs_sharing(em, mean_ctx, shared) : su.base.pool_seqs;
    if (em.max_num_seqs != 0) su.cap = em.max_num_seqs;
    if (em.max_num_batched_tokens != 0) su.budget = em.max_num_batched_tokens;
  }
  su.base.fits = su.base.pool_seqs != 0;
  if (!su.base.fits) return su;
  // One whole prompt's prefill (its attention part is shared by every chunk): its new tokens,
  // after the cached prefix.
  const std::uint64_t fresh = l.new_tokens();
  const parallel pp_run = attention_dp_layout(su.pp, eng);
  const step_estimate prompt = prefill(m, d, r, fresh, s, pp_run, facts, l.prefix);
  if (sf.eager != nullptr) {
    const eager_passes e = sf.eager(eng);
    const double host_us = kernel_launches(m, prompt, cs) * sf.host_us_per_launch(m);
    su.x.prefill_host_us = e == eager_passes::none ? 0.0 : host_us;
    su.x.decode_host_us = e == eager_passes::all ? host_us : 0.0;
    if (sf.graph_max_tokens != nullptr) {
      su.x.graph_max_tokens = sf.graph_max_tokens(eng, su.cap, su.budget, 1u + dep.speculation.tokens);
      su.x.graph_miss_host_us = host_us;
    }
  }
  su.whole = predict(m, r.r, prompt, step_pass::prefill, fresh, 1, l.prefix + (fresh / 2 == 0 ? 1 : fresh / 2), pp_run, s.kv, cs,
                     l.prefix);
  su.base.ceiling_ttft_ms = su.whole.ceiling_us / 1e3;
  su.base.calibration = su.whole.worst;
  if (dis.on()) {
    su.one_prompt = detail::forward(su.x, su.pp, 0, 1, fresh, su.whole);
    const std::uint64_t prefill_budget = dis.prefill_batch_tokens != 0 ? dis.prefill_batch_tokens : su.budget;
    su.prompts_batch = headroom::detail::max<std::uint64_t>(
        1, checked_mul(headroom::detail::max<std::uint64_t>(1, prefill_budget / fresh), seq_shares(su.pp)));
    su.prompts_pass = su.prompts_batch == 1 ? su.one_prompt : detail::forward(su.x, su.pp, 0, 1, su.prompts_batch * fresh, su.whole);
    // The prompt's KV (and states) of one prefill rank over its scale-out link: the new tokens'
    // KV, the cached prefix being in the decode worker's prefix cache too (its requests pass
    // through both), as vLLM's KV connector loads only the tokens the decode side does not hold
    // (get_num_new_matched_tokens); a recurrent state whole, the decode side's being the prefix's.
    const footprint_bytes fp = rank_footprint(m, s, su.pp, eng, memo);
    const byte_count prefix_kv = l.prefix == 0 ? 0 : fp.per_seq(l.prefix) - fp.state_per_seq - fp.conv_per_seq;
    const double kv_bytes = static_cast<double>(fp.per_seq(l.isl) - prefix_kv);
    const double link_gbps = d.link.scale_out_gbps > 0 ? d.link.scale_out_gbps : d.link.scale_up_gbps;
    su.transfer_us = link_gbps > 0 ? kv_bytes / (link_gbps * 1e3) + d.link.scale_out_latency_us : 0.0;
  } else {
    su.base.budget_seqs = checked_mul(su.budget, l.osl - 1 + detail::div_up(fresh, su.budget)) / fresh + 1;
    // Every rank that schedules its own sequences fills its own budget (forward() deals the
    // pass's prompts over them). Until 2026-12-07 the instance's pass carried one budget in all.
    su.pass_tokens = checked_mul(su.budget, seq_shares(su.pd));
    su.full = detail::forward(su.x, su.pd, 0, 1, su.pass_tokens, su.whole);
    su.part = detail::forward(su.x, su.pd, 0, 1, detail::div_up(fresh, detail::div_up(fresh, su.budget)), su.whole);
  }
  return su;
}

namespace detail {

// The largest mean prompts a poll gathers that serve sums as a Poisson distribution; above, the
// mean itself (the distribution within 1 / sqrt(mean) of it).
inline constexpr double max_poisson_mean = 64.0;
// e^-x for 0 <= x <= max_poisson_mean, constexpr (std::exp is not constexpr in C++20): halved
// k times to at most 1/8, the series there (19 terms: below double precision), squared back k times.
constexpr double exp_minus(double x) {
  int k = 0;
  while (x > 0.125) {
    x /= 2.0;
    ++k;
  }
  double term = 1.0, sum = 1.0;
  for (int n = 1; n < 20; ++n) {
    term *= -x / n;
    sum += term;
  }
  for (; k > 0; --k) sum *= sum;
  return sum;
}

// A steady TTFT's terms without the front end and the queue (ttft_breakdown): the pass in flight
// and those planned ahead, the poll, the decode steps the prompt's chunks ride, its own passes,
// and disaggregated the decode worker's admission.
struct ttft_terms {
  double in_flight_us = 0, poll_us = 0, ride_us = 0, own_us = 0, admission_us = 0;
};
// The breakdown of a TTFT whose steady part has `terms`, the first round adding `first_round_us`
// and the front end `front_us` (wait_ms and transfer_ms are serve_result's own).
constexpr ttft_breakdown breakdown_of(const ttft_terms& terms, double first_round_us, double front_us) {
  return {front_us / 1e3, first_round_us / 1e3, terms.in_flight_us / 1e3, terms.poll_us / 1e3,
          terms.ride_us / 1e3, terms.own_us / 1e3, terms.admission_us / 1e3};
}

// The aggregated times of B running sequences, without the front end and the wait for a slot.
struct aggregated_times {
  double first_ttft_us = 0;   // the first round: B prompts arrive together
  double steady_ttft_us = 0;  // a prompt arriving alone while B - 1 sequences decode
  ttft_terms terms{};         // steady_ttft_us's
  double tpot_us = 0;
  double ceiling_tpot_us = 0;
  calib_source worst = calib_source::measured;
};

// `first_round`: false leaves first_ttft_us 0 (an open loop has no round of prompts arriving
// together), sparing its forward pass.
constexpr aggregated_times aggregated(const serve_setup& su, std::uint64_t b, bool first_round = true) {
  const serve_ctx& x = su.x;
  const load& l = x.l;
  const std::uint64_t budget = su.budget;
  const std::uint64_t pass_tokens = su.pass_tokens;
  aggregated_times out{};
  // Pipeline stages: the passes in flight (forward()), one a stage.
  const double pp_stages = su.pd.pp > 1 ? static_cast<double>(su.pd.pp) : 1.0;
  // The first round: B prompts at once, prefilled in steps of the token budget (chunked
  // prefill); prompt j's first token comes with the step that holds its last prompt token.
  const std::uint64_t fresh = l.new_tokens();
  const std::uint64_t total = b * fresh;
  const std::uint64_t full_steps = total / pass_tokens;
  const std::uint64_t rest = total % pass_tokens;
  const step_times full = full_steps != 0 && first_round ? su.full : step_times{};
  const step_times last = rest != 0 && first_round ? forward(x, su.pd, 0, 1, rest, su.whole) : step_times{};
  if (first_round) {
    // Pipeline stages take the passes in turn (forward()): pass k enters the first stage a
    // stage's time (a pass's walk / pp) after pass k - 1 and leaves the last pp of them later.
    const double tick_us = full.predicted_us / pp_stages;
    double sum_us = 0;
    for (std::uint64_t j = 0; j < b; ++j) {
      const std::uint64_t step = ((j + 1) * fresh - 1) / pass_tokens;  // the step holding prompt j's last token
      sum_us += step < full_steps ? (static_cast<double>(step) + pp_stages) * tick_us
                                  : static_cast<double>(full_steps) * tick_us + last.predicted_us;
    }
    out.first_ttft_us = sum_us / static_cast<double>(b);
  }
  // Steady state. Later prompts arrive as answers end, spread over the steps of the B - 1
  // sequences decoding: each rides ceil(ISL / budget) of them and adds its prefill kernels to
  // them (the engine's cost per step being the decode steps').
  const std::uint64_t others = b - 1;
  const std::uint64_t ctx = l.isl + l.osl / 2;
  const std::uint64_t chunks = div_up(fresh, budget);
  const std::uint64_t chunk_tokens = div_up(fresh, chunks);
  const step_times& part = su.part;
  const double n_chunks = static_cast<double>(chunks);
  // The others' decode step: none when the prompt is alone; else B - 1 sequences, taken as the
  // B of `tok` when that is one plain step (one sequence's attention apart, the same weights
  // stream; a search evaluates this for every concurrency). A prompt's chunk rides with those
  // decoding sequences (`riders`, below): their decode step is worked out once for both.
  const bool plain_step = x.dep.speculation.tokens == 0;
  const std::uint64_t riders = plain_step ? b : others;
  const step_prediction decoded = decode_of(x, su.pd, riders, ctx);
  const step_times tok = plain_step ? forward_with(x, su.pd, b, 0, su.whole, 0, decoded) : token_time(x, su.pd, b, 0, su.whole);
  const step_times plain = others == 0 ? forward(x, su.pd, 0, ctx, 0, su.whole)
                           : plain_step ? tok
                                        : forward_with(x, su.pd, others, 0, su.whole, 0, decoded);
  // A sequence sees the other B - 1 sequences' prompts in its decode steps: each slot starts
  // one every OSL - 1 + chunks steps, so a step carries (B - 1) / (OSL - 1 + chunks) of them.
  const double prompts_per_step = static_cast<double>(others) / (static_cast<double>(l.osl - 1) + n_chunks);
  // A scheduler that polls every N passes admits a prompt (N - 1) / 2 passes later on average,
  // and admits together every prompt that arrived since its last poll: they share one prefill
  // pass (SGLang's get_new_batch_prefill takes all the waiting requests the chunk budget
  // holds), so an eager pass's host time is paid once for them, not once a prompt. `window` is
  // the others' prompts a poll gathers (every pass: N = 1).
  const std::uint64_t poll = x.sf->poll_passes != nullptr ? headroom::detail::max<std::uint64_t>(1, x.sf->poll_passes(x.dep.engine)) : 1;
  const double polls = static_cast<double>(poll);
  const double window = prompts_per_step * polls;
  // The kernels m prompts' chunks add to a step. Where prompts ride the decode steps
  // (serving_facts::prompts_ride_decode_steps) one chunk adds what its rows add to the others'
  // step (`ride` less `plain`: the weights the decoding rows stream are streamed once, so a
  // short prompt's chunk on a busy step costs its compute, not a weight read of its own);
  // alone, or where prompts run in passes of their own, one chunk is its own pass (`part`). A
  // full pass, m_full = pass_tokens / chunk prompts (a budget on each scheduling rank), is read as a pass of its own
  // (`full`: at the budget's thousands of rows the kernels are compute-bound and the decoding
  // rows' weights a small part); linear between (m prompts batched in one pass), and whole
  // passes beyond.
  // Under pipeline stages where the decoding sequences travel as one batch (below), a prompt's
  // chunk goes in a pass of its own behind it.
  const bool rides = others != 0 && x.sf->prompts_ride_decode_steps != nullptr && x.sf->prompts_ride_decode_steps(x.dep.engine) &&
                     (pp_stages <= 1.0 || x.sf->pipeline_micro_batches);
  double one_us = part.kernels_us;
  if (rides) {
    const step_times ride = forward_with(x, su.pd, riders, chunk_tokens, su.whole, chunk_tokens, decoded);
    one_us = headroom::detail::max(0.0, ride.kernels_us - plain.kernels_us);
  }
  const double m_full = static_cast<double>(pass_tokens) / static_cast<double>(chunk_tokens);
  // The full pass between one chunk's cost and m_full of them (read where m_full > 1 only).
  const double full_us = headroom::detail::min(headroom::detail::max(su.full.kernels_us, one_us), one_us * m_full);
  const auto kernels_us = [&](double m) {
    if (m <= 1.0 || m_full <= 1.0) return m * one_us;
    if (m <= m_full) return one_us + (m - 1.0) * (full_us - one_us) / (m_full - 1.0);
    return m / m_full * full_us;
  };
  // A pass of m prompts' chunks: their kernels, and the host's issuing of them where the engine
  // runs a prompt pass eagerly (once for each pass the chunk budget holds, m / m_full of them, at
  // least one), or where the pass (its chunks and, riding, the decoding rows) outgrows the
  // largest CUDA graph (serve_ctx::issued_us).
  const double ride_rows = rides ? static_cast<double>(plain_step ? b : others) : 0.0;
  const double rank_shares = static_cast<double>(seq_shares(su.pd));
  // Riding, the issuing hides behind the whole pass's kernels, the decoding rows' with the chunks'.
  const double ride_base_us = rides ? plain.kernels_us : 0.0;
  const auto one_pass_us = [&](double m) {  // m <= m_full prompts' chunks in one pass
    const double rows = (ride_rows + headroom::detail::max(1.0, m) * static_cast<double>(chunk_tokens)) / rank_shares;
    const auto whole = static_cast<std::uint64_t>(rows);  // the pass's tokens a rank, rounded up
    const std::uint64_t tokens = whole + (rows > static_cast<double>(whole) ? 1 : 0);
    return x.issued_us(ride_base_us + kernels_us(m), x.prefill_host_us, tokens) - ride_base_us;
  };
  const auto pass_us = [&](double m) { return m <= m_full ? one_pass_us(m) : m / m_full * one_pass_us(m_full); };
  // Which others a poll gathers: answers of varied lengths (public benchmarks draw them at
  // random) end at random, so a poll gathers a Poisson number of the others' prompts, mean
  // `window`; a step carries their pass / N, and a prompt's own pass holds it and the others of
  // its poll. (Until 2026-12-06 a pass of m prompts cost m alone, and without host time the
  // mean stood for the distribution: right for a few long prompts a step, m times a weight read
  // for many short ones.)
  double e_others = 0, e_own = pass_us(1.0);
  if (window > max_poisson_mean) {  // concentrated at its mean: within 1 / sqrt(window) of it
    e_others = pass_us(window);
    e_own = pass_us(1.0 + window);
  } else if (window > 0) {
    double p = exp_minus(window);  // P(none)
    e_own = p * pass_us(1.0);
    // Past the mean the terms only shrink; stop once they fall below double precision's reach.
    for (double m = 1; m <= 4096 && (m <= window || p > 1e-16); m += 1.0) {
      p *= window / m;
      e_others += p * pass_us(m);
      e_own += p * pass_us(1.0 + m);
    }
  }
  // The others' prompts' walk a step carries. Under pipeline stages (forward()) a step is a
  // cycle in which each stage runs its layers once for every pass in flight:
  // - where the sequences are dealt out over pp micro-batches (SGLang), the prompts' passes
  //   take their turns among them, adding a stage's share of their walk, 1 / pp of it;
  // - where the decoding sequences travel as one batch (vLLM, TensorRT-LLM), the prompts' chunks
  //   go in the other pp - 1 passes in flight, through the stages the decoding batch has left:
  //   they cost nothing until their share of a stage outlasts the batch's, and then set the
  //   cycle, pp x max(batch's stage, prompts' stage) = max(walk, prompts' walk / (pp - 1)).
  const double prompts_walk_us = n_chunks * e_others / polls;
  const double own_us = n_chunks * e_own;
  if (pp_stages <= 1.0) {
    out.tpot_us = tok.predicted_us + prompts_walk_us;
  } else if (x.sf->pipeline_micro_batches) {
    out.tpot_us = tok.predicted_us + prompts_walk_us / pp_stages;
  } else {
    out.tpot_us = headroom::detail::max(tok.predicted_us, prompts_walk_us / (pp_stages - 1.0));
  }
  out.ceiling_tpot_us = tok.decode_ceiling_us;
  // A prompt waits for the step in flight (half of one, on average; none when it is alone), the
  // steps the engine has already scheduled behind it (serving_facts::steps_ahead: one under
  // vLLM's async scheduling and SGLang's and TensorRT-LLM's overlap schedulers, which plan
  // step n + 1 while step n runs) and the next poll, then its own steps: the others' decodes,
  // its prefill and the other prompts a step carries. Under pipeline stages the engine starts a
  // micro-batch's pass every stage's time, a step / pp: the pass it waits for is one of those.
  const double ahead = x.sf->steps_ahead != nullptr ? static_cast<double>(x.sf->steps_ahead(x.dep.engine)) : 0.0;
  const double pass_gap_us = out.tpot_us / pp_stages;
  const double in_flight_us = others != 0 ? (0.5 + ahead) * pass_gap_us : 0.0;
  const double poll_us = others != 0 ? (polls - 1.0) / 2.0 * pass_gap_us : 0.0;
  out.terms = {in_flight_us, poll_us, n_chunks * plain.predicted_us, own_us, 0.0};
  out.steady_ttft_us = in_flight_us + poll_us + out.terms.ride_us + own_us;
  out.worst = worse(worse(tok.worst, worse(full.worst, last.worst)), worse(part.worst, plain.worst));
  return out;
}

// The decode steps of one setup's decode side, by running batch, worked out once and read
// again (up to `capacity`; past that each is worked out anew). A disaggregated answer settles
// its decode batch in rounds (serve_at), and a search's answers at other client counts land on
// the batches an earlier one's rounds did: about a quarter of them in the README's search
// (Qwen3-32B on every device, 8 GPUs). One setup's: serve_ladder below binds the two.
struct decode_memo {
  static constexpr std::size_t capacity = 64;
  struct entry {
    std::uint64_t batch = 0;
    step_times t{};
  };
  std::array<entry, capacity> entries{};
  std::size_t n = 0;
  constexpr step_times at(const serve_setup& su, std::uint64_t batch) {
    for (std::size_t i = 0; i < n; ++i) {
      if (entries[i].batch == batch) return entries[i].t;
    }
    const step_times t = token_time(su.x, su.pd, batch, 0, su.whole);
    if (n < capacity) entries[n++] = {batch, t};
    return t;
  }
};

// serve_at(), the decode steps read from `memo` (that setup's) and kept there.
constexpr serve_result serve_at_kept(const serve_setup& su, std::uint64_t clients_total, decode_memo& memo);

}  // namespace detail

/// What a million output tokens cost at `usd_per_gpu_hour` dollars a GPU-hour (a price the caller
/// names: a cloud's rate, an amortized purchase): the run's GPUs' price an hour over the tokens they
/// emit in one, tokens_per_s_per_gpu x 3,600; 0 where the run emits none.
constexpr double usd_per_million_tokens(const serve_result& r, double usd_per_gpu_hour) {
  return r.tokens_per_s_per_gpu > 0 ? usd_per_gpu_hour * 1e6 / (r.tokens_per_s_per_gpu * 3600.0) : 0.0;
}

/// The serving answer of `clients` clients on a setup.
constexpr serve_result serve_at(const serve_setup& su, std::uint64_t clients_total) {
  detail::decode_memo memo{};
  return detail::serve_at_kept(su, clients_total, memo);
}

/// One setup's answers at many client counts, as serve_at() gives them, the decode steps one
/// answer works out kept for the next (detail::decode_memo): what a search over the counts
/// uses. It holds the setup by reference: the setup outlives it.
class serve_ladder {
 public:
  constexpr explicit serve_ladder(const serve_setup& su) : su_(&su) {}
  serve_ladder(const serve_setup&&) = delete;  // a setup about to end would leave it reading nothing
  constexpr serve_result at(std::uint64_t clients) { return detail::serve_at_kept(*su_, clients, memo_); }
  [[nodiscard]] constexpr const serve_setup& setup() const { return *su_; }

 private:
  const serve_setup* su_;
  detail::decode_memo memo_{};
};

constexpr serve_result detail::serve_at_kept(const serve_setup& su, std::uint64_t clients_total, decode_memo& memo) {
  serve_result out = su.base;
  out.concurrency = clients_total;
  if (!out.fits) return out;
  if (clients_total == 0) {
    if (std::is_constant_evaluated()) detail::serve_isl_osl_and_concurrency_must_be_positive();
    detail::bad_deployment_at_run_time("serve: concurrency must be at least 1");
  }
  const detail::serve_ctx& x = su.x;
  const load& l = x.l;
  const disaggregation& dis = su.dis;
  // The instances the clients are dealt out over (decode workers, or the engine's replicas),
  // the busiest holding ceil(N / instances) of them; an instance's own ranks that schedule
  // their own sequences (data parallel, DP attention: seq_shares) each take their share.
  const std::uint64_t instances = dis.on() ? dis.decode_workers : su.replicas;
  const std::uint64_t clients = detail::div_up(clients_total, instances);
  const std::uint64_t per_rank = rank_seqs(clients, su.pd);
  // A step carries at most the token budget. In steady state each slot starts a prompt every
  // OSL - 1 + c steps (c: its chunks), so B - 1 others bring (B - 1) / (OSL - 1 + c) prompts of
  // ISL tokens a step (aggregated(): prompts_per_step); the budget holds budget / ISL of them,
  // so at most budget x (OSL - 1 + c) / ISL + 1 sequences run, and prompts beyond queue. It
  // binds for short answers (128-token prompts for 4-token answers: 257 sequences at a budget of
  // 8,192), not for the usual hundreds of answer tokens.
  const std::uint64_t budget_seqs = dis.on() ? UINT64_MAX : out.budget_seqs;
  const std::uint64_t b_rank = headroom::detail::min({per_rank, out.batch_pool_seqs, su.cap, budget_seqs});
  // The instance's batch, over all its scheduling ranks (forward() deals it out again). Until
  // 2026-12-07 a plan with dp > 1 and no DP attention ran one rank's batch as the whole
  // instance's: 64 clients on vLLM's 8 data-parallel ranks ran 8 sequences, the rest queued.
  const std::uint64_t b = headroom::detail::min(clients, checked_mul(b_rank, seq_shares(su.pd)));
  out.running_batch = b;
  out.batch_limit = checked_mul(headroom::detail::min({out.batch_pool_seqs, su.cap, budget_seqs}), seq_shares(su.pd));
  const double osl_steps = static_cast<double>(l.osl - 1);
  calib_source worst = out.calibration;

  if (!dis.on()) {
    const detail::aggregated_times t = detail::aggregated(su, b);
    worst = detail::worse(worst, t.worst);
    // The measured run: each client's first request arrives with everyone's (the first round),
    // the rest one by one as answers end (steady state); TTFT is the mean over all of them.
    const double r = static_cast<double>(l.requests_per_client);
    const double ttft_us = l.requests_per_client == 0 ? t.steady_ttft_us
                                                      : (t.first_ttft_us + (r - 1.0) * t.steady_ttft_us) / r;
    // B slots serve N > B clients: a slot turns one request over every service (its TTFT
    // without the wait, then OSL - 1 tokens), so in steady state a client waits N / B - 1
    // services for a slot (the queue holds the other N - B). The first round is a queue being
    // drained, not one being refilled: of N prompts arriving together, the k-th B wait k
    // services, (B x q (q - 1) / 2 + s x q) / N on average for N = q B + s (half the steady
    // wait when B divides N). TTFT is the mean over the run's requests, first and later. N is
    // the instance's clients (a replica's share).
    const double n = static_cast<double>(clients);
    const double waits = clients > b ? n / static_cast<double>(b) - 1.0 : 0.0;
    const std::uint64_t q = clients / b, s = clients % b;
    const double first_waits =
        (static_cast<double>(b) * static_cast<double>(q) * (static_cast<double>(q) - 1.0) / 2.0 +
         static_cast<double>(s) * static_cast<double>(q)) / n;
    const double run_waits = l.requests_per_client == 0 ? waits : (first_waits + (r - 1.0) * waits) / r;
    const double service_us = ttft_us + osl_steps * t.tpot_us;
    const double wait_us = run_waits * service_us;
    out.tpot_ms = t.tpot_us / 1e3;
    out.ceiling_tpot_ms = t.ceiling_tpot_us / 1e3;
    out.wait_ms = wait_us / 1e3;
    out.ttft_ms = (wait_us + ttft_us) / 1e3;
    out.ttft_parts = detail::breakdown_of(t.terms, l.requests_per_client == 0 ? 0.0 : (t.first_ttft_us - t.steady_ttft_us) / r, 0.0);
    out.ttft_steady_ms = (waits * (t.steady_ttft_us + osl_steps * t.tpot_us) + t.steady_ttft_us) / 1e3;
    // The slots stay full the whole run, the first round's queue included: a client's cycle is
    // the steady one, N / B services.
    out.cycle_ms = (waits * service_us + service_us) / 1e3;
  } else {
    // Decode workers: pure decode steps of up to b sequences each (`at_b`: their capacity).
    const detail::step_times at_b = memo.at(su, b);
    detail::step_times tok = at_b;
    std::uint64_t b_run = b;
    // Prefill workers: whole prompts batched up to the token budget, a budget for each rank
    // that schedules its own prompts (under DP attention every TP rank does), fewer where fewer
    // clients send them.
    const std::uint64_t per_batch = headroom::detail::min<std::uint64_t>(su.prompts_batch, headroom::detail::max<std::uint64_t>(1, clients_total));
    const detail::step_times& pf1 = su.one_prompt;
    const detail::step_times pf = per_batch == su.prompts_batch ? su.prompts_pass
                                  : per_batch == 1             ? pf1
                                                               : detail::forward(x, su.pp, 0, 1, per_batch * l.new_tokens(), su.whole);
    // A pass of k prompts, between one prompt's and the full pass's: T(k) = T(1) + (k - 1) slope.
    const double slope = per_batch > 1 ? (pf.predicted_us - pf1.predicted_us) / static_cast<double>(per_batch - 1) : 0.0;
    const auto pass_us = [&](double k) { return pf1.predicted_us + (k - 1.0) * slope; };
    const double xfer_us = su.transfer_us;
    worst = detail::worse(worst, detail::worse(at_b.worst, detail::worse(pf.worst, pf1.worst)));
    const double n = static_cast<double>(clients_total);
    const double workers = static_cast<double>(dis.prefill_workers);
    const double rate_prefill = workers * static_cast<double>(per_batch) / pf.predicted_us;
    const double rate_decode =
        osl_steps > 0 ? static_cast<double>(dis.decode_workers * b) / (osl_steps * at_b.predicted_us) : rate_prefill;
    // Steady state: a prefill worker's pass takes the prompts that arrived during the one before
    // (k = lambda x T(k), at most the full pass); a prompt waits for the pass in flight (half of
    // one, as often as the worker is busy), then its own. The request rate is the smallest of
    // the clients' closed loop, the prefill workers' and the decode workers'; the queue the
    // slowest imposes is the wait. The decode workers hold what the rate brings them for as
    // long as an answer takes (Little's law), at most b each: fewer than the clients where the
    // prefill side or the queue keeps the rest. A few rounds settle the loop (the rate moves
    // TTFT and the decode batch, which move the closed loop's rate).
    double own_us = pf1.predicted_us + xfer_us, rate = 0, wait_us = 0;
    detail::ttft_terms terms{};  // own_us's terms (the transfer apart)
    for (int round = 0; round < 4; ++round) {
      const double decode_us = osl_steps * tok.predicted_us;
      const double r0 = own_us + decode_us;  // one request, no wait
      rate = headroom::detail::min({n / r0, rate_prefill, rate_decode});
      const double lambda = rate / workers;
      const double room = 1.0 - lambda * slope;
      double k = room > 0 ? lambda * (pf1.predicted_us - slope) / room : static_cast<double>(per_batch);
      k = k < 1 ? 1 : k > static_cast<double>(per_batch) ? static_cast<double>(per_batch) : k;
      const double t_k = pass_us(k);
      const double busy = lambda * t_k / k < 1 ? lambda * t_k / k : 1.0;
      // The decode worker admits a request between its steps (serving_facts::disagg_admit_steps)
      // when it is decoding others.
      terms = {busy * t_k / 2, 0.0, 0.0, t_k, b_run > 1 ? x.sf->disagg_admit_steps * tok.predicted_us : 0.0};
      own_us = terms.in_flight_us + terms.own_us + xfer_us + terms.admission_us;
      wait_us = n / rate - (own_us + decode_us) > 0 ? n / rate - (own_us + decode_us) : 0.0;
      if (osl_steps > 0) {
        const double held = rate * decode_us / static_cast<double>(dis.decode_workers);
        std::uint64_t b_next = held >= static_cast<double>(b) ? b : static_cast<std::uint64_t>(held);
        if (b_next < b && static_cast<double>(b_next) < held - 1e-9) ++b_next;  // rounded up
        if (b_next == 0) b_next = 1;
        if (b_next != b_run) {
          b_run = b_next;
          tok = memo.at(su, b_run);
          worst = detail::worse(worst, tok.worst);
        }
      }
    }
    out.running_batch = b_run;
    // The measured run's first round: every client's first prompt at once, a worker's share in
    // full passes of per_batch prompts; prompt j has its first token after pass j / per_batch + 1.
    const std::uint64_t share = detail::div_up(clients_total, dis.prefill_workers);
    const std::uint64_t full = share / per_batch, rest = share % per_batch;
    const double first_us = (static_cast<double>(per_batch) * pf.predicted_us * static_cast<double>(full) *
                                 static_cast<double>(full + 1) / 2.0 +
                             static_cast<double>(rest) * (static_cast<double>(full) * pf.predicted_us +
                                                          pass_us(static_cast<double>(rest)))) /
                                static_cast<double>(share) +
                            xfer_us;
    const double steady_us = wait_us + own_us;
    const double r = static_cast<double>(l.requests_per_client);
    out.tpot_ms = tok.predicted_us / 1e3;
    out.ceiling_tpot_ms = tok.decode_ceiling_us / 1e3;
    out.transfer_ms = xfer_us / 1e3;
    out.wait_ms = wait_us / 1e3;
    out.ttft_steady_ms = steady_us / 1e3;
    out.ttft_ms = (l.requests_per_client == 0 ? steady_us : (first_us + (r - 1.0) * steady_us) / r) / 1e3;
    out.ttft_parts = detail::breakdown_of(terms, l.requests_per_client == 0 ? 0.0 : (first_us - steady_us) / r, 0.0);
    out.cycle_ms = n / rate / 1e3;
  }
  // The front end (HTTP, tokenization, admission) before the engine sees the prompt: on the
  // first token's path, and once per request in a client's cycle.
  const double front_ms = x.sf->request_us(l.isl) / 1e3;
  out.ttft_ms += front_ms;
  out.ttft_parts.front_end_ms = front_ms;
  out.ttft_steady_ms += front_ms;
  out.cycle_ms += front_ms;
  out.e2e_ms = out.ttft_ms + osl_steps * out.tpot_ms;
  // A closed loop: each client has one request in flight, one every cycle.
  out.tokens_per_s = static_cast<double>(clients_total) * static_cast<double>(l.osl) / (out.cycle_ms / 1e3);
  out.tokens_per_s_per_gpu = out.tokens_per_s / static_cast<double>(out.gpus);
  out.tokens_per_s_per_user = out.tpot_ms > 0 ? 1e3 / out.tpot_ms : 0;
  out.calibration = worst;
  return out;
}

namespace detail {

// The probability that a request arriving at random finds all `c` slots busy, `a` the mean
// number busy (the offered load, a < c): Erlang's C formula, from his B formula's recursion
// B(0) = 1, B(k) = a B(k - 1) / (k + a B(k - 1)), which stays within [0, 1] at any c.
constexpr double erlang_c(std::uint64_t c, double a) {
  if (a <= 0) return 0.0;
  double b = 1.0;
  for (std::uint64_t k = 1; k <= c; ++k) b = a * b / (static_cast<double>(k) + a * b);
  const double cd = static_cast<double>(c);
  return cd * b / (cd - a * (1.0 - b));
}

// A request's time in the running batch at B sequences: its TTFT without the wait for a slot,
// then OSL - 1 decode steps.
constexpr double service_us(const aggregated_times& t, std::uint64_t osl) {
  return t.steady_ttft_us + static_cast<double>(osl - 1) * t.tpot_us;
}

// An open loop's times at B sequences in an instance's batch (a decode worker's when
// disaggregated): a request's time there (S), the steady TTFT without the wait (aggregated), the
// step.
struct rate_times {
  double service_us = 0, steady_ttft_us = 0, tpot_us = 0, ceiling_tpot_us = 0;
  calib_source worst = calib_source::measured;
  ttft_terms terms{};  // steady_ttft_us's (aggregated)
};
constexpr rate_times rate_times_at(const serve_setup& su, std::uint64_t b) {
  const serve_ctx& x = su.x;
  if (su.dis.on()) {
    const step_times tok = token_time(x, su.pd, b, 0, su.whole);
    return {static_cast<double>(x.l.osl - 1) * tok.predicted_us, 0.0, tok.predicted_us, tok.decode_ceiling_us, tok.worst};
  }
  const aggregated_times a = aggregated(su, b, false);
  return {service_us(a, x.l.osl), a.steady_ttft_us, a.tpot_us, a.ceiling_tpot_us, a.worst, a.terms};
}

// What an open loop's answer at any rate shares: the largest batch of an instance (B_max), its
// times there, the capacity, and the prefill workers' passes when disaggregated.
struct rate_setup {
  std::uint64_t b_max = 1;
  rate_times full{};
  double capacity_per_us = 0;  // requests a microsecond the deployment serves at most
  double instances = 1;        // decode workers sharing the rate (1 aggregated)
  // Disaggregated: a prefill worker's pass of one prompt and of the full budget (k_full prompts).
  double pf1_us = 0, slope_us = 0, k_full = 1, workers = 1;
  calib_source worst = calib_source::measured;
};
constexpr rate_setup setup_rate(const serve_setup& su) {
  rate_setup rs{};
  const serve_result& base = su.base;
  const disaggregation& dis = su.dis;
  // Every rank that schedules its own sequences (data parallel, DP attention) holds b_rank.
  const std::uint64_t b_rank = dis.on() ? headroom::detail::min(base.batch_pool_seqs, su.cap)
                                        : headroom::detail::min({base.batch_pool_seqs, su.cap, base.budget_seqs});
  rs.b_max = headroom::detail::max<std::uint64_t>(1, checked_mul(b_rank, seq_shares(su.pd)));
  rs.full = rate_times_at(su, rs.b_max);
  rs.worst = worse(base.calibration, rs.full.worst);
  rs.instances = static_cast<double>(dis.on() ? dis.decode_workers : su.replicas);
  rs.capacity_per_us = rs.full.service_us > 0 ? static_cast<double>(rs.b_max) / rs.full.service_us * rs.instances : 1e300;
  if (dis.on()) {
    const std::uint64_t per_batch = su.prompts_batch;
    const step_times& pf1 = su.one_prompt;
    const step_times& pf = su.prompts_pass;
    rs.worst = worse(rs.worst, worse(pf.worst, pf1.worst));
    rs.pf1_us = pf1.predicted_us;
    rs.slope_us = per_batch > 1 ? (pf.predicted_us - pf1.predicted_us) / static_cast<double>(per_batch - 1) : 0.0;
    rs.k_full = static_cast<double>(per_batch);
    rs.workers = static_cast<double>(dis.prefill_workers);
    rs.capacity_per_us = headroom::detail::min(rs.capacity_per_us, rs.workers * rs.k_full / pf.predicted_us);
  }
  return rs;
}

// The answer at `rate_per_s` with `b` sequences in an instance's batch (`t` its times), or
// saturated when the rate reaches the capacity (b and t then not read).
constexpr serve_result rate_answer(const serve_setup& su, const rate_setup& rs, double rate_per_s, std::uint64_t b,
                                   const rate_times& t) {
  serve_result out = su.base;
  out.concurrency = 0;
  out.request_rate = rate_per_s;
  if (!out.fits) return out;
  const serve_ctx& x = su.x;
  const load& l = x.l;
  const double lambda = rate_per_s / 1e6;  // requests a microsecond
  const double osl_steps = static_cast<double>(l.osl - 1);
  out.slots = rs.b_max;
  out.capacity_rps = rs.capacity_per_us * 1e6;
  out.transfer_ms = su.transfer_us / 1e3;
  calib_source worst = rs.worst;
  if (lambda >= rs.capacity_per_us) {
    // Saturated: the slowest side full, the queue growing for as long as the run lasts.
    constexpr double inf = std::numeric_limits<double>::infinity();
    out.saturated = true;
    out.running_batch = rs.b_max;
    out.tpot_ms = rs.full.tpot_us / 1e3;
    out.ceiling_tpot_ms = rs.full.ceiling_tpot_us / 1e3;
    out.ttft_ms = out.ttft_steady_ms = out.e2e_ms = out.cycle_ms = out.wait_ms = inf;
    out.tokens_per_s = out.capacity_rps * static_cast<double>(l.osl);
  } else {
    worst = worse(worst, t.worst);
    // A request finds every slot of its instance taken with Erlang's C probability.
    const double busy = lambda / rs.instances * t.service_us;
    const double slots = static_cast<double>(rs.b_max);
    const double wait_us = busy < slots ? erlang_c(rs.b_max, busy) / (slots - busy) * t.service_us / 2.0 : 0.0;
    double first_us = t.steady_ttft_us;
    ttft_terms terms = t.terms;
    if (su.dis.on()) {
      // A prefill worker's pass takes the prompts that arrived during the one before:
      // k = lambda_w x T(k), at most the full pass; a prompt waits for the pass in flight (half
      // of one, as often as the worker is busy), then its own, then crosses the link.
      const double lambda_w = lambda / rs.workers;
      const double room = 1.0 - lambda_w * rs.slope_us;
      double k = room > 0 ? lambda_w * (rs.pf1_us - rs.slope_us) / room : rs.k_full;
      k = k < 1 ? 1 : k > rs.k_full ? rs.k_full : k;
      const double t_k = rs.pf1_us + (k - 1.0) * rs.slope_us;
      const double on = lambda_w * t_k / k < 1 ? lambda_w * t_k / k : 1.0;
      first_us = on * t_k / 2 + t_k + su.transfer_us;
      terms = {on * t_k / 2, 0.0, 0.0, t_k, 0.0};
    }
    out.running_batch = b;
    out.tpot_ms = t.tpot_us / 1e3;
    out.ceiling_tpot_ms = t.ceiling_tpot_us / 1e3;
    out.wait_ms = wait_us / 1e3;
    out.ttft_ms = out.ttft_steady_ms = (wait_us + first_us + x.sf->request_us(l.isl)) / 1e3;
    out.ttft_parts = breakdown_of(terms, 0.0, x.sf->request_us(l.isl));
    out.e2e_ms = out.ttft_ms + osl_steps * out.tpot_ms;
    out.cycle_ms = out.e2e_ms;
    out.tokens_per_s = rate_per_s * static_cast<double>(l.osl);
    // The requests in flight on average (Little's law): the concurrency a closed loop would hold.
    out.concurrency = static_cast<std::uint64_t>(rate_per_s * out.e2e_ms / 1e3 + 0.5);
  }
  out.tokens_per_s_per_gpu = out.tokens_per_s / static_cast<double>(out.gpus);
  out.tokens_per_s_per_user = out.tpot_ms > 0 ? 1e3 / out.tpot_ms : 0;
  out.calibration = worst;
  return out;
}

// The smallest B whose batch the rate keeps, rate / instances x S(B) <= B, and its times: a
// batch of B holds from there on (S(B) / B falls as B grows: the step's weights are read once
// for the whole batch), and none below rate x S(1) is kept (S only grows with B). `hi` is a B
// known kept (B_max below the capacity) with its times `hi_t`. A safeguarded secant on
// rate x S(B) - B (detail/crossing.hpp): a few evaluations of S where a bisection over 1 to
// B_max takes a dozen (and a build's constant evaluation pays for each one).
struct kept_batch {
  std::uint64_t b = 1;
  rate_times t{};
};
constexpr kept_batch batch_kept(const serve_setup& su, const rate_setup& rs, double rate_per_s, std::uint64_t hi,
                                const rate_times& hi_t, const rate_times* known_t1 = nullptr) {
  const double lambda_i = rate_per_s / 1e6 / rs.instances;
  const auto excess = [&](std::uint64_t b, const rate_times& t) { return lambda_i * t.service_us - static_cast<double>(b); };
  kept_batch best{hi, hi_t};
  if (hi <= 1) return best;
  const rate_times t1 = known_t1 != nullptr ? *known_t1 : rate_times_at(su, 1);  // a caller may know S(1)
  if (excess(1, t1) <= 0) return {1, t1};
  const double below = lambda_i * t1.service_us;  // no batch under rate x S(1) is kept
  const std::uint64_t lo =
      below >= static_cast<double>(hi) ? hi : headroom::detail::max<std::uint64_t>(2, static_cast<std::uint64_t>(below));
  return first_at_most_zero<kept_batch>(lo, hi, {best, excess(hi, hi_t)}, 1.0, excess(1, t1), [&](std::uint64_t c) {
    const rate_times t = rate_times_at(su, c);
    return valued<kept_batch>{{c, t}, excess(c, t)};
  });
}

}  // namespace detail

/// The serving answer of an open loop: requests arriving at random (a Poisson process) at
/// `rate_per_s` a second (docs/serving.md, "An open loop"). Aggregated: the running batch B is
/// what the rate keeps there (Little's law), the smallest B with rate x S(B) <= B, S(B) a
/// request's time in the batch at B sequences, up to the largest batch the pool, the
/// scheduler's cap and the token budget allow (B_max). At or above B_max / S(B_max) requests a
/// second the queue grows without bound (`saturated`). Below, a request finds every slot taken
/// with Erlang's C probability for B_max slots and rate x S(B) busy, and then waits
/// C / (B_max - rate x S) services, halved: requests of one length leave the batch at regular
/// times, not at random (the M/D/c queue waits about half as long as M/M/c, Allen-Cunneen's
/// (1 + Cs^2) / 2 with Cs = 0). Disaggregated: each prefill worker batches the prompts that
/// arrived during its pass before (as in the closed loop), each decode worker holds rate / D x
/// (OSL - 1) x TPOT sequences (the same fixed point, its slots' Erlang wait added); the capacity
/// is the smaller of the prefill workers' full passes and the decode workers' full batches.
constexpr serve_result serve_rate_at(const serve_setup& su, double rate_per_s) {
  if (!(rate_per_s > 0) || rate_per_s > 1e9) {
    if (std::is_constant_evaluated()) detail::serve_request_rate_must_be_positive();
    detail::bad_deployment_at_run_time("serve: a request rate must be positive and at most 10^9 a second");
  }
  if (!su.base.fits) {
    serve_result out = su.base;
    out.concurrency = 0;
    out.request_rate = rate_per_s;
    return out;
  }
  const detail::rate_setup rs = detail::setup_rate(su);
  if (rate_per_s / 1e6 >= rs.capacity_per_us) return detail::rate_answer(su, rs, rate_per_s, rs.b_max, rs.full);
  const detail::kept_batch k = detail::batch_kept(su, rs, rate_per_s, rs.b_max, rs.full);
  return detail::rate_answer(su, rs, rate_per_s, k.b, k.t);
}

/// Where one decode step's time goes: a step of `batch` sequences (a run's `running_batch`: an
/// instance's, a decode worker's when disaggregated; under pipeline stages the walk of one
/// micro-batch of them, ceil(batch / pp)) at the load's mean context ISL + OSL / 2,
/// as serve costs it, by cost class (cost_class.hpp, in its order). Predicted and ceiling
/// times in us; `predicted_us` = sum(class_predicted_us) - overlap_us + collectives_predicted_us
/// + host_us + step_cost_us, the plain decode step serve's TPOT starts from (TPOT adds the
/// prompts' prefill passes the step carries; with speculative decoding TPOT is the verify and
/// draft steps over the acceptance length instead).
struct decode_breakdown {
  std::uint64_t batch = 0;
  std::uint64_t context = 0;
  std::array<double, all_cost_classes.size()> class_ceiling_us{};
  std::array<double, all_cost_classes.size()> class_predicted_us{};
  double overlap_us = 0;  ///< what a second stream hides of the classes' sum (a shared expert's path)
  double collectives_ceiling_us = 0, collectives_predicted_us = 0;  ///< the plan's all-reduces, gathers, all-to-alls
  double host_us = 0;       ///< an eager decode pass's host time (vLLM --enforce-eager; 0 where decode is graphed)
  double step_cost_us = 0;  ///< the engine's fixed cost per forward pass (serving_facts::step_overhead_us)
  double ceiling_us = 0, predicted_us = 0;
  calib_source worst = calib_source::measured;
  /// Under expert parallelism (EP > 1, a model with routed experts): the experts a MoE layer's
  /// busiest rank is expected to read at this batch, and the mean rank's (ep_busiest_share
  /// times the mean: what the routed experts' prediction waits for). 0 without EP.
  double busiest_rank_experts = 0, mean_rank_experts = 0;
  /// What the latent attention module measured whole adds to its nodes' sum
  /// (step_prediction::module_floor_us): already in the classes and the step.
  double module_floor_us = 0;
};

constexpr decode_breakdown decode_step_breakdown(const serve_setup& su, std::uint64_t batch) {
  decode_breakdown out{};
  if (!su.base.fits || batch == 0) return out;
  const detail::serve_ctx& x = su.x;
  const parallel p = attention_dp_layout(su.pd, x.dep.engine);  // the layout the engine runs (forward())
  const std::uint64_t ctx = x.l.isl + x.l.osl / 2;
  const std::uint64_t mb = detail::micro_batch(batch, p, *x.sf);  // pipeline stages walk one micro-batch (forward())
  const step_estimate e = decode_step(*x.m, *x.d, *x.r, mb, ctx, x.dep.settings, p, *x.facts);
  const step_prediction sp = predict(*x.m, x.r->r, e, step_pass::decode, mb, mb, ctx, p, x.dep.settings.kv, *x.cs);
  out.batch = batch;
  out.context = ctx;
  out.class_ceiling_us = sp.class_ceiling_us;
  out.class_predicted_us = sp.class_predicted_us;
  out.overlap_us = sp.overlap_us;
  out.collectives_ceiling_us = sp.link_ceiling_us;
  out.collectives_predicted_us = sp.link_predicted_us;
  out.host_us = x.decode_host_us;
  out.step_cost_us = x.sf->step_overhead_us;
  out.ceiling_us = sp.ceiling_us;
  out.predicted_us = sp.predicted_us + out.host_us + out.step_cost_us;
  out.worst = sp.worst;
  out.module_floor_us = sp.module_floor_us;
  if (p.ep > 1) {
    for (std::size_t ni = 0; ni < x.m->c.n_nodes; ++ni) {
      const node& n = x.m->c.nodes[ni];
      if (!is_routed_expert(n.kind)) continue;
      // As predict() reads it (prediction.hpp).
      const std::uint64_t slots = expert_slots(n, p);
      const detail::expert_grouping g = detail::grouping_under(n, slots);
      out.mean_rank_experts = detail::mean_rank_experts(slots, n.top_k, mb, p.ep, static_cast<double>(e.fused_experts));
      out.busiest_rank_experts = ep_busiest_share(slots, n.top_k, mb, p.ep, g.groups, g.top_groups) * out.mean_rank_experts;
      break;
    }
  }
  return out;
}

/// The serving answer for load `l` on deployment `dep` (its engine, plan, settings and
/// speculation), aggregated unless `dis` names workers.
constexpr serve_result serve(const model& m, const device& d, const device_roofline& r, const deployment& dep,
                             const load& l, const exec_facts& facts, const calibration_set& cs,
                             const serving_facts& sf, const disaggregation& dis = {}) {
  const serve_setup su = setup_serving(m, d, r, dep, l, facts, cs, sf, dis);
  return l.request_rate != 0 ? serve_rate_at(su, l.request_rate) : serve_at(su, l.concurrency);
}

}  // namespace headroom
