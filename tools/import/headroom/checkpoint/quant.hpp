// SPDX-License-Identifier: MIT
// The importer's precision recipes: a checkpoint's quantization config (config.json's
// quantization_config, or ModelOpt's hf_quant_config.json) -> precision rules on the model.
// docs/importing.md#quantization lists what each source becomes.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <headroom/model.hpp>

#include "headroom/import/json_keys.hpp"

namespace headroom::cli::import {

/// What the precision recipe needs to know of the circuit.
struct quant_shape {
  std::string_view family;
  std::uint64_t layers = 0;       ///< main layers
  std::uint64_t first_dense = 0;  ///< mla_moe: layers before the first MoE layer
  std::uint64_t mtp_layers = 0;
  /// The main layers at which each linear role stores a weight (a module listed for all of
  /// them is excluded everywhere; Nemotron-H's for some of them, layer by layer).
  std::map<linear_role, std::set<std::uint64_t>> role_layers = {};
  /// DeepSeek-V4's top-level expert_dtype ("fp4": MXFP4 routed experts), empty when absent.
  std::string expert_dtype = {};
  /// The circuit stores a router (a MoE model): ModelOpt recipes keep it BF16.
  bool routed = false;
};

/// config.json's expert_dtype: empty when absent or null; refused when not a string, or
/// without the block-FP8 quantization_config it qualifies.
std::string expert_dtype_of(std::string_view file, const json& config);

struct recipe {
  std::vector<precision_rule> rules;
  std::string note;
  /// The KV cache dtype the quantization config names (ModelOpt kv_cache_quant_algo FP8).
  std::optional<kv_dtype> kv{};
};

/// The main layers at which each linear role stores a weight (quant_shape::role_layers).
std::map<linear_role, std::set<std::uint64_t>> role_layers(const circuit& c);

/// config.json's `quantization_config`.
recipe quant_from_config(std::string_view file, const json& q, const quant_shape& s);
/// ModelOpt's hf_quant_config.json.
recipe quant_from_modelopt_file(const std::string& file, const quant_shape& s);
/// config.json carries `quantization_config` and `quant_path` (when not empty) is a second
/// source: the file to read beside it. A ModelOpt folder (quant_method modelopt, the
/// hf_quant_config.json found in the folder) gives "" once the two agree on quant_algo,
/// kv_cache_quant_algo and group_size (vLLM reads config.json's: get_quant_config); a
/// disagreement, or an explicit --quant beside any quantization_config, is refused. A folder
/// whose config.json copy names no quant_method (producer modelopt) gives the file to read, once
/// the two agree on quant_algo, the KV cache, the group size and the unquantized modules; a
/// block-FP8 DeepSeek-V4 config with ModelOpt's moe_quant_algo gives "" once the two agree on
/// quant_algo, kv_cache_quant_algo, group_size and quantized_layers. Defined in importer.cpp.
std::string second_quant_source(std::string_view config_file, const json& qc, const std::string& quant_path,
                                bool found_in_folder);

/// The methods whose checkpoints keep their unquantized tensors in F16 (`torch_dtype` float16):
/// the same two bytes an element as BF16, so the importer accepts them.
bool stores_f16(const json& quantization_config);

/// A precision rule as the C++ a model header writes.
std::string rule_expr(const precision_rule& r);

namespace detail {
// Rules the recipes share (quant.cpp).
void keep_embed_bf16(std::vector<precision_rule>& rules);
void keep_bf16(std::vector<precision_rule>& rules, const precision_rule& r);
/// lm_head always; on mla_moe the router and the MTP eh_proj (not converted by any quantizer).
void keep_unconverted_bf16(std::vector<precision_rule>& rules, const quant_shape& s);
/// Block scales tiled per `shards` row shards rather than over the whole tensor: a q / k / v
/// projection whose rows split into `shards` parts that are not whole blocks stores more block
/// rows than ceil(rows / block) -- kept as extra F32 scalars on that layer's tensor, by a rule
/// ahead of the recipe's. MiMo-V2-Flash's full-attention k_proj [768, 4096] stores 8 x 32 F32
/// scales where one tiling gives 6 x 32 (NVIDIA-NeMo/Automodel
/// nemo_automodel/components/models/mimo_v2_flash/state_dict_adapter.py writes its FP8 checkpoint
/// layout so: `padded_block_rows = 8` for the full-attention k_proj alone): four shards of 192
/// rows, two block rows each, as Xiaomi's later releases tile their fused q / k / v scales per
/// num_key_value_heads shard (vLLM vllm/model_executor/models/mimo_v2_mtp.py: the fused qkv_proj
/// pre-sharded at config.num_key_value_heads chunks, its scales tiled per chunk, 4 x 29 = 116 rows
/// for MiMo-V2.5). Every other q / k / v of MiMo-V2-Flash splits into whole blocks per shard: no
/// extra scales.
void shard_tiled_scales(recipe& rec, const circuit& c, std::uint64_t shards);
recipe awq_recipe(std::string_view file, const json& q, const quant_shape& s);
recipe gptq_recipe(std::string_view file, const json& q, const quant_shape& s);
recipe compressed_tensors_recipe(std::string_view file, const json& q, const quant_shape& s);
/// ModelOpt's config.json spelling (ignore, kv_cache_scheme, config_groups) as the legacy keys.
json modelopt_legacy_spelling(std::string_view file, const json& q);
/// ModelOpt's MIXED_PRECISION: quantized_layers' formats per module (quant_int.cpp).
recipe modelopt_mixed_recipe(std::string_view file, const std::string& p, const json& q, const quant_shape& s);
/// Checks config.json's config_groups of a MIXED_PRECISION copy against its quantized_layers.
void modelopt_mixed_groups(std::string_view file, const json& q);
}  // namespace detail

}  // namespace headroom::cli::import
