// SPDX-License-Identifier: MIT
// headroom's input library: where in a text file a refusal points (the JSON readers' and the
// manifest loader's messages say "line L, column C").
#pragma once

#include <cstddef>
#include <string_view>

namespace headroom::cli {

/// 1-based line and column (in characters) of byte `offset` of `text`.
struct text_position {
  std::size_t line = 1;
  std::size_t column = 1;
};
text_position position_of(std::string_view text, std::size_t offset);

}  // namespace headroom::cli
