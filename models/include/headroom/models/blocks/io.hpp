// SPDX-License-Identifier: MIT
// headroom: the blocks at either end of a decoder: the token embedding, the head (final norm,
// lm_head, argmax) and the input of an MTP draft layer. Each adds one block template to a
// circuit and returns its index; edges are bf16 unless stated, rows n unless stated.
#pragma once

#include <cstdint>
#include <string_view>

#include <headroom/circuit.hpp>

namespace headroom::models::blocks {

namespace detail {
constexpr node embed_node(std::uint64_t vocab, std::uint64_t hidden, bool stored) {
  node n = sharded(nd("embed", op::embed, {e(1, formats::i32)}, {e(hidden)}), shard::vocab, vocab);
  n.table_rows = vocab;
  n.stores_weight = stored;
  return n;
}
}  // namespace detail

/// embed_tokens [vocab, hidden]; `stored` false when another node stores the table.
constexpr std::uint8_t embed(circuit& c, std::string_view block_name, std::uint64_t vocab, std::uint64_t hidden,
                             bool stored = true) {
  return c.add_block(block_name, {detail::embed_node(vocab, hidden, stored)});
}

/// final norm [hidden] -> lm_head [vocab, hidden] -> argmax; `stored` false for a tied head or
/// a draft head that reads the main one.
constexpr std::uint8_t head(circuit& c, std::string_view block_name, std::uint64_t vocab, std::uint64_t hidden,
                            bool stored = true, bool norm_bias = false) {
  node lm = sharded(nd("lm_head", op::lm_head, {e(hidden)}, {e(vocab)}), shard::vocab, vocab);
  lm.stores_weight = stored;
  // norm_bias: the final norm is a LayerNorm with a bias beside its weight (StarCoder2).
  return c.add_block(block_name, {with_aux(nd("final_norm", op::final_norm, {e(hidden)}, {e(hidden)}), norm_bias ? checked_mul(2, hidden) : hidden), lm,
                                  nd("argmax", op::argmax, {e(vocab)}, {e(1, formats::i32)})});
}

/// An MTP draft layer's output: its own head; `stored` false when it reads the main lm_head
/// (Qwen3-Next), true when the checkpoint stores a copy (DeepSeek-V3's shared_head.head).
constexpr std::uint8_t mtp_out(circuit& c, std::string_view block_name, std::uint64_t vocab, std::uint64_t hidden,
                               bool stored) {
  return head(c, block_name, vocab, hidden, stored);
}

/// An MTP draft layer's input: the token's embedding and the main model's last hidden state,
/// each RMS-normed, concatenated and projected back to hidden. Local names follow the
/// checkpoint (Qwen3-Next: pre_fc_norm_embedding / pre_fc_norm_hidden / fc; DeepSeek-V3:
/// enorm / hnorm / eh_proj).
struct mtp_in_dims {
  std::uint64_t hidden = 0;
  std::uint64_t vocab = 0;
  bool stored_embed = false;  ///< the draft layer stores its own embed_tokens copy (DeepSeek-V3)
  std::string_view embed_norm = "embed_norm";
  std::string_view hidden_norm = "hidden_norm";
  std::string_view fc = "fc";
};

constexpr std::uint8_t mtp_in(circuit& c, std::string_view block_name, const mtp_in_dims& d) {
  const std::uint64_t h = d.hidden;
  return c.add_block(block_name, {detail::embed_node(d.vocab, h, d.stored_embed),
                                  with_aux(nd(d.embed_norm, op::rms_norm, {e(h)}, {e(h)}), h),
                                  with_aux(nd(d.hidden_norm, op::rms_norm, {e(h)}, {e(h)}), h),
                                  nd("concat", op::concat, {e(h), e(h)}, {e(2 * h)}),
                                  nd(d.fc, op::linear, {e(2 * h)}, {e(h)}, linear_role::mtp_fc)});
}

}  // namespace headroom::models::blocks
