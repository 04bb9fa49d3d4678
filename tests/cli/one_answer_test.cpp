// SPDX-License-Identifier: MIT
// One answer per question: `fit`, `report` and `header` on the same model, device and load agree
// on every number they share (usable and needed bytes, the maximum sequences, the verdict), under
// vLLM (the default) and under --engine none; and the engine's numbers are the pool's own
// arithmetic, written out here from the engine section's block counts.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "in_process_json.hpp"

namespace {
using headroom::cli::testing::run;
using headroom::cli::testing::run_json;
using json = nlohmann::json;

struct shared {
  std::uint64_t usable = 0;
  std::uint64_t need = 0;
  std::uint64_t max_seqs = 0;
  bool fits = false;
};

// The three commands' numbers for `seqs` x 4096 tokens (the report's table holds 4096 and the
// ladder 1..128), extra flags appended to each.
void three_agree(const std::string& model, const std::string& device, std::uint64_t seqs, const std::vector<std::string>& extra,
                 shared& out) {
  std::vector<std::string> fit{"fit", model, device, "--context", "4096", "--seqs", std::to_string(seqs), "--exit-zero"};
  std::vector<std::string> report{"report", model, device};
  std::vector<std::string> header{"header", model, device, "--context", "4096", "--seqs", std::to_string(seqs)};
  for (const auto& e : extra) fit.push_back(e), report.push_back(e), header.push_back(e);
  const json f = run_json(fit)["fit"];
  const json r = run_json(report)["fit_table"];
  const json h = run_json(header)["constants"];
  std::size_t row = 0;
  while (r["rows"][row]["seqs"].get<std::uint64_t>() != seqs) ++row;
  const json& cell = r["rows"][row]["cells"][0];
  REQUIRE(cell["context_tokens"] == 4096);
  REQUIRE(r["max_seqs"][0]["context_tokens"] == 4096);
  out = {f["usable_bytes"].get<std::uint64_t>(), f["needed_bytes"].get<std::uint64_t>(), f["max_seqs"].get<std::uint64_t>(),
         f["fits"].get<bool>()};
  CHECK(h["usable_bytes"] == out.usable);
  CHECK(r["max_seqs"][0]["usable_bytes"] == out.usable);
  CHECK(h["needed_bytes"] == out.need);
  CHECK(cell["needed_bytes"] == out.need);
  CHECK(h["max_seqs"] == out.max_seqs);
  CHECK(r["max_seqs"][0]["max_seqs"] == out.max_seqs);
  CHECK(h["fits"] == out.fits);
  CHECK(cell["fits"] == out.fits);
}

}  // namespace

TEST_CASE("fit, report and header give vLLM's one answer") {
  shared a;
  three_agree("llama_3_1_8b_instruct", "h100_sxm", 64, {}, a);
  const json em = run_json({"fit", "llama_3_1_8b_instruct", "h100_sxm", "--context", "4096"})["fit"]["engine"];
  const std::uint64_t blocks = em["kv_cache_blocks"];
  const std::uint64_t block_bytes = em["terms"]["block_bytes"];
  const std::uint64_t weights = em["loaded_weights_bytes_per_rank"];
  // Llama-3.1-8B: 32 layers x 8 KV heads x 128 x 2 (K, V) x 2 bytes = 131,072 B a token; a
  // 16-token block over the 32 layers = 2,097,152 B; one 4096-token request = 4096 / 16 = 256
  // blocks; the checkpoint's total_size 16,060,522,496 B (model.safetensors.index.json).
  CHECK(block_bytes == 16 * 131072);
  CHECK(weights == 16060522496ULL);
  CHECK(a.usable == weights + blocks * block_bytes);
  CHECK(a.need == weights + 64 * 256 * block_bytes);
  CHECK(a.max_seqs == blocks / 256);
  CHECK(a.fits == (64 <= blocks / 256));
  // The Markdown says it once: no 0.9 arithmetic, no second maximum.
  const auto f = run({"fit", "llama_3_1_8b_instruct", "h100_sxm", "--context", "4096", "--seqs", "64"});
  CHECK(f.out.find("x 0.9") == std::string::npos);
  CHECK(f.out.find("| quantity | bytes | GiB |") != std::string::npos);
  const auto r = run({"report", "llama_3_1_8b_instruct", "h100_sxm"});
  CHECK(r.out.find("on the ladder") == std::string::npos);
  CHECK(r.out.find("exactly") == std::string::npos);
  CHECK(r.out.find("Memory fit under vLLM") != std::string::npos);
  CHECK(r.out.find("Max C @4k: " + std::to_string(a.max_seqs) + ";") != std::string::npos);
}

TEST_CASE("fit, report and header give the arithmetic's one answer under --engine none") {
  shared a;
  three_agree("llama_3_1_8b_instruct", "h100_sxm", 64, {"--engine", "none"}, a);
  // 85,520,809,984 B visible (nvidia-smi 81,559 MiB) x 0.9 = 76,968,728,985.6, rounded down;
  // need = 16,060,522,496 + 64 x 4096 x 131,072 = 50,420,260,864; max = floor((76,968,728,985 -
  // 16,060,522,496) / 536,870,912) = 113.
  CHECK(a.usable == 76968728985ULL);
  CHECK(a.need == 50420260864ULL);
  CHECK(a.max_seqs == 113);
  CHECK(a.fits);
  const auto h = run({"header", "llama_3_1_8b_instruct", "h100_sxm", "--seqs", "64", "--context", "4096", "--engine", "none"});
  CHECK(h.out.find(" * engine:   none") != std::string::npos);
}

TEST_CASE("--context defaults to the engine's length flag") {
  const auto given = run({"fit", "llama_3_1_8b_instruct", "h100_sxm", "--max-model-len", "8192", "--context", "8192", "--json"});
  const auto implied = run({"fit", "llama_3_1_8b_instruct", "h100_sxm", "--max-model-len", "8192", "--json"});
  REQUIRE(given.code == 0);
  CHECK(implied.out == given.out);
  // llama.cpp: one slot is --ctx-size / --parallel cells (65,536 / 4 = 16,384).
  const json slot = run_json({"fit", "llama_3_1_8b_instruct", "h100_sxm", "--engine", "llama.cpp", "--ctx-size", "65536",
                              "--parallel", "4", "--seqs", "4"})["fit"];
  CHECK(slot["context_tokens"] == 16384);
  // The slot as llama.cpp pads it (llama-context.cpp, n_pad 256): --ctx-size 32k = 32,000 cells
  // padded to 32,768, / 4 = 8,192 a slot; the context is the slot's reach, not 32,000 / 4 = 8,000.
  const json padded = run_json({"fit", "llama_3_1_8b_instruct", "h100_sxm", "--engine", "llama.cpp", "--ctx-size", "32k",
                                "--parallel", "4", "--seqs", "4"})["fit"];
  CHECK(padded["context_tokens"] == 8192);
}

TEST_CASE("--max-model-len auto is vLLM's auto-fit: the longest request whose pages fit the pool") {
  // vllm/v1/core/kv_cache_utils.py @001cabc _estimate_max_model_len_from_groups: the largest L
  // with group_size x page x sum(cdiv(bytes(L), page)) <= available. Llama-3.1-8B has one group
  // of full attention in 16-token pages: cdiv(L, 16) pages, so L = 16 x floor(available / page)
  // = 16 x the pool's blocks; L + 1 would need one page more than the pool has.
  const json f = run_json({"fit", "llama_3_1_8b_instruct", "h100_sxm", "--max-model-len", "auto"})["fit"];
  const std::uint64_t blocks = f["engine"]["kv_cache_blocks"];
  const std::uint64_t page = f["engine"]["terms"]["block_bytes"];
  const std::uint64_t available = f["engine"]["available_kv_cache_bytes"];
  CHECK(f["engine"]["max_model_len"] == 16 * blocks);
  CHECK(f["context_tokens"] == 16 * blocks);
  CHECK(blocks * page <= available);
  CHECK((blocks + 1) * page > available);
  CHECK(f["fits"] == true);
  const auto refused = run({"fit", "llama_3_1_8b_instruct", "h100_sxm", "--engine", "sglang", "--max-model-len", "auto"});
  CHECK(refused.code == 2);
}

TEST_CASE("plan: the best plan of each size people run; --gpus N; absurd sizes named, not proposed") {
  const json all = run_json({"plan", "llama_3_1_70b_instruct", "h100_sxm", "--seqs", "16", "--context", "32768"});
  REQUIRE(!all["plans"].empty());
  std::uint64_t last = 0;
  for (const json& p : all["plans"]) {
    const std::uint64_t n = p["plan"]["ranks"];
    // 1, 2, 4, 8 (one node), then whole nodes of 8 up to 64; one row a size, in size order.
    CHECK((n == 1 || n == 2 || n == 4 || n == 8 || (n % 8 == 0 && n <= 64)));
    CHECK(n > last);
    last = n;
    CHECK(p["decode_tokens_per_s_per_gpu"].get<double>() == doctest::Approx(p["decode_tokens_per_s"].get<double>() / static_cast<double>(n)));
  }
  const json eight = run_json({"plan", "llama_3_1_70b_instruct", "h100_sxm", "--seqs", "16", "--context", "32768", "--gpus", "8"});
  REQUIRE(!eight["plans"].empty());
  double previous = 0;
  for (const json& p : eight["plans"]) {
    CHECK(p["plan"]["ranks"] == 8);
    CHECK(p["decode_step_us"].get<double>() >= previous);
    previous = p["decode_step_us"];
  }
  // The size-8 row of the default listing is the fastest plan of 8.
  for (const json& p : all["plans"]) {
    if (p["plan"]["ranks"] == 8) CHECK(p["plan"] == eight["plans"][0]["plan"]);
  }
  // gpt-oss-120b at 64 x 131,072 tokens on 10 GB RTX 3080s: no plan of up to 64 devices, and the
  // smallest that holds it is a size, not a proposal.
  const json absurd = run_json({"plan", "gpt_oss_120b", "rtx_3080", "--seqs", "64", "--context", "131072"});
  CHECK(absurd["plans"].empty());
  REQUIRE(!absurd["smallest_plan_beyond"].is_null());
  CHECK(absurd["smallest_plan_beyond"]["ranks"].get<std::uint64_t>() > 64);
  const auto text = run({"fit", "gpt_oss_120b", "rtx_3080", "--seqs", "64", "--context", "131072", "--exit-zero"});
  CHECK(text.out.find("not proposed") != std::string::npos);
}

TEST_CASE("every command takes a count as `32k` (10^3) or `32K` (2^10), lists included") {
  // Each command's count and list flags, spelled with suffixes; the exit code is the command's
  // own (3: the load does not fit), never the parser's 2.
  const std::vector<std::vector<std::string>> commands{
      {"fit", "llama_3_1_8b_instruct", "h100_sxm", "--context", "32k", "--seqs", "1k", "--exit-zero"},
      {"matrix", "--context", "16k", "--batch", "1,1K", "--seqs", "2"},
      {"decode", "llama_3_1_8b_instruct", "h100_sxm", "--batch", "1,1k", "--context", "4k,32K"},
      {"prefill", "llama_3_1_8b_instruct", "h100_sxm", "--tokens", "4k,32K"},
      {"plan", "llama_3_1_70b_instruct", "h100_sxm", "--seqs", "16", "--context", "32k"},
      {"header", "llama_3_1_8b_instruct", "h100_sxm", "--seqs", "8", "--context", "4k"},
      {"report", "llama_3_1_8b_instruct", "h100_sxm", "--context", "32K"},
      {"plot", "roofline", "llama_3_1_8b_instruct", "h100_sxm", "--context", "4k", "--tokens", "512,4k,32K"},
      {"plot", "decode", "llama_3_1_8b_instruct", "h100_sxm", "--context", "8k", "--batch", "1,2,1K"},
      {"plot", "memory", "llama_3_1_8b_instruct", "h100_sxm", "--context", "8K", "--seqs", "1k"},
      {"serve", "llama_3_1_8b_instruct", "h100_sxm", "--isl", "2k", "--osl", "1K", "--concurrency", "1,16"},
      {"fit", "llama_3_1_8b_instruct", "h100_sxm", "--max-model-len", "32K"},
  };
  for (const auto& args : commands) {
    const auto r = run(args);
    CAPTURE(args.front());
    CAPTURE(r.err);
    CHECK(r.code == 0);
  }
}

namespace {
// A plan as `sla` writes it, aggregated ("1 device", "TP=8 EP=8 DP-attention") or disaggregated
// ("1P(TP 4 EP 4 DP attention) + 1D(TP 4)"), as serve's flags.
std::vector<std::string> sla_plan_flags(const json& c) {
  const std::string plan = c["plan"].get<std::string>();
  std::vector<std::string> out;
  const auto words = [](const std::string& s) {
    std::vector<std::string> w;
    std::string cur;
    for (const char ch : s) {
      if (ch == ' ') {
        if (!cur.empty()) w.push_back(cur);
        cur.clear();
      } else {
        cur += ch;
      }
    }
    if (!cur.empty()) w.push_back(cur);
    return w;
  };
  if (c["mode"] == "aggregated") {
    if (plan == "1 device") return out;
    for (const std::string& w : words(plan)) {
      if (w.rfind("TP=", 0) == 0) out.insert(out.end(), {"--tp", w.substr(3)});
      else if (w.rfind("EP=", 0) == 0) out.insert(out.end(), {"--ep", w.substr(3)});
      else if (w == "DP-attention") out.emplace_back("--dp-attention");
      else FAIL("unknown plan word " << w);
    }
    return out;
  }
  // "xP(side) + yD(side)"
  const std::size_t p_open = plan.find("P("), plus = plan.find(") + "), d_open = plan.find("D(", plus);
  REQUIRE(p_open != std::string::npos);
  REQUIRE(plus != std::string::npos);
  REQUIRE(d_open != std::string::npos);
  out.insert(out.end(), {"--disagg", "--prefill-workers", plan.substr(0, p_open), "--decode-workers",
                         plan.substr(plus + 4, d_open - plus - 4)});
  const auto side = [&](const std::string& prefix, const std::string& s) {
    const std::vector<std::string> w = words(s);
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (w[i] == "TP" && i + 1 < w.size()) out.insert(out.end(), {"--" + prefix + "-tp", w[++i]});
      else if (w[i] == "EP" && i + 1 < w.size()) out.insert(out.end(), {"--" + prefix + "-ep", w[++i]});
      else if (w[i] == "DP" && i + 1 < w.size() && w[i + 1] == "attention") out.push_back("--" + prefix + "-dp-attention"), ++i;
      else FAIL("unknown plan word " << w[i]);
    }
  };
  side("prefill", plan.substr(p_open + 2, plus - p_open - 2));
  side("decode", plan.substr(d_open + 2, plan.size() - d_open - 3));
  return out;
}
}  // namespace

TEST_CASE("every configuration `sla` lists is serve's answer for that configuration") {
  // The search and a single answer are one model: a configuration `sla` reports at a concurrency,
  // asked of `serve` with the same plan, engine and load, gives the same TTFT, TPOT and tokens/s
  // per GPU, aggregated and disaggregated, with EP and DP attention.
  struct search {
    std::string model, devices, isl, osl, ttft, tpot;
  };
  std::size_t checked = 0, disaggregated = 0, dp_attention = 0;
  for (const search& s : {search{"qwen3_32b", "h100_sxm,mi300x", "2000", "200", "2000", "60"},
                          search{"deepseek_v3", "b200", "1024", "1024", "3000", "60"}}) {
    const json j = run_json({"sla", s.model, "--devices", s.devices, "--isl", s.isl, "--osl", s.osl, "--ttft-ms", s.ttft,
                             "--tpot-ms", s.tpot, "--gpus", "8"});
    const json& configs = j["configs"];
    REQUIRE(configs.size() > 5);
    for (std::size_t i = 0; i < configs.size(); i += 3) {  // every third: both modes, every engine
      const json& c = configs[i];
      INFO(c.dump());
      std::vector<std::string> args{"serve", s.model, c["device"].get<std::string>(), "--engine", c["engine"].get<std::string>(),
                                    "--isl", s.isl, "--osl", s.osl, "--concurrency", std::to_string(c["concurrency"].get<std::uint64_t>())};
      for (const std::string& f : sla_plan_flags(c)) args.push_back(f);
      const json r = run_json(args)["runs"][0];
      INFO(r.dump());
      CHECK(r["ttft_ms"].get<double>() == c["ttft_ms"].get<double>());
      CHECK(r["tpot_ms"].get<double>() == c["tpot_ms"].get<double>());
      CHECK(r["tokens_per_s_per_gpu"].get<double>() == c["tokens_per_s_per_gpu"].get<double>());
      CHECK(r["gpus"] == c["gpus"]);
      ++checked;
      if (c["mode"] == "disaggregated") ++disaggregated;
      if (c["plan"].get<std::string>().find("DP") != std::string::npos) ++dp_attention;
    }
  }
  CHECK(checked > 20);
  CHECK(disaggregated > 3);
  CHECK(dp_attention > 1);
}

TEST_CASE("a configuration `sla` lists is at the most clients that meet both targets, to a sixteenth") {
  // The search doubles the clients until a target is missed, then bisects between the last two
  // counts until they are at most a sixteenth of the lower apart (at least 1). TTFT and TPOT only
  // grow with the clients, so a sixteenth more (at least one more) than the count reported misses
  // a target, or finds the batch no larger (the KV pool or the scheduler full: more clients only
  // wait), or serves no more tokens/s per GPU than the count reported (the search keeps the better
  // of two counts that both meet). Disaggregated configurations too, whose decode workers hold
  // fewer sequences than the clients (the rest are in a prefill worker) long before they are full.
  std::size_t checked = 0, refined = 0, several_decode = 0;
  const json j = run_json({"sla", "llama_3_1_8b_instruct", "--devices", "h100_sxm,b200", "--isl", "1000", "--osl", "100",
                           "--ttft-ms", "500", "--tpot-ms", "30", "--gpus", "4"});
  const json& configs = j["configs"];
  REQUIRE(configs.size() > 5);
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const json& c = configs[i];
    const std::string plan = c["plan"].get<std::string>();
    const bool several = plan.find("D(") != std::string::npos && plan.find(" + 1D(") == std::string::npos;
    if (i % 2 != 0 && !several) continue;  // every other one, and every one with several decode workers
    INFO(c.dump());
    const std::uint64_t n = c["concurrency"].get<std::uint64_t>();
    if (n >= 1024 && n % 1024 == 0) continue;  // the search's last count: 1024 an instance or decode worker
    if ((n & (n - 1)) != 0) ++refined;  // not a power of two: found by the bisection
    if (several) ++several_decode;
    const std::uint64_t more = n + std::max<std::uint64_t>(1, n / 16);
    std::vector<std::string> args{"serve", "llama_3_1_8b_instruct", c["device"].get<std::string>(), "--engine",
                                  c["engine"].get<std::string>(), "--isl", "1000", "--osl", "100", "--concurrency",
                                  std::to_string(n) + "," + std::to_string(more)};
    for (const std::string& f : sla_plan_flags(c)) args.push_back(f);
    const json runs = run_json(args)["runs"];
    const json& at = runs[0];
    const json& r = runs[1];
    INFO(r.dump());
    const bool misses = r["ttft_ms"].get<double>() > 500 || r["tpot_ms"].get<double>() > 30;
    const bool batch_full = r["running_batch"].get<std::uint64_t>() <= at["running_batch"].get<std::uint64_t>();
    const bool no_better = r["tokens_per_s_per_gpu"].get<double>() <= c["tokens_per_s_per_gpu"].get<double>();
    CHECK((misses || batch_full || no_better));
    ++checked;
  }
  CHECK(checked > 5);
  CHECK(refined > 3);
  CHECK(several_decode > 3);
}
