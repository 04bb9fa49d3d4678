// SPDX-License-Identifier: MIT
// headroom importer: a Hugging Face checkpoint's config.json (and its quantization config) ->
// the family's dims -> the family's constexpr builder, called at run time -> a `model`.
// Strict: every key of the config is used, ignored with a stated reason, or refused; nothing is
// guessed. docs/importing.md lists the families, the keys and the quantization formats.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <headroom/model.hpp>

#include "headroom/input/usage_error.hpp"

namespace headroom::cli::import {

/// A refused config: one line naming the file, the key and why. The CLI exits 2.
class import_error : public usage_error {
 public:
  /// The message names what the file holds (keys, tensor names): a control character in it is
  /// shown escaped (printable), never sent to the terminal raw.
  explicit import_error(const std::string& what) : usage_error(printable(what)) {}
};

/// One dims member as the importer set it, for the header emitter.
struct dim_value {
  std::string group;    ///< the dims piece it belongs to ("gqa"), empty for a direct member
  std::string member;
  std::string text;     ///< C++ spelling: 4096, true, "M-M*"
  bool is_default = false;  ///< equal to the dims struct's default: the emitter omits it
};

/// An imported model. It owns the strings the model's string_views point at, so it is neither
/// copied nor moved: hold it by the unique_ptr `import_config` returns.
struct imported {
  imported() = default;
  imported(const imported&) = delete;
  imported& operator=(const imported&) = delete;

  std::string id;
  std::string name;
  std::string repo;
  std::string files;
  std::string notes;
  std::string model_type;
  std::string config_path;  ///< as given
  std::string quant_path;   ///< as given; empty: none
  std::deque<std::string> strings;  ///< string dims (hybrid_override_pattern)
  std::vector<dim_value> dims;
  std::vector<std::string> rule_exprs;  ///< each precision rule as the C++ a model header writes
  model m{};
};

/// What to import: a config.json file or a checkpoint folder (its config.json, and its
/// hf_quant_config.json when `quant` is empty and the folder has one).
struct import_request {
  std::string config;
  std::string quant;  ///< --quant FILE (hf_quant_config.json); empty: none
  std::string id;     ///< empty: the folder's name in snake_case
};

std::unique_ptr<imported> import_config(const import_request& r);

/// The constexpr model header of an imported model, in the form of the shipped ones.
/// `command` is the command line the banner names.
std::string emit_header(const imported& im, std::string_view command);

/// The model id: `requested` (--id), or else the snake_case of the checkpoint's `folder`; a
/// name that is not snake_case or not a valid C identifier (identifiers.hpp) is an import_error.
std::string model_id(std::string_view requested, std::string_view folder, std::string_view file);

/// `text` in snake_case: lowercase, every run of other characters one `_` ("Qwen3-4B" -> "qwen3_4b").
std::string snake_case(std::string_view text);

}  // namespace headroom::cli::import
