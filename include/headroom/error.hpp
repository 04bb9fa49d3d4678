// SPDX-License-Identifier: MIT
// headroom: errors. One code path serves compile time and run time: a failed check during
// constant evaluation calls a non-constexpr function whose name is the diagnostic; at run time
// the same check throws `headroom::error` with a message naming what and where.
#pragma once

#include <headroom/detail/cxx20.hpp>  // first: a clear error below C++20

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace headroom {

/// What went wrong, for callers that branch on it.
enum class error_kind : std::uint8_t {  // the CLI exits 2 for refused input, 1 for a failed evaluation
  overflow,        ///< an exact byte count does not fit in 64 bits
  bad_format,      ///< a format spelling is not canonical, or a shape has no byte size
  bad_input,       ///< a deployment or query value is out of range (context 0, seqs 0)
  bad_model,       ///< a model table is inconsistent (no precision rule for a node, ...)
  bad_device,      ///< a device table is inconsistent
  unknown_name,    ///< a model or device id the registry does not know
};

class error : public std::runtime_error {
 public:
  error(error_kind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
  [[nodiscard]] error_kind kind() const noexcept { return kind_; }

 private:
  error_kind kind_;
};

namespace detail {

// Reaching one of these during constant evaluation is the compile error: the compiler prints
// the function's name (it is not constexpr) and the call chain that led here. They are empty
// and never reached at run time, where the same check throws headroom::error instead; they are
// defined only so that unoptimised builds link.
inline void byte_count_overflows_64_bits() {}
inline void format_has_no_byte_size_for_this_shape() {}
inline void context_must_be_positive() {}
inline void seqs_must_be_positive() {}
inline void tokens_must_be_positive() {}
inline void batch_must_be_positive() {}
inline void no_precision_rule_matches_a_weight_node() {}
inline void model_table_is_inconsistent() {}

[[noreturn]] inline void fail(error_kind kind, const std::string& what) { throw error(kind, what); }

/// A model or circuit table must satisfy `ok`: otherwise a compile error in constant
/// evaluation, a headroom::error naming `what` at run time.
constexpr void require_table(bool ok, const char* what) {
  if (ok) return;
  if (std::is_constant_evaluated()) model_table_is_inconsistent();
  fail(error_kind::bad_model, std::string("model table is inconsistent: ") + what);
}

}  // namespace detail
}  // namespace headroom
