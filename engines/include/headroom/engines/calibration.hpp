// SPDX-License-Identifier: MIT
// headroom: the shipped calibration tables (docs/calibration.md), one generated header per
// (device, engine) under calibration/, derived from NVIDIA aiconfigurator's measured kernel
// databases (Apache-2.0) and, for AMD Instinct parts, ROCm aiter's tuned-kernel tables (MIT);
// calibration/NOTICE. Regenerate with tools/calibrate/convert.mjs and aiter.mjs.
#pragma once

#include <array>
#include <string_view>

#include <headroom/calibration.hpp>
#include <headroom/engine.hpp>
#include <headroom/engines/calibration/a100_sxm_80gb_sglang.hpp>
#include <headroom/engines/calibration/a100_sxm_80gb_trtllm.hpp>
#include <headroom/engines/calibration/a100_sxm_80gb_vllm.hpp>
#include <headroom/engines/calibration/arc_pro_b60_vllm.hpp>
#include <headroom/engines/calibration/b200_sglang.hpp>
#include <headroom/engines/calibration/b200_trtllm.hpp>
#include <headroom/engines/calibration/b200_vllm.hpp>
#include <headroom/engines/calibration/b300_sglang.hpp>
#include <headroom/engines/calibration/b300_trtllm.hpp>
#include <headroom/engines/calibration/b300_vllm.hpp>
#include <headroom/engines/calibration/gb200_sglang.hpp>
#include <headroom/engines/calibration/gb200_trtllm.hpp>
#include <headroom/engines/calibration/gb200_vllm.hpp>
#include <headroom/engines/calibration/gb300_sglang.hpp>
#include <headroom/engines/calibration/gb300_trtllm.hpp>
#include <headroom/engines/calibration/gb300_vllm.hpp>
#include <headroom/engines/calibration/h100_sxm_sglang.hpp>
#include <headroom/engines/calibration/h100_sxm_trtllm.hpp>
#include <headroom/engines/calibration/h100_sxm_vllm.hpp>
#include <headroom/engines/calibration/h200_sxm_sglang.hpp>
#include <headroom/engines/calibration/h200_sxm_trtllm.hpp>
#include <headroom/engines/calibration/h200_sxm_vllm.hpp>
#include <headroom/engines/calibration/l40s_sglang.hpp>
#include <headroom/engines/calibration/l40s_trtllm.hpp>
#include <headroom/engines/calibration/l40s_vllm.hpp>
#include <headroom/engines/calibration/mi300x_sglang.hpp>
#include <headroom/engines/calibration/mi300x_vllm.hpp>
#include <headroom/engines/calibration/mi325x_sglang.hpp>
#include <headroom/engines/calibration/mi325x_vllm.hpp>
#include <headroom/engines/calibration/mi355x_sglang.hpp>
#include <headroom/engines/calibration/mi355x_vllm.hpp>
#include <headroom/engines/calibration/rtx_pro_6000_server_sglang.hpp>
#include <headroom/engines/calibration/rtx_pro_6000_server_trtllm.hpp>
#include <headroom/engines/calibration/rtx_pro_6000_server_vllm.hpp>
#include <headroom/engines/calibration/latent_modules.hpp>

namespace headroom::engines {

inline constexpr std::array<const calibration*, 34> all_calibrations{
    &calibration_tables::h100_sxm_vllm, &calibration_tables::h100_sxm_sglang, &calibration_tables::h100_sxm_trtllm,
    &calibration_tables::h200_sxm_vllm, &calibration_tables::h200_sxm_sglang, &calibration_tables::h200_sxm_trtllm,
    &calibration_tables::b200_vllm, &calibration_tables::b200_sglang, &calibration_tables::b200_trtllm,
    &calibration_tables::b300_vllm, &calibration_tables::b300_sglang, &calibration_tables::b300_trtllm,
    &calibration_tables::gb200_vllm, &calibration_tables::gb200_sglang, &calibration_tables::gb200_trtllm,
    &calibration_tables::gb300_vllm, &calibration_tables::gb300_sglang, &calibration_tables::gb300_trtllm,
    &calibration_tables::a100_sxm_80gb_vllm, &calibration_tables::a100_sxm_80gb_sglang, &calibration_tables::a100_sxm_80gb_trtllm,
    &calibration_tables::l40s_vllm, &calibration_tables::l40s_sglang, &calibration_tables::l40s_trtllm,
    &calibration_tables::rtx_pro_6000_server_vllm, &calibration_tables::rtx_pro_6000_server_sglang,
    &calibration_tables::rtx_pro_6000_server_trtllm,
    // Intel Arc Pro B60: vLLM on XPU, the one engine aiconfigurator timed there.
    &calibration_tables::arc_pro_b60_vllm,
    // AMD Instinct: ROCm aiter's kernels, which SGLang and vLLM both run there (tools/calibrate/aiter.mjs).
    &calibration_tables::mi300x_vllm, &calibration_tables::mi300x_sglang,
    &calibration_tables::mi325x_vllm, &calibration_tables::mi325x_sglang,
    &calibration_tables::mi355x_vllm, &calibration_tables::mi355x_sglang,
};

/// The latent attention modules measured whole (tools/calibrate/modules.mjs): vLLM's,
/// TensorRT-LLM's and SGLang's (its wide-EP collector's) on the NVIDIA parts aiconfigurator
/// timed them on.
struct latent_module_entry {
  std::string_view device;
  engine_kind engine;
  const latent_module_table* table;
};
inline constexpr std::array<latent_module_entry, 20> all_latent_modules{{
    {"h100_sxm", engine_kind::vllm, &calibration_tables::h100_sxm_vllm_latent},
    {"h100_sxm", engine_kind::trtllm, &calibration_tables::h100_sxm_trtllm_latent},
    {"h100_sxm", engine_kind::sglang, &calibration_tables::h100_sxm_sglang_latent},
    {"h200_sxm", engine_kind::vllm, &calibration_tables::h200_sxm_vllm_latent},
    {"h200_sxm", engine_kind::trtllm, &calibration_tables::h200_sxm_trtllm_latent},
    {"h200_sxm", engine_kind::sglang, &calibration_tables::h200_sxm_sglang_latent},
    {"b200", engine_kind::vllm, &calibration_tables::b200_vllm_latent},
    {"b200", engine_kind::trtllm, &calibration_tables::b200_trtllm_latent},
    {"b200", engine_kind::sglang, &calibration_tables::b200_sglang_latent},
    {"b300", engine_kind::vllm, &calibration_tables::b300_vllm_latent},
    {"b300", engine_kind::trtllm, &calibration_tables::b300_trtllm_latent},
    {"b300", engine_kind::sglang, &calibration_tables::b300_sglang_latent},
    {"gb200", engine_kind::vllm, &calibration_tables::gb200_vllm_latent},
    {"gb200", engine_kind::trtllm, &calibration_tables::gb200_trtllm_latent},
    {"gb200", engine_kind::sglang, &calibration_tables::gb200_sglang_latent},
    {"gb300", engine_kind::vllm, &calibration_tables::gb300_vllm_latent},
    {"gb300", engine_kind::trtllm, &calibration_tables::gb300_trtllm_latent},
    {"gb300", engine_kind::sglang, &calibration_tables::gb300_sglang_latent},
    {"rtx_pro_6000_server", engine_kind::vllm, &calibration_tables::rtx_pro_6000_server_vllm_latent},
    {"rtx_pro_6000_server", engine_kind::trtllm, &calibration_tables::rtx_pro_6000_server_trtllm_latent},
}};

/// The engine's latent attention module table on the device, or no_latent_module.
constexpr const latent_module_table& latent_module_of(std::string_view device_id, engine_kind e) {
  for (const latent_module_entry& m : all_latent_modules) {
    if (m.device == device_id && m.engine == e) return *m.table;
  }
  return no_latent_module;
}

/// The shipped table for (device id, engine), or no_calibration (n_grids == 0) when none was
/// measured: every lookup then answers found = false and the caller keeps the ceiling.
constexpr const calibration& calibration_of(std::string_view device_id, engine_kind e) {
  const std::string_view engine = engine_kind_table.name(e);
  for (const calibration* c : all_calibrations) {
    if (c->device == device_id && c->engine == engine) return *c;
  }
  return no_calibration;
}

}  // namespace headroom::engines
