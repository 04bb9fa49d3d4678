// SPDX-License-Identifier: MIT
// headroom: the config.json key table of DeepSeek-V4 (model_type deepseek_v4: DeepSeek-V4-Flash),
// read as the deepseek_v4 family (config_key_types.hpp says how a table reads; config_keys.hpp
// lists the profiles). Keys as https://huggingface.co/deepseek-ai/DeepSeek-V4-Flash/blob/main/config.json
// spells them; the layers as vLLM vllm/model_executor/models/deepseek_v4.py @f1b76c1 and
// deepseek_v4_mtp.py @023da1f build them. compress_ratios holds one ratio per main layer, then one
// per MTP layer (a check reads its length and values); `expert_dtype` is read by the
// quantization importer with quantization_config.
// The same table reads model_type `deepseek_ref`, the reference implementation's spelling of
// these keys (https://huggingface.co/sgl-project/DeepSeek-V4-Flash-FP8/blob/main/config.json; SGLang
// python/sglang/srt/configs/deepseek_v4.py @008b79d DeepSeekV4Config): the same names, fewer of
// them (no hidden_act, tie_word_embeddings, rope_theta, rms_norm_eps; the checks hold when absent,
// and those defaults are DeepSeekV4Config's silu, untied), and no expert_dtype: the routed
// experts are F8_E4M3 like the rest (SGLang's try_detect_fp4_experts tells an FP8 conversion
// from the MXFP4 release by that dtype).
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::dsv4 {

inline constexpr binding deepseek_v4_own[] = {
    {"hidden", "hidden_size"},  // the family's and its attention piece's
    {"vocab", "vocab_size"},
    {"layers", "num_hidden_layers"},
    {"compress_ratios", "compress_ratios"},
    {"hc", "hc_mult"},
    {"q_heads", "num_attention_heads"},
    {"head_dim", "head_dim"},
    {"q_lora", "q_lora_rank"},
    {"o_groups", "o_groups"},
    {"o_lora", "o_lora_rank"},
    {"window", "sliding_window"},
    {"ratio", {}, source::fixed, 0, "each layer's comes from compress_ratios: the family builds the three attention kinds"},
    {"index_heads", "index_n_heads"},
    {"index_head_dim", "index_head_dim"},
    {"index_topk", "index_topk"},
    {"experts", "n_routed_experts"},
    {"top_k", "num_experts_per_tok"},
    {"moe_inter", "moe_intermediate_size"},
    {"shared_experts", "n_shared_experts"},
    {"hash_layers", "num_hash_layers"},
    {"mtp_layers", "num_nextn_predict_layers", source::optional, 0, "absent: the checkpoint ships no MTP layer"},
};
inline constexpr auto deepseek_v4 = join(deepseek_v4_own);

inline constexpr check deepseek_v4_own_checks[] = {
    {"compress_ratios", check_kind::compress_ratios, {}, "each layer is SWA (0), CSA (4) or HCA (128)"},
    {"num_key_value_heads", check_kind::equals, "1", "one KV head of head_dim values (K = V) per token"},
    {"topk_method", check_kind::equals, "\"noaux_tc\"", "the score-routed layers store e_score_correction_bias [n_routed_experts]"},
};
inline constexpr auto deepseek_v4_checks = join(deepseek_v4_own_checks, shared::swiglu_experts, shared::untied_unbiased);

inline constexpr ignored deepseek_v4_own_ignored[] = {
    {"expert_dtype", "read by the quantization importer: fp4 stores the routed experts MXFP4"},
    {"qk_rope_head_dim", "RoPE on the last values of head_dim: rotary frequencies are computed, not stored"},
    {"compress_rope_theta", "rotary frequencies are computed, not stored"},
    {"hc_eps", "a constant of the hyper-connection mix, no tensor"},
    {"hc_sinkhorn_iters", "the Sinkhorn normalisation's iterations: arithmetic on hc x hc values, no tensor"},
    {"swiglu_limit", "the clamp of the experts' SwiGLU (swiglu_clamp): a constant, no tensor"},
};
inline constexpr auto deepseek_v4_ignored = join(deepseek_v4_own_ignored, shared::router_scaling);

}  // namespace headroom::models::config_keys::dsv4
