// SPDX-License-Identifier: MIT
// headroom: rank footprints a search works out once and reads again (footprint_memo).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <headroom/footprint.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/rank_footprint.hpp>
#include <headroom/detail/settings_core.hpp>

namespace headroom {

/// Rank footprints worked out once and read again. A footprint is the model's, at the settings,
/// on one rank of a plan, sliding layers kept whole or not: no device and no other engine knob
/// enters it, so a search over devices and engines (`headroom sla`, which sets up every device x
/// engine x plan) asks for the same few again and again; on DeepSeek-V3 working them out was a
/// quarter of the search. `of` gives detail::rank_footprint_of's answer, kept for the next ask
/// (up to `capacity` of them; past that each is worked out anew). One model per memo: asked
/// about another, it works the answer out and keeps nothing of it.
struct footprint_memo {
  static constexpr std::size_t capacity = 64;
  struct entry {
    settings s{};
    parallel p{};
    bool evict_sliding = false;
    footprint_bytes fp{};
  };
  const model* m = nullptr;
  std::array<entry, capacity> entries{};
  std::size_t n = 0;
  std::uint64_t asked = 0;  ///< calls of `of`, kept or not (tests and benchmarks read it)

  constexpr footprint_bytes of(const model& mm, const settings& s, const parallel& p, bool evict_sliding) {
    ++asked;
    if (m == &mm) {
      for (std::size_t i = 0; i < n; ++i) {
        const entry& e = entries[i];
        if (e.evict_sliding == evict_sliding && e.p == p && e.s == s) return e.fp;
      }
    }
    const footprint_bytes fp = detail::rank_footprint_of(mm, s, p, evict_sliding);
    if (m == nullptr) m = &mm;
    if (m == &mm && n < capacity) entries[n++] = {s, p, evict_sliding, fp};
    return fp;
  }
};

/// detail::rank_footprint_of's answer, read from `memo` where it holds it (null: worked out).
constexpr footprint_bytes rank_footprint_of(footprint_memo* memo, const model& m, const settings& s, const parallel& p,
                                            bool evict_sliding) {
  return memo != nullptr ? memo->of(m, s, p, evict_sliding) : detail::rank_footprint_of(m, s, p, evict_sliding);
}

}  // namespace headroom
