// SPDX-License-Identifier: MIT
// headroom CLI: the flags a command shares turned into a query (cli_args.hpp): ids, settings,
// engine, plan and manifest, each refused (exit 2) before anything is evaluated.
#include "headroom/args/cli_args.hpp"

#include <fmt/format.h>

#include <memory>

#include "headroom/input/identifiers.hpp"
#include "headroom/checkpoint/gguf_model.hpp"
#include "headroom/import/importer.hpp"
#include "headroom/io/manifest.hpp"
#include "headroom/run.hpp"

namespace headroom::cli {

bool kv_auto(const target_flags& t) {
  return (t.kv.empty() || t.kv == "auto") && (t.engine.given("--kv-cache-dtype").empty() || t.engine.given("--kv-cache-dtype") == "auto");
}

// `--kv` as given: an explicit dtype, or BF16 until auto_kv_dtype resolves `auto` per model.
static kv_dtype kv_as_given(const target_flags& t) {
  return t.kv.empty() || t.kv == "auto" ? kv_dtype::bf16 : parse_kv(t.kv);
}

// The settings and engine a command evaluates under, from the shared flags (make_query's rules);
// `--ssm-h auto` as the engine's own default and `--kv auto` as BF16 (compute_matrix resolves
// both per model).
void settings_and_engine(const target_flags& t, settings& s, engine& e) {
  s.kv = kv_as_given(t);
  e = resolve_engine(t.engine, s.kv, !t.kv.empty() && t.kv != "auto");
  s.ssm_h = t.ssm_h == "auto" ? auto_state_dtype(e) : parse_state("--ssm-h", t.ssm_h);
  s.speculative = t.speculative;
  e.evict_sliding = t.evict_sliding;
  e = as_allocated(e);
}

// vLLM's `--max-model-len auto` (-1): the largest length whose KV for one request fits the pool
// of one rank, found by bisection over tokens with the request's bytes in whole pages, no
// further rounding (vllm/v1/core/kv_cache_utils.py _auto_fit_max_model_len and
// _estimate_max_model_len_from_groups, vllm-project/vllm @001cabc1be16a59a70d720ed61a13b678c060a18).
// vLLM also caps it at the config's derived max_model_len (max_position_embeddings), which the
// model tables do not hold: this is the pool's limit. The pool does not depend on max_model_len.
std::uint64_t max_model_len_auto(const model& m, const device& d, const settings& s, const engine& e, const parallel& p) {
  if (!engines::rules_of(e).auto_fit_length) throw usage_error("--max-model-len auto: a vLLM flag (the selected engine is not vllm)");
  const engine_memory em = engine_memory_of(m, d, {1, 1, s, e, p});
  const std::uint64_t len = detail::largest_len(em, std::uint64_t{1} << 32);
  if (len == 0) {
    // vLLM: "Cannot auto-fit max_model_len: not enough GPU memory available to serve even a single token."
    throw usage_error(fmt::format("--max-model-len auto: vLLM leaves no KV cache for one token of `{}` on `{}` ({})", m.id, d.id,
                                  name(em.stops)));
  }
  return len;
}

// MODEL and DEVICE as positionals, or --config PATH and DEVICE (then the one positional is
// the device); `defaults`: the report's qwen3_next_80b_a3b_instruct on h200_sxm when absent.
void resolve_ids(target_flags& t, std::string_view command, bool defaults) {
  if (!t.config.empty() || !t.gguf.empty()) {
    if (!t.model.empty() && !t.device.empty()) {
      throw usage_error(fmt::format("{}: --config takes the place of MODEL: give DEVICE alone", command));
    }
    if (t.device.empty()) t.device = t.model;
    t.model.clear();
    if (t.device.empty() && defaults && !t.dev.any()) t.device = default_device;
    if (t.device.empty() && !t.dev.any()) throw usage_error(fmt::format("{}: DEVICE is required", command));
    return;
  }
  if (defaults) {
    if (t.model.empty()) t.model = default_model;
    if (t.device.empty() && !t.dev.any()) t.device = default_device;
  }
  if (t.model.empty() || (t.device.empty() && !t.dev.any())) {
    throw usage_error(fmt::format("{}: MODEL and DEVICE are required (or --config PATH and DEVICE)", command));
  }
}

// Ids, flag values, the manifest: every check that can refuse the input, before evaluation.
query make_query(const target_flags& t) {
  query q{};
  if (!t.config.empty()) {
    std::shared_ptr<const import::imported> im = import::import_config({t.config, "", ""});
    q.m = &im->m;
    q.owner = im;
    q.config = t.config;
  } else if (!t.gguf.empty()) {
    std::shared_ptr<const import::imported> im = import::import_gguf(t.gguf, "");
    q.m = &im->m;
    q.owner = im;
    q.gguf = t.gguf;
  } else {
    q.m = &resolve_model(t.model);
  }
  q.d = &resolve_target_device(t.dev, t.device);
  q.s.kv = kv_as_given(t);
  // --max-model-len auto: resolved below, once the rank is known (max_model_len_auto).
  engine_flags ef = t.engine;
  std::string& max_model_len = ef.text_of("--max-model-len");
  const bool auto_len = max_model_len == "auto";
  if (auto_len) max_model_len.clear();
  q.e = resolve_engine(ef, q.s.kv, !t.kv.empty() && t.kv != "auto");
  // A knob value the engine itself refuses is refused here, before any evaluation (exit 2).
  if (const engine_finding f = check_engine(q.e); !f.ok()) {
    throw usage_error(fmt::format("engine {}: {} {}", name(q.e.kind), f.knob, describe(f.rule)));
  }
  if (kv_auto(t)) q.s.kv = auto_kv_dtype(q.e, *q.m);
  q.s.ssm_h = t.ssm_h == "auto" ? auto_state_dtype(q.e, *q.m) : parse_state("--ssm-h", t.ssm_h);
  q.s.speculative = t.speculative;
  // Fit and time use one model: sliding layers as the engine stores them (only their window
  // under every engine; all tokens under engines::none unless --evict-sliding).
  q.e.evict_sliding = t.evict_sliding;
  q.e = as_allocated(q.e);
  q.p = parse_plan(*q.m, t.plan);
  if (auto_len) q.e.vllm.max_model_len = max_model_len_auto(*q.m, *q.d, q.s, q.e, q.p);
  if (!t.measured.empty()) {
    // The path is echoed into reports, JSON and generated headers: it must print as itself.
    if (printable(t.measured) != t.measured) {
      throw usage_error(fmt::format("--measured: the path `{}` holds control characters or invalid UTF-8", t.measured));
    }
    const manifest mf = load_manifest(t.measured, q.d);
    q.r = mf.constants;
    q.manifest = t.measured;
    q.context_default = mf.context_tokens;
  } else {
    q.r = default_roofline(*q.d);
    q.context_default = q.d->has_measured ? q.d->measured.context_tokens : 4096;
  }
  return q;
}

// The flags that change a result, in canonical spelling, for regenerate lines.
std::string settings_flags(const query& q) {
  std::string s;
  if (q.s.kv != auto_kv_dtype(q.e, *q.m)) s += fmt::format(" --kv {}", name(q.s.kv));
  if (q.s.ssm_h != auto_state_dtype(q.e, *q.m)) s += fmt::format(" --ssm-h {}", name(q.s.ssm_h));
  if (q.s.speculative) s += " --speculative";
  if (q.e.evict_sliding && is_arithmetic(q.e)) s += " --evict-sliding";
  if (!q.manifest.empty()) s += fmt::format(" --measured {}", shell_word(q.manifest));
  s += engine_flags_text(q.e);
  return s + plan_cli_flags(q.p);
}

}  // namespace headroom::cli
