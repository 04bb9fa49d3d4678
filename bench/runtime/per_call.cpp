// SPDX-License-Identifier: MIT
// Per-call cost of the run-time entry points, on the smallest and the largest shipped model
// (by node count) and one device. Inputs live in a struct whose address escapes every
// iteration (headroom_bench::escape), so the optimiser can neither fold the constexpr tables
// into a constant nor hoist a call out of the loop; every result goes to
// benchmark::DoNotOptimize.
#include <cstdint>
#include <string>
#include <string_view>

#include <benchmark/benchmark.h>

#include <headroom/engines/exec_facts.hpp>

#include "common.hpp"
#include "per_call.hpp"

namespace headroom_bench {
namespace {

using headroom::device;
using headroom::model;

constexpr std::uint64_t per_call_context = 4096;
constexpr std::uint64_t prefill_tokens = 4096;
constexpr std::uint64_t fits_seqs = 64;

struct inputs {
  const model* m = nullptr;
  const device* d = nullptr;
  headroom::device_roofline r{};
  std::uint64_t batch = 1;
  std::uint64_t context = per_call_context;
  std::uint64_t tokens = prefill_tokens;
  headroom::settings s{};
  headroom::deployment dep{.seqs = fits_seqs, .context = per_call_context, .settings = {}};
  const headroom::exec_facts* facts = &headroom::no_exec_facts;
};

inputs make_inputs(const model* m, const device* d, std::uint64_t batch = 1) {
  inputs in{};
  in.m = m;
  in.d = d;
  in.r = headroom::default_roofline(*d);
  in.batch = batch;
  return in;
}

void bm_footprint(benchmark::State& state, inputs in) {
  for (auto _ : state) {
    escape(&in);
    headroom::footprint_bytes fp = headroom::footprint(*in.m, in.s);
    benchmark::DoNotOptimize(fp);
  }
}

void bm_weight_floor(benchmark::State& state, inputs in) {
  for (auto _ : state) {
    escape(&in);
    headroom::byte_count b = headroom::weight_floor_bytes(*in.m);
    benchmark::DoNotOptimize(b);
  }
}

void bm_decode(benchmark::State& state, inputs in) {
  for (auto _ : state) {
    escape(&in);
    headroom::step_estimate est = headroom::decode_step(*in.m, *in.d, in.r, in.batch, in.context, in.s);
    benchmark::DoNotOptimize(est);
  }
}

// The CLI's path: the overload with a plan (the single-device one) and an engine's facts.
void bm_decode_facts(benchmark::State& state, inputs in) {
  for (auto _ : state) {
    escape(&in);
    headroom::step_estimate est =
        headroom::decode_step(*in.m, *in.d, in.r, in.batch, in.context, in.s, headroom::parallel{}, *in.facts);
    benchmark::DoNotOptimize(est);
  }
}

void bm_prefill(benchmark::State& state, inputs in) {
  for (auto _ : state) {
    escape(&in);
    headroom::step_estimate est = headroom::prefill(*in.m, *in.d, in.r, in.tokens, in.s);
    benchmark::DoNotOptimize(est);
  }
}

void bm_fits(benchmark::State& state, inputs in) {
  for (auto _ : state) {
    escape(&in);
    bool ok = headroom::fits(*in.m, *in.d, in.dep);
    benchmark::DoNotOptimize(ok);
  }
}

void bm_max_seqs(benchmark::State& state, inputs in) {
  for (auto _ : state) {
    escape(&in);
    std::uint64_t n = headroom::max_seqs(*in.m, *in.d, in.context, in.s);
    benchmark::DoNotOptimize(n);
  }
}

using bench_fn = void (*)(benchmark::State&, inputs);

void add(const std::string& name, const std::string& label, bench_fn fn, const inputs& in) {
  benchmark::RegisterBenchmark(name.c_str(), [fn, in, label](benchmark::State& st) {
    st.SetLabel(label);
    fn(st, in);
  })->Unit(benchmark::kMicrosecond);
}

void register_for(const model& m, const char* which) {
  const device& d = per_call_device();
  const std::string id{m.id};
  const std::string on = "/" + std::string{d.id};
  const std::string ctx = "/ctx=" + std::to_string(per_call_context);
  const std::string label = std::string{which} + ", " + std::to_string(node_count(m)) + " nodes";
  const inputs in = make_inputs(&m, &d);
  add("footprint/" + id, label, bm_footprint, in);
  add("weight_floor_bytes/" + id, label, bm_weight_floor, in);
  for (const std::uint64_t c : {std::uint64_t{1}, std::uint64_t{16}, std::uint64_t{128}}) {
    add("decode_step/" + id + on + "/C=" + std::to_string(c) + ctx, label, bm_decode, make_inputs(&m, &d, c));
  }
  // The largest model under vLLM's kernel facts, as the CLI costs a decode step.
  if (std::string_view{which} == "largest") {
    inputs v = make_inputs(&m, &d);
    v.facts = &headroom::engines::vllm_exec;
    add("decode_step_vllm_facts/" + id + on + "/C=1" + ctx, "decode step, largest model, under vLLM's kernel facts, " +
        std::to_string(node_count(m)) + " nodes", bm_decode_facts, v);
  }
  add("prefill/" + id + on + "/T=" + std::to_string(prefill_tokens), label, bm_prefill, in);
  add("fits/" + id + on + "/seqs=" + std::to_string(fits_seqs) + ctx, label, bm_fits, in);
  add("max_seqs/" + id + on + ctx, label, bm_max_seqs, in);
}

// One model of each class on h20 (the device the issue measured), C = 1 at context 4096,
// through the documented call and the CLI's path (single-device plan, vLLM's facts): a dense
// decoder, a MoE, a hybrid (linear attention + MoE) and the three checkpoints whose precision
// rules name layers (grouped by rule set: distinct_uses.hpp).
void register_per_class() {
  struct entry {
    const char* cls;
    std::string_view id;
  };
  constexpr entry classes[] = {
      {"dense", "llama_3_1_8b_instruct"},
      {"moe", "qwen3_30b_a3b"},
      {"hybrid", "qwen3_next_80b_a3b_instruct"},
      {"layer_rules", "qwen3_8_27b_nvfp4"},
      {"layer_rules", "nemotron_3_nano_30b_a3b_nvfp4"},
      {"layer_rules", "nemotron_3_super_120b_a12b_nvfp4"},
  };
  const device& d = headroom::devices::h20;
  for (const entry& e : classes) {
    const model* m = headroom::models::find(e.id);
    if (m == nullptr) continue;  // the registry no longer ships it
    const std::string tail = "/" + std::string{e.id} + "/" + std::string{d.id} + "/C=1/ctx=" + std::to_string(per_call_context);
    const std::string label = std::string{e.cls} + ", " + std::to_string(node_count(*m)) + " nodes";
    inputs in = make_inputs(m, &d);
    add("class_decode_step/" + std::string{e.cls} + tail, label, bm_decode, in);
    in.facts = &headroom::engines::vllm_exec;
    add("class_decode_step_vllm_facts/" + std::string{e.cls} + tail, label, bm_decode_facts, in);
  }
}

}  // namespace

void register_per_call_benchmarks() {
  register_for(smallest_model(), "smallest");
  register_for(largest_model(), "largest");
  register_per_class();
}

}  // namespace headroom_bench
