// SPDX-License-Identifier: MIT
// headroom: the library in one include, for users -- the core and the engines layer (profiles,
// rules, deployments). Library headers include the narrowest header they need.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <headroom/bytes.hpp>          // IWYU pragma: export
#include <headroom/check.hpp>          // IWYU pragma: export
#include <headroom/circuit.hpp>        // IWYU pragma: export
#include <headroom/device.hpp>         // IWYU pragma: export
#include <headroom/distinct_uses.hpp>  // IWYU pragma: export
#include <headroom/engine.hpp>         // IWYU pragma: export
#include <headroom/engine_footprint.hpp> // IWYU pragma: export
#include <headroom/engine_rules.hpp>   // IWYU pragma: export
#include <headroom/error.hpp>          // IWYU pragma: export
#include <headroom/estimate.hpp>       // IWYU pragma: export
#include <headroom/fit.hpp>            // IWYU pragma: export
#include <headroom/kernels.hpp>        // IWYU pragma: export
#include <headroom/footprint.hpp>      // IWYU pragma: export
#include <headroom/model.hpp>          // IWYU pragma: export
#include <headroom/node_cost.hpp>      // IWYU pragma: export
#include <headroom/parallel.hpp>       // IWYU pragma: export
#include <headroom/parallel_rules.hpp> // IWYU pragma: export
#include <headroom/plan.hpp>           // IWYU pragma: export
#include <headroom/rank_footprint.hpp> // IWYU pragma: export
#include <headroom/roofline.hpp>       // IWYU pragma: export
#include <headroom/settings.hpp>       // IWYU pragma: export
#include <headroom/step_estimate.hpp>  // IWYU pragma: export
#include <headroom/stored_bytes.hpp>   // IWYU pragma: export
#include <headroom/tensor_format.hpp>  // IWYU pragma: export
#include <headroom/validate.hpp>       // IWYU pragma: export
