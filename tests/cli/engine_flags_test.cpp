// SPDX-License-Identifier: MIT
// The engine flags: suffixes as the engines' parsers take them, knobs refused for an engine that
// is not selected, and the settings an engine implies. Expected values are written by hand.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "headroom/args/cli_args.hpp"
#include "headroom/args/common.hpp"
#include "headroom/args/engine_flags.hpp"

using namespace headroom;
using namespace headroom::cli;

// g++ 12 at -O2 warns on assigning a short literal to a std::string member (a false positive,
// GCC bug 105329); the assignments below are the flags as CLI11 stores them.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace {
std::string refusal(const engine_flags& f) {
  kv_dtype kv = kv_dtype::bf16;
  try {
    (void)resolve_engine(f, kv, false);
  } catch (const usage_error& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("counts take the suffixes of vLLM: k is 1000 and K is 1024") {
  CHECK(parse_count("--max-model-len", "32k") == 32'000);
  CHECK(parse_count("--max-model-len", "32K") == 32'768);
  CHECK(parse_count("--max-model-len", "128K") == 131'072);
  CHECK(parse_count("--max-model-len", "1.5k") == 1'500);
  CHECK(parse_count("--max-model-len", "1m") == 1'000'000);
  CHECK(parse_count("--max-model-len", "4096") == 4'096);
  CHECK_THROWS_AS(parse_count("--max-model-len", "1.5"), usage_error);  // not whole
  CHECK_THROWS_AS(parse_count("--max-model-len", "0"), usage_error);
  CHECK_THROWS_AS(parse_count("--max-model-len", "k"), usage_error);
  // Every count and list flag reads through the same parser (decode, prefill, plan, header,
  // report and plot refused "32k" before).
  CHECK(parse_positive("--context", "32k") == 32'000);
  CHECK(parse_positive("--seqs", "2K") == 2'048);
  CHECK(parse_positive_list("--tokens", "512,4k,32K") == std::vector<std::uint64_t>{512, 4'000, 32'768});
  CHECK_THROWS_AS(parse_positive_list("--batch", "1,2x"), usage_error);
}

TEST_CASE("byte sizes: decimal and binary units, exact") {
  CHECK(parse_bytes("--kv-cache-memory-bytes", "1.5GiB") == 1'610'612'736ULL);  // 1.5 x 2^30
  CHECK(parse_bytes("--kv-cache-memory-bytes", "80GB") == 80'000'000'000ULL);
  CHECK(parse_bytes("--kv-cache-memory-bytes", "512MiB") == 536'870'912ULL);
  CHECK(parse_bytes("--kv-cache-memory-bytes", "21474836480") == 21'474'836'480ULL);
  CHECK(parse_bytes("--kv-cache-memory-bytes", "2TB") == 2'000'000'000'000ULL);
  CHECK_THROWS_AS(parse_bytes("--kv-cache-memory-bytes", "1.3B"), usage_error);
  CHECK_THROWS_AS(parse_bytes("--kv-cache-memory-bytes", "20GiBs"), usage_error);
}

TEST_CASE("fractions above 0 and at most 1, in millionths") {
  CHECK(parse_fraction("--gpu-memory-utilization", "0.85").millionths == 850'000);
  CHECK(parse_fraction("--gpu-memory-utilization", "1").millionths == 1'000'000);
  CHECK(parse_fraction("--gpu-memory-utilization", "0.9764").millionths == 976'400);
  CHECK_THROWS_AS(parse_fraction("--gpu-memory-utilization", "1.2"), usage_error);
  CHECK_THROWS_AS(parse_fraction("--gpu-memory-utilization", "0"), usage_error);
  CHECK_THROWS_AS(parse_fraction("--gpu-memory-utilization", "0.1234567"), usage_error);
}

TEST_CASE("each engine's knobs, and only its knobs") {
  engine_flags f;
  f.text_of("--gpu-memory-utilization") = "0.85";
  f.text_of("--max-model-len") = "32K";
  f.text_of("--kv-cache-memory-bytes") = "20GiB";
  kv_dtype kv = kv_dtype::bf16;
  const engine v = resolve_engine(f, kv, false);
  CHECK(v.kind == engine_kind::vllm);
  CHECK(v.vllm.gpu_memory_utilization.millionths == 850'000);
  CHECK(v.vllm.max_model_len == 32'768);
  CHECK(v.vllm.kv_cache_memory_bytes == 20ULL * 1024 * 1024 * 1024);

  f.engine = "sglang";
  CHECK(refusal(f) == "--gpu-memory-utilization is a vllm flag; the selected engine is sglang (pass --engine vllm to use it)");

  engine_flags l;
  l.engine = "llama.cpp";
  l.text_of("--ctx-size") = "8k";
  l.text_of("--parallel") = "4";
  l.text_of("--cache-type-k") = "q8_0";
  const engine e = resolve_engine(l, kv, false);
  CHECK(e.kind == engine_kind::llama_cpp);
  CHECK(e.llama_cpp.n_ctx == 8'000);
  CHECK(e.llama_cpp.n_seq_max == 4);
  CHECK(e.llama_cpp.type_k == ggml_cache_type::q8_0);
  l.text_of("--mem-fraction-static") = "0.8";
  CHECK(refusal(l) == "--mem-fraction-static is a sglang flag; the selected engine is llama.cpp (pass --engine sglang to use it)");

  engine_flags k;
  k.text_of("--kv-cache-dtype") = "fp8_e4m3";
  kv = kv_dtype::bf16;
  (void)resolve_engine(k, kv, false);
  CHECK(kv == kv_dtype::fp8);
  kv = kv_dtype::bf16;
  CHECK_THROWS_AS(resolve_engine(k, kv, true), usage_error);  // contradicts --kv bf16
}

TEST_CASE("one table names each engine flag: its spellings, owners, switches and values") {
  // --engine takes each kind's name and the engines' other spellings of themselves.
  kv_dtype kv = kv_dtype::bf16;
  for (const auto& [text, kind] : {std::pair{"tensorrt-llm", engine_kind::trtllm}, std::pair{"llama_cpp", engine_kind::llama_cpp},
                                   std::pair{"llama.cpp", engine_kind::llama_cpp}, std::pair{"none", engine_kind::none}}) {
    engine_flags f;
    f.engine = text;
    CHECK(resolve_engine(f, kv, false).kind == kind);
  }
  // --kv-cache-dtype belongs to three engines; the refusal names them in declaration order.
  engine_flags l;
  l.engine = "llama.cpp";
  l.text_of("--kv-cache-dtype") = "fp8";
  CHECK(refusal(l) ==
        "--kv-cache-dtype is a vllm / sglang / trtllm flag; the selected engine is llama.cpp (pass --engine vllm to use it)");
  // A switch sets its knob; a cache type outside llama.cpp's list names the list.
  engine_flags s;
  s.engine = "llama.cpp";
  s.on_of("--swa-full") = true;
  s.text_of("--flash-attn") = "off";
  const engine e = resolve_engine(s, kv, false);
  CHECK(e.llama_cpp.swa_full);
  CHECK_FALSE(e.llama_cpp.kv_unified);
  CHECK_FALSE(e.llama_cpp.flash_attn);
  s.text_of("--cache-type-v") = "q5_1";
  CHECK(refusal(s) == "--cache-type-v: unknown cache type `q5_1` (expected f16, bf16, f32, q8_0 or q4_0)");
  // --help: the owners by display name before the flag's own text.
  std::string kv_help;
  for (const engine_knob& k : engine_knobs()) {
    if (k.flag == "--kv-cache-dtype") kv_help = owners_text(k);
  }
  CHECK(kv_help == "vLLM / SGLang / TensorRT-LLM");
}

TEST_CASE("a regenerate line writes the knobs that differ from the engine's defaults, in the table's order") {
  CHECK(engine_flags_text(engine{}).empty());
  CHECK(engine_flags_text(engine{.kind = engine_kind::trtllm}) == " --engine trtllm");
  // 20 GiB = 20 x 1,073,741,824 = 21,474,836,480 bytes; 850,000 millionths = 0.85.
  const engine v{.kind = engine_kind::vllm,
                 .vllm = {.gpu_memory_utilization = {850'000}, .max_model_len = 32768, .max_num_seqs = 64, .block_size = 32,
                          .kv_cache_memory_bytes = 20ULL << 30, .enforce_eager = true}};
  CHECK(engine_flags_text(v) == " --gpu-memory-utilization 0.85 --max-model-len 32768 --max-num-seqs 64 --block-size 32"
                                " --kv-cache-memory-bytes 21474836480 --enforce-eager");
  // Knobs of an engine that is not selected are not written.
  engine g = v;
  g.kind = engine_kind::sglang;
  g.sglang.page_size = 16;
  CHECK(engine_flags_text(g) == " --engine sglang --page-size 16");
  // llama.cpp: the cache types right after --ctx-size; --flash-attn only when off (on is the default).
  const engine l{.kind = engine_kind::llama_cpp,
                 .llama_cpp = {.n_ctx = 65536, .n_seq_max = 4, .n_ubatch = 1024, .type_k = ggml_cache_type::q8_0,
                               .type_v = ggml_cache_type::q4_0, .kv_unified = true, .swa_full = true, .flash_attn = false}};
  CHECK(engine_flags_text(l) == " --engine llama.cpp --ctx-size 65536 --cache-type-k q8_0 --cache-type-v q4_0 --parallel 4"
                                " --ubatch-size 1024 --kv-unified --swa-full --flash-attn off");
  // Flags given as typed come back in canonical spelling: 32K = 32,768, 0.850 = 0.85.
  kv_dtype kv = kv_dtype::bf16;
  engine_flags f;
  f.text_of("--gpu-memory-utilization") = "0.850";
  f.text_of("--max-model-len") = "32K";
  CHECK(engine_flags_text(resolve_engine(f, kv, false)) == " --gpu-memory-utilization 0.85 --max-model-len 32768");
}

TEST_CASE("--cudagraph-mode takes vLLM's mode names in any case and writes them back as vLLM prints them") {
  kv_dtype kv = kv_dtype::bf16;
  engine_flags f;
  f.text_of("--cudagraph-mode") = "piecewise";  // CUDAGraphMode[value.upper()], as vLLM parses it
  const engine e = resolve_engine(f, kv, false);
  CHECK(e.vllm.cudagraph_mode == vllm_cudagraph_mode::piecewise);
  CHECK(engine_flags_text(e) == " --cudagraph-mode PIECEWISE");
  f.text_of("--cudagraph-mode") = "FULL_DECODE_ONLY";
  CHECK(resolve_engine(f, kv, false).vllm.cudagraph_mode == vllm_cudagraph_mode::full_decode_only);
  // The default is not written.
  f.text_of("--cudagraph-mode") = "Full_And_Piecewise";
  CHECK(engine_flags_text(resolve_engine(f, kv, false)).empty());
  f.text_of("--cudagraph-mode") = "eager";
  CHECK(refusal(f) ==
        "--cudagraph-mode: unknown CUDA-graph mode `eager` (expected FULL_AND_PIECEWISE, PIECEWISE, FULL, FULL_DECODE_ONLY or NONE)");
  f.text_of("--cudagraph-mode") = "PIECEWISE";
  f.engine = "sglang";
  CHECK(refusal(f) == "--cudagraph-mode is a vllm flag; the selected engine is sglang (pass --engine vllm to use it)");
}

TEST_CASE("vLLM's count flags set their knob, write it back, refuse a non-count and another engine") {
  struct row {
    std::string_view flag;
    std::uint64_t vllm_knobs::*knob;
    std::string_view other_engine;
  };
  // --num-speculative-tokens: the MTP head's drafted tokens; --max-cudagraph-capture-size: the
  // largest pass vLLM graphs.
  for (const row r : {row{"--num-speculative-tokens", &vllm_knobs::num_speculative_tokens, "sglang"},
                      row{"--max-cudagraph-capture-size", &vllm_knobs::max_cudagraph_capture_size, "trtllm"}}) {
    INFO(r.flag);
    kv_dtype kv = kv_dtype::bf16;
    engine_flags f;
    const std::string flag{r.flag};
    f.text_of(flag) = "2048";
    const engine e = resolve_engine(f, kv, false);
    CHECK(e.vllm.*r.knob == 2048);
    CHECK(engine_flags_text(e) == " " + flag + " 2048");
    f.text_of(flag) = "lots";
    CHECK(refusal(f) == flag + ": `lots` is not a positive integer (suffixes: 32k = 32000, 32K = 32768)");
    f.text_of(flag) = "2048";
    f.engine = std::string{r.other_engine};
    CHECK(refusal(f) == flag + " is a vllm flag; the selected engine is " + std::string{r.other_engine} +
                            " (pass --engine vllm to use it)");
  }
}

TEST_CASE("SGLang's state-pool flags: slots, radix cache, scheduler strategy, draft tokens") {
  kv_dtype kv = kv_dtype::bf16;
  engine_flags f;
  f.engine = "sglang";
  f.text_of("--max-mamba-cache-size") = "60";
  f.on_of("--disable-radix-cache") = true;
  f.text_of("--mamba-scheduler-strategy") = "extra_buffer";
  f.text_of("--speculative-num-draft-tokens") = "4";
  const engine e = resolve_engine(f, kv, false);
  CHECK(e.sglang.max_mamba_cache_size == 60);
  CHECK(e.sglang.disable_radix_cache);
  CHECK(e.sglang.mamba_extra_buffer);
  CHECK(e.sglang.speculative_num_draft_tokens == 4);
  CHECK(engine_flags_text(e) == " --engine sglang --max-mamba-cache-size 60 --disable-radix-cache"
                                " --mamba-scheduler-strategy extra_buffer --speculative-num-draft-tokens 4");
  f.text_of("--mamba-scheduler-strategy") = "no_buffer";
  CHECK_FALSE(resolve_engine(f, kv, false).sglang.mamba_extra_buffer);
  f.text_of("--mamba-scheduler-strategy") = "lazy";
  CHECK(refusal(f) == "--mamba-scheduler-strategy: expected no_buffer or extra_buffer, got `lazy`");
  engine_flags v;
  v.on_of("--disable-radix-cache") = true;
  CHECK(refusal(v) == "--disable-radix-cache is a sglang flag; the selected engine is vllm (pass --engine sglang to use it)");
}

TEST_CASE("recurrent state as each engine allocates it") {
  CHECK(auto_state_dtype(engine{.kind = engine_kind::vllm}) == state_dtype::bf16);
  CHECK(auto_state_dtype(engine{.kind = engine_kind::sglang}) == state_dtype::f32);
  CHECK(auto_state_dtype(engine{.kind = engine_kind::llama_cpp}) == state_dtype::f32);
  CHECK(auto_state_dtype(engine{.kind = engine_kind::none}) == state_dtype::f32);
  // Sliding layers keep only their window under every engine but none.
  CHECK(as_allocated(engine{}).evict_sliding);
  CHECK(as_allocated(engine{.kind = engine_kind::sglang}).evict_sliding);
  CHECK_FALSE(as_allocated(engine{.kind = engine_kind::none}).evict_sliding);
  CHECK(as_allocated(engine{.kind = engine_kind::none, .evict_sliding = true}).evict_sliding);
}

TEST_CASE("a load that does not fit says why and by how much") {
  // vLLM issue #27508: gpt-oss-120b on one H100 at 0.95 with 1,024 batched tokens.
  const engine e{.kind = engine_kind::vllm, .vllm = {.gpu_memory_utilization = {950'000}, .max_num_batched_tokens = 1024}};
  const verdict v = load_verdict(models::gpt_oss_120b, devices::h100_sxm, {}, e, 1, 131072);
  CHECK_FALSE(v.fits);
  CHECK(v.term == engine_term::kv_cache_cannot_hold_one_request);
  CHECK(v.shortfall_bytes > 0);
}

TEST_CASE("--ssm-h auto under vLLM: the config's mamba_ssm_dtype when it names one, else the model dtype") {
  // Qwen/Qwen3.6-35B-A3B's config.json (tests/data/configs/qwen3_6_35b_a3b) names
  // "mamba_ssm_dtype": "float32"; vLLM's Qwen3_5ForConditionalGenerationConfig copies it into
  // mamba_ssm_cache_dtype while that is "auto" (vllm/model_executor/models/config.py,
  // https://github.com/vllm-project/vllm/pull/34489), and the conv state stays in the model dtype.
  target_flags t;
  t.model = "qwen3_6_35b_a3b_fp8";
  t.device = "rtx_5090";
  const query q = make_query(t);
  CHECK(q.e.kind == engine_kind::vllm);
  CHECK(q.s.ssm_h == state_dtype::f32);
  CHECK(settings_flags(q).find("--ssm-h") == std::string::npos);  // auto: the regenerate line omits it
  // By hand: 30 GDN layers (3 of every 4 of 40) x 32 value heads x 128 x 128 x 4 B (F32), and the
  // conv windows, 30 x 3 past inputs x (2 x 16 key heads x 128 + 32 x 128) channels x 2 B (BF16):
  // 2,146,304 B a layer, the figure of engine_logs_new_test's N2 (club-3090 issue #652).
  const footprint_bytes fp = footprint(*q.m, q.s);
  CHECK(fp.state_per_seq == 30ULL * 32 * 128 * 128 * 4);
  CHECK(fp.conv_per_seq == 30ULL * 3 * (2 * 16 * 128 + 32 * 128) * 2);
  CHECK(fp.state_per_seq + fp.conv_per_seq == 30ULL * 2'146'304);
  // Given explicitly, it is the flag's, and the regenerate line says so.
  t.ssm_h = "bf16";
  const query q_bf16 = make_query(t);
  CHECK(q_bf16.s.ssm_h == state_dtype::bf16);
  CHECK(footprint(*q_bf16.m, q_bf16.s).state_per_seq == 30ULL * 32 * 128 * 128 * 2);
  CHECK(settings_flags(q_bf16).find(" --ssm-h bf16") != std::string::npos);
  // Qwen3-Next's config.json names no state dtype: vLLM keeps the model dtype.
  t.ssm_h = "auto";
  t.model = "qwen3_next_80b_a3b_instruct";
  CHECK(make_query(t).s.ssm_h == state_dtype::bf16);
  // The other engines keep f32 whatever the config says.
  CHECK(auto_state_dtype(engine{.kind = engine_kind::sglang}, models::qwen3_6_35b_a3b_fp8) == state_dtype::f32);
  CHECK(auto_state_dtype(engine{.kind = engine_kind::vllm}, models::qwen3_6_35b_a3b_fp8) == state_dtype::f32);
  CHECK(auto_state_dtype(engine{.kind = engine_kind::vllm}, models::llama_3_1_8b_instruct) == state_dtype::bf16);
}

TEST_CASE("--kv auto: the checkpoint's FP8 KV cache under vLLM, SGLang and TensorRT-LLM, else bf16") {
  // nvidia/Llama-3.3-70B-Instruct-FP8's hf_quant_config.json names kv_cache_quant_algo FP8, which
  // vLLM's resolve_kv_cache_dtype_string, SGLang's configure_kv_cache_dtype and TensorRT-LLM's
  // ModelLoader._update_from_hf_quant_config take for "auto" (engine_flags.hpp cites each).
  target_flags t;
  t.model = "llama_3_3_70b_instruct_fp8";
  t.device = "h200_sxm";
  const query q = make_query(t);
  CHECK(q.s.kv == kv_dtype::fp8);
  CHECK(settings_flags(q).find("--kv") == std::string::npos);  // auto: the regenerate line omits it
  // By hand: 80 layers x 8 KV heads x 128 x (K and V) x 1 B = 163,840 B a token (BF16: 327,680).
  CHECK(footprint(*q.m, q.s).kv_per_token == 80ULL * 8 * 128 * 2 * 1);
  // Spelled either way, auto is the same; an explicit dtype wins and the regenerate line says so.
  t.kv = "auto";
  CHECK(make_query(t).s.kv == kv_dtype::fp8);
  t.kv.clear();
  t.engine.text_of("--kv-cache-dtype") = "auto";
  CHECK(make_query(t).s.kv == kv_dtype::fp8);
  t.engine.text_of("--kv-cache-dtype") = "bf16";
  const query q_bf16 = make_query(t);
  CHECK(q_bf16.s.kv == kv_dtype::bf16);
  CHECK(footprint(*q_bf16.m, q_bf16.s).kv_per_token == 80ULL * 8 * 128 * 2 * 2);
  CHECK(settings_flags(q_bf16).find(" --kv bf16") != std::string::npos);
  t.engine.text_of("--kv-cache-dtype").clear();
  t.kv = "bf16";
  CHECK(make_query(t).s.kv == kv_dtype::bf16);
  // --kv auto beside an explicit --kv-cache-dtype defers to it.
  t.kv = "auto";
  t.engine.text_of("--kv-cache-dtype") = "fp8";
  CHECK(make_query(t).s.kv == kv_dtype::fp8);
  // The engines that read the checkpoint's quantization config, and those that do not.
  const model& m = models::llama_3_3_70b_instruct_fp8;
  CHECK(auto_kv_dtype(engine{.kind = engine_kind::sglang}, m) == kv_dtype::fp8);
  CHECK(auto_kv_dtype(engine{.kind = engine_kind::trtllm}, m) == kv_dtype::fp8);
  CHECK(auto_kv_dtype(engine{.kind = engine_kind::llama_cpp}, m) == kv_dtype::bf16);
  CHECK(auto_kv_dtype(engine{.kind = engine_kind::none}, m) == kv_dtype::bf16);
  // A checkpoint whose config names no KV dtype: the model dtype.
  CHECK(auto_kv_dtype(engine{.kind = engine_kind::vllm}, models::llama_3_1_8b_instruct) == kv_dtype::bf16);
  // DeepSeek-V3-0324-FP4's hf_quant_config.json: kv_cache_quant_algo null.
  CHECK(auto_kv_dtype(engine{.kind = engine_kind::vllm}, models::deepseek_v3_0324_fp4) == kv_dtype::bf16);
}

TEST_CASE("--ssm-h auto under vLLM: Nemotron-3's mamba_ssm_cache_dtype float32 sets the attention block") {
  // nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4's config.json (tests/data/configs) names
  // "mamba_ssm_cache_dtype": "float32"; its quantization config an FP8 KV cache.
  target_flags t;
  t.model = "nemotron_3_nano_30b_a3b_nvfp4";
  t.device = "h100_sxm";
  const query q = make_query(t);
  CHECK(q.s.ssm_h == state_dtype::f32);
  CHECK(q.s.kv == kv_dtype::fp8);
  // By hand: a Mamba layer holds 64 heads x 64 x 128 state x 4 B = 2,097,152 B and a conv window
  // of 3 x (64 x 64 + 2 x 8 x 128) channels x 2 B = 36,864 B: 2,134,016 B. An attention layer's
  // token is 2 KV heads x 128 x (K and V) x 1 B = 512 B. vLLM's block: the smallest multiple of
  // 16 tokens whose page holds a Mamba state, 16 x ceil(2,134,016 / (16 x 512)) = 16 x 261.
  const engine_memory em = engine_memory_of(*q.m, *q.d, {1, 4096, q.s, q.e});
  CHECK(em.block_size_tokens == 4176);
  // A BF16 state (1,048,576 + 36,864 = 1,085,440 B) would give 16 x 133 = 2,128.
  t.ssm_h = "bf16";
  const query q_bf16 = make_query(t);
  CHECK(engine_memory_of(*q_bf16.m, *q_bf16.d, {1, 4096, q_bf16.s, q_bf16.e}).block_size_tokens == 2128);
}
