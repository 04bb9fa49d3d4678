// SPDX-License-Identifier: MIT
// headroom import: a Hugging Face Hub id (`org/name`) given where a local file or folder is
// expected. headroom reads local files only (no network); the refusal prints the command that
// fetches the few small files it reads, so the next step is one copy-paste away.
#pragma once

#include <string>
#include <string_view>

namespace headroom::cli::import {

/// True when `arg` names no existing path and reads as `org/name`: exactly one `/`, both
/// parts non-empty of [A-Za-z0-9._-] starting with a letter or digit, no `.json` ending.
bool looks_like_hub_id(std::string_view arg);

/// The refusal for a hub id given to `what` (e.g. `--config`): one line that says headroom
/// reads local files and ends with the command that downloads config.json and, where the repository
/// has them, hf_quant_config.json and model.safetensors.index.json into ./<name>.
std::string hub_id_message(std::string_view what, std::string_view id);

/// Throws import_error with hub_id_message when `arg` looks like a hub id; else nothing.
void refuse_hub_id(std::string_view what, std::string_view arg);

}  // namespace headroom::cli::import
