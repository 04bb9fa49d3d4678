// SPDX-License-Identifier: MIT
// headroom import: the reader of one profile's dims from a config object (importer.cpp's
// import_config binds every member of a family's dims through it), apart so that the importer
// stays one screenful of steps.
#pragma once

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <headroom/models/config_keys.hpp>

#include "headroom/import/block_configs.hpp"
#include "headroom/import/importer.hpp"
#include "headroom/import/json_keys.hpp"
#include "headroom/import/no_effect.hpp"
#include "headroom/import/ratios.hpp"
#include "headroom/import/reflect.hpp"

namespace headroom::cli::import::detail {

namespace ck = models::config_keys;

// Reads one profile's dims from a config object, recording which keys it used.
class dims_reader {
 public:
  // `scope` prefixes the keys its messages name ("text_config." for a multimodal wrapper).
  dims_reader(std::string_view file, const json& cfg, const ck::profile& p, imported& im, std::string scope = {})
      : file_(file), cfg_(cfg), p_(p), im_(im), scope_(std::move(scope)) {}

  template <typename T>
  void bind(std::string_view member, T& out) {
    const ck::binding* b = nullptr;
    for (const ck::binding& x : p_.bindings) {
      if (x.member == member) b = &x;
    }
    if (b == nullptr) {
      throw import_error(fmt::format("{}: model_type `{}` has no binding for `{}` (a headroom table bug)", file_,
                                     p_.model_type, member));
    }
    if (b->how == ck::source::fixed) {
      set_fallback(*b, out);
      return;
    }
    if (b->how == ck::source::vision_tower) {
      if constexpr (std::is_same_v<T, std::uint64_t>) {
        out = vision_params_;
        if (out > 0) note(fmt::format("vision tower: {} parameters from vision_config", out));
        return;
      }
      throw import_error(fmt::format("{}: `{}` cannot count a vision tower (a headroom table bug)", file_, member));
    }
    used_.insert(std::string(b->key));
    if (!b->gate.empty()) {
      used_.insert(std::string(b->gate));
      const json* g = find(b->gate);
      if (g != nullptr && !g->is_null() && !as_bool(file_, k(b->gate), *g)) {
        set_fallback(*b, out);
        return;
      }
    }
    const json* v = find(b->key);
    if (b->how == ck::source::period) {
      if constexpr (std::is_same_v<T, std::uint64_t>) {
        if (v == nullptr || !v->is_array()) fail_key(file_, k(b->key), "expected an array of layer types");
        const auto full = std::find(v->begin(), v->end(), json("full_attention"));
        if (full == v->end()) fail_key(file_, k(b->key), "has no \"full_attention\" layer");
        out = static_cast<std::uint64_t>(std::distance(v->begin(), full)) + 1;
        return;
      }
    }
    if (b->how == ck::source::layer_kinds) {
      if constexpr (std::is_same_v<T, std::string_view>) {
        if (v == nullptr) fail_key(file_, k(b->key), fmt::format("missing (required by model_type `{}`)", p_.model_type));
        im_.strings.push_back(layer_kinds_pattern(file_, k(b->key), *v));
        out = im_.strings.back();
        return;
      }
      throw import_error(fmt::format("{}: `{}` reads layer types but is not a pattern (a headroom table bug)", file_, member));
    }
    if (b->how == ck::source::block_attention || b->how == ck::source::block_ffn) {
      if constexpr (std::is_same_v<T, std::array<std::uint16_t, 256>>) {
        if (v == nullptr) fail_key(file_, k(b->key), fmt::format("missing (required by model_type `{}`)", p_.model_type));
        const std::uint64_t width = required_uint(b->num);
        out = b->how == ck::source::block_attention ? block_kv_heads(file_, k(b->key), *v, width)
                                                    : block_ffn_units(file_, k(b->key), *v, width);
        return;
      }
      throw import_error(fmt::format("{}: `{}` reads block_configs but is not a per-layer list (a headroom table bug)", file_, member));
    }
    if (b->how == ck::source::is_text) {
      if constexpr (std::is_same_v<T, bool>) {
        if (v == nullptr || v->is_null()) {
          set_fallback(*b, out);
        } else {
          if (!v->is_string()) fail_key(file_, k(b->key), fmt::format("expected a string, got {}", shown_value(*v)));
          out = v->get<std::string>() == b->num;
        }
        return;
      }
      throw import_error(fmt::format("{}: `{}` compares a string but is not a flag (a headroom table bug)", file_, member));
    }
    if (v == nullptr || v->is_null()) {
      switch (b->how) {
        case ck::source::required:
          fail_key(file_, k(b->key), fmt::format("missing (required by model_type `{}`)", p_.model_type));
        case ck::source::optional:
          set_fallback(*b, out);
          note(fmt::format("{} absent: {}", b->key, b->why));
          return;
        case ck::source::quotient:
          if constexpr (std::is_same_v<T, std::uint64_t>) {
            const std::uint64_t n = required_uint(b->num);
            const std::uint64_t d = required_uint(b->den);
            if (d == 0 || n % d != 0) {
              fail_key(file_, k(b->key), fmt::format("absent, and {} / {} = {} / {} is not a whole number", b->num, b->den, n, d));
            }
            out = n / d;
            note(fmt::format("{} absent: {} / {} = {} ({})", b->key, b->num, b->den, out, b->why));
            return;
          } else {
            break;
          }
        case ck::source::fixed:
        case ck::source::period:
        case ck::source::vision_tower:
        case ck::source::is_text:
        case ck::source::layer_kinds:
        case ck::source::block_attention:
        case ck::source::block_ffn: break;
      }
      throw import_error(fmt::format("{}: binding of `{}` cannot be a quotient (a headroom table bug)", file_, member));
    }
    assign(b->key, *v, out, b->how == ck::source::required);
  }

  // Each layer_types array against the circuit the family built: the importer owns no layer
  // pattern, so what it accepts is what the circuit holds, layer by layer. A windowed layer is
  // "sliding_attention", or "chunked_attention" where the family reads Llama 4's chunks as a window.
  void check_layer_types(const circuit& built) const {
    for (const ck::check& c : layer_types_) {
      const json& v = *find(c.key);
      if (c.kind == ck::check_kind::indexer_schedule) {
        check_indexer_schedule(built, c, v);
        continue;
      }
      std::vector<layer_kind> kinds(v.size(), layer_kind::none);
      for (std::size_t i = 0; i < built.n_instances; ++i) {
        const instance& in = built.instances[i];
        if (in.sec != section::main || in.layer >= kinds.size() || kinds[in.layer] != layer_kind::none) continue;
        if (in.kind != layer_kind::none && in.kind != layer_kind::mlp) kinds[in.layer] = in.kind;
      }
      for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string_view want = kinds[i] == layer_kind::full_attention     ? "full_attention"
                                      : kinds[i] == layer_kind::linear_attention ? "linear_attention"
                                      : kinds[i] != layer_kind::sliding_attention ? name(kinds[i])
                                      : c.kind == ck::check_kind::layer_types_chunked ? "chunked_attention"
                                                                                      : "sliding_attention";
        if (v[i] != want) {
          fail_key(file_, k(c.key), fmt::format("layer {} is {}, the importer needs \"{}\" ({})", i, shown_value(v[i]), want, c.why));
        }
      }
    }
  }

  // The checks of the profile, once the dims are read.
  void run_checks(std::uint64_t layers, std::uint64_t interval, std::string_view pattern, std::string_view mtp_pattern,
                  std::uint64_t mtp_layers, std::uint64_t first_dense, std::uint64_t moe_step) {
    for (const ck::check& c : p_.checks) {
      used_.insert(std::string(c.key));
      const json* v = find(c.key);
      if (v == nullptr) continue;  // absent: the class's default, which is the value checked
      switch (c.kind) {
        case ck::check_kind::equals: {
          const json want = json::parse(c.expected);
          if (*v != want) fail_key(file_, k(c.key), fmt::format("is {}, the importer needs {} ({})", shown_value(*v), c.expected, c.why));
          break;
        }
        case ck::check_kind::equals_key: {
          const json* other = find(c.expected);
          if (other == nullptr || *v != *other) {
            fail_key(file_, k(c.key), fmt::format("is {}, the importer needs the value of `{}` ({})", shown_value(*v), c.expected, c.why));
          }
          break;
        }
        case ck::check_kind::layer_types_alternate:
        case ck::check_kind::layer_types_interval:
        case ck::check_kind::layer_types_every:
        case ck::check_kind::layer_types_period:
        case ck::check_kind::layer_types_chunked:
        case ck::check_kind::indexer_schedule:
          if (!v->is_array() || v->size() != layers) {
            fail_key(file_, k(c.key), fmt::format("expected an array of num_hidden_layers ({}) strings", layers));
          }
          layer_types_.push_back(c);  // held against the circuit once it is built
          break;
        case ck::check_kind::mtp_modules: {
          const std::uint64_t n = as_uint(file_, k(c.key), *v);
          const std::uint64_t want = mtp_pattern.empty() ? 0 : 1;
          if (n != want) {
            fail_key(file_, k(c.key), fmt::format("is {}, the importer needs {} {} mtp_hybrid_override_pattern ({})", n, want,
                                               mtp_pattern.empty() ? "without an" : "with an", c.why));
          }
          break;
        }
        case ck::check_kind::every_entry: {
          const json want = json::parse(c.expected);
          if (!v->is_array() || v->size() != layers) {
            fail_key(file_, k(c.key), fmt::format("expected an array of num_hidden_layers ({}) entries", layers));
          }
          for (std::size_t i = 0; i < v->size(); ++i) {
            if ((*v)[i] != want) {
              fail_key(file_, k(c.key), fmt::format("layer {} is {}, the importer needs {} ({})", i, shown_value((*v)[i]), c.expected, c.why));
            }
          }
          break;
        }
        case ck::check_kind::dense_then_sparse: check_dense_then_sparse(file_, k(c.key), *v, layers, first_dense, c.why); break;
        case ck::check_kind::compress_ratios: check_compress_ratios(file_, k(c.key), *v, layers, mtp_layers, c.why); break;
        case ck::check_kind::last_layer_index: check_last_layer_index(file_, k(c.key), *v, layers, c.why); break;
        case ck::check_kind::layer_flags:
        case ck::check_kind::block_count:
          // One entry a layer; layer_flags' entries 0 or 1.
          if (!v->is_array() || v->size() != layers) {
            fail_key(file_, k(c.key), fmt::format("expected an array of num_hidden_layers ({}) entries ({})", layers, c.why));
          }
          for (std::size_t i = 0; c.kind == ck::check_kind::layer_flags && i < v->size(); ++i) {
            if ((*v)[i] != json(0) && (*v)[i] != json(1)) {
              fail_key(file_, k(c.key), fmt::format("layer {} is {}, the importer needs 0 or 1 ({})", i, shown_value((*v)[i]), c.why));
            }
          }
          break;
        case ck::check_kind::no_rope_every: check_no_rope_layers(file_, k(c.key), *v, layers, interval, c.why); break;
        case ck::check_kind::moe_every: check_moe_layers(file_, k(c.key), *v, layers, moe_step, c.why); break;
        case ck::check_kind::positive:
          if (as_uint(file_, k(c.key), *v) == 0) fail_key(file_, k(c.key), fmt::format("is 0, the importer needs at least 1 ({})", c.why));
          break;
        case ck::check_kind::pattern_length: {
          const std::uint64_t n = as_uint(file_, k(c.key), *v);
          if (n != pattern.size()) {
            fail_key(file_, k(c.key), fmt::format("is {}, but hybrid_override_pattern has {} characters ({})", n, pattern.size(), c.why));
          }
          break;
        }
      }
    }
  }

  // Every key is used, ignored with a reason, or refused.
  void classify() {
    for (const auto& [key, value] : cfg_.items()) {
      if (used_.count(key) != 0 || key == p_.state_dtype_key) continue;  // the latter: read_state_dtype
      if (ignored(key)) continue;
      if (const no_effect_key* n = find_no_effect("", key, value)) {
        note(no_effect_note(scope_, *n, value));
        continue;
      }
      fail_key(file_, k(key), fmt::format("unknown to model_type `{}` (neither read nor ignored with a reason; "
                                       "nothing is guessed)", p_.model_type));
    }
  }

  void note(std::string n) { notes_.push_back(std::move(n)); }
  void set_vision_params(std::uint64_t n) { vision_params_ = n; }
  [[nodiscard]] const std::vector<std::string>& notes() const { return notes_; }

 private:
  // GLM-5.2's indexer_types against the circuit: a main layer is "full" when one of its blocks
  // keeps an indexer key cache (the state `index`), "shared" when none does.
  void check_indexer_schedule(const circuit& built, const ck::check& c, const json& v) const {
    std::vector<int> full(v.size(), -1);
    for (std::size_t i = 0; i < built.n_instances; ++i) {
      const instance& in = built.instances[i];
      if (in.sec != section::main || in.layer >= full.size()) continue;
      const block& b = built.blocks[in.block];
      bool has_index = false;
      for (std::size_t s = 0; s < b.n_states; ++s) has_index = has_index || b.states[s].local == "index";
      if (has_index) full[in.layer] = 1;
      else if (full[in.layer] < 0 && b.n_states > 0) full[in.layer] = 0;
    }
    for (std::size_t i = 0; i < v.size(); ++i) {
      const std::string_view want = full[i] == 1 ? "full" : "shared";
      if (v[i] != want) {
        fail_key(file_, k(c.key), fmt::format("layer {} is {}, the importer needs \"{}\" ({})", i, shown_value(v[i]), want, c.why));
      }
    }
  }
  const json* find(std::string_view key) const {
    const auto it = cfg_.find(std::string(key));
    return it == cfg_.end() ? nullptr : &*it;
  }
  std::uint64_t required_uint(std::string_view key) {
    used_.insert(std::string(key));
    const json* v = find(key);
    if (v == nullptr || v->is_null()) fail_key(file_, k(key), fmt::format("missing (required by model_type `{}`)", p_.model_type));
    return as_uint(file_, k(key), *v);
  }
  bool ignored(std::string_view key) const {
    for (const ck::ignored& i : ck::common_ignored) {
      if (i.key == key) return true;
    }
    for (const ck::ignored& i : p_.ignored_keys) {
      if (i.key == key) return true;
    }
    return false;
  }
  template <typename T>
  void set_fallback(const ck::binding& b, T& out) {
    if constexpr (std::is_same_v<T, bool>) {
      out = b.fallback != 0;
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
      out = b.fallback;
    } else if constexpr (std::is_same_v<T, std::string_view>) {
      if (b.fallback != 0) throw import_error(fmt::format("{}: `{}` has a string fallback other than empty (a headroom table bug)", file_, b.member));
      out = {};
    } else {
      throw import_error(fmt::format("{}: `{}` has no fallback (a headroom table bug)", file_, b.member));
    }
  }
  template <typename T>
  void assign(std::string_view key, const json& v, T& out, bool required) {
    if constexpr (std::is_same_v<T, bool>) {
      out = as_bool(file_, k(key), v);
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
      out = as_uint(file_, k(key), v);
      // A zero width or count builds an empty model; no dense or hash-routed layers are real values.
      if (required && out == 0 && key != "first_k_dense_replace" && key != "num_hash_layers") fail_key(file_, k(key), "must be at least 1");
    } else if constexpr (!std::is_same_v<T, std::string_view>) {
      assign_ratios(file_, k(key), v, out);
    } else {
      if (!v.is_string()) fail_key(file_, k(key), fmt::format("expected a string, got {}", shown_value(v)));
      im_.strings.push_back(v.get<std::string>());
      out = im_.strings.back();
      if (required && out.empty()) fail_key(file_, k(key), "must not be empty");
    }
  }

  std::string_view file_;
  const json& cfg_;
  const ck::profile& p_;
  imported& im_;
  std::string scope_;
  std::set<std::string> used_;
  std::vector<ck::check> layer_types_;  // checked by check_layer_types
  std::vector<std::string> notes_;
  std::uint64_t vision_params_ = 0;

  [[nodiscard]] std::string k(std::string_view key) const { return scope_ + std::string(key); }
};

}  // namespace headroom::cli::import::detail
