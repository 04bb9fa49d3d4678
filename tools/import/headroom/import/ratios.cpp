// SPDX-License-Identifier: MIT
#include "headroom/import/ratios.hpp"

#include <fmt/format.h>

namespace headroom::cli::import {

std::array<std::uint16_t, 256> read_ratios(std::string_view file, std::string_view key, const json& v, std::size_t capacity) {
  if (!v.is_array()) fail_key(file, key, fmt::format("expected an array of unsigned integers, got {}", shown_value(v)));
  if (v.size() > capacity) fail_key(file, key, fmt::format("has {} entries, more than the family holds ({})", v.size(), capacity));
  std::array<std::uint16_t, 256> out{};
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::uint64_t x = as_uint(file, fmt::format("{}[{}]", key, i), v[i]);
    if (x > 0xffff) fail_key(file, fmt::format("{}[{}]", key, i), fmt::format("{} is too large", x));
    out[i] = static_cast<std::uint16_t>(x);
  }
  return out;
}

void check_compress_ratios(std::string_view file, std::string_view key, const json& v, std::uint64_t layers,
                           std::uint64_t mtp_layers, std::string_view why) {
  if (!v.is_array() || v.size() != layers + mtp_layers) {
    fail_key(file, key, fmt::format("expected an array of num_hidden_layers + num_nextn_predict_layers ({} + {}) entries",
                                    layers, mtp_layers));
  }
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] != 0 && v[i] != 4 && v[i] != 128) {
      fail_key(file, key, fmt::format("layer {} is {}, the importer needs 0, 4 or 128 ({})", i, shown_value(v[i]), why));
    }
  }
}

void check_dense_then_sparse(std::string_view file, std::string_view key, const json& v, std::uint64_t layers,
                             std::uint64_t first_dense, std::string_view why) {
  if (!v.is_array() || v.size() != layers) {
    fail_key(file, key, fmt::format("expected an array of num_hidden_layers ({}) strings", layers));
  }
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::string want = i < first_dense ? "dense" : "sparse";
    if (v[i] != want) {
      fail_key(file, key, fmt::format("layer {} is {}, the importer needs \"{}\" with first_k_dense_replace {} ({})", i,
                                      shown_value(v[i]), want, first_dense, why));
    }
  }
}

void check_last_layer_index(std::string_view file, std::string_view key, const json& v, std::uint64_t layers,
                            std::string_view why) {
  const bool minus_one = v.is_number_integer() && v.get<std::int64_t>() == -1;
  if (!minus_one && (!v.is_number_unsigned() || v.get<std::uint64_t>() + 1 != layers)) {
    fail_key(file, key, fmt::format("is {}, the importer needs -1 or num_hidden_layers - 1 = {} ({})", shown_value(v), layers - 1, why));
  }
}

void check_no_rope_layers(std::string_view file, std::string_view key, const json& v, std::uint64_t layers,
                          std::uint64_t interval, std::string_view why) {
  if (!v.is_array() || (!v.empty() && v.size() != layers)) {
    fail_key(file, key, fmt::format("expected [] or an array of num_hidden_layers ({}) entries 0 or 1", layers));
  }
  for (std::size_t i = 0; i < v.size(); ++i) {
    const int want = interval != 0 && (i + 1) % interval == 0 ? 0 : 1;
    if (v[i] != want) {
      fail_key(file, key, fmt::format("layer {} is {}, the importer needs {} with no_rope_layer_interval {} ({})", i,
                                      shown_value(v[i]), want, interval, why));
    }
  }
}

void check_moe_layers(std::string_view file, std::string_view key, const json& v, std::uint64_t layers, std::uint64_t step,
                      std::string_view why) {
  if (v.is_null()) return;
  json want = json::array();
  for (std::uint64_t l = 0; step != 0 && l < layers; ++l) {
    if ((l + 1) % step == 0) want.push_back(l);
  }
  if (v != want) {
    fail_key(file, key, fmt::format("is {}, the importer needs every layer l with (l + 1) % interleave_moe_layer_step ({}) == 0 ({})",
                                    shown_value(v), step, why));
  }
}

std::string layer_kinds_pattern(std::string_view file, std::string_view key, const json& v) {
  if (!v.is_array()) fail_key(file, key, "expected an array of layer types");
  std::string pattern;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] == "mamba") {
      pattern += 'M';
    } else if (v[i] == "attention") {
      pattern += '*';
    } else {
      fail_key(file, key, fmt::format("layer {} is {}, the importer needs \"mamba\" or \"attention\"", i, shown_value(v[i])));
    }
  }
  return pattern;
}

}  // namespace headroom::cli::import
