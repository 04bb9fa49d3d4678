// SPDX-License-Identifier: MIT
// headroom importer: the families' dims structs, reflected with Boost.Hana. Only the importer's
// translation units include this header, so a build that includes a model header never pays for
// Hana's reflection (the model headers stay plain C++20).
//
// BOOST_HANA_ADAPT_STRUCT lists each member once; hana::accessors then gives (name, getter)
// pairs in declaration order, which the importer pairs with the plain-data key tables of
// <headroom/models/config_keys.hpp> by name, and which the header emitter prints as designated
// initialisers (declaration order is the order C++20 requires).
#pragma once

#include <boost/hana/accessors.hpp>
#include <boost/hana/adapt_struct.hpp>
#include <boost/hana/concept/struct.hpp>
#include <boost/hana/first.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/second.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>

#include <array>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/compressed_attention.hpp>
#include <headroom/models/cohere.hpp>
#include <headroom/models/deepseek_v4.hpp>
#include <headroom/models/dense_gqa.hpp>
#include <headroom/models/gemma3.hpp>
#include <headroom/models/glm4_moe.hpp>
#include <headroom/models/gemma4.hpp>
#include <headroom/models/gpt_oss.hpp>
#include <headroom/models/gqa_decoder.hpp>
#include <headroom/models/gqa_moe.hpp>
#include <headroom/models/granite_hybrid.hpp>
#include <headroom/models/llama4.hpp>
#include <headroom/models/mimo_v2_flash.hpp>
#include <headroom/models/mla_moe.hpp>
#include <headroom/models/moe_stack_dims.hpp>
#include <headroom/models/nemotron_h.hpp>
#include <headroom/models/nemotron_nas.hpp>
#include <headroom/models/qwen3_5.hpp>
#include <headroom/models/qwen3_6_moe.hpp>
#include <headroom/models/qwen3_next.hpp>
#include <headroom/models/starcoder2.hpp>

// The pieces several families' dims are composed of: the importer walks into them (their
// members are bound by their own names, as if the family's dims listed them).
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::gqa_decoder_dims, hidden, vocab, layers, q_heads, kv_heads, head_dim);
BOOST_HANA_ADAPT_STRUCT(headroom::models::blocks::mla_dims, hidden, q_heads, q_lora, kv_lora, qk_nope, qk_rope, v_head);
BOOST_HANA_ADAPT_STRUCT(headroom::models::blocks::compressed_attention_dims, hidden, hc, q_heads, head_dim, q_lora, o_groups,
                        o_lora, window, ratio, index_heads, index_head_dim, index_topk);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::moe_stack_dims, inter, first_dense, experts, top_k, moe_inter,
                        shared_experts, mtp_layers, groups, top_groups);

BOOST_HANA_ADAPT_STRUCT(headroom::models::family::dense_gqa_dims, gqa, inter, qk_norm, attn_bias, tie, window,
                        qk_norm_whole, vision_params);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::gqa_moe_dims, gqa, experts, top_k, moe_inter, qk_norm, tie, window,
                        qk_norm_whole, routing_bias, attn_bias, shared_inter, shared_gate, vision_params, first_dense, inter,
                        shared_experts, layer_norm, o_bias, lm_head_bias);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::granite_hybrid_dims, hidden, vocab, pattern, q_heads, kv_heads, head_dim,
                        rope, mamba_heads, mamba_head_dim, ssm_state, n_groups, conv_kernel, experts, top_k, moe_inter,
                        shared_inter, tie);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::nemotron_nas_dims, hidden, vocab, layers, q_heads, head_dim, kv_heads,
                        ffn_units, tie);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::gpt_oss_dims, gqa, window, experts, top_k, inter);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::nemotron_h_dims, hidden, vocab, pattern, q_heads, kv_heads, head_dim,
                        inter, mamba_heads, mamba_head_dim, ssm_state, n_groups, conv_kernel, experts, top_k, moe_inter,
                        shared_inter, moe_latent, mtp_pattern);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::qwen3_hybrid_dims, gqa, full_attention_interval, lin_k_heads,
                        lin_v_heads, lin_k_dim, lin_v_dim, conv_kernel, inter, experts, top_k, moe_inter, shared_inter,
                        mtp_layers, mtp_head_copy, vision_params);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::mla_moe_dims, mla, vocab, layers, moe, noaux_tc, index_heads,
                        index_head_dim, index_topk, index_share_freq, index_share_offset, mtp_own_embed_and_head,
                        vision_params);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::deepseek_v4_dims, hidden, vocab, layers, compress_ratios, attention,
                        experts, top_k, moe_inter, shared_experts, hash_layers, mtp_layers);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::gemma3_dims, gqa, inter, window, pattern, qk_norm, softcap, tie,
                        vision_params);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::glm4_moe_dims, gqa, moe, qk_norm, attn_bias);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::llama4_dims, gqa, experts, top_k, moe_inter, inter, moe_step, chunk, pattern,
                        qk_norm, vision_params);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::cohere_dims, gqa, inter, qk_norm, attn_bias, tie, window, pattern);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::starcoder2_dims, gqa, inter, bias, tie, window);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::mimo_v2_flash_dims, gqa, v_head_dim, swa_q_heads, swa_kv_heads, swa_head_dim,
                        swa_v_head_dim, window, swa_sinks, hybrid_pattern, moe_pattern, inter, experts, top_k, moe_inter,
                        noaux_tc, mtp_layers);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::gemma4_dims, hidden, vocab, layers, inter, q_heads, kv_heads, head_dim,
                        window, g_kv_heads, g_head_dim, pattern, k_eq_v, experts, top_k, moe_inter, tie);

namespace headroom::cli::import {

/// A family the importer builds: its name (a model's `family`, the header the emitter includes
/// and the builder it calls), its dims struct and its constexpr builder (the same function the
/// shipped tables call). Several families may share one dims struct (the Qwen3 hybrids).
template <typename Dims, circuit (*Build)(const Dims&)>
struct family_entry {
  using dims = Dims;
  static constexpr circuit build(const Dims& d) { return Build(d); }
};
#define HEADROOM_IMPORT_FAMILY(fam, dims_type)                                                       \
  struct fam##_family : family_entry<models::family::dims_type, &models::family::fam> {           \
    static constexpr std::string_view name = #fam;                                                \
  }
HEADROOM_IMPORT_FAMILY(dense_gqa, dense_gqa_dims);
HEADROOM_IMPORT_FAMILY(gqa_moe, gqa_moe_dims);
HEADROOM_IMPORT_FAMILY(gpt_oss, gpt_oss_dims);
HEADROOM_IMPORT_FAMILY(nemotron_h, nemotron_h_dims);
HEADROOM_IMPORT_FAMILY(qwen3_next, qwen3_hybrid_dims);
HEADROOM_IMPORT_FAMILY(qwen3_5, qwen3_hybrid_dims);
HEADROOM_IMPORT_FAMILY(qwen3_6_moe, qwen3_hybrid_dims);
HEADROOM_IMPORT_FAMILY(mla_moe, mla_moe_dims);
HEADROOM_IMPORT_FAMILY(gemma4, gemma4_dims);
HEADROOM_IMPORT_FAMILY(deepseek_v4, deepseek_v4_dims);
HEADROOM_IMPORT_FAMILY(gemma3, gemma3_dims);
HEADROOM_IMPORT_FAMILY(granite_hybrid, granite_hybrid_dims);
HEADROOM_IMPORT_FAMILY(glm4_moe, glm4_moe_dims);
HEADROOM_IMPORT_FAMILY(cohere, cohere_dims);
HEADROOM_IMPORT_FAMILY(starcoder2, starcoder2_dims);
HEADROOM_IMPORT_FAMILY(nemotron_nas, nemotron_nas_dims);
HEADROOM_IMPORT_FAMILY(llama4, llama4_dims);
HEADROOM_IMPORT_FAMILY(mimo_v2_flash, mimo_v2_flash_dims);
#undef HEADROOM_IMPORT_FAMILY

/// Every family the importer can build, as Hana types.
inline constexpr auto all_families =
    boost::hana::tuple_t<dense_gqa_family, gqa_moe_family, gpt_oss_family, nemotron_h_family, qwen3_next_family,
                         qwen3_5_family, qwen3_6_moe_family, mla_moe_family, gemma4_family,
                         deepseek_v4_family, gemma3_family, granite_hybrid_family, glm4_moe_family, cohere_family,
                         starcoder2_family, nemotron_nas_family, llama4_family, mimo_v2_flash_family>;

/// Calls f(group, name, member reference) for every member of `d`, in declaration order,
/// walking into the members that are adapted structs themselves (one level: the pieces above):
/// `group` names the piece ("gqa" for dense_gqa_dims::gqa.hidden), empty for a direct member.
template <typename Dims, typename F>
void for_each_leaf(Dims& d, F&& f, std::string_view group = {}) {
  boost::hana::for_each(boost::hana::accessors<std::remove_const_t<Dims>>(), [&](auto pair) {
    constexpr auto name = boost::hana::first(pair);
    auto& value = boost::hana::second(pair)(d);
    const std::string_view member(boost::hana::to<char const*>(name));
    if constexpr (boost::hana::Struct<std::remove_cvref_t<decltype(value)>>::value) {
      for_each_leaf(value, f, member);
    } else {
      f(group, member, value);
    }
  });
}

/// One leaf member of a family's dims, its type erased: the importer binds, checks, compares and
/// prints the leaves in code compiled once, not once per family (seventeen copies of that code,
/// one per family, had made the importer the slowest file of the build).
using leaf_value = std::variant<bool*, std::uint64_t*, std::string_view*, std::array<std::uint16_t, 64>*,
                                std::array<std::uint16_t, 256>*>;
struct leaf {
  std::string_view group;   // the piece it is in ("gqa"), empty for a direct member
  std::string_view member;  // its binding name
  leaf_value value;
};

/// The leaves of `d` in declaration order (pointers into `d`).
template <typename Dims>
std::vector<leaf> leaves_of(Dims& d) {
  std::vector<leaf> out;
  for_each_leaf(d, [&](std::string_view group, std::string_view member, auto& value) {
    out.push_back({group, member, leaf_value(&value)});
  });
  return out;
}

/// The leaf named `name` of type T (a member of the dims or of one of its pieces, by its binding
/// name), `fallback` when there is none.
template <typename T>
T leaf_or(const std::vector<leaf>& leaves, std::string_view name, T fallback) {
  for (const leaf& l : leaves) {
    if (l.member == name && std::holds_alternative<T*>(l.value)) fallback = *std::get<T*>(l.value);
  }
  return fallback;
}

/// The main layers: Nemotron-H's pattern length, else the dims' `layers`.
inline std::uint64_t leaf_layers(const std::vector<leaf>& leaves) {
  const std::string_view pattern = leaf_or<std::string_view>(leaves, "pattern", {});
  return pattern.empty() ? leaf_or<std::uint64_t>(leaves, "layers", 0) : pattern.size();
}

/// Calls f(name, member reference) for every member of `d` and of its pieces, in declaration
/// order: the names the config_keys bindings use.
template <typename Dims, typename F>
void for_each_member(Dims& d, F&& f) {
  for_each_leaf(d, [&](std::string_view, std::string_view member, auto& value) { f(member, value); });
}

}  // namespace headroom::cli::import
