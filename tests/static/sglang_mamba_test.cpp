// SPDX-License-Identifier: MIT
// SGLang's Mamba / GDN state pool (engines/include/headroom/detail/engine_sglang_mamba.hpp): the slots
// --max-mamba-cache-size, --disable-radix-cache with --max-running-requests, or the
// mamba_full_memory_ratio solve give; the padding slot; the speculative intermediate states;
// and the cap the slots put on max_running_requests (SGLang's formulas:
// python/sglang/srt/mem_cache/kv_cache_configurator.py @003fca8027387a3d6565b2c08e497e3020ac6211).
// Then the default mem_fraction_static of a multimodal checkpoint (sglang_vlm_fraction). Every
// number is a public log's or hand arithmetic written next to it.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>
#include <headroom/models/checkpoints/nvidia/nvidia_nemotron_nano_9b_v2.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_30b_a3b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_5_27b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_8_27b_nvfp4.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_next_80b_a3b_instruct_fp8.hpp>

namespace headroom_static_sglang_mamba_test {

namespace {
using namespace headroom;

constexpr engine sglang_with(sglang_knobs k) { return {.kind = engine_kind::sglang, .sglang = k}; }
// The rest of the budget the pools split: KV bytes + state bytes.
constexpr byte_count rest_of(const engine_memory& em) { return em.available_kv_cache_bytes + em.recurrent_state_pool_bytes; }

// ---- NVIDIA-Nemotron-Nano-9B-v2 on an H100, context 16,384, mem_fraction_static 0.82. Per
// request, 27 Mamba layers of f32 SSM state (SGLang's mamba_ssm_dtype float32) and bf16 conv
// state: 27 x (128 heads x 80 x 128 x 4 B + (10,240 + 2 x 8 x 128) x 3 x 2 B)
// = 27 x (5,242,880 + 73,728) = 143,548,416 B. KV: 4 attention layers x 8 heads x 128 x (K, V)
// x 2 B = 16,384 B per token.
constexpr byte_count nano_state = 27ULL * (5'242'880 + 73'728);
static_assert(nano_state == 143'548'416);
constexpr sglang_knobs nano_knobs{.mem_fraction_static = {820000}};
constexpr engine_memory nano_default =
    engine_memory_of(models::nvidia_nemotron_nano_9b_v2, devices::h100_sxm, {}, sglang_with(nano_knobs), {}, 1, 16384);
// Radix cache on (the default): K = (budget - per_req) // per_req for budget = rest x 0.9 / 1.9,
// and K + 1 slots allocated (the padding slot).
constexpr byte_count nano_budget = rest_of(nano_default) * 900'000 / 1'900'000;
constexpr std::uint64_t nano_k = (nano_budget - nano_state) / nano_state;
static_assert(nano_default.engine_starts && nano_default.recurrent_state_pool_bytes == (nano_k + 1) * nano_state);
// max_running_requests: min(clamp(tokens / 16,384 x 512, 2048, 4096), tokens / 2, K // 3).
static_assert(nano_default.max_num_seqs == nano_k / 3);
// --disable-radix-cache --max-running-requests 48: 48 slots (one per request) + the padding
// slot, 49 x 143,548,416 = 7,033,872,384 B: SSM 49 x 27 x 5,242,880 B = 6.46 GiB and conv
// 49 x 27 x 73,728 B = 0.09 GiB, as SGLang prints them ("ssm_state size: 6.46GB").
constexpr engine_memory nano_48 = [] {
  sglang_knobs k = nano_knobs;
  k.disable_radix_cache = true;
  k.max_running_requests = 48;
  return engine_memory_of(models::nvidia_nemotron_nano_9b_v2, devices::h100_sxm, {}, sglang_with(k), {}, 1, 16384);
}();
static_assert(nano_48.recurrent_state_pool_bytes == 49 * nano_state && 49 * nano_state == 7'033'872'384ULL);
static_assert((49ULL * 27 * 5'242'880 * 100 + (1ULL << 29)) / (1ULL << 30) == 646);
static_assert((49ULL * 27 * 73'728 * 100 + (1ULL << 29)) / (1ULL << 30) == 9);
static_assert(nano_48.max_num_seqs == 48 && rest_of(nano_48) == rest_of(nano_default));
// The slots the ratio would have taken go to the token pool: (K + 1 - 49) x 143,548,416 B more
// KV, 16,384 B a token.
static_assert(nano_48.kv_cache_tokens - nano_default.kv_cache_tokens + 1 >= (nano_k + 1 - 49) * nano_state / 16'384);
static_assert(nano_48.kv_cache_tokens - nano_default.kv_cache_tokens <= (nano_k + 1 - 49) * nano_state / 16'384 + 1);
// --max-mamba-cache-size 60 holds 61 slots whatever the radix cache; the cap is 60 // 3 = 20
// below a requested 32 (Tanguille/cluster PR #4264: "max_running = min(32, 60//3) = 20").
constexpr engine_memory nano_60 = [] {
  sglang_knobs k = nano_knobs;
  k.max_mamba_cache_size = 60;
  k.max_running_requests = 32;
  return engine_memory_of(models::nvidia_nemotron_nano_9b_v2, devices::h100_sxm, {}, sglang_with(k), {}, 1, 16384);
}();
static_assert(nano_60.recurrent_state_pool_bytes == 61 * nano_state && nano_60.max_num_seqs == 20);

// ---- noonghunna/club-3090 PR #1323 and issue #1319 (SGLang v0.5.19, Qwen3.8-27B, 2 x RTX 3090,
// TP 2, MTP, --mamba-radix-cache-strategy extra_buffer, --max-running-requests 8): the
// measured pools K = 55 / 34 / 33 / 21 / 8 ran 8 / 6 / 6 / 4 / 1 requests: the cap is K // 5,
// 3 slots a request for the radix cache and 2 ping-pong buffers. Only the cap is compared: the
// pools are given as --max-mamba-cache-size, and the device is an H100 (the log's AutoRound
// int4 and FP8 weights are not the registry's NVFP4 checkpoint).
constexpr std::uint64_t qwen38_cap(std::uint64_t k_slots) {
  return engine_memory_of(models::qwen3_8_27b_nvfp4, devices::h100_sxm, {.speculative = true},
                          sglang_with({.max_running_requests = 8, .max_mamba_cache_size = k_slots, .mamba_extra_buffer = true,
                                       .speculative_num_draft_tokens = 4}),
                          {.tp = 2}, 1, 32768)
      .max_num_seqs;
}
static_assert(qwen38_cap(55) == 8 && qwen38_cap(34) == 6 && qwen38_cap(33) == 6 && qwen38_cap(21) == 4 && qwen38_cap(8) == 1);

// ---- Speculative decoding on a GDN hybrid: the intermediate states share the state budget.
// Qwen3-Next-80B-A3B (FP8) on an H200 with MTP, 4 draft tokens, max_running_requests unset (48
// when speculative, server_args.py). Per request, 36 GDN layers x (32 x 128 x 128 x 4 B +
// (2 x 16 x 128 + 32 x 128) x 3 x 2 B) = 36 x 2,146,304 = 77,266,944 B. With ratio 3 and
// D = 4: K = (budget - p (1 + 4)) x 3 // (p (3 + 4)); the scratch holds
// p x (min(48, K // 3) + 1) x 4 B beside the K + 1 slots.
constexpr byte_count next_state = 36ULL * (32 * 128 * 128 * 4 + (2 * 16 * 128 + 32 * 128) * 3 * 2);
static_assert(next_state == 77'266'944);
constexpr engine_memory next_mtp =
    engine_memory_of(models::qwen3_next_80b_a3b_instruct_fp8, devices::h200_sxm, {.speculative = true},
                     sglang_with({.speculative_num_draft_tokens = 4}), {}, 1, 65536);
constexpr byte_count next_budget = rest_of(next_mtp) * 900'000 / 1'900'000;
constexpr std::uint64_t next_k = (next_budget - next_state * 5) * 3 / (next_state * 7);
constexpr std::uint64_t next_reqs = next_k / 3 < 48 ? next_k / 3 : 48;
static_assert(next_mtp.engine_starts && next_mtp.max_num_seqs == next_reqs);
static_assert(next_mtp.recurrent_state_pool_bytes == (next_k + 1) * next_state + next_state * (next_reqs + 1) * 4);
// Without speculation the same budget holds more slots and no scratch: K = (budget - p) // p.
constexpr engine_memory next_plain =
    engine_memory_of(models::qwen3_next_80b_a3b_instruct_fp8, devices::h200_sxm, {}, engines::sglang, {}, 1, 65536);
constexpr std::uint64_t next_plain_k = (rest_of(next_plain) * 900'000 / 1'900'000 - next_state) / next_state;
static_assert(next_plain.recurrent_state_pool_bytes == (next_plain_k + 1) * next_state && next_plain_k > next_k);

// ---- sgl-project/sglang issue #39830 (https://github.com/sgl-project/sglang/issues/39830; SGLang
// main 2929a39927a3943cee03e498f4e5f651185f1b1f, one RTX PRO 6000 Blackwell, RadixArk/
// Qwen3.8-Flash-Next-NVFP4: 48 layers, 36 GDN + 12 full attention; --mamba-ssm-dtype bfloat16
// --max-mamba-cache-size 48 --mamba-radix-cache-strategy extra_buffer --max-running-requests 4
// --speculative-algorithm NEXTN --speculative-num-draft-tokens 4). Its boot lines:
//   "Mamba Cache is allocated. max_mamba_cache_size: 48, conv_state size: 0.10GB,
//    ssm_state size: 2.58GB intermediate_ssm_state_cache size: 1.05GB
//    intermediate_conv_window_cache size: 0.02GB"
//   "KV Cache is allocated. dtype: torch.float8_e4m3fn, #tokens: 240128, K 1.37 GB, V 1.37 GB"
// The checkpoint is not in the registry; its GDN layers are the Qwen3.8 family's (16 key / 48
// value heads of 128, conv kernel 4, as qwen3_8_27b_nvfp4), which the printed sizes bear out.
// Per slot and GDN layer: temporal 48 x 128 x 128 x 2 B = 1,572,864 B; conv (2 x 16 x 128 +
// 48 x 128 = 10,240 channels) x 3 x 2 B = 61,440 B. The rule: 48 + 1 slots (the padding slot);
// intermediate states for min(4, 48 // 5) + 1 = 5 requests x 4 draft tokens = 20.
constexpr byte_count flash_ssm = 36ULL * 1'572'864;
constexpr byte_count flash_conv = 36ULL * 61'440;
constexpr detail::sglang_mamba_pool flash_pool =
    detail::sglang_mamba_pool_of(100 * gib, flash_ssm + flash_conv, {.max_mamba_cache_size = 48, .mamba_extra_buffer = true}, 4, 4);
static_assert(flash_pool.slots == 48 && flash_pool.state_bytes == 49 * (flash_ssm + flash_conv));
static_assert(flash_pool.scratch_bytes == 20 * (flash_ssm + flash_conv));
// GiB to two decimals, as SGLang prints them (get_tensor_size_bytes / 1024^3, "%.2f").
constexpr std::uint64_t gib100(byte_count b) { return (b * 100 + gib / 2) / gib; }
static_assert(gib100(49 * flash_ssm) == 258 && gib100(49 * flash_conv) == 10 && gib100(20 * flash_ssm) == 105);  // exact
// The intermediate conv windows: SGLang on CUDA with a linear draft chain keeps D + K - 2 = 6
// shared columns a request instead of D x (K - 1) = 12 (memory_pool.py, "halves the
// conv-intermediate footprint"): 5 x 36 x 10,240 x 6 x 2 B = 0.02 GiB, the log's; headroom's
// 20 x 36 x 61,440 B is 0.04. The four printed sizes sum to 3.75 GiB; headroom's pool,
// 69 x 58,834,944 B = 3.78 GiB, is within 1 % (+0.8 %), all of it that conv share.
static_assert(gib100(5ULL * 36 * 10'240 * 6 * 2) == 2 && gib100(20 * flash_conv) == 4);
static_assert(gib100(flash_pool.state_bytes + flash_pool.scratch_bytes) == 378);
static_assert(100 * (flash_pool.state_bytes + flash_pool.scratch_bytes) <= 101 * (375 * gib / 100));
// Admission: min(4, tokens / 2, 48 // 5 = 9) = 4; the KV cell 12 layers x 2 KV heads x 256 x 1 B
// per K (or V) gives the printed K 1.37 GiB at 240,128 tokens.
static_assert(detail::sglang_running_requests(4, 240'128, 65'536, 48, 5) == 4);
static_assert(gib100(240'128ULL * 12 * 2 * 256) == 137);

// ---- Speculative decoding on a model without state: SGLang still sets max_running_requests to
// 48 when unset (_handle_eagle_family, python/sglang/srt/arg_groups/speculative_hook.py
// @004c82e07d876f6e4a0ad6e15325706b0f478f1a), and the admission is min(48, tokens / 2). The token
// pool does not move: the request-to-token table it sizes (int32 x (context + 4 + draft) per
// slot, ReqToTokenPool) is built after the pool sizes are fixed (KVCacheConfigurator._init_pools,
// kv_cache_configurator.py @003fca8027387a3d6565b2c08e497e3020ac6211), from the reserve.
constexpr engine_memory llama_plain =
    engine_memory_of(models::llama_3_1_8b_instruct, devices::h100_sxm, {}, engines::sglang, {}, 1, 8192);
constexpr engine_memory llama_spec =
    engine_memory_of(models::llama_3_1_8b_instruct, devices::h100_sxm, {.speculative = true}, engines::sglang, {}, 1, 8192);
static_assert(llama_spec.engine_starts && llama_spec.kv_cache_tokens == llama_plain.kv_cache_tokens);
static_assert(llama_spec.kv_cache_tokens / 2 > 48 && llama_spec.max_num_seqs == 48);
// Without speculation the estimate: clamp(tokens / 8,192 x 512, 2,048, 4,096), at most tokens / 2.
static_assert(llama_plain.max_num_seqs >= 2048 && llama_plain.max_num_seqs <= 4096);
// A value given on the command line is kept.
static_assert(engine_memory_of(models::llama_3_1_8b_instruct, devices::h100_sxm, {.speculative = true},
                               sglang_with({.max_running_requests = 64}), {}, 1, 8192)
                  .max_num_seqs == 64);

// ---- ajith-sirra-amd/Issues, Kimi-K2.5-MI355X-SGLANG-ERROR.md
// (https://github.com/ajith-sirra-amd/Issues/blob/ffc532e00e6706c6d0a791a0e73dffb1dd93cafb/Kimi-K2.5-MI355X-SGLANG-ERROR.md;
// rocm/sgl-dev:v0.5.8.post1, `sglang serve --model-path moonshotai/Kimi-K2.5 --tp 8` on MI355X):
// "mem_fraction_static=0.8260405859375, ... chunked_prefill_size=16384, ... cuda_graph_max_bs=512,
// ... enable_piecewise_cuda_graph=False". Not a ROCm rule: the heuristic gives 0.908 at TP 8,
// reserved 512 + 16,384 x 1.5 + 512 x 2 + 8 / 8 x 1,024 = 27,136 MiB, and the multimodal
// checkpoint takes x 0.95 x (1 - 0.1 x (27 x 1152^2 / (24 x 1024^2) - 1)) = x 0.95 x 0.9576171875
// for its 27-layer, 1152-wide vision tower: 0.908 x 0.909736328125 = 0.8260405859375.
static_assert(engine_memory_of(models::qwen3_30b_a3b, devices::mi355x, {}, engines::sglang, {.tp = 8}, 1, 40960)
                  .budget_fraction.millionths == 908'000);
static_assert(27ULL * 1152 * 1152 * 1'000'000'000 / (24ULL * 1024 * 1024) == 1'423'828'125);  // the complexity ratio
static_assert(detail::sglang_vlm_fraction({908'000}, {.present = true, .num_hidden_layers = 27, .hidden_size = 1152})
                  .millionths == 826'040);  // 0.8260405859375, floored to millionths
// Qwen3.5 / 3.6's vision_config names the depth `depth`, so SGLang reads 24 layers of 1152:
// x 0.95 x (1 - 0.1 x (1152^2 / 1024^2 - 1)) = x 0.95 x 0.9734375; at TP 8 on the MI355X
// 0.908 x 0.924765625 = 0.8396871875.
static_assert(engine_memory_of(models::qwen3_5_27b, devices::mi355x, {}, engines::sglang, {.tp = 8}, 1, 40960)
                  .budget_fraction.millionths == 839'687);
// A fraction given on the command line is kept as given.
static_assert(engine_memory_of(models::qwen3_5_27b, devices::mi355x, {}, sglang_with({.mem_fraction_static = {900'000}}),
                               {.tp = 8}, 1, 40960)
                  .budget_fraction.millionths == 900'000);
}  // namespace
}  // namespace headroom_static_sglang_mamba_test
