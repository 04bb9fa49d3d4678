// SPDX-License-Identifier: MIT
// headroom: a small subset of the model tables for fast builds -- each model table costs its
// own constant evaluation when included, so a deployment that checks one model should include
// that model's header (e.g. <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>), and one that checks a
// few common ones this header, rather than <headroom/models.hpp>.
#pragma once

#include <headroom/models/checkpoints/openai/gpt_oss_20b.hpp>                  // IWYU pragma: export
#include <headroom/models/checkpoints/meta/llama_3_1_70b_instruct.hpp>       // IWYU pragma: export
#include <headroom/models/checkpoints/meta/llama_3_1_8b_instruct.hpp>        // IWYU pragma: export
#include <headroom/models/checkpoints/qwen/qwen3_30b_a3b.hpp>                // IWYU pragma: export
#include <headroom/models/checkpoints/qwen/qwen3_8b.hpp>                     // IWYU pragma: export
#include <headroom/models/checkpoints/qwen/qwen3_next_80b_a3b_instruct.hpp>  // IWYU pragma: export
