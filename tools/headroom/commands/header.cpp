// SPDX-License-Identifier: MIT
#include "headroom/commands/header.hpp"
#include "headroom/input/identifiers.hpp"

#include "headroom/args/plan_cli.hpp"
#include "headroom/render/reflect_results.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <type_traits>
#include <utility>
#include <headroom/engines/exec_facts.hpp>
#include <headroom/engines/none.hpp>

namespace headroom::cli {

header_values compute_header(const query& q, std::uint64_t seqs, std::uint64_t context) {
  const model& m = *q.m;
  const device& d = *q.d;
  // Under a plan: the heaviest rank's bytes and one rank's step times (collectives included).
  const footprint_bytes fp = rank_footprint(m, q.s, q.p, q.e);
  header_values v{};
  v.seqs = seqs;
  v.context_tokens = context;
  v.footprint = fp;
  // One answer: `headroom fit`'s for the same inputs, under the query's engine (vLLM by
  // default): usable = the weights + the engine's KV pool, needed = the weights + the load's
  // blocks, max_seqs and fits the engine's; engines::none's arithmetic under --engine none.
  const fit_answer a = compute_fit(m, d, q.s, seqs, context, q.e, q.p);
  v.usable_bytes = a.usable;
  v.needed_bytes = a.need;
  v.max_seqs = a.max_seqs;
  v.weight_floor_bytes = weight_floor_bytes(m);
  v.decode_step_ns = to_ns(decode_step(m, d, q.r, seqs, context, q.s, q.p, engines::exec_facts_of(q.e)).total_us);
  v.prefill_ns = to_ns(prefill(m, d, q.r, context, q.s, q.p, engines::exec_facts_of(q.e)).total_us);
  v.fits = a.fits;
  return v;
}

std::string macro_prefix(const model& m, const device& d) {
  std::string p = "HEADROOM_";
  for (std::string_view id : {m.id, std::string_view("_"), d.id}) {
    for (char c : id) {
      if (c >= 'a' && c <= 'z') {
        p += static_cast<char>(c - 'a' + 'A');
      } else if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
        p += c;
      } else {
        p += '_';
      }
    }
  }
  return p + "_";
}

std::string resolve_macro_prefix(const model& m, const device& d, std::string_view requested) {
  if (requested.empty()) return macro_prefix(m, d);
  const auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  bool ok = letter(requested[0]) && requested.size() <= 64;
  for (char c : requested) ok = ok && (letter(c) || digit(c) || c == '_');
  if (!ok) {
    throw usage_error("--macro-prefix: expected a C identifier of at most 64 characters that starts with a letter "
                      "(letters, digits, `_`)");
  }
  std::string p(requested);
  if (p.back() != '_') p += '_';
  // The macros are <prefix>NAME; the C++ namespace is the prefix less its `_` (less HEADROOM_
  // too when it leads, as generate_header derives it): both must be identifiers.
  const std::string_view lead = "HEADROOM_";
  const std::string ns = p.compare(0, lead.size(), lead) == 0 && p.size() > lead.size() + 1
                             ? p.substr(lead.size(), p.size() - lead.size() - 1)
                             : p.substr(0, p.size() - 1);
  for (const std::string& name : {ns, p}) {
    if (const std::string why = identifier_problem(name); !why.empty()) throw usage_error("--macro-prefix: " + why);
  }
  return p;
}

namespace {

// Text from the tables goes inside a C comment: no sequence may end or nest it.
std::string comment_safe(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    out += s[i];
    if ((s[i] == '*' && i + 1 < s.size() && s[i + 1] == '/') || (s[i] == '/' && i + 1 < s.size() && s[i + 1] == '*')) {
      out += ' ';
    }
  }
  return out;
}

struct constant {
  std::string_view name;  ///< lower-case; the macro suffix is its upper-case spelling
  std::uint64_t value;
  std::string_view what;
};

// What each integer constant of header_values is, in reflect::for_each_constant's order (the
// comment after each macro). The names and values come from the descriptions; this table only
// says what they mean, and a constant added without its line here does not compile.
struct constant_doc {
  std::string_view name;
  std::string_view what;
};
constexpr std::array<constant_doc, 15> constant_docs{{
    {"seqs", "sequences of the asked load"},
    {"context_tokens", "tokens of context per sequence of the asked load"},
    {"weights_bytes", "every tensor the checkpoint stores"},
    {"loaded_weights_bytes", "weights the engine loads"},
    {"kv_bytes_per_token", "KV cache per token of one sequence"},
    {"swa_kv_bytes_per_token", "sliding-window KV per kept token"},
    {"swa_window_tokens", "tokens a sliding layer keeps (0: none)"},
    {"state_bytes_per_seq", "recurrent state per sequence"},
    {"conv_bytes_per_seq", "conv windows per sequence"},
    {"usable_bytes", "device bytes usable: visible x usable fraction"},
    {"needed_bytes", "loaded weights + seqs x per-sequence bytes"},
    {"max_seqs", "most sequences that fit at context_tokens"},
    {"weight_floor_bytes", "bytes a one-sequence decode step reads"},
    {"decode_step_ns", "decode step of seqs sequences, roofline ceiling"},
    {"prefill_ns", "prefill of context_tokens tokens, roofline ceiling"},
}};
// Every member but the last (`fits`, printed as the FITS macro) has its line, in order.
constexpr bool docs_follow_description() {
  constexpr auto names = reflect::header_constant_names();
  if (names.size() != constant_docs.size() + 1 || names.back() != "fits") return false;
  for (std::size_t i = 0; i < constant_docs.size(); ++i) {
    if (names[i] != constant_docs[i].name) return false;
  }
  return true;
}
static_assert(docs_follow_description(), "header_values and constant_docs disagree");

// Under an engine three constants are the engine's answer (compute_header), and say so.
constexpr std::array<constant_doc, 3> engine_docs{{
    {"usable_bytes", "loaded weights + the engine's KV pool (whole blocks)"},
    {"needed_bytes", "loaded weights + the pool blocks of seqs x context_tokens"},
    {"max_seqs", "most sequences of context_tokens the engine holds"},
}};

// The integer constants of `v` with what each is.
std::array<constant, constant_docs.size()> constants_of(const header_values& v, bool engine) {
  std::array<constant, constant_docs.size()> out{};
  std::size_t i = 0;
  reflect::for_each_constant(v, [&](std::string_view name, const auto& value) {
    if constexpr (std::is_same_v<std::decay_t<decltype(value)>, std::uint64_t>) {
      out[i] = {name, value, constant_docs[i].what};
      for (const constant_doc& e : engine_docs) {
        if (engine && e.name == name) out[i].what = e.what;
      }
      ++i;
    }
  });
  return out;
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

}  // namespace

std::string generate_header(const query& q, const header_values& v, const std::string& command, const std::string& prefix) {
  const model& m = *q.m;
  const device& d = *q.d;
  const std::string guard = prefix + "H";
  // The C++ namespace: the prefix less `HEADROOM_` (when it is the derived one) and its `_`.
  const std::string_view derived_lead = "HEADROOM_";
  std::string ns = prefix.compare(0, derived_lead.size(), derived_lead) == 0 && prefix.size() > derived_lead.size() + 1
                       ? prefix.substr(derived_lead.size(), prefix.size() - derived_lead.size() - 1)
                       : prefix.substr(0, prefix.size() - 1);
  for (char& c : ns) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  if (!ns.empty() && ns[0] >= '0' && ns[0] <= '9') ns = "m" + ns;

  const bool arithmetic = is_arithmetic(q.e);
  const auto constants = constants_of(v, !arithmetic);
  std::size_t width = 0;
  for (const constant& c : constants) width = std::max(width, prefix.size() + c.name.size());
  width = std::max(width, prefix.size() + 4);  // FITS

  std::string out;
  auto w = [&out](fmt::format_string<std::string> f, std::string a) { fmt::format_to(std::back_inserter(out), f, std::move(a)); };
  auto line = [&out](std::string_view s) {
    out += s;
    out += '\n';
  };
  line(fmt::format("/* GENERATED by headroom {} -- do not edit.", version()));
  line(" *");
  line(" * Regenerate with:");
  line(fmt::format(" *   {}", comment_safe(command)));
  line(" *");
  line(fmt::format(" * model:    {} ({}), checkpoint {}", m.id, comment_safe(m.name), comment_safe(m.source.repo)));
  if (arithmetic) {
    line(fmt::format(" * device:   {} ({}), {} B visible x {}", d.id, comment_safe(d.name), d.memory_bytes,
                     num(static_cast<double>(usable_share_of(d, engines::usable).permille) / 1000.0)));
    line(" * engine:   none (the arithmetic: usable = visible x the share above)");
  } else {
    line(fmt::format(" * device:   {} ({}), {} B visible", d.id, comment_safe(d.name), d.memory_bytes));
    line(fmt::format(" * engine:   {} ({}): the answer of `headroom fit` for the same inputs", display_name(q.e.kind),
                     engine_flags_text(q.e).empty() ? std::string("its defaults") : comment_safe(engine_flags_text(q.e).substr(1))));
  }
  line(fmt::format(" * roofline: {}", comment_safe(q.r.basis.view())));
  line(fmt::format(" *           DRAM {} GB/s, BF16 {} / FP8 {} TFLOPS{}{}", num(q.r.r.dram_gbps), num(q.r.r.bf16_tflops),
                   num(q.r.r.fp8_tflops),
                   d.runs(mma_kind::fp4_block_scale) ? fmt::format(" / NVFP4 {} TFLOPS", num(q.r.r.nvfp4_tflops))
                                                     : std::string("; no native NVFP4"),
                   projection_label(q.r)));
  line(fmt::format(" * manifest: {}", q.manifest.empty() ? std::string("none") : comment_safe(q.manifest)));
  line(fmt::format(" * settings: {}", describe(q.s, q.e, m)));
  line(fmt::format(" * load:     {} sequence{} x {} tokens", v.seqs, v.seqs == 1 ? "" : "s", v.context_tokens));
  if (!(q.p == parallel{})) {
    line(fmt::format(" * plan:     {} ({} devices): every byte count is the heaviest rank's, every time one rank's",
                     plan_text(q.p), q.p.ranks()));
  }
  const std::string held = arithmetic ? std::string() : fmt::format(" ({} sequences at most)", v.max_seqs);
  line(v.fits ? fmt::format(" * fits:     yes, {} of {} usable bytes{}", v.needed_bytes, v.usable_bytes, held)
              : fmt::format(" * fits:     NO, {} of {} usable bytes{}: every build that includes this header fails",
                            v.needed_bytes, v.usable_bytes, held));
  line(" *");
  line(" * Bytes are exact. Times are roofline ceilings (sums of per-node max(bytes / bandwidth,");
  line(" * FLOPs / peak): the fastest the step can be) in nanoseconds, rounded to the nearest.");
  if (arithmetic) {
    line(" * Not counted: activations, workspaces, the CUDA context, allocator slack.");
    line(" * FITS is 1 when NEEDED_BYTES <= USABLE_BYTES; a load that does not fit fails every build");
  } else {
    line(fmt::format(" * USABLE_BYTES is what {} leaves the weights and the KV cache once its other terms", display_name(q.e.kind)));
    line(" * (activations, sampler, CUDA graphs, non-torch memory) are paid; docs/engines.md gives each.");
    line(" * FITS is 1 when SEQS <= MAX_SEQS (the engine starts, its pool holds the blocks and its");
    line(" * scheduler takes the sequences); a load that does not fit fails every build");
  }
  line(" * that includes this header (the static assertion at its end).");
  line(" */");
  w("#ifndef {}\n", guard);
  w("#define {}\n\n", guard);
  for (const constant& c : constants) {
    out += fmt::format("#define {:<{}} {}ULL /* {} */\n", prefix + upper(c.name), width, c.value, c.what);
  }
  out += fmt::format("#define {:<{}} {}\n\n", prefix + "FITS", width, v.fits ? 1 : 0);
  line("#ifdef __cplusplus");
  line("namespace headroom_generated {");
  w("namespace {} {{\n", ns);
  for (const constant& c : constants) {
    out += fmt::format("constexpr unsigned long long {} = {}{};\n", c.name, prefix, upper(c.name));
  }
  out += fmt::format("constexpr bool fits = {}FITS != 0;\n", prefix);
  w("}}  // namespace {}\n", ns);
  line("}  // namespace headroom_generated");
  const std::string message =
      fmt::format("\"headroom: {} x {} tokens of {} does not fit in the usable bytes of {}\"", v.seqs, v.context_tokens,
                  m.id, d.id);
  // The condition FITS states: the arithmetic's bytes, or the engine's maximum.
  const std::string holds = arithmetic ? fmt::format("{0}NEEDED_BYTES <= {0}USABLE_BYTES", prefix)
                                       : fmt::format("{0}SEQS <= {0}MAX_SEQS", prefix);
  out += fmt::format("static_assert({},\n              {});\n", holds, message);
  line("#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L");
  out += fmt::format("_Static_assert({},\n               {});\n", holds, message);
  line("#else /* C99: an array of negative size names the failure */");
  out += fmt::format("typedef char {}LOAD_DOES_NOT_FIT_IN_USABLE_BYTES[({}) ? 1 : -1];\n", prefix, holds);
  line("#endif");
  w("\n#endif /* {} */\n", guard);
  return out;
}

}  // namespace headroom::cli
