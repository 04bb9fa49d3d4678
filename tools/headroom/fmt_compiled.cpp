// SPDX-License-Identifier: MIT
// headroom: {fmt}'s compiled half, for the statically linked executable (HEADROOM_STATIC_CLI,
// tools/CMakeLists.txt). Debian's libfmt-dev ships libfmt as a shared library only; its header
// fmt/format-inl.h holds the definitions of what fmt/format.h declares out of line (vformat,
// the format_error type, the printable-character table), and the templates the CLI's
// formatting reaches are instantiated here, once: the shortest round-trip float and double
// (dragonbox) and the locale's separators for char.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {
template auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;
template auto thousands_sep_impl(locale_ref loc) -> thousands_sep_result<char>;
template auto decimal_point_impl(locale_ref loc) -> char;
}  // namespace detail
FMT_END_NAMESPACE
