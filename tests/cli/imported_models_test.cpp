// SPDX-License-Identifier: MIT
// Model headers generated at build time by headroom_add_model (cmake/HeadroomAddModel.cmake)
// from tests/data/configs/: building this file is passing it. Each imported model weighs its
// published total_size (tests/data/configs/README.md gives the source of every number), or
// equals the shipped table of the same checkpoint, at compile time.
#include <headroom/footprint.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_14b.hpp>
#include <headroom/models/imported_qwen3_14b.hpp>
#include <headroom/models/checkpoints/qwen2_5/qwen2_5_7b.hpp>
#include <headroom/models/imported_qwen2_5_7b.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_30b_a3b_nvfp4.hpp>
#include <headroom/models/imported_qwen3_30b_a3b_nvfp4.hpp>
#include <headroom/models/checkpoints/deepseek/deepseek_v3.hpp>
#include <headroom/models/checkpoints/openai/gpt_oss_20b.hpp>
#include <headroom/models/checkpoints/nvidia/nvidia_nemotron_nano_9b_v2.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_next_80b_a3b_instruct.hpp>
#include <headroom/models/imported_deepseek_v3.hpp>
#include <headroom/models/imported_gpt_oss_20b.hpp>
#include <headroom/models/imported_nvidia_nemotron_nano_9b_v2.hpp>
#include <headroom/models/imported_qwen3_next_80b_a3b_instruct.hpp>
#include <headroom/models/checkpoints/google/gemma_4_31b.hpp>
#include <headroom/models/imported_gemma_4_31b.hpp>
#include <headroom/models/checkpoints/nvidia/nemotron_3_nano_30b_a3b_nvfp4.hpp>
#include <headroom/models/imported_nemotron_3_nano_30b_a3b_nvfp4.hpp>
#include <headroom/models/checkpoints/minimax/minimax_m2_7.hpp>
#include <headroom/models/imported_minimax_m2_7.hpp>
#include <headroom/models/qwen2_5_7b_instruct_awq.hpp>
#include <headroom/models/llama_3_1_8b_instruct_w4a16.hpp>
#include <headroom/models/deepseek_v2_lite.hpp>
#include <headroom/models/gemma_3_12b_it.hpp>
#include <headroom/models/checkpoints/qwen3_vl/qwen3_vl_30b_a3b_instruct.hpp>
#include <headroom/models/imported_qwen3_vl_30b_a3b_instruct.hpp>
#include <headroom/models/checkpoints/xiaomi/mimo_v2_flash.hpp>
#include <headroom/models/imported_mimo_v2_flash.hpp>
#include <headroom/models/checkpoints/meta/llama_4_scout_17b_16e.hpp>
#include <headroom/models/imported_llama_4_scout_17b_16e.hpp>
#include <headroom/models/ernie_4_5_21b_a3b_pt.hpp>
#include <headroom/models/phi_3_5_moe_instruct.hpp>
#include <headroom/models/granite_4_0_h_tiny.hpp>
#include <headroom/models/checkpoints/nvidia/llama_3_3_nemotron_super_49b_v1.hpp>
#include <headroom/models/imported_llama_3_3_nemotron_super_49b_v1.hpp>

namespace {
using namespace headroom;

// Qwen/Qwen3-14B model.safetensors.index.json: metadata.total_size 29536614400 (the generated
// header is named imported_: the shipped table qwen3_14b is the same checkpoint, compared below).
static_assert(footprint(models::imported_qwen3_14b, settings{}).weights == 29'536'614'400);
// Qwen/Qwen2.5-7B-Instruct model.safetensors.index.json: metadata.total_size 15231233024 (the
// generated header is named imported_: the shipped table qwen2_5_7b is the same checkpoint,
// compared below).
static_assert(footprint(models::imported_qwen2_5_7b, settings{}).weights == 15'231'233'024);
// deepseek-ai/DeepSeek-V2-Lite model.safetensors.index.json: metadata.total_size 31412968448
// (deepseek_v2: q_lora_rank null, one q_proj a layer).
static_assert(footprint(models::deepseek_v2_lite, settings{}).weights == 31'412'968'448);
// A ModelOpt NVFP4 checkpoint (config.json + hf_quant_config.json) equals the shipped table.
static_assert(footprint(models::imported_qwen3_30b_a3b_nvfp4, settings{}).weights ==
              footprint(models::qwen3_30b_a3b_nvfp4, settings{}).weights);
static_assert(footprint(models::imported_qwen3_30b_a3b_nvfp4, settings{}).kv_per_token ==
              footprint(models::qwen3_30b_a3b_nvfp4, settings{}).kv_per_token);
// And carries its hf_quant_config.json's kv_cache_quant_algo FP8 (the engines' "auto" KV dtype).
static_assert(models::imported_qwen3_30b_a3b_nvfp4.config_kv_dtype == kv_dtype::fp8);
static_assert(models::imported_nemotron_3_nano_30b_a3b_nvfp4.config_kv_dtype == kv_dtype::fp8);

// One generated header per remaining family (mla_moe with FP8 blocks and an MTP layer, gpt_oss
// with MXFP4 experts, nemotron_h's pattern, Nemotron-3's MoE with per-layer BF16 ranges,
// qwen3_next's hybrid layers, gqa_moe as MiniMax-M2 with its whole-projection q/k norms and
// router bias, gemma4's multimodal wrapper) equals its shipped table.
constexpr bool same_bytes(const model& a, const model& b) {
  for (const settings& s : {settings{}, settings{.kv = kv_dtype::fp8, .speculative = true}}) {
    const footprint_bytes x = footprint(a, s);
    const footprint_bytes y = footprint(b, s);
    if (x.weights != y.weights || x.kv_per_token != y.kv_per_token || x.state_per_seq != y.state_per_seq ||
        x.conv_per_seq != y.conv_per_seq || x.swa_kv_per_token != y.swa_kv_per_token || x.draft_weights != y.draft_weights)
      return false;
  }
  return true;
}
static_assert(same_bytes(models::imported_qwen2_5_7b, models::qwen2_5_7b));
static_assert(same_bytes(models::imported_deepseek_v3, models::deepseek_v3));
static_assert(same_bytes(models::imported_gpt_oss_20b, models::gpt_oss_20b));
static_assert(same_bytes(models::imported_nvidia_nemotron_nano_9b_v2, models::nvidia_nemotron_nano_9b_v2));
static_assert(same_bytes(models::imported_qwen3_next_80b_a3b_instruct, models::qwen3_next_80b_a3b_instruct));
static_assert(same_bytes(models::imported_minimax_m2_7, models::minimax_m2_7));
static_assert(same_bytes(models::imported_nemotron_3_nano_30b_a3b_nvfp4, models::nemotron_3_nano_30b_a3b_nvfp4));
static_assert(same_bytes(models::imported_gemma_4_31b, models::gemma_4_31b));
static_assert(same_bytes(models::imported_qwen3_14b, models::qwen3_14b));
static_assert(same_bytes(models::imported_llama_4_scout_17b_16e, models::llama_4_scout_17b_16e));
static_assert(same_bytes(models::imported_llama_3_3_nemotron_super_49b_v1, models::llama_3_3_nemotron_super_49b_v1));
static_assert(same_bytes(models::imported_qwen3_vl_30b_a3b_instruct, models::qwen3_vl_30b_a3b_instruct));
static_assert(same_bytes(models::imported_mimo_v2_flash, models::mimo_v2_flash));

// The INT4 layouts in a generated header weigh the hand sums tests/cli/import_quant_test.cpp
// writes out (AutoAWQ GEMM at group 128; compressed-tensors pack-quantized at group 128).
static_assert(footprint(models::qwen2_5_7b_instruct_awq, settings{}).weights ==
              3'390'091'264ULL + 659'456 + 2'179'989'504 + 7'168);
static_assert(footprint(models::llama_3_1_8b_instruct_w4a16, settings{}).weights ==
              3'598'716'416ULL + 524'288 + 2'101'346'304 + 8'192);

// Generated headers weigh the sums tests/cli/import_families_test.cpp writes out: Gemma-3-12B-it
// (keras-hub's vision+text count plus 64 vocabulary rows of 3,840; no shipped table) and
// Qwen3-VL-30B-A3B-Instruct (31,070,754,032 parameters; imported_: the shipped table is compared
// above).
static_assert(footprint(models::gemma_3_12b_it, settings{}).weights == (12'187'079'280ULL + 64 * 3'840) * 2);
static_assert(footprint(models::imported_qwen3_vl_30b_a3b_instruct, settings{}).weights == 31'070'754'032ULL * 2);
// MiMo-V2-Flash (imported_: the family's header has the plain name): 313,051,659,008 bytes with its three MTP layers, 311,862,258,560 without, and
// 222,720 bytes of BF16 K and V a token (9 full layers of 4 KV heads, 39 sliding of 8, each
// head 192 + 128 wide).
static_assert(footprint(models::imported_mimo_v2_flash, settings{}).weights == 313'051'659'008ULL);
static_assert(footprint(models::imported_mimo_v2_flash, settings{}).loaded_weights == 311'862'258'560ULL);
static_assert(footprint(models::imported_mimo_v2_flash, settings{}).kv_per_token == (9 * 4 + 39 * 8) * (192 + 128) * 2);
// Llama-4-Scout: the hand sum of tests/cli/import_llama4_test.cpp, 108,641,793,536 BF16 parameters
// (the generated header is named imported_: the shipped table llama_4_scout_17b_16e is the same
// checkpoint, compared below).
static_assert(footprint(models::imported_llama_4_scout_17b_16e, settings{}).weights == 108'641'793'536ULL * 2);
static_assert(footprint(models::imported_llama_4_scout_17b_16e, settings{}).vision_weights ==
              footprint(models::llama_4_scout_17b_16e, settings{}).vision_weights);
}  // namespace

// The hand sums of tests/cli/import_moe_families_test.cpp (no published total_size was found):
// ERNIE-4.5-21B-A3B-PT with its F32 router, Phi-3.5-MoE-instruct, Granite-4.0-H-Tiny.
static_assert(footprint(models::ernie_4_5_21b_a3b_pt, settings{}).weights == 21'821'012'480ULL * 2 + 4'425'408ULL * 4);
static_assert(footprint(models::phi_3_5_moe_instruct, settings{}).weights == 41'873'153'344ULL * 2);
static_assert(footprint(models::granite_4_0_h_tiny, settings{}).weights == 6'939'037'248ULL * 2);
// tests/cli/import_nemotron_nas_test.cpp's hand sum: Llama-3.3-Nemotron-Super-49B-v1, 49 attention
// layers of 80, per-layer FFN widths from block_configs (imported_, as for Llama-4-Scout).
static_assert(footprint(models::imported_llama_3_3_nemotron_super_49b_v1, settings{}).weights == 49'867'145'216ULL * 2);
