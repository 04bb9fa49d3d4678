// SPDX-License-Identifier: MIT
// headroom: the one pattern behind the small table builders (circuit.hpp's node builders,
// model.hpp's precision rules): a copy of a value with some members set.
#pragma once

namespace headroom::detail {

/// `x` with `member` set to `value` (converted to the member's type), then the next
/// (member, value) pairs of `rest` likewise: with(n, &node::pool, tokens).
template <typename T, typename M, typename V, typename... Rest>
constexpr T with(T x, M T::*member, V value, Rest... rest) {
  x.*member = static_cast<M>(value);
  if constexpr (sizeof...(Rest) == 0) {
    return x;
  } else {
    return with(x, rest...);
  }
}

}  // namespace headroom::detail
