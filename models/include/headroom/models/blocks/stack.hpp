// SPDX-License-Identifier: MIT
// headroom: the per-layer skeleton every family shares. A family adds its block templates, then
// says what layer l is -- which blocks, in order, and its layer kind -- and `stack` adds those
// instances for every layer; `decoder` wraps the main layers in the embedding and the head.
// So a family is its dims and its layer pattern.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include <headroom/circuit.hpp>
#include <headroom/error.hpp>

namespace headroom::models::blocks {

inline constexpr std::size_t max_layer_blocks = 4;

/// One block of a layer and the layer kind its instance carries (an MTP layer's input and
/// output blocks carry none).
struct layer_slot {
  std::uint8_t block = 0;
  layer_kind kind = layer_kind::none;
};

/// One layer of a pattern: up to max_layer_blocks block templates, in the order a token passes
/// them. Named slots rather than an array: g++ allocates on every array element read in
/// constant evaluation, and `stack` reads a spec once per layer.
struct layer_spec {
  layer_slot first, second, third, fourth;
  std::uint8_t n = 0;

  /// Appends one block of kind `kind`.
  constexpr layer_spec& then(std::uint8_t block, layer_kind kind) {
    ::headroom::detail::require_table(n < max_layer_blocks, "a layer has more blocks than max_layer_blocks");
    (n == 0 ? first : n == 1 ? second : n == 2 ? third : fourth) = {block, kind};
    ++n;
    return *this;
  }
};

/// A layer whose blocks all carry `kind` (the common case: a mixer and its MLP).
constexpr layer_spec layer(layer_kind kind, std::initializer_list<std::uint8_t> layer_blocks) {
  layer_spec s{};
  for (const std::uint8_t b : layer_blocks) s.then(b, kind);
  return s;
}

namespace detail {
/// What circuit::add does, instance by instance, for the layers `stack` adds: written through
/// a pointer taken once and counted in local arrays added to the circuit's counts at the end.
/// The compiler evaluates this for every layer of every shipped table, and g++ 12 charges each
/// std::array subscript about as much as a function call (c.add: ~265 K compiler instructions
/// an instance; this: ~50 K). Not a template, so that it is compiled once, not per pattern.
struct instance_writer {
  circuit& c;
  section sec;
  instance* to;
  std::uint16_t n;
  std::uint16_t uses[max_blocks]{};
  std::uint16_t kinds[max_blocks][layer_kinds]{};

  constexpr instance_writer(circuit& into, section s)
      : c(into), sec(s), to(into.instances.data()), n(into.n_instances) {}

  constexpr void put(const layer_slot& x, std::uint16_t at) {
    if (n >= max_instances || x.block >= c.n_blocks)
      ::headroom::detail::require_table(false, "too many block instances, or an unknown block");
    to[n++] = {x.block, at, sec, x.kind};
    uses[x.block] += 1;
    kinds[x.block][static_cast<std::size_t>(x.kind)] += 1;
  }
  constexpr void layer(const layer_spec& s, std::uint16_t at) {
    if (s.n > 0) put(s.first, at);
    if (s.n > 1) put(s.second, at);
    if (s.n > 2) put(s.third, at);
    if (s.n > 3) put(s.fourth, at);
  }
  constexpr void finish() {
    c.n_instances = n;
    for (std::size_t b = 0; b < c.n_blocks; ++b) {
      if (uses[b] == 0) continue;
      c.uses[sections * b + static_cast<std::size_t>(sec)] += uses[b];
      if (sec != section::main) continue;
      for (std::size_t k = 0; k < layer_kinds; ++k) {
        if (kinds[b][k] != 0) c.main_uses[b][k] += kinds[b][k];
      }
    }
  }
};
}  // namespace detail

/// Adds `layers` layers to section `sec`: layer l (numbered first + l) gets the instances
/// `pattern(l)` names. Returns the number of instances added. A pattern that returns a
/// reference to a spec built once (one per kind of layer) keeps constant evaluation cheap.
template <class Pattern>
constexpr std::uint64_t stack(circuit& c, std::uint64_t layers, const Pattern& pattern, section sec = section::main,
                              std::uint64_t first = 0) {
  // Layer numbers are 16-bit and no_layer marks the prologue / epilogue: a larger model would
  // wrap silently into another layer's number.
  ::headroom::detail::require_table(first <= no_layer && layers <= no_layer - first, "a layer number reaches no_layer");
  detail::instance_writer w(c, sec);
  std::uint64_t added = 0;
  for (std::uint64_t l = 0; l < layers; ++l) {
    const layer_spec& s = pattern(l);
    w.layer(s, static_cast<std::uint16_t>(first + l));
    added += s.n;
  }
  w.finish();
  return added;
}

/// The main section of a decoder: `embed`, the `layers` layers of `pattern`, then `head`.
template <class Pattern>
constexpr std::uint64_t decoder(circuit& c, std::uint8_t embed, std::uint64_t layers, const Pattern& pattern,
                                std::uint8_t head) {
  c.add(embed, no_layer, section::main, layer_kind::none);
  const std::uint64_t added = stack(c, layers, pattern);
  c.add(head, no_layer, section::main, layer_kind::none);
  return added + 2;
}

}  // namespace headroom::models::blocks
