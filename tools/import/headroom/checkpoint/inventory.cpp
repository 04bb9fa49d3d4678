// SPDX-License-Identifier: MIT
// headroom verify: the tensor inventory a model implies (names, dtypes, shapes, bytes), family by
// family, for comparison with a checkpoint's safetensors headers (verify.cpp).
#include "headroom/checkpoint/verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include <headroom/footprint.hpp>
#include <headroom/tensor_format.hpp>

#include "headroom/import/importer.hpp"
#include "headroom/checkpoint/inventory_gemma4.hpp"

namespace headroom::cli::import {

namespace detail {
[[noreturn]] void unsupported(const model& m, std::string_view what) {
  throw import_error(fmt::format("verify: model `{}`: {} not supported yet (verify knows every family's text "
                                 "tensors in BF16, FP8, NVFP4 and MXFP4)", m.id, what));
}
}  // namespace detail

namespace {

using detail::unsupported;
// ---- the model's inventory ------------------------------------------------------------------

std::string plain_dtype(const model& m, const tensor_format& f) {
  if (f == formats::bf16) return "BF16";
  if (f == formats::f32) return "F32";
  unsupported(m, fmt::format("a {} norm, bias or table is", name(f).view()));
}

class inventory_builder {
 public:
  // MiniMax-M2 keeps Mixtral's names (block_sparse_moe, experts.E.w1 / w3 / w2).
  inventory_builder(const model& m, std::string_view model_type)
      : m_(m), mixtral_(model_type == "mixtral" || model_type == "minimax_m2"), minimax_(model_type == "minimax_m2") {}

  void add_plain(std::string name, const tensor_format& f, std::vector<std::uint64_t> shape) {
    std::uint64_t elements = 1;
    for (std::uint64_t d : shape) elements = checked_mul(elements, d);
    const std::string dtype = plain_dtype(m_, f);
    out_.push_back({std::move(name), dtype, std::move(shape), checked_mul(elements, dtype == "BF16" ? 2u : 4u)});
  }

  // A matmul weight [n, k] at its resolved format, with the scale tensors the format stores and
  // the checkpoint's extra F32 scalars (ModelOpt's input_scale; k_scale / v_scale).
  void add_weight(const std::string& base, const resolved_formats& rf, linear_role role, std::uint64_t n, std::uint64_t k) {
    const tensor_format& f = rf.weight;
    if (f.kind == format_kind::bf16 || f.kind == format_kind::f32) {
      add_plain(base + ".weight", f, {n, k});
    } else if (f.kind == format_kind::fp8 && f.scale == scale_kind::block) {
      out_.push_back({base + ".weight", "F8_E4M3", {n, k}, checked_mul(n, k)});
      const std::uint64_t sr = ceil_div(n, f.block_r), sc = ceil_div(k, f.block_c);
      if (f.ue8m0) {
        out_.push_back({base + ".weight_scale_inv", "F8_E8M0", {sr, sc}, checked_mul(sr, sc)});
      } else {
        add_plain(base + ".weight_scale_inv", formats::f32, {sr, sc});
      }
    } else if (f.kind == format_kind::fp8 && f.scale == scale_kind::tensor) {
      out_.push_back({base + ".weight", "F8_E4M3", {n, k}, checked_mul(n, k)});
      add_plain(base + ".weight_scale", formats::f32, {});
    } else if (f.kind == format_kind::nvfp4 && k % 2 == 0 && k % f.group == 0) {
      out_.push_back({base + ".weight", "U8", {n, k / 2}, checked_mul(n, k / 2)});
      out_.push_back({base + ".weight_scale", "F8_E4M3", {n, k / f.group}, checked_mul(n, k / f.group)});
      add_plain(base + ".weight_scale_2", formats::f32, {});
    } else if (f.kind == format_kind::int8 && f.scale == scale_kind::channel) {
      // compressed-tensors int-quantized: I8 weight, weight_scale [n, 1] in the model's dtype.
      out_.push_back({base + ".weight", "I8", {n, k}, checked_mul(n, k)});
      add_plain(base + ".weight_scale", formats::bf16, {n, 1});
    } else if (f.kind == format_kind::awq4 || f.kind == format_kind::gptq4 || f.kind == format_kind::int4) {
      int4_tensors(base, f, n, k);
    } else {
      unsupported(m_, fmt::format("the tensor names of format {} are", name(f).view()));
    }
    // An unquantized k_proj / v_proj with one scalar holds only the FP8 KV cache's k / v scale.
    const bool plain = f.kind == format_kind::bf16 || f.kind == format_kind::f32;
    if (plain && rf.extra_scalars == 1 && (role == linear_role::k || role == linear_role::v)) {
      return add_plain(base + (role == linear_role::k ? ".k_scale" : ".v_scale"), formats::f32, {});
    }
    if (rf.extra_scalars >= 1) add_plain(base + ".input_scale", formats::f32, {});
    if (rf.extra_scalars >= 2) {
      if (role != linear_role::k && role != linear_role::v) unsupported(m_, "a second extra scalar outside k_proj / v_proj is");
      add_plain(base + (role == linear_role::k ? ".k_scale" : ".v_scale"), formats::f32, {});
    }
    if (rf.extra_scalars > 2) unsupported(m_, "more than two extra scalars are");
  }

  // The INT4 layouts' tensors (include/headroom/tensor_format.hpp gives the code that writes each).
  void int4_tensors(const std::string& base, const tensor_format& f, std::uint64_t n, std::uint64_t k) {
    if (!try_weight_bytes(f, n, k)) unsupported(m_, fmt::format("a {} weight of {} x {} is", name(f).view(), n, k));
    const std::uint64_t g = k / f.group;
    auto i32 = [&](const std::string& suffix, std::uint64_t r, std::uint64_t c) {
      out_.push_back({base + suffix, "I32", c == 0 ? std::vector{r} : std::vector{r, c}, checked_mul(r, c == 0 ? 4 : 4 * c)});
    };
    const auto scales = [&] { out_.push_back({base + ".scales", "F16", {g, n}, checked_mul(g, 2 * n)}); };  // AWQ, GPTQ
    if (f.kind == format_kind::awq4) {
      i32(".qweight", k, n / 8);
      i32(".qzeros", g, n / 8);
      scales();
    } else if (f.kind == format_kind::gptq4) {
      i32(".qweight", k / 8, n);
      i32(".qzeros", g, n / 8);
      scales();
      i32(".g_idx", k, 0);
    } else {
      i32(".weight_packed", n, k / 8);
      add_plain(base + ".weight_scale", formats::bf16, {n, g});
      out_.push_back({base + ".weight_shape", "I64", {2}, 16});
      if (f.zero_point) i32(".weight_zero_point", ceil_div(n, 8), g);
    }
  }

  // Nemotron-H (transformers' modeling_nemotron_h.py): backbone.*, one `mixer` per layer; the
  // MTP draft's mtp.layers.N.* (its first layer also enorm, hnorm, eh_proj; its last
  // final_layernorm), reading the main embeddings and lm_head.
  void nemotron_tensors(const node& n, const instance& in, const block& b) {
    const std::string blk(b.name);
    const std::string local(n.local);
    const bool mtp = in.sec == section::draft;
    const std::string layer = in.layer == no_layer ? "" : fmt::format("{}.layers.{}.", mtp ? "mtp" : "backbone", in.layer);
    const std::string mixer = layer + "mixer.";
    if (n.kind == op::embed) {
      if (n.stores_weight) add_plain("backbone.embeddings.weight", formats_of(m_, n, in).weight, {n.weight_out(), n.weight_k()});
      return;
    }
    if (n.kind == op::final_norm) {
      return add_plain(mtp ? layer + "final_layernorm.weight" : "backbone.norm_f.weight", n.aux_format, {n.aux_params});
    }
    if (n.kind == op::lm_head) {
      if (n.stores_weight) add_weight("lm_head", formats_of(m_, n, in), n.role, n.weight_out(), n.weight_k());
      return;
    }
    if (blk == "mtp_in" && n.kind == op::rms_norm) return add_plain(layer + local + ".weight", n.aux_format, {n.aux_params});
    if (blk == "mtp_in" && n.kind == op::linear) return add_weight(layer + local, formats_of(m_, n, in), n.role, n.weight_out(), n.weight_k());
    if (local == "norm" || local == "input_norm") return add_plain(layer + "norm.weight", n.aux_format, {n.aux_params});
    if (n.kind == op::router) {  // mixer.gate.weight and its F32 e_score_correction_bias
      add_weight(mixer + "gate", formats_of(m_, n, in), n.role, n.weight_out(), n.weight_k());
      return add_plain(mixer + "gate.e_score_correction_bias", n.aux_format, {n.aux_params});
    }
    if (is_routed_expert(n.kind)) {  // ungated experts: up_proj, down_proj each
      const resolved_formats rf = formats_of(m_, n, in);
      for (std::uint64_t e = 0; e < n.experts; ++e) {
        add_weight(fmt::format("{}experts.{}.{}_proj", mixer, e, local), rf, n.role, n.weight_out(), n.weight_k());
      }
      return;
    }
    if (n.kind == op::linear) {
      std::string name = blk == "attn" ? local + "_proj" : local;  // in_proj, out_proj, up, down
      if (name == "up" || name == "down") name += "_proj";
      if (local == "shared_up" || local == "shared_down") name = "shared_experts." + local.substr(7) + "_proj";
      if (local == "latent_in") name = "fc1_latent_proj";
      if (local == "latent_out") name = "fc2_latent_proj";
      return add_weight(mixer + name, formats_of(m_, n, in), n.role, n.weight_out(), n.weight_k());
    }
    if (n.kind == op::conv1d_update) {  // weight [conv_dim, 1, kernel] and bias [conv_dim]
      const std::uint64_t conv_dim = n.in[0].width;
      add_plain(mixer + "conv1d.weight", n.aux_format, {conv_dim, 1, (n.aux_params - conv_dim) / conv_dim});
      return add_plain(mixer + "conv1d.bias", n.aux_format, {conv_dim});
    }
    if (n.kind == op::ssm_update) {  // dt_bias, A_log, D: one per Mamba head
      const std::uint64_t heads = n.in[1].width;
      for (const char* t : {"dt_bias", "A_log", "D"}) add_plain(mixer + t, n.aux_format, {heads});
      return;
    }
    if (n.kind == op::gated_rms_norm) return add_plain(mixer + "norm.weight", n.aux_format, {n.aux_params});
    if (n.has_weight() || n.aux_params != 0 || n.bias) unsupported(m_, fmt::format("the tensors of node `{}.{}` are", blk, local));
  }

  // Qwen3-Next (transformers' modeling_qwen3_next.py; the MTP head as vLLM's qwen3_next_mtp.py
  // loads it: mtp.fc, mtp.pre_fc_norm_*, mtp.layers.N.*, mtp.norm).
  void next_tensors(const node& n, const instance& in, const block& b) {
    const std::string blk(b.name);
    const std::string local(n.local);
    const bool mtp = in.sec == section::draft;
    const std::string layer = in.layer == no_layer || blk == "mtp_in" || blk == "mtp_out"
                                  ? (mtp ? "mtp." : "")
                                  : fmt::format("{}layers.{}.", mtp ? "mtp." : "model.", in.layer);
    if (n.kind == op::embed) {
      if (n.stores_weight) add_plain("model.embed_tokens.weight", formats_of(m_, n, in).weight, {n.weight_out(), n.weight_k()});
      return;
    }
    if (n.kind == op::final_norm) return add_plain(mtp ? "mtp.norm.weight" : "model.norm.weight", n.aux_format, {n.aux_params});
    if (n.kind == op::lm_head) {
      if (n.stores_weight) add_weight("lm_head", formats_of(m_, n, in), n.role, n.weight_out(), n.weight_k());
      return;
    }
    if (blk == "mtp_in") {
      if (local == "embed_norm") return add_plain("mtp.pre_fc_norm_embedding.weight", n.aux_format, {n.aux_params});
      if (local == "hidden_norm") return add_plain("mtp.pre_fc_norm_hidden.weight", n.aux_format, {n.aux_params});
      if (local == "fc") return add_weight("mtp.fc", formats_of(m_, n, in), n.role, n.weight_out(), n.weight_k());
    }
    if (local == "input_norm") return add_plain(layer + "input_layernorm.weight", n.aux_format, {n.aux_params});
    if (local == "post_norm") return add_plain(layer + "post_attention_layernorm.weight", n.aux_format, {n.aux_params});
    const resolved_formats rf = n.has_weight() ? formats_of(m_, n, in) : resolved_formats{};
    if (blk == "gdn") {
      const std::string la = layer + "linear_attn.";
      if (local == "qkvz" || local == "ba") return add_weight(la + "in_proj_" + local, rf, n.role, n.weight_out(), n.weight_k());
      if (local == "out") return add_weight(la + "out_proj", rf, n.role, n.weight_out(), n.weight_k());
      if (local == "conv") {  // weight [conv_dim, 1, kernel], no bias
        const std::uint64_t conv_dim = n.in[0].width;
        return add_plain(la + "conv1d.weight", n.aux_format, {conv_dim, 1, n.aux_params / conv_dim});
      }
      if (local == "gates") {  // A_log and dt_bias, one per value head
        add_plain(la + "A_log", n.aux_format, {n.aux_params / 2});
        return add_plain(la + "dt_bias", n.aux_format, {n.aux_params / 2});
      }
      if (local == "norm") return add_plain(la + "norm.weight", n.aux_format, {n.aux_params});
    }
    if (blk == "attn") {
      if (local == "q_norm" || local == "k_norm") return add_plain(layer + "self_attn." + local + ".weight", n.aux_format, {n.aux_params});
      if (n.kind == op::linear) return add_weight(layer + "self_attn." + local + "_proj", rf, n.role, n.weight_out(), n.weight_k());
    }
    if (blk == "moe") {
      const std::string mlp = layer + "mlp.";
      if (n.kind == op::router) return add_weight(mlp + "gate", rf, n.role, n.weight_out(), n.weight_k());
      if (local == "shared_gate") return add_weight(mlp + "shared_expert_gate", rf, n.role, n.weight_out(), n.weight_k());
      if (local == "shared_gate_up") {
        add_weight(mlp + "shared_expert.gate_proj", rf, n.role, n.weight_out() / 2, n.weight_k());
        return add_weight(mlp + "shared_expert.up_proj", rf, n.role, n.weight_out() / 2, n.weight_k());
      }
      if (local == "shared_down") return add_weight(mlp + "shared_expert.down_proj", rf, n.role, n.weight_out(), n.weight_k());
      if (is_routed_expert(n.kind)) {
        for (std::uint64_t e = 0; e < n.experts; ++e) {
          const std::string ex = fmt::format("{}experts.{}.", mlp, e);
          if (n.kind == op::expert_down) {
            add_weight(ex + "down_proj", rf, n.role, n.weight_out(), n.weight_k());
          } else {
            add_weight(ex + "gate_proj", rf, n.role, n.weight_out() / 2, n.weight_k());
            add_weight(ex + "up_proj", rf, n.role, n.weight_out() / 2, n.weight_k());
          }
        }
        return;
      }
    }
    if (n.has_weight() || n.aux_params != 0 || n.bias) unsupported(m_, fmt::format("the tensors of node `{}.{}` are", blk, local));
  }

  // Names after transformers' modeling files (llama, qwen2/3, qwen3_moe, mixtral, gpt_oss) and
  // DeepSeek-V3's README_WEIGHTS.md (the MTP layer numbered after the main layers).
  void node_tensors(const node& n, const instance& in, const block& b) {
    if (m_.family == "gemma4") {
      return gemma4_tensors(m_, n, in, b, {[&](std::string name, const tensor_format& f, std::vector<std::uint64_t> shape) {
                                             add_plain(std::move(name), f, std::move(shape));
                                           },
                                           [&](const std::string& base, const resolved_formats& rf, linear_role role,
                                               std::uint64_t rows, std::uint64_t k) { add_weight(base, rf, role, rows, k); }});
    }
    if (m_.family == "nemotron_h") return nemotron_tensors(n, in, b);
    if (m_.family == "qwen3_next") return next_tensors(n, in, b);
    const std::string layer = in.layer == no_layer ? "" : fmt::format("model.layers.{}.", in.layer);
    const std::string blk(b.name);
    const std::string local(n.local);
    const bool attention = blk == "attn" || blk == "sliding" || blk == "full" || blk == "mla";
    const bool mtp = in.sec == section::draft;
    if (n.kind == op::embed) {
      const std::string name = mtp ? layer + "embed_tokens.weight" : "model.embed_tokens.weight";
      if (n.stores_weight) add_plain(name, formats_of(m_, n, in).weight, {n.weight_out(), n.weight_k()});
      return;
    }
    if (n.kind == op::final_norm) {
      return add_plain(mtp ? layer + "shared_head.norm.weight" : "model.norm.weight", n.aux_format, {n.aux_params});
    }
    if (n.kind == op::lm_head) {
      if (n.stores_weight) {
        add_weight(mtp ? layer + "shared_head.head" : "lm_head", formats_of(m_, n, in), n.role, n.weight_out(), n.weight_k());
      }
      return;
    }
    if (blk == "mtp_in") {
      if (local == "enorm") return add_plain(layer + "enorm.weight", n.aux_format, {n.aux_params});
      if (local == "hnorm") return add_plain(layer + "hnorm.weight", n.aux_format, {n.aux_params});
      if (local == "eh_proj") return add_weight(layer + "eh_proj", formats_of(m_, n, in), n.role, n.weight_out(), n.weight_k());
    }
    if (attention && local == "input_norm") return add_plain(layer + "input_layernorm.weight", n.aux_format, {n.aux_params});
    if (attention && (local == "q_norm" || local == "k_norm")) {
      return add_plain(layer + "self_attn." + local + ".weight", n.aux_format, {n.aux_params});
    }
    if (blk == "mla" && (local == "q_a_norm" || local == "kv_a_norm")) {
      return add_plain(layer + "self_attn." + (local == "q_a_norm" ? "q_a_layernorm" : "kv_a_layernorm") + ".weight",
                       n.aux_format, {n.aux_params});
    }
    if (blk == "mla" && local == "index_k_norm") {  // DeepSeek-V3.2's indexer LayerNorm: weight and bias
      for (const char* t : {"weight", "bias"}) add_plain(layer + "self_attn.indexer.k_norm." + t, n.aux_format, {n.aux_params / 2});
      return;
    }
    if (attention && local == "attend" && n.aux_params != 0) {  // gpt-oss: one learned sink per head
      return add_plain(layer + "self_attn.sinks", n.aux_format, {n.aux_params});
    }
    if (local == "post_norm") return add_plain(layer + "post_attention_layernorm.weight", n.aux_format, {n.aux_params});
    const std::string moe = mixtral_ ? "block_sparse_moe." : "mlp.";
    if (n.kind == op::linear && attention) {
      static constexpr std::pair<std::string_view, std::string_view> mla_names[] = {
          {"q_a", "q_a_proj"}, {"q_b", "q_b_proj"}, {"kv_a", "kv_a_proj_with_mqa"}, {"kv_b", "kv_b_proj"}, {"o", "o_proj"}, {"index_q", "indexer.wq_b"}, {"index_k", "indexer.wk"}, {"index_weights", "indexer.weights_proj"}};
      std::string proj = local + "_proj";
      if (blk == "mla") {
        for (const auto& [from, to] : mla_names) {
          if (local == from) proj = std::string(to);
        }
      }
      const std::string base = layer + "self_attn." + proj;
      add_weight(base, formats_of(m_, n, in), n.role, n.weight_out(), n.weight_k());
      if (n.bias) add_plain(base + ".bias", n.aux_format, {n.weight_out()});
      return;
    }
    if (n.kind == op::linear && (n.role == linear_role::gate_up || n.role == linear_role::down ||
                                 n.role == linear_role::shared_gate_up || n.role == linear_role::shared_down)) {
      // DeepSeek-V3's shared experts are mlp.shared_experts.*; a dense MLP is mlp.*.
      const bool shared = n.role == linear_role::shared_gate_up || n.role == linear_role::shared_down;
      if (shared && m_.family != "mla_moe") unsupported(m_, "the shared expert's tensor names are");
      const std::string mlp = layer + (shared ? "mlp.shared_experts." : "mlp.");
      const resolved_formats rf = formats_of(m_, n, in);
      if (n.role == linear_role::down || n.role == linear_role::shared_down) {
        return add_weight(mlp + "down_proj", rf, n.role, n.weight_out(), n.weight_k());
      }
      add_weight(mlp + "gate_proj", rf, n.role, n.weight_out() / 2, n.weight_k());
      return add_weight(mlp + "up_proj", rf, n.role, n.weight_out() / 2, n.weight_k());
    }
    if (n.kind == op::router) {
      const std::string base = layer + moe + (m_.family == "gpt_oss" ? "router" : "gate");
      add_weight(base, formats_of(m_, n, in), n.role, n.weight_out(), n.weight_k());
      if (n.bias) add_plain(base + ".bias", n.aux_format, {n.weight_out()});
      // DeepSeek-V3: mlp.gate.e_score_correction_bias; MiniMax-M2: block_sparse_moe.e_score_correction_bias.
      const std::string bias = minimax_ ? layer + moe + "e_score_correction_bias" : base + ".e_score_correction_bias";
      if (n.aux_params != 0) add_plain(bias, n.aux_format, {n.aux_params});
      return;
    }
    if (is_routed_expert(n.kind) && n.weight_tensors == 1 && formats_of(m_, n, in).weight == formats::mxfp4) {
      // gpt-oss: one tensor per projection for all experts, E2M1 pairs in *_blocks [E, out,
      // in / 32, 16] and E8M0 scales in *_scales [E, out, in / 32].
      const std::string base = layer + "mlp.experts." + (n.kind == op::expert_down ? "down_proj" : "gate_up_proj");
      const std::uint64_t out = n.weight_out();
      const std::uint64_t k = n.weight_k();
      if (k % 32 != 0) unsupported(m_, "an MXFP4 width that is not a multiple of 32 is");
      const std::uint64_t groups = checked_mul(checked_mul(n.experts, out), k / 32);
      out_.push_back({base + "_blocks", "U8", {n.experts, out, k / 32, 16}, checked_mul(groups, 16)});
      out_.push_back({base + "_scales", "U8", {n.experts, out, k / 32}, groups});
      if (n.bias) add_plain(base + "_bias", n.aux_format, {n.experts, out});
      return;
    }
    if (((n.kind == op::expert_gate_up && n.weight_tensors == 2) || n.kind == op::expert_down) && !n.bias) {
      const resolved_formats rf = formats_of(m_, n, in);
      for (std::uint64_t e = 0; e < n.experts; ++e) {
        const std::string ex = fmt::format("{}{}experts.{}.", layer, moe, e);
        if (n.kind == op::expert_down) {
          add_weight(ex + (mixtral_ ? "w2" : "down_proj"), rf, n.role, n.weight_out(), n.weight_k());
        } else {
          add_weight(ex + (mixtral_ ? "w1" : "gate_proj"), rf, n.role, n.weight_out() / 2, n.weight_k());
          add_weight(ex + (mixtral_ ? "w3" : "up_proj"), rf, n.role, n.weight_out() / 2, n.weight_k());
        }
      }
      return;
    }
    if (n.has_weight() || n.aux_params != 0 || n.bias) unsupported(m_, fmt::format("the tensors of node `{}.{}` are", blk, local));
  }

  std::vector<tensor_info> finish() {
    std::sort(out_.begin(), out_.end(), [](const tensor_info& a, const tensor_info& b) { return a.name < b.name; });
    return std::move(out_);
  }

 private:
  const model& m_;
  bool mixtral_;
  bool minimax_;
  std::vector<tensor_info> out_;
};

}  // namespace
std::vector<tensor_info> inventory(const model& m, std::string_view model_type) {
  static constexpr std::string_view named[] = {"dense_gqa", "gqa_moe", "gpt_oss", "mla_moe", "nemotron_h", "qwen3_next", "gemma4"};
  if (std::find(std::begin(named), std::end(named), m.family) == std::end(named)) {
    unsupported(m, fmt::format("the tensor names of the {} family are", m.family));
  }
  // Phi-3's fused qkv / gate_up, OLMo 2's post-norms, Qwen2-MoE's shared_expert, ERNIE 4.5 MoE's
  // moe_statics and shared_experts, PhiMoE's LayerNorm biases, InternLM2's wqkv: not listed yet.
  if (model_type == "phi3" || model_type == "olmo2" || model_type == "qwen2_moe" || model_type == "ernie4_5_moe" ||
      model_type == "phimoe" || model_type == "internlm2") {
    unsupported(m, fmt::format("the tensor names of model_type {} are", model_type));
  }
  inventory_builder b(m, model_type);
  const circuit& c = m.c;
  for (std::size_t ii = 0; ii < c.n_instances; ++ii) {
    const instance& in = c.instances[ii];
    if (in.sec == section::vision) unsupported(m, "a stored vision encoder is");
    if (in.sec == section::draft && m.family != "mla_moe" && m.family != "qwen3_next" && m.family != "nemotron_h") {
      unsupported(m, "a draft section is");
    }
    const block& blk = c.blocks[in.block];
    for (std::size_t ni = blk.first; ni < blk.end; ++ni) b.node_tensors(c.nodes[ni], in, blk);
  }
  return b.finish();
}

}  // namespace headroom::cli::import
