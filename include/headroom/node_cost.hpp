// SPDX-License-Identifier: MIT
// headroom: the one cost function (docs/model.md#node-cost). A pure function of the node, its resolved
// formats, the row count, the sequences those rows belong to, the context attended over, the
// settings and the constants; decode steps, prefill and breakdowns all call it.
//
//   time_us = max(bytes / (dram_gbps * 1e3), flops / (peak_tflops * 1e6))
//
// bytes = every input and output edge at `rows` + the weight (linear, lm_head, router) or the
// expected distinct routed experts' weights + stored small parameters (norm weights, conv taps,
// biases) + state traffic (attention reads its KV; recurrences and conv windows read and write
// their state once per sequence, at the state's own element size).
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include <headroom/circuit.hpp>
#include <headroom/cost_class.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/model.hpp>
#include <headroom/roofline.hpp>
#include <headroom/detail/settings_core.hpp>
#include <headroom/stored_bytes.hpp>

namespace headroom {

enum class bound : std::uint8_t { memory, compute };

struct cost {
  double bytes = 0;   ///< DRAM bytes
  double flops = 0;
  double time_us = 0;
  bound by = bound::memory;
};

/// x^n for a non-negative integer n, by squaring (constexpr; no std::pow).
constexpr double ipow(double x, std::uint64_t n) {
  double r = 1.0;
  while (n != 0) {
    if (n & 1u) r *= x;
    x *= x;
    n >>= 1u;
  }
  return r;
}

/// Expected distinct experts touched by t token-rows routed top-K of E, uniform routing:
/// E * (1 - (1 - K/E)^t). Exactly K at t = 1.
constexpr double distinct_experts(std::uint64_t experts, std::uint64_t top_k, std::uint64_t t) {
  if (experts == 0) return 0;
  if (t == 1) return static_cast<double>(top_k);
  const double e = static_cast<double>(experts);
  return e * (1.0 - ipow(1.0 - static_cast<double>(top_k) / e, t));
}

/// Expected EP ranks a token's routed experts live on: the ranks its dispatch sends it to, once
/// each whatever the experts it has there (DeepEP's and TensorRT-LLM's one-sided all-to-all
/// send a token to a rank once, with its expert ids). K of E experts in ep ranks of E / ep
/// consecutive experts, uniform routing: a rank misses the token with probability
/// C(E - E / ep, K) / C(E, K), so ep (1 - that). Group-limited routing (`groups` G of E / G
/// experts, a token's K from `top_groups` G' of them) where groups and ranks nest: G / ep whole
/// groups a rank, a rank missed when none of its groups is among the G' (each chosen group taken
/// as reached): C(G - G / ep, G') / C(G, G'); each group over ep / G ranks, the token's K among
/// its G' groups' G' E / G experts on G' ep / G ranks. Never above min(K, ep). DeepSeek-V3
/// (256 experts, top-8 from 4 of 8 groups) at EP 8: 8 (1 - C(7, 4) / C(8, 4)) = 4 ranks.
constexpr double dispatch_ranks(std::uint64_t experts, std::uint64_t top_k, std::uint64_t ep, std::uint64_t groups = 0,
                                std::uint64_t top_groups = 0) {
  if (ep <= 1 || top_k == 0 || experts < ep) return 1.0;
  // C(a - b, k) / C(a, k), the chance k draws without replacement from a miss a set of b.
  const auto miss = [](double a, double b, std::uint64_t k) {
    double r = 1.0;
    for (std::uint64_t i = 0; i < k; ++i) {
      const double num = a - b - static_cast<double>(i), den = a - static_cast<double>(i);
      if (num <= 0 || den <= 0) return 0.0;
      r *= num / den;
    }
    return r;
  };
  const double e = static_cast<double>(experts), r = static_cast<double>(ep);
  double ranks = r * (1.0 - miss(e, e / r, top_k));
  if (groups > 1 && top_groups >= 1 && top_groups < groups && experts % groups == 0 && experts % ep == 0) {
    const double g = static_cast<double>(groups), tg = static_cast<double>(top_groups);
    if (groups % ep == 0) {
      ranks = r * (1.0 - miss(g, g / r, top_groups));
    } else if (ep % groups == 0) {
      const double cand = tg * e / g, on = tg * r / g;  // the chosen groups' experts and ranks
      ranks = on * (1.0 - miss(cand, cand / on, top_k));
    }
  }
  const double most = static_cast<double>(top_k < ep ? top_k : ep);
  return ranks < most ? ranks : most;
}

namespace detail {
constexpr double ep_busiest_share_of(std::uint64_t experts, std::uint64_t top_k, std::uint64_t t, std::uint64_t ep,
                                     std::uint64_t groups, std::uint64_t top_groups);
// The shares a thread has worked out, by their arguments (a direct-mapped table of 64): a search
// asks the same few again for every step of every answer (a binomial sum each, an eighth of a
// DeepSeek-V3 search's instructions). At run time only; the same value either way.
struct busiest_shares {
  struct entry {
    std::array<std::uint64_t, 6> key{};
    double share = 0;  // 0: empty (a share is at least 1)
  };
  std::array<entry, 64> entries{};
};
inline busiest_shares& thread_busiest_shares() {
  thread_local busiest_shares kept;
  return kept;
}
inline double kept_busiest_share(std::uint64_t experts, std::uint64_t top_k, std::uint64_t t, std::uint64_t ep,
                                 std::uint64_t groups, std::uint64_t top_groups) {
  const std::array<std::uint64_t, 6> key{experts, top_k, t, ep, groups, top_groups};
  std::uint64_t h = 0;
  for (const std::uint64_t v : key) h = (h ^ v) * 0x9e3779b97f4a7c15u;
  busiest_shares::entry& e = thread_busiest_shares().entries[h >> 58];
  if (e.share == 0 || e.key != key) e = {key, ep_busiest_share_of(experts, top_k, t, ep, groups, top_groups)};
  return e.share;
}
}  // namespace detail

/// Expected busiest-rank load over the mean under expert parallelism: a rank holding E / ep
/// of the experts touches Binomial(E / ep, p) of them, p = 1 - (1 - K/E)^t, and the step waits
/// for the rank that touched the most. E[max of ep] / (E / ep * p), the ranks taken as
/// independent (they are slightly anti-correlated, so this errs a little high). 1 at ep = 1;
/// towards 1 as t grows (every expert touched everywhere). At t = 1 of DeepSeek-V3 (256 experts,
/// top-8) over 8 ranks: Binomial(32, 1/32), the busiest rank about 2.5 experts against the mean 1.
///
/// Group-limited routing (`groups` > 1 of consecutive experts, a token's K drawn from
/// `top_groups` of them: DeepSeek-V3's n_group 8, topk_group 4) clusters a token's experts on
/// the ranks its groups live on, which engines place whole (experts split over ranks in order).
/// An expert is still touched with probability K/E a token, but two of one group go together:
/// both untouched by a token with probability 1 - 2K/E + (G'/G) K (K - 1) / (G'S (G'S - 1)), S =
/// E / G, its group one of the token's G' = top_groups and its K drawn at random from their G'S
/// experts (headroom's uniform routing within the groups the rule allows). After t tokens that
/// is q2^t, so the pair's correlation is (q2^t - (1 - p)^2) / (p (1 - p)), over the share of a
/// rank's pairs that share a group ((u - 1) / (n - 1), u the experts a rank and a group share).
/// The rank's count is then taken as beta-binomial with that correlation (the binomial's mean,
/// its variance times 1 + (n - 1) rho). Where groups and ranks do not nest (neither count divides
/// the other) the grouping is left out.
constexpr double ep_busiest_share(std::uint64_t experts, std::uint64_t top_k, std::uint64_t t, std::uint64_t ep,
                                  std::uint64_t groups = 0, std::uint64_t top_groups = 0) {
  if (!std::is_constant_evaluated()) return detail::kept_busiest_share(experts, top_k, t, ep, groups, top_groups);
  return detail::ep_busiest_share_of(experts, top_k, t, ep, groups, top_groups);
}

constexpr double detail::ep_busiest_share_of(std::uint64_t experts, std::uint64_t top_k, std::uint64_t t, std::uint64_t ep,
                                             std::uint64_t groups, std::uint64_t top_groups) {
  if (ep <= 1 || experts < ep || top_k == 0 || t == 0) return 1.0;
  const std::uint64_t n = experts / ep;
  const double p = 1.0 - ipow(1.0 - static_cast<double>(top_k) / static_cast<double>(experts), t);
  if (p >= 1.0) return 1.0;
  const double q = 1.0 - p;
  double rho = 0;
  if (groups > 1 && top_groups >= 1 && top_groups < groups && experts % groups == 0 && experts % ep == 0 &&
      (groups % ep == 0 || ep % groups == 0) && n > 1) {
    const double e = static_cast<double>(experts), k = static_cast<double>(top_k);
    const double cand = static_cast<double>(top_groups * (experts / groups));  // G'S
    const double both = static_cast<double>(top_groups) / static_cast<double>(groups) * k * (k - 1.0) / (cand * (cand - 1.0));
    const double q2 = 1.0 - 2.0 * k / e + both;
    const std::uint64_t u = experts / groups < n ? experts / groups : n;
    rho = (ipow(q2, t) - q * q) / (p * q) * static_cast<double>(u - 1) / static_cast<double>(n - 1);
  }
  const double nd = static_cast<double>(n);
  // E[max] = sum over k < n of P(max > k) = 1 - F(k)^ep. The count's terms come by recurrence
  // from the end that holds its mass (P(0) for p <= 1/2, P(n) above), so that neither start
  // underflows for any expert count a model has: binomial terms, or beta-binomial ones with
  // a = p (1 / rho - 1), b = q (1 / rho - 1), whose ratio P(k + 1) / P(k) is
  // (n - k) / (k + 1) x (a + k) / (b + n - k - 1).
  // Every pair of a rank together (a token takes every expert of its groups): the rank reads
  // all n or none, each with p and q, so the busiest reads n unless every rank reads none.
  if (rho >= 1.0 - 1e-12) return (1.0 - ipow(q, ep)) / p;
  const bool beta = rho > 1e-12;
  const double a = beta ? p * (1.0 / rho - 1.0) : 0.0, b = beta ? q * (1.0 / rho - 1.0) : 0.0;
  double expected_max = 0;
  if (p <= 0.5) {
    double pmf = 1.0;  // P(X = 0)
    if (beta) {
      for (std::uint64_t i = 0; i < n; ++i) pmf *= (b + static_cast<double>(i)) / (a + b + static_cast<double>(i));
    } else {
      pmf = ipow(q, n);
    }
    double cdf = pmf;
    for (std::uint64_t k = 0; k < n && 1.0 - cdf > 1e-12; ++k) {
      expected_max += 1.0 - ipow(cdf, ep);  // P(max > k); 0 once F(k) = 1
      const double kd = static_cast<double>(k);
      pmf *= beta ? (nd - kd) / (kd + 1.0) * (a + kd) / (b + nd - kd - 1.0) : (nd - kd) / (kd + 1.0) * p / q;
      cdf += pmf;
    }
  } else {
    double pmf = 1.0;  // P(X = n)
    if (beta) {
      for (std::uint64_t i = 0; i < n; ++i) pmf *= (a + static_cast<double>(i)) / (a + b + static_cast<double>(i));
    } else {
      pmf = ipow(p, n);
    }
    double above = 0;  // P(X >= j)
    for (std::uint64_t j = n; j >= 1; --j) {
      above += pmf;
      if (1.0 - above <= 1e-12) {  // P(max > k) = 1 for every k < j
        expected_max += static_cast<double>(j);
        break;
      }
      expected_max += 1.0 - ipow(1.0 - above, ep);  // P(max > j - 1)
      const double jd = static_cast<double>(j);
      pmf *= beta ? jd / (nd - jd + 1.0) * (b + nd - jd) / (a + jd - 1.0) : jd / (nd - jd + 1.0) * q / p;
    }
  }
  const double mean = nd * p;
  return expected_max > mean ? expected_max / mean : 1.0;
}

/// The inputs of one node_cost call.
struct cost_query {
  std::uint64_t rows = 1;     ///< rows the node processes (tokens of all sequences)
  std::uint64_t seqs = 1;     ///< sequences those rows belong to
  std::uint64_t context = 4096;  ///< KV tokens each sequence attends over
  settings s{};
  /// Experts the engine's routed kernel runs beside the routed ones, every row through each (a
  /// shared expert fused into it: kernels.hpp, shared_fusion); 0 for every other node's query.
  std::uint8_t fused_experts = 0;
  /// A pass whose sequences are not alike (serve's prompts beside decoding sequences):
  /// `wide_seqs` of the `seqs` hold `wide_rows` rows each, the others the rest evenly; a plan
  /// whose ranks schedule their own sequences deals each out whole (rank_rows). 0: alike.
  std::uint64_t wide_rows = 0;
  std::uint64_t wide_seqs = 0;
};

namespace detail {
// What of a node's cost its rows, context and settings do not change: the whole bytes it reads
// whatever the query (its small parameters; a linear or latent node's weight and bias) and, for
// routed experts, one expert's weight and bias (read once per distinct expert touched). A step
// whose rows are kept (detail/kept_rows.hpp) works these out once.
//
// When every edge is at a plain format (bf16, f32, i32: so many bytes an element, no scales)
// the edges' bytes at n rows are exactly per_n x n + fixed (each edge holds rows_per_n x n +
// rows_fixed rows), and an elementwise node's output elements likewise: two whole numbers kept
// instead of a walk of the edges. Where that form would overflow, or an edge is quantized, the
// edges are walked at each query as they always were (and report what they always did).
struct affine_count {
  std::uint64_t per_n = 0;
  std::uint64_t fixed = 0;
  // per_n x n + fixed into `out`; false on overflow.
  [[nodiscard]] constexpr bool at(std::uint64_t n, std::uint64_t& out) const {
    std::uint64_t p = 0;
    return !__builtin_mul_overflow(per_n, n, &p) && !__builtin_add_overflow(p, fixed, &out);
  }
  // Adds rows_per_n x n + rows_fixed rows of `unit` units each; false on overflow.
  constexpr bool add(const edge& e, std::uint64_t unit) {
    std::uint64_t u = 0, p = 0, c = 0;
    return !__builtin_mul_overflow(e.width, unit, &u) && !__builtin_mul_overflow(e.rows_per_n, u, &p) &&
           !__builtin_mul_overflow(e.rows_fixed, u, &c) && !__builtin_add_overflow(per_n, p, &per_n) &&
           !__builtin_add_overflow(fixed, c, &fixed);
  }
};
struct node_terms {
  std::uint64_t fixed_bytes = 0;
  std::uint64_t expert_bytes = 0;
  double k = 0;             // a weight node's weight as [out, k] (node::weight_k, weight_out)
  double out = 0;
  bool act_quant = false;   // a weight node whose activation format differs from its input edge's
  bool plain_edges = false; // edge_bytes and out_elements hold
  bool affine_act_quant = false;  // act_quant_bytes holds
  affine_count edge_bytes{};
  affine_count out_elements{};
  affine_count act_quant_bytes{};  // the act_quant's read and write of its input edge
};
// The act_quant's bytes, 2 x the activation's bytes at the edge's rows, as per_n x n + fixed
// where the activation format's bytes are affine in rows; false where they are not, or on
// overflow (the cost then works them out at each query, as it always did).
constexpr bool act_quant_affine(const edge& e, const tensor_format& a, affine_count& out) {
  std::uint64_t one = 0, two = 0;
  if (!detail::bytes_affine_in_rows(a, e.width) || !detail::law_bytes(a, 1, e.width, false, one) ||
      !detail::law_bytes(a, 2, e.width, false, two)) {
    return false;
  }
  const std::uint64_t per_row = two - one;    // law(rows) = per_row x rows + at_zero
  const std::uint64_t at_zero = one - per_row;
  std::uint64_t p = 0, c = 0;  // 2 x (per_row x (rows_per_n x n + rows_fixed) + at_zero)
  return !__builtin_mul_overflow(per_row, e.rows_per_n, &p) && !__builtin_mul_overflow(p, 2, &out.per_n) &&
         !__builtin_mul_overflow(per_row, e.rows_fixed, &c) && !__builtin_add_overflow(c, at_zero, &c) &&
         !__builtin_mul_overflow(c, 2, &out.fixed);
}
// `affine_edges`: work out the edges' (and an act_quant's) affine form too (worth it only for a cost asked again; a
// single costing walks the edges once instead).
constexpr node_terms terms_of(const node& n, const resolved_formats& f, bool affine_edges) {
  node_terms k;
  k.fixed_bytes = aux_only_bytes(n);
  k.act_quant = n.n_in > 0 && reads_linear_weight(n.kind) && !(f.activation == n.in[0].format);
  const std::uint64_t wk = n.weight_k();
  const std::uint64_t wout = n.weight_out();
  k.k = static_cast<double>(wk);
  k.out = static_cast<double>(wout);
  bool plain = affine_edges;
  auto add_edge = [&](const edge& e) {
    plain = plain && is_plain(e.format) && k.edge_bytes.add(e, e.format.kind == format_kind::bf16 ? 2 : 4);
  };
  for (std::size_t i = 0; plain && i < n.n_in; ++i) add_edge(n.in[i]);
  for (std::size_t i = 0; plain && i < n.n_out; ++i) {
    add_edge(n.out[i]);
    plain = plain && k.out_elements.add(n.out[i], 1);
  }
  k.plain_edges = plain;
  k.affine_act_quant = affine_edges && k.act_quant && act_quant_affine(n.in[0], f.activation, k.act_quant_bytes);
  switch (cost_class_of(n.kind)) {
    case cost_class::linear:
      k.fixed_bytes = checked_add(k.fixed_bytes, checked_add(detail::one_weight_bytes_of(n, f, wout, wk), detail::one_bias_bytes_of(n, wout)));
      break;
    case cost_class::routed_experts:
      k.expert_bytes = checked_add(detail::one_weight_bytes_of(n, f, wout, wk), detail::one_bias_bytes_of(n, wout));
      break;
    case cost_class::latent_attention:
      k.fixed_bytes = checked_add(k.fixed_bytes, detail::one_weight_bytes_of(n, f, wout, wk));
      break;
    default: break;
  }
  return k;
}

// The peak attention's scores and weighted sum are bounded by. Over states of one byte an
// element (an FP8 KV cache, FP8 index keys) the kernels may multiply in FP8 (TensorRT-LLM's
// FP8 context FMHA and its Blackwell FP8 MLA generation kernels quantize the query and run FP8
// MMAs), so the bound is the FP8 peak; over wider states, the BF16 peak. A kernel that
// dequantizes to BF16 instead runs above this bound, never below it.
constexpr double attention_peak(std::uint64_t read_bytes, std::uint64_t read_elements, const roofline& r) {
  return read_elements != 0 && read_bytes <= read_elements && r.fp8_tflops > r.bf16_tflops ? r.fp8_tflops : r.bf16_tflops;
}

// node_cost writing its result into `out` (a breakdown row's own field: no returned copy to
// move into the row, read back wider than it was written), the node's query-free terms given.
[[gnu::always_inline]] inline constexpr void node_cost_with(cost& out, const node_terms& terms, const node& n, const block& b,
                                                            const resolved_formats& f, const cost_query& q, const roofline& r,
                                                            const exec& how) {
  // Bytes are summed as exact integers (checked) and made a double once: every term but the
  // routed experts' expected share is a whole number of bytes, so the order the whole terms
  // are added in cannot change the sum. The sums are locals, written to the result once (in
  // the result itself each += would wait on the store before it).
  std::uint64_t sum = terms.fixed_bytes;
  double total_bytes = 0;
  double total_flops = 0;
  const std::uint64_t rows = q.rows;
  const double t = static_cast<double>(rows);
  // Edges. A weight node whose declared activation differs from its input edge gets an
  // act_quant in front: it reads the edge and writes the quantized copy the MMA reads.
  std::uint64_t edges = 0, with_edges = 0;
  if (terms.plain_edges && terms.edge_bytes.at(rows, edges) && !__builtin_add_overflow(sum, edges, &with_edges)) {
    sum = with_edges;
  } else {
    for (std::size_t i = 0; i < n.n_in; ++i) sum = checked_add(sum, n.in[i].bytes_at(rows));
    for (std::size_t i = 0; i < n.n_out; ++i) sum = checked_add(sum, n.out[i].bytes_at(rows));
  }
  if (terms.act_quant && how.path != exec_path::weight_only) {
    std::uint64_t quant = 0, with_quant = 0;
    if (terms.affine_act_quant && terms.act_quant_bytes.at(rows, quant) && !__builtin_add_overflow(sum, quant, &with_quant)) {
      sum = with_quant;
    } else {
      sum = checked_add(sum, checked_mul(2, bytes(f.activation, n.in[0].rows(rows), n.in[0].width)));
    }
  }

  double peak = r.bf16_tflops;
  // Bytes (elements = false) or elements per token of the states the node reads.
  auto read_per_token = [&](bool elements) {
    std::uint64_t u = 0;
    for (std::size_t i = 0; i < b.n_states; ++i) {
      if (n.reads & (1u << i)) u = checked_add(u, elements ? b.states[i].elements : unit_bytes(b.states[i], q.s));
    }
    return u;
  };
  switch (cost_class_of(n.kind)) {
    case cost_class::linear: {
      total_flops = 2.0 * t * terms.k * terms.out;
      peak = peak_of(how, r);
      break;
    }
    case cost_class::routed_experts: {
      // A fused shared expert is one more expert read whatever the rows, and one more every row
      // runs through.
      const double fused = static_cast<double>(q.fused_experts);
      // On a rank of expert parallelism (rank_node) a token reads K / ep of the rank's experts on
      // average, its rows K / ep of a whole token's: the rank's expected distinct experts are its
      // share of the whole model's, and its rows and FLOPs that share of the rounded count its
      // edges carry (K / ep rounded up, at least one). The busiest rank reads at least the mean,
      // so the ceiling stays a lower bound; with the rounded count it was not at EP wider than K
      // (until 2026-12-07: Llama-4-Maverick's top-1 at EP 4 read as one expert a token on each
      // of the four ranks).
      const bool cut = n.ep_ranks > 1 && n.route_top_k != 0;
      const double ep = static_cast<double>(n.ep_ranks);
      const double share = cut ? static_cast<double>(n.route_top_k) / ep / static_cast<double>(n.top_k) : 1.0;
      const double distinct =
          (cut ? distinct_experts(checked_mul(n.experts, n.ep_ranks), n.route_top_k, rows) / ep : distinct_experts(n.experts, n.top_k, rows)) +
          fused;
      // The one term that is not whole: the whole bytes so far, then the experts' share, in
      // that order.
      total_bytes = static_cast<double>(sum) * share + distinct * static_cast<double>(terms.expert_bytes);
      sum = 0;
      total_flops = 2.0 * t * (static_cast<double>(n.top_k) * share + fused) * terms.k * terms.out;
      peak = peak_of(how, r);
      break;
    }
    case cost_class::attention: {
      // Reads min(context, window) tokens of every KV state it declares, per sequence. FLOPs:
      // scores over the query width and the weighted sum over the output width,
      // 2*t*attended*(q + o) (= 4*t*attended*q for plain attention; for absorbed MLA the query
      // is latent + rope wide and the output latent wide).
      // A compressed KV (`pool` > 1, DeepSeek-V4's CSA / HCA layers) keeps one row per pool
      // tokens, declared per token as row / pool elements: the bytes are the attended tokens'
      // share, the scores and the weighted sum run over attended / pool rows, and an indexer
      // caps the attended tokens at `selected` (its top-k rows x pool).
      std::uint64_t attended = n.window != 0 ? headroom::detail::min(q.context, n.window) : q.context;
      if (n.selected != 0) attended = headroom::detail::min(attended, n.selected);
      const std::uint64_t rows_attended = n.pool > 1 ? attended / n.pool : attended;
      const std::uint64_t read_unit = read_per_token(false);
      detail::require_table(read_unit != 0, "an attention node reads no KV state");
      sum = checked_add(sum, checked_mul(checked_mul(q.seqs, attended), read_unit));
      const double qw = n.n_in > 0 ? static_cast<double>(n.in[0].width) : 0.0;
      const double ow = n.n_out > 0 ? static_cast<double>(n.out[0].width) : 0.0;
      total_flops = 2.0 * t * static_cast<double>(rows_attended) * (qw + ow);
      peak = attention_peak(read_unit, read_per_token(true), r);
      if (n.kv_b_out != 0 && n.heads != 0 && n.selected == 0) {
        // MLA run absorbed (DeepSeek-V3's attend: a query of heads x (kv_lora + rope), an
        // output of heads x kv_lora over latent rows) or expanded, as the engines prefill a
        // prompt (SGLang's forward_normal, TensorRT-LLM's and vLLM's context MLA): kv_b_proj
        // up-projects each attended latent row to the heads' K nope and V, and each head scores
        // over nope + rope and sums over v, 2*t*attended*heads*(kv_b_out / heads + rope). The
        // prompt's own rows' up-projection counts what the absorbed form's kv_b node does (t
        // rows); rows of a context beyond them (a decode step's, a later chunk's prefix) are
        // up-projected once more, 2 x kv_lora x kv_b_out each. The cheaper form counts: the
        // expanded for a long prompt (DeepSeek-V3: 320 against 1,088 a head and attended
        // row), the absorbed for a decode step. (A layer an indexer selects for runs absorbed:
        // the sparse kernels do.)
        const double heads = static_cast<double>(n.heads);
        const double kv_lora = ow / heads;
        const double rope = qw / heads - kv_lora;
        const double context_rows = static_cast<double>(q.seqs) * static_cast<double>(q.context);
        const double beyond = context_rows > t ? context_rows - t : 0.0;
        const double kv_b = static_cast<double>(n.kv_b_out);
        const double expanded = 2.0 * t * static_cast<double>(rows_attended) * (kv_b + heads * rope) + 2.0 * beyond * kv_lora * kv_b;
        if (expanded < total_flops) total_flops = expanded;
      }
      break;
    }
    case cost_class::latent_attention: {
      // Absorbed MLA (DeepSeek-V2 section 2.1.2): kv_b_proj [heads*(nope + v), kv_lora] folds
      // into the query (nope -> latent) and the output (latent -> v), 2*t*k*out FLOPs and one
      // read of the weight; then per head, scores over the latent row read (latent + rope
      // elements) and a weighted sum over its latent part: 2*t*attended*heads*(key + kv_lora).
      // An indexer-selected layer attends over min(context, selected) rows.
      const std::uint64_t attended = n.selected != 0 ? headroom::detail::min(q.context, n.selected) : q.context;
      const std::uint64_t read_unit = read_per_token(false);
      const double key = static_cast<double>(read_per_token(true));
      const double k = terms.k;
      const double out = terms.out;
      detail::require_table(read_unit != 0, "a latent attention node reads no latent state");
      sum = checked_add(sum, checked_mul(checked_mul(q.seqs, attended), read_unit));
      // kv_b_proj's fold at its weight's peak, the attention over the latent rows at
      // attention_peak: the compute time is the sum of the two.
      const double fold_flops = 2.0 * t * k * out;
      const double attend_flops = 2.0 * t * static_cast<double>(attended) * static_cast<double>(n.heads) * (key + k);
      total_flops = fold_flops + attend_flops;
      const double fold_peak = peak_of(how, r);
      const double attend_peak = attention_peak(read_unit, read_per_token(true), r);
      const double cmp = (fold_peak > 0 ? fold_flops / fold_peak : 0.0) + (attend_peak > 0 ? attend_flops / attend_peak : 0.0);
      // The one peak that gives the same compute time for the whole node's FLOPs.
      peak = cmp > 0 ? total_flops / cmp : fold_peak;
      break;
    }
    case cost_class::indexer: {
      // The indexer scores every whole pool of the context: it reads the index keys declared
      // per token over the whole context, and each query row (index heads x index head_dim,
      // its first input) takes a dot product with each pooled key.
      const std::uint64_t read_unit = read_per_token(false);
      detail::require_table(read_unit != 0 && n.pool != 0, "an indexer reads no index state, or pools no tokens");
      sum = checked_add(sum, checked_mul(checked_mul(q.seqs, q.context), read_unit));
      const double qw = n.n_in > 0 ? static_cast<double>(n.in[0].width) : 0.0;
      total_flops = 2.0 * t * static_cast<double>(q.context / n.pool) * qw;
      peak = attention_peak(read_unit, read_per_token(true), r);
      break;
    }
    case cost_class::elementwise: {
      std::uint64_t elements = 0;
      if (!(terms.plain_edges && terms.out_elements.at(rows, elements))) {
        elements = 0;
        for (std::size_t i = 0; i < n.n_out; ++i) elements = checked_add(elements, checked_mul(n.out[i].rows(rows), n.out[i].width));
      }
      total_flops = static_cast<double>(checked_mul(flops_per_output_element(n.kind), elements));
      break;
    }
    case cost_class::recurrent:
    case cost_class::edges: break;
  }
  // Recurrent states and conv windows: read and written once per sequence.
  if (n.updates != 0) {
    std::uint64_t unit = 0;
    std::uint64_t h_elems = 0;
    for (std::size_t i = 0; i < b.n_states; ++i) {
      if (n.updates & (1u << i)) {
        unit = checked_add(unit, unit_bytes(b.states[i], q.s));
        if (b.states[i].kind == state_kind::recurrent) h_elems = checked_add(h_elems, b.states[i].elements);
      }
    }
    sum = checked_add(sum, checked_mul(2, checked_mul(q.seqs, unit)));
    if (cost_class_of(n.kind) == cost_class::recurrent) total_flops = 4.0 * t * static_cast<double>(h_elems);
  }
  total_bytes += static_cast<double>(sum);
  const double mem_us = total_bytes / (r.dram_gbps * 1e3);
  const double cmp_us = peak > 0 ? total_flops / (peak * 1e6) : 0.0;
  const bound by = cmp_us > mem_us ? bound::compute : bound::memory;
  out.bytes = total_bytes;
  out.flops = total_flops;
  out.time_us = by == bound::compute ? cmp_us : mem_us;
  out.by = by;
}

[[gnu::always_inline]] inline constexpr void node_cost_to(cost& out, const node& n, const block& b, const resolved_formats& f,
                                                          const cost_query& q, const roofline& r, const exec& how) {
  node_cost_with(out, terms_of(n, f, false), n, b, f, q, r, how);
}
}  // namespace detail

/// Cost of node `n` of block `b` with formats `f` on device `d` with constants `r`, a weight node
/// running on path `how` (exec_of under the engine's facts). A weight-only path reads the input
/// row as it is (no activation quantization) and runs at the BF16 peak.
constexpr cost node_cost(const node& n, const block& b, const resolved_formats& f, const cost_query& q,
                         [[maybe_unused]] const device& d, const roofline& r, const exec& how) {
  cost c{};
  detail::node_cost_to(c, n, b, f, q, r, how);
  return c;
}

/// The same under the device-only rule (no engine facts).
constexpr cost node_cost(const node& n, const block& b, const resolved_formats& f, const cost_query& q,
                         const device& d, const roofline& r) {
  return node_cost(n, b, f, q, d, r, reads_linear_weight(n.kind) ? exec_of(d, f.weight, f.activation) : exec{});
}

}  // namespace headroom
