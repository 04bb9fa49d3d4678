// SPDX-License-Identifier: MIT
#include "headroom/args/common.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <optional>
#include <tuple>

#include <headroom/devices.hpp>
#include <headroom/models.hpp>
#include <headroom/serve.hpp>

#ifndef HEADROOM_VERSION
#error "HEADROOM_VERSION must be defined by the build (CMake's PROJECT_VERSION)"
#endif

namespace headroom::cli {

std::string_view version() { return HEADROOM_VERSION; }

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0u : 1u)});
      diag = up;
    }
  }
  return row[b.size()];
}

namespace {
// Case, dots and dashes do not count as typos: `Llama-3.1-8B-Instruct` is near
// `llama_3_1_8b_instruct`.
std::string fold(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c == '-' || c == '.') c = '_';
  }
  return out;
}
}  // namespace

std::vector<std::string_view> nearest(std::string_view wanted, const std::vector<std::string_view>& known, std::size_t most) {
  const std::string w = fold(wanted);
  // A typo: at most a third of the longer spelling (and 2 for short ids) edited away.
  // Ids that start with `wanted` rank first, then by distance, then by spelling.
  std::vector<std::tuple<bool, std::size_t, std::string_view>> close;
  for (std::string_view id : known) {
    const std::string k = fold(id);
    const std::size_t limit = std::max<std::size_t>(2, std::max(w.size(), k.size()) / 3);
    const bool prefix = !w.empty() && k.compare(0, w.size(), w) == 0;
    // The distance is at least the difference in length: past the limit, no need to compute it
    // (a 10 MB argument against every id was seconds of work for no suggestion).
    const std::size_t apart = w.size() > k.size() ? w.size() - k.size() : k.size() - w.size();
    if (apart > limit && !prefix) continue;
    const std::size_t dist = edit_distance(w, k);
    if (dist <= limit || prefix) close.emplace_back(!prefix, dist, id);
  }
  std::sort(close.begin(), close.end());
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < close.size() && i < most; ++i) out.push_back(std::get<2>(close[i]));
  return out;
}

std::string normalize_id(std::string_view id) {
  std::string out(id);
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

namespace {
// "unknown device `x` (nearest: a, b; `headroom list devices` lists all)", and what follows the
// list where a kind of entry has another way in.
std::string unknown_message(std::string_view what, std::string_view id, const std::vector<std::string_view>& near,
                            std::string_view list_cmd, std::string_view more = {}) {
  std::string hint;
  for (std::string_view n : near) hint += (hint.empty() ? "nearest: " : ", ") + std::string(n);
  if (hint.empty()) hint = "no known id is close";
  return fmt::format("unknown {} `{}` ({}; `headroom list {}` lists all{})", what, id, hint, list_cmd, more);
}

// A Hub repository without its organisation: `Llama-3.1-8B-Instruct` of `meta-llama/...`.
std::string_view repo_name(std::string_view repo) {
  const std::size_t slash = repo.find('/');
  return slash == std::string_view::npos ? repo : repo.substr(slash + 1);
}
}  // namespace

std::string unknown_device_message(std::string_view id) {
  std::vector<std::string_view> ids;
  for (const device* d : devices::all) ids.push_back(d->id);
  return unknown_message("device", id, nearest(id, ids), "devices");
}

namespace {
// The spellings people type for an entry, compared after fold(): its id, its display name and,
// for a model, its Hub repository id with or without the organisation. `GB10`,
// `Llama-3.1-8B-Instruct` and `meta-llama/Llama-3.1-8B-Instruct` all name an entry.
bool spelled(std::string_view folded, std::string_view id, std::string_view display, std::string_view repo) {
  if (folded == fold(id) || folded == fold(display)) return true;
  if (repo.empty()) return false;
  return folded == fold(repo) || folded == fold(repo_name(repo));
}

template <typename Entry, typename Entries, typename Repo>
const Entry* find_spelled(std::string_view wanted, const Entries& all, Repo repo_of, std::string_view what) {
  const std::string folded = fold(wanted);
  const Entry* found = nullptr;
  for (const Entry* e : all) {
    if (!spelled(folded, e->id, e->name, repo_of(*e))) continue;
    if (found != nullptr && found != e) {
      throw usage_error(fmt::format("{} `{}` is ambiguous: it names `{}` and `{}`; use an id", what, wanted, found->id, e->id));
    }
    found = e;
  }
  return found;
}
}  // namespace

namespace {
// A model typed the way its Hub page spells it (`deepseek-ai/DeepSeek-R1-0528`) is compared with
// every model's id, display name and Hub repository (without its organisation), and the
// suggestions are the ids those spellings belong to, an alias's or another tool's name's
// (models/aliases.hpp) its model's:
// `DeepSeek-R1-0528` is nearest `DeepSeek-R1`, read as `deepseek_v3`, which no id is close to.
// An unshipped checkpoint has a way in: its config.json.
std::string unknown_model_message(std::string_view id) {
  const std::string_view tail = repo_name(id);
  std::vector<std::string_view> spellings;
  std::vector<std::string_view> owner;
  for (const model* m : models::all) {
    for (std::string_view v : {m->id, m->name, repo_name(m->source.repo)}) {
      if (v.empty()) continue;
      spellings.push_back(v);
      owner.push_back(m->id);
    }
  }
  for (const models::model_alias& a : models::aliases) {
    for (std::string_view v : {a.alias, repo_name(a.repo)}) {
      spellings.push_back(v);
      owner.push_back(a.id);
    }
  }
  for (const models::model_tool_name& t : models::tool_names) {
    spellings.push_back(t.spelled);
    owner.push_back(models::find_tool_name(t.name)->id);
  }
  // Every close spelling, nearest first, of the whole argument and then of its repository part:
  // the first three models they belong to.
  std::vector<std::string_view> ids;
  for (std::string_view wanted : {id, tail}) {
    for (std::string_view n : nearest(wanted, spellings, spellings.size())) {
      const auto at = static_cast<std::size_t>(std::find(spellings.begin(), spellings.end(), n) - spellings.begin());
      if (std::find(ids.begin(), ids.end(), owner[at]) == ids.end() && ids.size() < 3) ids.push_back(owner[at]);
    }
  }
  return unknown_message("model", id, ids, "models", "; a checkpoint not shipped: --config PATH/config.json");
}
}  // namespace

const model& resolve_model(std::string_view id) {
  if (const model* m = models::find(normalize_id(id))) return *m;
  // A checkpoint published under another name with the same config (`deepseek-ai/DeepSeek-R1`):
  // its alias id, its Hub repository, or the repository without its organisation.
  const std::string folded = fold(id);
  for (const models::model_alias& a : models::aliases) {
    if (spelled(folded, a.alias, a.alias, a.repo)) return *models::find(a.id);
  }
  // Another tool's name for it (NVIDIA aiconfigurator's `LLAMA3.1_8B`, `QWEN3_235B`).
  if (const model* m = models::find_tool_name(folded)) return *m;
  if (const model* m = find_spelled<model>(id, models::all, [](const model& e) { return e.source.repo; }, "model")) return *m;
  throw usage_error(unknown_model_message(id));
}

const device& resolve_device(std::string_view id) {
  if (const device* d = devices::find(normalize_id(id))) return *d;
  for (const devices::device_alias& a : devices::aliases) {  // `DGX-Spark`, `H100`: folded like every spelling
    if (fold(a.alias) == fold(id)) return *devices::find(a.id);
  }
  if (const device* d = find_spelled<device>(id, devices::all, [](const device&) { return std::string_view{}; }, "device")) return *d;
  throw usage_error(unknown_device_message(id));
}

// Every count and list flag reads through the one count parser (vLLM's suffixes included).
std::uint64_t parse_positive(std::string_view flag, std::string_view text) { return parse_count(flag, text); }

namespace {
std::vector<std::string_view> split_commas(std::string_view flag, std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (item.empty()) throw usage_error(fmt::format("{}: `{}` has an empty item (expected a,b,c)", flag, text));
    out.push_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}
}  // namespace

std::uint16_t parse_bounded(std::string_view flag, std::string_view text, std::uint16_t max) {
  const std::uint64_t v = parse_positive(flag, text);
  if (v > max) throw usage_error(fmt::format("{}: `{}` is above {}", flag, text, max));
  return static_cast<std::uint16_t>(v);
}

std::vector<std::uint64_t> parse_positive_list(std::string_view flag, std::string_view text) {
  std::vector<std::uint64_t> out;
  for (std::string_view item : split_commas(flag, text)) out.push_back(parse_positive(flag, item));
  return out;
}

std::vector<std::string> parse_id_list(std::string_view flag, std::string_view text) {
  std::vector<std::string> out;
  for (std::string_view item : split_commas(flag, text)) out.emplace_back(item);
  return out;
}

namespace {
__extension__ typedef unsigned __int128 u128;  // exact products of a 64-bit mantissa and a unit
// `text` as digits[.digits] times `unit`, exactly; nullopt when it is not a whole number.
std::optional<std::uint64_t> scaled_decimal(std::string_view num, std::uint64_t unit) {
  if (num.empty()) return std::nullopt;
  const std::size_t dot = num.find('.');
  const std::string_view whole = num.substr(0, dot);
  const std::string_view frac_part = dot == std::string_view::npos ? std::string_view{} : num.substr(dot + 1);
  auto digits = [](std::string_view t) { return std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }); };
  if (whole.empty() || !digits(whole) || !digits(frac_part) || (dot != std::string_view::npos && frac_part.empty())) return std::nullopt;
  if (frac_part.size() > 18) return std::nullopt;
  u128 mant = 0;
  u128 den = 1;
  for (char c : whole) {
    mant = mant * 10 + static_cast<unsigned>(c - '0');
    if (mant > UINT64_MAX) return std::nullopt;
  }
  for (char c : frac_part) {
    mant = mant * 10 + static_cast<unsigned>(c - '0');
    den *= 10;
  }
  const u128 v = mant * unit;
  if (v % den != 0 || v / den > UINT64_MAX) return std::nullopt;
  return static_cast<std::uint64_t>(v / den);
}
}  // namespace

std::uint64_t parse_count(std::string_view flag, std::string_view text) {
  std::uint64_t unit = 1;
  std::string_view num = text;
  if (!text.empty()) {
    switch (text.back()) {
      case 'k': unit = 1'000; break;
      case 'm': unit = 1'000'000; break;
      case 'g': unit = 1'000'000'000; break;
      case 'K': unit = 1ULL << 10; break;
      case 'M': unit = 1ULL << 20; break;
      case 'G': unit = 1ULL << 30; break;
      default: break;
    }
    if (unit != 1) num.remove_suffix(1);
  }
  const auto v = scaled_decimal(num, unit);
  const bool digits = !num.empty() && std::all_of(num.begin(), num.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!v && digits) throw usage_error(fmt::format("{}: `{}` does not fit in 64 bits", flag, text));
  if (!v) throw usage_error(fmt::format("{}: `{}` is not a positive integer (suffixes: 32k = 32000, 32K = 32768)", flag, text));
  if (*v == 0) throw usage_error(fmt::format("{}: must be at least 1, got `{}`", flag, text));
  return *v;
}

std::uint64_t parse_bytes(std::string_view flag, std::string_view text) {
  struct suffix {
    std::string_view s;
    std::uint64_t unit;
  };
  // Longest first, so `GiB` is not read as `B`.
  constexpr suffix suffixes[] = {{"KiB", 1ULL << 10}, {"MiB", 1ULL << 20}, {"GiB", 1ULL << 30}, {"TiB", 1ULL << 40},
                                 {"kB", 1'000},       {"KB", 1'000},       {"MB", 1'000'000},   {"GB", 1'000'000'000},
                                 {"TB", 1'000'000'000'000}, {"B", 1}};
  std::uint64_t unit = 1;
  std::string_view num = text;
  for (const suffix& x : suffixes) {
    if (text.size() > x.s.size() && text.substr(text.size() - x.s.size()) == x.s) {
      unit = x.unit;
      num = text.substr(0, text.size() - x.s.size());
      break;
    }
  }
  const auto v = scaled_decimal(num, unit);
  if (!v) throw usage_error(fmt::format("{}: `{}` is not a whole byte size (e.g. 21474836480, 20GiB, 1.5GiB, 80GB)", flag, text));
  if (*v == 0) throw usage_error(fmt::format("{}: must be at least 1 byte, got `{}`", flag, text));
  return *v;
}

fraction parse_fraction(std::string_view flag, std::string_view text) {
  const auto v = scaled_decimal(text, 1'000'000);
  if (!v || *v == 0 || *v > 1'000'000) {
    throw usage_error(fmt::format("{}: `{}` is not a fraction in (0, 1] with at most 6 decimals (e.g. 0.9)", flag, text));
  }
  return {static_cast<std::uint32_t>(*v)};
}

kv_dtype parse_kv(std::string_view text) {
  if (const auto k = try_parse_kv_dtype(text)) return *k;
  throw usage_error(fmt::format("--kv: unknown dtype `{}` (expected auto, bf16 or fp8)", text));
}

state_dtype parse_state(std::string_view flag, std::string_view text) {
  if (const auto s = try_parse_state_dtype(text)) return *s;
  throw usage_error(fmt::format("{}: unknown dtype `{}` (expected f32, bf16 or f16)", flag, text));
}

std::string describe(const settings& s, const engine& e) {
  return fmt::format("kv_cache_dtype={}, ssm_h_dtype={}, conv_dtype={}, speculative={}, evict_sliding={}", name(s.kv),
                     name(s.ssm_h), name(s.conv), s.speculative ? "on" : "off", e.evict_sliding ? "on" : "off");
}

std::string describe(const settings& s, const engine& e, const model& m) {
  const footprint_bytes fp = footprint(m, s, e);
  std::string out = fmt::format("kv_cache_dtype={}", name(s.kv));
  if (fp.state_per_seq != 0 || fp.conv_per_seq != 0) out += fmt::format(", ssm_h_dtype={}, conv_dtype={}", name(s.ssm_h), name(s.conv));
  if (has_draft_head(m)) out += fmt::format(", speculative={}", s.speculative ? "on" : "off");
  return out + fmt::format(", evict_sliding={}", e.evict_sliding ? "on" : "off");
}

std::string num(double v) { return fmt::format("{}", v); }

}  // namespace headroom::cli
