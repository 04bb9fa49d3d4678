// SPDX-License-Identifier: MIT
// A GGUF file's metadata -> a family's dims -> the family's constexpr builder, at run time
// (gguf_model.hpp). The key names are llama.cpp's (src/llama-arch.cpp, LLM_KV_NAMES), read as
// llama.cpp's loader reads them (src/llama-model.cpp, llm_load_hparams): head_count_kv defaults
// to head_count, key_length to embedding_length / head_count.
#include "headroom/checkpoint/gguf_model.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>

#include <headroom/models/dense_gqa.hpp>
#include <headroom/models/gqa_moe.hpp>
#include <headroom/models/recipes.hpp>

#include "headroom/input/bounded_file.hpp"

namespace headroom::cli::import {

namespace {

namespace family = models::family;

// The architectures a family here takes: general.architecture -> how its dims are read.
enum class arch_kind { llama, qwen2, qwen3, qwen3moe };
struct arch_entry {
  std::string_view name;
  arch_kind kind;
};
constexpr arch_entry arches[] = {
    {"llama", arch_kind::llama}, {"qwen2", arch_kind::qwen2}, {"qwen3", arch_kind::qwen3}, {"qwen3moe", arch_kind::qwen3moe}};

class meta {
 public:
  meta(const gguf_header& h, const std::string& file, std::string arch) : h_(h), file_(file), arch_(std::move(arch)) {}

  [[noreturn]] void fail(std::string_view key, std::string_view why) const {
    throw import_error(fmt::format("{}: key `{}`: {}", file_, key, why));
  }
  // `<arch>.<key>` as a positive integer; nullopt when absent and not required.
  std::optional<std::uint64_t> count(std::string_view key, bool required) const {
    const std::string k = fmt::format("{}.{}", arch_, key);
    const auto it = h_.kv.find(k);
    if (it == h_.kv.end()) {
      if (required) fail(k, fmt::format("missing (required for general.architecture `{}`)", arch_));
      return std::nullopt;
    }
    const gguf_value& v = it->second;
    if (v.type == 9) fail(k, "an array (one value per layer); headroom's families take one value for every layer");
    if (!v.uint || v.type == 7) fail(k, "expected a non-negative integer");
    if (*v.uint == 0) fail(k, "zero");
    return v.uint;
  }
  bool has(std::string_view key) const { return h_.kv.count(fmt::format("{}.{}", arch_, key)) != 0; }

 private:
  const gguf_header& h_;
  const std::string& file_;
  std::string arch_;
};

const gguf_tensor* find_tensor(const gguf_header& h, std::string_view name) {
  for (const gguf_tensor& t : h.tensors) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

std::string text_of(std::uint64_t v) { return fmt::format("{}", v); }
std::string text_of(bool v) { return v ? "true" : "false"; }

}  // namespace

std::unique_ptr<imported> import_gguf(const std::string& path, std::string_view id) {
  const gguf_header h = read_gguf(path);
  auto im = std::make_unique<imported>();
  const auto a = h.kv.find("general.architecture");
  if (a == h.kv.end() || a->second.type != 8) {
    throw import_error(fmt::format("{}: key `general.architecture`: missing, or not a string", path));
  }
  const std::string arch = a->second.text;
  const arch_entry* entry = nullptr;
  for (const arch_entry& e : arches) {
    if (e.name == arch) entry = &e;
  }
  if (entry == nullptr) {
    throw import_error(fmt::format("{}: key `general.architecture`: `{}` is not supported (llama, qwen2, qwen3, qwen3moe)",
                                   path, elided(arch)));
  }
  const meta md(h, path, arch);
  family::gqa_decoder_dims g;
  g.layers = *md.count("block_count", true);
  g.hidden = *md.count("embedding_length", true);
  g.q_heads = *md.count("attention.head_count", true);
  g.kv_heads = md.count("attention.head_count_kv", false).value_or(g.q_heads);
  if (g.hidden % g.q_heads != 0 && !md.has("attention.key_length")) {
    md.fail(arch + ".attention.key_length", "missing, and embedding_length is not a multiple of head_count");
  }
  g.head_dim = md.count("attention.key_length", false).value_or(g.hidden / g.q_heads);
  if (const auto vl = md.count("attention.value_length", false); vl && *vl != g.head_dim) {
    md.fail(arch + ".attention.value_length", "differs from the key length (the families here have one head_dim)");
  }
  if (md.has("attention.sliding_window")) {
    md.fail(arch + ".attention.sliding_window", fmt::format("present: no family here reads `{}` with a sliding window", arch));
  }
  const gguf_tensor* embd = find_tensor(h, "token_embd.weight");
  if (embd == nullptr || embd->dims.size() != 2 || embd->dims[0] != g.hidden) {
    throw import_error(fmt::format("{}: tensor `token_embd.weight`: missing, or not [embedding_length {}, vocab]", path, g.hidden));
  }
  g.vocab = md.count("vocab_size", false).value_or(embd->dims[1]);
  const bool tie = find_tensor(h, "output.weight") == nullptr;  // llama.cpp reads token_embd then
  const std::uint64_t experts = md.count("expert_count", false).value_or(0);

  auto put = [&](std::string group, std::string member, auto v) {
    im->dims.push_back({std::move(group), std::move(member), text_of(v), v == decltype(v){}});
  };
  put("gqa", "hidden", g.hidden);
  put("gqa", "vocab", g.vocab);
  put("gqa", "layers", g.layers);
  put("gqa", "q_heads", g.q_heads);
  put("gqa", "kv_heads", g.kv_heads);
  put("gqa", "head_dim", g.head_dim);
  const bool qk_norm = entry->kind == arch_kind::qwen3 || entry->kind == arch_kind::qwen3moe;
  std::string fam;
  try {
    if (experts != 0 || entry->kind == arch_kind::qwen3moe) {
      family::gqa_moe_dims d{.gqa = g};
      d.experts = *md.count("expert_count", true);
      d.top_k = *md.count("expert_used_count", true);
      // Qwen3-MoE's experts have their own width; Mixtral's (arch llama) is feed_forward_length.
      d.moe_inter = *md.count(entry->kind == arch_kind::qwen3moe ? "expert_feed_forward_length" : "feed_forward_length", true);
      d.qk_norm = qk_norm;
      d.tie = tie;
      put("", "experts", d.experts);
      put("", "top_k", d.top_k);
      put("", "moe_inter", d.moe_inter);
      put("", "qk_norm", d.qk_norm);
      put("", "tie", d.tie);
      fam = "gqa_moe";
      im->m.c = family::gqa_moe(d);
    } else {
      family::dense_gqa_dims d{.gqa = g};
      d.inter = *md.count("feed_forward_length", true);
      d.qk_norm = qk_norm;
      d.attn_bias = entry->kind == arch_kind::qwen2;
      d.tie = tie;
      put("", "inter", d.inter);
      put("", "qk_norm", d.qk_norm);
      put("", "attn_bias", d.attn_bias);
      put("", "tie", d.tie);
      fam = "dense_gqa";
      im->m.c = family::dense_gqa(d);
    }
  } catch (const headroom::error& e) {
    throw import_error(fmt::format("{}: the model does not fit headroom's circuit ({})", path, e.what()));
  }
  const std::filesystem::path p(path);
  im->id = model_id(id, p.stem().string(), path);
  const auto name = h.kv.find("general.name");
  im->name = name != h.kv.end() && name->second.type == 8 ? printable(elided(name->second.text)) : printable(p.stem().string());
  im->repo = p.filename().string();
  im->model_type = "gguf:" + arch;
  im->config_path = path;
  im->files = fmt::format("GGUF v{} (general.architecture {}; tensor table {} tensors, {} bytes)", h.version, arch,
                          h.tensors.size(), h.tensor_bytes);
  const auto ctx = md.count("context_length", false);
  im->notes = fmt::format("weights: the tensor table's exact sum (model::file_weights); the circuit's nodes at BF16 "
                          "for step costs{}",
                          ctx ? fmt::format("; trained context {} tokens", *ctx) : std::string());
  im->m.add_rule(all_weights(formats::bf16));
  im->rule_exprs.push_back("all_weights(formats::bf16)");
  im->m.file_weights = h.tensor_bytes;
  im->m.id = im->id;
  im->m.name = im->name;
  im->m.family = fam == "gqa_moe" ? "gqa_moe" : "dense_gqa";
  im->m.source = {im->repo, im->files, im->notes};
  return im;
}

std::string gguf_report(const gguf_header& h, const std::string& path) {
  std::map<std::uint32_t, std::pair<std::uint64_t, std::uint64_t>> by_type;  // id -> tensors, bytes
  for (const gguf_tensor& t : h.tensors) {
    auto& [n, b] = by_type[t.type];
    ++n;
    b += t.bytes;  // no overflow: the sum of all is checked (tensor_bytes)
  }
  std::string s = fmt::format("# Verify: {} (GGUF v{})\n\n", path, h.version);
  s += "| ggml type | block | bytes / block | tensors | bytes |\n|---|---:|---:|---:|---:|\n";
  for (const auto& [id, nb] : by_type) {
    const ggml_type_info* t = ggml_type_of(id);
    s += fmt::format("| {} | {} | {} | {} | {} |\n", t->name, t->block, t->block_bytes, nb.first, nb.second);
  }
  s += fmt::format("| total | | | {} | {} |\n\n", h.tensors.size(), h.tensor_bytes);
  s += fmt::format("{} bytes = {:.3f} GB (1e9) = {:.3f} GiB (2^30). {} metadata keys; general.alignment {}; the data "
                   "section begins at byte {} of {}.\n\n",
                   h.tensor_bytes, static_cast<double>(h.tensor_bytes) / 1e9,
                   static_cast<double>(h.tensor_bytes) / static_cast<double>(std::uint64_t{1} << 30), h.kv.size(),
                   h.alignment, h.data_offset, h.file_size);
  s += "Consistent: every tensor's row a whole number of blocks, in order at its aligned offset, inside the file.\n";
  return s;
}

}  // namespace headroom::cli::import
