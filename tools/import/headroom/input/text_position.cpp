// SPDX-License-Identifier: MIT
#include "headroom/input/text_position.hpp"

#include <algorithm>

namespace headroom::cli {

text_position position_of(std::string_view text, std::size_t offset) {
  text_position p{};
  offset = std::min(offset, text.size());
  for (std::size_t i = 0; i < offset; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++p.line;
      p.column = 1;
    } else if ((c & 0xC0u) != 0x80u) {  // a UTF-8 continuation byte is not a new character
      ++p.column;
    }
  }
  return p;
}

}  // namespace headroom::cli
