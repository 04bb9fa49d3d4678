// SPDX-License-Identifier: MIT
// headroom verify: the tensor names of the gemma4 family, apart from inventory.cpp's builder;
// it hands each tensor to the builder's two sinks.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <headroom/model.hpp>

namespace headroom::cli::import {

namespace detail {
/// The "not supported yet" refusal of the inventory (inventory.cpp).
[[noreturn]] void unsupported(const model& m, std::string_view what);
}  // namespace detail

/// Where a family's names go: a plain tensor (norm, table, bias) or a matmul weight with the
/// scale tensors of its format.
struct tensor_sinks {
  std::function<void(std::string, const tensor_format&, std::vector<std::uint64_t>)> plain;
  std::function<void(const std::string&, const resolved_formats&, linear_role, std::uint64_t, std::uint64_t)> weight;
};

void gemma4_tensors(const model& m, const node& n, const instance& in, const block& b, const tensor_sinks& out);

}  // namespace headroom::cli::import
