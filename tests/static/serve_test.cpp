// SPDX-License-Identifier: MIT
// The serving model at compile time (serve.hpp, sla.hpp): the structure it must keep, pinned with
// hand arithmetic -- never a fitted constant restated.
#include <cstdint>

#include <headroom/devices/nvidia_hopper.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_next_80b_a3b_instruct.hpp>
#include <headroom/engines/serving_facts.hpp>
#include <headroom/sla.hpp>

namespace headroom_static_serve_test {

namespace {
using namespace headroom;

constexpr bool near(double a, double b, double rel) { return (a > b ? a - b : b - a) <= rel * (b > 0 ? b : -b); }

// Where each engine runs, as its own rules say (engine_rules::vendors): TensorRT-LLM on NVIDIA
// GPUs only; SGLang on NVIDIA and AMD; vLLM on those, Intel and Google (TPU) too, not Apple;
// llama.cpp anywhere; a datasheet that names no vendor is not refused.
static_assert(engines::runs_on(engine_kind::trtllm, "NVIDIA") && !engines::runs_on(engine_kind::trtllm, "AMD"));
static_assert(engines::runs_on(engine_kind::sglang, "AMD") && !engines::runs_on(engine_kind::sglang, "Google"));
static_assert(engines::runs_on(engine_kind::vllm, "Google") && !engines::runs_on(engine_kind::vllm, "Apple"));
static_assert(engines::runs_on(engine_kind::llama_cpp, "Apple") && engines::runs_on(engine_kind::trtllm, ""));

// A short load: the ceilings are lower bounds of the predictions; the pool is far larger than 4.
constexpr load short_load{.isl = 1000, .osl = 100, .concurrency = 4};
constexpr serve_result agg = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, short_load);
static_assert(agg.fits && agg.running_batch == 4 && agg.wait_ms == 0);
static_assert(agg.ceiling_tpot_ms <= agg.tpot_ms && agg.ceiling_ttft_ms <= agg.ttft_ms);
// A closed loop: every client has one request in flight, one every cycle; a request's E2E is
// its TTFT and 99 more tokens, within its cycle (the round waits for its last prompt).
static_assert(near(agg.e2e_ms, agg.ttft_ms + 99 * agg.tpot_ms, 1e-12));
static_assert(near(agg.tokens_per_s, 4 * 100 / (agg.cycle_ms / 1e3), 1e-12) && agg.e2e_ms <= agg.cycle_ms * (1 + 1e-12));
static_assert(near(agg.tokens_per_s_per_user, 1e3 / agg.tpot_ms, 1e-12));
static_assert(agg.gpus == 1 && agg.tokens_per_s_per_gpu == agg.tokens_per_s);

// Data parallel, in a constant expression as at run time: SGLang runs two replicas of the
// one-GPU plan, each serving two of four clients (its batch and times one replica's, at half the
// deployment's tokens a second); vLLM's two data-parallel ranks run one batch of four over them.
constexpr deployment sgl_dp2{.engine = as_allocated(engine{.kind = engine_kind::sglang}), .parallel = {.dp = 2}};
constexpr deployment sgl_one{.engine = sgl_dp2.engine};
constexpr serve_result sgl_two = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, sgl_dp2, short_load);
constexpr serve_result sgl_half =
    serve(models::llama_3_1_8b_instruct, devices::h100_sxm, sgl_one, {.isl = 1000, .osl = 100, .concurrency = 2});
static_assert(sgl_two.fits && sgl_two.gpus == 2 && sgl_two.running_batch == 2);
static_assert(sgl_two.tpot_ms == sgl_half.tpot_ms && sgl_two.ttft_ms == sgl_half.ttft_ms);
static_assert(near(sgl_two.tokens_per_s, 2 * sgl_half.tokens_per_s, 1e-12));
constexpr serve_result vllm_two = serve(models::llama_3_1_8b_instruct, devices::h100_sxm,
                                        {.engine = as_allocated(engine{.kind = engine_kind::vllm}), .parallel = {.dp = 2}},
                                        short_load);
static_assert(vllm_two.fits && vllm_two.running_batch == 4 && vllm_two.wait_ms == 0);

// Disaggregated, one prefill and one decode worker of one H100 each: the prompt's KV crosses the
// scale-out link. Llama-3.1-8B holds 32 layers x 8 KV heads x 128 x (K and V) x 2 bytes =
// 131,072 bytes a token (config.json: num_hidden_layers 32, num_key_value_heads 8, head_dim 128),
// so 1,000 prompt tokens are 131,072,000 bytes; the H100 HGX board's ConnectX-7 moves 400 Gb/s
// = 50 GB/s per GPU, plus 2 us a hop: 131,072,000 / 50e9 s = 2,621.44 us + 2 us = 2.62344 ms.
constexpr serve_result dis =
    serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, short_load, disaggregation{1, 1, 1, 1});
static_assert(dis.fits && dis.gpus == 2);
static_assert(near(dis.transfer_ms, 2.62344, 1e-12));
static_assert(dis.ttft_ms > dis.transfer_ms);
// A cached prefix (load::prefix): of each 1,000-token prompt the first 900 are in the engine's
// prefix cache, so the prompt's prefill computes 100 tokens that attend over all 1,000. Each
// sequence still holds its whole KV and decodes at the same context: the pool and the decode
// ceiling are the uncached load's; the first token comes sooner. Disaggregated, only the 100 new
// tokens' KV crosses the link: 100 x 131,072 = 13,107,200 bytes / 50e9 s = 262.144 us + 2 us.
constexpr load cached_load{.isl = 1000, .osl = 100, .concurrency = 4, .prefix = 900};
constexpr serve_result cached = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, cached_load);
static_assert(cached.fits && cached.pool_seqs == agg.pool_seqs && cached.running_batch == 4);
static_assert(cached.ceiling_tpot_ms == agg.ceiling_tpot_ms);
static_assert(cached.ceiling_ttft_ms < agg.ceiling_ttft_ms && cached.ttft_ms < agg.ttft_ms);
static_assert(cached.ceiling_ttft_ms <= cached.ttft_ms && cached.ceiling_tpot_ms <= cached.tpot_ms);
constexpr serve_result dis_cached =
    serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, cached_load, disaggregation{1, 1, 1, 1});
static_assert(near(dis_cached.transfer_ms, 0.264144, 1e-12));
// The 100 new tokens' attention over the 900 cached ones, at the estimate: each layer's scores
// and weighted sum, 2 x 100 rows x 900 tokens x (4,096 query + 4,096 output wide) = 1,474,560,000
// FLOPs more than 100 tokens alone, x 32 layers = 47,185,920,000; and it reads the 900 tokens' K
// and V, 900 x 8 KV heads x 128 x 2 x 2 bytes = 3,686,400 bytes a layer, 117,964,800 in all
// (config.json: 32 layers, 32 query heads and 8 KV heads of 128).
constexpr device_roofline h100_roof = default_roofline(devices::h100_sxm);
constexpr step_estimate after_prefix =
    prefill(models::llama_3_1_8b_instruct, devices::h100_sxm, h100_roof, 100, settings{}, parallel{}, no_exec_facts, 900);
constexpr step_estimate alone = prefill(models::llama_3_1_8b_instruct, devices::h100_sxm, h100_roof, 100, settings{}, parallel{}, no_exec_facts);
static_assert(after_prefix.flops - alone.flops == 47'185'920'000.0);
static_assert(after_prefix.bytes - alone.bytes == 117'964'800.0);

// A prefix every request shares (load::prefix_shared, one system prompt) is held once. vLLM's
// blocks are 16 tokens: a 4,000-token request holds 250 of them; with its first 2,000 shared,
// 125 are in the pool once and each request holds the other 125. So the pool of B blocks holds
// (B - 125) / 125 requests where it held B / 250. (At the mean context of 3,500 tokens: 219
// blocks a request, and 3,500 - 2,000 = 1,500 tokens, ceil(1,500 / 16) = 94, each.)
constexpr engine_memory em_4000 =
    engine_memory_of(models::llama_3_1_8b_instruct, devices::h100_sxm, settings{}, deployment{}.engine, parallel{}, 1, 4000);
static_assert(em_4000.block_size_tokens == 16);
constexpr std::uint64_t blocks_4000 = em_4000.kv_cache_blocks;
constexpr load shared_load{.isl = 3000, .osl = 1000, .concurrency = 64, .prefix = 2000, .prefix_shared = true};
constexpr load own_load{.isl = 3000, .osl = 1000, .concurrency = 64, .prefix = 2000};
constexpr serve_result shared_pool = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, shared_load);
constexpr serve_result own_pool = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, own_load);
static_assert(own_pool.pool_seqs == blocks_4000 / 250 && own_pool.batch_pool_seqs == blocks_4000 / 219);
static_assert(shared_pool.pool_seqs == (blocks_4000 - 125) / 125 && shared_pool.batch_pool_seqs == (blocks_4000 - 125) / 94);
// The times of a batch both hold are the same: sharing moves memory, not work.
static_assert(shared_pool.running_batch == 64 && own_pool.running_batch == 64 && shared_pool.tpot_ms == own_pool.tpot_ms);

// TensorRT-LLM lays attention DP out as data parallel (every block but the routed experts whole
// on each rank), in a constant expression as at run time.
static_assert(attention_dp_layout(parallel{.tp = 8, .ep = 8, .dp_attention = true}, engine{.kind = engine_kind::trtllm}) ==
              parallel{.tp = 1, .ep = 8, .dp = 8});
// Each side's plan, EP and DP attention included, is a constant expression (the appended fields).
static_assert(disaggregation{.prefill_workers = 1, .prefill_tp = 8, .decode_workers = 2, .decode_tp = 8, .decode_ep = 8,
                             .decode_dp_attention = true}
                  .decode_plan() == parallel{.tp = 8, .ep = 8, .dp_attention = true});

// The wait starts where the KV pool is full: at 31,000 tokens a sequence the engine holds fewer
// than 64 sequences, so 64 clients run the pool's worth and the rest wait; 4 clients never wait.
constexpr load long_load{.isl = 30'000, .osl = 1'000, .concurrency = 64};
constexpr serve_result full = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, long_load);
constexpr std::uint64_t pool = max_seqs(models::llama_3_1_8b_instruct, devices::h100_sxm, 31'000, settings{});
static_assert(pool < 64 && full.pool_seqs == pool && full.running_batch == pool && full.wait_ms > 0);
static_assert(full.ttft_ms > full.wait_ms);

// Speculative decoding with Qwen3-Next's MTP head (TP 2 on H200: its 160 GB of BF16 weights
// exceed one): a round of K = 1 draft token emits A tokens, so TPOT is the round's time over A;
// the same round at A = 2 takes half the time a token of A = 1.
constexpr deployment mtp1{.parallel = {.tp = 2}, .speculation = {.tokens = 1, .acceptance_milli = 1000}};
constexpr deployment mtp2{.parallel = {.tp = 2}, .speculation = {.tokens = 1, .acceptance_milli = 2000}};
constexpr load one_client{.isl = 1000, .osl = 100, .concurrency = 1};
constexpr serve_result s1 = serve(models::qwen3_next_80b_a3b_instruct, devices::h200_sxm, mtp1, one_client);
constexpr serve_result s2 = serve(models::qwen3_next_80b_a3b_instruct, devices::h200_sxm, mtp2, one_client);
static_assert(s1.fits && s2.fits && near(s1.tpot_ms, 2 * s2.tpot_ms, 1e-12));
static_assert(near(s1.ceiling_tpot_ms, 2 * s2.ceiling_tpot_ms, 1e-12));

// The run a benchmark measures: each client's first request arrives with everyone's, the other
// R - 1 one by one; TTFT is the mean, (first + (R - 1) x steady) / R, here R = 10.
constexpr load first_round{.isl = 1000, .osl = 100, .concurrency = 16, .requests_per_client = 1};
constexpr load steady_only{.isl = 1000, .osl = 100, .concurrency = 16, .requests_per_client = 0};
constexpr load ten_each{.isl = 1000, .osl = 100, .concurrency = 16, .requests_per_client = 10};
constexpr serve_result r1 = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, first_round);
constexpr serve_result r0 = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, steady_only);
constexpr serve_result r10 = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, ten_each);
static_assert(near(r10.ttft_ms, (r1.ttft_ms + 9 * r0.ttft_ms) / 10, 1e-12) && near(r10.ttft_steady_ms, r0.ttft_ms, 1e-12));
static_assert(r1.tpot_ms == r0.tpot_ms && r1.ttft_ms > r0.ttft_ms);  // 16 prompts at once queue

// An open loop (serve_rate_at). Erlang's C formula by hand: one slot at half load finds it busy
// half the time (M/M/1: the utilisation); two slots, one busy on average: Erlang's B formula
// B(2, 1) = 1 x B(1, 1) / (2 + 1 x B(1, 1)) with B(1, 1) = 1 / 2, so 0.5 / 2.5 = 0.2, and
// C = 2 x 0.2 / (2 - 1 x (1 - 0.2)) = 0.4 / 1.2 = 1 / 3.
static_assert(near(detail::erlang_c(1, 0.5), 0.5, 1e-12) && near(detail::erlang_c(2, 1.0), 1.0 / 3.0, 1e-12));
// Two requests a second of 1,000-token prompts for 100-token answers: the batch is the smallest
// B whose rate x S(B) <= B, S(B) a request's time in the batch at B sequences -- the closed loop's
// steady TTFT at B clients (less the front end, which holds no slot) and 99 TPOTs at B; the
// answer at that B is the closed loop's steady state plus the wait for a slot; the deployment
// serves 2 x 100 tokens a second; Little's law gives the requests in flight, 2 x E2E.
constexpr load open2{.isl = 1000, .osl = 100, .request_rate = 2.0};
constexpr serve_result o2 = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, open2);
constexpr double front_ms = engines::serving_facts_of(deployment{}.engine.kind).request_us(1000) / 1e3;
constexpr double s_ms(std::uint64_t b) {
  const serve_result c = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                               {.isl = 1000, .osl = 100, .concurrency = b, .requests_per_client = 0});
  return c.ttft_ms - front_ms + 99 * c.tpot_ms;
}
constexpr serve_result c2 = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                                  {.isl = 1000, .osl = 100, .concurrency = o2.running_batch, .requests_per_client = 0});
static_assert(o2.fits && !o2.saturated && o2.request_rate == 2.0 && o2.running_batch >= 1);
static_assert(2.0 * s_ms(o2.running_batch) / 1e3 <= o2.running_batch &&
              (o2.running_batch == 1 || 2.0 * s_ms(o2.running_batch - 1) / 1e3 > o2.running_batch - 1));
static_assert(near(o2.tpot_ms, c2.tpot_ms, 1e-12) && near(o2.ttft_ms - o2.wait_ms, c2.ttft_ms, 1e-12));
static_assert(near(o2.tokens_per_s, 200, 1e-12) && o2.concurrency == static_cast<std::uint64_t>(2 * o2.e2e_ms / 1e3 + 0.5));
static_assert(o2.slots >= o2.running_batch && near(o2.capacity_rps, o2.slots / s_ms(o2.slots) * 1e3, 1e-9));
// A rate at or above the capacity saturates it: the batch full, the queue growing, TTFT without
// bound, the tokens a second the capacity's.
constexpr serve_result flood = serve(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, {.isl = 1000, .osl = 100, .request_rate = 1e6});
static_assert(flood.saturated && flood.running_batch == flood.slots && flood.ttft_ms > 1e300);
static_assert(near(flood.tokens_per_s, flood.capacity_rps * 100, 1e-12) && near(flood.capacity_rps, o2.capacity_rps, 1e-12));

// The compile-time check passes where both targets hold (TPOT of an 8B model at 4 clients is a
// few milliseconds on an H100; its ceiling alone is 16 GB / 3.35 TB/s = 4.8 ms).
HEADROOM_ASSERT_SLA(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                    {.isl = 1000, .osl = 100, .concurrency = 4, .ttft_ms = 2000, .tpot_ms = 100});
HEADROOM_ASSERT_SLA(models::llama_3_1_8b_instruct, devices::h100_sxm, {},
                    {.isl = 1000, .osl = 100, .concurrency = 4, .ttft_ms = 2000, .tpot_ms = 100, .requests_per_client = 0});
// Disaggregated, one prefill and one decode H100: the same few milliseconds a token, and a
// prompt's KV crossing the link in 2.6 ms (above) beside its 1,000-token prefill.
constexpr disaggregation one_and_one{.prefill_workers = 1, .prefill_tp = 1, .decode_workers = 1, .decode_tp = 1};
HEADROOM_ASSERT_SLA_DISAGG(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, one_and_one,
                           {.isl = 1000, .osl = 100, .concurrency = 4, .ttft_ms = 2000, .tpot_ms = 100});
}  // namespace
}  // namespace headroom_static_serve_test
