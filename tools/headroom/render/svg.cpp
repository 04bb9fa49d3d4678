// SPDX-License-Identifier: MIT
#include "headroom/render/svg.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace headroom::cli::svg {
namespace {

constexpr double width = 960;
constexpr double height = 600;
constexpr double left = 90;
constexpr double right = 250;  // legend column
constexpr double top = 70;
constexpr double bottom = 70;

// Colour-blind-safe palette (Okabe and Ito), in a fixed order.
constexpr std::array<const char*, 8> palette{"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                             "#E69F00", "#56B4E9", "#F0E442", "#000000"};

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// Fixed precision: positions to 0.01 px.
std::string px(double v) { return fmt::format("{:.2f}", v); }

// A tick label: integers plainly, otherwise up to three significant digits.
std::string tick_text(double v) {
  if (v >= 1e6 || (v != 0 && v < 1e-3)) return fmt::format("{:.0e}", v);
  if (v == std::floor(v)) return fmt::format("{:.0f}", v);
  return fmt::format("{:.3g}", v);
}

struct scale {
  double lo = 0;
  double hi = 1;
  bool log = false;
  double base = 10;
  double from = 0;  // pixel of lo
  double to = 1;    // pixel of hi
  [[nodiscard]] double map(double v) const {
    const double t = log ? (std::log(v) - std::log(lo)) / (std::log(hi) - std::log(lo)) : (v - lo) / (hi - lo);
    return from + t * (to - from);
  }
  [[nodiscard]] std::vector<double> ticks() const {
    std::vector<double> out;
    if (log) {
      for (double t = std::pow(base, std::floor(std::log(lo) / std::log(base) + 1e-9)); t <= hi * (1 + 1e-9); t *= base) {
        if (t >= lo * (1 - 1e-9)) out.push_back(t);
      }
    } else {
      const double span = hi - lo;
      const double raw = span / 6;
      const double mag = std::pow(10, std::floor(std::log10(raw)));
      double step = mag;
      for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * mag >= raw) {
          step = m * mag;
          break;
        }
      }
      for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push_back(t);
    }
    return out;
  }
};

// Axis bounds: a log axis spans whole powers of its base, a linear one starts at 0.
scale make_scale(double lo, double hi, const axis& a, double from, double to) {
  scale s{};
  s.log = a.log;
  s.base = a.log_base;
  s.from = from;
  s.to = to;
  if (a.log) {
    if (!(lo > 0) || !(hi > 0)) throw std::runtime_error("a logarithmic axis needs positive values");
    const double lb = std::log(a.log_base);
    s.lo = std::pow(a.log_base, std::floor(std::log(lo) / lb + 1e-9));
    s.hi = std::pow(a.log_base, std::ceil(std::log(hi) / lb - 1e-9));
    if (s.hi <= s.lo) s.hi = s.lo * a.log_base;
  } else {
    s.lo = 0;
    s.hi = hi > 0 ? hi * 1.05 : 1;
  }
  return s;
}

void open_document(std::string& out, const std::string& title, const std::string& subtitle) {
  out += fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" viewBox="0 0 {0} {1}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">)",
                     px(width), px(height));
  out += "\n";
  out += fmt::format("<title>{}</title>\n", escape(title));
  out += fmt::format(R"(<rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/>)", px(width), px(height));
  out += "\n";
  out += fmt::format(R"(<text x="{}" y="28" font-size="17" font-weight="bold">{}</text>)", px(left), escape(title));
  out += "\n";
  out += fmt::format(R"(<text x="{}" y="48" fill="#444444">{}</text>)", px(left), escape(subtitle));
  out += "\n";
}

void legend_entry(std::string& out, std::size_t i, const std::string& name, const char* colour, bool dashed) {
  const double x = width - right + 20;
  const double y = top + 10 + 20 * static_cast<double>(i);
  out += fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="2.5"{}/>)", px(x), px(y),
                     px(x + 22), px(y), colour, dashed ? R"( stroke-dasharray="6 4")" : "");
  out += fmt::format(R"(<text x="{}" y="{}">{}</text>)", px(x + 30), px(y + 4), escape(name));
  out += "\n";
}

}  // namespace

namespace {
// The vertical grid lines and the x axis's tick labels (line and bar charts alike).
void x_grid(std::string& out, const scale& sx) {
  for (double t : sx.ticks()) {
    const double x = sx.map(t);
    out += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#e0e0e0"/>)", px(x), px(top), px(height - bottom));
    out += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle">{}</text>)", px(x), px(height - bottom + 18), tick_text(t));
    out += "\n";
  }
}
}  // namespace

std::string render(const line_chart& c) {
  double xlo = 0, xhi = 0, ylo = 0, yhi = 0;
  bool any = false;
  for (const series& s : c.lines) {
    for (const point& p : s.points) {
      if (!std::isfinite(p.x) || !std::isfinite(p.y)) throw std::runtime_error("a chart point is not finite");
      if (!any) {
        xlo = xhi = p.x;
        ylo = yhi = p.y;
        any = true;
      }
      xlo = std::min(xlo, p.x);
      xhi = std::max(xhi, p.x);
      ylo = std::min(ylo, p.y);
      yhi = std::max(yhi, p.y);
    }
  }
  if (!any) throw std::runtime_error("a chart needs at least one point");
  const scale sx = make_scale(xlo, xhi, c.x, left, width - right);
  const scale sy = make_scale(ylo, yhi, c.y, height - bottom, top);

  std::string out;
  open_document(out, c.title, c.subtitle);
  // Grid and ticks.
  x_grid(out, sx);
  for (double t : sy.ticks()) {
    const double y = sy.map(t);
    out += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{2}" y2="{1}" stroke="#e0e0e0"/>)", px(left), px(y), px(width - right));
    out += fmt::format(R"(<text x="{}" y="{}" text-anchor="end">{}</text>)", px(left - 8), px(y + 4), tick_text(t));
    out += "\n";
  }
  out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#333333"/>)", px(left), px(top),
                     px(width - right - left), px(height - bottom - top));
  out += "\n";
  out += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle">{}</text>)", px((left + width - right) / 2),
                     px(height - 22), escape(c.x.label));
  out += "\n";
  out += fmt::format(R"svg(<text x="{0}" y="{1}" text-anchor="middle" transform="rotate(-90 {0} {1})">{2}</text>)svg", px(24),
                     px((top + height - bottom) / 2), escape(c.y.label));
  out += "\n";
  // Series, then the legend.
  for (std::size_t i = 0; i < c.lines.size(); ++i) {
    const series& s = c.lines[i];
    const char* colour = palette[i % palette.size()];
    out += fmt::format("<g>\n<title>{}</title>\n", escape(s.name));
    if (s.line && s.points.size() > 1) {
      std::string d;
      for (std::size_t k = 0; k < s.points.size(); ++k) {
        d += fmt::format("{}{},{}", k == 0 ? "M" : " L", px(sx.map(s.points[k].x)), px(sy.map(s.points[k].y)));
      }
      out += fmt::format(R"(<path d="{}" fill="none" stroke="{}" stroke-width="2"{}/>)", d, colour,
                         s.dashed ? R"( stroke-dasharray="6 4")" : "");
      out += "\n";
    }
    if (s.markers) {
      for (const point& p : s.points) {
        out += fmt::format(R"(<circle cx="{}" cy="{}" r="3.5" fill="{}"/>)", px(sx.map(p.x)), px(sy.map(p.y)), colour);
      }
      out += "\n";
    }
    out += "</g>\n";
    legend_entry(out, i, s.name, colour, s.dashed);
  }
  out += "</svg>\n";
  return out;
}

std::string render(const bar_chart& c) {
  if (c.bars.empty()) throw std::runtime_error("a bar chart needs at least one bar");
  double hi = 0;
  for (const bar& b : c.bars) {
    double sum = 0;
    for (const segment& s : b.segments) {
      if (!std::isfinite(s.value) || s.value < 0) throw std::runtime_error("a bar segment is negative or not finite");
      sum += s.value;
    }
    hi = std::max({hi, sum, b.limit});
  }
  const axis value_axis{c.value_label, false, 10};
  const scale sx = make_scale(0, hi, value_axis, left + 90, width - right);
  const double band = (height - top - bottom) / static_cast<double>(c.bars.size());
  const double thickness = std::min(40.0, band * 0.6);

  std::string out;
  open_document(out, c.title, c.subtitle);
  x_grid(out, sx);
  out += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle">{}</text>)", px((left + 90 + width - right) / 2),
                     px(height - 22), escape(c.value_label));
  out += "\n";
  for (std::size_t bi = 0; bi < c.bars.size(); ++bi) {
    const bar& b = c.bars[bi];
    const double y = top + band * static_cast<double>(bi) + (band - thickness) / 2;
    out += fmt::format(R"(<text x="{}" y="{}" text-anchor="end">{}</text>)", px(left + 82), px(y + thickness / 2 + 4),
                       escape(b.label));
    out += "\n";
    double at = 0;
    for (std::size_t si = 0; si < b.segments.size(); ++si) {
      const segment& s = b.segments[si];
      const double x0 = sx.map(at);
      const double x1 = sx.map(at + s.value);
      out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"><title>{}: {:.2f} {}</title></rect>)",
                         px(x0), px(y), px(x1 - x0), px(thickness), palette[si % palette.size()], escape(s.name), s.value,
                         escape(c.value_label));
      out += "\n";
      at += s.value;
    }
    if (b.limit > 0) {
      const double x = sx.map(b.limit);
      out += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#000000" stroke-width="2.5" stroke-dasharray="6 4"/>)",
                         px(x), px(y - 6), px(y + thickness + 6));
      out += "\n";
    }
  }
  // Legend: the segment names of the first bar, then the limit.
  const std::vector<segment>& names = c.bars.front().segments;
  for (std::size_t si = 0; si < names.size(); ++si) legend_entry(out, si, names[si].name, palette[si % palette.size()], false);
  legend_entry(out, names.size(), c.limit_label, "#000000", true);
  out += "</svg>\n";
  return out;
}

}  // namespace headroom::cli::svg
