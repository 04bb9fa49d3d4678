// SPDX-License-Identifier: MIT
// A model from a GGUF file (gguf.hpp): the circuit from its metadata (general.architecture and
// the `<arch>.*` widths) through the same family builders config.json uses, the stored weights
// the exact sum of its tensor table (model::file_weights). docs/gguf.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "headroom/checkpoint/gguf.hpp"
#include "headroom/import/importer.hpp"

namespace headroom::cli::import {

/// The model of the GGUF file at `path`; `id` empty: the file's name in snake_case. An
/// architecture no family takes, or a missing or ill-typed width, is an import_error naming the
/// file and key.
std::unique_ptr<imported> import_gguf(const std::string& path, std::string_view id);

/// `headroom verify --gguf`: the tensor table's bytes by ggml type and the layout facts, Markdown.
std::string gguf_report(const gguf_header& h, const std::string& path);

}  // namespace headroom::cli::import
