// SPDX-License-Identifier: MIT
// Model headers generated at build time by headroom_add_model (cmake/HeadroomAddModel.cmake)
// from tests/data/configs/: building this file is passing it. Each imported model weighs its
// published total_size (tests/data/configs/README.md gives the source of every number), or
// equals the shipped table of the same checkpoint, at compile time.
#include <headroom/footprint.hpp>
#include <headroom/models/qwen3_14b.hpp>
#include <headroom/models/qwen2_5_7b.hpp>
#include <headroom/models/qwen3_30b_a3b_nvfp4.hpp>
#include <headroom/models/imported_qwen3_30b_a3b_nvfp4.hpp>

namespace {
using namespace headroom;

// Qwen/Qwen3-14B model.safetensors.index.json: metadata.total_size 29536614400.
static_assert(footprint(models::qwen3_14b, settings{}).weights == 29'536'614'400);
// Qwen/Qwen2.5-7B-Instruct model.safetensors.index.json: metadata.total_size 15231233024.
static_assert(footprint(models::qwen2_5_7b, settings{}).weights == 15'231'233'024);
// A ModelOpt NVFP4 checkpoint (config.json + hf_quant_config.json) equals the shipped table.
static_assert(footprint(models::imported_qwen3_30b_a3b_nvfp4, settings{}).weights ==
              footprint(models::qwen3_30b_a3b_nvfp4, settings{}).weights);
static_assert(footprint(models::imported_qwen3_30b_a3b_nvfp4, settings{}).kv_per_token ==
              footprint(models::qwen3_30b_a3b_nvfp4, settings{}).kv_per_token);
}  // namespace
