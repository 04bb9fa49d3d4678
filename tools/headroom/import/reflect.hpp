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
#include <boost/hana/first.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/second.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>

#include <string_view>
#include <type_traits>

#include <headroom/models/dense_gqa.hpp>
#include <headroom/models/gemma4.hpp>
#include <headroom/models/gpt_oss.hpp>
#include <headroom/models/gqa_moe.hpp>
#include <headroom/models/mla_moe.hpp>
#include <headroom/models/nemotron_h.hpp>
#include <headroom/models/qwen3_next.hpp>

BOOST_HANA_ADAPT_STRUCT(headroom::models::family::dense_gqa_dims, hidden, inter, vocab, layers, q_heads, kv_heads,
                        head_dim, qk_norm, attn_bias, tie, window);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::gqa_moe_dims, hidden, vocab, layers, q_heads, kv_heads, head_dim,
                        experts, top_k, moe_inter, qk_norm, tie, window);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::gpt_oss_dims, hidden, vocab, layers, q_heads, kv_heads, head_dim,
                        experts, top_k, inter, window);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::nemotron_h_dims, hidden, vocab, pattern, q_heads, kv_heads, head_dim,
                        inter, mamba_heads, mamba_head_dim, ssm_state, n_groups, conv_kernel, experts, top_k, moe_inter,
                        shared_inter, moe_latent, mtp_pattern);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::qwen3_next_dims, hidden, vocab, layers, full_attention_interval,
                        q_heads, kv_heads, head_dim, lin_k_heads, lin_v_heads, lin_k_dim, lin_v_dim, conv_kernel,
                        experts, top_k, moe_inter, shared_inter, mtp_layers, vision_params);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::mla_moe_dims, hidden, vocab, layers, q_heads, q_lora, kv_lora,
                        qk_nope, qk_rope, v_head, inter, first_dense, experts, top_k, moe_inter, shared_experts,
                        mtp_layers);
BOOST_HANA_ADAPT_STRUCT(headroom::models::family::gemma4_dims, hidden, vocab, layers, inter, q_heads, kv_heads, head_dim,
                        window, g_kv_heads, g_head_dim, pattern, k_eq_v, experts, top_k, moe_inter, tie);

namespace headroom::cli::import {

/// A family's name and its constexpr builder (the same function the shipped tables call).
template <typename Dims>
struct family_of;
template <>
struct family_of<models::family::dense_gqa_dims> {
  static constexpr std::string_view name = "dense_gqa";
  static constexpr circuit build(const models::family::dense_gqa_dims& d) { return models::family::dense_gqa(d); }
};
template <>
struct family_of<models::family::gqa_moe_dims> {
  static constexpr std::string_view name = "gqa_moe";
  static constexpr circuit build(const models::family::gqa_moe_dims& d) { return models::family::gqa_moe(d); }
};
template <>
struct family_of<models::family::gpt_oss_dims> {
  static constexpr std::string_view name = "gpt_oss";
  static constexpr circuit build(const models::family::gpt_oss_dims& d) { return models::family::gpt_oss(d); }
};
template <>
struct family_of<models::family::nemotron_h_dims> {
  static constexpr std::string_view name = "nemotron_h";
  static constexpr circuit build(const models::family::nemotron_h_dims& d) { return models::family::nemotron_h(d); }
};
template <>
struct family_of<models::family::qwen3_next_dims> {
  static constexpr std::string_view name = "qwen3_next";
  static constexpr circuit build(const models::family::qwen3_next_dims& d) { return models::family::qwen3_next(d); }
};
template <>
struct family_of<models::family::mla_moe_dims> {
  static constexpr std::string_view name = "mla_moe";
  static constexpr circuit build(const models::family::mla_moe_dims& d) { return models::family::mla_moe(d); }
};
template <>
struct family_of<models::family::gemma4_dims> {
  static constexpr std::string_view name = "gemma4";
  static constexpr circuit build(const models::family::gemma4_dims& d) { return models::family::gemma4(d); }
};

/// Every family the importer can build, as Hana types.
inline constexpr auto all_dims =
    boost::hana::tuple_t<models::family::dense_gqa_dims, models::family::gqa_moe_dims, models::family::gpt_oss_dims,
                         models::family::nemotron_h_dims, models::family::qwen3_next_dims,
                         models::family::mla_moe_dims, models::family::gemma4_dims>;

/// Calls f(name, member reference) for every member of `d`, in declaration order.
template <typename Dims, typename F>
void for_each_member(Dims& d, F&& f) {
  boost::hana::for_each(boost::hana::accessors<std::remove_const_t<Dims>>(), [&](auto pair) {
    constexpr auto name = boost::hana::first(pair);
    f(std::string_view(boost::hana::to<char const*>(name)), boost::hana::second(pair)(d));
  });
}

}  // namespace headroom::cli::import
