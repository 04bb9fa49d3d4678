// SPDX-License-Identifier: MIT
// headroom: the short names people type for a shipped device (`dgx-spark`, `h100`), each naming
// one registry id. Only names that are unambiguous among the shipped entries: `h100` is the SXM
// board every vendor benchmark means by it; `a100` (40/80 GB, SXM/PCIe) and `rtx-6000` (Ada or
// PRO Blackwell) name no one entry and are absent. NVIDIA aiconfigurator names its systems
// `b200_sxm`, `b300_sxm` and `a100_sxm` (aic-core/src/aiconfigurator_core/systems/*.yaml
// @095f58a51c4ca8e61b66ec108d86f223f8d559ce; its a100_sxm.yaml holds 80 GiB): B200 and B300 ship
// only as SXM boards, and the one A100 SXM shipped here is the 80 GB one, so each names one entry
// (`a100_pcie`, 40 or 80 GB, does not). Its earlier releases named the GB200 system `gb200_sxm`
// (SupportedSystems, src/aiconfigurator/sdk/common.py @ca90d206d27e71318a189c35c778e47a15b0ec67),
// now `gb200`. The laws below hold at compile time.
#pragma once

#include <array>
#include <string_view>

#include <headroom/device.hpp>

namespace headroom::devices {

struct device_alias {
  std::string_view alias;  ///< snake_case, as ids are (kebab spellings are folded before lookup)
  std::string_view id;     ///< the registry id it names
};

inline constexpr std::array aliases{
    device_alias{"dgx_spark", "gb10"},         device_alias{"h100", "h100_sxm"},
    device_alias{"h200", "h200_sxm"},          device_alias{"v100", "v100_sxm2_32gb"},
    device_alias{"rtx_4060_ti", "rtx_4060_ti_16gb"}, device_alias{"rtx_5060_ti", "rtx_5060_ti_16gb"},
    device_alias{"b60", "arc_pro_b60"},         device_alias{"jetson_thor", "jetson_agx_thor"},
    device_alias{"h20_3e", "h20_141gb"},  // the name nvidia-smi prints for it
    device_alias{"b200_sxm", "b200"},          device_alias{"b300_sxm", "b300"},
    device_alias{"a100_sxm", "a100_sxm_80gb"},  device_alias{"gb200_sxm", "gb200"},
};

}  // namespace headroom::devices
