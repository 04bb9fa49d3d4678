// SPDX-License-Identifier: MIT
// headroom internals: where a value crosses zero over whole numbers, found in a few evaluations.
// The open loop asks it twice: the batch a request rate keeps (serve.hpp, batch_kept) and the
// largest batch of a copy meeting both targets (the CLI's sla search); each evaluation there is a
// serving answer, so a dozen of a bisection cost a build's constant evaluation and a search's
// milliseconds.
#pragma once

#include <cstdint>
#include <limits>

namespace headroom::detail {

// A point evaluated: what the caller keeps of it, and its value.
template <typename Probe>
struct valued {
  Probe p{};
  double v = 0;
};

// The first whole x in [lo, in_x] whose value is at most 0, where the value is positive below
// some point and at most 0 from there on: `in` is known at in_x (at most 0), and a point known
// positive is (out_x, out_v), out_x < lo (out_v may be infinite). A safeguarded secant: the
// first whole x past the root of the line through the last point positive and the first at most
// 0, a bisection where the positive one is infinite or a step did not halve the interval.
// `eval(x)` answers a valued<Probe>; the Probe at the answer is returned.
template <typename Probe, typename Eval>
constexpr Probe first_at_most_zero(std::uint64_t lo, std::uint64_t in_x, valued<Probe> in, double out_x, double out_v,
                                   const Eval& eval) {
  bool bisect = false;
  while (lo < in_x) {
    const std::uint64_t width = in_x - lo;
    std::uint64_t c = lo + width / 2;
    if (!bisect && out_v < std::numeric_limits<double>::infinity() && out_v > in.v) {
      const double root = out_x + out_v * (static_cast<double>(in_x) - out_x) / (out_v - in.v);
      const double up = root < static_cast<double>(lo) ? static_cast<double>(lo) : root;
      c = static_cast<std::uint64_t>(up);
      if (static_cast<double>(c) < up) ++c;  // rounded up: the first whole x past the root
    }
    c = c < lo ? lo : c > in_x - 1 ? in_x - 1 : c;
    const valued<Probe> at = eval(c);
    if (at.v <= 0) {
      in_x = c;
      in = at;
    } else {
      lo = c + 1;
      out_x = static_cast<double>(c);
      out_v = at.v;
    }
    bisect = !bisect && 2 * (in_x - lo) > width;
  }
  return in.p;
}

}  // namespace headroom::detail
