// SPDX-License-Identifier: MIT
// headroom: what a model holds in device memory (docs/model.md#footprint).
//
// weights: every tensor the checkpoint stores, once: matmul weights with their scale tensors
//   (routed experts x E), embedding table, norm weights, biases, conv taps, A_log, dt_bias. A
//   node that reads a tensor another node stores (tied lm_head, a draft head's shared
//   embedding / lm_head) adds nothing. A weight the engine builds at load time (node
//   runtime_copy) is held like a stored one and also counted apart as runtime_weights.
// kv_per_token: per token of one sequence, every paged-KV state of every main-section block
//   instance at its own element size (draft blocks too when speculative decoding is on).
//   Sliding-window layers hold every token by default (engines that give every layer one page
//   size keep them: vLLM's physical allocation); under an engine whose evict_sliding is set
//   (engine.hpp) they hold min(context, window) tokens, counted as `swa_kv_per_token` over
//   `swa_window` tokens. Their attention reads min(context, window) tokens either way (node_cost).
// state_per_seq: recurrent h states (GDN / Mamba) at ssm_h_dtype and compressor states
// (DeepSeek-V4, F32); conv_per_seq: conv windows.
#pragma once

#include <array>
#include <cstdint>

#include <headroom/bytes.hpp>
#include <headroom/circuit.hpp>
#include <headroom/detail/min_max.hpp>
#include <headroom/distinct_uses.hpp>
#include <headroom/model.hpp>
#include <headroom/detail/settings_core.hpp>
#include <headroom/stored_bytes.hpp>
#include <headroom/validate.hpp>

namespace headroom {

struct footprint_bytes {
  byte_count weights = 0;         ///< every stored tensor of the checkpoint (its total_size) + runtime_weights
  byte_count runtime_weights = 0; ///< of which weights the engine builds at load time (not in the checkpoint)
  byte_count draft_weights = 0;   ///< of which the draft (MTP) head's own tensors
  byte_count vision_weights = 0;  ///< of which a stored vision encoder's tensors (loaded, not in decode)
  byte_count loaded_weights = 0;  ///< what the engine loads: weights, less the draft's unless speculative
  byte_count kv_per_token = 0;    ///< full-attention KV bytes per token of one sequence
  byte_count swa_kv_per_token = 0;  ///< sliding-window KV bytes per kept token
  std::uint64_t swa_window = 0;     ///< tokens a sliding layer keeps (0: none)
  byte_count state_per_seq = 0;   ///< recurrent h state bytes per sequence
  byte_count conv_per_seq = 0;    ///< conv window bytes per sequence

  /// Bytes per sequence at `context` tokens.
  [[nodiscard]] constexpr byte_count per_seq(std::uint64_t context) const {
    byte_count b = checked_mul(kv_per_token, context);
    b = checked_add(b, checked_mul(swa_kv_per_token, headroom::detail::min(context, swa_window)));
    return checked_add(checked_add(b, state_per_seq), conv_per_seq);
  }
  /// loaded_weights + seqs * per_seq(context), exact.
  [[nodiscard]] constexpr byte_count bytes(std::uint64_t seqs, std::uint64_t context) const {
    return checked_add(loaded_weights, checked_mul(seqs, per_seq(context)));
  }
};

namespace detail {
// What one instance of a block adds: stored bytes and per-token / per-sequence state bytes.
struct block_bytes {
  byte_count weights = 0;
  byte_count runtime = 0;  ///< of which runtime copies
  byte_count kv = 0;
  byte_count swa_kv = 0;
  std::uint64_t window = 0;
  byte_count state = 0;
  byte_count conv = 0;
};

/// The one per-token / per-sequence state law: what one instance of block `b` holds per
/// token (paged KV; a sliding layer's apart when `sliding_apart`) and per sequence (recurrent
/// h, conv windows). footprint, stage_footprint and kv_per_token_per_rank all sum it.
constexpr block_bytes states_of(const circuit& c, const block& b, const settings& s, bool sliding_apart) {
  block_bytes out{};
  for (std::size_t si = 0; si < b.n_states; ++si) {
    const state_decl& st = b.states[si];
    const byte_count u = unit_bytes(st, s);
    if (st.kind == state_kind::paged_kv) {
      std::uint64_t window = 0;  // the window of the attention node that reads this state
      for (std::size_t ni = b.first; ni < b.end; ++ni) {
        if (c.nodes[ni].reads & (1u << si)) window = headroom::detail::max(window, c.nodes[ni].window);
      }
      if (window == 0 || !sliding_apart) {
        out.kv = checked_add(out.kv, u);
      } else {
        require_table(out.window == 0 || out.window == window, "sliding layers with different windows");
        out.window = window;
        out.swa_kv = checked_add(out.swa_kv, u);
      }
    } else if (st.kind == state_kind::recurrent || st.kind == state_kind::compressor) {
      out.state = checked_add(out.state, u);  // held per sequence either way; engines page a compressor's apart
    } else {
      out.conv = checked_add(out.conv, u);
    }
  }
  return out;
}

/// Adds `count` instances of a block of section `sec` to `fp`: weights always; per-token and
/// per-sequence bytes unless the section holds none (a vision encoder; a draft head when not
/// speculative).
constexpr void add_block(footprint_bytes& fp, const block_bytes& bb, section sec, std::uint64_t count, const settings& s) {
  const byte_count w = checked_mul(count, bb.weights);
  fp.weights = checked_add(fp.weights, w);
  fp.runtime_weights = checked_add(fp.runtime_weights, checked_mul(count, bb.runtime));
  if (sec == section::draft) fp.draft_weights = checked_add(fp.draft_weights, w);
  if (sec == section::vision) fp.vision_weights = checked_add(fp.vision_weights, w);
  if (sec == section::vision || (sec == section::draft && !s.speculative)) return;
  fp.kv_per_token = checked_add(fp.kv_per_token, checked_mul(count, bb.kv));
  if (bb.window != 0) {
    require_table(fp.swa_window == 0 || fp.swa_window == bb.window, "sliding layers with different windows");
    fp.swa_window = bb.window;
    fp.swa_kv_per_token = checked_add(fp.swa_kv_per_token, checked_mul(count, bb.swa_kv));
  }
  fp.state_per_seq = checked_add(fp.state_per_seq, checked_mul(count, bb.state));
  fp.conv_per_seq = checked_add(fp.conv_per_seq, checked_mul(count, bb.conv));
}

/// What the engine loads: every stored tensor, less the draft head's unless speculative.
constexpr void set_loaded_weights(footprint_bytes& fp, const settings& s) {
  fp.loaded_weights = s.speculative ? fp.weights : fp.weights - fp.draft_weights;
}

/// The footprint with sliding layers apart (their tokens counted over their window) or not:
/// footprint(m, s, e) follows the engine's evict_sliding; an engine's memory rule keeps them
/// apart always (engine_memory.hpp).
constexpr footprint_bytes footprint_of(const model& m, const settings& s, bool sliding_apart) {
  validate(m);
  footprint_bytes fp{};
  const circuit& c = m.c;
  auto add = [&](const block& b, const instance& in, std::uint64_t count) {
    block_bytes bb = states_of(c, b, s, sliding_apart);
    bb.weights = block_stored_bytes(m, b, in);
    bb.runtime = block_runtime_bytes(m, b, in);
    add_block(fp, bb, in.sec, count, s);
  };
  // Every instance of one distinct use holds the same bytes: each is sized once.
  for_each_distinct_use(m, every_section, false, [&](const instance& in, std::uint32_t count) { add(c.blocks[in.block], in, count); });
  if (m.file_weights != 0) {
    // The file's own tensor bytes (model::file_weights): every tensor it stores, nothing built
    // at load time, no draft or vision section apart (the GGUF families have neither).
    fp.weights = m.file_weights;
    fp.runtime_weights = 0;
    fp.draft_weights = 0;
    fp.vision_weights = 0;
  }
  set_loaded_weights(fp, s);
  return fp;
}
}  // namespace detail

/// Every token of every layer, sliding ones included (engines::none's default).
constexpr footprint_bytes footprint(const model& m, const settings& s) { return detail::footprint_of(m, s, false); }
/// Sliding layers hold only their window when `evict_sliding` (an engine's policy: the engines
/// layer's footprint(m, s, engine) passes its profile's).
constexpr footprint_bytes footprint(const model& m, const settings& s, bool evict_sliding) {
  return detail::footprint_of(m, s, evict_sliding);
}

}  // namespace headroom
