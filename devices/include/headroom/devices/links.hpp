// SPDX-License-Identifier: MIT
// headroom: every interconnect device entries name (device.hpp `interconnect`), for code that
// wants them all. Each link is defined once in devices/links/<generation>.hpp beside the devices
// that name it (links/shared.hpp for those several generations share); a device header
// includes only its own.
#pragma once

#include <headroom/devices/links/amd_cdna.hpp>  // IWYU pragma: export
#include <headroom/devices/links/amd_gcn.hpp>  // IWYU pragma: export
#include <headroom/devices/links/apple_m.hpp>  // IWYU pragma: export
#include <headroom/devices/links/google_tpu.hpp>  // IWYU pragma: export
#include <headroom/devices/links/intel_gaudi.hpp>  // IWYU pragma: export
#include <headroom/devices/links/nvidia_ada.hpp>  // IWYU pragma: export
#include <headroom/devices/links/nvidia_ampere.hpp>  // IWYU pragma: export
#include <headroom/devices/links/nvidia_blackwell.hpp>  // IWYU pragma: export
#include <headroom/devices/links/nvidia_hopper.hpp>  // IWYU pragma: export
#include <headroom/devices/links/nvidia_jetson.hpp>  // IWYU pragma: export
#include <headroom/devices/links/nvidia_volta_turing.hpp>  // IWYU pragma: export
#include <headroom/devices/links/shared.hpp>  // IWYU pragma: export
