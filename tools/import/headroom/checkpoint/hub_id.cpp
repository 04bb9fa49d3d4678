// SPDX-License-Identifier: MIT
#include "headroom/checkpoint/hub_id.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <system_error>

#include "headroom/import/importer.hpp"

namespace headroom::cli::import {

namespace {

// The Hub's repository name characters (huggingface_hub validate_repo_id: letters, digits,
// `-`, `_`, `.`; no leading `-` or `.`).
bool hub_part(std::string_view s) {
  if (s.empty() || s.size() > 96) return false;
  const auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
  if (!alnum(s.front())) return false;
  for (char c : s) {
    if (!alnum(c) && c != '-' && c != '_' && c != '.') return false;
  }
  return true;
}

}  // namespace

bool looks_like_hub_id(std::string_view arg) {
  const std::size_t slash = arg.find('/');
  if (slash == std::string_view::npos || arg.find('/', slash + 1) != std::string_view::npos) return false;
  if (!hub_part(arg.substr(0, slash)) || !hub_part(arg.substr(slash + 1))) return false;
  if (arg.size() >= 5 && arg.substr(arg.size() - 5) == ".json") return false;
  std::error_code ec;
  return !std::filesystem::exists(std::filesystem::path(std::string(arg)), ec);
}

std::string hub_id_message(std::string_view what, std::string_view id) {
  const std::string_view name = id.substr(id.find('/') + 1);
  // --include takes patterns: a file the repository lacks is skipped, not an error.
  return fmt::format(
      "{} `{}`: no such local path, and headroom reads local files only (it looks like a Hugging Face Hub id); "
      "fetch the small files it reads (no weights) with: "
      "huggingface-cli download {} --include config.json hf_quant_config.json model.safetensors.index.json "
      "--local-dir {}",
      what, id, id, name);
}

void refuse_hub_id(std::string_view what, std::string_view arg) {
  if (looks_like_hub_id(arg)) throw import_error(hub_id_message(what, arg));
}

}  // namespace headroom::cli::import
