// SPDX-License-Identifier: MIT
// headroom CLI: charts as self-contained SVG. The renderer knows axes, series and bars, never
// models or devices, and prints every number with a fixed precision, so the same chart always
// gives the same bytes (golden-tested) and needs no external program.
#pragma once

#include <string>
#include <vector>

namespace headroom::cli::svg {

struct point {
  double x = 0;
  double y = 0;
};

struct series {
  std::string name;
  std::vector<point> points;
  bool line = true;     ///< join the points
  bool markers = true;  ///< draw each point
  bool dashed = false;
};

struct axis {
  std::string label;
  bool log = false;      ///< logarithmic scale
  double log_base = 10;  ///< ticks at powers of this base on a log axis
};

struct line_chart {
  std::string title;
  std::string subtitle;
  axis x;
  axis y;
  std::vector<series> lines;
};

struct segment {
  std::string name;
  double value = 0;
};

struct bar {
  std::string label;
  std::vector<segment> segments;  ///< stacked left to right, same names in every bar
  double limit = 0;               ///< a vertical mark on the bar (usable memory); 0: none
};

struct bar_chart {
  std::string title;
  std::string subtitle;
  std::string value_label;  ///< unit of the values, e.g. "GiB"
  std::string limit_label;  ///< legend entry of the limit mark
  std::vector<bar> bars;
};

/// The SVG document of a chart (UTF-8, ending with a newline). Text is XML-escaped.
std::string render(const line_chart& c);
std::string render(const bar_chart& c);

}  // namespace headroom::cli::svg
