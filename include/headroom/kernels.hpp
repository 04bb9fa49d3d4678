// SPDX-License-Identifier: MIT
// headroom: engine execution facts as data (docs/model.md#execution-paths). An engine does not
// always run a (weight, activation) pair the way the device's MMA list suggests: vLLM runs
// NVFP4 W4A4 on Hopper as a weight-only Marlin W4A16 kernel, not on the FP8 MMA; and an engine
// may run a layer kind once per sequence (a per-row loop). The tables of the shipped engines
// live in engines/include/headroom/engines/exec_facts.hpp; `no_exec_facts` is the device-only
// rule of roofline.hpp (exec_of without facts), which every estimate without facts keeps.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <headroom/device.hpp>
#include <headroom/model.hpp>
#include <headroom/parallel.hpp>
#include <headroom/detail/tensor_format_core.hpp>

namespace headroom {

/// How a weight-reading node runs its declared (weight, activation) pair.
enum class exec_path : std::uint8_t {
  native,               ///< one MMA instruction takes the pair (narrower weights widen in registers)
  exact_fp8_emulation,  ///< NVFP4 converted exactly E2M1 -> E4M3 and run on the FP8 MMA
  no_path,              ///< no MMA (or no kernel of the engine) runs the activation format: the BF16 peak
  weight_only,          ///< the engine's kernel dequantizes the weights and runs the BF16 activation
                        ///< row unquantized on the BF16 MMA (Marlin): the BF16 peak, the weight's bytes
};

/// One fact of an engine: on NVIDIA compute capabilities [sm_lo, sm_hi) (x10: sm_90a is 90), a
/// node whose declared weight and activation kinds are these runs on `path` with `kernel`.
/// A `native` fact applies only where the device runs the pair's MMA (else the next fact).
struct kernel_fact {
  format_kind weight = format_kind::bf16;
  format_kind activation = format_kind::bf16;
  std::uint16_t sm_lo = 0;
  std::uint16_t sm_hi = 0;
  exec_path path = exec_path::native;
  std::string_view kernel{};  ///< the kernel as the engine names it
  std::string_view cite{};    ///< engine source file @ commit (and the function that selects it)
  /// Marlin's W4A16 kernel: MXFP4 weights then read Marlin's measured grid (calib_format
  /// mxfp4_marlin), not the engine's default MXFP4 kernel's. Last, so initialisers written
  /// before it still compile.
  bool marlin = false;
};

/// The fact a path carries when no engine fact gave it (the device-only rule).
inline constexpr kernel_fact no_kernel_fact{};

/// An engine's execution facts: kernel facts (first match wins; none: the device-only rule)
/// and per-row loop sites (a site whose `family` is set applies to that model family only).
/// An engine that runs a MoE layer's shared expert inside its routed experts' kernel, as one more
/// expert every token selects (SGLang's shared-experts fusion): for models of `routed_experts`
/// routed experts and one shared expert as wide as one of them, in `family`, on NVIDIA compute
/// capabilities from `sm_lo` (x10), without expert parallelism. The shared expert's nodes then
/// launch nothing of their own; the routed experts' rows read one expert more (its weights once,
/// every token's rows through it).
struct shared_fusion {
  std::uint16_t routed_experts = 0;
  std::string_view family{};
  std::uint16_t sm_lo = 0;
  std::string_view cite{};  ///< engine source file @ commit (the function that decides it)
};

struct exec_facts {
  std::string_view engine{};  ///< display name for reports, e.g. "vLLM"
  const kernel_fact* kernels = nullptr;
  std::size_t n_kernels = 0;
  const loop_site* loops = nullptr;
  std::size_t n_loops = 0;
  /// The engine's shared-expert fusion (null: a shared expert is a dense MLP of its own). Last,
  /// so initialisers written before it still compile.
  const shared_fusion* fuse_shared = nullptr;
};

/// The most of an engine's loop sites that may apply to one model (its family's and the
/// family-less ones): an estimate resolves them with the model's own into one fixed table per
/// call (detail/step_sum.hpp). The list itself may be longer.
inline constexpr std::size_t max_engine_loop_sites = 16;

/// No facts: every pair takes the device-only rule, no engine loop.
inline constexpr exec_facts no_exec_facts{};

/// Compute capability x10 of an NVIDIA arch name ("sm_90a" -> 90, "sm_121" -> 121); 0 for any
/// other arch (AMD gfx, TPU, Gaudi), which no kernel fact's range [sm_lo, sm_hi) with sm_lo >= 1
/// contains.
constexpr std::uint16_t sm_of(std::string_view arch) {
  if (!arch.starts_with("sm_")) return 0;
  std::uint16_t v = 0;
  for (std::size_t i = 3; i < arch.size() && arch[i] >= '0' && arch[i] <= '9' && v < 1000; ++i) {
    v = static_cast<std::uint16_t>(v * 10 + (arch[i] - '0'));
  }
  return v;
}

/// Whether a model routes tokens to experts (a MoE model): any routed expert node in its circuit.
constexpr bool has_routed_experts(const model& m) {
  for (std::size_t ni = 0; ni < m.c.n_nodes; ++ni) {
    if (is_routed_expert(m.c.nodes[ni].kind)) return true;
  }
  return false;
}

/// A shared expert node of a MoE layer: its GEMMs (role shared_*) and its activation.
constexpr bool shared_expert_node(const node& n) {
  switch (n.role) {
    case linear_role::shared_gate_up:
    case linear_role::shared_up:
    case linear_role::shared_down:
    case linear_role::shared_gate: return true;
    default: return n.local == "shared_act";
  }
}

/// The experts an engine's routed kernel runs beside the routed ones for model `m` on device
/// `d` under plan `p` (shared_fusion): 1 where the engine fuses the model's one shared expert,
/// else 0.
constexpr std::uint8_t fused_shared_experts(const model& m, const device& d, const parallel& p, const exec_facts& facts) {
  const shared_fusion* f = facts.fuse_shared;
  if (f == nullptr || p.ep > 1 || m.family != f->family) return 0;
  const std::uint16_t sm = sm_of(d.arch);
  if (sm == 0 || sm < f->sm_lo) return 0;
  // A block with a routed gate_up of the engine's expert count and one shared gate_up of the same
  // shape (one shared expert as wide as a routed one).
  const circuit& c = m.c;
  for (std::size_t bi = 0; bi < c.n_blocks; ++bi) {
    const block& b = c.blocks[bi];
    const node* routed = nullptr;
    const node* shared = nullptr;
    std::size_t n_shared = 0;
    for (std::uint16_t j = b.first; j < b.end; ++j) {
      const node& x = c.nodes[j];
      if (x.kind == op::expert_gate_up && x.experts == f->routed_experts) routed = &x;
      if (x.role == linear_role::shared_gate_up) {
        shared = &x;
        ++n_shared;
      }
    }
    if (routed != nullptr && n_shared == 1 && shared->weight_out() == routed->weight_out() &&
        shared->weight_k() == routed->weight_k()) {
      return 1;
    }
  }
  return 0;
}

/// Whether engine loop site `l` applies to model `m` (its family, or every family).
constexpr bool loop_applies(const loop_site& l, const model& m) { return l.family.empty() || l.family == m.family; }

}  // namespace headroom
