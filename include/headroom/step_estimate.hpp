// SPDX-License-Identifier: MIT
// headroom: what a decode step or a prefill estimate holds (estimate.hpp computes it): the
// breakdown rows (one per template node, format and per-row loop), the per-row loop flags and
// the collectives a parallel plan pays (docs/model.md#decode-step).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include <headroom/circuit.hpp>
#include <headroom/detail/enum_table.hpp>
#include <headroom/detail/slot_array.hpp>
#include <headroom/model.hpp>
#include <headroom/node_cost.hpp>
#include <headroom/roofline.hpp>

namespace headroom {

/// Rows a step breakdown holds: distinct (node, formats, loop) of the main section.
inline constexpr std::size_t max_rows = 96;

/// One row of a step breakdown: a template node (site = block.local) at one format, with or
/// without an engine's per-row loop. The fields before `how` say which row it is (a shipped
/// table keeps them, detail/kept_rows.hpp); `how` and the fields after it are costed on each
/// call. Declared in that order, with no padding between the two runs, so a kept row's fields
/// are copied in one piece (120 bytes a row; 136 before 2026-12-05).
struct site_row {
  std::uint16_t node = 0;   ///< index into circuit::nodes
  std::uint8_t block = 0;
  bool has_weight = false;
  bool per_row = false;     ///< an engine loop runs it once per row
  layer_kind kind = layer_kind::none;  ///< the layer kind a per-row row is charged to
  std::uint32_t count = 0;  ///< instances folded into the row
  resolved_formats formats{};
  exec how{};
  cost one{};               ///< cost of one instance at the run's rows
  double each_us = 0;       ///< time of one instance, a per-row loop included
  double time_us = 0;       ///< count x each_us
};

/// The breakdown rows of a step: rows [0, n_rows) are the step's (read them as rows[i], as from
/// a std::array). A row's storage is written when the step adds it, not before: a step does
/// not pay to zero the max_rows x sizeof(site_row) bytes (11.5 KB) it mostly leaves unused.
/// `set(i, row)`, `start(i)` (a value-initialised row) and `fresh(i)` (every field to be
/// written) begin row i.
using site_rows = detail::slot_array<site_row, max_rows>;

/// Time a per-row loop adds over one multi-row launch, per layer kind.
struct loop_flag {
  layer_kind kind = layer_kind::none;
  double added_us = 0;
  std::uint32_t sites = 0;
};

/// Collectives a sharded step pays (nccl-tests doc/PERFORMANCE.md @03a204a: ring all-reduce
/// 2(n-1)/n x S / B, all-gather / reduce-scatter / all-to-all (n-1)/n x S / B; plus a latency
/// per ring hop).
enum class link_op : std::uint8_t {
  tp_all_reduce,      ///< after each row-parallel block (o, down, experts) and the embedding
  lm_head_gather,     ///< the vocab-parallel logits gathered
  ep_all_to_all,      ///< DP attention + EP: dispatch and combine of routed tokens
  dp_gather_scatter,  ///< DP attention without EP: all-gather before, reduce-scatter after an MLP
  pp_send,            ///< hidden state and residual handed to the next pipeline stage
};
/// Every collective, in declaration order.
inline constexpr std::array all_link_ops{link_op::tp_all_reduce, link_op::lm_head_gather, link_op::ep_all_to_all,
                                         link_op::dp_gather_scatter, link_op::pp_send};
static_assert(detail::lists_values_in_order(all_link_ops));
inline constexpr std::size_t link_ops = all_link_ops.size();
constexpr std::string_view name(link_op o) {
  constexpr std::string_view names[] = {"tp_all_reduce"sv, "lm_head_gather"sv, "ep_all_to_all"sv, "dp_gather_scatter"sv,
                                        "pp_send"sv};
  return detail::name_in(names, all_link_ops, o);
}

/// One kind of collective of a step: how many, the bytes of each, over which link.
struct link_row {
  link_op op = link_op::tp_all_reduce;
  bool scale_out = false;  ///< crosses the scale-out link (the plan outgrows the scale-up domain)
  std::uint32_t count = 0;
  double bytes_each = 0;   ///< payload S of one collective
  double each_us = 0;
  double time_us = 0;      ///< count x each_us
  /// The message the measured tables are read at, where it is not S (appended; 0: S): an EP
  /// all-to-all's tokens x top_k x hidden x 2 B, the convention of the measured dispatch rows,
  /// where S counts a token once a rank it reaches (dispatch_ranks).
  double lookup_bytes = 0;
  double lookup_us = 0;  ///< the nccl-tests model's time of that message (0: each_us)
};

struct step_estimate {
  double total_us = 0;
  double bytes = 0;
  double flops = 0;
  double memory_bound_us = 0;   ///< time of nodes whose bytes won
  double compute_bound_us = 0;  ///< time of nodes whose FLOPs won
  site_rows rows{};  ///< rows[0, n_rows)
  std::uint16_t n_rows = 0;
  std::array<loop_flag, layer_kinds> flags{};
  std::uint8_t n_flags = 0;
  /// Collectives under a parallel plan (none on one device); their time is in total_us.
  std::array<link_row, 2 * link_ops> links{};
  std::uint8_t n_links = 0;
  double link_us = 0;
  /// Experts the routed rows ran beside the routed ones (a shared expert the engine fuses into
  /// its routed kernel: kernels.hpp, shared_fusion); its own rows are then absent.
  std::uint8_t fused_experts = 0;
  /// The pass's sequences where they are not alike (cost_query::wide_rows, wide_seqs): its
  /// prompts' rows each and how many, for the prediction's rank rows; 0: alike.
  std::uint64_t wide_rows = 0;
  std::uint64_t wide_seqs = 0;

  /// The share of the step spent on links, in [0, 1].
  [[nodiscard]] constexpr double link_share() const { return total_us > 0 ? link_us / total_us : 0.0; }

  [[nodiscard]] constexpr double tokens_per_s(std::uint64_t tokens) const {
    return total_us > 0 ? static_cast<double>(tokens) / (total_us / 1e6) : 0.0;
  }
};

}  // namespace headroom
