// SPDX-License-Identifier: MIT
// The CLI's JSON numbers equal the core's, for every model x device of the registries (a quarter
// of the pairs, every model and every device among them, under AddressSanitizer): each
// command's JSON is rendered by the functions the CLI uses, printed and parsed back (what a
// consumer of `--json` reads), and compared with footprint / decode_step / prefill /
// weight_floor_bytes / max_seqs / usable_bytes called here. A few pairs are also compared with
// values the compiler computed (constant evaluation), and with hand arithmetic from published
// numbers.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include "headroom/commands.hpp"
#include "headroom/commands/header.hpp"
#include "headroom/commands/report.hpp"
#include "../sweep_sample.hpp"

namespace {
using namespace headroom;
using namespace headroom::cli;
using json = nlohmann::json;

// What a consumer reads: the printed text, parsed.
json printed(const ordered_json& j) { return json::parse(dump(j)); }

query default_query(const model& m, const device& d) {
  query q{};
  q.m = &m;
  q.d = &d;
  q.r = default_roofline(d);
  return q;
}

std::uint64_t u64(const json& j) { return j.get<std::uint64_t>(); }

// Steps are costed under the CLI's engine, vLLM by default: its execution facts.
constexpr const exec_facts& vllm_facts = engines::exec_facts_of(engine_kind::vllm);
double f64(const json& j) { return j.get<double>(); }

void check_footprint(const json& j, const model& m, const settings& s) {
  const footprint_bytes fp = footprint(m, s);
  CHECK(u64(j["weights_bytes"]) == fp.weights);
  CHECK(u64(j["draft_weights_bytes"]) == fp.draft_weights);
  CHECK(u64(j["vision_weights_bytes"]) == fp.vision_weights);
  CHECK(u64(j["loaded_weights_bytes"]) == fp.loaded_weights);
  CHECK(u64(j["kv_bytes_per_token"]) == fp.kv_per_token);
  CHECK(u64(j["swa_kv_bytes_per_token"]) == fp.swa_kv_per_token);
  CHECK(u64(j["swa_window_tokens"]) == fp.swa_window);
  CHECK(u64(j["state_bytes_per_seq"]) == fp.state_per_seq);
  CHECK(u64(j["conv_bytes_per_seq"]) == fp.conv_per_seq);
  CHECK(u64(j["weight_floor_bytes"]) == weight_floor_bytes(m));
}

void check_roofline(const json& j, const device_roofline& r) {
  CHECK(j["basis"].get<std::string>() == std::string(r.basis.view()));
  CHECK(j["measured"].get<bool>() == r.measured);
  CHECK(f64(j["dram_gbps"]) == r.r.dram_gbps);
  CHECK(f64(j["bf16_tflops"]) == r.r.bf16_tflops);
  CHECK(f64(j["fp8_tflops"]) == r.r.fp8_tflops);
  CHECK(f64(j["nvfp4_tflops"]) == r.r.nvfp4_tflops);
}

void check_step(const json& j, const step_estimate& st, std::uint64_t tokens) {
  CHECK(f64(j["step_us"]) == st.total_us);
  CHECK(f64(j["tokens_per_s"]) == static_cast<double>(tokens) / (st.total_us / 1e6));
  CHECK(f64(j["memory_bound_us"]) == st.memory_bound_us);
  CHECK(f64(j["compute_bound_us"]) == st.compute_bound_us);
}

// fit's answer under an engine, which report and header share (docs/cli-json.md): usable =
// the loaded weights + the pool's whole blocks, needed = the loaded weights + the blocks of
// `seqs` requests of `context` tokens.
std::uint64_t pool_usable(const engine_memory& em) {
  return em.loaded_weights_bytes_per_rank + em.kv_cache_blocks * em.block_bytes;
}
std::uint64_t pool_needed(const engine_memory& em, std::uint64_t seqs, std::uint64_t context) {
  return em.loaded_weights_bytes_per_rank + seqs * detail::request_blocks(em, context) * em.block_bytes;
}

}  // namespace

namespace {
// The every-pair checks run in `parts` CTest entries (models i, i + parts, i + 2 parts, ...), so
// that CTest spreads them over the cores: together they still cover every model x device.
constexpr std::size_t parts = 4;  // one TEST_CASE per part and check below
std::vector<const model*> models_of_part(std::size_t part) {
  std::vector<const model*> ms;
  for (std::size_t i = part; i < models::all.size(); i += parts) ms.push_back(models::all[i]);
  return ms;
}
// The devices the part's models are checked on: all of them, or the sanitizers' sample, which
// pairs every model of a part with the same devices (its index is `part` modulo a multiple of the
// stride).
static_assert(parts % headroom_test::sweep_stride == 0);
std::vector<const device*> devices_of_part(std::size_t part) {
  return headroom_test::sweep_part(models::all, devices::all, part).second;
}

void check_report_json(std::size_t part) {
  const std::vector<std::uint64_t> batches{1, 16, 128};
  const std::vector<std::uint64_t> tokens{4096, 32768};
  const std::vector<const device*> ds = devices_of_part(part);
  for (const model* m : models_of_part(part)) {
    for (const device* d : ds) {
      INFO(m->id, " on ", d->id);
      const query q = default_query(*m, *d);
      const report::options o{};
      const json j = printed(report_json(q, o, report::compute(*m, *d, q.r, o)));
      CHECK(j["schema_version"] == 1);
      CHECK(j["model"]["id"] == std::string(m->id));
      CHECK(j["device"]["id"] == std::string(d->id));
      CHECK(u64(j["device"]["usable_bytes"]) == usable_bytes(*d, engines::usable));
      CHECK(u64(j["device"]["memory_bytes"]) == d->memory_bytes);
      check_roofline(j["roofline"], q.r);
      check_footprint(j["footprint"], *m, {});
      CHECK(f64(j["weight_floor_us"]) == weight_floor_us(*m, q.r));
      // The engine answer (vLLM by default) for one sequence of the report's context.
      const engine_memory em = engine_memory_of(*m, *d, {1, 4096, {}});
      CHECK(j["fits"].get<bool>() == fits(*m, *d, {1, 4096, {}}));
      CHECK(u64(j["engine"]["loaded_weights_bytes_per_rank"]) == em.loaded_weights_bytes_per_rank);
      CHECK(u64(j["engine"]["available_kv_cache_bytes"]) == em.available_kv_cache_bytes);
      CHECK(u64(j["engine"]["kv_cache_tokens"]) == em.kv_cache_tokens);
      CHECK(u64(j["engine"]["pool_tokens_per_group"]) == em.pool_tokens_per_group);
      CHECK(u64(j["engine"]["block_size_tokens"]) == em.block_size_tokens);
      CHECK(j["engine"]["engine_starts"].get<bool>() == em.engine_starts);
      REQUIRE(j["decode"].size() == batches.size());
      for (std::size_t i = 0; i < batches.size(); ++i) {
        const step_estimate st = decode_step(*m, *d, q.r, batches[i], 4096, {}, {}, vllm_facts);
        CHECK(u64(j["decode"][i]["batch"]) == batches[i]);
        CHECK(u64(j["decode"][i]["context_tokens"]) == 4096);
        check_step(j["decode"][i], st, batches[i]);
        // The breakdown sums to the step (same additions, row by row, in any order: 1e-9 relative).
        double sum = 0;
        for (const json& n : j["decode"][i]["nodes"]) sum += f64(n["time_us"]);
        CHECK(sum == doctest::Approx(st.total_us).epsilon(1e-9));
      }
      REQUIRE(j["prefill"].size() == tokens.size());
      for (std::size_t i = 0; i < tokens.size(); ++i) {
        CHECK(u64(j["prefill"][i]["tokens"]) == tokens[i]);
        check_step(j["prefill"][i], prefill(*m, *d, q.r, tokens[i], {}, {}, vllm_facts), tokens[i]);
      }
      const json& table = j["fit_table"];
      CHECK(u64(table["usable_bytes"]) == pool_usable(em));
      const std::vector<std::uint64_t> ladder{1, 2, 4, 8, 16, 32, 64, 128};
      REQUIRE(table["rows"].size() == ladder.size());
      for (std::size_t bi = 0; bi < ladder.size(); ++bi) {
        CHECK(u64(table["rows"][bi]["seqs"]) == ladder[bi]);
        for (std::size_t ci = 0; ci < tokens.size(); ++ci) {
          const json& cell = table["rows"][bi]["cells"][ci];
          CHECK(u64(cell["context_tokens"]) == tokens[ci]);
          CHECK(u64(cell["needed_bytes"]) ==
                pool_needed(engine_memory_of(*m, *d, {ladder[bi], tokens[ci], {}}), ladder[bi], tokens[ci]));
          CHECK(cell["fits"].get<bool>() == fits(*m, *d, {ladder[bi], tokens[ci], {}}));
        }
      }
      for (std::size_t ci = 0; ci < tokens.size(); ++ci) {
        CHECK(u64(table["max_seqs"][ci]["max_seqs"]) == max_seqs(*m, *d, tokens[ci], {}));
      }
    }
  }
}

}  // namespace

TEST_CASE("matrix --json: every model x device equals the core") {
  const settings base = matrix_settings();
  CHECK(base.ssm_h == state_dtype::bf16);  // vLLM keeps recurrent states in the model dtype
  const engine allocated = matrix_query{}.e;
  CHECK(allocated.evict_sliding);       // and only a sliding layer's window (as_allocated)
  // One matrix of every pair; under the sanitizers one per residue of the model index, on the
  // devices sweep_sample.hpp pairs it with.
  for (std::size_t part = 0; part < headroom_test::sweep_stride; ++part) {
    const auto [ms, ds] = headroom_test::sweep_part(models::all, devices::all, part);
    const json j = printed(matrix_json(compute_matrix(ms, ds)));
    REQUIRE(j["rows"].size() == ms.size() * ds.size());
    std::size_t i = 0;
    for (const model* m : ms) {
      // ... unless the config names one (Qwen3.5's mamba_ssm_dtype), which vLLM then keeps.
      settings s = base;
      if (m->config_state_dtype) s.ssm_h = *m->config_state_dtype;
      // And the KV dtype the quantization config names (ModelOpt's FP8 KV cache), as vLLM does.
      if (m->config_kv_dtype) s.kv = *m->config_kv_dtype;
      for (const device* d : ds) {
        INFO(m->id, " on ", d->id);
        const json& row = j["rows"][i++];
        CHECK(row["model"]["id"] == std::string(m->id));
        CHECK(row["device"]["id"] == std::string(d->id));
        check_roofline(row["roofline"], default_roofline(*d));
        const std::vector<std::uint64_t> batches{1, 16, 128};
        for (std::size_t b = 0; b < batches.size(); ++b) {
          CHECK(f64(row["decode"][b]["step_us"]) == decode_step(*m, *d, default_roofline(*d), batches[b], 4096, s, {}, vllm_facts).total_us);
        }
        const json& fit = row["fit"];
        CHECK(u64(fit["needed_bytes"]) == pool_needed(engine_memory_of(*m, *d, {1, 4096, s, allocated}), 1, 4096));
        CHECK(fit["fits"].get<bool>() == fits(*m, *d, {1, 4096, s}));
        CHECK(u64(fit["max_seqs"]) == max_seqs(*m, *d, 4096, s));
        const engine_memory em = engine_memory_of(*m, *d, {1, 4096, s});
        CHECK(fit["engine"]["engine_starts"].get<bool>() == em.engine_starts);
        CHECK(u64(fit["engine"]["available_kv_cache_bytes"]) == em.available_kv_cache_bytes);
        CHECK(u64(fit["engine"]["kv_cache_blocks"]) == em.kv_cache_blocks);
        // Advice: the smallest valid plan that holds it under vLLM (null when it fits), never
        // ceil(need / usable).
        const auto plan = fits(*m, *d, {1, 4096, s}) ? std::nullopt : smallest_plan(*m, *d, {1, 4096, s});
        if (plan) {
          CHECK(u64(fit["advice_plan"]["tp"]) == plan->tp);
          CHECK(u64(fit["advice_plan"]["pp"]) == plan->pp);
          CHECK(u64(fit["advice_plan"]["ep"]) == plan->ep);
          CHECK(valid(*m, *plan));
        } else {
          CHECK(fit["advice_plan"].is_null());
        }
      }
    }
  }
}

namespace {
void check_commands_json(std::size_t part) {
  const settings fp8{.kv = kv_dtype::fp8};
  const std::vector<const device*> ds = devices_of_part(part);
  for (const model* m : models_of_part(part)) {
    for (const device* d : ds) {
      INFO(m->id, " on ", d->id);
      query q = default_query(*m, *d);
      q.s = fp8;
      const json f = printed(fit_command_json(q, compute_fit(*m, *d, fp8, 8, 32768)));
      check_footprint(f["footprint"], *m, fp8);
      const engine_memory em8 = engine_memory_of(*m, *d, {8, 32768, fp8});
      CHECK(u64(f["fit"]["bytes_per_seq"]) == detail::request_blocks(em8, 32768) * em8.block_bytes);
      CHECK(u64(f["fit"]["needed_bytes"]) == pool_needed(em8, 8, 32768));
      CHECK(u64(f["fit"]["usable_bytes"]) == pool_usable(em8));
      CHECK(f["fit"]["fits"].get<bool>() == fits(*m, *d, {8, 32768, fp8}));
      CHECK(u64(f["fit"]["max_seqs"]) == max_seqs(*m, *d, 32768, fp8));

      const json dj = printed(decode_json(q, compute_decode(q, {2, 64}, {1024, 65536})));
      REQUIRE(dj["runs"].size() == 4);
      std::size_t i = 0;
      for (std::uint64_t c : {1024ULL, 65536ULL}) {
        for (std::uint64_t b : {2ULL, 64ULL}) {
          const json& run = dj["runs"][i++];
          CHECK(u64(run["batch"]) == b);
          CHECK(u64(run["context_tokens"]) == c);
          check_step(run, decode_step(*m, *d, q.r, b, c, fp8, {}, vllm_facts), b);
        }
      }
      const json pj = printed(prefill_json(q, compute_prefill(q, {1000})));
      check_step(pj["runs"][0], prefill(*m, *d, q.r, 1000, fp8, {}, vllm_facts), 1000);

      const json hj = printed(header_json(q, compute_header(q, 4, 8192), macro_prefix(*q.m, *q.d)));
      const json& c = hj["constants"];
      CHECK(u64(c["needed_bytes"]) == pool_needed(engine_memory_of(*m, *d, {4, 8192, fp8}), 4, 8192));
      CHECK(u64(c["max_seqs"]) == max_seqs(*m, *d, 8192, fp8));
      // Nanoseconds rounded to the nearest (docs/cli.md).
      CHECK(u64(c["decode_step_ns"]) ==
            static_cast<std::uint64_t>(decode_step(*m, *d, q.r, 4, 8192, fp8, {}, vllm_facts).total_us * 1000.0 + 0.5));
      CHECK(u64(c["prefill_ns"]) == static_cast<std::uint64_t>(prefill(*m, *d, q.r, 8192, fp8, {}, vllm_facts).total_us * 1000.0 + 0.5));
    }
  }
}

}  // namespace

// One CTest entry per part and check (doctest_discover_tests lists each TEST_CASE).
TEST_CASE("report --json: every model x device equals the core (models 0 mod 4)") { check_report_json(0); }
TEST_CASE("report --json: every model x device equals the core (models 1 mod 4)") { check_report_json(1); }
TEST_CASE("report --json: every model x device equals the core (models 2 mod 4)") { check_report_json(2); }
TEST_CASE("report --json: every model x device equals the core (models 3 mod 4)") { check_report_json(3); }
TEST_CASE("fit, decode, prefill and header --json: every model x device equals the core (models 0 mod 4)") {
  check_commands_json(0);
}
TEST_CASE("fit, decode, prefill and header --json: every model x device equals the core (models 1 mod 4)") {
  check_commands_json(1);
}
TEST_CASE("fit, decode, prefill and header --json: every model x device equals the core (models 2 mod 4)") {
  check_commands_json(2);
}
TEST_CASE("fit, decode, prefill and header --json: every model x device equals the core (models 3 mod 4)") {
  check_commands_json(3);
}

namespace {
// Computed by the compiler: the CLI's run-time numbers equal constant evaluation's.
constexpr const model& llama = models::llama_3_1_8b_instruct;
constexpr const model& qwen = models::qwen3_next_80b_a3b_instruct;
constexpr double llama_h100_c128 =
    decode_step(llama, devices::h100_sxm, default_roofline(devices::h100_sxm), 128, 4096, {}).total_us;
constexpr double qwen_gb10_p32k = prefill(qwen, devices::gb10, default_roofline(devices::gb10), 32768, {}).total_us;
constexpr std::uint64_t qwen_b200_max_4k = max_seqs(qwen, devices::b200, 4096, {});
}  // namespace

TEST_CASE("the CLI's JSON equals constant evaluation and published numbers") {
  const json llama_h100 = printed(report_json(default_query(llama, devices::h100_sxm), {},
                                              report::compute(llama, devices::h100_sxm, default_roofline(devices::h100_sxm), {})));
  CHECK(f64(llama_h100["decode"][2]["step_us"]) == llama_h100_c128);
  // Published: model.safetensors.index.json total_size 16,060,522,496; KV per token = 32 layers
  // x 8 KV heads x 128 x (K, V) x 2 bytes; usable = 81,559 MiB x 0.9, rounded down.
  CHECK(u64(llama_h100["footprint"]["weights_bytes"]) == 16'060'522'496ULL);
  CHECK(u64(llama_h100["footprint"]["kv_bytes_per_token"]) == 32ULL * 8 * 128 * 2 * 2);
  CHECK(u64(llama_h100["device"]["usable_bytes"]) == 81'559ULL * 1'048'576 * 9 / 10);
  // The reference decode C=128 on H100 SXM: 25.465 ms (tests/runtime/estimates_test.cpp), within 0.5 %.
  CHECK(f64(llama_h100["decode"][2]["step_us"]) == doctest::Approx(25465.0).epsilon(0.005));

  const json qwen_gb10 = printed(prefill_json(default_query(qwen, devices::gb10),
                                              compute_prefill(default_query(qwen, devices::gb10), {32768})));
  CHECK(f64(qwen_gb10["runs"][0]["step_us"]) == qwen_gb10_p32k);
  // Qwen3-Next KV per token: 12 full-attention layers x 2 KV heads x 256 x (K, V) x 2 bytes.
  const json qwen_b200 = printed(fit_command_json(default_query(qwen, devices::b200),
                                                  compute_fit(qwen, devices::b200, {}, 1, 4096)));
  CHECK(u64(qwen_b200["footprint"]["kv_bytes_per_token"]) == 12ULL * 2 * 256 * 2 * 2);
  CHECK(u64(qwen_b200["fit"]["max_seqs"]) == qwen_b200_max_4k);
}
